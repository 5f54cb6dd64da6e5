// The market and sector factors: daily log returns driven by the regime (drift, volatility level)
// and by macro events (policy surprises, inflation prints, the catalyst). A crisis also pulls the
// market down to a depth drawn when it begins (a crisis draws down more than 20%: docs/realism.md,
// "Crisis depth").
import type { Rng } from "../ground/rng.ts";
import type { WorldEvent } from "./events.ts";
import { REGIME_PARAMS, type Regime } from "./regimes.ts";
import { LEVEL_HALF_LIFE, MARKET_SHOCKS, SECTOR_SHOCKS, shockPath, smooth, smoothUpDown } from "./volatility.ts";

export const TRADING_DAYS = 252;

/** Annual volatility of each sector's own factor (beyond the market). */
export const SECTOR_VOL: Record<string, number> = {
  Utilities: 0.055,
  "Consumer Staples": 0.049,
  "Health Care": 0.06,
  "Real Estate": 0.083,
  "Communication Services": 0.066,
  Industrials: 0.055,
  Materials: 0.072,
  "Consumer Discretionary": 0.066,
  "Information Technology": 0.072,
  Financials: 0.083,
  Energy: 0.122,
};

/**
 * A crisis's fall: a depth (log points below the market's level when the crisis began) drawn
 * when it begins, approached along 1 - exp(-days / time scale); each day the drift closes `pull`
 * of the gap to that path. The target depends only on the days since the crisis began, never on
 * how long it will last (a regime's end is not known before it happens).
 */
export const CRISIS_FALL = { minDepth: 0.25, maxDepth: 0.42, timeScale: 18, pull: 0.06 };

/**
 * Daily volatility eases above 3% toward 5% (about 80% a year, as at the worst of late 2008), so
 * feedback between shocks, GARCH and the levels cannot spiral; smooth, so no run of days sits at
 * a ceiling.
 */
function softCapVol(v: number): number {
  const knee = 0.03;
  const room = 0.02;
  return v <= knee ? v : knee + room * Math.tanh((v - knee) / room);
}

/**
 * The market's valuation returns toward day one's (the anchors' real-era level): each day the
 * drift closes this share, over a year, of the gap between the market's log total return and its
 * trend, the economy's log sales growth plus the dividend yield (half-life about 3.5 years).
 * Without it, that gap after 15 years of regimes spread like a random walk's (sd 0.52, median
 * +0.43); with it, sd 0.21 and median +0.14, a long expansion's drift still lifting the market as
 * real booms lift P/E.
 */
export const MARKET_VALUATION_PULL = 0.2;

/** The market's dividend yield: its total return is its price's plus this (S&P 500 2005-2019: about 2%). */
export const MARKET_DIVIDEND_YIELD = 0.02;

/** The size a day's diffusive market move eases toward (log return). */
const MAX_DIFFUSIVE_MOVE = 0.12;

/**
 * Share of yesterday's diffusive move the market gives back today: the real index's daily
 * returns are slightly negatively autocorrelated (S&P 500 1999-2018: median lag-1 ACF -0.05 over
 * 60-day windows), which a classifier of 60-day windows reads.
 */
export const DAILY_REVERSAL = 0.04;

/**
 * The scenario's market volatility is scaled by this: the market's volatility level is
 * log-normal with a wide spread (its slow components), so its mean square sits well above its
 * median, and at the scenario's nominal level the typical 60-day window of a 2005-2019 world
 * would be calmer than 15% but the whole sample wilder than the real index's (about 18%).
 */
export const MARKET_VOL_SCALE = 0.9;

/** Regime volatility level above which a quiet shock scale is lifted (only a crisis's is). */
const CRISIS_DAMPING_LEVEL = 0.8;

export interface MarketFactor {
  /** Daily log return of the market factor (beta 1), macro event jumps included. */
  returns: number[];
  /** Part of `returns` that came from macro events. */
  eventReturns: number[];
  /** Conditional daily volatility. */
  vol: number[];
  /** Daily volatility expected over the next month (21 trading days), known at today's close. */
  monthVol: number[];
  /**
   * The daily log total return the economy gives a company that grows with it and pays the market's
   * yield: its sales growth plus the yield. `returns` swing around it; a stock's beta scales the swings.
   */
  trend: number[];
}

