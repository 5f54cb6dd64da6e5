// Every shard a bundle can hold, declared once: the build writes rows in these column orders under
// these names (with each row's JSON text, for kinds that are served row by row), and the routes read
// them back by the same declarations. A shard is one sorted table (see shard.ts). No shard grows
// with both the universe and the history: per-instrument shards hold one instrument's history,
// market-wide shards one period (a month of snapshots, a year of events).
import type { Row } from "./shard.ts";
import { PUBLISHED_ESTIMATES_COLUMNS } from "./estimates.ts";
import { packCloses, SNAPSHOT_COLUMNS } from "./metrics-snapshot.ts";
import { Earnings, EarningsDate, KpiGuidance } from "../contract/earnings.ts";
import { Filing } from "../contract/filings.ts";
import { BeneficialOwner } from "../contract/holdings.ts";
import { InsiderOwnership, InsiderTrade } from "../contract/insiders.ts";
import { KpiMetrics, NonGaap } from "../contract/kpis.ts";
import { FinancialMetrics } from "../contract/metrics.ts";
import { SEARCH_FIELDS } from "../contract/search.ts";
import { BALANCE_LINES, CASH_FLOW_LINES, INCOME_LINES, PERIOD_FIELDS } from "../contract/statements.ts";

/**
 * When a row becomes public, so that a read at a horizon leaves out what was not public by then
 * (as-of.ts, src/http/scenario.ts):
 * - `key`: the key starts with the date the row is public from (rows are in that order);
 * - `ticker-key`: the key is `<ticker> <date> ...`, each ticker's rows in the order of that date;
 * - `{ column }`: that column holds the date (the rows are in another order);
 * - `with-statements`: public with its period's statements, the row of the same key (segments);
 * - `always`: reference data (the company list), public whatever the date.
 */
export type Visibility = "key" | "ticker-key" | { readonly column: string } | "with-statements" | "always";

/** A kind split by period: its shards of one year (`events/all/2023`) or month (`market/snapshots/2023-06`). */
export type PeriodSplit = "year" | "month";

export interface ShardKind<C extends readonly string[] = readonly string[], V extends Visibility = Visibility> {
  /** Column order of the rows. */
  readonly columns: C;
  /** The shard's name, for one part (a ticker, a bank, a month) or the only one. */
  name(part?: string): string;
  /** What every name of the kind starts with (`prices` of `prices/AAPL`; the name itself for a lone shard). */
  readonly prefix: string;
  readonly visible: V;
  /** Shards whose name ends in a period of this length are one period of a series, counted in the manifest. */
  readonly period?: PeriodSplit;
  /** The sort key of a row: its first column unless said otherwise. */
  key(row: Row): string;
  /**
   * The row as served, when rows are served one by one; the build stores its JSON text with the
   * row (`fragment`: without braces, to be spliced into another row's object).
   */
  served?: (row: Row, part: string | undefined) => Record<string, unknown>;
  readonly fragment?: boolean;
  /** Rows are stored as their last column's bytes (packed by the kind's own code), read with Shard.bytes. */
  readonly binary?: boolean;
  /**
   * Rows appended by many companies (in `columns` order) whose keys are equal become one stored row
   * (given them in second-column order).
   */
  readonly merge?: Merge;
}

interface Options<C extends readonly string[], V extends Visibility> {
  visible: V;
  period?: PeriodSplit;
  key?: (row: Row) => string;
  /** Rows are served as objects of their columns, less `hidden`, plus `extra` (e.g. the ticker). */
  served?: { hidden?: C[number][]; extra?: (part: string | undefined) => Record<string, unknown> };
  fragment?: boolean;
  binary?: boolean;
  merge?: Merge;
}

/** How appended rows become stored ones. */
export interface Merge {
  readonly columns: readonly string[];
  readonly rows: (rows: Row[]) => Row;
}

