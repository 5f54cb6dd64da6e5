// A shard is one sorted table (one resource for one ticker, or one market-wide series).
// Layout: "SMS1" | u32 LE header length | msgpack header | msgpack rows, one after another.
// The header holds the sort key of every row and each row's byte offset, so a date window or a
// page is found by binary search and only the rows it covers are decoded.
import { pack, unpack, unpackMultiple } from "msgpackr";

const MAGIC = [0x53, 0x4d, 0x53, 0x31]; // "SMS1"

interface ShardHeader {
  columns: string[];
  keys: string[];
  offsets: number[]; // rows.length + 1 entries, relative to the start of the body
}

export type Row = unknown[];

/** Encode rows (arrays in `columns` order) that are already sorted ascending by `keyOf`. */
export function encodeShard(columns: string[], rows: Row[], keyOf: (row: Row) => string): Uint8Array {
  const bodies = rows.map((row) => pack(row));
  const keys = rows.map(keyOf);
  for (let i = 1; i < keys.length; i++) {
    if (keys[i - 1] > keys[i]) throw new Error(`shard rows not sorted at ${i}: ${keys[i - 1]} > ${keys[i]}`);
  }
  const offsets = [0];
  for (const b of bodies) offsets.push(offsets[offsets.length - 1] + b.byteLength);
  const header = pack({ columns, keys, offsets } satisfies ShardHeader);
  const out = new Uint8Array(8 + header.byteLength + offsets[offsets.length - 1]);
  out.set(MAGIC, 0);
  new DataView(out.buffer).setUint32(4, header.byteLength, true);
  out.set(header, 8);
  let at = 8 + header.byteLength;
  for (const b of bodies) {
    out.set(b, at);
    at += b.byteLength;
  }
  return out;
}

export class Shard {
  readonly columns: string[];
  readonly keys: string[];
  private readonly offsets: number[];
  private readonly body: Uint8Array;
  private positions: Record<string, number> | undefined;
  /** Approximate memory held, for the isolate cache's byte bound. */
  readonly byteSize: number;

  constructor(bytes: Uint8Array) {
    if (bytes.byteLength < 8 || MAGIC.some((m, i) => bytes[i] !== m)) throw new Error("not a shard");
    const headerLength = new DataView(bytes.buffer, bytes.byteOffset, 8).getUint32(4, true);
    const header = unpack(bytes.subarray(8, 8 + headerLength)) as ShardHeader;
    this.columns = header.columns;
    this.keys = header.keys;
    this.offsets = header.offsets;
    this.body = bytes.subarray(8 + headerLength);
    this.byteSize = bytes.byteLength + this.keys.length * 48;
  }

  get length(): number {
    return this.keys.length;
  }

  /** First index whose key is >= key. */
  lowerBound(key: string): number {
    let lo = 0;
    let hi = this.keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.keys[mid] < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** First index whose key is > key. */
  upperBound(key: string): number {
    let lo = 0;
    let hi = this.keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.keys[mid] <= key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Index of the last row whose key is <= key ("as of" lookups), or -1 when there is none. */
  lastAtOrBefore(key: string): number {
    return this.upperBound(key) - 1;
  }

  /** Index range [from, to) of rows whose key lies in the inclusive window; open ends allowed. */
  window(first?: string, last?: string): [number, number] {
    const from = first === undefined ? 0 : this.lowerBound(first);
    const to = last === undefined ? this.keys.length : this.upperBound(last);
    return [from, Math.max(from, to)];
  }

  /** Decode rows [from, to) only. */
  rows(from: number, to: number): Row[] {
    if (to <= from) return [];
    return unpackMultiple(this.body.subarray(this.offsets[from], this.offsets[to])) as Row[];
  }

  /** Rows [from, to) as objects keyed by column name. */
  objects(from: number, to: number): Record<string, unknown>[] {
    return this.rows(from, to).map((row) => Object.fromEntries(this.columns.map((c, i) => [c, row[i]])));
  }

  /**
   * Rows of the key window [first, last], newest first, paged by offset/limit, optionally filtered.
   * Without a filter only the page's rows are decoded.
   */
  newestFirst(
    window: { first?: string; last?: string },
    offset: number,
    limit: number,
    keep?: (row: Record<string, unknown>) => boolean,
  ): Record<string, unknown>[] {
    const [from, to] = this.window(window.first, window.last);
    if (!keep) {
      const end = Math.max(from, to - offset);
      return this.objects(Math.max(from, end - limit), end).reverse();
    }
    return this.objects(from, to)
      .reverse()
      .filter(keep)
      .slice(offset, offset + limit);
  }

  /** Column positions by name, for turning rows into response objects. */
  index(): Record<string, number> {
    this.positions ??= Object.fromEntries(this.columns.map((c, i) => [c, i]));
    return this.positions;
  }
}