export function marketFactor(rng: Rng, regimes: Regime[], baseAnnualVol: number, events: WorldEvent[]): MarketFactor {
  const n = regimes.length;
  const level = smoothUpDown(
    regimes.map((r) => REGIME_PARAMS[r].volLevel),
    LEVEL_HALF_LIFE.up,
    LEVEL_HALF_LIFE.down,
  );
  const drift = smooth(
    regimes.map((r) => REGIME_PARAMS[r].drift),
    5,
  );
  const shocks = shockPath(rng, n, MARKET_SHOCKS, true);
  const depthRng = rng.fork("crisis-depth");
  const eventReturns = new Array<number>(n).fill(0);
  for (const e of events) if (e.ticker === null) eventReturns[e.effect.reactionDay] += e.effect.jump;
  const base = (MARKET_VOL_SCALE * baseAnnualVol) / Math.sqrt(TRADING_DAYS);
  // In a crisis the regime's level dominates: a quiet shock scale (below 1) is lifted toward 1
  // (power below 1), so a crisis that begins in a calm spell still reaches crisis volatility; a
  // high one is kept, so the crisis's own shocks still raise volatility (leverage, tails).
  const damp = level.map((l) => Math.min(1, CRISIS_DAMPING_LEVEL / l));
  const volOf = (s: number, t: number) => softCapVol(base * level[t] * (s < 1 ? Math.pow(s, damp[t]) : s));
  const vol = shocks.scale.map(volOf);
  // Known at today's close: the month's expected shock scale, but today's regime level (tomorrow's regime is not public).
  const monthVol = shocks.monthScale.map(volOf);
  const returns: number[] = [];
  let crisisDay = -1;
  let depth = 0;
  let fallen = 0; // log return since the crisis began
  const trend = regimes.map((r) => (REGIME_PARAMS[r].salesGrowth + MARKET_DIVIDEND_YIELD) / TRADING_DAYS);
  let valuation = 0; // the market's log total return less its trend, both since day one
  let prevMove = 0;
  for (let t = 0; t < n; t++) {
    let pull = (-MARKET_VALUATION_PULL / TRADING_DAYS) * valuation;
    if (regimes[t] === "crisis") {
      if (crisisDay < 0) {
        crisisDay = 0;
        fallen = 0;
        depth = -Math.log(1 - depthRng.between(CRISIS_FALL.minDepth, CRISIS_FALL.maxDepth));
      } else crisisDay++;
      const target = -depth * (1 - Math.exp(-(crisisDay + 1) / CRISIS_FALL.timeScale));
      pull += CRISIS_FALL.pull * (target - fallen);
    } else crisisDay = -1;
    const v = vol[t];
    // A day's diffusive move eases toward 12% (real index days: -9% and +12% in 2008, -20% once in
    // 1987): at crisis volatility a t draw of 4-5 sd would otherwise be a 20-25% day.
    const move = MAX_DIFFUSIVE_MOVE * Math.tanh((v * shocks.z[t]) / MAX_DIFFUSIVE_MOVE);
    const r = drift[t] / TRADING_DAYS + pull - (v * v) / 2 + move - DAILY_REVERSAL * prevMove + eventReturns[t];
    prevMove = move;
    fallen += r;
    valuation += r - trend[t];
    returns.push(r);
  }
  return { returns, eventReturns, vol, monthVol, trend };
}

export interface SectorFactor {
  returns: number[];
  vol: number[];
}

/**
 * A sector's valuation against the market returns toward its trend at the market's pace: each day
 * its factor closes this share, over a year, of the gap between its log return and the scenario's
 * rerating of it. As a random walk, a sector's factor over 15 years spread by sd 0.32 (Financials),
 * and its companies' price-to-sales ratios with it.
 */
export const SECTOR_VALUATION_PULL = MARKET_VALUATION_PULL;

/**
 * The most a scenario's tilt of a sector moves the sector's valuation (its P/E) over the whole
 * scenario (log): technology's rose about 0.4 in 2023, while US financials' P/E against the market's
 * moved little from 2006 to 2018 (their lag ran through their earnings and their share issuance).
 */
