// The macro family's rows: the daily macro tape, central banks and their policy rates.
import { z } from "zod";
import { field, day, opaque } from "../../contract/fields.ts";

export const MacroObservation = z
  .object({
    time: day("Trading day."),
    regime_name: field(z.string(), "Name of the macro regime in force that day.", "expansion"),
    market_return: field(z.number(), "The market factor's daily log return (a fraction).", 0.0041),
    risk_free_rate: field(z.number(), "Policy rate in force (FED mid-range), percent.", 5.13),
    ten_year_yield: field(z.number(), "10-year yield, percent.", 3.84),
    inflation_expectation: field(z.number(), "10-year breakeven inflation, percent.", 2.21),
    credit_spread: field(z.number(), "High-yield credit spread, percent.", 3.9),
    volatility_index: field(z.number(), "Implied volatility index, percent a year.", 14.2),
    metadata: opaque(
      "two_year_yield, policy_rate, source_event_ids (macro events that day), units; from the catalyst's day on, catalyst_window and trading_days_from_catalyst.",
    ),
  })
  .meta({ id: "MacroObservation", description: "One day of the macro tape." });

export const InterestRate = z
  .object({
    effective_date: day("Date the rate takes effect."),
    bank: field(z.string(), "Central bank code.", "FED"),
    target_low: field(
      z.number(),
      "Lower bound of the target range, percent (equal to target_high for a single rate).",
      5.25,
    ),
    target_high: field(z.number(), "Upper bound of the target range, percent.", 5.5),
    decision: field(z.enum(["hike", "cut", "hold"]), "What the decision did.", "hold"),
    announcement_date: day("Date the decision was announced (public from then)."),
  })
  .meta({ id: "InterestRate", description: "A policy-rate decision (stair-stepped, not a daily series)." });

export const Bank = z
  .object({
    bank: field(z.string(), "Central bank code.", "FED"),
    name: field(z.string(), "Name.", "Federal Reserve"),
  })
  .meta({ id: "Bank", description: "A central bank with a policy-rate series." });

export type MacroObservation = z.infer<typeof MacroObservation>;
export type InterestRate = z.infer<typeof InterestRate>;
