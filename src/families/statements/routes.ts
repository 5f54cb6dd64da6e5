// Financial statements: income statements, balance sheets and cash-flow statements per period, and
// the three together. A period is public from its filing date; per-share lines are restated for
// the splits that went ex after the period, by the request's horizon (as adjusted_close is).
import { z } from "zod";
import { SEGMENTS_SHARDS } from "../segments/shards.ts";
import { STATEMENTS_SHARDS } from "./shards.ts";
import { page } from "../../contract/params.ts";
import {
  BalanceSheet,
  CashFlowStatement,
  Financials,
  IncomeStatement,
  PER_SHARE_LINES,
  PERIOD_FIELDS,
  SHARE_COUNT_LINES,
  STATEMENTS,
  type StatementKind,
} from "./rows.ts";
import { balanceLineItems, cashFlowLineItems, incomeLineItems, LineItem } from "./as-reported.ts";
import { SEGMENTS_FIELD } from "../segments/rows.ts";
import { dataRoute, serve, type ApiApp } from "../../http/route.ts";
import { PERIOD_POINT_IN_TIME, periodQuery, periodRows } from "../../http/periods.ts";
import type { Scenario } from "../../http/scenario.ts";

const TAG = "Financial statements";

const query = z.object({ ...periodQuery("quarterly"), ...page(8, 100) });
type Query = z.output<typeof query>;

const DESCRIPTION =
  "Newest period first. A period is public from its `filing_date` (the 10-Q or 10-K filed with the earnings " +
  "release); TTM and annual flows are the sums of their quarters, their balance sheet the last quarter's. " +
  "Funds and warrants have none (an empty list).";

/** The variants of every statement route: normalized, as reported (`line_items`), by segment (`segments`). */
const VARIANTS = {
  "": { id: "", summary: "", row: "", adds: "" },
  "as-reported": {
    id: "AsReported",
    summary: " as reported",
    row: "with its lines as filed",
    adds: " Each row adds `line_items`: the statement as filed, whose children sum to their parent.",
  },
  segments: {
    id: "Segments",
    summary: " by segment",
    row: "with its segments",
    adds:
      " Each row adds `segments`: the period by business line and by region, each segment with its revenue, " +
      "operating income, assets, capital expenditure and D&A; the segments of one type sum exactly to the statements.",
  },
} as const;
type Variant = keyof typeof VARIANTS;

/** As-reported rows add `line_items`: a view of the same lines, built when served. */
const LINE_ITEMS = { income: incomeLineItems, balance: balanceLineItems, cashFlow: cashFlowLineItems } as const;
const LINE_ITEMS_FIELD = z.array(LineItem).meta({ description: "The statement as filed: a tree of its lines." });

/** A statement's schema in a variant, named after it. */
const schemaOf = (kind: StatementKind, variant: Variant) => {
  const { schema, name } = STATEMENTS[kind];
  if (!variant) return schema;
  return (schema as z.ZodObject)
    .extend(variant === "as-reported" ? { line_items: LINE_ITEMS_FIELD } : { segments: SEGMENTS_FIELD })
    .meta({ id: `${name}${VARIANTS[variant].id}`, description: `${name}, ${VARIANTS[variant].row}.` });
};

/** `/financials/<statement>` and its variants. */
const statementRoute = (kind: StatementKind, variant: Variant) => {
  const { key, path, summary } = STATEMENTS[kind];
  return dataRoute({
    path: `/financials/${path}${variant && `/${variant}`}`,
    tag: TAG,
    summary: summary + VARIANTS[variant].summary,
    description: DESCRIPTION + VARIANTS[variant].adds,
    request: { query },
    response: z.object({ [key]: z.array(schemaOf(kind, variant)) }),
    pointInTime: PERIOD_POINT_IN_TIME,
  });
};

const financialsRoute = (variant: Variant) =>
  dataRoute({
    path: `/financials${variant && `/${variant}`}`,
    tag: TAG,
    summary: `All three statements per period${variant && ","}${VARIANTS[variant].summary}`,
    description:
      DESCRIPTION + (variant === "as-reported" ? " Each statement adds `line_items`." : VARIANTS[variant].adds),
    request: { query },
    response: z.object({
      financials: z.array(
        variant === "as-reported"
          ? Financials.extend({
              income_statement: schemaOf("income", variant),
              balance_sheet: schemaOf("balance", variant),
              cash_flow_statement: schemaOf("cashFlow", variant),
            }).meta({ id: "FinancialsAsReported", description: "The three statements of one period, as filed." })
          : variant === "segments"
            ? Financials.extend({ segments: SEGMENTS_FIELD }).meta({
                id: "FinancialsSegments",
                description: "The three statements of one period, with its segments.",
              })
            : Financials,
      ),
    }),
    pointInTime: PERIOD_POINT_IN_TIME,
  });

type Row = Record<string, unknown>;

/** The shards a statements answer reads: the three statements and the segments. */
const PERIOD_SHARDS = { ...STATEMENTS_SHARDS, segments: SEGMENTS_SHARDS.segments };

/** The query's rows of each statement asked for, and of its segments (rows `{key, segments}`). */
const rowsOf = (scenario: Scenario, q: Query, kinds: readonly [StatementKind, ...(StatementKind | "segments")[]]) =>
  periodRows(
    scenario,
    q,
    kinds.map((k) => PERIOD_SHARDS[k]) as unknown as Parameters<typeof periodRows>[2],
    PER_SHARE_LINES,
    SHARE_COUNT_LINES,
  );

export function register(app: ApiApp): void {
  for (const variant of Object.keys(VARIANTS) as Variant[]) {
    const view = (kind: StatementKind, row: Row) =>
      variant === "as-reported" ? { ...row, line_items: LINE_ITEMS[kind](row as never) } : row;
    const withSegments = (rows: Row[], segments: Row[] | undefined) =>
      segments ? rows.map((r, k) => ({ ...r, segments: segments[k].segments })) : rows;
    const segmentsToo = variant === "segments" ? (["segments"] as const) : [];
    for (const kind of Object.keys(STATEMENTS) as StatementKind[]) {
      serve(app, statementRoute(kind, variant), async (q, scenario) => {
        const [rows, segments] = await rowsOf(scenario, q, [kind, ...segmentsToo]);
        return { [STATEMENTS[kind].key]: withSegments(rows, segments).map((r) => view(kind, r)) } as never;
      });
    }
    serve(app, financialsRoute(variant), async (q, scenario) => {
      const [income, balance, cashFlow, segments] = await rowsOf(scenario, q, [
        "income",
        "balance",
        "cashFlow",
        ...segmentsToo,
      ]);
      const periods = income.map((i, k) => {
        // The period fields, from any of the three statements (they share them).
        const period = Object.fromEntries(Object.keys(PERIOD_FIELDS).map((f) => [f, i[f]])) as Pick<
          IncomeStatement,
          keyof typeof PERIOD_FIELDS
        >;
        return {
          ...period,
          income_statement: view("income", i) as IncomeStatement,
          balance_sheet: view("balance", balance[k]) as BalanceSheet,
          cash_flow_statement: view("cashFlow", cashFlow[k]) as CashFlowStatement,
          metadata: { form_type: /Q4|FY/.test(period.fiscal_period) ? "10-K" : "10-Q" },
        };
      });
      return { financials: withSegments(periods, segments) as typeof periods };
    });
  }
}
