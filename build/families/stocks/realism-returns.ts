// Returns of one series (docs/realism.md, "Returns of one series"): single-series facts of daily
// returns (fat tails, volatility clustering, leverage, volume), as medians across stocks and for
// the cap-weighted index, and the sectors' volatility ordering. Accumulators fed one stock at a
// time (the build streams companies), each with a function over an array of stocks beside it for
// tests.
import type { ValidationCheck } from "../../../src/bundle/types.ts";
import {
  acf,
  blockSums,
  corr,
  excessKurtosis,
  hillAlpha,
  logReturns,
  mean,
  median,
  quantile,
  sd,
  skewness,
  slope,
  zScores,
} from "../../models/statistics.ts";
import { bandCheck, skipped, type Band } from "../../realism/bands.ts";
import { commonLength, TRADING_DAYS, type StockSeries } from "./series.ts";

interface Tier1Input {
  r: number[]; // daily log returns of adjusted close
  gap: number[]; // overnight log gaps, same days as r
  range2?: number[]; // ln(high / low)^2 per day (stocks only: an index high/low is not derivable from constituents)
  volume?: { dv: number[]; absR: number[] }; // detrended log volume and the same day's abs return (stocks only)
}

interface Tier1Stat {
  name: string;
  what: string;
  stock: Band;
  index?: Band; // when the index has its own band (docs/realism.md)
  pct?: boolean;
  needs?: "range2" | "volume";
  minObs: number; // returns (or volume days) needed for a meaningful value
  undefinedMeans?: string; // why the value can be NaN on a valid series (it then fails)
  value: (s: Tier1Input) => number; // NaN when not computable
}

/** Argmax of the waiting-time density, on bins that widen with the wait (the gain side is flat and noisy). */
function mostLikelyWait(waits: readonly number[], maxWait: number): number {
  const counts = new Array<number>(maxWait + 1).fill(0);
  for (const w of waits) counts[w]++;
  let best = NaN;
  let bestDensity = -1;
  for (let start = 1; start <= maxWait;) {
    const width = Math.max(1, Math.floor(start * 0.15));
    const end = Math.min(maxWait, start + width - 1);
    let c = 0;
    for (let w = start; w <= end; w++) c += counts[w];
    const density = c / (end - start + 1);
    if (density > bestDensity) {
      bestDensity = density;
      best = (start + end) / 2;
    }
    start = end + 1;
  }
  return best;
}

/**
 * Inverse statistics (Jensen et al. 2003): from every day, the wait until the drift-free log price
 * first falls / rises by rho; returns gain mode / loss mode (> 1 when losses come faster). rho is
 * 5% for an index of ~16.7% vol (4.75 daily sd) and scaled by vol otherwise, so every series is
 * tested at the same distance in standard deviations.
 */
function gainLossRatio(r: readonly number[]): number {
  const m = mean(r);
  const x = r.map((v) => v - m);
  const rho = 4.75 * sd(r);
  const maxWait = 250;
  const losses: number[] = [];
  const gains: number[] = [];
  for (let t = 0; t < x.length; t++) {
    let cum = 0;
    let loss = 0;
    let gain = 0;
    for (let k = 1; k <= maxWait && t + k <= x.length && (loss === 0 || gain === 0); k++) {
      cum += x[t + k - 1];
      if (loss === 0 && cum <= -rho) loss = k;
      if (gain === 0 && cum >= rho) gain = k;
    }
    if (loss > 0) losses.push(loss);
    if (gain > 0) gains.push(gain);
  }
  if (losses.length < 50 || gains.length < 50) return NaN;
  return mostLikelyWait(gains, maxWait) / mostLikelyWait(losses, maxWait);
}

/**
 * Slope of log ACF(abs r) on log lag over lags 1-100, sign flipped (a decay is positive). ACFs are
 * averaged in octave bins first: single far lags are mostly noise and cannot be logged when negative.
 * NaN when a bin is not positive: there is no decay to fit (no clustering).
 */
