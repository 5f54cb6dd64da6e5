// The paths of the financialdatasets door (door.ts), each one difference from a native route: the
// native path it reads, how its query is rewritten, and how its answer is reshaped. A path absent here
// is 404. The clients read to draw this table are named in docs/financialdatasets.md.
import { FILING_ITEMS } from "../contract/filings.ts";
import { aggregate, intervalOf, type Bar } from "./intervals.ts";

export interface FdPath {
  /** The native route (default: the same path). */
  native?: string;
  method?: "GET" | "POST";
  /** The (reshaped) answer's list, paged with `next_page_url`. Every limit is clamped to the native maximum. */
  rows?: string;
  /** Read every row the native route gives (its maximum) and page here: the answer is computed from all of them. */
  allRows?: (query: URLSearchParams) => boolean;
  /** Rewrite the query (in place) for the native route. */
  query?: (query: URLSearchParams, scenario: { currentDate: string | undefined }) => void;
  /** Reshape the native answer; `query` is the door's own. */
  answer?: (body: Record<string, unknown>, query: URLSearchParams) => Record<string, unknown>;
  /** An answer that needs no scenario and no key (reference lists). */
  fixed?: () => unknown;
}

const dayBefore = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return date; // left to the native route's validation
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** financialdatasets' exact and strict bounds of a date, as the native inclusive ones. */
function dateBounds(query: URLSearchParams, name: string): void {
  const exact = query.get(name);
  if (exact !== null) {
    query.delete(name);
    query.set(`${name}_gte`, exact);
    query.set(`${name}_lte`, exact);
  }
  for (const [strict, inclusive, days] of [
    ["_gt", "_gte", 1],
    ["_lt", "_lte", -1],
  ] as const) {
    const value = query.get(name + strict);
    if (value === null) continue;
    query.delete(name + strict);
    query.set(name + inclusive, dayBefore(value, days));
  }
}

const aggregated = (query: URLSearchParams) => {
  const { interval, n } = intervalOf(query.get("interval"), query.get("interval_multiplier"));
  return interval !== "day" || n !== 1;
};

const prices: FdPath = {
  rows: "prices",
  allRows: aggregated,
  query: (q) => {
    intervalOf(q.get("interval"), q.get("interval_multiplier")); // 400 for an interval not served
    q.set("interval", "day");
    q.delete("interval_multiplier");
  },
  answer: (body, query) => {
    const { interval, n } = intervalOf(query.get("interval"), query.get("interval_multiplier"));
    return { ...body, prices: aggregate(body.prices as Bar[], interval, n) };
  },
};

const listed = (rows: string, extra: Partial<FdPath> = {}): FdPath => ({ rows, ...extra });

/** financialdatasets' snapshot takes no date: the scenario's current_date. */
const snapshot: FdPath = {
  native: "/prices/snapshot",
  query: (q, { currentDate }) => {
    if (!q.has("as_of") && currentDate) q.set("as_of", currentDate);
  },
};

export const FD_PATHS: Record<string, FdPath> = {
  "/prices": prices,
  "/prices/snapshot": snapshot,
  "/prices/snapshot/tickers": {},
  "/prices/tickers": {},
  // The scenario holds no crypto asset: its paths answer as an unknown ticker does.
  "/crypto/prices": { ...prices, native: "/prices" },
  "/crypto/prices/snapshot": snapshot,
  "/crypto/prices/tickers": { fixed: () => ({ tickers: [] }) },
  "/company/facts": {},
  // One list per statement, as dexter reads them, rather than one row per period.
  "/financials": {
    answer: ({ financials }) => {
      const periods = financials as Record<string, unknown>[];
      return {
        financials: {
          income_statements: periods.map((p) => p.income_statement),
          balance_sheets: periods.map((p) => p.balance_sheet),
          cash_flow_statements: periods.map((p) => p.cash_flow_statement),
        },
      };
    },
  },
  "/financials/income-statements": listed("income_statements"),
  "/financials/balance-sheets": listed("balance_sheets"),
  "/financials/cash-flow-statements": listed("cash_flow_statements"),
  "/financials/segments": listed("segmented_financials", {
    answer: ({ financials, ...rest }) => ({ ...rest, segmented_financials: financials }),
  }),
  "/financials/search/line-items": { method: "POST" },
  "/financials/search/screener": { method: "POST" },
  "/financials/search/screener/filters": {},
  "/financial-metrics": listed("financial_metrics"),
  "/financial-metrics/snapshot": {
    answer: ({ financial_metrics }) => ({ snapshot: (financial_metrics as unknown[])[0] ?? null }),
  },
  "/earnings": listed("earnings"),
  "/news": listed("news"),
  "/insider-trades": listed("insider_trades", { query: (q) => dateBounds(q, "filing_date") }),
  "/insider-trades/names": {},
  "/insider-ownership": listed("insider_ownership", { query: (q) => dateBounds(q, "filing_date") }),
  "/beneficial-ownership": listed("beneficial_owners", { query: (q) => dateBounds(q, "filing_date") }),
  "/beneficial-ownership/filers": {},
  "/institutional-holdings": listed("institutional_holdings", { query: (q) => dateBounds(q, "report_period") }),
  "/institutional-holdings/investors": {},
  "/filings": listed("filings"),
  "/filings/items": listed("filing_items"),
  "/filings/items/types": {
    // dexter reads this without a key: the forms' items, as financialdatasets lists them.
    fixed: () =>
      Object.fromEntries(
        ["10-K", "10-Q"].map((form) => [
          form,
          FILING_ITEMS.filter((i) => i.filing_type === form).map((i) => ({
            name: i.aliases[0] ?? i.item,
            title: i.item_name,
            description: `${form} ${i.item_name}.`,
          })),
        ]),
      ),
  },
};
