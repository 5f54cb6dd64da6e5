// Shock processes for the factor model (REALISM.md, "a model that landed inside every index band"):
// GJR-GARCH on skewed Student-t shocks, multiplied by a slow log-AR(1) volatility level whose
// innovations are negatively correlated with returns (leverage and long memory).
import type { Rng } from "../rng.ts";

export interface ShockParams {
  /** GJR-GARCH(1,1) on a unit-variance scale. */
  alpha: number;
  gamma: number;
  beta: number;
  /** Student-t degrees of freedom and Fernandez-Steel skew (> 0 leans left). */
  nu: number;
  skew: number;
  /** Slow log-volatility level: persistence, innovation sd, correlation with the return shock. */
  phi: number;
  levelSd: number;
  leverage: number;
}

export const MARKET_SHOCKS: ShockParams = {
  alpha: 0.01,
  gamma: 0.12,
  beta: 0.87,
  nu: 8,
  skew: 0.05,
  phi: 0.998,
  levelSd: 0.02,
  leverage: -0.7,
};
export const SECTOR_SHOCKS: ShockParams = {
  alpha: 0.01,
  gamma: 0.1,
  beta: 0.9,
  nu: 5,
  skew: 0.05,
  phi: 0.99,
  levelSd: 0.04,
  leverage: -0.6,
};
export const STOCK_SHOCKS: ShockParams = {
  alpha: 0.05,
  gamma: 0.1,
  beta: 0.86,
  nu: 5,
  skew: 0,
  phi: 0.998,
  levelSd: 0.03,
  leverage: -0.6,
};

export interface ShockPath {
  /** Standardized shocks (unit variance). */
  z: number[];
  /** Volatility multiplier of each day (GARCH x slow level), mean about 1. */
  scale: number[];
  /** The scale expected for the next day given today's shock (what an implied-vol index sees). */
  nextScale: number[];
}

/** Left-skewed unit-variance Student-t draw. */
function skewedT(rng: Rng, nu: number, skew: number): number {
  const t = rng.studentT(nu);
  const s = t < 0 ? t * (1 + skew) : t * (1 - skew);
  // Re-centre and re-scale so the draw stays mean 0, variance 1 (E|t| for unit-variance t ~ 0.75).
  const meanShift = -skew * 0.75;
  return (s - meanShift) / Math.sqrt(1 + skew * skew * 2.4);
}

export function shockPath(rng: Rng, n: number, p: ShockParams): ShockPath {
  const omega = 1 - p.alpha - p.gamma / 2 - p.beta;
  const levelVar = (p.levelSd * p.levelSd) / (1 - p.phi * p.phi);
  let g = 1;
  let h = 0;
  let prevZ = 0;
  const z: number[] = [];
  const scale: number[] = [];
  const nextScale: number[] = [];
  for (let t = 0; t < n; t++) {
    h = p.phi * h + p.levelSd * (p.leverage * prevZ + Math.sqrt(1 - p.leverage * p.leverage) * rng.normal());
    const level = Math.exp(h - levelVar / 2);
    const zt = skewedT(rng, p.nu, p.skew);
    z.push(zt);
    scale.push(level * Math.sqrt(g));
    g = omega + (p.alpha + (zt < 0 ? p.gamma : 0)) * g * zt * zt + p.beta * g;
    const nextH = p.phi * h + p.levelSd * p.leverage * zt;
    nextScale.push(Math.exp(nextH - levelVar / 2) * Math.sqrt(g));
    prevZ = zt;
  }
  return { z, scale, nextScale };
}

/** Exponential smoothing, so regime switches move volatility and spreads over days, not at once. */
export function smooth(values: number[], halfLifeDays: number): number[] {
  const k = 1 - Math.pow(0.5, 1 / halfLifeDays);
  const out: number[] = [];
  let s = values[0] ?? 0;
  for (const v of values) {
    s += k * (v - s);
    out.push(s);
  }
  return out;
}
