// Answers as bytes. Shards store each row's JSON text (see shard.ts), so an answer splices slices of
// those bytes between a few serialized fields instead of decoding and stringifying rows: that was
// the larger part of an uncached request's work.

const utf8 = new TextEncoder();

/** Bytes a Response can carry. */
export type Bytes = Uint8Array<ArrayBuffer>;

/** JSON text from shards or written by a route, standing for a value of type T (checked where the rows are read). */
export class JsonText<T> {
  /** The text's pieces, concatenated as they are: shard bytes, or text a route wrote. */
  readonly pieces: (Uint8Array | string)[];
  declare readonly value: T;

  constructor(pieces: (Uint8Array | string)[]) {
    this.pieces = pieces;
  }
}

const COMMA = utf8.encode(",");
const OPEN = utf8.encode("[");
const CLOSE = utf8.encode("]");

/**
 * An array of row texts. Each run is one or more rows' text, comma-separated, as a slice of a shard
 * or as pieces to be joined without separators (a row spliced from two shards).
 */
export function jsonArray<T>(runs: Iterable<Uint8Array | Uint8Array[]>): JsonText<T[]> {
  const pieces: Uint8Array[] = [OPEN];
  for (const run of runs) {
    const parts = Array.isArray(run) ? run : [run];
    if (parts.every((p) => p.byteLength === 0)) continue;
    if (pieces.length > 1) pieces.push(COMMA);
    for (const p of parts) pieces.push(p);
  }
  pieces.push(CLOSE);
  return new JsonText(pieces);
}

/** One object from one row's text. */
export function jsonObject<T>(row: Uint8Array): JsonText<T> {
  return new JsonText([row]);
}

/** An array of rows the route wrote as JSON text itself, one string each. */
export function jsonTexts<T>(rows: string[]): JsonText<T[]> {
  return new JsonText([`[${rows.join(",")}]`]);
}

/** A value serialized once, to be spliced under more than one key. */
export function jsonOnce<T>(value: T): JsonText<T> {
  return new JsonText([utf8.encode(JSON.stringify(value))]);
}

/** An object whose top-level fields may be JSON text from shards. */
export type Answer<T> = { [K in keyof T]: T[K] | JsonText<T[K]> };

/**
 * The answer's bytes. Each run of text is joined and encoded once; shard bytes are copied once into
 * the one allocation that holds everything (an answer of text alone is its encoded text).
 */
export function renderAnswer(answer: Record<string, unknown>): Bytes {
  const pieces: (Uint8Array | string)[] = [];
  let first = true;
  for (const [key, value] of Object.entries(answer)) {
    if (value === undefined) continue;
    pieces.push(`${first ? "{" : ","}${JSON.stringify(key)}:`);
    first = false;
    if (value instanceof JsonText) for (const p of value.pieces) pieces.push(p);
    else pieces.push(JSON.stringify(value));
  }
  pieces.push(first ? "{}" : "}");
  // Runs of text between shard bytes, each encoded once.
  const bytes: Uint8Array[] = [];
  let run: string[] = [];
  for (const p of pieces) {
    if (typeof p === "string") run.push(p);
    else {
      if (run.length) bytes.push(utf8.encode(run.join("")));
      run = [];
      bytes.push(p);
    }
  }
  if (run.length) bytes.push(utf8.encode(run.join("")));
  return bytes.length === 1 ? (bytes[0] as Bytes) : concat(bytes); // one run: text alone, already its own bytes
}

export function concat(pieces: Uint8Array[]): Bytes {
  let length = 0;
  for (const p of pieces) length += p.byteLength;
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of pieces) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}
