// The screener's shard: every company's periods as packed numbers, per kind of period and filing year.
import { kind, perPart } from "../../bundle/shards.ts";
import { SEARCH_FIELDS } from "./rows.ts";

/** The key of a search row: ticker, then filing date (the order of the shard), then report period. */
export const searchKey = (ticker: string, filingDate: string, reportPeriod: string) =>
  `${ticker} ${filingDate} ${reportPeriod}`;

export const SEARCH_SHARDS = {
  /**
   * Per kind of period and filing year (`ttm/2023`): every company's periods filed that year, keyed
   * by searchKey, so a company's latest period as of a date is one binary search and its periods are
   * contiguous. Each row is the period's statement lines and metrics as packNumbers bytes: a screen
   * reads the fields it filters on straight from the shard, decoding nothing else.
   */
  search: kind(perPart("search"), ["key", "numbers"], { visible: "ticker-key", period: "year", binary: true }),
} as const;

const POSITION = new Map(SEARCH_FIELDS.map((f, i) => [f, i * 8]));

/**
 * A period's numbers (SEARCH_FIELDS) as little-endian float64s, NaN for null: a screen over every
 * company reads the few fields it filters on, where decoding a hundred numbers a row would cost more
 * than the rest of the request.
 */
export function packNumbers(values: Record<string, unknown>): Uint8Array {
  const out = new Uint8Array(SEARCH_FIELDS.length * 8);
  const view = new DataView(out.buffer);
  for (const [f, at] of POSITION) {
    const v = values[f];
    view.setFloat64(at, typeof v === "number" ? v : NaN, true);
  }
  return out;
}

/** The named fields of packed numbers (null where the period has none). */
export function unpackNumbers(packed: Uint8Array, fields: readonly string[]): Record<string, number | null> {
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const out: Record<string, number | null> = {};
  for (const f of fields) {
    const v = view.getFloat64(POSITION.get(f)!, true);
    out[f] = Number.isNaN(v) ? null : v;
  }
  return out;
}
