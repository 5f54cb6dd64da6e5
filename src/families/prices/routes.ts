// Prices: daily bars of one instrument or several (optionally with their return components) or their
// minute and hour bars (made from the daily bar when asked: intraday.ts), the bar as of a date, the
// market-wide snapshot, the tickers with prices, and the trading days.
import { PRICES_SHARDS } from "./shards.ts";
import { z } from "zod";
import type { DatedRows } from "../../bundle/as-of.ts";
import { MACRO_SHARDS } from "../macro/shards.ts";
import {
  asOf,
  bool,
  date,
  endDate,
  int,
  page,
  scenarioId,
  startDate,
  str,
  ticker,
  tickerList,
  withDefault,
} from "../../contract/params.ts";
import {
  IntradayBar,
  MarketSnapshotRow,
  PriceBar,
  PriceBarWithComponents,
  type MarketSnapshotRow as SnapshotRow,
} from "./rows.ts";
import { groupBars, intradaySeed, minutesAfterOpen, minuteBars } from "./intraday.ts";
import { writeBars } from "./intraday-rows.ts";
import { sessionNews } from "./session-news.ts";
import { SESSION_MINUTES } from "./intraday-shape.ts";
import { dayOfPoint, timeOfPoint } from "../../contract/instant.ts";
import { roundAdjusted } from "../../contract/adjusted-price.ts";
import { badRequest, notFound } from "../../http/errors.ts";
import { requireOneOf } from "../../http/one-of.ts";
import { jsonArray, jsonObject } from "../../http/json.ts";
import { JsonWriter } from "../../http/json-writer.ts";
import { dataRoute, serve, type ApiApp } from "../../http/route.ts";
import { pageRange, requireOrderedWindow, type Scenario } from "../../http/scenario.ts";

const TAG = "Prices";
const instrument = () => ticker({ description: "The instrument (company, fund or warrant).", example: "AAPL" });
const MAX_TICKERS = 50;
const bars = z.array(z.union([PriceBarWithComponents, PriceBar, IntradayBar]));
const INTERVALS = ["day", "minute", "hour"] as const;