export const SECTOR_RERATING_LIMIT = 0.5;

/**
 * The most the tilt then moves the sector's operating margins over the scenario (log), within what
 * keeps a sector's net margins in their range: US financials' net margins fell by about this much
 * from 2006 to 2010-2012.
 */
export const SECTOR_MARGIN_LIMIT = 0.4;

/**
 * The most the tilt then moves its companies' value per share through their share counts over the
 * scenario (log): a lagging sector issues shares, a leading one buys them back. US banks issued
 * about this much from 2008 to 2010 (Bank of America's count rose from 4.6 to 10.1 billion).
 */
export const SECTOR_SHARES_LIMIT = 0.5;

/**
 * A sector's tilt (log a year, over `years`) as a rerating of its valuation, a drift of its
 * companies' operating margins, of their share counts and of their sales growth, each taking what
 * the ones before leave up to its limit: a year's tilt is mostly a rerating, fifteen years' mostly
 * business. Each part is its contribution to the sector's return (negative: lagging).
 */
export function sectorTiltParts(
  tilt: number,
  years: number,
): { rerating: number; margin: number; shares: number; sales: number } {
  let left = tilt;
  const take = (limit: number) => {
    const part = Math.sign(left) * Math.min(Math.abs(left), limit / years);
    left -= part;
    return part;
  };
  const rerating = take(SECTOR_RERATING_LIMIT);
  const margin = take(SECTOR_MARGIN_LIMIT);
  const shares = take(SECTOR_SHARES_LIMIT);
  return { rerating, margin, shares, sales: left };
}

/** A sector's own factor: its shocks around a trend of `rerating` (log a year), to which it returns. */
export function sectorFactor(rng: Rng, sector: string, regimes: Regime[], rerating = 0): SectorFactor {
  const n = regimes.length;
  const level = smoothUpDown(
    regimes.map((r) => Math.pow(REGIME_PARAMS[r].volLevel, 0.25)),
    LEVEL_HALF_LIFE.up,
    LEVEL_HALF_LIFE.down,
  );
  const base = (SECTOR_VOL[sector] ?? 0.12) / Math.sqrt(TRADING_DAYS);
  const shocks = shockPath(rng, n, SECTOR_SHOCKS);
  const vol = shocks.scale.map((s, t) => base * level[t] * s);
  const trend = rerating / TRADING_DAYS;
  let valuation = 0; // the factor's log return less its trend, since day one
  const returns = vol.map((v, t) => {
    const r = trend - (SECTOR_VALUATION_PULL / TRADING_DAYS) * valuation + v * shocks.z[t];
    valuation += r - trend;
    return r;
  });
  return { returns, vol };
}

/** The scenario's tilt of a sector (its theme's, or its story's), split over a world of `days` trading days. */
export const sectorTilt = (source: { sector_tilts: Record<string, number> }, sector: string, days: number) =>
  sectorTiltParts(source.sector_tilts[sector] ?? 0, days / TRADING_DAYS);

/**
 * The yearly drift that makes a stated sector lead or lag: two standard deviations of a sector
 * group's cap-weighted excess return over the scenario's length. Its price noise (about 0.25 a
 * year, betas and stock noise included) returns toward its business at 0.2 a year; its business's
 * own growth differs from the rest's by about 5.5% a year for good (a company's premium is 6%, and
 * one or two large companies weigh most in a group): 0.47 a year for one year (energy led the
 * S&P 500 by about 75 points in 2022), 0.12 for fifteen. Over fifteen years this gives an sd of
 * 0.91; over 40 draws of crisis-cycle-2005 the financials' excess varied by sd 0.73.
 */
export function storyTilt(start: string, end: string): number {
  const years = Math.max(0.25, (Date.parse(end) - Date.parse(start)) / (365.25 * 86_400_000));
  const pull = SECTOR_VALUATION_PULL;
  const priceVariance = (0.25 ** 2 * (1 - Math.exp(-2 * pull * years))) / (2 * pull);
  const businessVariance = (0.055 * years) ** 2;
  return (2 * Math.sqrt(priceVariance + businessVariance)) / years;
}
