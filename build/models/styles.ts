// Style factors: factors beyond the market and the sectors that every stock loads on, by its
// sector's lean and a draw of its own (growth against value, defensive against cyclical). Without
// them the cross-section had one factor and a set of small sector ones: the second eigenvalue of
// 20 stocks' correlations took 5% of the total where skfolio's 20 S&P 500 stocks give 7.7%
// (2005-2019, docs/realism-panel.md).
import type { Rng } from "../ground/rng.ts";
import { factorPath, type SectorFactor } from "./market.ts";
import type { Regime } from "./regimes.ts";

export interface StyleFactorSpec {
  name: string;
  /** Annual volatility of the factor at a loading of 1. */
  vol: number;
  /** The mean loading of a sector's stocks (0 where absent). */
  bySector: Record<string, number>;
  /** Spread of a stock's loading around its sector's. */
  spread: number;
}

export const STYLE_FACTORS: StyleFactorSpec[] = [
  {
    name: "growth",
    vol: 0.06,
    bySector: {
      "Information Technology": 0.9,
      "Communication Services": 0.5,
      "Consumer Discretionary": 0.4,
      "Health Care": 0.2,
      Materials: -0.3,
      "Real Estate": -0.3,
      "Consumer Staples": -0.4,
      Financials: -0.7,
      Utilities: -0.6,
      Energy: -0.8,
    },
    spread: 0.5,
  },
  {
    name: "defensive",
    vol: 0.045,
    bySector: {
      Utilities: 0.9,
      "Consumer Staples": 0.8,
      "Health Care": 0.4,
      "Real Estate": 0.3,
      "Communication Services": 0.1,
      "Information Technology": -0.2,
      Financials: -0.4,
      Energy: -0.3,
      "Consumer Discretionary": -0.5,
      Industrials: -0.5,
      Materials: -0.6,
    },
    spread: 0.5,
  },
];

/** Each style factor's path over the world's regimes. */
export const styleFactors = (rng: Rng, regimes: Regime[]): SectorFactor[] =>
  STYLE_FACTORS.map((s) => factorPath(rng.fork(`style/${s.name}`), s.vol, regimes));

/** A stock's loadings on the style factors, in STYLE_FACTORS' order. */
export const styleLoadings = (rng: Rng, sector: string): number[] =>
  STYLE_FACTORS.map((s) => (s.bySector[sector] ?? 0) + s.spread * rng.normal());
