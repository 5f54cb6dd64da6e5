// The cross-section of stock returns (docs/realism.md, "The cross-section": pairwise correlations,
// sector blocks, betas, the market's share of variance, the top eigenvalue), in O(stocks x days) time
// and with memory that does not grow with the number of stocks. No correlation matrix is formed:
//
// - with u_i the return series of stock i centred and scaled to unit length, corr(i, j) = u_i . u_j,
//   so the sum of the correlations over the pairs of a set of stocks is (|sum of their u|^2 - size) / 2.
//   Mean pairwise, within-sector and across-sector correlations (of returns and of market residuals)
//   are exact from the sum of u over all stocks and over each sector, accumulated stock by stock;
// - the top eigenvalue of the correlation matrix C = U'U is found by power iteration with
//   C v = U'(U v), one pass over the stocks' series per step, from the same start (the all-equal
//   vector, close to the market mode) and to the same tolerance as on the matrix.
//
// Stocks stream past once (`add`); the statistics that need the index (betas, residuals) and the
// eigenvalue's passes read their return series back from a scratch spill in `finish`.
import type { ValidationCheck } from "../../../src/bundle/types.ts";
import type { Checker } from "../../ground/family.ts";
import type { Company, World } from "../registry.ts";
import { corr, logReturns, mean, median, sd } from "../../models/statistics.ts";
import { memoryScratch, type RecordSpill, type Scratch } from "../../ground/scratch.ts";
import { fmt } from "../../models/rounding.ts";
import { bandCheck, skipped, type Band } from "../../realism/bands.ts";
import { commonLength, LONG_SAMPLE, TRADING_DAYS, type StockSeries } from "./series.ts";
import { CapWeightedIndex } from "./realism-returns.ts";

const FAMILY = "realism_tier2";
/** Rolling windows of corr_rises_with_vol: 63 days, stepped monthly. */
const WINDOW = 63;
const STEP = 21;
/** Power iteration: the matrix version's tolerance; steps are passes over the spill, so bounded. */
const EIGEN_TOLERANCE = 1e-12;
const EIGEN_MAX_STEPS = 200;

/** x centred and scaled to unit length (dot products of two are correlations), or null when constant. */
function unitColumn(x: ArrayLike<number>): Float64Array | null {
  const values = Array.from(x);
  const m = mean(values);
  const s = sd(values) * Math.sqrt(values.length - 1);
  return s > 0 ? Float64Array.from(values, (v) => (v - m) / s) : null;
}

function addTo(sum: Float64Array, u: ArrayLike<number>): void {
  for (let t = 0; t < sum.length; t++) sum[t] += u[t];
}

function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let s = 0;
  for (let t = 0; t < a.length; t++) s += a[t] * b[t];
  return s;
}

/** Sum of unit columns of a set of stocks: the sum of their pairwise correlations is (|sum|^2 - count) / 2. */
class UnitSum {
  count = 0;
  readonly sum: Float64Array;
  constructor(length: number) {
    this.sum = new Float64Array(length);
  }
  add(u: ArrayLike<number>) {
    this.count++;
    addTo(this.sum, u);
  }
  /** Sum of the correlations over its pairs. */
  pairSum(): number {
    let total = 0;
    for (const s of this.sum) total += s * s;
    return (total - this.count) / 2;
  }
  pairs(): number {
    return (this.count * (this.count - 1)) / 2;
  }
  /** Mean correlation over its pairs (NaN for fewer than two stocks). */
  meanCorr(): number {
    return this.count < 2 ? NaN : this.pairSum() / this.pairs();
  }
}

/** Over all stocks and by sector: mean correlation within sectors and across them. */
class SectorBlocks {
  readonly all: UnitSum;
  private readonly bySector = new Map<string, UnitSum>();
  private readonly length: number;
  constructor(length: number) {
    this.length = length;
    this.all = new UnitSum(length);
  }
  add(sector: string, u: ArrayLike<number>) {
    this.all.add(u);
    let block = this.bySector.get(sector);
    if (!block) this.bySector.set(sector, (block = new UnitSum(this.length)));
    block.add(u);
  }
  means(): { within: number; across: number } {
    let withinSum = 0;
    let withinPairs = 0;
    for (const block of this.bySector.values()) {
      withinSum += block.pairSum();
      withinPairs += block.pairs();
    }
    const acrossPairs = this.all.pairs() - withinPairs;
    return {
      within: withinPairs > 0 ? withinSum / withinPairs : NaN,
      across: acrossPairs > 0 ? (this.all.pairSum() - withinSum) / acrossPairs : NaN,
    };
  }
}

