// A shard read at a horizon: only the rows public by then (shards.ts `Visibility`). The routes read
// shards only through these views (src/http/scenario.ts opens them at the request's horizon), so a
// row made public after the horizon cannot be served by a route that forgets about time.
import type { Row, Shard } from "./shard.ts";

/** Above every key that starts with the date, and below the next date's (`"2023-06-30 AAPL" < "2023-06-30~"`). */
export const through = (date: string) => `${date}~`;

/**
 * Rows keyed by the date they are public from (`visible: "key"`): the shard's rows up to the horizon,
 * a prefix of it, read with the shard's own operations on indexes below `length`.
 */
export class DatedRows {
  readonly length: number;
  private readonly shard: Shard;

  constructor(shard: Shard, horizon: string) {
    this.shard = shard;
    this.length = shard.upperBound(through(horizon));
  }

  key(i: number): string {
    if (i < 0 || i >= this.length) throw new RangeError(`row ${i} is past the horizon`);
    return this.shard.keys[i];
  }

  /** Index range [from, to) of the rows whose key lies in the inclusive window (open ends allowed). */
  window(first?: string, last?: string): [number, number] {
    const [from, to] = this.shard.window(first, last);
    return [Math.min(from, this.length), Math.min(to, this.length)];
  }

  /** The keys of rows [from, to), read from the header alone. */
  keys(from: number, to: number): string[] {
    return this.shard.keys.slice(from, Math.min(to, this.length));
  }

  /** Index of the row whose key is exactly `key`, or -1. */
  find(key: string): number {
    const i = this.shard.lowerBound(key);
    return i < this.length && this.shard.keys[i] === key ? i : -1;
  }

  /** First index whose key is > key. */
  upperBound(key: string): number {
    return Math.min(this.shard.upperBound(key), this.length);
  }

  /** Index of the last row whose key is <= key, or -1. */
  lastAtOrBefore(key: string): number {
    return this.upperBound(key) - 1;
  }

  json(from: number, to: number): Uint8Array {
    return this.shard.json(from, Math.min(to, this.length));
  }

  objects(from: number, to: number): Record<string, unknown>[] {
    return this.shard.objects(from, Math.min(to, this.length));
  }

  rows(from: number, to: number): Row[] {
    return this.shard.rows(from, Math.min(to, this.length));
  }

  bytes(i: number): Uint8Array {
    this.key(i); // past the horizon: throws
    return this.shard.bytes(i);
  }

  /**
   * What `make` derives from row i, kept in `memo` for as long as the isolate keeps the shard (views
   * are made per request; the shard is not): for values a route derives from the same rows again and again.
   */
  memoized<T>(memo: WeakMap<Shard, T[]>, i: number, make: (i: number) => T): T {
    this.key(i); // past the horizon: throws
    let values = memo.get(this.shard);
    if (!values) memo.set(this.shard, (values = []));
    return (values[i] ??= make(i));
  }
}

/**
 * Rows keyed `<ticker> <date> ...` (`visible: "ticker-key"`): each ticker's rows public by the horizon.
 */
export class TickerRows {
  private readonly shard: Shard;
  private readonly horizon: string;

  constructor(shard: Shard, horizon: string) {
    this.shard = shard;
    this.horizon = horizon;
  }

  /** Index range [from, to) of the ticker's rows public by the horizon. */
  of(ticker: string): [number, number] {
    return this.shard.window(`${ticker} `, through(`${ticker} ${this.horizon}`));
  }

  /** Index of the ticker's latest row public by the horizon, or -1 (one binary search: screens call it per company). */
  latest(ticker: string): number {
    const i = this.shard.upperBound(through(`${ticker} ${this.horizon}`)) - 1;
    return i >= 0 && this.shard.keys[i].startsWith(`${ticker} `) ? i : -1;
  }

  /** A row's key and fields, for an index `of` or `latest` gave. */
  key(i: number): string {
    return this.shard.keys[i];
  }

  rows(from: number, to: number): Row[] {
    return this.shard.rows(from, to);
  }

  bytes(i: number): Uint8Array {
    return this.shard.bytes(i);
  }
}

/**
 * Rows whose `column` holds the date they are public from (`visible: { column }`), with the shards
 * keyed alike whose rows are public with them (a company's other statements and segments).
 */
export class FilteredRows {
  private readonly shard: Shard;
  private readonly column: string;
  private readonly horizon: string;
  private readonly companions: Shard[];

  constructor(shard: Shard, column: string, horizon: string, companions: Shard[] = []) {
    this.shard = shard;
    this.column = column;
    this.horizon = horizon;
    this.companions = companions;
  }

  /** Index range [from, to) of the rows whose key lies in the inclusive window, public or not (read them with `visible`). */
  window(first?: string, last?: string): [number, number] {
    return this.shard.window(first, last);
  }

  /** The rows of [from, to) public by the horizon, with their indexes, in key order. */
  visible(from: number, to: number): { index: number; row: Record<string, unknown> }[] {
    return this.shard
      .objects(from, to)
      .map((row, k) => ({ index: from + k, row }))
      .filter(({ row }) => (row[this.column] as string) <= this.horizon);
  }

  /** Row `index` (public by the horizon) and the companions' rows of the same index. */
  at(index: number): Record<string, unknown>[] {
    const [row] = this.shard.objects(index, index + 1);
    if ((row[this.column] as string) > this.horizon) throw new RangeError(`row ${index} is past the horizon`);
    return [row, ...this.companions.map((s) => s.objects(index, index + 1)[0])];
  }
}
