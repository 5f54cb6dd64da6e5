// The hidden macro regime chain: a daily Markov chain whose state sets the market's drift and
// volatility level, credit conditions, inflation pressure and the policy rule's stance. It is the
// root of the hidden truth; only its name reaches the public tape (`regime_name`).
import type { Rng } from "../ground/rng.ts";
import { REGIMES } from "../ground/scenario-source.ts";

export type Regime = (typeof REGIMES)[number];

export interface RegimeParams {
  /** Annual market drift (log). */
  drift: number;
  /** The economy's annual sales growth (log, nominal): every company's revenue grows with it. */
  salesGrowth: number;
  /** EBITDA margins' change (relative to their level): they fall harder than sales in a crisis (operating leverage). */
  marginChange: number;
  /** Multiplier on the base market volatility. */
  volLevel: number;
  /** High-yield credit spread level, percent. */
  creditSpread: number;
  /** 10-year breakeven inflation level, percent. */
  inflation: number;
  /** Expected duration in trading days beyond `minDuration`. */
  duration: number;
  /** Trading days the regime lasts at least (a crisis needs time to reach its depth). */
  minDuration?: number;
  /** Trading days after which the regime ends whatever the draw (a crisis does not last years). */
  maxDuration?: number;
  /** Where the chain goes next, with weights. */
  next: Partial<Record<Regime, number>>;
}

export const REGIME_PARAMS: Record<Regime, RegimeParams> = {
  expansion: {
    drift: 0.11,
    salesGrowth: 0.06,
    marginChange: 0.02,
    volLevel: 0.85,
    creditSpread: 3.6,
    inflation: 2.2,
    duration: 600,
    next: { slowdown: 0.65, inflation_shock: 0.33, crisis: 0.02 },
  },
  slowdown: {
    drift: 0.0,
    salesGrowth: 0.01,
    marginChange: -0.08,
    volLevel: 1.3,
    creditSpread: 5.5,
    inflation: 2.0,
    duration: 180,
    next: { crisis: 0.06, recovery: 0.3, expansion: 0.64 },
  },
  // A crisis's depth is not its drift: the market factor pulls it down a drawn depth (market.ts);
  // the drift here is the policy rule's output gap. Volatility about 3x calm (VIX 40-60) and
  // spreads in the crisis band (HY 15-22%: docs/realism.md, "The macro tape").
  crisis: {
    drift: -0.3,
    salesGrowth: -0.12,
    marginChange: -0.3,
    volLevel: 2.6,
    creditSpread: 14.5,
    inflation: 1.3,
    duration: 50,
    minDuration: 60,
    maxDuration: 150,
    next: { recovery: 1 },
  },
  // A milder, shorter stress than a crisis: losses come from crises, not from drift here.
  inflation_shock: {
    drift: -0.04,
    salesGrowth: 0.05,
    marginChange: -0.06,
    volLevel: 1.35,
    creditSpread: 5.5,
    inflation: 2.9,
    duration: 180,
    next: { slowdown: 0.6, crisis: 0.05, expansion: 0.35 },
  },
  recovery: {
    drift: 0.25,
    salesGrowth: 0.08,
    marginChange: -0.03,
    volLevel: 1.35,
    creditSpread: 5.5,
    inflation: 1.9,
    duration: 200,
    next: { expansion: 1 },
  },
};

export interface RegimePathInput {
  days: string[];
  initial: Regime;
  /**
   * Forced switches: the catalyst's and an era's turning points (on the first trading day on or
   * after each date); `minDays`: the regime holds at least that long (a crisis that stands for a
   * real one lasts as long as it did).
   */
  switches: { date: string; regime: Regime; minDays?: number }[];
  /**
   * The era's story is a crisis, public from its first day (its macro regime, or a crisis on its
   * regime path): the chain draws no crisis of its own, whose drawn one would otherwise compete
   * with the story's (at crisis-cycle-2005's seed a drawn 2006 crisis was more volatile than
   * 2008). After a forced crisis the chain draws none either. A crisis it would draw is a
   * slowdown. Never keyed on a later catalyst: the days before one must not depend on it.
   */
  noDrawnCrisis?: boolean;
  rng: Rng;
}

/** One regime per trading day. */
export function regimePath(input: RegimePathInput): Regime[] {
  const { days, rng } = input;
  const path: Regime[] = [];
  let state = input.initial;
  let age = 0;
  const forced = new Map(input.switches.map((s) => [firstOnOrAfter(days, s.date), s]));
  let drawsCrisis = !input.noDrawnCrisis;
  let hold = 0;
  for (const day of days) {
    const before = state;
    const switched = forced.get(day);
    if (switched) {
      state = switched.regime;
      hold = switched.minDays ?? 0;
      if (state === "crisis") drawsCrisis = false;
    } else if (path.length > 0) {
      // The draw is made every day (even under the minimum duration) so the stream stays aligned.
      const params = REGIME_PARAMS[state];
      const leaves = rng.uniform() < 1 / params.duration || age >= Math.max(hold, params.maxDuration ?? Infinity);
      if (leaves && age >= Math.max(hold, params.minDuration ?? 0)) {
        const next = pickNext(state, rng);
        state = next === "crisis" && !drawsCrisis ? "slowdown" : next;
        hold = 0;
      }
    }
    age = path.length > 0 && state === before ? age + 1 : 1;
    path.push(state);
  }
  return path;
}

function pickNext(state: Regime, rng: Rng): Regime {
  const entries = Object.entries(REGIME_PARAMS[state].next) as [Regime, number][];
  const total = entries.reduce((s, [, w]) => s + w, 0);
  let u = rng.uniform() * total;
  for (const [regime, w] of entries) {
    u -= w;
    if (u <= 0) return regime;
  }
  return entries[entries.length - 1][0];
}

export function firstOnOrAfter(days: string[], date: string): string | undefined {
  return days.find((d) => d >= date);
}
