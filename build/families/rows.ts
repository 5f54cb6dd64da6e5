// Shard rows from generated records, for the families' `shards` steps.
import type { Row } from "../../src/bundle/shard.ts";
import { ALL, type ShardKind } from "../../src/bundle/shards.ts";
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

/** The tickers some item is about, sorted. */
export function tickersOf(items: readonly { ticker: string | null }[]): string[] {
  return [...new Set(items.flatMap((i) => (i.ticker ? [i.ticker] : [])))].sort();
}

/** A market-wide shard of all items plus one shard per ticker (the tickers of `tickersOf`). */
export function emitAllAndByTicker<T extends { ticker: string | null }>(
  emit: ShardSink,
  kind: ShardKind<readonly string[]>,
  items: readonly T[],
): void {
  emit(kind, ALL, byFirstColumn(toRows(kind.columns, items)));
  for (const t of tickersOf(items))
    emit(
      kind,
      t,
      byFirstColumn(
        toRows(
          kind.columns,
          items.filter((i) => i.ticker === t),
        ),
      ),
    );
}