const prices = dataRoute({
  path: "/prices",
  tag: TAG,
  summary: "Daily, minute or hour bars of one instrument, or of several",
  description:
    "Ascending by date, as traded. Bars up to the scenario's current_date unless `as_of` says otherwise; " +
    "with include_components, adjusted_close restates the splits and dividends that went ex by that horizon. " +
    "Give `ticker` or `tickers` (422 for neither, 400 for both): with `tickers`, by ticker then date, and " +
    "`limit` and `offset` count the rows of all of them together. `interval=minute` or `hour` serves the " +
    "regular session's bars (09:30-16:00 New York), made from each daily bar and adding up to it exactly " +
    "(docs/intraday.md); the window and paging are the daily bars'. An `as_of` with a time (`2023-07-25T14:30`) " +
    "shows that day's intraday bars ended by then, and its daily bar from the 16:00 close.",
  request: {
    query: z.object({
      scenario_id: scenarioId(),
      ticker: instrument().optional(),
      tickers: tickerList(MAX_TICKERS, {
        description: `Instead of \`ticker\`: up to ${MAX_TICKERS} instruments, comma-separated or repeated.`,
        example: "AAPL,MSFT",
      }),
      interval: withDefault(
        str(
          {
            description:
              "Bar interval: `day`, `minute` or `hour` (400 otherwise). Hour bars are 60 minutes from 09:30, the last 30.",
            example: "day",
          },
          32,
        ).meta({ enum: [...INTERVALS] }),
        "day",
      ),
      interval_multiplier: withDefault(
        int(
          {
            description:
              "Minutes or hours a bar spans, grouped from 09:30 (the last bar of a day shorter); `day` takes only 1.",
            example: "1",
          },
          1,
          SESSION_MINUTES,
        ),
        1,
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
  response: z.union([
    z.object({ ticker: z.string().meta({ description: "The instrument.", example: "AAPL" }), prices: bars }),
    z.object({
      tickers: z.array(z.string()).meta({ description: "The instruments, sorted.", example: ["AAPL", "MSFT"] }),
      prices: bars,
    }),
  ]),
});

const tradingDays = dataRoute({
  path: "/prices/trading-days",
  tag: TAG,
  summary: "The trading days",
  description:
    "The days the market is open (the dates of the macro tape and of an index fund's bars): a backtest's " +
    "calendar. Ascending, up to the scenario's current_date unless `as_of` says otherwise.",
  request: {
    query: z.object({
      scenario_id: scenarioId(),
      start_date: startDate().optional(),
      end_date: endDate().optional(),
      as_of: asOf("days").optional(),
      ...page(5000, 10000),
    }),
  },
  response: z.object({
    trading_days: z.array(z.string().meta({ format: "date", example: "2023-07-03" })).meta({
      description: "Trading days, YYYY-MM-DD.",
      example: ["2023-06-30", "2023-07-03", "2023-07-05"],
    }),
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

type BarQuery = { interval: string; interval_multiplier: number; include_components: boolean };

/** The minutes an intraday bar spans, undefined for daily bars; 400 for a combination that cannot be served. */
function barMinutes(q: BarQuery): number | undefined {
  if (!(INTERVALS as readonly string[]).includes(q.interval))
    throw badRequest(`Query parameter 'interval' must be one of ${INTERVALS.join(", ")}; got '${q.interval}'`);
  if (q.interval === "day") {
    if (q.interval_multiplier !== 1)
      throw badRequest("Query parameter 'interval_multiplier' applies to minute and hour bars; a daily bar is one day");
    return undefined;
  }
  if (q.include_components) throw badRequest("Query parameter 'include_components' applies to daily bars only");
  return q.interval_multiplier * (q.interval === "hour" ? 60 : 1);
}

type Window = { start_date?: string; end_date?: string; offset: number; limit: number };

/**
 * One page of intraday bars over the instruments' windows, by ticker then time, as the rows' JSON
 * text. Every day has the same number of bars but an instant's own day (cut at it), so only the days
 * on the page are made.
 */
async function intradayPage(
  scenario: Scenario,
  symbols: string[],
  shards: DatedRows[],
  q: Window,
  minutes: number,
  instant: string | null,
): Promise<Uint8Array> {
  const perDay = Math.ceil(SESSION_MINUTES / minutes);
  const cut = instantCut(instant, minutes, perDay);
  const rows = new JsonWriter();
  let [skip, room] = [q.offset, q.limit];
  for (const [k, shard] of shards.entries()) {
    if (room <= 0) break;
    const [from, to] = shard.window(q.start_date, q.end_date);
    // Only the window's last day can be the instant's, cut short.
    const short = cut && to > from && shard.key(to - 1) === cut.day ? perDay - cut.bars : 0;
    const total = (to - from) * perDay - short;
    if (skip >= total) {
      skip -= total;
      continue;
    }
    const first = from + Math.floor(skip / perDay);
    let within = skip % perDay;
    skip = 0;
    const last = Math.min(to, first + Math.ceil((within + room) / perDay));
    const news = await sessionNews(scenario, symbols[k], shard, [first, last]);
    for (const day of shard.objects(first, last) as PriceBar[]) {
      const seed = intradaySeed(scenario.manifest.scenario.id, day.ticker, day.time);
      const made = groupBars(minuteBars(day, seed, news.get(day.time)), minutes);
      const bars = day.time === cut?.day ? made.slice(0, cut.bars) : made;
      writeBars(rows, day.ticker, day.time, bars.slice(within, within + room));
      room -= Math.min(room, bars.length - within);
      within = 0;
    }
  }
  return rows.bytes;
}

/**
 * The bars an instant shows of its own day: those ended by its time (a bar is stamped with its start
 * and shown once whole), all of them from the close on.
 */
function instantCut(instant: string | null, minutes: number, perDay: number): { day: string; bars: number } | null {
  if (!instant) return null;
  const elapsed = minutesAfterOpen(timeOfPoint(instant)!);
  const bars = elapsed >= SESSION_MINUTES ? perDay : Math.floor(Math.max(0, elapsed) / minutes);
  return { day: dayOfPoint(instant), bars };
}

/** The instruments' bars up to the horizon; 404 naming the first instrument the scenario does not hold. */
async function priceShards(scenario: Scenario, symbols: string[]): Promise<DatedRows[]> {
  const shards = await Promise.all(symbols.map((symbol) => scenario.dated(PRICES_SHARDS.prices, symbol)));
  const missing = shards.indexOf(null);
  if (missing >= 0) throw notFound(`Ticker ${symbols[missing]} not found in scenario`);
  return shards as DatedRows[];
}

const utf8 = new TextEncoder();
const CLOSE_BRACE = utf8.encode("}");
const COMMA = utf8.encode(",");

/**
 * Rows [from, to) with their components. The stored adjusted closes restate every action of the
 * scenario; they are rescaled so that only the actions gone ex by the horizon's bar (the last one)
 * are restated (a later split must not show in earlier bars). Without rescaling (the horizon is the
 * scenario's last bar, or no action came after it), each answer row is spliced from the two shards'
 * texts. Each row as the pieces of its text (jsonArray).
 */
async function withComponents(
  scenario: Scenario,
  symbol: string,
  prices: DatedRows,
  [from, to]: [number, number],
): Promise<Uint8Array[][]> {
  const components = await scenario.dated(PRICES_SHARDS.components, symbol);
  if (!components) throw notFound(`No return components for ${symbol}`);
  const horizonIndex = prices.length - 1;
  const [{ close }] = prices.objects(horizonIndex, horizonIndex + 1) as PriceBar[];
  const [{ adjusted_close }] = components.objects(horizonIndex, horizonIndex + 1) as PriceBarWithComponents[];
  const scale = close / adjusted_close;
  if (scale === 1) {
    const rows: Uint8Array[][] = [];
    for (let i = from; i < to; i++) {
      const bar = prices.json(i, i + 1);
      rows.push([bar.subarray(0, bar.byteLength - 1), COMMA, components.json(i, i + 1), CLOSE_BRACE]);
    }
    return rows;
  }
  const bars = prices.objects(from, to) as PriceBar[];
  const extra = components.objects(from, to) as Omit<PriceBarWithComponents, keyof PriceBar>[];
  return bars.map((bar, i) => {
    const row = { ...bar, ...extra[i] };
    const metadata = row.metadata;
    const previous = metadata.previous_adjusted_close;
    row.adjusted_close = roundAdjusted(row.adjusted_close * scale);
    if (typeof previous === "number") {
      metadata.previous_adjusted_close = roundAdjusted(previous * scale);
      // The identity of the components holds on the served numbers: the remainder stays stock-specific.
      const logReturn = Math.log(row.adjusted_close / (metadata.previous_adjusted_close as number));
      metadata.log_return = logReturn;
      row.idiosyncratic_return = logReturn - row.market_return - row.sector_return - row.event_return;
    }
    return [utf8.encode(JSON.stringify(row))];
  });
}

export function register(app: ApiApp): void {
  serve(
    app,
    prices,
    async (q, scenario) => {
      const symbols = q.tickers ?? [q.ticker!];
      const minutes = barMinutes(q);
      if (minutes !== undefined) {
        // An instant's own day is made from its whole daily bar, then cut at the instant.
        const whole = scenario.wholeDay();
        const shards = await priceShards(whole, symbols);
        const prices = jsonArray<IntradayBar>([
          await intradayPage(whole, symbols, shards, q, minutes, scenario.instant),
        ]);
        return q.tickers ? { tickers: q.tickers, prices } : { ticker: q.ticker!, prices };
      }
      const shards = await priceShards(scenario, symbols);
      // One page over the instruments' windows one after another: by ticker, then date.
      const runs: (Uint8Array | Uint8Array[])[] = [];
      let [skip, room] = [q.offset, q.limit];
      for (let k = 0; k < shards.length && room > 0; k++) {
        const [from, to] = shards[k].window(q.start_date, q.end_date);
        const [start, end] = pageRange(from, to, skip, room);
        skip -= start - from;
        room -= end - start;
        if (start === end) continue;
        if (q.include_components) runs.push(...(await withComponents(scenario, symbols[k], shards[k], [start, end])));
        else runs.push(shards[k].json(start, end));
      }
      const prices = jsonArray<PriceBar | PriceBarWithComponents>(runs);
      return q.tickers ? { tickers: q.tickers, prices } : { ticker: q.ticker!, prices };
    },
    (q) => {
      requireOneOf(q, ["ticker", "tickers"]);
      barMinutes(q);
      requireOrderedWindow(q.start_date, q.end_date);
    },
  );

  serve(
    app,
    tradingDays,
    async (q, scenario) => {
      // The macro tape has one row per trading day: its keys are the calendar, read without decoding a row.
      const tape = await scenario.dated(MACRO_SHARDS.macro);
      if (!tape) return { trading_days: [] };
      return { trading_days: tape.keys(...pageRange(...tape.window(q.start_date, q.end_date), q.offset, q.limit)) };
    },
    (q) => requireOrderedWindow(q.start_date, q.end_date),
  );

  serve(app, priceSnapshot, async (q, scenario) => {
    const [shard] = await priceShards(scenario, [q.ticker]);
    const last = shard.length - 1;
    if (last < 0) throw notFound(`No price bar for ${q.ticker} on or before ${q.as_of}`);
    return { snapshot: jsonObject<PriceBar>(shard.json(last, last + 1)) };
  });

  serve(app, marketSnapshot, async (q, scenario) => {
    const market = await marketDay(scenario);
    if (!market) return { as_of: scenario.asOf, snapshots: [] };
    const window = pageRange(market.from, market.to, q.offset, q.limit);
    return { as_of: scenario.asOf, snapshots: jsonArray<SnapshotRow>([market.shard.json(...window)]) };
  });

  for (const route of tickerLists) {
    serve(app, route, async (_, scenario) => ({ tickers: await scenario.instrumentTickers() }));
  }
}

/**
 * The market snapshot of the last trading day on or before the horizon: its month's shard and the
 * day's rows [from, to) (one per instrument, by ticker), or null before the first day.
 */
async function marketDay(
  scenario: Scenario,
): Promise<{ shard: DatedRows; from: number; to: number; day: string } | null> {
  const last = await scenario.lastOf(PRICES_SHARDS.marketSnapshots);
  if (!last) return null;
  const day = last.shard.key(last.index).slice(0, 10); // keys are "<day> <ticker>"
  const [from, to] = last.shard.window(`${day} `, `${day}~`);
  return { shard: last.shard, from, to, day };
}
