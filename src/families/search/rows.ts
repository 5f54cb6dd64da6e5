// Search (docs/contract.md, "Search and screener"): the screener and line items. Both read every
// number of a period, its statement lines and its metrics, by the one list of names declared here:
// the build writes each period's numbers in this order, the worker reads them back by it, and the
// filters list serves it.
import { z } from "zod";
import { FinancialMetrics, PER_SHARE_METRICS } from "../metrics/rows.ts";
import {
  bodyDate,
  bodyInt,
  bodyKind,
  bodyList,
  bodyNames,
  bodyOneOf,
  bodyStr,
  bodyTickers,
  EXAMPLE_SCENARIO_ID,
  withDefault,
} from "../../contract/params.ts";
import {
  BALANCE_LINES,
  CASH_FLOW_LINES,
  INCOME_LINES,
  PER_SHARE_LINES,
  PERIOD_FIELDS,
  SHARE_COUNT_LINES,
} from "../statements/rows.ts";
import { SECTORS } from "../../contract/vocabulary.ts";

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

/** What a screener row shows when no filter names a field: the contract's financial-metrics fields. */
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

/** The line items served when none are asked for: the contract's statement fields. */
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

/** `limit`: 100 by default, at most `max` (422 above): docs/contract.md, "Page sizes". */
const limit = (what: string, max: number) =>
  withDefault(bodyInt({ description: `${what} (default 100, at most ${max}).`, example: "100" }, 1, max), 100);

/**
 * Line items computed from two stored fields of the same period (financialdatasets.ai serves them,
 * and ai-hedge-fund's agents ask for them): served by line items only, after the stored fields
 * asked for, null when an input is null. Not in the filters list, which names what is stored.
 */
export const DERIVED_LINE_ITEMS = {
  ebitda: {
    inputs: ["operating_income", "depreciation_and_amortization"],
    value: (operatingIncome: number, depreciation: number) => operatingIncome + depreciation,
    formula: "operating_income + depreciation_and_amortization",
    description: "EBITDA of the period: operating_income + depreciation_and_amortization",
  },
  working_capital: {
    inputs: ["current_assets", "current_liabilities"],
    value: (assets: number, liabilities: number) => assets - liabilities,
    formula: "current_assets - current_liabilities",
    description: "Working capital at the period's end: current_assets - current_liabilities",
  },
} as const;
export type DerivedLineItem = keyof typeof DERIVED_LINE_ITEMS;
export const DERIVED_NAMES = Object.keys(DERIVED_LINE_ITEMS) as DerivedLineItem[];

/** One issue naming every unknown field, so a client fixes them all at once. */
function knownFields(names: string[], ctx: z.RefinementCtx, derived = false): void {
  const unknown = names.filter((n) => !KNOWN.has(n) && !(derived && n in DERIVED_LINE_ITEMS));
  if (unknown.length)
    ctx.addIssue({
      code: "custom",
      message:
        `names unknown fields: ${unknown.join(", ")} (see GET /financials/search/screener/filters` +
        `${derived ? `; also ${DERIVED_NAMES.join(", ")}` : ""})`,
    });
}

/** A sector in any case (a refinement, not an enum, so that a union reports it naming the sectors). */
const SECTOR_NAMES = new Set(SECTORS.map((n) => n.toLowerCase()));
const sectorName = z
  .string()
  .min(1, "must not be empty")
  .refine((n) => SECTOR_NAMES.has(n.toLowerCase()), `must be one of ${SECTORS.join(", ")} (any case)`);

const bound = (description: string) =>
  z.number({ error: "must be a number" }).optional().meta({ description, example: 0 });

/** The bounds a field may be held to: financialdatasets.ai's operator names. */
export const OPERATORS = ["eq", "gt", "gte", "lt", "lte"] as const;

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

const FilterMap = z
  .record(z.string(), Comparator, {
    error: "must be a list of {field, operator, value} or an object of field names to bounds",
  })
  .superRefine((filters, ctx) => knownFields(Object.keys(filters), ctx));
type FilterMap = z.output<typeof FilterMap>;

/** financialdatasets.ai's form of a bound: one field, one operator, one number. */
const Filter = z
  .strictObject(
    {
      field: z
        .enum(
          SEARCH_FIELDS as [string, ...string[]],
          bodyKind(`one of ${SEARCH_FIELDS.join(", ")} (sector and industry are body fields of their own)`),
        )
        .meta({
          description: "A field of `/financials/search/screener/filters`.",
          example: "price_to_earnings_ratio",
        }),
      operator: z
        .enum(OPERATORS, bodyKind(`one of ${OPERATORS.join(", ")}`))
        .meta({ description: "The bound: =, >, >=, <, <= the value.", example: "lt" }),
      value: z.number(bodyKind("a number")).meta({ description: "The number the field is compared to.", example: 25 }),
    },
    bodyKind("an object {field, operator, value}"),
  )
  .meta({ id: "ScreenerFilter", description: "A bound in financialdatasets.ai's form." });

