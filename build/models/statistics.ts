// Descriptive statistics of number series, shared by the models (anchor medians) and the realism
// checks. They return NaN where a statistic is undefined (empty input, zero variance); the check
// builders of build/realism/bands.ts turn that into observed null. No I/O, no randomness.

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

export function zScores(x: readonly number[]): number[] {
  const m = mean(x);
  const s = sd(x);
  return x.map((v) => (v - m) / s);
}

/** Least-squares slope of y on x. */
export function slope(x: readonly number[], y: readonly number[]): number {
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
export function blockSums(x: readonly number[], h: number): number[] {
  const out: number[] = [];
  for (let i = 0; i + h <= x.length; i += h) {
    let s = 0;
    for (let j = i; j < i + h; j++) s += x[j];
    out.push(s);
  }
  return out;
}
