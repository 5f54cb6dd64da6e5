// Every traded instrument's daily bars (stocks, index funds, warrants): a price shard and a
// components shard per instrument, the market snapshot of all of them by day (a shard a month), and the invariants
// every bar must satisfy. A family of instruments adds its bars to `instrumentBars`.
import type { Row } from "../../src/bundle/shard.ts";
import { monthOf, SHARDS } from "../../src/bundle/shards.ts";
import type { ValidationCheck } from "../../src/bundle/types.ts";
import { isTradingDay } from "../calendar.ts";
import type { Bar } from "../generate/prices.ts";
import type { Calendar, Family } from "./family.ts";
import type { Funds } from "./funds.ts";
import { groupBy, toRows } from "./rows.ts";
import type { Stocks } from "./stocks.ts";
import { ruleCheck } from "./tier0.ts";
import type { Warrants } from "./warrants.ts";

type Reads = Calendar & Stocks & Funds & Warrants;

/** Ticker -> bars of every instrument, sorted by ticker. */
export function instrumentBars(world: Stocks & Funds & Warrants): Map<string, Bar[]> {
  const out = new Map<string, Bar[]>();
  for (const [t, s] of world.stocks) out.set(t, s.bars);
  for (const f of world.funds) out.set(f.spec.ticker, f.bars);
  for (const w of world.warrants) out.set(w.instrument.ticker, w.bars);
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : 1)));
}

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

/** Every instrument's bar of every day, one row per day and ticker (the snapshot shards' columns). */
function marketSnapshotRows(world: Reads, bars: Map<string, Bar[]>): Row[] {
  return world.days.flatMap((day, t) =>
    [...bars].map(([ticker, series]) => {
      const bar = series[t];
      const prevClose = t > 0 ? series[t - 1].close : bar.open;
      const change = Math.round((bar.close - prevClose) * 100) / 100;
      const shares = world.stocks.get(ticker)?.shares[t];
      const marketCap = shares === undefined ? null : Math.round(bar.close * shares);
      return [
        day,
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
    }),
  );
}

function barRule(
  name: string,
  rule: string,
  bars: Map<string, Bar[]>,
  bad: (bar: Bar, prev: Bar | undefined) => boolean,
): ValidationCheck {
  const violations: string[] = [];
  let rows = 0;
  for (const [ticker, series] of bars) {
    series.forEach((bar, i) => {
      rows++;
      if (bad(bar, series[i - 1])) violations.push(`${ticker} ${bar.time}`);
    });
  }
  return ruleCheck(name, "prices", violations, rows, rule);
}

function barChecks(bars: Map<string, Bar[]>): ValidationCheck[] {
  return [
    barRule(
      "ohlc_ordering",
      "low <= min(open, close) <= max(open, close) <= high",
      bars,
      (b) => !(b.low <= Math.min(b.open, b.close) && Math.max(b.open, b.close) <= b.high),
    ),
    barRule(
      "prices_positive",
      "open, high, low, close > 0",
      bars,
      (b) => !(b.open > 0 && b.high > 0 && b.low > 0 && b.close > 0),
    ),
    barRule(
      "volume_integer_nonnegative",
      "volume is an integer >= 0",
      bars,
      (b) => !(Number.isInteger(b.volume) && b.volume >= 0),
    ),
    barRule(
      "bars_on_trading_days",
      "one bar per trading day, ascending",
      bars,
      (b, prev) => !isTradingDay(b.time) || (prev !== undefined && prev.time >= b.time),
    ),
    barRule(
      "return_components_identity",
      "market + sector + idiosyncratic + event return = ln(adjusted_close / previous adjusted_close)",
      bars,
      (b) => {
        const prevAdj = b.metadata.previous_adjusted_close as number;
        const logReturn = Math.log(b.adjusted_close / prevAdj);
        return Math.abs(b.market_return + b.sector_return + b.idiosyncratic_return + b.event_return - logReturn) > 1e-9;
      },
    ),
  ];
}

export const prices: Family<Reads, object> = {
  name: "prices",
  generate: () => ({}),
  context: () => ({}),
  shards: (world, emit) => {
    const bars = instrumentBars(world);
    for (const [ticker, series] of bars) {
      emit(SHARDS.prices, ticker, toRows(SHARDS.prices.columns, series));
      emit(SHARDS.components, ticker, toRows(SHARDS.components.columns, series));
    }
    for (const [month, rows] of groupBy(marketSnapshotRows(world, bars), (r) => monthOf(r[0] as string))) {
      emit(SHARDS.marketSnapshots, month, rows);
    }
  },
  checks: (world) => barChecks(instrumentBars(world)),
};
