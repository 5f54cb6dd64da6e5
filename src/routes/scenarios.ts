import { Hono } from "hono";
import type { AppEnv } from "../env.ts";
import { notFound } from "../http/errors.ts";
import { bool, int, oneOf, page, defineQuery, str } from "../http/query.ts";
import { cachedJson } from "../http/respond.ts";
import { loadManifest } from "../http/scenario.ts";

export const scenarios = new Hono<AppEnv>();

const scenariosQuery = defineQuery({
  status: str(64).optional(),
  path_mode: oneOf(["historical_context", "future_branch"]).optional(),
  min_ticker_count: int(0).optional(),
  max_scenario_day_count: int(0).optional(),
  healthy_only: bool().default(false),
  ...page(20, 1000),
});

scenarios.get("/scenarios", async (c) => {
  const q = scenariosQuery(new URL(c.req.url));
  const catalog = await c.get("reader").catalog();
  const rows = catalog.scenarios
    .filter((e) => q.status === undefined || e.scenario.status === q.status)
    .filter((e) => q.path_mode === undefined || e.scenario.public_summary.path_mode === q.path_mode)
    .filter((e) => q.min_ticker_count === undefined || e.ticker_count >= q.min_ticker_count)
    .filter((e) => q.max_scenario_day_count === undefined || e.day_count <= q.max_scenario_day_count)
    .filter((e) => !q.healthy_only || e.healthy)
    .slice(q.offset, q.offset + q.limit)
    .map((e) => e.scenario);
  return cachedJson(c, { scenarios: rows });
});

scenarios.get("/scenarios/:scenario_id", async (c) => {
  const manifest = await loadManifest(c, c.req.param("scenario_id"));
  const scenario = { ...manifest.scenario, available_tickers: manifest.tickers.prices };
  return cachedJson(c, { scenario });
});

scenarios.get("/scenarios/:scenario_id/validation", async (c) => {
  const manifest = await loadManifest(c, c.req.param("scenario_id"));
  const validation = await c.get("reader").validation(manifest);
  if (!validation) throw notFound("Validation report not found");
  return cachedJson(c, { validation });
});
