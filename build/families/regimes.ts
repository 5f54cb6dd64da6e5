// Hidden truth: the regime chain and the inflation path it drives. Never served; later families
// (central banks, events, factors, the macro tape) are derived from it.
import { inflationPath } from "../generate/macro.ts";
import { regimePath, type Regime } from "../generate/regimes.ts";
import type { Calendar, Family } from "./family.ts";

export interface HiddenMacro {
  /** One regime per trading day. */
  regimes: Regime[];
  /** Smoothed inflation expectation per trading day, percent. */
  inflation: number[];
}

export const regimes: Family<Calendar, HiddenMacro> = {
  name: "regimes",
  generate: ({ days }, { source, rng }) => {
    const catalyst = source.theme.catalyst;
    const regimes = regimePath({
      days,
      initial: source.regime.initial,
      catalyst: catalyst ? { date: catalyst.date, regime: catalyst.regime } : undefined,
      rng: rng.fork("regimes"),
    });
    return { regimes, inflation: inflationPath(regimes, rng.fork("inflation")) };
  },
  context: (world, cut) => ({
    regimes: world.regimes.slice(0, cut.days),
    inflation: world.inflation.slice(0, cut.days),
  }),
};
