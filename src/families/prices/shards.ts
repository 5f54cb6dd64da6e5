// The prices family's shards: bars per instrument, their components, and every instrument's bar of a day.
import { identity, kind, perPart } from "../../bundle/shards.ts";
import { MARKET_CLOSE } from "../../contract/instant.ts";

/** A day's bar is whole at the 16:00 close (its minute bars, made when asked, are cut at any time: routes.ts). */
const AT_THE_CLOSE = { time: MARKET_CLOSE } as const;

export const PRICES_SHARDS = {
  /** Per instrument: the bar alone, so the common request decodes only plain numbers. */
  prices: kind(perPart("prices"), ["time", "open", "high", "low", "close", "volume"], {
    visible: "key",
    publicAt: AT_THE_CLOSE,
    served: { extra: (ticker) => ({ ticker }) },
  }),
  /** Per instrument: what `include_components=true` adds, one row per bar in the price shard's order. */
  components: kind(
    perPart("components"),
    [
      "time",
      "adjusted_close",
      "market_return",
      "sector_return",
      "idiosyncratic_return",
      "event_return",
      "volatility",
      "metadata",
    ],
    { visible: "key", publicAt: AT_THE_CLOSE, served: { hidden: ["time"] }, fragment: true },
  ),
  /** Per month (`2023-06`): every instrument's bar of every trading day, by day then ticker. */
  marketSnapshots: kind(
    perPart("market/snapshots"),
    ["time", "ticker", "open", "high", "low", "close", "volume", "day_change", "day_change_percent", "market_cap"],
    { visible: "key", publicAt: AT_THE_CLOSE, period: "month", key: (row) => `${row[0]} ${row[1]}`, served: identity },
  ),
} as const;
