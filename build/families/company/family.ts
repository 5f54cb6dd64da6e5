// The company core: what a company is before anything about it is reported. Its fiscal calendar,
// its size tier, the draws of its own news (with their hidden effects), the business behind its
// statements quarter by quarter, and the analysts who cover it. Hidden but for the calendar: the
// event timeline, the statements, the estimates and the earnings read it, and none hands it back.
import type { CompanyFacts } from "../../../src/bundle/types.ts";
import { businessAnchor, type SizeTier } from "../../models/anchors.ts";
import { analystCoverage, type Coverage } from "../../models/estimates.ts";
import {
  companyEvents,
  dayIndexOf,
  earningsEventId,
  revenueStep,
  type CatalystHit,
  type WorldEvent,
} from "../../models/events.ts";
import { fiscalQuarters, type FiscalQuarter } from "../../models/fiscal.ts";
import { businessPlan, planSeenOn, type BusinessPlan, type Distress } from "../../models/fundamentals.ts";
import { consolidated } from "../../models/consolidation.ts";
import type { Regime } from "../../models/regimes.ts";
import type { Rng } from "../../ground/rng.ts";
import { hitByCatalyst, worldKeyOf } from "../../ground/scenario-source.ts";
import type { Calendar, Family, Scenario } from "../../ground/family.ts";
import { sectorTilt } from "../../models/market.ts";
import type { CompanyExit } from "../exits/family.ts";
import { dayAfterClose } from "../exits/takeovers.ts";
import type { CompanyListing } from "../listings/family.ts";
import type { HiddenMacro } from "../regimes/family.ts";
import type { Universe } from "../universe/family.ts";

export interface CompanyCore {
  /** Hidden: its size in its era at the start, which sets its event rates. */
  sizeTier: SizeTier;
  /**
   * Its fiscal quarters, from three years before the world's first to its last, each with its release
   * date (public calendar; the statements report them, the earnings releases announce them).
   */
  quarters: FiscalQuarter[];
  /** Its own news, ordered by date then id, with hidden effects (the event timeline publishes it). */
  ownEvents: WorldEvent[];
  /** Hidden: the business behind its statements, quarter by quarter (including quarters not yet released). */
  business: BusinessPlan;
  /** Hidden: the business as known on a date, what analysts and managers forecast from (planSeenOn). */
  seenOn: (date: string) => BusinessPlan;
  /** Hidden until each estimate's day: who covers it and what they expect of each quarter. */
  coverage: Coverage;
}

/** Years of fiscal quarters before the world's first year: the statements' history on day one. */
const HISTORY_YEARS = 3;

const visible = (events: WorldEvent[], date: string) => events.filter((e) => e.visible_from <= date);

/**
 * An entrant's analysts publish nothing before its quiet period ends; each one's first estimate
 * after it initiates coverage, prompted by the listing.
 */
function afterQuietPeriod(coverage: Coverage, { listing, listingEvents }: CompanyListing): Coverage {
  if (!listing) return coverage;
  const initiated = new Set<number>();
  const revisions = coverage.revisions
    .filter((r) => r.day >= listing.quietEnd)
    .map((r) => {
      if (initiated.has(r.analyst)) return r;
      initiated.add(r.analyst);
      return { ...r, reason: "event" as const, cause: listingEvents[0].event_id };
    });
  return { analysts: coverage.analysts, revisions };
}

/** A business the company bought inside the world: the target's own, as it is and as seen on a date. */
export interface BoughtBusiness {
  plan: BusinessPlan;
  seenOn: (date: string) => BusinessPlan;
  /** Its first day inside the buyer (the day after its last trading day), and the deal's announcement. */
  from: string;
  announced: string;
}

/** The businesses of the targets whose deals close inside the world (Scenario.companyOf: their cores). */
function boughtBusinesses(days: string[], acquiring: CompanyExit["acquiring"], scenario: Scenario): BoughtBusiness[] {
  return acquiring.flatMap((d) => {
    const after = dayAfterClose(d, days.length);
    if (after === null) return [];
    const target = scenario.companyOf!(d.target, "company") as CompanyCore;
    return [{ plan: target.business, seenOn: target.seenOn, from: days[after], announced: days[d.announced] }];
  });
}

/**
 * A buyer's business with its targets', and as seen on a date: analysts take a target in from the
 * deal's announcement (a deal that breaks they never count: its close would have come after the break).
 */
function withBought(
  business: BusinessPlan,
  seenOn: (date: string) => BusinessPlan,
  bought: BoughtBusiness[],
): { business: BusinessPlan; seenOn: (date: string) => BusinessPlan } {
  if (bought.length === 0) return { business, seenOn };
  const seen = new Map<string, BusinessPlan>();
  return {
    business: consolidated(
      business,
      bought.map((b) => ({ plan: b.plan, from: b.from })),
    ),
    seenOn: (date) => {
      let plan = seen.get(date);
      if (!plan) {
        const known = bought.filter((b) => b.announced <= date).map((b) => ({ plan: b.seenOn(date), from: b.from }));
        plan = consolidated(seenOn(date), known);
        seen.set(date, plan);
      }
      return plan;
    },
  };
}

