// Which companies are taken over, when and on what terms: a hidden plan drawn before anything about
// the companies is generated, so that their events, prices and filings all follow it. A company's
// chance of becoming a target is a yearly rate by its size tier, scaled by the hidden regime of each
// day; the first day the accumulated chance passes an exponential draw is its announcement. Drawn
// day by day forward, so twins agree on every deal announced before their branch.
import type { CompanyFacts } from "../../../src/bundle/types.ts";
import { tradesOn, type SizeTier } from "../../models/anchors.ts";
import { TRADING_DAYS } from "../../models/market.ts";
import { refCompanies } from "../../models/refdata.ts";
import type { Regime } from "../../models/regimes.ts";
import type { Rng } from "../../ground/rng.ts";
import { TAKEOVERS, type Lognormal } from "./tables.ts";

/** Who buys: a real company the world does not hold (its ticker), or a private firm (invented name, no ticker). */
export interface Buyer {
  name: string;
  ticker: string | null;
}

/** A definitive agreement to acquire a company of the world for cash. */
export interface Takeover {
  target: string;
  buyer: Buyer;
  consideration: "cash";
  /** The offer over the target's last close before the announcement. */
  premium: number;
  /** The target's discount to the offer on the announcement day. */
  spread: number;
  /** Trading day of the announcement (released before the open: the price reacts that day). */
  announced: number;
  /** Whether it closes; else it is terminated. */
  completes: boolean;
  /**
   * The day it ends: its close (the target's last trading day) or its termination (the price falls
   * back that day); null when that day is not before the world's last (still pending at the end).
   */
  ends: number | null;
}

export interface PlanInput {
  days: string[];
  regimes: Regime[];
  companies: CompanyFacts[];
  tierOf: (ticker: string) => SizeTier;
  /** The scenario's multiple of the documented rates. */
  rate: number;
  /** Companies the scenario names: they stay to the end. */
  kept: Set<string>;
  rng: Rng;
}

/** Each company's takeovers in order (at most one completes, and it is the last). */
export function planTakeovers(input: PlanInput): Map<string, Takeover[]> {
  const inWorld = new Set(input.companies.map((c) => c.ticker));
  const plan = new Map<string, Takeover[]>();
  for (const facts of input.companies) {
    if (input.kept.has(facts.ticker) || input.rate === 0) continue;
    const deals = takeoversOf(facts, input, inWorld, input.rng.fork(`takeover/${facts.ticker}`));
    if (deals.length) plan.set(facts.ticker, deals);
  }
  return plan;
}

/** Trading days a company waits after a broken deal before another can be announced. */
const AFTER_BREAK = 60;

function takeoversOf(facts: CompanyFacts, input: PlanInput, inWorld: Set<string>, rng: Rng): Takeover[] {
  const { days, regimes } = input;
  const n = days.length;
  const yearly = TAKEOVERS.yearly_rate[input.tierOf(facts.ticker)] * input.rate;
  const deals: Takeover[] = [];
  let from = TAKEOVERS.earliest_day;
  while (from < n - 1) {
    // The first day on which the accumulated daily chance passes an exponential draw.
    let need = -Math.log(1 - rng.uniform());
    let t = from;
    for (; t < n - 1; t++) {
      need -= (yearly * TAKEOVERS.regime_multiple[regimes[t]]) / TRADING_DAYS;
      if (need <= 0) break;
    }
    if (t >= n - 1) break;
    const deal = dealTerms(facts, t, days, inWorld, rng.fork(`deal/${deals.length}`));
    deals.push(deal);
    if (deal.completes || deal.ends === null) break;
    from = deal.ends + AFTER_BREAK;
  }
  return deals;
}

const lognormal = (d: Lognormal, rng: Rng) =>
  Math.min(d.max, Math.max(d.min, d.median * Math.exp(d.log_sd * rng.normal())));

function dealTerms(facts: CompanyFacts, announced: number, days: string[], inWorld: Set<string>, rng: Rng): Takeover {
  const n = days.length;
  const premium = lognormal(TAKEOVERS.premium, rng);
  const spread = lognormal(TAKEOVERS.spread, rng);
  const completes = rng.uniform() < TAKEOVERS.completion;
  const duration = Math.round(lognormal(TAKEOVERS.days_to_close, rng));
  // A deal that breaks does so part of the way to its expected close.
  const lasts = completes ? duration : Math.max(5, Math.round(duration * rng.between(0.2, 0.9)));
  const ends = announced + lasts <= n - 2 ? announced + lasts : null;
  return {
    target: facts.ticker,
    buyer: buyerOf(facts, days[announced], inWorld, rng),
    consideration: "cash",
    premium,
    spread,
    announced,
    completes,
    ends,
  };
}

/** A private firm, or a real S&P 500 company of the target's sector, trading by then, that the world does not hold. */
function buyerOf(facts: CompanyFacts, date: string, inWorld: Set<string>, rng: Rng): Buyer {
  const peers = refCompanies().filter(
    (c) =>
      c.inSp500 &&
      c.facts.sector === facts.sector &&
      !inWorld.has(c.facts.ticker) &&
      tradesOn(c.facts.ticker, c.founded, date) === "yes",
  );
  if (peers.length === 0 || rng.uniform() < TAKEOVERS.private_share)
    return { name: rng.pick(TAKEOVERS.private_buyers), ticker: null };
  const peer = rng.pick(peers).facts;
  return { name: peer.name, ticker: peer.ticker };
}

/** A completed takeover's last trading day (the day it closes), if it closes inside the world. */
export const lastTradingDay = (deals: Takeover[]): number | undefined => {
  const last = deals.at(-1);
  return last?.completes && last.ends !== null ? last.ends : undefined;
};

/**
 * The target's log price over its last close before the announcement, day by day from the
 * announcement: the offer less a spread that narrows to nothing at the close, with noise; for a deal
 * that breaks, up to the day before the break.
 */
export function heldLevels(deal: Takeover, n: number, rng: Rng): number[] {
  const end = deal.ends ?? n - 1;
  const expectedClose = deal.completes ? end : deal.announced + Math.round(TAKEOVERS.days_to_close.median);
  const last = deal.completes ? end : end - 1;
  const levels: number[] = [];
  let noise = 0;
  for (let t = deal.announced; t <= last; t++) {
    // Persistent noise in the spread: arbitrageurs' view of the risk moves slowly.
    noise = 0.9 * noise + 0.2 * rng.normal();
    const left = Math.max(0, expectedClose - t) / Math.max(1, expectedClose - deal.announced);
    const spread = Math.min(0.5, deal.spread * Math.pow(left, 0.7) * Math.exp(noise));
    levels.push(Math.log(1 + deal.premium) + Math.log(1 - spread));
  }
  return levels;
}

/** Where a broken deal's target falls back to: its level before, with part of the premium kept (log). */
export const fallbackLevel = (deal: Takeover) => Math.log(1 + deal.premium * TAKEOVERS.premium_kept_on_break);
