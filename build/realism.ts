// Realism statistics: the bands of ../shared/REALISM.md (Tiers 1, 2 and 5) computed from generated
// series and reported as validation checks; the cross-section (Tier 2) is in cross-section.ts.
// Statistics over stocks are accumulators fed one stock at a time (the build streams companies),
// each with a function over an array of stocks beside it. No I/O, no randomness.
// Every check is a warning: one sample of these statistics is noisy, so a miss informs calibration
// but never makes a scenario unhealthy. Output never holds NaN (not valid JSON): a statistic that
// cannot be computed is reported with observed null.
import type { ValidationCheck } from "../src/bundle/types.ts";
import type { RecordSpill, Scratch } from "./scratch.ts";
import { round4 } from "./generate/rounding.ts";

export interface StockSeries {
  ticker: string;
  sector: string;
  open: number[];
  high: number[];
  low: number[];
  close: number[];
  adjClose: number[];
  volume: number[];
  marketCap: number[];
}

/** Rates and spreads in percent (4.5 = 4.5%), vix in index points, marketReturn a daily log return. */
export interface MacroSeries {
  vix: number[];
  creditSpread: number[];
  tenYear: number[];
  twoYear: number[];
  inflationExpectation: number[];
  marketReturn: number[];
}

export const TRADING_DAYS = 252;
/** Ten years of trading days: the sample the long-run bands of REALISM.md are stated for. */
export const LONG_SAMPLE = 2520;

// ---------------------------------------------------------------------------------------------
// Helpers. They return NaN where a statistic is undefined (empty input, zero variance); the check
// builders turn that into observed null.

export function mean(x: readonly number[]): number {
  if (x.length === 0) return NaN;
  let s = 0;
  for (const v of x) s += v;
  return s / x.length;
}

/** Sample standard deviation (n - 1). */
export function sd(x: readonly number[]): number {
  if (x.length < 2) return NaN;
  const m = mean(x);
  let s = 0;
  for (const v of x) s += (v - m) ** 2;
  return Math.sqrt(s / (x.length - 1));
}

function centralMoments(x: readonly number[]): { m2: number; m3: number; m4: number } {
  const m = mean(x);
  let m2 = 0;
  let m3 = 0;
  let m4 = 0;
  for (const v of x) {
    const d = v - m;
    m2 += d * d;
    m3 += d * d * d;
    m4 += d * d * d * d;
  }
  return { m2: m2 / x.length, m3: m3 / x.length, m4: m4 / x.length };
}

export function skewness(x: readonly number[]): number {
  const { m2, m3 } = centralMoments(x);
  return m2 > 0 ? m3 / m2 ** 1.5 : NaN;
}

/** Moment estimator m4 / m2^2 - 3 (0 for a normal sample). */
export function excessKurtosis(x: readonly number[]): number {
  const { m2, m4 } = centralMoments(x);
  return m2 > 0 ? m4 / (m2 * m2) - 3 : NaN;
}

/** Sample autocorrelation at `lag` (the usual estimator: full-sample mean and variance). */
export function acf(x: readonly number[], lag: number): number {
  const n = x.length;
  if (lag < 0 || lag >= n) return NaN;
  const m = mean(x);
  let den = 0;
  for (const v of x) den += (v - m) ** 2;
  let num = 0;
  for (let t = 0; t + lag < n; t++) num += (x[t] - m) * (x[t + lag] - m);
  return den > 0 ? num / den : NaN;
}

/** Pearson correlation over the common length. */
export function corr(x: readonly number[], y: readonly number[]): number {
  const n = Math.min(x.length, y.length);
  if (n < 2) return NaN;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += x[i];
    my += y[i];
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (x[i] - mx) * (y[i] - my);
    sxx += (x[i] - mx) ** 2;
    syy += (y[i] - my) ** 2;
  }
  return sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : NaN;
}

/** Linear-interpolated quantile of the finite values (non-finite ones are ignored). */
export function quantile(x: readonly number[], q: number): number {
  const v = x.filter(Number.isFinite).sort((a, b) => a - b);
  if (v.length === 0) return NaN;
  const pos = (v.length - 1) * Math.min(1, Math.max(0, q));
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return v[lo] + (v[hi] - v[lo]) * (pos - lo);
}

export function median(x: readonly number[]): number {
  return quantile(x, 0.5);
}