const ROWS: { name: string; what: (long: boolean) => string; band: (long: boolean) => Band }[] = [
  {
    name: "avg_pairwise_corr",
    what: (long) => `mean pairwise daily correlation (${long ? "full-sample" : "short-sample"} band)`,
    // A short sample may be one calm or one crisis year: accept the whole range between them.
    band: (long) => (long ? { min: 0.25, max: 0.45 } : { min: 0.1, max: 0.7 }),
  },
  {
    name: "corr_rises_with_vol",
    what: () => "corr(avg pairwise corr, market vol) over rolling 63-day windows",
    band: () => ({ min: 0.5, max: 1 }),
  },
  {
    name: "sector_corr_gap",
    what: () => "within-sector minus across-sector mean correlation",
    band: () => ({ min: 0.05, max: null }),
  },
  {
    name: "residual_within_sector_corr",
    what: () => "within-sector mean correlation of market residuals",
    band: () => ({ min: 0.1, max: 0.4 }),
  },
  {
    name: "residual_across_sector_corr",
    what: () => "across-sector mean correlation of market residuals",
    band: () => ({ min: -0.05, max: 0.05 }),
  },
  {
    name: "beta_cap_weighted_mean",
    what: () => "cap-weighted mean beta on the index",
    band: () => ({ min: 0.9, max: 1.1 }),
  },
  { name: "beta_cross_sectional_sd", what: () => "cross-sectional sd of betas", band: () => ({ min: 0.25, max: 0.5 }) },
  { name: "median_r2_on_market", what: () => "median R^2 on the market", band: () => ({ min: 0.25, max: 0.5 }) },
  {
    name: "top_eigenvalue_share",
    what: () => "top eigenvalue share of the correlation matrix trace",
    band: () => ({ min: 0.25, max: 0.5 }),
  },
];

/** The cross-section of `n` days of stocks, fed one stock at a time. */
export class CrossSection {
  /** Daily returns per stock. */
  private readonly T: number;
  private stocks = 0;
  private readonly blocks: SectorBlocks;
  /** Per rolling window: the sum of the stocks' unit columns over it. */
  private readonly windows: UnitSum[] = [];
  /** Per usable stock, in order: sector and mean market cap; returns and unit columns in `spill`. */
  private readonly sectors: string[] = [];
  private readonly caps: number[] = [];
  private spill: RecordSpill | undefined;
  private readonly n: number;
  private readonly scratch: Scratch;

  constructor(n: number, scratch: Scratch) {
    this.n = n;
    this.scratch = scratch;
    this.T = Math.max(0, n - 1);
    this.blocks = new SectorBlocks(this.T);
    for (let start = 0; start + WINDOW <= this.T; start += STEP) this.windows.push(new UnitSum(WINDOW));
  }

  add(s: StockSeries): void {
    this.stocks++;
    // Stocks with a missing price or a constant series have no correlations.
    const r = logReturns(s.adjClose.slice(0, this.n));
    if (r.length !== this.T || !r.every(Number.isFinite)) return;
    const u = unitColumn(r);
    if (!u) return;
    this.blocks.add(s.sector, u);
    this.windows.forEach((window, k) => {
      const w = unitColumn(r.slice(k * STEP, k * STEP + WINDOW));
      if (w) window.add(w);
    });
    this.spill ??= this.scratch.records(2 * this.T);
    const record = new Float64Array(2 * this.T);
    record.set(r);
    record.set(u, this.T);
    this.spill.append(record);
    this.sectors.push(s.sector);
    this.caps.push(mean(s.marketCap.slice(0, this.n).filter((v) => v > 0)));
  }

