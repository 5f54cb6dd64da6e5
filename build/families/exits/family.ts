// Companies that leave the world. A hidden plan says which are taken over and which fail, when and on
// what terms (plan.ts). A target's timeline gets its deal's events and its price is held to the offer
// less a narrowing spread; a failing company's business turns down from the onset of its distress,
// then it files for Chapter 11 and is delisted. The last trading day ends the company: the build
// cuts every family's part of it there, so no row of it follows but its history. The plan is drawn
// only where the scenario asks for exits (its source's `exits`). docs/exits.md.
import { SHARDS } from "../../../src/families/shards.ts";
import { firstOnOrAfter } from "../../models/regimes.ts";
import type { WorldEvent } from "../../models/events.ts";
import type { Distress as BusinessDistress } from "../../models/fundamentals.ts";
import type { HeldSpan } from "../../models/prices.ts";
import type { Rng } from "../../ground/rng.ts";
import { worldKeyOf } from "../../ground/scenario-source.ts";
import type { Calendar, Family, Scenario } from "../../ground/family.ts";
import { byDateThenId } from "../../models/events.ts";
import type { HiddenMacro } from "../regimes/family.ts";
import type { Listings } from "../listings/family.ts";
import type { Universe } from "../universe/family.ts";
import { acquisitionsOf } from "./acquirers.ts";
import { acquirerEvents, dealEvents, failureEvents } from "./events.ts";
import { afterFilingLevels, type Failure } from "./failures.ts";
import type { CompanyPlan } from "./company-plan.ts";
import { planExits } from "./plan.ts";
import { FAILURES, TAKEOVERS } from "./tables.ts";
import { fallbackLevel, heldLevels, type Takeover } from "./takeovers.ts";

export interface Exits {
  /** Hidden: each leaving company's plan, by ticker. */
  exits: Map<string, CompanyPlan>;
  /** Hidden: the deals each company of the world agreed to buy another in, by the buyer's ticker. */
  acquisitions: Map<string, Takeover[]>;
  /** The scenario's multiples of the documented rates (0: no exits), which the rates' bands scale by. */
  exitMultiples: { takeovers: number; failures: number };
}

/** Hidden: the distress a failing company's business falls into, from its onset to its filing. */
export interface Distress extends BusinessDistress {
  /** Its dividend is cut to a share in `dividendCut` at the first declaration from `from`, and none is declared from `suspendFrom`. */
  suspendFrom: string;
  dividendCut: readonly [number, number];
}

/** How a company leaves: its last trading day, and the day its corporate action is announced. */
export type Closing =
  | { reason: "acquired"; deal: Takeover; lastDay: number; noticeDay: number }
  | { reason: "bankruptcy"; failure: Failure; lastDay: number; noticeDay: number };

/**
 * A held span of a deal paid in the buyer's shares: its levels are the offer's in cash, and the
 * price follows the buyer's from the day before the announcement for the part paid in shares
 * (the stocks family, which has the buyer's prices, applies it).
 */
export interface DealSpan extends HeldSpan {
  follows?: { ticker: string; cashShare: number };
}

export interface CompanyExit {
  /** Hidden: its takeovers, in order. */
  takeovers: Takeover[];
  /** Hidden: the deals in which it agreed to buy another company of the world, in order. */
  acquiring: Takeover[];
  /** Hidden: its failure's distress, where it fails. */
  distress?: Distress;
  /** Its exits' public events (effects hidden: the held spans move the price). */
  exitEvents: WorldEvent[];
  /** Hidden: the days its price is held by its deals (each to its close or its break) and after its filing. */
  held: DealSpan[];
  /** How it leaves the world, where it does inside it. */
  closing?: Closing;
}

type Reads = Calendar & Universe & HiddenMacro & Listings;

/** A deal's hold on the price: to its close, or to its break and the fall back after it. */
function dealSpan(deal: Takeover, n: number, rng: Rng): DealSpan {
  const levels = heldLevels(deal, n, rng);
  const span: DealSpan = deal.completes
    ? { from: deal.announced, levels }
    : { from: deal.announced, levels, release: fallbackLevel(deal) };
  if (deal.consideration !== "cash") span.follows = { ticker: deal.buyer.ticker!, cashShare: deal.cashShare };
  return span;
}

function closingOf({ takeovers, failure }: CompanyPlan): Closing | undefined {
  const deal = takeovers.at(-1);
  if (deal?.completes && deal.ends !== null) {
    const noticeDay = Math.max(deal.announced + 1, deal.ends - TAKEOVERS.closing_notice_days);
    return { reason: "acquired", deal, lastDay: deal.ends, noticeDay };
  }
  if (failure?.lastDay != null)
    return { reason: "bankruptcy", failure, lastDay: failure.lastDay, noticeDay: failure.filed! };
  return undefined;
}

