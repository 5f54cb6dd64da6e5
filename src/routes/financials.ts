// Financial statements: income statements, balance sheets and cash-flow statements per period, and
// the three together. A period is public from its filing date; per-share lines are restated for
// the splits that went ex after the period, by the request's horizon (as adjusted_close is).
import type { Context } from "hono";
import { z } from "zod";
import { SHARDS } from "../bundle/shards.ts";
import { page } from "../contract/params.ts";
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
} from "../contract/statements.ts";
import { balanceLineItems, cashFlowLineItems, incomeLineItems, LineItem } from "../contract/as-reported.ts";
import type { AppEnv } from "../env.ts";
import { dataRoute, serve, type ApiApp } from "../http/route.ts";
import { periodHorizon, periodQuery, selectPeriods } from "../http/periods.ts";
import { loadManifest, requireTicker } from "../http/scenario.ts";
import { restated, splitFactor, splitsBy } from "../http/splits.ts";

const TAG = "Financial statements";

const query = z.object({ ...periodQuery("quarterly"), ...page(8, 100) });
type Query = z.output<typeof query>;

const DESCRIPTION =
  "Newest period first. A period is public from its `filing_date` (the 10-Q or 10-K filed with the earnings " +
  "release); TTM and annual flows are the sums of their quarters, their balance sheet the last quarter's. " +
  "Funds and warrants have none (an empty list).";

/** As-reported rows add `line_items`: a view of the same lines, built when served. */
const LINE_ITEMS = { income: incomeLineItems, balance: balanceLineItems, cashFlow: cashFlowLineItems } as const;
/** A statement's schema with `line_items`, named after it. */
const withLineItems = (kind: StatementKind) =>
  (STATEMENTS[kind].schema as z.ZodObject)
    .extend({ line_items: z.array(LineItem).meta({ description: "The statement as filed: a tree of its lines." }) })
    .meta({
      id: `${STATEMENTS[kind].name}AsReported`,
      description: `${STATEMENTS[kind].name}, with its lines as filed.`,
    });

/** `/financials/<statement>` and its `/as-reported` variant. */
const statementRoute = (kind: StatementKind, asReported: boolean) => {
  const { key, path, schema, summary } = STATEMENTS[kind];
  return dataRoute({
    path: `/financials/${path}${asReported ? "/as-reported" : ""}`,
    tag: TAG,
    summary: asReported ? `${summary} as reported` : summary,
    description: asReported
      ? `${DESCRIPTION} Each row adds \`line_items\`: the statement as filed, whose children sum to their parent.`
      : DESCRIPTION,
    request: { query },
    response: z.object({ [key]: z.array(asReported ? withLineItems(kind) : schema) }),
  });
};

const financialsRoute = (asReported: boolean) =>
  dataRoute({
    path: asReported ? "/financials/as-reported" : "/financials",
    tag: TAG,
    summary: asReported ? "All three statements per period, as reported" : "All three statements per period",
    description: asReported ? `${DESCRIPTION} Each statement adds \`line_items\`.` : DESCRIPTION,
    request: { query },
    response: z.object({
      financials: z.array(
        asReported
          ? Financials.extend({
              income_statement: withLineItems("income"),
              balance_sheet: withLineItems("balance"),
              cash_flow_statement: withLineItems("cashFlow"),
            }).meta({ id: "FinancialsAsReported", description: "The three statements of one period, as filed." })
          : Financials,
      ),
    }),
  });

type Row = Record<string, unknown>;

/** The query's rows of each statement asked for (empty for an instrument without statements). */
async function statementRows(c: Context<AppEnv>, q: Query, kinds: StatementKind[]): Promise<Row[][]> {
  const manifest = await loadManifest(c, q.scenario_id);
  await requireTicker(c, manifest, q.ticker);
  const last = periodHorizon(manifest, q);
  const shards = await Promise.all(kinds.map((k) => c.get("reader").shard(manifest, SHARDS[k].name(q.ticker))));
  if (shards.some((s) => !s)) return kinds.map(() => []);
  // The three shards hold the same keys in the same order.
  const picked = selectPeriods(shards[0]!, q, last);
  const splits = await splitsBy(c, manifest, q.ticker, last);
  return shards.map((shard) =>
    picked.map((i) => {
      const row = shard!.objects(i, i + 1)[0];
      return restated(row, splitFactor(splits, row.report_period as string), PER_SHARE_LINES, SHARE_COUNT_LINES);
    }),
  );
}

export function register(app: ApiApp): void {
  for (const asReported of [false, true]) {
    const view = (kind: StatementKind, row: Row) =>
      asReported ? { ...row, line_items: LINE_ITEMS[kind](row as never) } : row;
    for (const kind of Object.keys(STATEMENTS) as StatementKind[]) {
      serve(app, statementRoute(kind, asReported), async (q, c) => {
        const [rows] = await statementRows(c, q, [kind]);
        return { [STATEMENTS[kind].key]: rows.map((r) => view(kind, r)) } as never;
      });
    }
    serve(app, financialsRoute(asReported), async (q, c) => {
      const [income, balance, cashFlow] = await statementRows(c, q, ["income", "balance", "cashFlow"]);
      return {
        financials: income.map((i, k) => {
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
        }),
      };
    });
  }
}
