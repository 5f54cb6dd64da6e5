// Shock processes for the factor model ("a model that landed inside every index band":
// docs/realism.md, "How cheap models fare"): GJR-GARCH on skewed Student-t shocks, multiplied by a
// volatility level that is the exponential of a sum of log-AR(1) components with different
// half-lives (a slow one near 0.997 and faster ones). A single AR(1) or GARCH makes volatility
// memory decay exponentially; a few time scales summed decay roughly as a power law over lags 1-100
// (the decay slope of docs/realism.md). The components' innovations are negatively correlated with
// the previous day's return shock (leverage).
import type { Rng } from "../ground/rng.ts";

/** One log-volatility component: h_t = phi h_t-1 + sd * innovation. */
export interface LevelComponent {
  phi: number;
  sd: number;
  /** Correlation of this component's innovation with the previous day's shock, when not the process's. */
  leverage?: number;
}

export interface ShockParams {
  /** GJR-GARCH(1,1) on a unit-variance scale. */
  alpha: number;
  gamma: number;
  beta: number;
  /** Student-t degrees of freedom and Fernandez-Steel skew (> 0 leans left). */
  nu: number;
  skew: number;
  /** Log-volatility components, summed. */
  levels: LevelComponent[];
  /** Correlation of every component's innovation with the previous day's return shock. */
  leverage: number;
  /**
   * Shocks beyond this many sd are clipped: for the market factor one 6-10 sd draw (the t's
   * chi-square denominator allows it) at crisis volatility is a 25-40% day whose GARCH echo
   * dominates 15 years of kurtosis.
   */
  clip?: number;
  /**
   * Largest squared shock GARCH reacts to: beyond it a shock still moves the price but its echo in
   * volatility is that of a 3-sd day, so a few tail draws in a calm year cannot spiral volatility
   * to crash levels (the slow level still reacts in proportion).
   */
  newsCap?: number;
}

// Tuned on 15-year, 60-company worlds against the index and stock bands (docs/realism.md, docs/generator.md).
// The market factor is the index (SPY tracks it), so it is also tuned against the real S&P 500's
// 60-day windows (npm run realism:discriminate): there, real daily volatility shows little lag-1
// clustering (median ACF of abs returns -0.04) but slow drifts (lags 5-10 +0.02/+0.03), thin
// within-window tails (excess kurtosis 0.4) and a leverage effect of -0.09. So the market has no
// GARCH (a GARCH echoes each large day into the next, which is the lag-1 clustering the real index
// lacks), t shocks with 10 degrees of freedom (fat tails come from volatility moving between
// windows, not within them), three slow level components (half-lives of about 1.4 years, 3
// months and a month) and a fast one (phi 0.5) whose innovation is almost wholly the previous
// day's shock with its sign flipped: a fall raises tomorrow's volatility and a rise lowers it,
// which is leverage without symmetric clustering. The slow components' leverage is milder: at
// -0.95 a run of falls lifted the slowest level for years (expansion years at 26-36% volatility).
// The slowest level's spread is small (stationary sd 0.08 in log, since generator 0.78.0): at 0.015
// (sd 0.24) it set whole years near half the calm level, and 19% of crisis-cycle-2005's years (16
// seeds) ran at or below 9% a year, where the real S&P 500's did in 9% of 1990-2022 (three years:
// 1993, 1995, 2017) and 7% of 2005-2019; at 0.005, 9% (docs/realism-panel.md, "Generator 0.78.0").
export const MARKET_SHOCKS: ShockParams = {
  alpha: 0,
  gamma: 0,
  beta: 0,
  nu: 10,
  skew: 0.15,
  levels: [
    { phi: 0.998, sd: 0.005, leverage: -0.4 },
    { phi: 0.99, sd: 0.02, leverage: -0.4 },
    { phi: 0.97, sd: 0.06, leverage: -0.8 },
    { phi: 0.5, sd: 0.08 },
  ],
  leverage: -0.95,
  clip: 5,
};

export const SECTOR_SHOCKS: ShockParams = {
  alpha: 0.02,
  gamma: 0.08,
  beta: 0.9,
  nu: 7,
  skew: 0.05,
  levels: [
    { phi: 0.997, sd: 0.02 },
    { phi: 0.96, sd: 0.05 },
  ],
  leverage: -0.4,
};
/**
 * t(9): inside 60-day windows a real stock's median excess kurtosis is 0.7 (skfolio's panel,
 * docs/realism-panel.md); on t(7), and on t(5) for the sectors, ours was 1.1. Fat tails over a
 * whole history come from clustering, and earnings days add their jumps.
 */
export const STOCK_SHOCKS: ShockParams = {
  alpha: 0.08,
  gamma: 0.04,
  beta: 0.88,
  nu: 9,
  skew: 0,
  levels: [
    { phi: 0.995, sd: 0.065 },
    { phi: 0.97, sd: 0.05 },
  ],
  leverage: -0.45,
};

