// The public macro tape, derived from the hidden regime chain and the market factor: market return,
// policy rate, 10-year yield, inflation expectation, high-yield credit spread and a volatility index,
// with the scenario's catalyst window marked.
import type { Rng } from "../../ground/rng.ts";
import type { MarketFactor } from "../../models/market.ts";
import { easeAbove, TRADING_DAYS } from "../../models/market.ts";
import type { RateDecision } from "../../models/rates.ts";
import { REGIME_PARAMS, type Regime } from "../../models/regimes.ts";
import { LEVEL_HALF_LIFE, smooth, smoothUpDown, unitAr1 } from "../../models/volatility.ts";
import { round2, round4 } from "../../models/rounding.ts";

export interface MacroObservation {
  time: string;
  regime_name: string;
  market_return: number;
  risk_free_rate: number;
  ten_year_yield: number;
  inflation_expectation: number;
  credit_spread: number;
  volatility_index: number;
  metadata: Record<string, unknown>;
}

/**
 * Catalyst window: the catalyst day and the 20 trading days after it. Nothing marks the days before:
 * a row may only carry what was public on its own date, and the catalyst is public from its day.
 */
export const CATALYST_WINDOW_DAYS = 20;

/** The policy rate (mid of the target range) in force on each day. */
export function policyRatePath(days: string[], decisions: RateDecision[]): number[] {
  let k = 0;
  let rate = (decisions[0].target_low + decisions[0].target_high) / 2;
  return days.map((day) => {
    while (k < decisions.length && decisions[k].effective_date <= day) {
      rate = (decisions[k].target_low + decisions[k].target_high) / 2;
      k++;
    }
    return rate;
  });
}

/** Smoothed inflation expectation per day (percent), with slow noise. */
export function inflationPath(regimes: Regime[], rng: Rng): number[] {
  const level = smooth(
    regimes.map((r) => REGIME_PARAMS[r].inflation),
    30,
  );
  let noise = 0;
  return level.map((l) => {
    noise = 0.985 * noise + 0.025 * rng.normal();
    return l + noise;
  });
}

export interface MacroInput {
  days: string[];
  regimes: Regime[];
  market: MarketFactor;
  inflation: number[];
  fedDecisions: RateDecision[];
  catalystIndex: number | undefined;
  /** Macro events by reaction day, for lineage. */
  eventIdsByDay: Map<number, string[]>;
  rng: Rng;
}

/**
 * Implied volatility's premium over expected volatility, in index points, in calm markets (VIX
 * 12-21 on eight expansion days in ten, median 15); it grows with the regime's risk (fear is
 * priced above expected volatility in a crisis). 9 since generator 0.66.0 (10 before): real VIX
 * over the index's realized volatility of the same 60 days is 1.29 (2014-2018), ours was 1.35.
 */
const VARIANCE_PREMIUM = 9;

/**
 * The volatility index eases above 50 toward 88, like the real one (peaks 80-90 in 2008 and 2020):
 * increasing and smooth, so no run of days sits at a ceiling.
 */
const softCap = (vix: number): number => easeAbove(vix, 50, 38);

/**
 * It eases below 10 toward 8.7 (real closes 2014-2018: lowest 9.14, below 10 on 4.5% of days), so
 * a spell of loose noise in a calm year (VIX_NOISE_SPELLS) cannot take it to 8.
 */
const softFloor = (vix: number): number => -easeAbove(-vix, -10, 1.3);

/**
 * The volatility index's own noise grows with the square root of the market's daily volatility, so
 * its daily change correlates with the market's return about as strongly in a wild year as in a
 * calm one (real: -0.82 over 2014-2018; docs/realism.md, "The macro tape": -0.65..-0.85). A fixed
 * noise left the four default scenarios' worlds at -0.72 (calm) to -0.90 (2022's); this one, -0.74
 * to -0.86, and -0.78 to -0.83 with each scenario's four seeds pooled. Noise in proportion to the
 * volatility overshot the other way (a crisis year at -0.66).
 * 0.45 since VIX_MOVE's steeper response to falls (at 0.4 rate-shock-2022's four seeds were all
 * beyond -0.85); 0.5 since its spells (VIX_NOISE_SPELLS), which alone took rate-shock-2022's four
 * seeds from -0.82..-0.86 to -0.83..-0.89.
 */
