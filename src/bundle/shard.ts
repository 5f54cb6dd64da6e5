// A shard is one sorted table (one resource for one ticker, or one market-wide series over a period).
// Layout: "SMS2" | u32 LE header length | msgpack header | the rows, one after another.
// Rows are msgpack arrays in column order, or, for kinds served row by row, each row's JSON text as
// served followed by a comma, so that a window of rows is answered as one slice of bytes, never
// decoded or serialized; or, for kinds whose rows are packed by their own code, raw bytes. The header holds the sort key of every row and each row's byte offset, so
// a date window or a page is found by binary search and only the rows it covers are read.
import { pack, Packr, unpack, unpackMultiple } from "msgpackr";

const MAGIC = [0x53, 0x4d, 0x53, 0x32]; // "SMS2"

interface ShardHeader {
  columns: string[];
  keys: string[];
  /** rows.length + 1 entries, relative to the start of the rows. */
  offsets: number[];
  /** Rows as JSON text; `fragment`: objects without their braces (to be spliced into another). */
  json?: { fragment: boolean };
  /** Rows as raw bytes (each row's last column), read with bytes(). */
  binary?: true;
}

export type Row = unknown[];

const utf8 = new TextEncoder();

/**
 * The header's strings (every row's key) are packed in one block, decoded with one TextDecoder call
 * and sliced: msgpackr reads each short string byte by byte otherwise (workerd has no native
 * decoder), which was most of opening a shard (a 500-key header: 120 us, 24 us bundled). Any
 * unpack reads it; headers written before are read as they are.
 */
const headerPackr = new Packr({ useRecords: false, bundleStrings: true });
const text = new TextDecoder();

/** Start offsets of consecutive parts, and the end of the last. */
function runningOffsets(parts: Uint8Array[]): number[] {
  const offsets = [0];
  for (const p of parts) offsets.push(offsets[offsets.length - 1] + p.byteLength);
  return offsets;
}

/** How rows are stored as JSON: each row's text as served, whole objects or fragments. */
export interface JsonRows {
  text: (row: Row) => string;
  fragment: boolean;
}

/**
 * Encode rows (arrays in `columns` order) that are already sorted ascending by `keyOf`: as msgpack,
 * as their JSON text when `stored` says how, or as their last column's bytes for "binary".
 */
export function encodeShard(
  columns: readonly string[],
  rows: Row[],
  keyOf: (row: Row) => string,
  stored?: JsonRows | "binary",
): Uint8Array {
  const keys = rows.map(keyOf);
  for (let i = 1; i < keys.length; i++) {
    if (keys[i - 1] > keys[i]) throw new Error(`shard rows not sorted at ${i}: ${keys[i - 1]} > ${keys[i]}`);
  }
  const bodies =
    stored === "binary"
      ? rows.map((row) => row[row.length - 1] as Uint8Array)
      : stored
        ? rows.map((row) => utf8.encode(`${stored.text(row)},`))
        : rows.map((row) => pack(row));
  const offsets = runningOffsets(bodies);
  const header = headerPackr.pack({
    columns: [...columns],
    keys,
    offsets,
    ...(stored === "binary" ? { binary: true } : stored ? { json: { fragment: stored.fragment } } : {}),
  } satisfies ShardHeader);
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
  private readonly jsonRows: { fragment: boolean } | undefined;
  /** Rows are raw bytes (read with bytes()), not msgpack or JSON. */
  readonly binary: boolean;
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
    this.jsonRows = header.json;
    this.binary = header.binary ?? false;
    this.byteSize = bytes.byteLength + this.keys.length * 48;
  }

  /** Rows [from, to) as JSON text, comma-separated, without brackets: a view, not a copy. */
  json(from: number, to: number): Uint8Array {
    if (!this.jsonRows) throw new Error("shard rows are not JSON text");
    if (to <= from) return this.body.subarray(0, 0);
    return this.body.subarray(this.offsets[from], this.offsets[to] - 1);
  }

  /** Row i's bytes, of a binary shard: a view, not a copy. */
  bytes(i: number): Uint8Array {
    if (!this.binary) throw new Error("shard rows are not raw bytes");
    return this.body.subarray(this.offsets[i], this.offsets[i + 1]);
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

  /** Decode rows [from, to) of a msgpack shard only, as arrays in column order. */
  rows(from: number, to: number): Row[] {
    if (this.jsonRows) throw new Error("shard rows are JSON text: read them with objects() or json()");
    if (this.binary) throw new Error("shard rows are raw bytes: read them with bytes()");
    if (to <= from) return [];
    return unpackMultiple(this.body.subarray(this.offsets[from], this.offsets[to])) as Row[];
  }

  /** Rows [from, to) as objects: keyed by column name, or as served for JSON rows. */
  objects(from: number, to: number): Record<string, unknown>[] {
    if (!this.jsonRows)
      return this.rows(from, to).map((row) => Object.fromEntries(this.columns.map((c, i) => [c, row[i]])));
    if (to <= from) return [];
    if (!this.jsonRows.fragment)
      return JSON.parse(`[${text.decode(this.json(from, to))}]`) as Record<string, unknown>[];
    const out: Record<string, unknown>[] = [];
    for (let i = from; i < to; i++)
      out.push(JSON.parse(`{${text.decode(this.json(i, i + 1))}}`) as Record<string, unknown>);
    return out;
  }

  /** Column positions by name, for turning rows into response objects. */
  index(): Record<string, number> {
    this.positions ??= Object.fromEntries(this.columns.map((c, i) => [c, i]));
    return this.positions;
  }
}
