// The paths of the financialdatasets door (door.ts), each one difference from a native route: the
// native path it reads, how its query is rewritten, and how its answer is reshaped. A path absent here
// is 404. The clients read to draw this table are named in docs/financialdatasets.md.
import { FILING_ITEMS } from "../families/filings/rows.ts";
import { PriceBar } from "../families/prices/rows.ts";
import { ApiError, notFound } from "../http/errors.ts";
import { SEGMENT_MEASURES, type Segment, type SegmentMeasure } from "../families/segments/rows.ts";
import { aggregate, intervalOf, isIntraday, type Bar } from "./intervals.ts";
import { dayChange, round2 } from "../contract/rounding.ts";
import { dayOfPoint, shiftDays } from "../contract/instant.ts";

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
  /** Rewrite a POST's JSON object body for the native route. */
  body?: (body: Record<string, unknown>) => Record<string, unknown>;
  /** An answer that needs no scenario and no key (reference lists). */
  fixed?: () => unknown;
}

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
    query.set(name + inclusive, shiftDays(value, days));
  }
}

/** Daily bars merged here into longer ones: the door reads every bar of the window and pages itself. */
const aggregated = (query: URLSearchParams) => {
  const { interval, n } = intervalOf(query.get("interval"), query.get("interval_multiplier"));
  return !isIntraday(interval) && (interval !== "day" || n !== 1);
};

const prices: FdPath = {
  rows: "prices",
  allRows: aggregated,
  query: (q) => {
    q.delete("tickers"); // financialdatasets' /prices reads one ticker; bars are merged per answer
    const { interval } = intervalOf(q.get("interval"), q.get("interval_multiplier")); // 400 for one not served
    if (isIntraday(interval)) return; // minute and hour bars are the native route's, interval and multiplier as sent
    q.set("interval", "day");
    q.delete("interval_multiplier");
  },
  answer: (body, query) => {
    const { interval, n } = intervalOf(query.get("interval"), query.get("interval_multiplier"));
    if (isIntraday(interval)) return body;
    return { ...body, prices: aggregate(body.prices as Bar[], interval, n) };
  },
};

/**
 * financialdatasets' crypto bars: the native daily bars, merged here into weeks, months, years or
 * several days as `interval` and `interval_multiplier` ask. Minute and hour bars are not served (400).
 */
const cryptoPrices: FdPath = {
  rows: "prices",
  allRows: aggregated,
  query: (q) => {
    const { interval } = intervalOf(q.get("interval"), q.get("interval_multiplier"));
    if (isIntraday(interval))
      throw new ApiError(400, `interval '${interval}' is not served for crypto: daily bars only`);
    q.delete("interval");
    q.delete("interval_multiplier");
  },
  answer: (body, query) => {
    const { interval, n } = intervalOf(query.get("interval"), query.get("interval_multiplier"));
    if (isIntraday(interval) || (interval === "day" && n === 1)) return body;
    // Coins trade in fractions: a sum of volumes is rounded back to the bars' hundredths.
    const bars = aggregate(body.prices as Bar[], interval, n).map((b) => ({ ...b, volume: round2(b.volume) }));
    return { ...body, prices: bars };
  },
};

const listed = (rows: string, extra: Partial<FdPath> = {}): FdPath => ({ rows, ...extra });

/** Bars of the last month up to the snapshot's date: its bar and the one before, for the day's change. */
const SNAPSHOT_LOOKBACK_DAYS = 31;

type BarWithAdjusted = Bar & { ticker: string; volume: number; adjusted_close: number };

/**
 * financialdatasets' snapshot: the last bar on or before its date (default the scenario's
 * current_date), its `price` and the day's change, from the close before (restated for what went
 * ex between them, so a split is not a crash). Read from /prices over the last month, not from the
 * native snapshot, which has one bar only.
 */
const snapshot: FdPath = {
  native: "/prices",
  query: (q, { currentDate }) => {
    const asOf = q.get("as_of") ?? currentDate;
    if (!asOf) return; // an unknown scenario: the native route says so
    q.set("as_of", asOf);
    const start = shiftDays(dayOfPoint(asOf), -SNAPSHOT_LOOKBACK_DAYS);
    if (start !== dayOfPoint(asOf)) q.set("start_date", start); // an as_of that is no date is the native route's to name
    q.set("include_components", "true");
  },
  answer: ({ prices }, query) => {
    const bars = prices as BarWithAdjusted[];
    const last = bars.at(-1);
    if (!last) throw notFound(`No price bar for ${query.get("ticker")} in the month up to the snapshot's date`);
    const before = bars.at(-2);
    const previous = before ? (before.adjusted_close / last.adjusted_close) * last.close : null;
    const bar = Object.fromEntries(Object.keys(PriceBar.shape).map((k) => [k, last[k as keyof BarWithAdjusted]]));
    return { snapshot: { ...bar, ...dayChange(last.close, previous, 4) } };
  },
};