export function kind<const C extends readonly string[], const V extends Visibility>(
  { name, prefix }: Naming,
  columns: C,
  options: Options<C, V>,
): ShardKind<C, V> {
  const shown = columns.map((c, i) => [c, i] as const).filter(([c]) => !options.served?.hidden?.includes(c));
  const extra = options.served?.extra;
  return {
    columns,
    name,
    prefix,
    visible: options.visible,
    ...(options.period ? { period: options.period } : {}),
    key: options.key ?? ((row) => row[0] as string),
    ...(options.served
      ? {
          served: (row: Row, part: string | undefined) => {
            const out: Record<string, unknown> = extra ? extra(part) : {};
            for (const [c, i] of shown) out[c] = row[i];
            return out;
          },
        }
      : {}),
    ...(options.fragment ? { fragment: true } : {}),
    ...(options.binary ? { binary: true } : {}),
    ...(options.merge ? { merge: options.merge } : {}),
  };
}

interface Naming {
  name: (part?: string) => string;
  prefix: string;
}

/** One shard per part: `prices/AAPL`, `rates/FED`, `events/all/2023`. */
export const perPart = (prefix: string): Naming => ({
  prefix,
  name: (part?: string) => {
    if (!part) throw new Error(`shard ${prefix} needs a part`);
    return `${prefix}/${part}`;
  },
});
/** The only shard of its kind. */
export const only = (name: string): Naming => ({ prefix: name, name: () => name });

/** The part of a market-wide shard of one year (`events/all/2023`) beside per-ticker shards. */
export const allOf = (year: string) => `all/${year}`;
export const yearOf = (date: string) => date.slice(0, 4);
export const monthOf = (date: string) => date.slice(0, 7);

const PERIOD_PATTERN: Record<PeriodSplit, RegExp> = { year: /^\d{4}$/, month: /^\d{4}-\d{2}$/ };

/**
 * The series and period of a shard, when its kind is split by period and its part names one
 * (`events` `all/2023` -> ["events/all", "2023"], `market/snapshots` `2023-06`, `funds` `SPY/2023`),
 * else undefined (`events` `AAPL`). The manifest counts each period's rows, so answers can page
 * across periods without reading them.
 */
export function periodOf(kind: ShardKind, part: string | undefined): [string, string] | undefined {
  const name = kind.name(part);
  const cut = name.lastIndexOf("/");
  const period = name.slice(cut + 1);
  return kind.period && PERIOD_PATTERN[kind.period].test(period) ? [name.slice(0, cut), period] : undefined;
}

/** Fields of each holding in a fund composition row. */
export const FUND_HOLDING_FIELDS = ["holding_ticker", "weight", "shares", "market_value"] as const;

/** Instrument kinds in the `instruments` shard. */
export type InstrumentKind = "company" | "fund" | "warrant";

const identity = {};

/** An analyst note's fields, its date first (the shard key) and its id second (ties). */
export const NOTE_COLUMNS = [
  "date",
  "artifact_id",
  "ticker",
  "artifact_type",
  "title",
  "text",
  "sentiment",
  "visible_from",
  "firm",
  "analyst",
  "rating",
  "prior_rating",
  "target_price",
  "prior_target_price",
  "estimate_id",
  "source_event_id",
] as const;

/** A filing's fields, its filing date first and its id second (the shard key), then the served order. */
const filedColumns = <T extends { filing_date: string; id: string }>(shape: Record<keyof T, unknown>) =>
  [
    "filing_date",
    "id",
    ...(Object.keys(shape) as (keyof T & string)[]).filter((c) => c !== "filing_date" && c !== "id"),
  ] as const;

export const INSIDER_COLUMNS = filedColumns<InsiderTrade>(InsiderTrade.shape);
export const INSIDER_OWNERSHIP_COLUMNS = filedColumns<InsiderOwnership>(InsiderOwnership.shape);
export const BENEFICIAL_COLUMNS = filedColumns<BeneficialOwner>(BeneficialOwner.shape);

/** A news article's listed fields, its date first (the shard key) and its id second (ties). */
export const NEWS_COLUMNS = [
  "date",
  "artifact_id",
  "ticker",
  "artifact_type",
  "title",
  "source",
  "author",
  "summary",
  "url",
  "image_url",
  "visible_from",
  "sentiment",
  "entities",
  "mentioned_tickers",
  "mentioned_metrics",
  "source_event_id",
  "event_lineage",
  "article_format",
] as const;