const VIX_NOISE = 0.5;

/**
 * The noise comes in spells (since generator 0.76.0): its scale is exp(spread × u), u a unit
 * AR(1) with a half-life of `halfLife` trading days on a stream of its own, times
 * exp(−spread²) so that its mean variance stays VIX_NOISE's. In most real 60-day windows the VIX
 * moves almost in step with the index (2014-2018: median correlation -0.87), in a few far more
 * loosely (10th to 90th percentile -0.90 to -0.71); one noise level made every window alike, and
 * the VIX classifier read it (docs/realism-discriminator.md, "Generator 0.76.0").
 */
const VIX_NOISE_SPELLS = { spread: 0.5, halfLife: 10 };

/**
 * How a day's market move moves the volatility index's log: down with a rise, up with a fall, and
 * up with the move's size beyond what the day's volatility expects: on a day of 1% volatility a 3%
 * fall lifts it by about 20% and a 3% rise lowers it by about 8%, before the expected volatility's
 * own move. Real daily log VIX changes are skewed right (2014-2018: skew 0.49, excess kurtosis 0.53
 * inside 60-day windows); with one slope of 4 ours were symmetric (0.04, 0.06; now 0.38, 0.22:
 * docs/realism-discriminator.md).
 */
const VIX_MOVE = { slope: 4.5, size: 2.5 };
/** E|z| of a standard normal: a day's expected absolute move over its volatility. */
const ABS_NORMAL_MEAN = Math.sqrt(2 / Math.PI);

/**
 * The credit cycle: of a crisis's high-yield spread level (REGIME_PARAMS.crisis.creditSpread),
 * `crisis` points are the defaults the crisis sets off and lenders' caution after them, not fear
 * priced with the market: they build while the crisis lasts and fade over years, where the rest of
 * the level follows the regime within days. Real spreads are a credit-cycle variable: after
 * Lehman the high-yield spread kept widening to its peak in mid-December 2008, weeks after the
 * VIX's, stayed near 10% in mid-2009 with the VIX near 25-30, and at 5-7% through 2010-2012, above
 * 2005-2007's 2.5-3.5%. With the whole level following the regime, a crisis put spread and VIX in
 * one spike: crisis-cycle-2005's level correlation read 0.86-0.93 at four seeds (band 0.5-0.85);
 * with this, 0.72-0.83 at eight. Half-lives in trading days: up 20 (seven eighths of it three months
 * into a crisis, so a short crisis's spreads still reach the crisis band), down 375 (a year and a half).
 */
const CREDIT_CYCLE = { crisis: 7, upHalfLife: 20, downHalfLife: 375 };

/** Each day's high-yield spread level before the VIX and noise: the regime's part plus the credit cycle's. */
function creditSpreadLevel(regimes: Regime[]): number[] {
  const cycleTarget = regimes.map((r) => (r === "crisis" ? CREDIT_CYCLE.crisis : 0));
  const cycle = smoothUpDown(cycleTarget, CREDIT_CYCLE.upHalfLife, CREDIT_CYCLE.downHalfLife);
  // The regime's part widens over a couple of weeks and narrows within days of a regime's end.
  const priced = smoothUpDown(
    regimes.map((r, t) => REGIME_PARAMS[r].creditSpread - cycleTarget[t]),
    8,
    6,
  );
  return priced.map((p, t) => p + cycle[t]);
}

/** Each day's scale of the volatility index's own noise: VIX_NOISE in spells of VIX_NOISE_SPELLS. */
function noiseSpells(n: number, rng: Rng): number[] {
  const { spread, halfLife } = VIX_NOISE_SPELLS;
  return unitAr1(rng, n, halfLife).map((u) => VIX_NOISE * Math.exp(spread * u - spread * spread));
}

