import { Hono } from "hono";
import type { AppEnv } from "../env.ts";
import { date, page, parseQuery, ticker } from "../http/query.ts";
import { cachedJson } from "../http/respond.ts";
import { loadManifest, requireTicker, scenarioParam } from "../http/scenario.ts";

export const actions = new Hono<AppEnv>();

actions.get("/corporate-actions", async (c) => {
  const q = parseQuery(new URL(c.req.url), { ...scenarioParam, ticker: ticker().optional(), as_of: date().optional(), ...page(50, 200) });
  const manifest = await loadManifest(c, q.scenario_id);
  if (q.ticker) requireTicker(manifest, q.ticker);
  // Non-operating instruments have no shard: an empty list (SPEC rule 4).
  const shard = await c.get("reader").shard(manifest, q.ticker ? `actions/${q.ticker}` : "actions/all");
  // An action is public once announced; newest announcement first.
  const rows = shard ? shard.newestFirst({ last: q.as_of }, q.offset, q.limit) : [];
  return cachedJson(c, manifest.content_hash, { corporate_actions: rows });
});
