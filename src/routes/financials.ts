// Financial statements: income statements, balance sheets and cash-flow statements per period, and
// the three together. A period is public from its filing date; per-share lines are restated for
// the splits that went ex after the period, by the request's horizon (as adjusted_close is).
import type { Context } from "hono";
import { z } from "zod";
import type { Shard } from "../bundle/shard.ts";
import { SHARDS, statementKey } from "../bundle/shards.ts";
import type { Manifest } from "../bundle/types.ts";
import { date, oneOf, page, scenarioId, ticker, withDefault } from "../contract/params.ts";
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
import { horizon, loadManifest, pageRange, requireTicker } from "../http/scenario.ts";

const TAG = "Financial statements";

const reportDate = (description: string) => date({ description, example: "2023-01-01" }).optional();

const query = z.object({
  scenario_id: scenarioId(),
  ticker: ticker({ description: "The company.", example: "AAPL" }),
  period: withDefault(
    oneOf(["quarterly", "annual", "ttm"], {
      description: "Quarters, fiscal years, or trailing twelve months ending at each quarter.",
      example: "quarterly",
    }),
    "quarterly",
  ),
  report_period: reportDate("Only the period ending on this date."),
  report_period_gte: reportDate("Only periods ending on or after this date."),
  report_period_gt: reportDate("Only periods ending after this date."),
  report_period_lte: reportDate("Only periods ending on or before this date."),
  report_period_lt: reportDate("Only periods ending before this date."),
  filing_date_lte: date({
    description:
      "Point in time: only periods filed on or before this date, per-share lines restated for splits by then. " +
      "Defaults to the scenario's current_date; a later date reveals a future branch.",
    example: "2023-06-30",
  }).optional(),
  ...page(8, 100),
});
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

/** Splits gone ex by the horizon, as (ex-date, ratio). */
async function splitsBy(c: Context<AppEnv>, manifest: Manifest, tickerName: string, last: string) {
  const shard = await c.get("reader").shard(manifest, SHARDS.actions.name(tickerName));
  if (!shard) return [];
  return shard
    .objects(0, shard.length)
    .filter((a) => a.action_type === "split" && (a.ex_date as string) <= last)
    .map((a) => ({ ex: a.ex_date as string, ratio: (a.details as { ratio: number }).ratio }));
}

/** A row's per-share lines and share counts restated for the splits after its period. */
function restate(row: Row, splits: { ex: string; ratio: number }[]): Row {
  const factor = splits.filter((s) => s.ex > (row.report_period as string)).reduce((f, s) => f * s.ratio, 1);
  if (factor === 1) return row;
  const out = { ...row };
  for (const k of PER_SHARE_LINES)
    if (typeof out[k] === "number") out[k] = Math.round(((out[k] as number) / factor) * 1e4) / 1e4;
  for (const k of SHARE_COUNT_LINES) if (typeof out[k] === "number") out[k] = Math.round((out[k] as number) * factor);
  return out;
}

/** Indexes of the rows the query selects from a statement shard, newest first, paged. */
function selected(shard: Shard, q: Query, last: string): number[] {
  const [from, to] = shard.window(statementKey(q.period, ""), statementKey(q.period, "~"));
  const rows = shard.objects(from, to);
  const keep: number[] = [];
  for (let i = rows.length - 1; i >= 0; i--) {
    const r = rows[i].report_period as string;
    if ((rows[i].filing_date as string) > last) continue;
    if (q.report_period && r !== q.report_period) continue;
    if ((q.report_period_gte && r < q.report_period_gte) || (q.report_period_gt && r <= q.report_period_gt)) continue;
    if ((q.report_period_lte && r > q.report_period_lte) || (q.report_period_lt && r >= q.report_period_lt)) continue;
    keep.push(from + i);
  }
  const [start, end] = pageRange(0, keep.length, q.offset, q.limit);
  return keep.slice(start, end);
}

/** The query's rows of each statement asked for (empty for an instrument without statements). */
async function statementRows(c: Context<AppEnv>, q: Query, kinds: StatementKind[]): Promise<Row[][]> {
  const manifest = await loadManifest(c, q.scenario_id);
  await requireTicker(c, manifest, q.ticker);
  const last = q.filing_date_lte ?? horizon(manifest, undefined);
  const shards = await Promise.all(kinds.map((k) => c.get("reader").shard(manifest, SHARDS[k].name(q.ticker))));
  if (shards.some((s) => !s)) return kinds.map(() => []);
  // The three shards hold the same keys in the same order.
  const picked = selected(shards[0]!, q, last);
  const splits = await splitsBy(c, manifest, q.ticker, last);
  return shards.map((shard) => picked.map((i) => restate(shard!.objects(i, i + 1)[0], splits)));
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
