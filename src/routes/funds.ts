import { Hono } from "hono";
import { FUND_HOLDING_FIELDS, SHARDS } from "../bundle/shards.ts";
import type { FundInfo } from "../bundle/types.ts";
import type { AppEnv } from "../env.ts";
import { badRequest, notFound } from "../http/errors.ts";
import { date, page, defineQuery, ticker } from "../http/query.ts";
import { cachedJson } from "../http/respond.ts";
import { loadManifest, requireTicker, scenarioParam } from "../http/scenario.ts";
import type { Context } from "hono";
import type { Manifest } from "../bundle/types.ts";

export const funds = new Hono<AppEnv>();

const indexFundsQuery = defineQuery({
  ...scenarioParam,
  ticker: ticker().optional(),
  holding: ticker().optional(),
  as_of: date().optional(),
  ...page(50, 1000),
});

/** A fund's composition in force on `asOf` (the last rebalance on or before it) as response rows. */
async function composition(c: Context<AppEnv>, manifest: Manifest, fund: FundInfo, asOf: string) {
  const shard = (await c.get("reader").shard(manifest, SHARDS.funds.name(fund.ticker)))!;
  const last = shard.lastAtOrBefore(asOf);
  if (last < 0) return [];
  const [[rebalanced, holdings]] = shard.rows(last, last + 1) as [[string, unknown[][]]];
  return holdings.map((h): Record<string, unknown> => ({
    fund_ticker: fund.ticker,
    ...Object.fromEntries(FUND_HOLDING_FIELDS.map((f, i) => [f, h[i]])),
    as_of: rebalanced,
    benchmark: fund.benchmark,
  }));
}

funds.get("/index-funds", async (c) => {
  const q = indexFundsQuery(new URL(c.req.url));
  if (q.ticker && q.holding) throw badRequest("Query parameters 'ticker' and 'holding' cannot be combined");
  const manifest = await loadManifest(c, q.scenario_id);
  const asOf = q.as_of ?? manifest.scenario.current_date;
  let selected = manifest.funds;
  if (q.ticker) {
    selected = manifest.funds.filter((f) => f.ticker === q.ticker);
    if (!selected.length) throw notFound(`Index fund ${q.ticker} not found in scenario`);
  }
  if (q.holding) requireTicker(manifest, q.holding);
  const rows = (await Promise.all(selected.map((f) => composition(c, manifest, f, asOf))))
    .flat()
    .filter((r) => !q.holding || r.holding_ticker === q.holding);
  return cachedJson(c, { index_funds: rows.slice(q.offset, q.offset + q.limit) });
});

funds.get("/index-funds/tickers", async (c) => {
  const catalog = await c.get("reader").catalog();
  return cachedJson(c, { tickers: catalog.index_funds });
});
