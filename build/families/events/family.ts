// The event timeline: policy decisions, inflation prints and the catalyst (market-wide), and each
// company's events, all with hidden effects that the market and stock families apply. Served without
// the effects, per ticker and market-wide by year; an event is public from its `visible_from` date.
import { worldKeyOf } from "../../ground/scenario-source.ts";
import { SHARDS } from "../../../src/families/shards.ts";
import { MARKET_WIDE } from "../../../src/families/events/shards.ts";
import type { CompanyFacts } from "../../../src/bundle/types.ts";
import { consensus, earningsSurprise } from "../../models/estimates.ts";
import {
  byDateThenId,
  dayIndexOf,
  earningsEvents,
  marketEvents,
  publicEvent,
  type WorldEvent,
} from "../../models/events.ts";
import type { Rng } from "../../ground/rng.ts";
import type { CompanyCore } from "../company/family.ts";
import type { CompanyExit } from "../exits/family.ts";
import type { CompanyListing } from "../listings/family.ts";
import type { Calendar, Family } from "../../ground/family.ts";
import type { CentralBanks } from "../rates/family.ts";
import type { HiddenMacro } from "../regimes/family.ts";
import { emitTickerAndYears } from "../../ground/rows.ts";
import { RuleTally } from "../../ground/rules.ts";

export interface Events {
  /** Market-wide events (no ticker), ordered by date then id. */
  events: WorldEvent[];
}

export interface CompanyEventsPart {
  /** The company's public timeline, ordered by date then id: its own news and its earnings releases (effects hidden). */
  events: WorldEvent[];
}

type Reads = Calendar & HiddenMacro & CentralBanks;

const visible = (events: WorldEvent[], date: string) => events.filter((e) => e.visible_from <= date);

export const events: Family<Reads, Events, CompanyCore & CompanyExit & CompanyListing, CompanyEventsPart> = {
  name: "events",
  generate: (world, { source, rng }) => {
    const catalyst = source.catalyst;
    return {
      events: marketEvents({
        worldKey: worldKeyOf(source),
        days: world.days,
        decisions: [...world.decisions.values()].flat(),
        inflation: world.inflation,
        catalyst: catalyst ? { date: catalyst.date, summary: catalyst.summary, jump: catalyst.market_jump } : undefined,
        rng: rng.fork("events"),
      }),
    };
  },
  context: (world, cut) => ({ events: visible(world.events, cut.date) }),
  company: (world, company, { source, rng }) => ({
    events: companyTimeline(worldKeyOf(source), world.days, company, rng),
  }),
  companyContext: (company, cut) => ({ events: visible(company.events, cut.date) }),
  companySince: (company, since) => ({ events: company.events.filter((e) => e.visible_from >= since.date) }),
  companyShards: (_, company, emit) =>
    emitTickerAndYears(emit, SHARDS.events, company.facts.ticker, company.events.map(publicEvent)),
  // Market-wide events have a shard of their own too: the intraday path reads a day's in-session ones.
  shards: (world, emit) => emitTickerAndYears(emit, SHARDS.events, MARKET_WIDE, world.events.map(publicEvent)),
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
 * A company's public timeline: its own news, and each quarter's release reporting its business
 * against the consensus of its analysts the day before (prices then react to the surprise).
 */
export function companyTimeline(
  worldKey: string,
  days: string[],
  {
    facts,
    ownEvents,
    exitEvents,
    listingEvents,
    business,
    coverage,
  }: { facts: CompanyFacts } & CompanyCore & Pick<CompanyExit, "exitEvents"> & Pick<CompanyListing, "listingEvents">,
  rng: Rng,
): WorldEvent[] {
  const dayIndex = dayIndexOf(days);
  const releases = business.quarters.flatMap(({ quarter, income }, q) => {
    const day = dayIndex.get(quarter.release);
    if (day === undefined) return [];
    const expected = consensus(coverage.revisions, q, day);
    return [{ quarter, surprise: expected ? earningsSurprise(income.net_income, expected) : 0 }];
  });
  const earnings = earningsEvents(worldKey, days, facts, releases, rng.fork(`events/earnings/${facts.ticker}`));
  return byDateThenId([...ownEvents, ...exitEvents, ...listingEvents, ...earnings]);
}
