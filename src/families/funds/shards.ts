// The index funds family's shard: each fund's holdings from each rebalance on.
import { kind, perPart } from "../../bundle/shards.ts";

/** Fields of each holding in a fund composition row. */
export const FUND_HOLDING_FIELDS = ["holding_ticker", "weight", "shares", "market_value"] as const;

export const FUNDS_SHARDS = {
  /** Per index fund and year (`SPY/2023`): one row per rebalance, the holdings (FUND_HOLDING_FIELDS each) from then on. */
  funds: kind(perPart("funds"), ["as_of", "holdings"], { visible: "key", period: "year" }),
} as const;