function absAcfDecay(r: readonly number[]): number {
  const a = r.map(Math.abs);
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [lo, hi] of [
    [1, 1],
    [2, 3],
    [4, 7],
    [8, 15],
    [16, 31],
    [32, 63],
    [64, 100],
  ]) {
    const lags = Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
    const c = mean(lags.map((lag) => acf(a, lag)));
    if (!(c > 0)) return NaN;
    xs.push(mean(lags.map(Math.log)));
    ys.push(Math.log(c));
  }
  return -slope(xs, ys);
}

function tailShare(r: readonly number[], k: number): number {
  const z = zScores(r);
  return z.filter((v) => Math.abs(v) > k).length / z.length;
}

/**
 * Samples (daily returns) a long-run statistic needs before its band is judged: the shortest of
 * 1, 2, 5 and 10 years over which the real S&P 500 (1999-2018, arch's) lands in the index band in
 * at least 80% of its windows, measured by `npm run realism:discriminate` (its last table; real
 * single years: excess kurtosis in band 0%, ACF of abs returns at lag 1 21%, 3-sd share 21%). The
 * decay slope takes its lag 100's length. The stock bands take the same lengths: the same
 * statistics over a stock's own year vary as widely.
 */
const YEARS_2 = 500;
const YEARS_5 = 1250;
const YEARS_10 = 2500;

