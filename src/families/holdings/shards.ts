// The ownership family's shards: Schedules 13G/13D and institutional holdings (13F), with their keys.
import type { Row } from "../../bundle/shard.ts";
import { filedColumns, identity, kind, only, perPart } from "../../bundle/shards.ts";
import { BeneficialOwner } from "./rows.ts";

export const BENEFICIAL_COLUMNS = filedColumns<BeneficialOwner>(BeneficialOwner.shape);

/**
 * A 13F information-table line as stored (build/families/holdings/model.ts `Holding`, after its shard key,
 * its details flattened): its id, the manager's name, the portfolio weight, the issuer's name and
 * the filing text are composed when served (routes.ts).
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

export const HOLDINGS_SHARDS = {
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
} as const;
