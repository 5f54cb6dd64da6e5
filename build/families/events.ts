// The event timeline: policy decisions, inflation prints and the catalyst (market-wide), and each
// company's events, all with hidden effects that the market and stock families apply. Served without
// the effects, per ticker and market-wide by year; an event is public from its `visible_from` date.
import { SHARDS } from "../../src/bundle/shards.ts";
import type { CompanyFacts } from "../../src/bundle/types.ts";
import { businessAnchor, type SizeTier } from "../generate/anchors.ts";
import { analystCoverage, consensus, earningsSurprise, type Coverage } from "../generate/estimates.ts";
import {
  byDateThenId,
  companyEvents,
  revenueStep,
  dayIndexOf,
  earningsEventId,
  type CatalystHit,
  earningsEvents,
  marketEvents,
  publicEvent,
  type WorldEvent,
} from "../generate/events.ts";
import { fiscalQuarters, type FiscalQuarter } from "../generate/fiscal.ts";
import { businessPlan, type BusinessPlan } from "../generate/fundamentals.ts";
import type { Regime } from "../generate/regimes.ts";
import type { Rng } from "../rng.ts";
import { hitByCatalyst } from "../scenario-source.ts";
import { sectorTilt } from "./market.ts";
import type { Calendar, Family } from "./family.ts";
import type { CentralBanks } from "./rates.ts";
import type { HiddenMacro } from "./regimes.ts";
import { appendByYear, byFirstColumn, emitTickerAndYears, toRows } from "./rows.ts";
import { RuleTally } from "./tier0.ts";
import type { Universe } from "./universe.ts";

export interface Events {
  /** Market-wide events (no ticker), ordered by date then id. */
  events: WorldEvent[];
}

export interface CompanyEventsPart {
  /** The company's events, ordered by date then id. */
  events: WorldEvent[];
  /** Hidden: its size in its era at the start, which sets its event rates. */
  sizeTier: SizeTier;
  /**
   * Its fiscal quarters, from three years before the world's first to its last, each with its release
   * date (public calendar; the statements report them, the earnings releases announce them).
   */
  quarters: FiscalQuarter[];
  /** Hidden: the business behind its statements, quarter by quarter (including quarters not yet released). */
  business: BusinessPlan;
  /** Hidden until each estimate's day: who covers it and what they expect of each quarter. */
  coverage: Coverage;
}

/** Years of fiscal quarters before the world's first year: the statements' history on day one. */
const HISTORY_YEARS = 3;

type Reads = Calendar & Universe & HiddenMacro & CentralBanks;

const visible = (events: WorldEvent[], date: string) => events.filter((e) => e.visible_from <= date);