  /** The checks, given the index's daily returns. */
  finish(market: number[]): ValidationCheck[] {
    const long = this.n >= LONG_SAMPLE;
    const usable = this.sectors.length;
    const rows = ROWS.map((row) => ({ name: row.name, what: row.what(long), band: row.band(long) }));
    const skipAll = (reason: string) => rows.map((row) => skipped(FAMILY, row.name, row.band, row.what, reason));
    if (usable < 3) return skipAll(`needs 3 stocks with clean returns, have ${usable}`);
    if (this.T < WINDOW) return skipAll(`needs 63 daily returns, have ${this.T}`);
    if (!market.every(Number.isFinite) || !(sd(market) > 0)) return skipAll("index returns not computable");

    const dropped = this.stocks - usable;
    const of = `${usable} stocks${dropped > 0 ? ` (${dropped} with missing or constant prices left out)` : ""}`;
    const out = new Map<string, ValidationCheck>();
    const put = (name: string, value: number, extra = "") => {
      const row = rows.find((x) => x.name === name)!;
      out.set(name, bandCheck(FAMILY, name, row.band, value, `${row.what}${extra}, ${of}`));
    };
    const skip = (name: string, reason: string) => {
      const row = rows.find((x) => x.name === name)!;
      out.set(name, skipped(FAMILY, name, row.band, row.what, reason));
    };

    put("avg_pairwise_corr", this.blocks.all.meanCorr());

    // Eight windows at least for a correlation across them to mean anything.
    const avgCorrs = this.windows.map((w) => w.meanCorr());
    const vols = this.windows.map((_, k) => sd(market.slice(k * STEP, k * STEP + WINDOW)));
    if (avgCorrs.length >= 8) put("corr_rises_with_vol", corr(avgCorrs, vols), ` (${avgCorrs.length} windows)`);
    else skip("corr_rises_with_vol", `needs 8 rolling windows (210 daily returns), have ${avgCorrs.length}`);

    const onMarket = this.onMarket(market);
    const raw = this.blocks.means();
    if (Number.isFinite(raw.within) && Number.isFinite(raw.across)) {
      put("sector_corr_gap", raw.within - raw.across, ` (within ${fmt(raw.within)}, across ${fmt(raw.across)})`);
      put("residual_within_sector_corr", onMarket.residual.within);
      put("residual_across_sector_corr", onMarket.residual.across);
    } else {
      for (const name of ["sector_corr_gap", "residual_within_sector_corr", "residual_across_sector_corr"]) {
        skip(name, "needs two sectors and a sector with two stocks");
      }
    }
    put("beta_cap_weighted_mean", onMarket.capWeightedBeta);
    put("beta_cross_sectional_sd", sd(onMarket.betas));
    put("median_r2_on_market", median(onMarket.r2));
    put("top_eigenvalue_share", this.topEigenvalue() / usable);
    return rows.map((row) => out.get(row.name)!);
  }

  /** A pass over the stocks against the index: betas, R^2, the cap-weighted mean beta and residual correlations. */
  private onMarket(market: number[]) {
    const T = this.T;
    const mVar = sd(market) ** 2;
    const mMean = mean(market);
    const betas: number[] = [];
    const r2: number[] = [];
    const residual = new SectorBlocks(T);
    let degenerate = false;
    let capTotal = 0;
    let weighted = 0;
    let i = 0;
    for (const record of this.spill!.read()) {
      const r = record.subarray(0, T);
      const rMean = mean(Array.from(r));
      let cov = 0;
      for (let t = 0; t < T; t++) cov += (r[t] - rMean) * (market[t] - mMean);
      const beta = cov / (T - 1) / mVar;
      const alpha = rMean - beta * mMean;
      const u = unitColumn(r.map((v, t) => v - alpha - beta * market[t]));
      if (u) residual.add(this.sectors[i], u);
      else degenerate = true;
      // Weights: each stock's average market cap over the sample.
      const cap = this.caps[i];
      capTotal += Number.isFinite(cap) ? cap : 0;
      weighted += Number.isFinite(cap) ? cap * beta : 0;
      betas.push(beta);
      r2.push(corr(Array.from(r), market) ** 2);
      i++;
    }
    return {
      betas,
      r2,
      capWeightedBeta: weighted / capTotal,
      residual: degenerate ? { within: NaN, across: NaN } : residual.means(),
    };
  }

