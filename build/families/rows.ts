// Shard rows from generated records, for the families' `shards` steps.
import type { Row } from "../../src/bundle/shard.ts";
import { allOf, yearOf, type ShardKind } from "../../src/bundle/shards.ts";
import type { ShardSink } from "./family.ts";

/** Records to rows in column order (a missing field is null). */
export function toRows<T extends object>(columns: readonly string[], items: readonly T[]): Row[] {
  return items.map((item) => columns.map((c) => (item as Record<string, unknown>)[c] ?? null));
}

/** Rows sorted by their first column (the shard key), ties by the second. */
export function byFirstColumn(rows: Row[]): Row[] {
  return [...rows].sort((a, b) =>
    a[0] === b[0] ? (String(a[1]) < String(b[1]) ? -1 : 1) : (a[0] as string) < (b[0] as string) ? -1 : 1,
  );
}

/** Rows grouped by a part name, each group keeping the rows' order. */
export function groupBy(rows: Row[], partOf: (row: Row) => string): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const part = partOf(row);
    const group = groups.get(part);
    if (group) group.push(row);
    else groups.set(part, [row]);
  }
  return groups;
}

/** The tickers some item is about, sorted. */
export function tickersOf(items: readonly { ticker: string | null }[]): string[] {
  return [...new Set(items.flatMap((i) => (i.ticker ? [i.ticker] : [])))].sort();
}

/**
 * One shard per year of all items (`all/2023`: market-wide answers page across years) plus one per
 * ticker. Items are dated by the kind's first column.
 */
export function emitByYearAndTicker<T extends { ticker: string | null }>(
  emit: ShardSink,
  kind: ShardKind,
  items: readonly T[],
): void {
  const rows = byFirstColumn(toRows(kind.columns, items));
  for (const [year, group] of groupBy(rows, (r) => yearOf(r[0] as string))) emit(kind, allOf(year), group);
  const tickerColumn = kind.columns.indexOf("ticker");
  const byTicker = groupBy(
    rows.filter((r) => r[tickerColumn] !== null),
    (r) => r[tickerColumn] as string,
  );
  for (const [t, group] of [...byTicker].sort(([a], [b]) => (a < b ? -1 : 1))) emit(kind, t, group);
}
