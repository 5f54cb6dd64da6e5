// Every traded instrument's daily bars (stocks, index funds, warrants): a price shard and a
// components shard per instrument, its rows of the market snapshots (a shard a month, assembled from
// every instrument after the company pass), and the invariants every bar must satisfy. Stocks' bars
// come with each company; a family of other instruments adds its bars to `otherBars`.
import type { Row } from "../../../src/bundle/shard.ts";
import { monthOf } from "../../../src/bundle/shards.ts";
import { SHARDS } from "../../../src/families/shards.ts";
import { isTradingDay } from "../../models/calendar.ts";
import type { Bar } from "../../models/prices.ts";
import { round4 } from "../../models/rounding.ts";
import type { Calendar, Checker, CompanyBase, Family, ShardSink } from "../../ground/family.ts";
import type { Funds } from "../funds/family.ts";
import { groupBy, toRows } from "../../ground/rows.ts";
import type { Stock } from "../stocks/family.ts";
import { RuleTally } from "../../ground/rules.ts";
import type { Warrants } from "../warrants/family.ts";

type Reads = Calendar & Funds & Warrants;

/** Ticker -> bars of the instruments that are not companies' stocks. */
export function otherBars(world: Funds & Warrants): Map<string, Bar[]> {
  const out = new Map<string, Bar[]>();
  for (const f of world.funds) out.set(f.spec.ticker, f.bars);
  for (const w of world.warrants) out.set(w.instrument.ticker, w.bars);
  return out;
}

/** An instrument's bar of every day, one row per day (the snapshot shards' columns). */
function snapshotRows(ticker: string, bars: Bar[], shares: number[] | undefined): Row[] {
  return bars.map((bar, t) => {
    const prevClose = t > 0 ? bars[t - 1].close : bar.open;
    const change = Math.round((bar.close - prevClose) * 100) / 100;
    const marketCap = shares === undefined ? null : Math.round(bar.close * shares[t]);
    return [
      bar.time,
      ticker,
      bar.open,
      bar.high,
      bar.low,
      bar.close,
      bar.volume,
      change,
      round4((change / prevClose) * 100),
      marketCap,
    ];
  });
}

function emitBars(emit: ShardSink, ticker: string, bars: Bar[], shares?: number[]): void {
  emit.write(SHARDS.prices, ticker, toRows(SHARDS.prices.columns, bars));
  emit.write(SHARDS.components, ticker, toRows(SHARDS.components.columns, bars));
  for (const [month, rows] of groupBy(snapshotRows(ticker, bars, shares), (r) => monthOf(r[0] as string))) {
    emit.append(SHARDS.marketSnapshots, month, rows);
    // A company's close and market cap of each day, merged into one row per day of every company.
    if (shares)
      emit.append(
        SHARDS.closes,
        month,
        rows.map((r) => [r[0], ticker, r[5], r[9]]),
      );
  }
}

/** A company's rows of the daily closes for the days it is not in the world: none traded, each day keeps its place. */
function emitAbsentCloses(emit: ShardSink, ticker: string, days: string[]): void {
  for (const [month, list] of groupBy(days, monthOf))
    emit.append(
      SHARDS.closes,
      month,
      list.map((d) => [d, ticker, null, null]),
    );
}

const BAR_RULES: { name: string; rule: string; bad: (bar: Bar, prev: Bar | undefined) => boolean }[] = [
  {
    name: "ohlc_ordering",
    rule: "low <= min(open, close) <= max(open, close) <= high",
    bad: (b) => !(b.low <= Math.min(b.open, b.close) && Math.max(b.open, b.close) <= b.high),
  },
  {
    name: "prices_positive",
    rule: "open, high, low, close > 0",
    bad: (b) => !(b.open > 0 && b.high > 0 && b.low > 0 && b.close > 0),
  },
  {
    name: "volume_integer_nonnegative",
    rule: "volume is an integer >= 0",
    bad: (b) => !(Number.isInteger(b.volume) && b.volume >= 0),
  },
  {
    name: "bars_on_trading_days",
    rule: "one bar per trading day, ascending",
    bad: (b, prev) => !isTradingDay(b.time) || (prev !== undefined && prev.time >= b.time),
  },
  {
    name: "return_components_identity",
    rule: "market + sector + idiosyncratic + event return = ln(adjusted_close / previous adjusted_close)",
    bad: (b) => {
      const prevAdj = b.metadata.previous_adjusted_close as number;
      const logReturn = Math.log(b.adjusted_close / prevAdj);
      return Math.abs(b.market_return + b.sector_return + b.idiosyncratic_return + b.event_return - logReturn) > 1e-9;
    },
  },
];

/** The bar rules over every instrument; violations are named in ticker order whatever order instruments came in. */
function barChecks(): Checker<Reads, CompanyBase & Stock> {
  const tallies = BAR_RULES.map(({ name, rule }) => new RuleTally(name, "prices", rule));
  const check = (ticker: string, bars: Bar[]) =>
    BAR_RULES.forEach(({ bad }, k) => {
      const tally = tallies[k];
      bars.forEach((bar, i) => {
        tally.rows++;
        if (bad(bar, bars[i - 1])) tally.violation(`${ticker} ${bar.time}`);
      });
    });
  return {
    company: ({ facts, stock }) => check(facts.ticker, stock.bars.slice(stock.first ?? 0)),
    finish: (world) => {
      for (const [ticker, bars] of otherBars(world)) check(ticker, bars);
      return tallies.map((t) => t.check());
    },
  };
}

export const prices: Family<Reads, object, Stock> = {
  name: "prices",
  context: () => ({}),
  // A company that lists inside the world has bars from its first day; the closes keep a place for
  // every day it does not trade, before its listing and after it leaves.
  companyShards: ({ days }, { facts, stock }, emit) => {
    const first = Math.min(stock.first ?? 0, stock.bars.length);
    emitBars(emit, facts.ticker, stock.bars.slice(first), stock.shares.slice(first));
    emitAbsentCloses(emit, facts.ticker, [...days.slice(0, first), ...days.slice(stock.bars.length)]);
  },
  shards: (world, emit) => {
    for (const [ticker, bars] of otherBars(world)) emitBars(emit, ticker, bars);
  },
  companyChecks: barChecks,
};