/** The list form: each (field, operator) at most once, or repeated with the same value. */
const FilterList = z.array(Filter).superRefine((list, ctx) => {
  const seen = new Map<string, number>();
  list.forEach(({ field, operator, value }, k) => {
    const before = seen.get(`${field} ${operator}`);
    if (before !== undefined && before !== value)
      ctx.addIssue({
        code: "custom",
        path: [k],
        message: `bounds ${field} ${operator} a second time, with another value`,
      });
    seen.set(`${field} ${operator}`, value);
  });
});

/** The list form as the map form: the same bounds, so the same screen (and the same cached answer). */
const asMap = (filters: z.output<typeof FilterList> | FilterMap): FilterMap => {
  if (!Array.isArray(filters)) return filters;
  const map: FilterMap = {};
  for (const { field, operator, value } of filters) map[field] = { ...map[field], [operator]: value };
  return map;
};

/** A map's unknown bounds, each named with the bounds there are (its strict object names only the key). */
const namingBounds = (issue: z.core.$ZodIssue) =>
  issue.code === "unrecognized_keys"
    ? issue.keys.map((k) => ({
        code: "custom",
        path: [...issue.path, k],
        message: `is not a bound: the bounds are ${OPERATORS.join(", ")}`,
      }))
    : [issue];

/**
 * `filters` as a list or as a map, validated by the schema of the kind sent, so that a failure
 * names its own field (`filters.0.operator`) rather than a union's "Invalid input".
 */
const Filters = z.preprocess(
  (value, ctx) => {
    const isList = Array.isArray(value);
    const parsed = (isList ? FilterList : FilterMap).safeParse(value);
    if (!parsed.success)
      for (const issue of parsed.error.issues)
        for (const named of isList ? [issue] : namingBounds(issue)) ctx.addIssue(named as never);
    return value;
  },
  z
    .union([FilterList, FilterMap])
    .meta({
      description:
        "The bounds, all of which a company must meet: a map of field name (see " +
        "`/financials/search/screener/filters`) to bounds, or financialdatasets.ai's list of " +
        `\`{field, operator, value}\` (operators ${OPERATORS.join(", ")}); both forms screen alike.`,
      example: { price_to_earnings_ratio: { gt: 0, lt: 25 }, revenue: { gte: 1e9 } },
    })
    .transform(asMap),
);

export const ScreenerRequest = z
  .strictObject({
    ...COMMON,
    period: period("ttm"),
    filters: withDefault(Filters, {}),
    sector: bodyNames(
      {
        description: "Only companies of this sector, or of any of these (case-insensitive; see `/sectors`).",
        example: "Information Technology",
      },
      sectorName,
    ).optional(),
    industry: bodyNames({
      description: "Only companies of this industry, or of any of these (case-insensitive).",
      example: "Semiconductors",
    }).optional(),
    limit: limit("Companies per page", 5000),
    // financialdatasets' clients send it (dexter always does); every amount here is in USD.
    currency: z
      .literal("USD")
      .meta({ description: "The currency amounts are compared in: only `USD`, the only one served.", example: "USD" })
      .optional(),
  })
  .meta({ id: "ScreenerRequest", description: "A screen: which companies, which period, which bounds." });

export const LineItemsRequest = z
  .strictObject({
    ...COMMON,
    period: period("quarterly"),
    line_items: withDefault(
      bodyList(z.string({ error: "must be a string" }), {
        description:
          "Fields to serve (see `/financials/search/screener/filters`), and " +
          `${DERIVED_NAMES.map((d) => `\`${d}\` (${DERIVED_LINE_ITEMS[d].formula})`).join(" and ")} ` +
          `of the same period (null when an input is); default ${DEFAULT_LINE_ITEMS.join(", ")}.`,
        example: "revenue",
      }).superRefine((names, ctx) => knownFields(names, ctx, true)),
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
    ...Object.fromEntries(
      DERIVED_NAMES.map((d) => [
        d,
        z
          .number()
          .nullable()
          .optional()
          .meta({ description: `${DERIVED_LINE_ITEMS[d].description} (line items only; null when an input is).` }),
      ]),
    ),
  })
  .meta({
    id: "SearchResult",
    description: "One period of one company with the fields asked for (restated for later splits by the horizon).",
  });
export type SearchResult = z.infer<typeof SearchResult>;
