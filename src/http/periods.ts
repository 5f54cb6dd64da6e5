// Reading one company's rows per fiscal period (statements, segments, metrics, KPIs): the query
// every such route takes, its point in time, and the rows it selects from shards keyed
// `<period> <report_period>`.
import type { z } from "zod";
import type { FilteredRows } from "../bundle/as-of.ts";
import { periodKey } from "../bundle/shards.ts";
import { date, oneOf, scenarioId, ticker, withDefault } from "../contract/params.ts";
import { pageRange, type Scenario } from "./scenario.ts";

const reportDate = (description: string) => date({ description, example: "2023-01-01" }).optional();

type Period = "quarterly" | "annual" | "ttm";

/**
 * The company, the kind of period (of `periods`), report-period filters and the point in time
 * (`filing_date_lte`, `as_of`).
 */
export const periodQuery = (
  defaultPeriod: Period,
  periods: readonly [Period, ...Period[]] = ["quarterly", "annual", "ttm"],
) => ({
  scenario_id: scenarioId(),
  ticker: ticker({ description: "The company.", example: "AAPL" }),
  period: withDefault(
    oneOf(periods, {
      description: periods.includes("ttm")
        ? "Quarters, fiscal years, or trailing twelve months ending at each quarter."
        : "Quarters or fiscal years.",
      example: defaultPeriod,
    }),
    defaultPeriod,
  ),
  report_period: reportDate("Only the period ending on this date."),
  report_period_gte: reportDate("Only periods ending on or after this date."),
  report_period_gt: reportDate("Only periods ending after this date."),
  report_period_lte: reportDate("Only periods ending on or before this date."),
  report_period_lt: reportDate("Only periods ending before this date."),
  filing_date_lte: date({
    description:
      "Point in time: only periods filed on or before this date, per-share figures restated for splits by then. " +
      "Defaults to the scenario's current_date; a later date reveals a future branch.",
    example: "2023-06-30",
  }).optional(),
  as_of: date({
    description: "Point in time, as filing_date_lte (the earlier of the two when both are given).",
    example: "2023-06-30",
  }).optional(),
});

/** The parameters whose earliest is a period query's point in time. */
export const PERIOD_POINT_IN_TIME = ["filing_date_lte", "as_of"] as const;

/** A validated period query: its fields and the page. */
type PeriodQuery = z.output<z.ZodObject<ReturnType<typeof periodQuery>>> & { offset: number; limit: number };

/** Indexes of the public rows the query selects, newest period first, paged. */
function selectPeriods(rows: FilteredRows, q: PeriodQuery): number[] {
  const [from, to] = rows.window(periodKey(q.period, ""), periodKey(q.period, "~"));
  const visible = rows.visible(from, to);
  const keep: number[] = [];
  for (let k = visible.length - 1; k >= 0; k--) {
    const r = visible[k].row.report_period as string;
    if (q.report_period && r !== q.report_period) continue;
    if ((q.report_period_gte && r < q.report_period_gte) || (q.report_period_gt && r <= q.report_period_gt)) continue;
    if ((q.report_period_lte && r > q.report_period_lte) || (q.report_period_lt && r >= q.report_period_lt)) continue;
    keep.push(visible[k].index);
  }
  const [start, end] = pageRange(0, keep.length, q.offset, q.limit);
  return keep.slice(start, end);
}

/**
 * The company's rows of per-ticker shards keyed alike (one row per period, in the same order) that
 * the query selects, newest first, with per-share figures and share counts restated for the splits
 * gone ex after each period by the horizon; empty lists for an instrument without them.
 */
export async function periodRows(
  scenario: Scenario,
  q: PeriodQuery,
  kinds: Parameters<Scenario["filed"]>[0],
  perShare: readonly string[] = [],
  counts: readonly string[] = [],
): Promise<Record<string, unknown>[][]> {
  await scenario.requireTicker(q.ticker);
  const rows = await scenario.filed(kinds, q.ticker);
  const out: Record<string, unknown>[][] = kinds.map(() => []);
  if (!rows) return out;
  const splits = await scenario.splits();
  for (const i of selectPeriods(rows, q)) {
    const period = rows.at(i);
    const reportPeriod = period[0].report_period as string;
    period.forEach((row, k) => out[k].push(splits.restate(row, q.ticker, reportPeriod, perShare, counts)));
  }
  return out;
}
