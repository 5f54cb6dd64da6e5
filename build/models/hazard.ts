// When a yearly chance comes to pass: the first trading day on or after `from` on which the daily
// chances summed since `from` pass an exponential draw. Summed forward day by day, so the day
// depends only on the regimes up to it (twins that part later agree on it).
import { TRADING_DAYS } from "./market.ts";
import type { Regime } from "./regimes.ts";
import type { Rng } from "../ground/rng.ts";

/** The day, or null when it would come after the day before the world's last. */
export function firstDayOf(
  regimes: Regime[],
  yearly: number,
  multiple: Record<Regime, number>,
  from: number,
  rng: Rng,
): number | null {
  let need = -Math.log(1 - rng.uniform());
  for (let t = from; t < regimes.length - 1; t++) {
    need -= (yearly * multiple[regimes[t]]) / TRADING_DAYS;
    if (need <= 0) return t;
  }
  return null;
}