export const events: Family<Reads, Events, unknown, CompanyEventsPart> = {
  name: "events",
  generate: (world, { source, rng }) => {
    const catalyst = source.theme.catalyst;
    return {
      events: marketEvents({
        scenarioId: source.id,
        days: world.days,
        decisions: [...world.decisions.values()].flat(),
        inflation: world.inflation,
        catalyst: catalyst ? { date: catalyst.date, summary: catalyst.summary, jump: catalyst.market_jump } : undefined,
        rng: rng.fork("events"),
      }),
    };
  },
  context: (world, cut) => ({ events: visible(world.events, cut.date) }),
  company: (world, { facts }, { source, rng }) => {
    const { tier } = world.starts.get(facts.ticker)!;
    const story = source.story?.catalyst;
    const hit =
      story && source.theme.catalyst && hitByCatalyst(story, facts)
        ? { date: source.theme.catalyst.date, excessMove: story.excess_move }
        : undefined;
    return companyTimeline({
      scenarioId: source.id,
      days: world.days,
      regimes: world.regimes,
      facts,
      marketCap: world.starts.get(facts.ticker)!.marketCap,
      tier,
      catalyst: hit,
      tilt: sectorTilt(source, facts.sector, world.days.length),
      rng,
    });
  },
  companyContext: (company, cut) => ({
    events: visible(company.events, cut.date),
    sizeTier: company.sizeTier,
    quarters: company.quarters.filter((q) => q.release <= cut.date),
    business: {
      ...company.business,
      quarters: company.business.quarters.filter((q) => q.quarter.release <= cut.date),
    },
    coverage: {
      analysts: company.coverage.analysts,
      revisions: company.coverage.revisions.filter((r) => r.day < cut.days),
    },
  }),
  companyShards: (_, company, emit) =>
    emitTickerAndYears(emit, SHARDS.events, company.facts.ticker, company.events.map(publicEvent)),
  shards: (world, emit) =>
    appendByYear(emit, SHARDS.events, byFirstColumn(toRows(SHARDS.events.columns, world.events.map(publicEvent)))),
  companyChecks: () => {
    // The timeline shards are keyed by event date, which as_of filters on: visible_from must equal it.
    const tally = new RuleTally("events_point_in_time", "events", "visible_from = event_date = release date");
    const check = (list: WorldEvent[]) => {
      for (const e of list) {
        tally.rows++;
        if (e.visible_from !== e.event_date || e.public_release_datetime.slice(0, 10) !== e.event_date)
          tally.violation(e.event_id, `${e.event_date} ${e.event_id}`);
      }
    };
    const rumours = new RuleTally(
      "no_sale_rumours_on_mega_caps",
      "events",
      'no "exploring a sale" report on a mega-cap',
    );
    return {
      company: (company) => {
        check(company.events);
        for (const e of company.events) {
          if (e.event_type !== "merger_rumor") continue;
          rumours.rows++;
          if (company.sizeTier === "mega") rumours.violation(`${e.ticker} ${e.event_date}`);
        }
      },
      finish: (world) => {
        check(world.events);
        return [tally.check(), rumours.check()];
      },
    };
  },
};

/**
 * A company's timeline in causal order: its own news moves its business; analysts estimate the
 * business; each release reports it against their consensus, and prices then react to the surprise.
 */
export function companyTimeline(input: {
  scenarioId: string;
  days: string[];
  regimes: Regime[];
  facts: CompanyFacts;
  /** Market cap on the first day. */
  marketCap: number;
  tier: SizeTier;
  catalyst?: CatalystHit;
  /** The scenario's tilt of the company's sector (families/market.ts); its business carries the margin and sales parts. */
  tilt?: { margin: number; sales: number };
  /** The scenario's root stream. */
  rng: Rng;
}): CompanyEventsPart {
  const { scenarioId, days, regimes, facts, marketCap, tier, catalyst, tilt, rng } = input;
  const year = (date: string) => Number(date.slice(0, 4));
  const quarters = fiscalQuarters(
    facts.ticker,
    year(days[0]) - HISTORY_YEARS,
    year(days[days.length - 1]) + 1,
    rng.fork(`fiscal/${facts.ticker}`),
  );
  const own = companyEvents(scenarioId, days, facts, tier, rng.fork("events"), catalyst);
  const dayIndex = dayIndexOf(days);
  const moves = own
    .filter((e) => revenueStep(e) !== 0)
    .map((e) => ({
      day: e.effect.reactionDay,
      date: e.event_date,
      eventId: e.event_id,
      logRevenue: revenueStep(e),
    }));
  const business = businessPlan({
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
    rng: rng.fork(`business/${facts.ticker}`),
  });
  const releaseDay = (q: number) => dayIndex.get(business.quarters[q].quarter.release);
  const coverage = analystCoverage({
    tier,
    plan: business,
    days,
    releaseDay,
    releaseEvent: (q) => earningsEventId(scenarioId, facts.ticker, business.quarters[q].quarter),
    events: moves,
    rng: rng.fork(`analysts/${facts.ticker}`),
  });
  const releases = business.quarters.flatMap(({ quarter, income }, q) => {
    const day = releaseDay(q);
    const expected = day === undefined ? null : consensus(coverage.revisions, q, day);
    if (day === undefined) return [];
    return [{ quarter, surprise: expected ? earningsSurprise(income.net_income, expected) : 0 }];
  });
  const earnings = earningsEvents(scenarioId, days, facts, releases, rng.fork(`events/earnings/${facts.ticker}`));
  return { events: byDateThenId([...own, ...earnings]), sizeTier: tier, quarters, business, coverage };
}
