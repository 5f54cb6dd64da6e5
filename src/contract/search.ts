// Search (SPEC.md "Search and screener"): the screener and line items. Both read every number of a
// period, its statement lines and its metrics, by the one list of names declared here: the build
// writes each period's numbers in this order, the worker reads them back by it, and the filters
// list serves it.
import { z } from "zod";
import { FinancialMetrics, PER_SHARE_METRICS } from "./metrics.ts";
import {
  bodyDate,
  bodyInt,
  bodyList,
  bodyNames,
  bodyOneOf,
  bodyStr,
  bodyTickers,
  EXAMPLE_SCENARIO_ID,
  withDefault,
} from "./params.ts";
import {
  BALANCE_LINES,
  CASH_FLOW_LINES,
  INCOME_LINES,
  PER_SHARE_LINES,
  PERIOD_FIELDS,
  SHARE_COUNT_LINES,
} from "./statements.ts";

const isNumber = (s: z.ZodType) => s instanceof z.ZodNullable && s.unwrap() instanceof z.ZodNumber;

/**
 * Every number of a period with its description: the income statement's, the balance sheet's and
 * the cash-flow statement's lines, then the metrics. `net_income` and `earnings_per_share` stand in
 * two of them with the same value: one field each.
 */
const NUMBERS: Record<string, z.ZodType> = {
  ...INCOME_LINES,
  ...BALANCE_LINES,
  ...CASH_FLOW_LINES,
  ...Object.fromEntries(Object.entries(FinancialMetrics.shape).filter(([, s]) => isNumber(s))),
};

/** The names the screener filters on and line items serves, in the order rows list them. */
export const SEARCH_FIELDS = Object.keys(NUMBERS);
const KNOWN = new Set(SEARCH_FIELDS);

/** Restated for the splits gone ex after the period by the horizon, as the statements and metrics are. */
export const SEARCH_PER_SHARE = [...new Set([...PER_SHARE_LINES, ...PER_SHARE_METRICS])];
export const SEARCH_SHARE_COUNTS = SHARE_COUNT_LINES;

/** What a screener row shows when no filter names a field: SPEC's financial-metrics fields. */
export const SCREENER_DEFAULT_FIELDS = [
  "market_cap",
  "price_to_earnings_ratio",
  "price_to_sales_ratio",
  "gross_margin",
  "operating_margin",
  "net_margin",
  "return_on_equity",
  "debt_to_equity",
];

/** The line items served when none are asked for: SPEC's statement fields. */
export const DEFAULT_LINE_ITEMS = [
  "revenue",
  "gross_profit",
  "operating_income",
  "net_income",
  "earnings_per_share",
  "total_assets",
  "total_liabilities",
  "shareholders_equity",
  "operating_cash_flow",
  "investing_cash_flow",
  "financing_cash_flow",
  "free_cash_flow",
];

/** `limit`: 100 by default (SPEC), at most `max` (422 above). */
const limit = (what: string, max: number) =>
  withDefault(bodyInt({ description: `${what} (default 100, at most ${max}).`, example: "100" }, 1, max), 100);

/** One issue naming every unknown field, so a client fixes them all at once. */
function knownFields(names: string[], ctx: z.RefinementCtx): void {
  const unknown = names.filter((n) => !KNOWN.has(n));
  if (unknown.length)
    ctx.addIssue({
      code: "custom",
      message: `names unknown fields: ${unknown.join(", ")} (see GET /financials/search/screener/filters)`,
    });
}

const bound = (description: string) =>
  z.number({ error: "must be a number" }).optional().meta({ description, example: 0 });

const Comparator = z
  .strictObject({
    gt: bound("Greater than."),
    gte: bound("Greater than or equal to."),
    lt: bound("Less than."),
    lte: bound("Less than or equal to."),
    eq: bound("Equal to (exactly)."),
  })
  .refine((c) => Object.keys(c).length > 0, "must hold at least one of gt, gte, lt, lte, eq")
  .meta({ id: "Comparator", description: "Bounds a field must meet, all of them; a null value meets none." });
