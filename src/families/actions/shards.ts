// The corporate actions family's shard: actions per ticker and per year of all actions.
import { identity, kind, perPart } from "../../bundle/shards.ts";

export const ACTIONS_SHARDS = {
  /** Per ticker, and per year of all actions (`allOf(year)`): by announcement date (visible once announced). */
  actions: kind(
    perPart("actions"),
    ["announcement_date", "id", "ticker", "action_type", "ex_date", "record_date", "payable_date", "details"],
    { visible: "key", period: "year", served: identity },
  ),
} as const;