/**
 * Hill estimator of the tail exponent on the largest `tailShare` of abs(x). Pass z-scores: the
 * estimator is scale-free but not shift-free.
 */
export function hillAlpha(x: readonly number[], tailShare = 0.05): number {
  const a = x
    .map(Math.abs)
    .filter(Number.isFinite)
    .sort((p, q) => q - p);
  const k = Math.floor(a.length * tailShare);
  if (k < 2 || !(a[k] > 0)) return NaN;
  let s = 0;
  for (let i = 0; i < k; i++) s += Math.log(a[i] / a[k]);
  return s > 0 ? k / s : NaN;
}

/** Daily log returns; NaN where a price is missing or not positive. */
export function logReturns(prices: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = 1; i < prices.length; i++) {
    const a = prices[i - 1];
    const b = prices[i];
    out.push(a > 0 && b > 0 && Number.isFinite(a) && Number.isFinite(b) ? Math.log(b / a) : NaN);
  }
  return out;
}

function zScores(x: readonly number[]): number[] {
  const m = mean(x);
  const s = sd(x);
  return x.map((v) => (v - m) / s);
}

/** Least-squares slope of y on x. */
function slope(x: readonly number[], y: readonly number[]): number {
  const mx = mean(x);
  const my = mean(y);
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < x.length; i++) {
    sxy += (x[i] - mx) * (y[i] - my);
    sxx += (x[i] - mx) ** 2;
  }
  return sxx > 0 ? sxy / sxx : NaN;
}

