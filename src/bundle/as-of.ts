// A shard read at a horizon: only the rows public by then (shards.ts `Visibility`). The routes read
// shards only through these views (src/http/scenario.ts opens them at the request's horizon), so a
// row made public after the horizon cannot be served by a route that forgets about time.
import { dayOfPoint, timeOfPoint } from "../contract/instant.ts";
import type { Row, Shard } from "./shard.ts";
import type { PublicAt } from "./shards.ts";

/** Above every key that starts with the date, and below the next date's (`"2023-06-30 AAPL" < "2023-06-30~"`). */
export const through = (date: string) => `${date}~`;

/** A point in time with an exchange time: the rows of its day public by then, by the kind's `publicAt`. */
export interface SameDay {
  /** `2023-07-25T14:30:00`: the views' horizon is the day before. */
  readonly instant: string;
  readonly publicAt: PublicAt;
}

/** Whether a row of the instant's day is public by the instant. */
function publicBy({ instant, publicAt }: SameDay, row: Record<string, unknown>): boolean {
  return "column" in publicAt ? (row[publicAt.column] as string) <= instant : publicAt.time <= timeOfPoint(instant)!;
}

/**
 * Rows keyed by the date they are public from (`visible: "key"`): the shard's rows up to the horizon,
 * read with the shard's own operations on indexes below `length`. At a point in time with an exchange
 * time (`sameDay`), the rows of its day public by then follow the horizon's; when those are not the
 * first of their day, `tail` maps the view's indexes from `base` on to the shard's.
 */
export class DatedRows {
  readonly length: number;
  private readonly shard: Shard;
  /** The view's indexes below it are the shard's own. */
  private readonly base: number;
  /** The shard's indexes of the view's rows from `base` on, when they are not a run from `base`. */
  private readonly tail: number[] | null = null;

  constructor(shard: Shard, horizon: string, sameDay?: SameDay) {
    this.shard = shard;
    this.base = shard.upperBound(through(horizon));
    this.length = this.base;
    if (!sameDay) return;
    const end = shard.upperBound(through(dayOfPoint(sameDay.instant)));
    // One time for every row: the day's rows are all public by then, or none is.
    if ("time" in sameDay.publicAt) {
      if (sameDay.publicAt.time <= timeOfPoint(sameDay.instant)!) this.length = end;
      return;
    }
    const shown = shard.objects(this.base, end).flatMap((row, k) => (publicBy(sameDay, row) ? [this.base + k] : []));
    this.length = this.base + shown.length;
    if (shown.some((j, k) => j !== this.base + k)) this.tail = shown;
  }

  /** The shard's index of the view's row i. */
  private at(i: number): number {
    return this.tail && i >= this.base ? this.tail[i - this.base] : i;
  }

  /** The view's first index whose shard index is at least j. */
  private from(j: number): number {
    if (!this.tail || j <= this.base) return Math.min(j, this.length);
    const k = this.tail.findIndex((t) => t >= j);
    return k < 0 ? this.length : this.base + k;
  }

  /** The view's rows [from, to) as runs of consecutive shard indexes [start, end). */
  private runs(from: number, to: number): [number, number][] {
    to = Math.min(to, this.length);
    if (to <= from) return [];
    if (!this.tail || to <= this.base) return [[from, to]];
    const out: [number, number][] = from < this.base ? [[from, this.base]] : [];
    for (let i = Math.max(from, this.base); i < to; i++) {
      const j = this.at(i);
      const last = out[out.length - 1];
      if (last && last[1] === j) last[1] = j + 1;
      else out.push([j, j + 1]);
    }
    return out;
  }

  key(i: number): string {
    if (i < 0 || i >= this.length) throw new RangeError(`row ${i} is past the horizon`);
    return this.shard.keys[this.at(i)];
  }

  /** Index range [from, to) of the rows whose key lies in the inclusive window (open ends allowed). */
  window(first?: string, last?: string): [number, number] {
    const [from, to] = this.shard.window(first, last);
    return [this.from(from), this.from(to)];
  }

  /** The keys of rows [from, to), read from the header alone. */
  keys(from: number, to: number): string[] {
    return this.runs(from, to).flatMap(([a, b]) => this.shard.keys.slice(a, b));
  }

  /** Index of the row whose key is exactly `key`, or -1. */
  find(key: string): number {
    const j = this.shard.lowerBound(key);
    const i = this.from(j);
    return i < this.length && this.at(i) === j && this.shard.keys[j] === key ? i : -1;
  }

  /** First index whose key is > key. */
  upperBound(key: string): number {
    return this.from(this.shard.upperBound(key));
  }

  /** Index of the last row whose key is <= key, or -1. */
  lastAtOrBefore(key: string): number {
    return this.upperBound(key) - 1;
  }

  json(from: number, to: number): Uint8Array {
    const parts = this.runs(from, to).map(([a, b]) => this.shard.json(a, b));
    return parts.length === 1 ? parts[0] : joinJson(parts);
  }

  objects(from: number, to: number): Record<string, unknown>[] {
    return this.runs(from, to).flatMap(([a, b]) => this.shard.objects(a, b));
  }

  rows(from: number, to: number): Row[] {
    return this.runs(from, to).flatMap(([a, b]) => this.shard.rows(a, b));
  }

  bytes(i: number): Uint8Array {
    this.key(i); // past the horizon: throws
    return this.shard.bytes(this.at(i));
  }

  /**
   * What `make` derives from row i, kept in `memo` for as long as the isolate keeps the shard (views
   * are made per request; the shard is not): for values a route derives from the same rows again and again.
   */
  memoized<T>(memo: WeakMap<Shard, T[]>, i: number, make: (i: number) => T): T {
    this.key(i); // past the horizon: throws
    let values = memo.get(this.shard);
    if (!values) memo.set(this.shard, (values = []));
    return (values[this.at(i)] ??= make(i));
  }
}

const COMMA = new Uint8Array([44]);

/** Comma-separated JSON rows of several runs, as one (a copy: only a view with a `tail` needs it). */
function joinJson(parts: Uint8Array[]): Uint8Array {
  const pieces = parts.filter((p) => p.length > 0).flatMap((p, k) => (k === 0 ? [p] : [COMMA, p]));
  const out = new Uint8Array(pieces.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of pieces) {
    out.set(p, at);
    at += p.length;
  }
  return out;
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
  private readonly sameDay: SameDay | undefined;

  constructor(shard: Shard, column: string, horizon: string, companions: Shard[] = [], sameDay?: SameDay) {
    this.shard = shard;
    this.column = column;
    this.horizon = horizon;
    this.companions = companions;
    this.sameDay = sameDay;
  }

  /** Whether a row is public: dated by the horizon, or of a point in time's day and public by then. */
  private isPublic(row: Record<string, unknown>): boolean {
    const date = row[this.column] as string;
    if (date <= this.horizon) return true;
    return this.sameDay !== undefined && date === dayOfPoint(this.sameDay.instant) && publicBy(this.sameDay, row);
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
      .filter(({ row }) => this.isPublic(row));
  }

  /** Row `index` (public by the horizon) and the companions' rows of the same index. */
  at(index: number): Record<string, unknown>[] {
    const [row] = this.shard.objects(index, index + 1);
    if (!this.isPublic(row)) throw new RangeError(`row ${index} is past the horizon`);
    return [row, ...this.companions.map((s) => s.objects(index, index + 1)[0])];
  }
}