  /**
   * Largest eigenvalue of the correlation matrix U'U by power iteration without the matrix: with
   * y = U v (a day series), each step is one pass computing w_i = u_i . y and U w.
   */
  private topEigenvalue(): number {
    const T = this.T;
    // y = U v for the start v = (1, ..., 1) / sqrt(n).
    let y = this.blocks.all.sum.map((s) => s / Math.sqrt(this.blocks.all.count));
    let lambda = 0;
    for (let step = 0; step < EIGEN_MAX_STEPS; step++) {
      const next = new Float64Array(T);
      let norm = 0;
      for (const record of this.spill!.read()) {
        const u = record.subarray(T);
        const w = dot(u, y);
        norm += w * w;
        for (let t = 0; t < T; t++) next[t] += w * u[t];
      }
      norm = Math.sqrt(norm);
      if (!(norm > 0)) return NaN;
      y = next.map((v) => v / norm);
      const done = Math.abs(norm - lambda) <= EIGEN_TOLERANCE * norm;
      lambda = norm;
      if (done) break;
    }
    return lambda;
  }
}

export function crossSectionChecks(stocks: StockSeries[]): ValidationCheck[] {
  const n = commonLength(stocks);
  const index = new CapWeightedIndex(n);
  const section = new CrossSection(n, memoryScratch());
  for (const s of stocks) {
    index.add(s);
    section.add(s);
  }
  return section.finish(index.series().r);
}

/**
 * Index weights on the first day: in a broad world (100 companies or more) no single name above 8%,
 * as in the real S&P 500 of every era (its largest weight peaked near 7%).
 */
export class IndexWeights {
  private total = 0;
  private largest = { ticker: "", cap: 0 };
  private companies = 0;

  add({ ticker, close, marketCap }: StockSeries): void {
    if (close.length === 0) return;
    const cap = marketCap[0];
    this.total += cap;
    this.companies++;
    if (cap > this.largest.cap) this.largest = { ticker, cap };
  }

  check(): ValidationCheck {
    const band = { min: null, max: 0.08 };
    const what = `largest index weight on the first day (${this.largest.ticker}), ${this.companies} companies`;
    return this.companies < 100
      ? skipped(FAMILY, "index_max_weight", band, what, "fewer than 100 companies: a narrow universe")
      : bandCheck(FAMILY, "index_max_weight", band, this.largest.cap / this.total, what, true);
  }
}

export interface FundSeries {
  ticker: string;
  close: number[];
  benchmarkLevel: number[];
  expenseRatio: number;
}

/** Annualized tracking error and return shortfall less the expense ratio, medians across funds. */
export function fundChecks(funds: FundSeries[]): ValidationCheck[] {
  const te = { min: 0.0001, max: 0.001 };
  const shortfall = { min: -0.002, max: 0.002 };
  if (!funds.length) {
    return [
      skipped(FAMILY, "fund_tracking_error", te, "annualized tracking error", "no index funds"),
      skipped(
        FAMILY,
        "fund_shortfall_vs_expense_ratio",
        shortfall,
        "annual return shortfall less expense ratio",
        "no index funds",
      ),
    ];
  }
  const errors: number[] = [];
  const gaps: number[] = [];
  for (const f of funds) {
    const diff = logReturns(f.close).map((r, i) => r - Math.log(f.benchmarkLevel[i + 1] / f.benchmarkLevel[i]));
    errors.push(sd(diff) * Math.sqrt(TRADING_DAYS));
    const years = diff.length / TRADING_DAYS;
    gaps.push(-diff.reduce((a, b) => a + b, 0) / years - f.expenseRatio);
  }
  return [
    bandCheck(
      FAMILY,
      "fund_tracking_error",
      te,
      median(errors),
      `median annualized tracking error of ${funds.length} funds`,
      true,
    ),
    bandCheck(
      FAMILY,
      "fund_shortfall_vs_expense_ratio",
      shortfall,
      median(gaps),
      "median annual shortfall less expense ratio",
      true,
    ),
  ];
}

/** The index funds against their benchmarks. */
export function fundTracking(): Checker<World, Company> {
  return {
    finish: (world) =>
      fundChecks(
        world.funds.map((f) => ({
          ticker: f.spec.ticker,
          close: f.bars.map((b) => b.close),
          benchmarkLevel: f.benchmarkLevel,
          expenseRatio: f.spec.expenseRatio,
        })),
      ),
  };
}