/** Sums of consecutive non-overlapping blocks of `h` values (overlapping sums would overstate the sample). */
function blockSums(x: readonly number[], h: number): number[] {
  const out: number[] = [];
  for (let i = 0; i + h <= x.length; i += h) {
    let s = 0;
    for (let j = i; j < i + h; j++) s += x[j];
    out.push(s);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Check builders.

export interface Band {
  min: number | null;
  max: number | null;
}

/** A reported value to four places; null where it is not a number. */
function reported(v: number): number | null {
  return Number.isFinite(v) ? round4(v) : null;
}

export function fmt(v: number, pct = false): string {
  return pct ? `${Number((v * 100).toPrecision(3))}%` : String(Number(v.toPrecision(3)));
}

function fmtBand(b: Band, pct = false): string {
  if (b.min !== null && b.max !== null) return `${fmt(b.min, pct)} to ${fmt(b.max, pct)}`;
  if (b.min !== null) return `>= ${fmt(b.min, pct)}`;
  return `<= ${fmt(b.max ?? NaN, pct)}`;
}

export function bandCheck(
  family: string,
  name: string,
  band: Band,
  value: number,
  what: string,
  pct = false,
  undefinedMeans = "degenerate series",
): ValidationCheck {
  const observed = reported(value);
  const expected = { min: band.min, max: band.max };
  if (observed === null) {
    return {
      name,
      family,
      passed: false,
      severity: "warning",
      observed: null,
      expected,
      detail: `${what}: not computable (${undefinedMeans})`,
    };
  }
  const passed = (band.min === null || observed >= band.min) && (band.max === null || observed <= band.max);
  return {
    name,
    family,
    passed,
    severity: "warning",
    observed,
    expected,
    detail: `${what} ${fmt(observed, pct)}, band ${fmtBand(band, pct)}`,
  };
}

export function skipped(family: string, name: string, band: Band, what: string, reason: string): ValidationCheck {
  return {
    name,
    family,
    passed: true,
    severity: "warning",
    observed: null,
    expected: { min: band.min, max: band.max },
    detail: `${what}: skipped for lack of data (${reason})`,
  };
}

// ---------------------------------------------------------------------------------------------
// Tier 1: single-series facts.

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
  index?: Band; // when REALISM.md gives the index its own band
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
    minObs: 100,
    value: (s) => excessKurtosis(s.r),
  },
  {
    name: "hill_tail_alpha",
    what: "Hill alpha on the top 5% of abs z",
    stock: { min: 2.3, max: 4 },
    minObs: 200,
    value: (s) => hillAlpha(zScores(s.r)),
  },
  {
    name: "tail_frequency_3sd",
    what: "share of days with abs z > 3",
    stock: { min: 0.012, max: 0.022 },
    pct: true,
    minObs: 250,
    value: (s) => tailShare(s.r, 3),
  },
  // At 0.15% a year of data expects 0.4 such days: needs about four years.
  {
    name: "tail_frequency_5sd",
    what: "share of days with abs z > 5",
    stock: { min: 0.0015, max: 0.007 },
    pct: true,
    minObs: 1000,
    value: (s) => tailShare(s.r, 5),
  },
  {
    name: "skewness",
    what: "skewness",
    stock: { min: -0.6, max: 0.4 },
    index: { min: -1, max: -0.1 },
    minObs: 100,
    value: (s) => skewness(s.r),
  },
  {
    name: "acf_abs_lag1",
    what: "ACF of abs returns at lag 1",
    stock: { min: 0.15, max: 0.4 },
    minObs: 100,
    value: (s) => acf(s.r.map(Math.abs), 1),
  },
  {
    name: "acf_abs_lag10",
    what: "ACF of abs returns at lag 10",
    stock: { min: 0.12, max: 0.35 },
    minObs: 100,
    value: (s) => acf(s.r.map(Math.abs), 10),
  },
  {
    name: "acf_abs_lag100",
    what: "ACF of abs returns at lag 100",
    stock: { min: 0.04, max: 0.2 },
    minObs: 400,
    value: (s) => acf(s.r.map(Math.abs), 100),
  },
  {
    name: "abs_acf_decay_slope",
    what: "decay slope of log ACF(abs r) on log lag, lags 1-100",
    stock: { min: 0.15, max: 0.45 },
    minObs: 400,
    undefinedMeans: "ACF of abs returns not positive out to lag 100, no decay to fit",
    value: (s) => absAcfDecay(s.r),
  },
  {
    name: "leverage_corr",
    what: "corr(r_t, abs r_t+1)",
    stock: { min: -0.12, max: -0.02 },
    index: { min: -0.18, max: -0.06 },
    minObs: 100,
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
    minObs: 20,
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

/** Series are taken as aligned on the same trading days; a ragged universe is cut to the shortest. */
export function commonLength(stocks: readonly StockSeries[]): number {
  return stocks.length === 0
    ? 0
    : Math.min(
        ...stocks.map((s) =>
          Math.min(
            s.open.length,
            s.high.length,
            s.low.length,
            s.close.length,
            s.adjClose.length,
            s.volume.length,
            s.marketCap.length,
          ),
        ),
      );
}

function stockInput(s: StockSeries, n: number): Tier1Input {
  const r = logReturns(s.adjClose.slice(0, n));
  const gap: number[] = [];
  const range2: number[] = [];
  for (let t = 1; t < n; t++) {
    // Raw open over raw previous close, corrected by the change of the adjustment factor so a
    // split or dividend on day t is not mistaken for a gap (no correction without actions).
    const factor = s.adjClose[t] / s.close[t] / (s.adjClose[t - 1] / s.close[t - 1]);
    gap.push(Math.log((s.open[t] / s.close[t - 1]) * factor));
    range2.push(Math.log(s.high[t] / s.low[t]) ** 2);
  }
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
    const family = "realism_tier1";
    const index = this.series();
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
      return bandCheck(
        family,
        name,
        band,
        stat.value(index),
        `${stat.what} of the cap-weighted index of ${this.stocks} stocks`,
        stat.pct,
        stat.undefinedMeans,
      );
    });
  }
}

export function indexChecks(stocks: StockSeries[]): ValidationCheck[] {
  const index = new CapWeightedIndex(commonLength(stocks));
  for (const s of stocks) index.add(s);
  return index.checks();
}

// ---------------------------------------------------------------------------------------------
// Tier 5: macro tape and rates.

