// Reading one company's rows per fiscal period (statements, segments, metrics, KPIs): the query
// every such route takes, its point in time, and the rows it selects from shards keyed
// `<period> <report_period>`.
import type { Context } from "hono";
import type { z } from "zod";
import type { Shard } from "../bundle/shard.ts";
import { statementKey, type ShardKind } from "../bundle/shards.ts";
import type { Manifest } from "../bundle/types.ts";
import { date, oneOf, scenarioId, ticker, withDefault } from "../contract/params.ts";
import type { AppEnv } from "../env.ts";
import { horizon, loadManifest, pageRange, requireTicker } from "./scenario.ts";
import { restated, splitFactor, splitsBy } from "./splits.ts";

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

/** A validated period query: its fields and the page. */
type PeriodQuery = z.output<z.ZodObject<ReturnType<typeof periodQuery>>> & { offset: number; limit: number };

/** The last filing date the query may see. */
export function periodHorizon(manifest: Manifest, q: Pick<PeriodQuery, "filing_date_lte" | "as_of">): string {
  const dates = [q.filing_date_lte, q.as_of].filter((d): d is string => d !== undefined);
  return dates.length ? dates.sort()[0] : horizon(manifest, undefined);
}

/** Indexes of the rows the query selects, newest period first, paged. */
function selectPeriods(shard: Shard, q: PeriodQuery, last: string): number[] {
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

/**
 * The company's rows of per-ticker shards keyed alike (one row per period, in the same order) that
 * the query selects, newest first, with per-share figures and share counts restated for the splits
 * gone ex after each period by the horizon; empty lists for an instrument without them.
 */
export async function periodRows(
  c: Context<AppEnv>,
  q: PeriodQuery,
  kinds: ShardKind[],
  perShare: readonly string[] = [],
  counts: readonly string[] = [],
): Promise<Record<string, unknown>[][]> {
  const manifest = await loadManifest(c, q.scenario_id);
  await requireTicker(c, manifest, q.ticker);
  const last = periodHorizon(manifest, q);
  const shards = await Promise.all(kinds.map((k) => c.get("reader").shard(manifest, k.name(q.ticker))));
  if (shards.some((s) => !s)) return kinds.map(() => []);
  const picked = selectPeriods(shards[0]!, q, last);
  const splits = await splitsBy(c, manifest, q.ticker, last);
  return shards.map((shard) =>
    picked.map((i) => {
      const row = shard!.objects(i, i + 1)[0];
      return restated(row, splitFactor(splits, row.report_period as string), perShare, counts);
    }),
  );
}
