// The hidden macro regime chain: a daily Markov chain whose state sets the market's drift and
// volatility level, credit conditions, inflation pressure and the policy rule's stance. It is the
// root of the hidden truth; only its name reaches the public tape (`regime_name`).
import type { Rng } from "../rng.ts";

export const REGIMES = ["expansion", "slowdown", "crisis", "inflation_shock", "recovery"] as const;
export type Regime = (typeof REGIMES)[number];

export interface RegimeParams {
  /** Annual market drift (log). */
  drift: number;
  /** Multiplier on the base market volatility. */
  volLevel: number;
  /** High-yield credit spread level, percent. */
  creditSpread: number;
  /** 10-year breakeven inflation level, percent. */
  inflation: number;
  /** Expected duration in trading days. */
  duration: number;
  /** Where the chain goes next, with weights. */
  next: Partial<Record<Regime, number>>;
}

export const REGIME_PARAMS: Record<Regime, RegimeParams> = {
  expansion: {
    drift: 0.11,
    volLevel: 0.8,
    creditSpread: 3.6,
    inflation: 2.2,
    duration: 600,
    next: { slowdown: 0.6, inflation_shock: 0.3, crisis: 0.1 },
  },
  slowdown: {
    drift: 0.0,
    volLevel: 1.1,
    creditSpread: 5.0,
    inflation: 2.0,
    duration: 180,
    next: { crisis: 0.35, recovery: 0.25, expansion: 0.4 },
  },
  crisis: { drift: -0.3, volLevel: 1.5, creditSpread: 11.0, inflation: 1.3, duration: 70, next: { recovery: 1 } },
  inflation_shock: {
    drift: -0.08,
    volLevel: 1.35,
    creditSpread: 5.2,
    inflation: 2.9,
    duration: 250,
    next: { slowdown: 0.6, crisis: 0.2, expansion: 0.2 },
  },
  recovery: { drift: 0.15, volLevel: 1.0, creditSpread: 5.5, inflation: 1.9, duration: 200, next: { expansion: 1 } },
};

export function isRegime(name: string): name is Regime {
  return (REGIMES as readonly string[]).includes(name);
}

export interface RegimePathInput {
  days: string[];
  initial: Regime;
  /** Forced switch on the catalyst day (the scenario's theme). */
  catalyst?: { date: string; regime: Regime };
  rng: Rng;
}

/** One regime per trading day. */
export function regimePath(input: RegimePathInput): Regime[] {
  const { days, rng } = input;
  const path: Regime[] = [];
  let state = input.initial;
  for (const day of days) {
    if (input.catalyst && day === firstOnOrAfter(days, input.catalyst.date)) state = input.catalyst.regime;
    else if (path.length > 0 && rng.uniform() < 1 / REGIME_PARAMS[state].duration) state = pickNext(state, rng);
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