const TIER1: Tier1Stat[] = [
  {
    name: "acf_returns_lag1_10",
    what: "max abs ACF of returns over lags 1-10",
    stock: { min: 0, max: 0.1 },
    minObs: 100,
    value: (s) => Math.max(...Array.from({ length: 10 }, (_, i) => Math.abs(acf(s.r, i + 1)))),
  },
  {
    name: "excess_kurtosis",
    what: "excess kurtosis",
    stock: { min: 5, max: 25 },
    index: { min: 5, max: 20 },
    minObs: YEARS_10,
    value: (s) => excessKurtosis(s.r),
  },
  {
    name: "hill_tail_alpha",
    what: "Hill alpha on the top 5% of abs z",
    stock: { min: 2.3, max: 4 },
    minObs: YEARS_5,
    value: (s) => hillAlpha(zScores(s.r)),
  },
  {
    name: "tail_frequency_3sd",
    what: "share of days with abs z > 3",
    stock: { min: 0.012, max: 0.022 },
    pct: true,
    minObs: YEARS_5,
    value: (s) => tailShare(s.r, 3),
  },
  // At 0.15% a year of data expects 0.4 such days.
  {
    name: "tail_frequency_5sd",
    what: "share of days with abs z > 5",
    stock: { min: 0.0015, max: 0.007 },
    pct: true,
    minObs: YEARS_10,
    value: (s) => tailShare(s.r, 5),
  },
  {
    name: "skewness",
    what: "skewness",
    stock: { min: -0.6, max: 0.4 },
    index: { min: -1, max: -0.1 },
    minObs: YEARS_10,
    value: (s) => skewness(s.r),
  },
  {
    name: "acf_abs_lag1",
    what: "ACF of abs returns at lag 1",
    stock: { min: 0.15, max: 0.4 },
    minObs: YEARS_10,
    value: (s) => acf(s.r.map(Math.abs), 1),
  },
  {
    name: "acf_abs_lag10",
    what: "ACF of abs returns at lag 10",
    stock: { min: 0.12, max: 0.35 },
    minObs: YEARS_5,
    value: (s) => acf(s.r.map(Math.abs), 10),
  },
  {
    name: "acf_abs_lag100",
    what: "ACF of abs returns at lag 100",
    stock: { min: 0.04, max: 0.2 },
    minObs: YEARS_10,
    value: (s) => acf(s.r.map(Math.abs), 100),
  },
  {
    name: "abs_acf_decay_slope",
    what: "decay slope of log ACF(abs r) on log lag, lags 1-100",
    stock: { min: 0.15, max: 0.45 },
    minObs: YEARS_10,
    undefinedMeans: "ACF of abs returns not positive out to lag 100, no decay to fit",
    value: (s) => absAcfDecay(s.r),
  },
  {
    name: "leverage_corr",
    what: "corr(r_t, abs r_t+1)",
    stock: { min: -0.12, max: -0.02 },
    index: { min: -0.18, max: -0.06 },
    minObs: YEARS_2,
    value: (s) => corr(s.r.slice(0, -1), s.r.slice(1).map(Math.abs)),
  },
  // Gain/loss asymmetry is an index effect (stocks fall together); single stocks show little of
  // it, so for them the band only asks that losses are not reached more slowly than gains.
  {
    name: "gain_loss_asymmetry",
    what: "most likely wait to a gain / to a loss",
    stock: { min: 1, max: null },
    index: { min: 1.5, max: null },
    minObs: 1000,
    value: (s) => gainLossRatio(s.r),
  },
  // 20 non-overlapping 63-day sums at least: about five years.
  {
    name: "aggregational_gaussianity_63d",
    what: "excess kurtosis of 63-day return sums",
    stock: { min: 0, max: 5 },
    minObs: 63 * 20,
    value: (s) => excessKurtosis(blockSums(s.r, 63)),
  },
  {
    name: "volume_volatility_corr",
    what: "corr(detrended log volume, abs r)",
    stock: { min: 0.2, max: 0.45 },
    needs: "volume",
    minObs: 100,
    value: (s) => corr(s.volume?.dv ?? [], s.volume?.absR ?? []),
  },
  {
    name: "volume_acf_lag1",
    what: "ACF of detrended log volume at lag 1",
    stock: { min: 0.25, max: 0.55 },
    needs: "volume",
    minObs: 100,
    value: (s) => acf(s.volume?.dv ?? [], 1),
  },
  // Top 1% must hold at least 5 days.
  {
    name: "volume_on_big_moves",
    what: "volume on top-1% abs-r days / median day",
    stock: { min: 1.4, max: 2.6 },
    needs: "volume",
    minObs: 500,
    value: (s) => bigMoveVolume(s.volume?.dv ?? [], s.volume?.absR ?? []),
  },
  {
    name: "parkinson_ratio",
    what: "Parkinson variance / close-to-close variance",
    stock: { min: 0.6, max: 1 },
    needs: "range2",
    minObs: 60,
    value: (s) => mean(s.range2 ?? []) / (4 * Math.LN2) / sd(s.r) ** 2,
  },
  {
    name: "overnight_gap_share",
    what: "var(overnight gap) / var(r)",
    stock: { min: 0.15, max: 0.4 },
    minObs: 60,
    value: (s) => (sd(s.gap) / sd(s.r)) ** 2,
  },
  {
    name: "annualized_vol",
    what: "annualized volatility",
    stock: { min: 0.18, max: 0.45 },
    index: { min: 0.14, max: 0.22 },
    pct: true,
    minObs: YEARS_10,
    value: (s) => sd(s.r) * Math.sqrt(TRADING_DAYS),
  },
];

/** Mean relative volume on the top-1% abs-return days over the median day's (detrended, so trends do not count). */
function bigMoveVolume(dv: readonly number[], absR: readonly number[]): number {
  const rel = dv.map(Math.exp);
  const cut = quantile(absR, 0.99);
  const big = rel.filter((_, i) => absR[i] >= cut);
  return mean(big) / median(rel);
}

function observations(stat: Tier1Stat, s: Tier1Input): number {
  return stat.needs === "volume" ? (s.volume?.dv.length ?? 0) : s.r.length;
}

/** Daily log returns of the adjusted close and overnight gaps over the first `n` days. */
function returnsAndGaps(
  s: { open: readonly number[]; close: readonly number[]; adjClose: readonly number[] },
  n: number,
): { r: number[]; gap: number[] } {
  const r = logReturns(s.adjClose.slice(0, n));
  const gap: number[] = [];
  for (let t = 1; t < n; t++) {
    // Raw open over raw previous close, corrected by the change of the adjustment factor so a
    // split or dividend on day t is not mistaken for a gap (no correction without actions).
    const factor = s.adjClose[t] / s.close[t] / (s.adjClose[t - 1] / s.close[t - 1]);
    gap.push(Math.log((s.open[t] / s.close[t - 1]) * factor));
  }
  return { r, gap };
}

