// The macro family's shards: the macro tape and each central bank's policy decisions.
import { identity, kind, only, perPart } from "../../bundle/shards.ts";

export const MACRO_SHARDS = {
  /** The macro tape, one row per trading day. */
  macro: kind(
    only("market/macro"),
    [
      "time",
      "regime_name",
      "market_return",
      "risk_free_rate",
      "ten_year_yield",
      "inflation_expectation",
      "credit_spread",
      "volatility_index",
      "metadata",
    ],
    { visible: "key", served: identity },
  ),
  /** Per central bank: its policy decisions by effective date. */
  rates: kind(
    perPart("rates"),
    ["effective_date", "bank", "target_low", "target_high", "decision", "announcement_date"],
    { visible: { column: "announcement_date" }, served: identity },
  ),
} as const;
