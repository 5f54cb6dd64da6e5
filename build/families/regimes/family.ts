// Hidden truth: the regime chain and the inflation path it drives. Never served; later families
// (central banks, events, factors, the macro tape) are derived from it.
import { inflationPath } from "../macro/model.ts";
import { regimePath, type Regime } from "../../models/regimes.ts";
import { episodeDays } from "../../models/crisis-episodes.ts";
import type { Calendar, Family } from "../../ground/family.ts";
import { forcedSwitches } from "../../ground/scenario-source.ts";

/** Points by which a story's rising or falling inflation moves over the scenario, beyond the regimes. */
export const STORY_INFLATION_MOVE = 1;

export interface HiddenMacro {
  /** One regime per trading day. */
  regimes: Regime[];
  /** Smoothed inflation expectation per trading day, percent. */
  inflation: number[];
}

export const regimes: Family<Calendar, HiddenMacro> = {
  name: "regimes",
  generate: ({ days }, { source, rng }) => {
    const regimes = regimePath({
      days,
      initial: source.regime.initial,
      // A crisis that stands for a real one holds at least as long as the real one lasted.
      switches: forcedSwitches(source).map(({ date, regime, episode }) => ({
        date,
        regime,
        minDays: episode ? episodeDays(episode) : undefined,
      })),
      noDrawnCrisis:
        source.public_summary.macro_regime === "crisis" || source.regime.path.some((p) => p.regime === "crisis"),
      rng: rng.fork("regimes"),
    });
    const inflation = inflationPath(regimes, rng.fork("inflation"));
    // The story's inflation direction, made to happen: a steady trend of STORY_INFLATION_MOVE points
    // over the scenario, up or down, on top of what the regimes do.
    const direction = source.story?.inflation;
    const sign = direction === "rising" ? 1 : direction === "falling" ? -1 : 0;
    const n = Math.max(1, inflation.length - 1);
    return {
      regimes,
      inflation: sign ? inflation.map((x, t) => x + (sign * STORY_INFLATION_MOVE * t) / n) : inflation,
    };
  },
  context: (world, cut) => ({
    regimes: world.regimes.slice(0, cut.days),
    inflation: world.inflation.slice(0, cut.days),
  }),
};
