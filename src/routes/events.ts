import { Hono } from "hono";
import { ALL, SHARDS } from "../bundle/shards.ts";
import type { AppEnv } from "../env.ts";
import { date, many, page, defineQuery, str, ticker } from "../http/query.ts";
import { cachedJson } from "../http/respond.ts";
import { earliest, loadManifest, requireOrderedWindow, requireTicker, scenarioParam } from "../http/scenario.ts";

export const events = new Hono<AppEnv>();

const eventsTimelineQuery = defineQuery({
  ...scenarioParam,
  ticker: ticker().optional(),
  as_of: date().optional(),
  event_type: many(str(64)),
  start_date: date().optional(),
  end_date: date().optional(),
  ...page(100, 500),
});

events.get("/events/timeline", async (c) => {
  const q = eventsTimelineQuery(new URL(c.req.url));
  requireOrderedWindow(q.start_date, q.end_date);
  const manifest = await loadManifest(c, q.scenario_id);
  if (q.ticker) requireTicker(manifest, q.ticker);
  const shard = await c.get("reader").shard(manifest, SHARDS.events.name(q.ticker ?? ALL));
  // Events are public from their visible_from date, which is their event date.
  const window = { first: q.start_date, last: earliest(q.end_date, q.as_of) };
  const types = q.event_type;
  const rows = shard
    ? shard.newestFirst(window, q.offset, q.limit, types ? (e) => types.includes(e.event_type as string) : undefined)
    : [];
  return cachedJson(c, { events: rows });
});
