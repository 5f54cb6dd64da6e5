// The metrics snapshot's storage (src/families/metrics/snapshot.ts): a row served with new values in
// its open places is the text JSON.stringify writes of the metrics with those values.
import { describe, expect, it } from "vitest";
import { OPEN_FIELDS, snapshotArray, snapshotRow } from "../../src/families/metrics/snapshot.ts";
import type { FinancialMetrics } from "../../src/families/metrics/rows.ts";

const metrics = {
  ticker: "NESN-Ü",
  report_period: "2023-06-30",
  fiscal_period: "Q3 2023",
  period: "ttm",
  currency: "USD",
  filing_date: "2023-08-03",
  filing_datetime: "2023-08-03T16:30:00",
  market_cap: 1,
  enterprise_value: 2.5,
  price_to_earnings_ratio: null,
  price_to_book_ratio: 4,
  price_to_sales_ratio: 5,
  enterprise_value_to_ebitda_ratio: 6,
  enterprise_value_to_revenue_ratio: 7,
  free_cash_flow_yield: 0.01,
  peg_ratio: null,
  gross_margin: 0.4,
  earnings_per_share: 1.2,
  book_value_per_share: null,
  free_cash_flow_per_share: 3,
} as unknown as FinancialMetrics;

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe("a stored metrics snapshot row", () => {
  const [, , , stored, runs, filed] = snapshotRow(metrics, null) as [
    string,
    string,
    string,
    Uint8Array,
    number[],
    unknown[],
  ];

  it("keeps the open values as filed, in two runs (the valuation, the per-share figures)", () => {
    expect(filed).toEqual(OPEN_FIELDS.map((f) => metrics[f as keyof FinancialMetrics]));
    expect(runs.filter((_, i) => i % 3 === 2)).toEqual([9, 3]);
  });

  it("serves as filed, and valued anew, the text JSON.stringify writes", () => {
    const values = [1e12, -3.25, 30.125, null, 0, 60, 70, 1e-7, 90, 1.5, 2.5, null];
    const valued = Object.fromEntries(OPEN_FIELDS.map((f, k) => [f, values[k]]));
    const out = text(snapshotArray([{ text: stored }, { text: stored, runs, values }]));
    expect(out).toBe(JSON.stringify([metrics, { ...metrics, ...valued }]));
    expect(text(snapshotArray([]))).toBe("[]");
  });
});
