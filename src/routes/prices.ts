import { Hono } from "hono";
import type { Shard } from "../bundle/shard.ts";
import { MARKET_BAR_FIELDS, SHARDS } from "../bundle/shards.ts";
import type { Manifest } from "../bundle/types.ts";
import type { AppEnv } from "../env.ts";
import { badRequest, notFound } from "../http/errors.ts";
import { bool, date, page, defineQuery, str, ticker } from "../http/query.ts";
import { cachedJson } from "../http/respond.ts";
import { loadManifest, pageRange, requireOrderedWindow, scenarioOnlyQuery, scenarioParam } from "../http/scenario.ts";
import type { Context } from "hono";

export const prices = new Hono<AppEnv>();

const pricesQuery = defineQuery({
  ...scenarioParam,
  ticker: ticker(),
  interval: str(32).default("day"),
  start_date: date().optional(),
  end_date: date().optional(),
  include_components: bool().default(false),
  ...page(5000, 10000),
});
const pricesSnapshotQuery = defineQuery({ ...scenarioParam, ticker: ticker(), as_of: date() });
const pricesSnapshotMarketQuery = defineQuery({ ...scenarioParam, as_of: date().optional(), ...page(500, 5000) });

async function priceShard(c: Context<AppEnv>, manifest: Manifest, symbol: string): Promise<Shard> {
  const shard = await c.get("reader").shard(manifest, SHARDS.prices.name(symbol));
  if (!shard) throw notFound(`Ticker ${symbol} not found in scenario`);
  return shard;
}

/** Rows [from, to) of a price shard as bar objects. */
function bars(shard: Shard, symbol: string, from: number, to: number): Record<string, unknown>[] {
  const col = shard.index();
  return shard.rows(from, to).map((r) => ({
    ticker: symbol,
    time: r[col.time],
    open: r[col.open],
    high: r[col.high],
    low: r[col.low],
    close: r[col.close],
    volume: r[col.volume],
  }));
}

/** Adds the components shard's fields to the same rows (same order and keys as the price shard). */
async function withComponents(
  c: Context<AppEnv>,
  manifest: Manifest,
  symbol: string,
  rows: Record<string, unknown>[],
  from: number,
) {
  const components = (await c.get("reader").shard(manifest, SHARDS.components.name(symbol)))!;
  const extra = components.rows(from, from + rows.length);
  const names = components.columns;
  rows.forEach((row, i) => {
    for (let k = 1; k < names.length; k++) row[names[k]] = extra[i][k]; // column 0 is the shared time key
  });
  return rows;
}

prices.get("/prices", async (c) => {
  const q = pricesQuery(new URL(c.req.url));
  if (q.interval !== "day") throw badRequest(`Query parameter 'interval' must be 'day'; got '${q.interval}'`);
  requireOrderedWindow(q.start_date, q.end_date);
  const manifest = await loadManifest(c, q.scenario_id);
  const shard = await priceShard(c, manifest, q.ticker);
  const [from, to] = pageRange(...shard.window(q.start_date, q.end_date), q.offset, q.limit);
  const rows = bars(shard, q.ticker, from, to);
  const body = {
    ticker: q.ticker,
    prices: q.include_components ? await withComponents(c, manifest, q.ticker, rows, from) : rows,
  };
  return cachedJson(c, body);
});

prices.get("/prices/snapshot", async (c) => {
  const q = pricesSnapshotQuery(new URL(c.req.url));
  const manifest = await loadManifest(c, q.scenario_id);
  const shard = await priceShard(c, manifest, q.ticker);
  const last = shard.lastAtOrBefore(q.as_of);
  if (last < 0) throw notFound(`No price bar for ${q.ticker} on or before ${q.as_of}`);
  const [snapshot] = bars(shard, q.ticker, last, last + 1);
  return cachedJson(c, { snapshot });
});

prices.get("/prices/snapshot/market", async (c) => {
  const q = pricesSnapshotMarketQuery(new URL(c.req.url));
  const manifest = await loadManifest(c, q.scenario_id);
  const asOf = q.as_of ?? manifest.scenario.current_date;
  const shard = await c.get("reader").shard(manifest, SHARDS.marketSnapshots.name());
  const last = shard ? shard.lastAtOrBefore(asOf) : -1;
  let snapshots: Record<string, unknown>[] = [];
  if (shard && last >= 0) {
    const [[time, entries]] = shard.rows(last, last + 1) as [[string, unknown[][]]];
    snapshots = entries.slice(q.offset, q.offset + q.limit).map((entry) => {
      const row: Record<string, unknown> = Object.fromEntries(MARKET_BAR_FIELDS.map((f, i) => [f, entry[i]]));
      row.time = time;
      return row;
    });
  }
  return cachedJson(c, { as_of: asOf, snapshots });
});

for (const path of ["/prices/tickers", "/prices/snapshot/tickers"]) {
  prices.get(path, async (c) => {
    const q = scenarioOnlyQuery(new URL(c.req.url));
    const manifest = await loadManifest(c, q.scenario_id);
    return cachedJson(c, { tickers: manifest.tickers.prices });
  });
}
