// The events family's shard: events per ticker and per year of all events.
import { identity, kind, perPart } from "../../bundle/shards.ts";

/** The part of the events kind holding the market-wide events alone (`events/market-wide`; tickers are upper case). */
export const MARKET_WIDE = "market-wide";

export const EVENTS_SHARDS = {
  /** Per ticker, and per year of all events (`allOf(year)`, market-wide ones included), by event date. */
  events: kind(
    perPart("events"),
    ["event_date", "event_id", "ticker", "event_type", "public_release_datetime", "visible_from", "public_summary"],
    // visible_from is the event date, the key.
    { visible: "key", publicAt: { column: "public_release_datetime" }, period: "year", served: identity },
  ),
} as const;
