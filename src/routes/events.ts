// The event timeline: earnings, policy decisions, inflation prints, catalysts, company events.
import { z } from "zod";
import { SHARDS } from "../bundle/shards.ts";
import { asOf, endDate, many, page, scenarioId, startDate, str, tickers } from "../contract/params.ts";
import { Event } from "../contract/resources.ts";
import { dataRoute, serve, type ApiApp } from "../http/route.ts";
import { jsonArray } from "../http/json.ts";
import { requireOrderedWindow } from "../http/scenario.ts";

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
      event_type: many(str({ description: "An event type.", example: "earnings_release" }, 64), {
        description: "Only these event types (repeat for any of).",
        example: "earnings_release",
      }),
      start_date: startDate().optional(),
      end_date: endDate().optional(),
      ...page(100, 500),
    }),
  },
  response: z.object({ events: z.array(Event) }),
});

export function register(app: ApiApp): void {
  serve(
    app,
    timeline,
    async (q, scenario) => {
      const types = q.event_type ? new Set<unknown>(q.event_type) : undefined;
      const rows = await scenario.newestFirstByTickerOrPeriod(SHARDS.events, q.ticker, {
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
}
