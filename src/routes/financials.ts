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

const statementRoute = <K extends StatementKind, S extends z.ZodType>(kind: K, schema: S, summary: string) =>
  dataRoute({
    path: `/financials/${STATEMENTS[kind].path}`,
    tag: TAG,
    summary,
    description: DESCRIPTION,
    request: { query },
    response: z.object({ [STATEMENTS[kind].key]: z.array(schema) } as Record<
      (typeof STATEMENTS)[K]["key"],
      z.ZodArray<S>
    >),
  });

const incomeStatements = statementRoute("income", IncomeStatement, "Income statements");
const balanceSheets = statementRoute("balance", BalanceSheet, "Balance sheets");
const cashFlowStatements = statementRoute("cashFlow", CashFlowStatement, "Cash-flow statements");
const financials = dataRoute({
  path: "/financials",
  tag: TAG,
  summary: "All three statements per period",
  description: DESCRIPTION,
  request: { query },
  response: z.object({ financials: z.array(Financials) }),
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
  serve(app, incomeStatements, async (q, c) => {
    const [rows] = await statementRows(c, q, ["income"]);
    return { income_statements: rows as IncomeStatement[] };
  });
  serve(app, balanceSheets, async (q, c) => {
    const [rows] = await statementRows(c, q, ["balance"]);
    return { balance_sheets: rows as BalanceSheet[] };
  });
  serve(app, cashFlowStatements, async (q, c) => {
    const [rows] = await statementRows(c, q, ["cashFlow"]);
    return { cash_flow_statements: rows as CashFlowStatement[] };
  });
  serve(app, financials, async (q, c) => {
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
          income_statement: i as IncomeStatement,
          balance_sheet: balance[k] as BalanceSheet,
          cash_flow_statement: cashFlow[k] as CashFlowStatement,
          metadata: { form_type: /Q4|FY/.test(period.fiscal_period) ? "10-K" : "10-Q" },
        };
      }),
    };
  });
}
