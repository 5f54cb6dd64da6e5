// Prices: daily bars of one instrument (optionally with their return components), the bar as of a
// date, the market-wide snapshot, and the tickers with prices.
import { z } from "zod";
import type { Shard } from "../bundle/shard.ts";
import { MARKET_BAR_FIELDS, SHARDS } from "../bundle/shards.ts";
import type { Manifest } from "../bundle/types.ts";
import {
  asOf,
  bool,
  date,
  endDate,
  page,
  scenarioId,
  startDate,
  str,
  ticker,
  withDefault,
} from "../contract/params.ts";
import {
  MarketSnapshotRow,
  PriceBar,
  PriceBarWithComponents,
  type MarketSnapshotRow as SnapshotRow,
} from "../contract/resources.ts";
import type { Context } from "hono";
import type { AppEnv } from "../env.ts";
import { badRequest, notFound } from "../http/errors.ts";
import { dataRoute, serve, type ApiApp } from "../http/route.ts";
import { earliest, horizon, loadManifest, pageRange, requireOrderedWindow, requireShard } from "../http/scenario.ts";

const TAG = "Prices";
const instrument = () => ticker({ description: "The instrument (company, fund or warrant).", example: "AAPL" });

const prices = dataRoute({
  path: "/prices",
  tag: TAG,
  summary: "Daily bars of one instrument",
  description:
    "Ascending by date, as traded. Bars up to the scenario's current_date unless `as_of` says otherwise; " +
    "with include_components, adjusted_close restates the splits and dividends that went ex by that horizon.",
  request: {
    query: z.object({
      scenario_id: scenarioId(),
      ticker: instrument(),
      interval: withDefault(
        str({ description: "Bar interval; only `day` is served (400 otherwise).", example: "day" }, 32),
        "day",
      ),
      start_date: startDate().optional(),
      end_date: endDate().optional(),
      as_of: asOf("bars").optional(),
      include_components: withDefault(
        bool({
          description: "Add adjusted_close, the return components, modeled volatility and metadata (also 1/0).",
          example: "true",
        }),
        false,
      ),
      ...page(5000, 10000),
    }),
  },
  response: z.object({
    ticker: z.string().meta({ description: "The instrument.", example: "AAPL" }),
    prices: z.array(z.union([PriceBarWithComponents, PriceBar])),
  }),
});

const priceSnapshot = dataRoute({
  path: "/prices/snapshot",
  tag: TAG,
  summary: "The bar visible on a date",
  description: "The last bar on or before `as_of` (404 when there is none).",
  request: {
    query: z.object({
      scenario_id: scenarioId(),
      ticker: instrument(),
      as_of: date({ description: "The date to stand on.", example: "2023-07-04" }),
    }),
  },
  response: z.object({ snapshot: PriceBar }),
});

const marketSnapshot = dataRoute({
  path: "/prices/snapshot/market",
  tag: TAG,
  summary: "Every instrument's bar on a date",
  description: "The last trading day on or before `as_of`; `limit` and `offset` count instruments.",
  request: {
    query: z.object({ scenario_id: scenarioId(), as_of: asOf("bars").optional(), ...page(500, 5000) }),
  },
  response: z.object({
    as_of: z.string().meta({ description: "The date stood on.", example: "2023-12-29" }),
    snapshots: z.array(MarketSnapshotRow),
  }),
});

const tickerLists = ["/prices/tickers", "/prices/snapshot/tickers"].map((path) =>
  dataRoute({
    path,
    tag: TAG,
    summary: "Instruments with prices",
    request: { query: z.object({ scenario_id: scenarioId() }) },
    response: z.object({ tickers: z.array(z.string()) }),
  }),
);

const priceShard = (c: Context<AppEnv>, manifest: Manifest, symbol: string) =>
  requireShard(c, manifest, SHARDS.prices.name(symbol), `Ticker ${symbol} not found in scenario`);

