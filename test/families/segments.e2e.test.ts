// Segment statements served by the worker: the normalized rows plus segments whose sums, recomputed
// from the served rows, are the statements' totals; TTMs that sum their quarters; point in time and
// the answers to bad requests.
import { describe, expect, it } from "vitest";
import { body, get, json, MEGACAP } from "../e2e/client.ts";

type Row = Record<string, any>;
const s = `scenario_id=${MEGACAP}`;
const rows = async (path: string, key: string): Promise<Row[]> => (await body(path))[key];
const TOTALS: [string, string, string][] = [
  ["revenue", "income_statement", "revenue"],
  ["operating_income", "income_statement", "operating_income"],
  ["total_assets", "balance_sheet", "total_assets"],
  ["capital_expenditure", "cash_flow_statement", "capital_expenditure"],
  ["depreciation_and_amortization", "cash_flow_statement", "depreciation_and_amortization"],
];
const sum = (segments: Row[], type: string, measure: string) =>
  segments.filter((x) => x.segment_type === type).reduce((a, x) => a + x[measure], 0);

describe("segment statements", () => {
  it.each(["quarterly", "annual", "ttm"])("add up to the statements by business and by region (%s)", async (period) => {
    for (const ticker of ["AAPL", "JPM", "XOM", "AMZN"]) {
      const periods = await rows(`/financials/segments?${s}&ticker=${ticker}&period=${period}&limit=100`, "financials");
      expect(periods.length, ticker).toBeGreaterThan(0);
      for (const p of periods)
        for (const type of ["business", "geographic"])
          for (const [measure, statement, line] of TOTALS)
            expect(sum(p.segments, type, measure), `${ticker} ${p.report_period} ${type} ${measure}`).toBe(
              p[statement][line],
            );
    }
  });

  it("serve the normalized rows plus the same segments on every statement route", async () => {
    const q = `${s}&ticker=MSFT&period=annual&limit=3`;
    const all = await rows(`/financials/segments?${q}`, "financials");
    const normal = await rows(`/financials?${q}`, "financials");
    expect(all.map(({ segments, ...rest }) => rest)).toEqual(normal);
    for (const [path, key, part] of [
      ["income-statements", "income_statements", "income_statement"],
      ["balance-sheets", "balance_sheets", "balance_sheet"],
      ["cash-flow-statements", "cash_flow_statements", "cash_flow_statement"],
    ]) {
      const served = await rows(`/financials/${path}/segments?${q}`, key);
      expect(served.map(({ segments, ...rest }) => rest)).toEqual(normal.map((p) => p[part]));
      expect(served.map((r) => r.segments)).toEqual(all.map((p) => p.segments));
    }
    expect(all[0].segments[0]).toMatchObject({ segment_type: "business", segment: expect.any(String) });
  });

  it("sum a TTM's quarters segment by segment, its assets the last quarter's", async () => {
    const quarters = await rows(`/financials/segments?${s}&ticker=NVDA&limit=4`, "financials");
    const [ttm] = await rows(`/financials/segments?${s}&ticker=NVDA&period=ttm&limit=1`, "financials");
    ttm.segments.forEach((x: Row, k: number) => {
      expect(quarters.every((q) => q.segments[k].segment === x.segment)).toBe(true);
      expect(x.revenue).toBe(quarters.reduce((a, q) => a + q.segments[k].revenue, 0));
      expect(x.capital_expenditure).toBe(quarters.reduce((a, q) => a + q.segments[k].capital_expenditure, 0));
      expect(x.total_assets).toBe(quarters[0].segments[k].total_assets);
    });
  });

  it("show only the periods filed by filing_date_lte or as_of", async () => {
    const path = `/financials/income-statements/segments?${s}&ticker=JNJ&limit=100`;
    const all = await rows(path, "income_statements");
    for (const horizon of ["filing_date_lte=2023-03-31", "as_of=2023-03-31"]) {
      const early = await rows(`${path}&${horizon}`, "income_statements");
      expect(early.length).toBeGreaterThan(0);
      expect(early.length).toBeLessThan(all.length);
      expect(early.every((r) => r.filing_date <= "2023-03-31")).toBe(true);
    }
  });

  it("give funds empty lists, and answer bad requests with their status", async () => {
    expect(await rows(`/financials/segments?${s}&ticker=SPY`, "financials")).toEqual([]);
    expect(await rows(`/financials/balance-sheets/segments?${s}&ticker=XLK`, "balance_sheets")).toEqual([]);
    const unknown = await get(`/financials/cash-flow-statements/segments?${s}&ticker=ZZZZ`);
    expect(unknown.status).toBe(404);
    expect((await json(unknown)).detail).toBe("Ticker ZZZZ not found in scenario");
    const bad = await get(`/financials/segments?${s}&ticker=AAPL&period=weekly`);
    expect(bad.status).toBe(422);
    expect((await json(bad)).detail).toBe("Query parameter 'period' must be one of quarterly, annual, ttm");
  });
});
