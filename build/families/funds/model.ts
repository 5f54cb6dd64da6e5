// Index funds: each tracks a benchmark of the whole market the scenario's universe is a part of (the
// broad market for S&P 500 funds, one sector for sector funds). The benchmark follows the hidden
// market factor (and the sector's factor), whose total return it is; the fund's share price follows
// its net asset value, the benchmark less the expense ratio with a tiny tracking error. Its holdings
// are the world's companies at their weights in that market, which sum to less than one: the rest
// is one line for the constituents outside the world.
import { parse } from "csv-parse/sync";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Rng } from "../../ground/rng.ts";
import { marketEventOf, type Bar } from "../../models/prices.ts";
import { MARKET_DIVIDEND_YIELD, TRADING_DAYS, type MarketFactor, type SectorFactor } from "../../models/market.ts";
import { round2, round6 } from "../../models/rounding.ts";
import { BROAD_FUNDS, MIN_SECTOR_MEMBERS, SECTOR_FUNDS } from "../../models/fund-universe.ts";

const REFDATA = fileURLToPath(new URL("../../refdata/", import.meta.url));

export interface FundSpec {
  ticker: string;
  name: string;
  issuer: string;
  benchmark: string;
  /** Sector the benchmark covers; null for the broad market. */
  sector: string | null;
  expenseRatio: number;
}

export function fundSpecs(sectorCounts: Map<string, number>): FundSpec[] {
  const rows = parse(readFileSync(REFDATA + "etfs_major.csv", "utf8"), { columns: true }) as Record<string, string>[];
  const byTicker = new Map(rows.map((r) => [r.ticker, r]));
  const spec = (ticker: string, sector: string | null): FundSpec => {
    const r = byTicker.get(ticker)!;
    return {
      ticker,
      name: r.name,
      issuer: r.issuer,
      benchmark: `${r.benchmark_index} (scenario market)`,
      sector,
      expenseRatio: (Number(r.expense_ratio_pct) || (sector ? 0.09 : 0.05)) / 100,
    };
  };
  const sectorFunds = Object.entries(SECTOR_FUNDS)
    .filter(([sector]) => (sectorCounts.get(sector) ?? 0) >= MIN_SECTOR_MEMBERS)
    .map(([sector, ticker]) => spec(ticker, sector));
  return [...BROAD_FUNDS.map((t) => spec(t, null)), ...sectorFunds];
}

export interface FundHolding {
  /** Null for the one line of the constituents outside the world, together. */
  holding_ticker: string | null;
  weight: number;
  /** Null for the constituents outside the world. */
  shares: number | null;
  market_value: number;
}

export interface FundPath {
  spec: FundSpec;
  bars: Bar[];
  /** Benchmark level per day (starts at 1000). */
  benchmarkLevel: number[];
  /** Assets under management on the first day; holdings are sized from it. */
  aum: number;
  /** Market cap of the benchmark's whole market per day (USD): what its members' weights divide. */
  indexCap: number[];
}

export interface Composition {
  as_of: string;
  holdings: FundHolding[];
}

/** A member's size on a rebalance day. */
export interface MemberSize {
  ticker: string;
  /** Market cap (close x shares outstanding). */
  cap: number;
  close: number;
}

/** A benchmark's daily log total returns and their conditional daily volatility. */
export interface BenchmarkPath {
  returns: number[];
  vol: number[];
  /** Part of `returns` from market-wide events public during the session (prices.ts marketEventOf). */
  sessionEventReturns: number[];
}

/**
 * The benchmark's daily log total return: the market factor's for a broad fund; for a sector fund,
 * the economy's trend plus the sector's beta times the market's swings around it, plus the sector's
 * own factor and the part of the scenario's tilt its businesses carry (`businessTilt`, log a year:
 * margins, share counts and sales; the rerating is in the factor).
 */
export function benchmarkPath(
  market: MarketFactor,
  sector?: { factor: SectorFactor; beta: number; businessTilt: number },
): BenchmarkPath {
  if (!sector)
    return {
      returns: market.returns.slice(),
      vol: market.vol.slice(),
      sessionEventReturns: market.sessionEventReturns,
    };
  const { factor, beta, businessTilt } = sector;
  return {
    sessionEventReturns: market.sessionEventReturns.map((r) => beta * r),
    returns: market.returns.map(
      (m, t) => market.trend[t] + beta * (m - market.trend[t]) + factor.returns[t] + businessTilt / TRADING_DAYS,
    ),
    vol: market.vol.map((v, t) => Math.hypot(beta * v, factor.vol[t])),
  };
}

/**
 * The largest share of its benchmark's market the world's members may start at: a world of as many
 * companies as the index is sized as this part of a larger market, so it stays a part of it.
 */
export const MAX_START_COVERAGE = 0.85;

