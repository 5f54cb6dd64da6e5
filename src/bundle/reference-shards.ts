// The reference shards every bundle holds and the shared layers read: its instruments (so that any
// route answers 404 for a ticker the scenario does not hold), its companies and their CIKs, and every
// company's splits (to restate per-share figures at a horizon).
import { identity, kind, only } from "./shards.ts";

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
  /** Companies by zero-padded CIK. */
  ciks: kind(only("ciks"), ["cik", "ticker"], { visible: "always" }),
  /** Every instrument with prices, by ticker, with its kind (InstrumentKind). */
  instruments: kind(only("instruments"), ["ticker", "kind"], { visible: "always" }),
  /** Every company's splits, by ticker then ex-date: for restating the search's per-share figures by a horizon. */
  splits: kind(only("splits"), ["ticker", "ex_date", "ratio"], {
    visible: "ticker-key",
    key: (row) => `${row[0]} ${row[1]}`,
  }),
} as const;
