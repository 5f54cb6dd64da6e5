// The event timeline: earnings, policy decisions, inflation prints, catalysts, company events; and
// the types of event.
import { EVENTS_SHARDS } from "./shards.ts";
import { z } from "zod";
import { asOf, endDate, many, oneOf, page, scenarioId, startDate, tickers } from "../../contract/params.ts";
import { Event, EventTypeInfo } from "./rows.ts";
import { EVENT_TYPE_NAMES, EVENT_TYPES } from "../../contract/vocabulary.ts";
import { dataRoute, serve, type ApiApp } from "../../http/route.ts";
import { jsonArray } from "../../http/json.ts";
import { requireOrderedWindow } from "../../http/scenario.ts";

const timeline = dataRoute({
  path: "/events/timeline",
  tag: "Events",
  summary: "The event timeline",
  description:
    "Newest first, ties by id. Without `ticker`, market-wide events (ticker null) too. An event is visible from its " +
    "`visible_from` date; the default horizon is the scenario's current_date.",
  request: {
    query: z.object({
      scenario_id: scenarioId(),
      ticker: tickers("Only these companies' events", "AAPL"),
      as_of: asOf("events").optional(),
      event_type: many(oneOf(EVENT_TYPE_NAMES, { description: "An event type.", example: "earnings_release" }), {
        description: "Only these event types (repeat for any of; see `/events/types`).",
        example: "earnings_release",
      }),
      start_date: startDate().optional(),
      end_date: endDate().optional(),
      ...page(100, 500),
    }),
  },
  response: z.object({ events: z.array(Event) }),
});

const eventTypes = dataRoute({
  path: "/events/types",
  tag: "Events",
  summary: "Types of event",
  description:
    "The values `event_type` takes, with what each is: the same in every scenario, so no scenario_id needed.",
  request: {},
  response: z.object({ event_types: z.array(EventTypeInfo) }),
});

export function register(app: ApiApp): void {
  serve(
    app,
    timeline,
    async (q, scenario) => {
      const types = q.event_type ? new Set<unknown>(q.event_type) : undefined;
      const rows = await scenario.newestFirstByTickerOrPeriod(EVENTS_SHARDS.events, q.ticker, {
        first: q.start_date,
        last: q.end_date,
        offset: q.offset,
        limit: q.limit,
        keep: types ? (e) => types.has(e.event_type) : undefined,
      });
      return { events: jsonArray<Event>(rows) };
    },
    (q) => requireOrderedWindow(q.start_date, q.end_date),
  );

  serve(app, eventTypes, async () => ({
    event_types: EVENT_TYPE_NAMES.map((event_type) => ({ event_type, description: EVENT_TYPES[event_type] })),
  }));
}
