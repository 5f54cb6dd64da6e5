// Every shard a bundle can hold, declared once: the build writes rows in these column orders under
// these names, and the routes read them back by the same declarations. A shard is one sorted table
// (see shard.ts); its first column is the sort key.

export interface ShardKind<C extends readonly string[]> {
  /** Column order of the rows. */
  readonly columns: C;
  /** The shard's name in a manifest, for one part (a ticker, a bank, a fund) or the only one. */
  name(part?: string): string;
}

/** One shard per part: `prices/AAPL`, `rates/FED`. */
function perPart<const C extends readonly string[]>(prefix: string, columns: C): ShardKind<C> {
  return {
    columns,
    name: (part) => {
      if (!part) throw new Error(`shard ${prefix} needs a part`);
      return `${prefix}/${part}`;
    },
  };
}

/** A single shard for the whole scenario. */
function single<const C extends readonly string[]>(name: string, columns: C): ShardKind<C> {
  return { columns, name: () => name };
}

/** The part name of a resource's market-wide shard, beside its per-ticker shards. */
export const ALL = "all";

/** Fields of each holding in a fund composition row. */
export const FUND_HOLDING_FIELDS = ["holding_ticker", "weight", "shares", "market_value"] as const;

/** Fields of each entry in a market snapshot row's `bars`, sorted by ticker. */
export const MARKET_BAR_FIELDS = [
  "ticker",
  "open",
  "high",
  "low",
  "close",
  "volume",
  "day_change",
  "day_change_percent",
  "market_cap",
] as const;

export const SHARDS = {
  /** Per instrument: the bar alone, so the common request decodes only plain numbers. */
  prices: perPart("prices", ["time", "open", "high", "low", "close", "volume"]),
  /** Per instrument: what `include_components=true` adds, one row per bar in the price shard's order. */
  components: perPart("components", [
    "time",
    "adjusted_close",
    "market_return",
    "sector_return",
    "idiosyncratic_return",
    "event_return",
    "volatility",
    "metadata",
  ]),
  /** One row per trading day: every instrument's bar that day (`bars`, MARKET_BAR_FIELDS each). */
  marketSnapshots: single("market/snapshots", ["time", "bars"]),
  /** The macro tape, one row per trading day. */
  macro: single("market/macro", [
    "time",
    "regime_name",
    "market_return",
    "risk_free_rate",
    "ten_year_yield",
    "inflation_expectation",
    "credit_spread",
    "volatility_index",
    "metadata",
  ]),
  /** Per central bank: its policy decisions by effective date. */
  rates: perPart("rates", ["effective_date", "bank", "target_low", "target_high", "decision", "announcement_date"]),
  /** Per ticker, and ALL (market-wide events included): the event timeline by event date. */
  events: perPart("events", [
    "event_date",
    "event_id",
    "ticker",
    "event_type",
    "public_release_datetime",
    "visible_from",
    "public_summary",
  ]),
  /** Per ticker, and ALL: corporate actions by announcement date (visible once announced). */
  actions: perPart("actions", [
    "announcement_date",
    "id",
    "ticker",
    "action_type",
    "ex_date",
    "record_date",
    "payable_date",
    "details",
  ]),
  /** Per index fund: one row per rebalance, the holdings (FUND_HOLDING_FIELDS each) from that date on. */
  funds: perPart("funds", ["as_of", "holdings"]),
} as const;