function stockInput(s: StockSeries, n: number): Tier1Input {
  const { r, gap } = returnsAndGaps(s, n);
  const range2: number[] = [];
  for (let t = 1; t < n; t++) range2.push(Math.log(s.high[t] / s.low[t]) ** 2);
  // Log volume minus its 63-day trailing mean (this day included): removes growth and regime drift.
  const window = 63;
  const lv = s.volume.slice(0, n).map((v) => Math.log(1 + Math.max(0, v)));
  const dv: number[] = [];
  const absR: number[] = [];
  let sum = 0;
  for (let t = 0; t < n; t++) {
    sum += lv[t];
    if (t >= window) sum -= lv[t - window];
    if (t >= window - 1 && t >= 1) {
      dv.push(lv[t] - sum / window);
      absR.push(Math.abs(r[t - 1]));
    }
  }
  return { r, gap, range2, volume: { dv, absR } };
}

/** Tier 1 statistics of each stock as stocks stream past, reported as medians across stocks. */
export class StockStats {
  private stocks = 0;
  /** Per statistic: stocks long enough for it, their finite values, the most observations seen. */
  private readonly perStat = TIER1.map(() => ({ have: 0, values: [] as number[], most: 0 }));

  /** Days of the sample (series are cut to it). */
  private readonly n: number;

  constructor(n: number) {
    this.n = n;
  }

  add(s: StockSeries): void {
    this.stocks++;
    const input = stockInput(s, this.n);
    TIER1.forEach((stat, k) => {
      const acc = this.perStat[k];
      const observed = observations(stat, input);
      acc.most = Math.max(acc.most, observed);
      if (observed < stat.minObs) return;
      acc.have++;
      const value = stat.value(input);
      if (Number.isFinite(value)) acc.values.push(value);
    });
  }

  checks(): ValidationCheck[] {
    const family = "realism_tier1";
    return TIER1.map((stat, k) => {
      const { have, values, most } = this.perStat[k];
      if (have === 0) {
        return skipped(
          family,
          stat.name,
          stat.stock,
          stat.what,
          `needs ${stat.minObs} daily observations per stock, have ${most}`,
        );
      }
      const short = this.stocks - have;
      const what = `median ${stat.what} across ${have} stocks${short > 0 ? ` (${short} too short, skipped)` : ""}`;
      // A stock without a value counts against the check: the median needs a majority with one.
      const value = values.length * 2 >= have ? median(values) : NaN;
      return bandCheck(family, stat.name, stat.stock, value, what, stat.pct, stat.undefinedMeans);
    });
  }
}

export function stockChecks(stocks: StockSeries[]): ValidationCheck[] {
  const stats = new StockStats(commonLength(stocks));
  for (const s of stocks) stats.add(s);
  return stats.checks();
}

/**
 * Cap-weighted total-return index (weights: previous day's market cap) and its overnight gap,
 * summed as stocks stream past.
 */
export class CapWeightedIndex {
  stocks = 0;
  private readonly weight: Float64Array;
  private readonly gross: Float64Array;
  private readonly open: Float64Array;
  private readonly n: number;

  constructor(n: number) {
    this.n = n;
    const days = Math.max(0, n - 1);
    this.weight = new Float64Array(days);
    this.gross = new Float64Array(days);
    this.open = new Float64Array(days);
  }

  add(s: StockSeries): void {
    this.stocks++;
    for (let t = 1; t < this.n; t++) {
      const cap = s.marketCap[t - 1];
      const grossReturn = s.adjClose[t] / s.adjClose[t - 1];
      // Open relative to the previous close, in adjusted terms (see stockInput).
      const grossOpen = (s.open[t] * (s.adjClose[t] / s.close[t])) / s.adjClose[t - 1];
      if (!(cap > 0) || !Number.isFinite(grossReturn) || !Number.isFinite(grossOpen)) continue;
      this.weight[t - 1] += cap;
      this.gross[t - 1] += cap * grossReturn;
      this.open[t - 1] += cap * grossOpen;
    }
  }

