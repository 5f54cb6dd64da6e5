// Every company's close and market cap of a day, packed in the order of the `companies` shard: what a
// horizon's valuations read (the company facts' market cap, the metrics snapshot) without decoding a
// market snapshot's every field.
import type { Row } from "./shard.ts";

/**
 * One day's closes of every company (appended as rows `[day, ticker, close, market_cap]`, one per
 * company, in ticker order): close and market cap as float64 pairs, a company's at its place in
 * the `companies` shard (NaN where it did not trade: a company that has left the world has a row
 * with a null close for each day after its last).
 */
export function packCloses(rows: Row[]): Row {
  const bytes = new Uint8Array(rows.length * 16);
  const view = new DataView(bytes.buffer);
  rows.forEach(([, , close, marketCap], i) => {
    view.setFloat64(i * 16, (close as number | null) ?? NaN, true);
    view.setFloat64(i * 16 + 8, (marketCap as number | null) ?? NaN, true);
  });
  return [rows[0][0], bytes];
}

/** The close and market cap of the company at `index` of the `companies` shard, from a day's packed closes; null without them. */
export function closeOf(packed: Uint8Array, index: number): { close: number; marketCap: number } | null {
  if ((index + 1) * 16 > packed.byteLength) return null;
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const close = view.getFloat64(index * 16, true);
  const marketCap = view.getFloat64(index * 16 + 8, true);
  return Number.isNaN(close) || Number.isNaN(marketCap) ? null : { close, marketCap };
}