export const company: Family<Calendar & Universe & HiddenMacro, object, CompanyExit & CompanyListing, CompanyCore> = {
  name: "company",
  context: () => ({}),
  company: (world, { facts, distress, listing, listingEvents, acquiring }, scenario) => {
    const { source, rng } = scenario;
    const start = world.starts.get(facts.ticker)!;
    const story = source.story?.catalyst;
    const hit =
      story && source.catalyst && hitByCatalyst(story, facts)
        ? { date: source.catalyst.date, excessMove: story.excess_move, revenueMove: story.revenue_move }
        : undefined;
    const core = companyCore({
      worldKey: worldKeyOf(source),
      days: world.days,
      regimes: world.regimes,
      facts,
      marketCap: start.marketCap,
      tier: start.tier,
      catalyst: hit,
      crisisHit: hit && source.catalyst?.regime === "crisis" ? hit.date : undefined,
      tilt: sectorTilt(source, facts.sector, world.days.length),
      distress,
      acquired: boughtBusinesses(world.days, acquiring, scenario),
      rng,
    });
    return { ...core, coverage: afterQuietPeriod(core.coverage, { listing, listingEvents }) };
  },
  companySince: (core, since) => ({
    sizeTier: core.sizeTier,
    // Its first report as a listed company comes first: the quarters released before are the private company's.
    quarters: core.quarters.filter((q) => q.release >= since.date),
    ownEvents: core.ownEvents.filter((e) => e.visible_from >= since.date),
    business: { ...core.business, quarters: core.business.quarters.filter((q) => q.quarter.release >= since.date) },
    seenOn: core.seenOn,
    coverage: {
      analysts: core.coverage.analysts,
      revisions: core.coverage.revisions.filter((r) => r.day >= since.day),
    },
  }),
  companyContext: (core, cut) => ({
    sizeTier: core.sizeTier,
    // The fiscal calendar is public: the quarters that have ended (their statements come with their release).
    quarters: core.quarters.filter((q) => q.end <= cut.date),
    ownEvents: visible(core.ownEvents, cut.date),
    business: { ...core.business, quarters: core.business.quarters.filter((q) => q.quarter.release <= cut.date) },
    seenOn: core.seenOn,
    coverage: {
      analysts: core.coverage.analysts,
      revisions: core.coverage.revisions.filter((r) => r.day < cut.days),
    },
  }),
};

/**
 * A company's core in causal order: its own news moves its business; analysts estimate the
 * business (the event timeline then reports each quarter against their consensus).
 */
export function companyCore(input: {
  worldKey: string;
  days: string[];
  regimes: Regime[];
  facts: CompanyFacts;
  /** Market cap on the first day. */
  marketCap: number;
  tier: SizeTier;
  catalyst?: CatalystHit;
  /** The day a crisis the story names hits the company's sector: its statements carry write-downs. */
  crisisHit?: string;
  /** The scenario's tilt of the company's sector (families/market/family.ts); its business carries the margin and sales parts. */
  tilt?: { margin: number; sales: number };
  /** Distress ahead of a failure (families/exits): its business turns down. */
  distress?: Distress;
  /** The businesses it bought inside the world: its own takes each in from the day after the target's last. */
  acquired?: BoughtBusiness[];
  /** The scenario's root stream. */
  rng: Rng;
}): CompanyCore {
  const { worldKey, days, regimes, facts, marketCap, tier, catalyst, crisisHit, tilt, distress, rng } = input;
  const year = (date: string) => Number(date.slice(0, 4));
  const quarters = fiscalQuarters(
    facts.ticker,
    year(days[0]) - HISTORY_YEARS,
    year(days[days.length - 1]) + 1,
    rng.fork(`fiscal/${facts.ticker}`),
  );
  const ownEvents = companyEvents(worldKey, days, facts, tier, rng.fork("events"), catalyst);
  const moves = revenueMoves(ownEvents);
  const plan = {
    sector: facts.sector,
    // SIC 6798: real estate investment trusts.
    reit: facts.sic_code === "6798",
    anchor: businessAnchor(facts.ticker, days[0], marketCap),
    marketCap,
    tier,
    quarters,
    days,
    regimes,
    shocks: moves,
    sectorGrowth: tilt?.sales,
    sectorMargin: tilt?.margin,
    crisisHit,
    distress,
  };
  const planStream = () => rng.fork(`business/${facts.ticker}`);
  const { business, seenOn } = withBought(
    businessPlan({ ...plan, rng: planStream() }),
    planSeenOn(plan, planStream),
    input.acquired ?? [],
  );
  const dayIndex = dayIndexOf(days);
  const coverage = analystCoverage({
    tier,
    plan: business,
    seenOn,
    days,
    releaseDay: (q) => dayIndex.get(business.quarters[q].quarter.release),
    releaseEvent: (q) => earningsEventId(worldKey, facts.ticker, business.quarters[q].quarter),
    events: moves,
    rng: rng.fork(`analysts/${facts.ticker}`),
  });
  return { sizeTier: tier, quarters, ownEvents, business, seenOn, coverage };
}

/** The company's news that moves its revenue, as the business plan and the analysts take it. */
function revenueMoves(events: WorldEvent[]) {
  return events
    .filter((e) => revenueStep(e) !== 0)
    .map((e) => ({
      day: e.effect.reactionDay,
      date: e.event_date,
      knownFrom: e.visible_from,
      eventId: e.event_id,
      logRevenue: revenueStep(e),
    }));
}