  /** Daily log returns and overnight gaps of the index (NaN on a day no stock weighs in). */
  series(): { r: number[]; gap: number[] } {
    const r: number[] = [];
    const gap: number[] = [];
    this.weight.forEach((w, i) => {
      r.push(w > 0 ? Math.log(this.gross[i] / w) : NaN);
      gap.push(w > 0 ? Math.log(this.open[i] / w) : NaN);
    });
    return { r, gap };
  }

  checks(): ValidationCheck[] {
    return indexReturnChecks(this.series(), `the cap-weighted index of ${this.stocks} stocks`);
  }
}

/** The index bands of Tier 1 and the samples each needs (for the discriminator's check of the checks on real data). */
export const INDEX_BANDS = TIER1.filter((stat) => stat.needs === undefined).map((stat) => ({
  name: stat.name,
  band: stat.index ?? stat.stock,
  minObs: stat.minObs,
}));

/** The Tier 1 checks of an index's daily log returns and overnight gaps; `of` names the index. */
export function indexReturnChecks(index: { r: number[]; gap: number[] }, of: string): ValidationCheck[] {
  const family = "realism_tier1";
  // Volume and high/low rows need per-stock data an index does not have.
  return TIER1.filter((stat) => stat.needs === undefined).map((stat) => {
    const name = `index_${stat.name}`;
    const band = stat.index ?? stat.stock;
    if (index.r.length < stat.minObs) {
      return skipped(
        family,
        name,
        band,
        `${stat.what} of the index`,
        `needs ${stat.minObs} daily returns, have ${index.r.length}`,
      );
    }
    return bandCheck(family, name, band, stat.value(index), `${stat.what} of ${of}`, stat.pct, stat.undefinedMeans);
  });
}

/** Daily log returns and overnight gaps of an instrument's bars (adjusted), from its second day. */
export function barSeries(bars: readonly { open: number; close: number; adjusted_close: number }[]): {
  r: number[];
  gap: number[];
} {
  const series = {
    open: bars.map((b) => b.open),
    close: bars.map((b) => b.close),
    adjClose: bars.map((b) => b.adjusted_close),
  };
  return returnsAndGaps(series, bars.length);
}

export function indexChecks(stocks: StockSeries[]): ValidationCheck[] {
  const index = new CapWeightedIndex(commonLength(stocks));
  for (const s of stocks) index.add(s);
  return index.checks();
}

const DEFENSIVE = ["Consumer Staples", "Utilities"];
const VOLATILE = ["Energy", "Financials", "Real Estate"];

/** Staples and utilities must be the calmest sectors, energy, financials and REITs the wildest. */
export class SectorVolOrdering {
  /** Sector -> annual volatility of each of its stocks. */
  private readonly vols = new Map<string, number[]>();

  add(s: StockSeries): void {
    const vol = sd(logReturns(s.adjClose)) * Math.sqrt(TRADING_DAYS);
    const list = this.vols.get(s.sector);
    if (list) list.push(vol);
    else this.vols.set(s.sector, [vol]);
  }

  check(): ValidationCheck {
    const band = { min: 0, max: null };
    const what =
      "median annual vol of the most volatile defensive sector below that of the calmest volatile sector (gap)";
    const medians = (names: string[]) => names.filter((n) => this.vols.has(n)).map((n) => median(this.vols.get(n)!));
    const defensive = medians(DEFENSIVE);
    const volatile = medians(VOLATILE);
    if (!defensive.length || !volatile.length) {
      return skipped("realism_tier1", "sector_vol_ordering", band, what, "needs a defensive and a volatile sector");
    }
    return bandCheck(
      "realism_tier1",
      "sector_vol_ordering",
      band,
      Math.min(...volatile) - Math.max(...defensive),
      what,
      true,
    );
  }
}

export function sectorOrderingCheck(stocks: StockSeries[]): ValidationCheck {
  const ordering = new SectorVolOrdering();
  for (const s of stocks) ordering.add(s);
  return ordering.check();
}
