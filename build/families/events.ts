// The event timeline: policy decisions, inflation prints, the catalyst and company events, each
// with hidden effects that the market and stock families apply. Served without the effects, per
// ticker and market-wide by year; an event is public from its `visible_from` date.
import { SHARDS } from "../../src/bundle/shards.ts";
import { generateEvents, publicEvent, type WorldEvent } from "../generate/events.ts";
import type { Calendar, Family } from "./family.ts";
import type { CentralBanks } from "./rates.ts";
import type { HiddenMacro } from "./regimes.ts";
import { emitByYearAndTicker } from "./rows.ts";
import { ruleCheck } from "./tier0.ts";
import type { Universe } from "./universe.ts";

export interface Events {
  /** Ordered by date then id. */
  events: WorldEvent[];
}

type Reads = Calendar & Universe & HiddenMacro & CentralBanks;

export const events: Family<Reads, Events> = {
  name: "events",
  generate: (world, { source, rng }) => {
    const catalyst = source.theme.catalyst;
    return {
      events: generateEvents({
        scenarioId: source.id,
        days: world.days,
        companies: world.companies,
        decisions: [...world.decisions.values()].flat(),
        inflation: world.inflation,
        catalyst: catalyst ? { date: catalyst.date, summary: catalyst.summary, jump: catalyst.market_jump } : undefined,
        rng: rng.fork("events"),
      }),
    };
  },
  context: (world, cut) => ({ events: world.events.filter((e) => e.visible_from <= cut.date) }),
  shards: (world, emit) => {
    emitByYearAndTicker(emit, SHARDS.events, world.events.map(publicEvent));
  },
  checks: (world) => {
    // The timeline shards are keyed by event date, which as_of filters on: visible_from must equal it.
    const violations = world.events
      .filter((e) => e.visible_from !== e.event_date || e.public_release_datetime.slice(0, 10) !== e.event_date)
      .map((e) => e.event_id);
    return [
      ruleCheck(
        "events_point_in_time",
        "events",
        violations,
        world.events.length,
        "visible_from = event_date = release date",
      ),
    ];
  },
};