export function macroChecks(m: MacroSeries): ValidationCheck[] {
  const family = "realism_tier5";
  const n = Math.min(
    m.vix.length,
    m.creditSpread.length,
    m.tenYear.length,
    m.twoYear.length,
    m.inflationExpectation.length,
    m.marketReturn.length,
  );
  const vix = m.vix.slice(0, n);
  const long = (name: string, band: Band, what: string, value: () => number, pct = false): ValidationCheck =>
    n >= LONG_SAMPLE
      ? bandCheck(family, name, band, value(), what, pct)
      : skipped(family, name, band, what, `long-run band, needs ${LONG_SAMPLE} days, have ${n}`);
  const short = (name: string, band: Band, what: string, value: () => number): ValidationCheck =>
    n >= 60
      ? bandCheck(family, name, band, value(), what)
      : skipped(family, name, band, what, `needs 60 days, have ${n}`);

  // dlog VIX of day t against the market return of day t.
  const dlogVix = logReturns(vix);
  const spread = m.tenYear.slice(0, n).map((ten, i) => ten - m.twoYear[i]);
  const breakeven = m.inflationExpectation.slice(0, n);
  return [
    long("vix_long_run_mean", { min: 17, max: 21 }, "mean VIX", () => mean(vix)),
    long(
      "vix_above_40_share",
      { min: 0.01, max: 0.05 },
      "share of days with VIX > 40",
      () => vix.filter((v) => v > 40).length / n,
      true,
    ),
    short("vix_market_return_corr", { min: -0.85, max: -0.65 }, "corr(dlog VIX, market return)", () =>
      corr(dlogVix, m.marketReturn.slice(1, n)),
    ),
    short("credit_spread_vix_corr", { min: 0.5, max: 0.85 }, "level corr(credit spread, VIX)", () =>
      corr(m.creditSpread.slice(0, n), vix),
    ),
    long("yield_curve_10y2y_mean", { min: 0.5, max: 1.5 }, "mean 10y-2y spread in pp", () => mean(spread)),
    long(
      "breakeven_in_band_share",
      { min: 0.8, max: 1 },
      "share of days with breakeven inflation in 1.5-2.6%",
      () => breakeven.filter((v) => v >= 1.5 && v <= 2.6).length / n,
      true,
    ),
  ];
}

// ---------------------------------------------------------------------------------------------
// Sector ordering (Tier 1) and index-fund tracking (Tier 2).

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
      skipped("realism_tier2", "fund_tracking_error", te, "annualized tracking error", "no index funds"),
      skipped(
        "realism_tier2",
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
      "realism_tier2",
      "fund_tracking_error",
      te,
      median(errors),
      `median annualized tracking error of ${funds.length} funds`,
      true,
    ),
    bandCheck(
      "realism_tier2",
      "fund_shortfall_vs_expense_ratio",
      shortfall,
      median(gaps),
      "median annual shortfall less expense ratio",
      true,
    ),
  ];
}

// ---------------------------------------------------------------------------------------------
// Crisis depth (REALISM Tier 5 "regimes"): every crisis of the hidden regime path should read as
// one on the tape: VIX above 35 at its peak, average pairwise stock correlation above 0.5 over the
// episode and an index drawdown beyond 20%.

/** A run of crisis days of the regime path, day indexes inclusive. */
export interface CrisisEpisode {
  start: number;
  end: number;
}

export function crisisEpisodes(regimes: readonly string[]): CrisisEpisode[] {
  const out: CrisisEpisode[] = [];
  regimes.forEach((r, t) => {
    if (r !== "crisis") return;
    const last = out[out.length - 1];
    if (last && last.end === t - 1) last.end = t;
    else out.push({ start: t, end: t });
  });
  return out;
}

/** Trading days before a crisis whose high its drawdown is measured from (a crisis often follows a first slide). */
export const CRISIS_PEAK_LOOKBACK = 63;
/** Episodes shorter than this (cut by the scenario's end or a context view's date) are not judged. */
export const CRISIS_MIN_DAYS = 30;

/** Deepest fall of `level` on the episode's days below its high since `lookback` days before it began. */
export function episodeDrawdown(level: readonly number[], e: CrisisEpisode, lookback = CRISIS_PEAK_LOOKBACK): number {
  let peak = -Infinity;
  let worst = 0;
  for (let t = Math.max(0, e.start - lookback); t <= e.end; t++) {
    peak = Math.max(peak, level[t]);
    if (t >= e.start) worst = Math.max(worst, 1 - level[t] / peak);
  }
  return worst;
}

/**
 * Stocks stream past (their returns spilled, the cap-weighted index summed); `checks` takes the
 * regime path and the volatility index once they are known. Mean pairwise correlation over an
 * episode is (|sum of unit columns|^2 - stocks) / (stocks (stocks - 1)), as in cross-section.ts:
 * O(stocks x days), no correlation matrix.
 */
export class CrisisDepth {
  private readonly index: CapWeightedIndex;
  private readonly n: number;
  private readonly scratch: Scratch;
  private spill: RecordSpill | undefined;

  constructor(n: number, scratch: Scratch) {
    this.n = n;
    this.scratch = scratch;
    this.index = new CapWeightedIndex(n);
  }