export interface ShockPath {
  /** Standardized shocks (unit variance). */
  z: number[];
  /** Volatility multiplier of each day (GARCH x level), mean square about 1. */
  scale: number[];

  /** Root of the variance expected over the next 21 trading days (a month: what an implied-vol index prices); with `forward` only. */
  monthScale: number[];
}

/** Left-skewed unit-variance Student-t draw. */
function skewedT(rng: Rng, nu: number, skew: number): number {
  const t = rng.studentT(nu);
  const s = t < 0 ? t * (1 + skew) : t * (1 - skew);
  // Re-centre and re-scale so the draw stays mean 0, variance 1 (E|t| for unit-variance t ~ 0.75).
  const meanShift = -skew * 0.75;
  return (s - meanShift) / Math.sqrt(1 + skew * skew * 2.4);
}

const MONTH = 21;

export function shockPath(rng: Rng, n: number, p: ShockParams, forward = false): ShockPath {
  const persistence = p.alpha + p.gamma / 2 + p.beta;
  const omega = 1 - persistence;
  // Stationary variance of the summed log level: dividing exp(h) by exp(var) keeps the mean
  // variance at 1 (E[exp(2h)] = exp(2 var)), so the components add memory, not level.
  const levelVar = p.levels.reduce((s, c) => s + (c.sd * c.sd) / (1 - c.phi * c.phi), 0);
  const h = p.levels.map(() => 0);
  const lev = p.levels.map((c) => c.leverage ?? p.leverage);
  const rho = lev.map((l) => Math.sqrt(1 - l * l));
  let g = 1;
  let prevZ = 0;
  const z: number[] = [];
  const scale: number[] = [];
  const monthScale: number[] = [];
  for (let t = 0; t < n; t++) {
    let sum = 0;
    p.levels.forEach((c, k) => {
      h[k] = c.phi * h[k] + c.sd * (lev[k] * prevZ + rho[k] * rng.normal());
      sum += h[k];
    });
    const draw = skewedT(rng, p.nu, p.skew);
    const zt = p.clip === undefined ? draw : Math.max(-p.clip, Math.min(p.clip, draw));
    z.push(zt);
    scale.push(Math.exp(sum - levelVar) * Math.sqrt(g));
    const news = Math.min(zt * zt, p.newsCap ?? Infinity);
    g = omega + (p.alpha + (zt < 0 ? p.gamma : 0)) * g * news + p.beta * g;
    // The month's average of the expected GARCH variance and level variance, each day's level
    // expected from today's (tomorrow's innovation still unknown).
    let monthVar = 0;
    for (let k = 0; forward && k < MONTH; k++) {
      let lk = 0;
      p.levels.forEach((c, j) => (lk += Math.pow(c.phi, k) * (c.phi * h[j] + c.sd * lev[j] * zt)));
      monthVar += Math.exp(2 * (lk - levelVar)) * (1 + (g - 1) * Math.pow(persistence, k));
    }
    if (forward) monthScale.push(Math.sqrt(monthVar / MONTH));
    prevZ = zt;
  }
  return { z, scale, monthScale };
}

/**
 * A unit-variance AR(1) path of n days with a half-life of `halfLife` days, from a unit-normal
 * start: a slow drift that wanders and comes back (the volatility index's noise spells, a stock's
 * beta).
 */
export function unitAr1(rng: Rng, n: number, halfLife: number): number[] {
  const keep = Math.pow(0.5, 1 / halfLife);
  const fresh = Math.sqrt(1 - keep * keep);
  let u = rng.normal();
  return Array.from({ length: n }, () => (u = keep * u + fresh * rng.normal()));
}

/**
 * Exponential smoothing, so regime switches move volatility and spreads over days, not at once;
 * from `start` (the first value unless given).
 */
export function smooth(values: number[], halfLifeDays: number, start?: number): number[] {
  return smoothUpDown(values, halfLifeDays, halfLifeDays, start);
}

/**
 * Exponential smoothing that rises with one half-life and falls with another: volatility jumps
 * into a crisis within days but stays raised for months after it (real markets stayed volatile
 * through 2009), which is where much of an index's volatility memory at lag 100 comes from.
 */
export function smoothUpDown(values: number[], upHalfLife: number, downHalfLife: number, start?: number): number[] {
  const up = 1 - Math.pow(0.5, 1 / upHalfLife);
  const down = 1 - Math.pow(0.5, 1 / downHalfLife);
  const out: number[] = [];
  let s = start ?? values[0] ?? 0;
  for (const v of values) {
    s += (v > s ? up : down) * (v - s);
    out.push(s);
  }
  return out;
}

/**
 * Half-lives (trading days) of the regime's volatility level going up and coming down. Down: 25
 * since generator 0.66.0 (40 before, when crisis-cycle-2005's 2009 ran at 30-50% a year over eight
 * seeds, median 34%, where the real one was 27%: 42% in its first quarter, 17% in its third).
 */
export const LEVEL_HALF_LIFE = { up: 5, down: 25 };
