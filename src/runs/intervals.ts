// Means over runs with their 95% intervals, for the evaluation harness's report (build/evaluate) and
// `/leaderboard`: a percentile bootstrap over the runs (Efron and Tibshirani 1993, ch. 13), each
// resample drawn with replacement from the runs. The generator is seeded and the values sorted first,
// so the same values give the same interval wherever and in whatever order they come.
import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";

/** Resamples per interval: percentiles at 2.5% and 97.5% settle to about a tenth of a standard error. */
export const RESAMPLES = 2_000;
const SEED = 20_240_101;

export interface MeanInterval {
  mean: number;
  /** The 2.5th and 97.5th percentiles of the resampled means; equal to the mean for a single value. */
  low: number;
  high: number;
  /** The values averaged (nulls left out). */
  n: number;
}

/** The mean of the values that are numbers, with its bootstrap interval; null when there are none. */
export function meanWithInterval(values: readonly (number | null | undefined)[]): MeanInterval | null {
  const xs = values.filter((v): v is number => typeof v === "number" && Number.isFinite(v)).sort((a, b) => a - b);
  if (xs.length === 0) return null;
  const mean = average(xs);
  if (xs.length === 1) return { mean, low: mean, high: mean, n: 1 };
  const rng = xoroshiro128plus(SEED);
  const means = new Float64Array(RESAMPLES);
  for (let r = 0; r < RESAMPLES; r++) {
    let sum = 0;
    for (let i = 0; i < xs.length; i++) sum += xs[uniformInt(rng, 0, xs.length - 1)];
    means[r] = sum / xs.length;
  }
  means.sort();
  return { mean, low: percentile(means, 0.025), high: percentile(means, 0.975), n: xs.length };
}

/** Pairwise differences a - b where both are numbers, as meanWithInterval takes them. */
export function differences(
  a: readonly (number | null | undefined)[],
  b: readonly (number | null | undefined)[],
): number[] {
  return a.flatMap((x, i) => {
    const y = b[i];
    return typeof x === "number" && typeof y === "number" ? [x - y] : [];
  });
}

const average = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/** Linear interpolation between the closest ranks (numpy's default percentile). */
function percentile(sorted: Float64Array, q: number): number {
  const at = q * (sorted.length - 1);
  const lo = Math.floor(at);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo);
}
