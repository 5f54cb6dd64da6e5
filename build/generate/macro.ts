// The public macro tape, derived from the hidden regime chain and the market factor: market return,
// policy rate, 10-year yield, inflation expectation, high-yield credit spread and a volatility index,
// with the scenario's catalyst window marked.
import type { Rng } from "../rng.ts";
import type { MarketFactor } from "./market.ts";
import { TRADING_DAYS } from "./market.ts";
import type { RateDecision } from "./rates.ts";
import { REGIME_PARAMS, type Regime } from "./regimes.ts";
import { smooth } from "./volatility.ts";

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

const r4 = (x: number) => Math.round(x * 1e4) / 1e4;
const r2 = (x: number) => Math.round(x * 100) / 100;

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

export function macroTape(input: MacroInput): MacroObservation[] {
  const { days, regimes, market, inflation, rng, catalystIndex } = input;
  const policy = policyRatePath(days, input.fedDecisions);
  const spreadLevel = smooth(
    regimes.map((r) => REGIME_PARAMS[r].creditSpread),
    15,
  );
  const termPremium = smooth(
    regimes.map((r) => (r === "crisis" ? -0.4 : r === "expansion" ? 0.9 : r === "recovery" ? 1.2 : 0.5)),
    40,
  );
  let yieldNoise = 0;
  let twoYearNoise = 0;
  let spreadNoise = 0;
  let vixNoise = 0;
  return days.map((time, t) => {
    // Implied volatility: next-day conditional volatility plus a variance risk premium.
    // Implied volatility jumps when the market falls, beyond what the volatility model expects.
    vixNoise = 0.9 * vixNoise - 3 * market.returns[t] + 0.015 * rng.normal();
    const vix = Math.max(9, 100 * Math.sqrt(TRADING_DAYS) * market.nextVol[t] * 1.25 * Math.exp(vixNoise));
    spreadNoise = 0.97 * spreadNoise + 0.04 * rng.normal();
    const spread = Math.max(2, spreadLevel[t] * Math.pow(vix / 20, 0.45) * Math.exp(spreadNoise));
    yieldNoise = 0.99 * yieldNoise + 0.045 * rng.normal();
    twoYearNoise = 0.98 * twoYearNoise + 0.04 * rng.normal();
    // Long yields: expected policy path plus term premium; they fall in a crisis (flight to quality).
    const neutral = 0.6 + inflation[t];
    const tenYear = Math.max(0.2, 0.35 * policy[t] + 0.65 * neutral + termPremium[t] + yieldNoise);
    const twoYear = Math.max(0.05, 0.75 * policy[t] + 0.25 * neutral + twoYearNoise);
    const metadata: Record<string, unknown> = {
      two_year_yield: r2(twoYear),
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
      market_return: r4(market.returns[t] * 1e2) / 1e2,
      risk_free_rate: r2(policy[t]),
      ten_year_yield: r2(tenYear),
      inflation_expectation: r2(inflation[t]),
      credit_spread: r2(spread),
      volatility_index: r2(vix),
      metadata,
    };
  });
}
