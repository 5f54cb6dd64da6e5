// Per-share figures of a period restated for the splits that went ex after it, by a request's
// horizon: the way adjusted_close restates prices (statements and metrics serve them so). The
// splits themselves are read by the scenario (scenario.ts `Splits`).
import { round4 } from "../contract/rounding.ts";

/** A per-share figure divided by `factor`, to four decimals. */
export const restatedPerShare = (value: number, factor: number) => round4(value / factor);

/** The row with its per-share figures divided by `factor` (four decimals) and share counts multiplied. */
export function restated<T extends Record<string, unknown>>(
  row: T,
  factor: number,
  perShare: readonly string[],
  counts: readonly string[] = [],
): T {
  if (factor === 1) return row;
  const out: Record<string, unknown> = { ...row };
  for (const k of perShare) if (typeof out[k] === "number") out[k] = restatedPerShare(out[k] as number, factor);
  for (const k of counts) if (typeof out[k] === "number") out[k] = Math.round((out[k] as number) * factor);
  return out as T;
}
