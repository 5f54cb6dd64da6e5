// Index funds: each tracks a cap-weighted benchmark built from the scenario's universe (the broad
// market for S&P 500 funds, one sector for sector funds). The fund's share price follows its net
// asset value: the benchmark's total return less the expense ratio, with a tiny tracking error.
// The benchmark's returns and the members' sizes come from the company pass (families/funds.ts).
import { parse } from "csv-parse/sync";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Rng } from "./rng.ts";
import type { Bar } from "./prices.ts";
import { TRADING_DAYS } from "./market.ts";
import { round2, round6 } from "./rounding.ts";

const REFDATA = fileURLToPath(new URL("../refdata/", import.meta.url));

export interface FundSpec {
  ticker: string;
  name: string;
  issuer: string;
  benchmark: string;
  /** Sector the benchmark covers; null for the broad market. */
  sector: string | null;
  expenseRatio: number;
}

/** Broad funds track the whole universe; sector funds their sector, when it has enough members. */
const SECTOR_FUNDS: Record<string, string> = {
  "Information Technology": "XLK",
  Financials: "XLF",
  Energy: "XLE",
  "Health Care": "XLV",
  "Consumer Discretionary": "XLY",
  "Consumer Staples": "XLP",
  Industrials: "XLI",
  Materials: "XLB",
  Utilities: "XLU",
  "Real Estate": "XLRE",
  "Communication Services": "XLC",
};
const BROAD_FUNDS = ["SPY", "IVV"];
const MIN_SECTOR_MEMBERS = 3;

/** Every fund a scenario may hold. */
export function allFundTickers(): string[] {
  return [...BROAD_FUNDS, ...Object.values(SECTOR_FUNDS)].sort();
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
      benchmark: `${r.benchmark_index} (scenario universe)`,
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
  holding_ticker: string;
  weight: number;
  shares: number;
  market_value: number;
}

export interface FundPath {
  spec: FundSpec;
  bars: Bar[];
  /** Benchmark level per day (starts at 1000). */
  benchmarkLevel: number[];
  /** Assets under management on the first day; holdings are sized from it. */
  aum: number;
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

/**
 * The fund's bars from its benchmark's daily returns (the cap-weighted total return of its members,
 * 0 on the first day): its net asset value is the benchmark return less fees, plus a tracking error
 * of a few bp a year.
 */
export function fundPath(spec: FundSpec, days: string[], returns: ArrayLike<number>, rng: Rng): FundPath {
  const n = days.length;
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
    const dailyVol = Math.max(1e-4, Math.abs(returns[i]) + 0.004);
    const r = Math.log(1 + returns[i]) - spec.expenseRatio / TRADING_DAYS + 0.000025 * rng.normal();
    nav *= Math.exp(r);
    const close = round2(nav);
    const open = round2(prevClose * Math.exp(0.3 * r + 0.1 * dailyVol * rng.normal()));
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
      },
    });
    prevClose = close;
  }
  return { spec, bars, benchmarkLevel, aum };
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
 * The fund's holdings on rebalance day `i`: its members (in ticker order) weighted by market cap,
 * `total` being the sum of their caps, and sized to the fund's value that day.
 */
export function composition(fund: FundPath, i: number, members: MemberSize[], total: number): Composition {
  const fundValue = fund.aum * (fund.bars[i].close / fund.bars[0].close);
  return {
    as_of: fund.bars[i].time,
    holdings: members.map(({ ticker, cap, close }) => {
      const weight = cap / total;
      const shares = Math.round((weight * fundValue) / close);
      return { holding_ticker: ticker, weight: round6(weight), shares, market_value: round2(shares * close) };
    }),
  };
}
