// The prices family's rows: daily bars, as traded or with their return components, intraday bars, and a
// market snapshot's row.
import { z } from "zod";
import { field, day, money, ticker, opaque } from "../../contract/fields.ts";

export const PriceBar = z
  .object({
    ticker: ticker(),
    time: day("Trading day."),
    open: money("Opening price, as traded.", 189.84),
    high: money("Session high, as traded.", 191.3),
    low: money("Session low, as traded.", 188.95),
    close: money("Closing price, as traded.", 190.54),
    volume: field(z.int(), "Shares traded.", 41286180),
  })
  .meta({ id: "PriceBar", description: "One daily bar, as traded (not adjusted)." });

export const PriceBarWithComponents = PriceBar.extend({
  adjusted_close: money(
    "Close restated for the splits and dividends that went ex after it, up to the request's horizon (as_of, or current_date).",
    188.77,
  ),
  market_return: field(z.number(), "Market part of the day's log return.", 0.0073),
  sector_return: field(
    z.number(),
    "Part of the day's log return from its sector's factor and the style factors (growth, defensive) it loads on.",
    -0.0011,
  ),
  idiosyncratic_return: field(z.number(), "Stock-specific part of the day's log return.", 0.0023),
  event_return: field(z.number(), "Part of the day's log return caused by events (see metadata.source_event_ids).", 0),
  volatility: field(z.number(), "Modeled annualized volatility that day.", 0.2534),
  metadata: opaque(
    "log_return, previous_adjusted_close, split_ratio, dividend, source_event_ids (events behind event_return), market_event_return (on a day with a market-wide event in the session: the part of market_return it made); for funds the benchmark and its level.",
  ),
}).meta({ id: "PriceBarWithComponents", description: "A bar with its return components (include_components=true)." });

export const IntradayBar = PriceBar.extend({
  time: field(
    z.string(),
    "Start of the bar: New York local time with its UTC offset (ISO 8601).",
    "2023-07-05T09:30:00-04:00",
  ).meta({ format: "date-time" }),
  open: money("The bar's first price.", 189.84),
  high: money("The bar's highest price.", 190.02),
  low: money("The bar's lowest price.", 189.7),
  close: money("The bar's last price.", 189.95),
  volume: field(z.int(), "Shares traded in the bar.", 412861),
}).meta({
  id: "IntradayBar",
  description: "A bar of minutes or hours (interval=minute or hour), made from its day's bar: docs/intraday.md.",
});

export const MarketSnapshotRow = z
  .object({
    ticker: ticker(),
    open: money("Opening price.", 189.84),
    high: money("Session high.", 191.3),
    low: money("Session low.", 188.95),
    close: money("Closing price.", 190.54),
    volume: field(z.int(), "Shares traded.", 41286180),
    time: day("Trading day of the bar."),
    day_change: money("Close minus the previous close.", 1.27),
    day_change_percent: field(z.number(), "day_change against the previous close, in percent.", 0.67),
    market_cap: field(z.number().nullable(), "Close times shares outstanding (null for funds and warrants).", 2.9e12),
  })
  .meta({ id: "MarketSnapshotRow", description: "One instrument's bar in a market-wide snapshot." });

export type PriceBar = z.infer<typeof PriceBar>;
export type PriceBarWithComponents = z.infer<typeof PriceBarWithComponents>;
export type IntradayBar = z.infer<typeof IntradayBar>;
export type MarketSnapshotRow = z.infer<typeof MarketSnapshotRow>;