/**
 * A 13F information-table line as stored (build/families/holdings/model.ts `Holding`, after its shard key,
 * its details flattened): its id, the manager's name, the portfolio weight, the issuer's name and
 * the filing text are composed when served (src/routes/holdings.ts).
 */
export const HOLDING_COLUMNS = [
  "key",
  "cik",
  "report_period",
  "ticker",
  "shares",
  "market_value",
  "change_shares",
  "filing_date",
  "reported_price",
  "manager_type",
  "position_status",
  "percent_of_shares_outstanding",
  "valuation_date",
] as const;

/** A manager-quarter's line appended by each company it holds; merged into one totals row. */
const HOLDING_TOTAL_PARTS = ["key", "ticker", "manager_name", "manager_type", "market_value"] as const;

/** The manager-quarter's lines summed: its name, kind, total value and count of lines. */
function holdingTotals(rows: Row[]): Row {
  let total = 0;
  for (const row of rows) total += row[4] as number;
  const [key, , name, type] = rows[0];
  return [key, name, type, Math.round(total * 100) / 100, rows.length];
}

// The holdings shards' keys start with the filing date, when a line becomes public. A quarter's
// filings (within 45 days of its end) all come before the next quarter's, so in filing-date order a
// quarter's lines are contiguous, and its report period, the key's second field, finds them.

/** The key of a line in its ticker's shard: filing date, report period, the manager's CIK. */
export const holdingKey = (filingDate: string, reportPeriod: string, cik: string) =>
  `${filingDate} ${reportPeriod} ${cik}`;
/**
 * The key of a line in its manager's shard: filing date, report period (one filing a quarter),
 * market value descending (cents subtracted from 10^15, 16 digits), then ticker: a quarter's lines
 * are stored in the order served.
 */
export const filerHoldingKey = (filingDate: string, reportPeriod: string, marketValue: number, ticker: string) =>
  `${filingDate} ${reportPeriod} ${String(1e15 - Math.round(marketValue * 100)).padStart(16, "0")} ${ticker}`;
/** The key of a manager-quarter's totals: filing date, the manager's CIK, report period. */
export const holdingTotalKey = (filingDate: string, cik: string, reportPeriod: string) =>
  `${filingDate} ${cik} ${reportPeriod}`;
/** The report period of a line's key (either shard). */
export const periodOfHoldingKey = (key: string) => key.slice(11, 21);
/** The part of a filer's shard of one year of report periods. */
export const filerYear = (cik: string, year: string) => `${cik}/${year}`;

/** Columns of a resource after its key column. */
const notDate = (key: string) => (column: string) => column !== key;

/**
 * Per ticker, one statement's rows keyed `<period> <report_period>` (`quarterly 2023-06-30`), so a
 * period's rows are contiguous and in report order; the key is not served.
 */
const statement = (name: string, lines: object) =>
  kind(perPart(`statements/${name}`), ["key", ...Object.keys(PERIOD_FIELDS), ...Object.keys(lines)], {
    visible: { column: "filing_date" },
    served: { hidden: ["key"] },
  });

/** The key of a statement row. */
export const statementKey = (period: string, reportPeriod: string) => `${period} ${reportPeriod}`;

/** The key of a filing row: filing date (public from then), then accession number. */
export const filingKey = (filingDate: string, accessionNumber: string) => `${filingDate} ${accessionNumber}`;

/** The key of a search row: ticker, then filing date (the order of the shard), then report period. */
export const searchKey = (ticker: string, filingDate: string, reportPeriod: string) =>
  `${ticker} ${filingDate} ${reportPeriod}`;