export function macroTape(input: MacroInput): MacroObservation[] {
  const { days, regimes, market, inflation, rng, catalystIndex } = input;
  const policy = policyRatePath(days, input.fedDecisions);
  const spreadLevel = creditSpreadLevel(regimes);
  const termPremium = smooth(
    regimes.map((r) => (r === "crisis" ? -0.4 : r === "expansion" ? 0.9 : r === "recovery" ? 1.2 : 0.5)),
    40,
  );
  let yieldNoise = 0;
  let twoYearNoise = 0;
  let spreadNoise = 0;
  // Fear (the premium) fades within weeks of a crisis; the volatility it priced stays for months.
  const fear = smoothUpDown(
    regimes.map((r) => REGIME_PARAMS[r].volLevel),
    LEVEL_HALF_LIFE.up,
    10,
  );
  let vixNoise = 0;
  const noiseScale = noiseSpells(days.length, rng.fork("vix-noise-spells"));
  return days.map((time, t) => {
    // Implied volatility prices the month ahead: the variance expected over the next 21 days plus
    // a variance risk premium, which keeps it above about 10 (softFloor only eases what a loose
    // spell of noise would take lower), and it jumps when the market falls beyond what the
    // volatility model expects.
    const r = market.returns[t];
    const move = -VIX_MOVE.slope * r + VIX_MOVE.size * (Math.abs(r) - ABS_NORMAL_MEAN * market.vol[t]);
    vixNoise = 0.9 * vixNoise + move + noiseScale[t] * Math.sqrt(market.vol[t]) * rng.normal();
    // The jump term is bounded (a factor of 0.6-1.65) so a run of falls cannot compound it without
    // limit; it moves the premium too, so a calm market's index still moves every day.
    const jump = Math.exp(0.5 * Math.tanh(vixNoise / 0.5));
    const expected = 100 * Math.sqrt(TRADING_DAYS) * market.monthVol[t] * 1.05;
    const premium = VARIANCE_PREMIUM * Math.sqrt(fear[t] / REGIME_PARAMS.expansion.volLevel);
    const vix = softFloor(softCap(Math.sqrt(premium ** 2 + expected ** 2) * jump));
    spreadNoise = 0.97 * spreadNoise + 0.012 * rng.normal();
    const spread = Math.max(2, spreadLevel[t] * Math.pow(vix / 20, 0.25) * Math.exp(spreadNoise));
    yieldNoise = 0.99 * yieldNoise + 0.045 * rng.normal();
    twoYearNoise = 0.98 * twoYearNoise + 0.04 * rng.normal();
    // Long yields: expected policy path plus term premium; they fall in a crisis (flight to quality).
    const neutral = 0.6 + inflation[t];
    const tenYear = Math.max(0.2, 0.35 * policy[t] + 0.65 * neutral + termPremium[t] + yieldNoise);
    const twoYear = Math.max(0.05, 0.75 * policy[t] + 0.25 * neutral + twoYearNoise);
    const metadata: Record<string, unknown> = {
      two_year_yield: round2(twoYear),
      policy_rate: policy[t],
      source_event_ids: input.eventIdsByDay.get(t) ?? [],
      units: "rates, yields, spreads and inflation in percent; market_return a daily log return",
    };
    if (catalystIndex !== undefined && t >= catalystIndex) {
      metadata.catalyst_window = t - catalystIndex <= CATALYST_WINDOW_DAYS;
      metadata.trading_days_from_catalyst = t - catalystIndex;
    }
    return {
      time,
      regime_name: regimes[t],
      market_return: round4(market.returns[t] * 1e2) / 1e2,
      risk_free_rate: round2(policy[t]),
      ten_year_yield: round2(tenYear),
      inflation_expectation: round2(inflation[t]),
      credit_spread: round2(spread),
      volatility_index: round2(vix),
      metadata,
    };
  });
}