  add(s: StockSeries): void {
    this.index.add(s);
    const r = logReturns(s.adjClose.slice(0, this.n));
    if (r.length !== this.n - 1 || !r.every(Number.isFinite)) return;
    this.spill ??= this.scratch.records(this.n - 1);
    this.spill.append(r);
  }

  /** Each judged episode's VIX peak, mean pairwise correlation and index drawdown; `short` counts those too short to judge. */
  measure(
    regimes: readonly string[],
    vix: readonly number[],
  ): { episodes: { e: CrisisEpisode; vix: number; corr: number; drawdown: number }[]; short: number } {
    const all = crisisEpisodes(regimes.slice(0, this.n));
    const episodes = all.filter((e) => e.end - e.start + 1 >= CRISIS_MIN_DAYS && e.start >= 1);
    if (episodes.length === 0) return { episodes: [], short: all.length };
    const r = this.index.series().r;
    const level = [1];
    for (const x of r) level.push(level[level.length - 1] * Math.exp(Number.isFinite(x) ? x : 0));
    // Returns of days start..end are r[start - 1 .. end - 1].
    const sums = episodes.map((e) => new Float64Array(e.end - e.start + 1));
    let stocks = 0;
    for (const record of this.spill?.read() ?? []) {
      stocks++;
      episodes.forEach((e, k) => {
        const u = record.subarray(e.start - 1, e.end);
        const m = mean(Array.from(u));
        let ss = 0;
        for (const v of u) ss += (v - m) ** 2;
        const norm = Math.sqrt(ss);
        if (norm > 0) for (let t = 0; t < u.length; t++) sums[k][t] += (u[t] - m) / norm;
      });
    }
    return {
      short: all.length - episodes.length,
      episodes: episodes.map((e, k) => {
        let sq = 0;
        for (const v of sums[k]) sq += v * v;
        return {
          e,
          vix: Math.max(...vix.slice(e.start, e.end + 1)),
          corr: stocks >= 2 ? (sq - stocks) / (stocks * (stocks - 1)) : NaN,
          drawdown: episodeDrawdown(level, e),
        };
      }),
    };
  }

  /** `dates` name the episodes in the details. */
  checks(regimes: readonly string[], vix: readonly number[], dates: readonly string[]): ValidationCheck[] {
    const family = "crisis_depth";
    const rows = [
      { name: "crisis_vix_peak", band: { min: 35, max: null }, what: "lowest VIX peak over the crisis episodes" },
      {
        name: "crisis_avg_pairwise_corr",
        band: { min: 0.5, max: null },
        what: "lowest mean pairwise daily stock correlation over a crisis episode",
      },
      {
        name: "crisis_index_drawdown",
        band: { min: 0.2, max: null },
        what: `smallest index drawdown of a crisis episode (from the high of the ${CRISIS_PEAK_LOOKBACK} days before it)`,
        pct: true,
      },
    ];
    const { episodes: per, short } = this.measure(regimes, vix);
    const all = per.length + short;
    if (per.length === 0) {
      const reason =
        all === 0 ? "no crisis in the regime path" : `${all} crisis episodes, none of ${CRISIS_MIN_DAYS} days`;
      return rows.map((row) => skipped(family, row.name, row.band, row.what, reason));
    }
    const episodes = per.map((p) => p.e);
    const days = (e: CrisisEpisode) => `${e.end - e.start + 1} days from ${dates[e.start] ?? `day ${e.start}`}`;
    const list = (pick: (p: (typeof per)[number]) => number, pct = false) =>
      per.map((p) => `${fmt(pick(p), pct)} (${days(p.e)})`).join(", ");
    const note = `${episodes.length} episodes${short > 0 ? `, ${short} shorter than ${CRISIS_MIN_DAYS} days not judged` : ""}`;
    const values = [
      { v: Math.min(...per.map((p) => p.vix)), detail: list((p) => p.vix) },
      { v: Math.min(...per.map((p) => p.corr)), detail: list((p) => p.corr) },
      { v: Math.min(...per.map((p) => p.drawdown)), detail: list((p) => p.drawdown, true) },
    ];
    return rows.map((row, k) => {
      const check = bandCheck(family, row.name, row.band, values[k].v, `${row.what}, ${note}`, row.pct);
      return { ...check, detail: `${check.detail}; by episode: ${values[k].detail}` };
    });
  }
}