export type Comparator = z.output<typeof Comparator>;

/** Whether `value` meets every bound of `c`; null (unknown) meets none. */
export function meets(value: number | null, c: Comparator): boolean {
  return (
    value !== null &&
    (c.gt === undefined || value > c.gt) &&
    (c.gte === undefined || value >= c.gte) &&
    (c.lt === undefined || value < c.lt) &&
    (c.lte === undefined || value <= c.lte) &&
    (c.eq === undefined || value === c.eq)
  );
}

const PERIODS = ["ttm", "quarterly", "annual"] as const;
const period = (fallback: (typeof PERIODS)[number]) =>
  withDefault(
    bodyOneOf(PERIODS, {
      description: "Trailing twelve months ending at each quarter, quarters, or fiscal years.",
      example: fallback,
    }),
    fallback,
  );

const COMMON = {
  scenario_id: bodyStr({ description: "The scenario to read (see `/scenarios`).", example: EXAMPLE_SCENARIO_ID }, 64),
  tickers: bodyTickers({
    description: "Only these companies (default: every company of the scenario); each must be in it.",
    example: "AAPL",
  }).optional(),
  as_of: bodyDate({
    description:
      "Point in time: only periods filed on or before this date, per-share figures restated for the splits by then. " +
      "Defaults to the scenario's current_date; a later date reveals a future branch.",
    example: "2023-06-30",
  }).optional(),
  offset: withDefault(bodyInt({ description: "Rows to skip.", example: "0" }, 0), 0),
};

export const ScreenerRequest = z
  .strictObject({
    ...COMMON,
    period: period("ttm"),
    filters: withDefault(
      z
        .record(z.string(), Comparator, { error: "must be an object of field names to bounds" })
        .superRefine((filters, ctx) => knownFields(Object.keys(filters), ctx))
        .meta({
          description: "Field name (see `/financials/search/screener/filters`) to the bounds its value must meet.",
          example: { price_to_earnings_ratio: { gt: 0, lt: 25 }, revenue: { gte: 1e9 } },
        }),
      {},
    ),
    sector: bodyNames({
      description: "Only companies of this sector, or of any of these (case-insensitive).",
      example: "Information Technology",
    }).optional(),
    industry: bodyNames({
      description: "Only companies of this industry, or of any of these (case-insensitive).",
      example: "Semiconductors",
    }).optional(),
    limit: limit("Companies per page", 5000),
  })
  .meta({ id: "ScreenerRequest", description: "A screen: which companies, which period, which bounds." });

export const LineItemsRequest = z
  .strictObject({
    ...COMMON,
    period: period("quarterly"),
    line_items: withDefault(
      bodyList(z.string({ error: "must be a string" }), {
        description: `Fields to serve (see \`/financials/search/screener/filters\`); default ${DEFAULT_LINE_ITEMS.join(", ")}.`,
        example: "revenue",
      }).superRefine((names, ctx) => knownFields(names, ctx)),
      DEFAULT_LINE_ITEMS,
    ),
    end_date: bodyDate({
      description: "Point in time, as as_of (the earlier of the two when both are given).",
      example: "2023-06-30",
    }).optional(),
    limit: limit("Periods per company", 500),
  })
  .meta({ id: "LineItemsRequest", description: "Line items: which companies, which period, which fields." });

/** A row of either search: the period, then the fields asked for (by filter, or by `line_items`). */
export const SearchResult = z
  .object({
    ticker: PERIOD_FIELDS.ticker,
    report_period: PERIOD_FIELDS.report_period,
    period: PERIOD_FIELDS.period,
    currency: PERIOD_FIELDS.currency,
    filing_date: PERIOD_FIELDS.filing_date,
    ...Object.fromEntries(SEARCH_FIELDS.map((f) => [f, NUMBERS[f].optional()])),
  })
  .meta({
    id: "SearchResult",
    description: "One period of one company with the fields asked for (restated for later splits by the horizon).",
  });
export type SearchResult = z.infer<typeof SearchResult>;
