// The market and sector factors: daily log returns driven by the regime (drift, volatility level)
// and by macro events (policy surprises, inflation prints, the catalyst).
import type { Rng } from "../rng.ts";
import type { WorldEvent } from "./events.ts";
import { REGIME_PARAMS, type Regime } from "./regimes.ts";
import { MARKET_SHOCKS, SECTOR_SHOCKS, shockPath, smooth } from "./volatility.ts";

export const TRADING_DAYS = 252;
const MAX_DAILY_VOL = 0.045;

/** Annual volatility of each sector's own factor (beyond the market). */
export const SECTOR_VOL: Record<string, number> = {
  Utilities: 0.1,
  "Consumer Staples": 0.09,
  "Health Care": 0.11,
  "Real Estate": 0.15,
  "Communication Services": 0.12,
  Industrials: 0.1,
  Materials: 0.13,
  "Consumer Discretionary": 0.12,
  "Information Technology": 0.13,
  Financials: 0.15,
  Energy: 0.22,
};

export interface MarketFactor {
  /** Daily log return of the market factor (beta 1), macro event jumps included. */
  returns: number[];
  /** Part of `returns` that came from macro events. */
  eventReturns: number[];
  /** Conditional daily volatility. */
  vol: number[];
  /** Volatility expected for the next day, known at today's close. */
  nextVol: number[];
}

export function marketFactor(rng: Rng, regimes: Regime[], baseAnnualVol: number, events: WorldEvent[]): MarketFactor {
  const n = regimes.length;
  const level = smooth(
    regimes.map((r) => REGIME_PARAMS[r].volLevel),
    8,
  );
  const drift = smooth(
    regimes.map((r) => REGIME_PARAMS[r].drift),
    5,
  );
  const shocks = shockPath(rng, n, MARKET_SHOCKS);
  const eventReturns = new Array<number>(n).fill(0);
  for (const e of events) if (e.ticker === null) eventReturns[e.effect.reactionDay] += e.effect.jump;
  const base = baseAnnualVol / Math.sqrt(TRADING_DAYS);
  // Capped near the highest daily volatility seen in real crashes (about 90% a year), so that
  // feedback between shocks, GARCH and the slow level cannot spiral into an impossible quarter.
  const vol = shocks.scale.map((s, t) => Math.min(MAX_DAILY_VOL, base * level[t] * s));
  // Known at today's close: tomorrow's shock scale, but today's regime level (tomorrow's regime is not public).
  const nextVol = shocks.nextScale.map((s, t) => Math.min(MAX_DAILY_VOL, base * level[t] * s));
  const returns = vol.map((v, t) => drift[t] / TRADING_DAYS - (v * v) / 2 + v * shocks.z[t] + eventReturns[t]);
  return { returns, eventReturns, vol, nextVol };
}

export interface SectorFactor {
  returns: number[];
  vol: number[];
}

export function sectorFactor(rng: Rng, sector: string, regimes: Regime[]): SectorFactor {
  const n = regimes.length;
  const level = smooth(
    regimes.map((r) => Math.sqrt(REGIME_PARAMS[r].volLevel)),
    8,
  );
  const base = (SECTOR_VOL[sector] ?? 0.12) / Math.sqrt(TRADING_DAYS);
  const shocks = shockPath(rng, n, SECTOR_SHOCKS);
  const vol = shocks.scale.map((s, t) => base * level[t] * s);
  return { returns: vol.map((v, t) => v * shocks.z[t]), vol };
}
