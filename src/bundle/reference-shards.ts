// The reference shards every bundle holds and the shared layers read: its instruments (so that any
// route answers 404 for a ticker the scenario does not hold), its companies and their CIKs, and every
// company's splits (to restate per-share figures at a horizon), and every company's daily close and
// market cap (to value companies at a horizon).
import { packCloses } from "./closes.ts";
import { identity, kind, only, perPart } from "./shards.ts";

/** Instrument kinds in the `instruments` shard. */
export type InstrumentKind = "company" | "fund" | "warrant";

export const REFERENCE_SHARDS = {
  /** The operating companies' facts, by ticker. */
  companies: kind(
    only("companies"),
    [
      "ticker",
      "name",
      "sector",
      "industry",
      "category",
      "exchange",
      "location",
      "cik",
      "is_active",
      "sic_code",
      "sic_industry",
      "sic_sector",
      "sec_filings_url",
      "listing_date",
      "website_url",
      "number_of_employees",
    ],
    { visible: "always", served: identity },
  ),
  /**
   * Companies that leave the world, by ticker: their last trading day and why (`acquired`). Read only
   * against the horizon (a delisting is news only once it has happened); never served as is.
   */
  delistings: kind(only("delistings"), ["ticker", "last_trading_date", "reason"], { visible: "always" }),
  /**
   * Companies that list during the window, by ticker: their first trading day. Read only against the
   * horizon (a company is shown from its first day); never served as is.
   */
  listings: kind(only("listings"), ["ticker", "first_trading_date"], { visible: "always" }),
  /** Companies by zero-padded CIK. */
  ciks: kind(only("ciks"), ["cik", "ticker"], { visible: "always" }),
  /** Every instrument with prices, by ticker, with its kind (InstrumentKind). */
  instruments: kind(only("instruments"), ["ticker", "kind"], { visible: "always" }),
  /** Every company's splits, by ticker then ex-date: for restating the search's per-share figures by a horizon. */
  splits: kind(only("splits"), ["ticker", "ex_date", "ratio"], {
    visible: "ticker-key",
    key: (row) => `${row[0]} ${row[1]}`,
  }),
  /**
   * Per month (`2023-06`): each trading day's close and market cap of every company, packed in the
   * order of the `companies` shard (closes.ts `packCloses`): what the metrics snapshot
   * values companies at, a few kilobytes a day where the market snapshot holds every field.
   */
  closes: kind(perPart("market/closes"), ["time", "closes"], {
    visible: "key",
    period: "month",
    binary: true,
    merge: { columns: ["time", "ticker", "close", "market_cap"], rows: packCloses },
  }),
} as const;
