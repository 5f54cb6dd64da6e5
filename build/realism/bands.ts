// How a realism statistic is reported: a warning check of its observed value against its band.
// One sample of these statistics is noisy, so a miss informs calibration but never makes a scenario
// unhealthy. Output never holds NaN (not valid JSON): a statistic that cannot be computed is
// reported with observed null.
import type { ValidationCheck } from "../../src/bundle/types.ts";
import { fmt, round4 } from "../models/rounding.ts";

export interface Band {
  min: number | null;
  max: number | null;
}

/** A reported value to four places; null where it is not a number. */
function reported(v: number): number | null {
  return Number.isFinite(v) ? round4(v) : null;
}

/**
 * A value as a report writes it: three significant digits, with thousands separators from 1,000 so that a
 * count (2,000 words) never reads as a year, which a masked twin would move.
 */
function written(v: number, pct = false): string {
  return !pct && Math.abs(v) >= 1000 ? Number(v.toPrecision(3)).toLocaleString("en-US") : fmt(v, pct);
}

function fmtBand(b: Band, pct = false): string {
  if (b.min !== null && b.max !== null) return `${written(b.min, pct)} to ${written(b.max, pct)}`;
  if (b.min !== null) return `>= ${written(b.min, pct)}`;
  return `<= ${written(b.max ?? NaN, pct)}`;
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
    detail: `${what} ${written(observed, pct)}, band ${fmtBand(band, pct)}`,
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
