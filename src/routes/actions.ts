import { Hono } from "hono";
import { ALL, SHARDS } from "../bundle/shards.ts";
import type { AppEnv } from "../env.ts";
import { date, page, defineQuery, ticker } from "../http/query.ts";
import { cachedJson } from "../http/respond.ts";
import { loadManifest, requireTicker, scenarioParam } from "../http/scenario.ts";

export const actions = new Hono<AppEnv>();

const corporateActionsQuery = defineQuery({
  ...scenarioParam,
  ticker: ticker().optional(),
  as_of: date().optional(),
  ...page(50, 200),
});

actions.get("/corporate-actions", async (c) => {
  const q = corporateActionsQuery(new URL(c.req.url));
  const manifest = await loadManifest(c, q.scenario_id);
  if (q.ticker) requireTicker(manifest, q.ticker);
  // Non-operating instruments have no shard: an empty list (SPEC rule 4).
  const shard = await c.get("reader").shard(manifest, SHARDS.actions.name(q.ticker ?? ALL));
  // An action is public once announced; newest announcement first.
  const rows = shard ? shard.newestFirst({ last: q.as_of }, q.offset, q.limit) : [];
  return cachedJson(c, { corporate_actions: rows });
});
