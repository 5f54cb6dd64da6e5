// The datasets of a scenario's bulk export (docs/exports.md): each one route of the API, asked for
// every subject it is kept by (each company, instrument, bank or crypto asset) and every period, page
// after page, as of the scenario's current_date. So an export holds exactly the rows the API serves by then.

import { EXPORT_DATASETS, type ExportDataset } from "../../src/contract/exports.ts";

export interface Dataset {
  /** The file name's stem: `<name>.csv.gz`, `<name>.parquet`. */
  name: ExportDataset;
  /** The route asked, and the key of its answer that holds the rows. */
  route: string;
  rows: string;
  /** What the route is asked per: each company, each priced instrument, each bank, each crypto asset, or nothing. */
  per: "company" | "instrument" | "bank" | "crypto" | "none";
  /** A `period` asked for each value (statements, metrics, estimates). */
  periods?: readonly string[];
  /** Extra parameters of every request. */
  query?: Record<string, string>;
}

const PERIODS = ["quarterly", "annual", "ttm"] as const;

/** How each dataset of the contract's list is read: one for each, so the worker knows every file's name. */
const READS: Record<ExportDataset, Omit<Dataset, "name">> = {
  prices: { route: "/prices", rows: "prices", per: "instrument" },
  income_statements: {
    route: "/financials/income-statements",
    rows: "income_statements",
    per: "company",
    periods: PERIODS,
  },
  balance_sheets: { route: "/financials/balance-sheets", rows: "balance_sheets", per: "company", periods: PERIODS },
  cash_flow_statements: {
    route: "/financials/cash-flow-statements",
    rows: "cash_flow_statements",
    per: "company",
    periods: PERIODS,
  },
  financial_metrics: { route: "/financial-metrics", rows: "financial_metrics", per: "company", periods: PERIODS },
  analyst_estimates: {
    route: "/analyst-estimates",
    rows: "analyst_estimates",
    per: "company",
    periods: ["quarterly", "annual"],
  },
  earnings: { route: "/earnings", rows: "earnings", per: "company" },
  events: { route: "/events/timeline", rows: "events", per: "none" },
  news: { route: "/news", rows: "news", per: "none" },
  earnings_call_transcripts: {
    route: "/earnings/transcripts",
    rows: "earnings_call_transcripts",
    per: "company",
    query: { include_turns: "true" },
  },
  filings: { route: "/filings", rows: "filings", per: "company" },
  insider_trades: { route: "/insider-trades", rows: "insider_trades", per: "company" },
  institutional_holdings: { route: "/institutional-holdings", rows: "institutional_holdings", per: "company" },
  macro: { route: "/macro", rows: "macro_data", per: "none" },
  interest_rates: { route: "/macro/interest-rates", rows: "interest_rates", per: "bank" },
  crypto_prices: { route: "/crypto/prices", rows: "prices", per: "crypto" },
};

export const DATASETS: readonly Dataset[] = EXPORT_DATASETS.map((name) => ({ name, ...READS[name] }));