/** A failure's distress; none for one that comes as a shock (a story's: its onset is its filing). */
function distressOf(failure: Failure | undefined, days: string[]): Distress | undefined {
  if (!failure || failure.onset === failure.filed) return undefined;
  const to = failure.filed ?? days.length - 1;
  const suspend = Math.min(days.length - 1, failure.onset + FAILURES.dividend_suspended_after);
  return {
    from: days[failure.onset],
    to: days[to],
    decline: failure.decline,
    revenueFall: FAILURES.revenue_fall,
    marginFall: FAILURES.margin_fall,
    marginShare: FAILURES.margin_fall_share,
    debtGrowth: FAILURES.debt_growth,
    suspendFrom: days[suspend],
    dividendCut: FAILURES.dividend_cut,
  };
}

export const exits: Family<Reads, Exits, unknown, CompanyExit> = {
  name: "exits",
  generate: (world, scenario) => {
    const exits = planOf(world, scenario);
    return {
      exitMultiples: {
        takeovers: scenario.source.exits?.takeovers ?? 0,
        failures: scenario.source.exits?.failures ?? 0,
      },
      exits,
      acquisitions: acquisitionsOf(exits),
    };
  },
  // What had begun by the cut: deals announced, distress begun.
  context: (world, cut) => ({
    exitMultiples: world.exitMultiples,
    exits: new Map(
      [...world.exits].map(([ticker, { takeovers, failure }]) => [
        ticker,
        {
          takeovers: takeovers.filter((d) => d.announced < cut.days),
          failure: failure && failure.onset < cut.days ? failure : undefined,
        },
      ]),
    ),
    acquisitions: new Map(
      [...world.acquisitions].map(([ticker, deals]) => [ticker, deals.filter((d) => d.announced < cut.days)]),
    ),
  }),
  company: (world, { facts }, { source, rng }) => {
    const plan = world.exits.get(facts.ticker) ?? { takeovers: [] };
    const { takeovers, failure } = plan;
    const acquiring = world.acquisitions.get(facts.ticker) ?? [];
    const worldKey = worldKeyOf(source);
    const n = world.days.length;
    const held = takeovers.map((d) => dealSpan(d, n, rng.fork(`held/${facts.ticker}/${d.announced}`)));
    if (failure?.filed != null)
      held.push({ from: failure.filed, levels: afterFilingLevels(failure, n, rng.fork(`filed/${facts.ticker}`)) });
    const nameOf = (ticker: string) => world.companies.find((c) => c.ticker === ticker)!.name;
    return {
      takeovers,
      acquiring,
      distress: distressOf(failure, world.days),
      exitEvents: byDateThenId([
        ...takeovers.flatMap((d) => dealEvents(worldKey, world.days, facts.name, d)),
        ...acquiring.flatMap((d) =>
          acquirerEvents(worldKey, world.days, { buyer: facts.name, target: nameOf(d.target) }, d),
        ),
        ...(failure ? failureEvents(worldKey, world.days, facts.name, failure) : []),
      ]),
      held,
      closing: closingOf(plan),
    };
  },
  companyContext: (company, cut) => ({
    takeovers: company.takeovers.filter((d) => d.announced < cut.days),
    acquiring: company.acquiring.filter((d) => d.announced < cut.days),
    distress: company.distress,
    exitEvents: company.exitEvents.filter((e) => e.visible_from <= cut.date),
    held: company.held,
    closing: company.closing && company.closing.lastDay < cut.days ? company.closing : undefined,
  }),
  // Its exits begin after its listing (plan.ts): nothing of them lies before.
  companySince: ({ takeovers, acquiring, distress, exitEvents, held, closing }) => ({
    takeovers,
    acquiring,
    distress,
    exitEvents,
    held,
    closing,
  }),
  leaves: (world, { closing }) => (closing ? world.days[closing.lastDay] : undefined),
  shards: (world, emit) => {
    const rows = [...world.exits].flatMap(([ticker, plan]) => {
      const closing = closingOf(plan);
      return closing ? [[ticker, world.days[closing.lastDay], closing.reason]] : [];
    });
    // Written only where a company leaves: a world without exits has no such shard (none leave).
    if (rows.length)
      emit.write(
        SHARDS.delistings,
        undefined,
        rows.sort(([a], [b]) => (a! < b! ? -1 : 1)),
      );
  },
};

/** The plan of exits, where the scenario asks for them (none otherwise). */
function planOf(
  { days, regimes, companies, starts, listings }: Reads,
  { source, rng }: Scenario,
): Map<string, CompanyPlan> {
  return source.exits
    ? planExits(
        {
          days,
          regimes,
          companies,
          tierOf: (ticker) => starts.get(ticker)!.tier,
          capOf: (ticker) => starts.get(ticker)!.marketCap,
          takeoverRate: source.exits.takeovers,
          failureRate: source.exits.failures,
          kept: new Set(source.universe.tickers),
          firstDay: (ticker) => listings.get(ticker)?.first ?? 0,
          rng: rng.fork("exits"),
        },
        source.exits.catalyst_failure && source.catalyst
          ? {
              sectors: source.exits.catalyst_failure.sectors,
              industries: source.exits.catalyst_failure.industries,
              filed: days.indexOf(firstOnOrAfter(days, source.catalyst.date)!),
            }
          : undefined,
      )
    : new Map();
}
