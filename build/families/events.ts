// The event timeline: policy decisions, inflation prints and the catalyst (market-wide), and each
// company's events, all with hidden effects that the market and stock families apply. Served without
// the effects, per ticker and market-wide by year; an event is public from its `visible_from` date.
import { SHARDS } from "../../src/bundle/shards.ts";
import { companyEvents, marketEvents, publicEvent, type WorldEvent } from "../generate/events.ts";
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
}

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
  company: (world, { facts }, { source, rng }) => ({
    events: companyEvents(source.id, world.days, facts, rng.fork("events")),
  }),
  companyContext: (company, cut) => ({ events: visible(company.events, cut.date) }),
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
    return {
      company: (company) => check(company.events),
      finish: (world) => {
        check(world.events);
        return [tally.check()];
      },
    };
  },
};
