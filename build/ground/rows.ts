// Shard rows from generated records, for the families' `shards` steps.
import type { Row } from "../../src/bundle/shard.ts";
import { allOf, yearOf, type ShardKind } from "../../src/bundle/shards.ts";
import type { ShardSink } from "./family.ts";

/** Records to rows in column order (a missing field is null). */
export function toRows<T extends object>(columns: readonly string[], items: readonly T[]): Row[] {
  return items.map((item) => columns.map((c) => (item as Record<string, unknown>)[c] ?? null));
}

/** Records under their keys to rows sorted by key: the key, then the other columns (a missing field is null). */
export function keyedRows<T extends object>(columns: readonly string[], items: [string, T][]): Row[] {
  return [...items]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([key, item]) => [key, ...columns.slice(1).map((c) => (item as Record<string, unknown>)[c] ?? null)]);
}

/** Rows sorted by their first column (the shard key), ties by the second. */
export function byFirstColumn(rows: Row[]): Row[] {
  return [...rows].sort((a, b) =>
    a[0] === b[0] ? (String(a[1]) < String(b[1]) ? -1 : 1) : (a[0] as string) < (b[0] as string) ? -1 : 1,
  );
}

/** Rows (or any items) grouped by a part name, each group keeping the rows' order. */
export function groupBy<T>(rows: T[], partOf: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const part = partOf(row);
    const group = groups.get(part);
    if (group) group.push(row);
    else groups.set(part, [row]);
  }
  return groups;
}

/** Rows into one market-wide shard per year (`all/2023`: answers page across years), by their first column's date. */
export function appendByYear(emit: ShardSink, kind: ShardKind, rows: Row[]): void {
  for (const [year, group] of groupBy(rows, (r) => yearOf(r[0] as string))) emit.append(kind, allOf(year), group);
}

/**
 * A company's items: its own shard (none when it has no items) and its rows of the market-wide
 * shards by year. Items are dated by the kind's first column.
 */
export function emitTickerAndYears<T extends object>(
  emit: ShardSink,
  kind: ShardKind,
  ticker: string,
  items: readonly T[],
): void {
  if (items.length === 0) return;
  const rows = byFirstColumn(toRows(kind.columns, items));
  emit.write(kind, ticker, rows);
  appendByYear(emit, kind, rows);
}