/**
 * The market cap of the benchmark's whole market per day: the members' caps plus the constituents
 * outside the world, which start at the rest of the market's real size on the first day (at least
 * 1 - MAX_START_COVERAGE of it) and move with the benchmark's price return (its total return less
 * the market's dividend yield). So the members always weigh less than one, and each day's weights
 * use that day's caps only.
 */
export function indexCapPath(startCap: number, logReturns: readonly number[], membersCap: ArrayLike<number>): number[] {
  let outside = Math.max(startCap - membersCap[0], (membersCap[0] * (1 - MAX_START_COVERAGE)) / MAX_START_COVERAGE);
  return logReturns.map((r, t) => {
    if (t > 0) outside *= Math.exp(r - MARKET_DIVIDEND_YIELD / TRADING_DAYS);
    return membersCap[t] + outside;
  });
}

/**
 * The fund's bars from its benchmark's daily log returns (the first day's is ignored: the benchmark
 * starts at 1000 there): its net asset value is the benchmark return less fees, plus a tracking
 * error of a few bp a year. Its open gaps from the last close by part of the day's move plus
 * noise at the benchmark's volatility, as a stock's does (prices.ts).
 */
export function fundPath(
  spec: FundSpec,
  days: string[],
  benchmark: BenchmarkPath,
  indexCap: number[],
  rng: Rng,
): FundPath {
  const n = days.length;
  const returns = benchmark.returns.map((r, i) => (i === 0 ? 0 : Math.expm1(r)));
  const benchmarkLevel: number[] = [];
  let level = 1000;
  for (let i = 0; i < n; i++) {
    level *= 1 + returns[i];
    benchmarkLevel.push(round6(level));
  }

  const aum = Math.exp(rng.between(Math.log(5e9), Math.log(4e11)));
  let nav = Math.exp(rng.between(Math.log(60), Math.log(450)));
  const bars: Bar[] = [];
  let prevClose = nav;
  for (let i = 0; i < n; i++) {
    const dailyVol = benchmark.vol[i];
    const r = Math.log(1 + returns[i]) - spec.expenseRatio / TRADING_DAYS + 0.000025 * rng.normal();
    nav *= Math.exp(r);
    const close = round2(nav);
    const open = round2(prevClose * Math.exp(0.4 * r + 0.3 * dailyVol * rng.normal()));
    const high = Math.max(open, close, round2(Math.max(open, close) * Math.exp(0.5 * dailyVol * rng.uniform())));
    const low = Math.min(open, close, round2(Math.min(open, close) * Math.exp(-0.5 * dailyVol * rng.uniform())));
    const logReturn = Math.log(close / prevClose);
    bars.push({
      time: days[i],
      open,
      high,
      low,
      close,
      volume: Math.round((aum / nav) * 0.01 * Math.exp(0.3 * rng.normal() + 25 * Math.abs(returns[i]))),
      adjusted_close: close,
      market_return: logReturn, // a fund's whole return is its benchmark's (less fees)
      sector_return: 0,
      idiosyncratic_return: 0,
      event_return: 0,
      volatility: round6(dailyVol * Math.sqrt(TRADING_DAYS)),
      metadata: {
        benchmark: spec.benchmark,
        benchmark_level: benchmarkLevel[i],
        log_return: logReturn,
        instrument: "index_fund",
        ...marketEventOf(i === 0 ? 0 : benchmark.sessionEventReturns[i]),
      },
    });
    prevClose = close;
  }
  return { spec, bars, benchmarkLevel, aum, indexCap };
}

/** Indexes of the rebalance days: the first day and the last trading day of each quarter. */
export function rebalanceDays(days: string[]): number[] {
  const n = days.length;
  const out: number[] = [];
  days.forEach((d, i) => {
    const quarterEnd =
      i + 1 < n && days[i + 1].slice(5, 7) !== d.slice(5, 7) && ["03", "06", "09", "12"].includes(d.slice(5, 7));
    if (i === 0 || quarterEnd) out.push(i);
  });
  return out;
}

/**
 * The fund's holdings on rebalance day `i`: its members (in ticker order) at their weights in the
 * benchmark's market (cap over `indexCap`), then one line for the constituents outside the world
 * (the rest of the weight), sized to the fund's value that day.
 */
export function composition(fund: FundPath, i: number, members: MemberSize[]): Composition {
  const fundValue = fund.aum * (fund.bars[i].close / fund.bars[0].close);
  const holdings: FundHolding[] = members.map(({ ticker, cap, close }) => {
    const weight = cap / fund.indexCap[i];
    const shares = Math.round((weight * fundValue) / close);
    return { holding_ticker: ticker, weight: round6(weight), shares, market_value: round2(shares * close) };
  });
  const inWorld = members.reduce((sum, m) => sum + m.cap, 0) / fund.indexCap[i];
  holdings.push({
    holding_ticker: null,
    weight: round6(1 - inWorld),
    shares: null,
    market_value: round2((1 - inWorld) * fundValue),
  });
  return { as_of: fund.bars[i].time, holdings };
}
