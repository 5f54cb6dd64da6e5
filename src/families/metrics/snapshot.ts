// How the metrics snapshot is stored: every company's TTM metrics as filed, a shard per filing year,
// each row's JSON text (UTF-8, as JSON.stringify writes it) with the places of its valuation and
// per-share values, so that a snapshot serves a company by splicing those twelve numbers, valued at
// the day asked for, into the stored bytes instead of decoding and serializing fifty fields.
import { PER_SHARE_METRICS, VALUATION_METRICS, type FinancialMetrics, type ValuationInputs } from "./rows.ts";
import type { Row } from "../../bundle/shard.ts";

/** The values a snapshot recomputes, in the order they stand in a row. */
export const OPEN_FIELDS: readonly string[] = [...VALUATION_METRICS, ...PER_SHARE_METRICS];

/**
 * Stored columns: the filing date (the row's date), the ticker, the report period, the row's text,
 * `runs` (for each run of open values standing side by side in it: the byte offsets [start, end) of
 * the run and how many values it holds), the open values as filed, and the valuation inputs (INPUTS
 * order) or null.
 */
export const SNAPSHOT_COLUMNS = ["filing_date", "ticker", "report_period", "text", "runs", "filed", "inputs"] as const;

/** A stored row. */
export type SnapshotRow = [string, string, string, Uint8Array, number[], (number | null)[], number[] | null];

/** ValuationInputs as a stored array. */
const INPUTS = [
  "dilutedShares",
  "netIncome",
  "revenue",
  "ebitda",
  "freeCashFlow",
  "equity",
  "netDebt",
  "epsGrowth",
] as const satisfies readonly (keyof ValuationInputs)[];

const utf8 = new TextEncoder();

/** The stored row of one period's metrics. */
export function snapshotRow(metrics: FinancialMetrics, inputs: ValuationInputs | null): Row {
  const text = utf8.encode(JSON.stringify(metrics));
  // Where each open value stands in the text (after its key), open values side by side making one run.
  const runs: number[] = [];
  const filed: (number | null)[] = [];
  let from = 0;
  let previous = "";
  for (const [key, value] of Object.entries(metrics)) {
    if (value === undefined) continue; // as JSON.stringify
    if (key === OPEN_FIELDS[filed.length]) {
      const [keyText, valueText] = [`${JSON.stringify(key)}:`, JSON.stringify(value)];
      const at = indexOf(text, utf8.encode(keyText + valueText), from) + keyText.length; // ASCII
      from = at + valueText.length;
      if (filed.length > 0 && previous === OPEN_FIELDS[filed.length - 1]) {
        runs[runs.length - 2] = from;
        runs[runs.length - 1]++;
      } else runs.push(at, from, 1);
      filed.push(value as number | null);
    }
    previous = key;
  }
  if (filed.length !== OPEN_FIELDS.length)
    throw new Error(`metrics of ${metrics.ticker} lack the open fields in order`);
  const stored = inputs && INPUTS.map((k) => inputs[k] as number);
  return [metrics.filing_date, metrics.ticker, metrics.report_period, text, runs, filed, stored];
}

/** The first index at or after `from` where `needle` stands in `bytes`. */
function indexOf(bytes: Uint8Array, needle: Uint8Array, from: number): number {
  for (let i = from; i + needle.length <= bytes.length; i++) {
    let k = 0;
    while (k < needle.length && bytes[i + k] === needle[k]) k++;
    if (k === needle.length) return i;
  }
  throw new Error("value not found in its row's text");
}

/** Stored inputs as ValuationInputs. */
export function inputsOf(v: number[]): ValuationInputs {
  return {
    dilutedShares: v[0],
    netIncome: v[1],
    revenue: v[2],
    ebitda: v[3],
    freeCashFlow: v[4],
    equity: v[5],
    netDebt: v[6],
    epsGrowth: v[7],
  };
}

/** What stands before each open value inside a run: the comma and its key. */
const SEPARATORS = OPEN_FIELDS.map((f) => `,${JSON.stringify(f)}:`);

/** A number as JSON writes it. */
const json = (v: number | null) => (v === null || !Number.isFinite(v) ? "null" : String(v));

/** A row to serve: its stored text, and, to value it anew, its runs and the values (in OPEN_FIELDS order) to write in them. */
export interface SnapshotText {
  text: Uint8Array;
  runs?: readonly number[];
  values?: readonly (number | null)[];
}

/**
 * The rows as one JSON array, written into one buffer: each row's stored bytes, with the runs of
 * the rows valued anew written over (their keys and numbers are ASCII).
 */
export function snapshotArray(rows: readonly SnapshotText[]): Uint8Array {
  const written: string[][] = [];
  let length = 1 + rows.length;
  for (const { text, runs, values } of rows) {
    length += text.byteLength;
    if (!runs || !values) continue;
    const own: string[] = [];
    for (let r = 0, v = 0; r < runs.length; r += 3) {
      let run = json(values[v++]);
      for (let k = 1; k < runs[r + 2]; k++, v++) run += SEPARATORS[v] + json(values[v]);
      own.push(run);
      length += run.length - (runs[r + 1] - runs[r]);
    }
    written.push(own);
  }
  const out = new Uint8Array(Math.max(2, length));
  out[0] = 0x5b; // [
  let to = 1;
  let w = 0;
  rows.forEach(({ text, runs, values }, i) => {
    if (i > 0) out[to++] = 0x2c; // ,
    if (!runs || !values) {
      out.set(text, to);
      to += text.byteLength;
      return;
    }
    const own = written[w++];
    let from = 0;
    for (let r = 0; r < runs.length; r += 3) {
      out.set(text.subarray(from, runs[r]), to);
      to += runs[r] - from;
      const run = own[r / 3];
      for (let c = 0; c < run.length; c++) out[to++] = run.charCodeAt(c);
      from = runs[r + 1];
    }
    out.set(text.subarray(from), to);
    to += text.byteLength - from;
  });
  out[to] = 0x5d; // ]
  return out;
}