/** Rows [from, to) of a price shard as bar objects. */
function bars(shard: Shard, symbol: string, from: number, to: number): PriceBar[] {
  const col = shard.index();
  return shard.rows(from, to).map((r) => ({
    ticker: symbol,
    time: r[col.time] as string,
    open: r[col.open] as number,
    high: r[col.high] as number,
    low: r[col.low] as number,
    close: r[col.close] as number,
    volume: r[col.volume] as number,
  }));
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/**
 * Adds the components shard's fields to rows [from, from + rows.length) of the price shard. The
 * stored adjusted closes restate every action of the scenario; they are rescaled so that only the
 * actions gone ex by the horizon bar are restated (a later split must not show in earlier bars).
 */
async function withComponents(
  c: Context<AppEnv>,
  manifest: Manifest,
  symbol: string,
  rows: PriceBar[],
  from: number,
  horizonBar: { index: number; close: number },
): Promise<PriceBarWithComponents[]> {
  const components = await requireShard(
    c,
    manifest,
    SHARDS.components.name(symbol),
    `No return components for ${symbol}`,
  );
  const col = components.index();
  const extra = components.rows(from, from + rows.length);
  const [atHorizon] = components.rows(horizonBar.index, horizonBar.index + 1);
  const scale = atHorizon ? horizonBar.close / (atHorizon[col.adjusted_close] as number) : 1;
  return rows.map((bar, i) => {
    const x = extra[i];
    const metadata = x[col.metadata] as Record<string, unknown>;
    const row = {
      ...bar,
      adjusted_close: x[col.adjusted_close] as number,
      market_return: x[col.market_return] as number,
      sector_return: x[col.sector_return] as number,
      idiosyncratic_return: x[col.idiosyncratic_return] as number,
      event_return: x[col.event_return] as number,
      volatility: x[col.volatility] as number,
      metadata,
    };
    const previous = metadata.previous_adjusted_close;
    if (scale !== 1 && typeof previous === "number") {
      row.adjusted_close = round6(row.adjusted_close * scale);
      metadata.previous_adjusted_close = round6(previous * scale);
      // The identity of the components holds on the served numbers: the remainder stays stock-specific.
      const logReturn = Math.log(row.adjusted_close / (metadata.previous_adjusted_close as number));
      metadata.log_return = logReturn;
      row.idiosyncratic_return = logReturn - row.market_return - row.sector_return - row.event_return;
    }
    return row;
  });
}

export function register(app: ApiApp): void {
  serve(app, prices, async (q, c) => {
    if (q.interval !== "day") throw badRequest(`Query parameter 'interval' must be 'day'; got '${q.interval}'`);
    requireOrderedWindow(q.start_date, q.end_date);
    const manifest = await loadManifest(c, q.scenario_id);
    const shard = await priceShard(c, manifest, q.ticker);
    const last = horizon(manifest, q.as_of);
    const [from, to] = pageRange(...shard.window(q.start_date, earliest(q.end_date, last)), q.offset, q.limit);
    const rows = bars(shard, q.ticker, from, to);
    if (!q.include_components || rows.length === 0) return { ticker: q.ticker, prices: rows };
    const index = shard.lastAtOrBefore(last);
    const [horizonBar] = bars(shard, q.ticker, index, index + 1);
    return {
      ticker: q.ticker,
      prices: await withComponents(c, manifest, q.ticker, rows, from, { index, close: horizonBar.close }),
    };
  });

  serve(app, priceSnapshot, async (q, c) => {
    const manifest = await loadManifest(c, q.scenario_id);
    const shard = await priceShard(c, manifest, q.ticker);
    const last = shard.lastAtOrBefore(q.as_of);
    if (last < 0) throw notFound(`No price bar for ${q.ticker} on or before ${q.as_of}`);
    return { snapshot: bars(shard, q.ticker, last, last + 1)[0] };
  });

  serve(app, marketSnapshot, async (q, c) => {
    const manifest = await loadManifest(c, q.scenario_id);
    const asOfDate = horizon(manifest, q.as_of);
    const shard = await c.get("reader").shard(manifest, SHARDS.marketSnapshots.name());
    const last = shard ? shard.lastAtOrBefore(asOfDate) : -1;
    if (!shard || last < 0) return { as_of: asOfDate, snapshots: [] };
    const [[time, entries]] = shard.rows(last, last + 1) as [[string, unknown[][]]];
    const snapshots = entries.slice(q.offset, q.offset + q.limit).map((entry) => {
      const row = Object.fromEntries(MARKET_BAR_FIELDS.map((f, i) => [f, entry[i]])) as SnapshotRow;
      row.time = time;
      return row;
    });
    return { as_of: asOfDate, snapshots };
  });

  for (const route of tickerLists) {
    serve(app, route, async (q, c) => {
      const manifest = await loadManifest(c, q.scenario_id);
      return { tickers: manifest.tickers.prices };
    });
  }
}