export const SHARDS = {
  /** Per instrument: the bar alone, so the common request decodes only plain numbers. */
  prices: kind(perPart("prices"), ["time", "open", "high", "low", "close", "volume"], {
    visible: "key",
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
    { visible: "key", served: { hidden: ["time"] }, fragment: true },
  ),
  /** Per month (`2023-06`): every instrument's bar of every trading day, by day then ticker. */
  marketSnapshots: kind(
    perPart("market/snapshots"),
    ["time", "ticker", "open", "high", "low", "close", "volume", "day_change", "day_change_percent", "market_cap"],
    { visible: "key", period: "month", key: (row) => `${row[0]} ${row[1]}`, served: identity },
  ),
  /**
   * Per month (`2023-06`): each trading day's close and market cap of every company, packed in the
   * order of the `companies` shard (metrics-snapshot.ts `packCloses`): what the metrics snapshot
   * values companies at, a few kilobytes a day where the market snapshot holds every field.
   */
  closes: kind(perPart("market/closes"), ["time", "closes"], {
    visible: "key",
    period: "month",
    binary: true,
    merge: { columns: ["time", "ticker", "close", "market_cap"], rows: packCloses },
  }),
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
  /** Per ticker, and per year of all events (`allOf(year)`, market-wide ones included), by event date. */
  events: kind(
    perPart("events"),
    ["event_date", "event_id", "ticker", "event_type", "public_release_datetime", "visible_from", "public_summary"],
    // visible_from is the event date, the key.
    { visible: "key", period: "year", served: identity },
  ),
  /** Per ticker, and per year of all actions (`allOf(year)`): by announcement date (visible once announced). */
  actions: kind(
    perPart("actions"),
    ["announcement_date", "id", "ticker", "action_type", "ex_date", "record_date", "payable_date", "details"],
    { visible: "key", period: "year", served: identity },
  ),
  /** Per ticker: income statements, balance sheets and cash-flow statements (statementKey). */
  income: statement("income", INCOME_LINES),
  balance: statement("balance", BALANCE_LINES),
  cashFlow: statement("cash-flow", CASH_FLOW_LINES),
  /** Per ticker: each period's segments (statementKey), as many as its statements. */
  segments: kind(perPart("statements/segments"), ["key", "segments"], { visible: "with-statements" }),
  /** Per ticker: operating KPIs and non-GAAP reconciliations of quarters and fiscal years (statementKey). */
  kpis: kind(perPart("kpi/metrics"), ["key", ...Object.keys(KpiMetrics.shape)], {
    visible: { column: "filing_date" },
    served: { hidden: ["key"] },
  }),
  nonGaap: kind(perPart("kpi/non-gaap"), ["key", ...Object.keys(NonGaap.shape)], {
    visible: { column: "filing_date" },
    served: { hidden: ["key"] },
  }),
  /**
   * Per ticker: financial metrics of every period (statementKey), valued at the close of their filing
   * date; `inputs` (not served) values them at another close.
   */
  metrics: kind(perPart("metrics"), ["key", ...Object.keys(FinancialMetrics.shape), "inputs"], {
    visible: { column: "filing_date" },
    served: { hidden: ["key", "inputs"] },
  }),
  /**
   * Per filing year (`all/2023`): every company's TTM metrics filed that year, by ticker then filing
   * date, so a snapshot finds each company's latest by a binary search of the keys; each row's text
   * is stored ready to serve but for its valuation and per-share values (metrics-snapshot.ts).
   */
  metricsSnapshot: kind(perPart("metrics"), SNAPSHOT_COLUMNS, {
    visible: "ticker-key",
    period: "year",
    key: (row) => `${row[1]} ${row[0]}`,
  }),
  /**
   * Per ticker: analyst estimates by estimate date (public from then), one row per publication
   * (estimates.ts); per-share fields as of that date.
   */
  estimates: kind(perPart("estimates"), PUBLISHED_ESTIMATES_COLUMNS, { visible: "key" }),
  /**
   * Per ticker, and per year of all companies (`allOf(year)`): earnings releases by filing date,
   * per-share figures as reported (restated for later splits when served).
   */
  earnings: kind(perPart("earnings"), ["filing_date", ...Object.keys(Earnings.shape).filter(notDate("filing_date"))], {
    visible: "key",
    period: "year",
    served: identity,
  }),
  /** Per ticker: full-year guidance by issue date (public from then). */
  guidance: kind(
    perPart("guidance"),
    [
      "issued_date",
      "metric_name",
      ...Object.keys(KpiGuidance.shape).filter((c) => c !== "issued_date" && c !== "metric_name"),
    ],
    { visible: "key" },
  ),
  /** Per ticker: release dates by earnings date, each public from its announcement date. */
  earningsCalendar: kind(
    perPart("earnings-calendar"),
    ["earnings_date", ...Object.keys(EarningsDate.shape).filter(notDate("earnings_date"))],
    { visible: { column: "announcement_date" } },
  ),
  /**
   * Per kind of period and filing year (`ttm/2023`): every company's periods filed that year, keyed
   * by searchKey, so a company's latest period as of a date is one binary search and its periods are
   * contiguous. Each row is the period's statement lines and metrics as packNumbers bytes: a screen
   * reads the fields it filters on straight from the shard, decoding nothing else.
   */
  search: kind(perPart("search"), ["key", "numbers"], { visible: "ticker-key", period: "year", binary: true }),
  /** Every company's splits, by ticker then ex-date: for restating the search's per-share figures by a horizon. */
  splits: kind(only("splits"), ["ticker", "ex_date", "ratio"], {
    visible: "ticker-key",
    key: (row) => `${row[0]} ${row[1]}`,
  }),
  /**
   * Per ticker: its filings by `${filing_date} ${accession_number}` (filingKey), as msgpack rows of
   * the Filing fields but `text` (the route assembles it from the sections), with the fiscal year and
   * quarter the items filters read (a 10-K's quarter null) and each section's count of checked numbers.
   */
  filings: kind(
    perPart("filings"),
    [
      "key",
      ...Object.keys(Filing.shape).filter((c) => c !== "text"),
      "fiscal_year",
      "fiscal_quarter",
      "numbers_checked",
    ],
    { visible: "key" },
  ),
  /** Per filing year (`all/2023`): every company's filings as [filingKey, ticker], to page them market-wide. */
  filingsIndex: kind(perPart("filings"), ["key", "ticker"], { visible: "key", period: "year" }),
  /** Per index fund and year (`SPY/2023`): one row per rebalance, the holdings (FUND_HOLDING_FIELDS each) from then on. */
  funds: kind(perPart("funds"), ["as_of", "holdings"], { visible: "key", period: "year" }),
  /**
   * News as listed: per ticker (company and fund news), `market` (market news), and per month of
   * every article (`all/2023-06`), by date then id. Each row's JSON is the listed article.
   */
  news: kind(perPart("news"), NEWS_COLUMNS, { visible: "key", period: "month", served: identity }),
  /**
   * Per month (`2023-06`): every article with its `text` and `validation`, keyed by date then id,
   * so a detail is found by its id (whose date names the month). The text is stored once, here.
   */
  newsDetail: kind(perPart("news-text"), ["key", ...NEWS_COLUMNS, "text", "validation"], {
    visible: "key",
    served: { hidden: ["key"] },
  }),
  /** Per ticker: its analyst notes keyed `<date> <artifact_id>`, each row's JSON the served note. */
  notes: kind(perPart("analyst-notes"), NOTE_COLUMNS, {
    visible: "key",
    key: (row) => `${row[0]} ${row[1]}`,
    served: identity,
  }),
  /** Per month (`all/2023-06`): every company's notes as [key, ticker], to page them market-wide. */
  notesIndex: kind(perPart("analyst-notes"), ["key", "ticker"], { visible: "key", period: "month" }),
  /** Per ticker: its insiders' Form 4 transactions keyed `<filing_date> <id>`, each row's JSON the served trade. */
  insiders: kind(perPart("insider-trades"), INSIDER_COLUMNS, {
    visible: "key",
    key: (row) => `${row[0]} ${row[1]}`,
    served: identity,
  }),
  /** Per month of filing (`all/2023-06`): every company's trades as [key, ticker], to page them market-wide. */
  insidersIndex: kind(perPart("insider-trades"), ["key", "ticker"], { visible: "key", period: "month" }),
  /** Each insider once, keyed `<first filing date> <ticker> <name>`: the names public by a date. */
  insiderNames: kind(only("insider-names"), ["key", "name", "ticker"], { visible: "key" }),
  /** Per ticker: its insiders' Form 3 and Form 5 holdings keyed `<filing_date> <id>`, each row's JSON the served statement. */
  insiderOwnership: kind(perPart("insider-ownership"), INSIDER_OWNERSHIP_COLUMNS, {
    visible: "key",
    key: (row) => `${row[0]} ${row[1]}`,
    served: identity,
  }),
  /**
   * Schedules 13G/13D keyed `<filing_date> <id>`, each row's JSON the served filing: per subject
   * ticker, and per filer CIK and filing year (`beneficial-ownership/filers/<cik>/<YYYY>`, filerYear).
   */
  beneficialOwners: kind(perPart("beneficial-ownership"), BENEFICIAL_COLUMNS, {
    visible: "key",
    key: (row) => `${row[0]} ${row[1]}`,
    served: identity,
  }),
  beneficialByFiler: kind(perPart("beneficial-ownership/filers"), BENEFICIAL_COLUMNS, {
    visible: "key",
    period: "year",
    key: (row) => `${row[0]} ${row[1]}`,
    served: identity,
  }),
  /** Each filer once per subject, keyed `<first filing date> <cik> <ticker>`: the filers public by a date. */
  beneficialFilers: kind(only("beneficial-ownership/filer-names"), ["key", "filer_cik", "name"], { visible: "key" }),
  /**
   * Institutional holdings (13F-HR lines, HOLDING_COLUMNS), public from the filing date their keys
   * start with. Per ticker, who holds it (holdingKey); per manager and year of report period
   * (`filerYear`), what it holds (filerHoldingKey). Rows are msgpack: JSON text with every field's
   * name would double the shards (71 MB to 134 MB over the 500-company decade) for no faster answer.
   */
  holdings: kind(perPart("holdings"), HOLDING_COLUMNS, { visible: "key" }),
  holdingsByFiler: kind(perPart("holdings/filers"), HOLDING_COLUMNS, { visible: "key" }),
  /**
   * Every manager-quarter's totals (holdingTotalKey), merged from the lines each company appends:
   * the manager's name and kind, what a portfolio weight is divided by, and the count of lines.
   */
  holdingsTotals: kind(only("holdings/totals"), ["key", "manager_name", "manager_type", "total_value", "positions"], {
    visible: "key",
    merge: { columns: HOLDING_TOTAL_PARTS, rows: holdingTotals },
  }),
  /** The 13F filers (managers) of the scenario, by CIK: reference data, like `companies`. */
  holdingsInvestors: kind(only("holdings/investors"), ["cik", "name", "type"], { visible: "always", served: identity }),
  /** Every company with a holding, by ticker, public from its first holding's filing date. */
  holdingsTickers: kind(only("holdings/tickers"), ["ticker", "first_filed"], { visible: { column: "first_filed" } }),
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
} as const;

const POSITION = new Map(SEARCH_FIELDS.map((f, i) => [f, i * 8]));

/**
 * A period's numbers (SEARCH_FIELDS) as little-endian float64s, NaN for null: a screen over every
 * company reads the few fields it filters on, where decoding a hundred numbers a row would cost more
 * than the rest of the request.
 */
export function packNumbers(values: Record<string, unknown>): Uint8Array {
  const out = new Uint8Array(SEARCH_FIELDS.length * 8);
  const view = new DataView(out.buffer);
  for (const [f, at] of POSITION) {
    const v = values[f];
    view.setFloat64(at, typeof v === "number" ? v : NaN, true);
  }
  return out;
}

/** The named fields of packed numbers (null where the period has none). */
export function unpackNumbers(packed: Uint8Array, fields: readonly string[]): Record<string, number | null> {
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const out: Record<string, number | null> = {};
  for (const f of fields) {
    const v = view.getFloat64(POSITION.get(f)!, true);
    out[f] = Number.isNaN(v) ? null : v;
  }
  return out;
}