/**
 * financialdatasets' screener takes sector and industry among its filters (`eq` a name, `in` a
 * list), as dexter's model is told to send them; the native body has fields of their own, where they
 * go unless the body names them there too (then the native route refuses the filter, naming it).
 */
function categoryFilters(body: Record<string, unknown>): Record<string, unknown> {
  if (!Array.isArray(body.filters)) return body;
  const out: Record<string, unknown> = { ...body };
  const names: Record<string, unknown[]> = {};
  out.filters = body.filters.filter((f: Record<string, unknown> | null) => {
    const field = f?.field;
    const moved =
      (field === "sector" || field === "industry") &&
      body[field] === undefined &&
      (f?.operator === "eq" || f?.operator === "in");
    if (moved) (names[field as string] ??= []).push(...[f!.value].flat());
    return !moved;
  });
  return { ...out, ...names };
}

const screener: FdPath = { method: "POST", body: categoryFilters };

type SegmentedPeriod = Record<string, unknown> & { segments: Segment[] };

/** financialdatasets' names of the axes a segment note breaks a line out by. */
const AXES: Record<Segment["segment_type"], string> = { business: "segment", geographic: "geography" };

/**
 * A period as financialdatasets' segmented financials give it: each statement holds only its lines
 * broken out, `{line: {axis: [{label, value}]}}` (dexter reads no other shape), beside the period's fields.
 */
function breakdowns({ segments, income_statement, balance_sheet, cash_flow_statement, ...period }: SegmentedPeriod) {
  const statements: Record<string, Record<string, Record<string, { label: string; value: number }[]>>> = {
    income_statement: {},
    balance_sheet: {},
    cash_flow_statement: {},
  };
  for (const [measure, line] of Object.entries(SEGMENT_MEASURES)) {
    const [statement] = line.split(".");
    for (const s of segments) {
      const byAxis = (statements[statement][measure] ??= {});
      (byAxis[AXES[s.segment_type]] ??= []).push({ label: s.segment, value: s[measure as SegmentMeasure] });
    }
  }
  return { ...period, ...statements };
}

/** financialdatasets' name of a form's item (`Item-1A`, `Part-1,Item-2`): its first alias, else the code. */
const fdItemName = (form: string, item: string) =>
  FILING_ITEMS.find((i) => i.filing_type === form && i.item === item)?.aliases[0] ?? item;

export const FD_PATHS: Record<string, FdPath> = {
  "/prices": prices,
  "/prices/snapshot": snapshot,
  "/prices/snapshot/tickers": {},
  "/prices/tickers": {},
  "/crypto/prices": cryptoPrices,
  "/crypto/prices/snapshot": {},
  "/crypto/prices/tickers": { answer: ({ tickers }) => ({ tickers }) },
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
    answer: ({ financials, ...rest }) => ({
      ...rest,
      segmented_financials: (financials as SegmentedPeriod[]).map(breakdowns),
    }),
  }),
  "/financials/search/line-items": { method: "POST" },
  "/financials/search/screener": screener,
  // The screener's older name, which financialdatasets' own clients still call (reading search_results).
  "/financials/search": { ...screener, native: "/financials/search/screener" },
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
  "/filings/items": listed("filing_items", {
    answer: ({ filing_items, ...rest }) => ({
      ...rest,
      filing_items: (filing_items as { filing_type: string; item: string }[]).map((row) => ({
        ...row,
        item: fdItemName(row.filing_type, row.item),
      })),
    }),
  }),
  "/filings/items/types": {
    // dexter reads this without a key: the forms' items, as financialdatasets lists them.
    fixed: () =>
      Object.fromEntries(
        ["10-K", "10-Q"].map((form) => [
          form,
          FILING_ITEMS.filter((i) => i.filing_type === form).map((i) => ({
            name: fdItemName(form, i.item),
            title: i.item_name,
            description: `${form} ${i.item_name}.`,
          })),
        ]),
      ),
  },
};
