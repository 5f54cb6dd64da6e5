// Which companies are taken over, when and on what terms. A company's chance of becoming a target is
// a yearly rate by its size tier, scaled by the hidden regime of each day (hazard.ts): the day it
// comes to pass is the announcement, with the deal's terms drawn then.
import type { CompanyFacts } from "../../../src/bundle/types.ts";
import { snapshotCap, tradesOn, type SizeTier } from "../../models/anchors.ts";
import { refCompanies } from "../../models/refdata.ts";
import type { Regime } from "../../models/regimes.ts";
import type { Rng } from "../../ground/rng.ts";
import { firstDayOf } from "../../models/hazard.ts";
import { TAKEOVERS, type Lognormal } from "./tables.ts";

/**
 * Who buys: a company of the world (acquirers.ts), a real company the world does not hold (its
 * ticker), or a private firm (invented name, no ticker).
 */
export interface Buyer {
  name: string;
  ticker: string | null;
  inWorld: boolean;
}

export type Consideration = "cash" | "stock" | "mixed";

/** A definitive agreement to acquire a company of the world. */
export interface Takeover {
  target: string;
  buyer: Buyer;
  /** What holders receive: cash, the buyer's shares at a fixed exchange ratio, or both (only a buyer in the world pays in shares). */
  consideration: Consideration;
  /** The share of the offer paid in cash: 1 for cash, 0 for stock. */
  cashShare: number;
  /** The buyer's log move on the announcement day (a buyer in the world; 0 otherwise). */
  reaction: number;
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

/** Whether a deal announced by `day` still holds the company on it: it closes, or breaks only later (or never inside the world). */
/**
 * The day after a deal's close, where it closes inside the world with a day after it (the first day
 * its target belongs to its buyer, and the ex-date of what its holders receive); null otherwise.
 */
export const dayAfterClose = (deal: Takeover, n: number): number | null =>
  deal.completes && deal.ends !== null && deal.ends + 1 < n ? deal.ends + 1 : null;

export const holdsOn = (deal: Takeover, day: number) =>
  deal.announced <= day && (deal.completes || deal.ends === null || deal.ends >= day);

export interface PlanInput {
  days: string[];
  regimes: Regime[];
  companies: CompanyFacts[];
  tierOf: (ticker: string) => SizeTier;
  /** A company's market cap on the world's first day. */
  capOf: (ticker: string) => number;
  /** The scenario's multiples of the documented rates. */
  takeoverRate: number;
  failureRate: number;
  /** Companies the scenario names: they stay to the end. */
  kept: Set<string>;
  /** A company's first trading day (0, or its listing's): no exit begins before it. */
  firstDay: (ticker: string) => number;
  rng: Rng;
}

/** Trading days a company waits after a broken deal before another can be announced. */
const AFTER_BREAK = 60;

/** A company's takeovers in order: at most one closes, and it is the last. */
export function takeoversOf(facts: CompanyFacts, input: PlanInput, inWorld: Set<string>, rng: Rng): Takeover[] {
  const n = input.days.length;
  const yearly = TAKEOVERS.yearly_rate[input.tierOf(facts.ticker)] * input.takeoverRate;
  const deals: Takeover[] = [];
  let from = input.firstDay(facts.ticker) + TAKEOVERS.earliest_day;
  while (from < n - 1) {
    const t = firstDayOf(input.regimes, yearly, TAKEOVERS.regime_multiple, from, rng);
    if (t === null) break;
    const deal = dealTerms(facts, t, input, inWorld, rng.fork(`deal/${deals.length}`));
    // No buyer fits (the largest companies): the moment passes.
    if (!deal) {
      from = t + 1;
      continue;
    }
    deals.push(deal);
    if (deal.completes || deal.ends === null) break;
    from = deal.ends + AFTER_BREAK;
  }
  return deals;
}

export const lognormal = (d: Lognormal, rng: Rng) =>
  Math.min(d.max, Math.max(d.min, d.median * Math.exp(d.log_sd * rng.normal())));

function dealTerms(
  facts: CompanyFacts,
  announced: number,
  { days, tierOf, capOf }: PlanInput,
  inWorld: Set<string>,
  rng: Rng,
): Takeover | null {
  const n = days.length;
  const premium = lognormal(TAKEOVERS.premium, rng);
  const spread = lognormal(TAKEOVERS.spread, rng);
  const completes = rng.uniform() < TAKEOVERS.completion;
  const duration = Math.round(lognormal(TAKEOVERS.days_to_close, rng));
  // A deal that breaks does so part of the way to its expected close.
  const lasts = completes ? duration : Math.max(5, Math.round(duration * rng.between(0.2, 0.9)));
  const ends = announced + lasts <= n - 2 ? announced + lasts : null;
  const buyer = buyerOf(
    facts,
    { date: days[announced], tier: tierOf(facts.ticker), cap: capOf(facts.ticker) },
    inWorld,
    rng,
  );
  if (!buyer) return null;
  return {
    target: facts.ticker,
    buyer,
    consideration: "cash",
    cashShare: 1,
    reaction: 0,
    premium,
    spread,
    announced,
    completes,
    ends,
  };
}

/**
 * A private firm (by the target's tier), or a real S&P 500 company of the target's sector that trades
 * by then, that the world does not hold, and that is larger than the target by TAKEOVERS.buyer_size;
 * null when none fits.
 */
function buyerOf(
  facts: CompanyFacts,
  target: { date: string; tier: SizeTier; cap: number },
  inWorld: Set<string>,
  rng: Rng,
): Buyer | null {
  if (rng.uniform() < TAKEOVERS.private_share[target.tier])
    return { name: rng.pick(TAKEOVERS.private_buyers), ticker: null, inWorld: false };
  const peers = refCompanies().filter(
    (c) =>
      c.inSp500 &&
      c.facts.sector === facts.sector &&
      !inWorld.has(c.facts.ticker) &&
      tradesOn(c.facts.ticker, c.founded, target.date) === "yes" &&
      (snapshotCap(c.facts.ticker, target.date) ?? 0) >= TAKEOVERS.buyer_size * target.cap,
  );
  if (peers.length === 0) return null;
  const peer = rng.pick(peers).facts;
  return { name: peer.name, ticker: peer.ticker, inWorld: false };
}

/**
 * The target's log price over its last close before the announcement, day by day from the
 * announcement: the offer less a spread that narrows to nothing at the close, with noise; for a deal
 * that breaks, up to the day before the break. A deal that does not close (it breaks, inside the
 * world or after it) never narrows below TAKEOVERS.late_spread_share of its first spread.
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
    // A deal that closes narrows to nothing at its close; one that does not is never priced as done.
    const narrowed = Math.pow(left, 0.7);
    const share = deal.completes ? narrowed : Math.max(TAKEOVERS.late_spread_share, narrowed);
    const spread = Math.min(0.5, deal.spread * share * Math.exp(noise));
    levels.push(Math.log(1 + deal.premium) + Math.log(1 - spread));
  }
  return levels;
}

/** Where a broken deal's target falls back to: its level before, with part of the premium kept (log). */
export const fallbackLevel = (deal: Takeover) => Math.log(1 + deal.premium * TAKEOVERS.premium_kept_on_break);
