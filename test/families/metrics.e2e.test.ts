// Financial metrics served by the worker, recomputed from the served statements and prices.
import { describe, expect, it } from "vitest";
import { body, get, json, MEGACAP } from "../e2e/client.ts";

type Row = Record<string, any>;
const s = `scenario_id=${MEGACAP}`;
const rows = async (path: string, key: string): Promise<Row[]> => (await body(path))[key];
const close = (a: number | null, b: number | null) =>
  a === null || b === null
    ? expect(a).toBe(b)
    : expect(Math.abs(a - b)).toBeLessThanOrEqual(1e-6 * Math.max(1, Math.abs(b)));

describe("financial metrics", () => {
  it("recompute from the statements and the close on the filing date", async () => {
    const [m] = await rows(`/financial-metrics?${s}&ticker=MSFT&limit=1`, "financial_metrics");
    expect(m).toMatchObject({ ticker: "MSFT", period: "ttm", currency: "USD" });
    const [i] = await rows(
      `/financials/income-statements?${s}&ticker=MSFT&period=ttm&report_period=${m.report_period}`,
      "income_statements",
    );
    const [b] = await rows(
      `/financials/balance-sheets?${s}&ticker=MSFT&period=ttm&report_period=${m.report_period}`,
      "balance_sheets",
    );
    const snap = (await body(`/prices/snapshot/market?${s}&as_of=${m.filing_date}&limit=5000`)).snapshots.find(
      (r: Row) => r.ticker === "MSFT",
    );
    expect(snap.time).toBe(m.filing_date);
    expect(m.market_cap).toBe(snap.market_cap);
    close(
      m.price_to_earnings_ratio,
      i.net_income > 0 ? snap.close / (i.net_income / i.weighted_average_shares_diluted) : null,
    );
    close(m.price_to_sales_ratio, m.market_cap / i.revenue);
    close(m.price_to_book_ratio, m.market_cap / b.shareholders_equity);
    expect(m.enterprise_value).toBe(m.market_cap + b.total_debt - b.cash_and_equivalents);
    close(m.gross_margin, i.gross_profit / i.revenue);
    close(m.net_margin, i.net_income / i.revenue);
    close(m.current_ratio, b.current_assets / b.current_liabilities);
    close(m.debt_to_equity, b.total_debt / b.shareholders_equity);
  });

  it("are never visible before their filing, and follow report_period filters", async () => {
    const early = await rows(
      `/financial-metrics?${s}&ticker=AAPL&period=quarterly&as_of=2023-06-30&limit=500`,
      "financial_metrics",
    );
    expect(early.length).toBeGreaterThan(0);
    expect(early.every((r) => r.filing_date <= "2023-06-30")).toBe(true);
    const lte = await rows(
      `/financial-metrics?${s}&ticker=AAPL&report_period_lte=2022-12-31&limit=500`,
      "financial_metrics",
    );
    expect(lte.every((r) => r.report_period <= "2022-12-31")).toBe(true);
    expect(lte.map((r) => r.report_period)).toEqual([...lte.map((r) => r.report_period)].sort().reverse());
  });

  it("value the latest filed TTM of every company at the close of the snapshot's date", async () => {
    const snapshot = await rows(`/financial-metrics/snapshot?${s}&as_of=2023-08-15`, "financial_metrics");
    const { tickers } = await body(`/financial-metrics/snapshot/tickers?${s}`);
    expect(snapshot.map((r) => r.ticker)).toEqual(tickers);
    const prices = (await body(`/prices/snapshot/market?${s}&as_of=2023-08-15&limit=5000`)).snapshots;
    for (const m of snapshot) {
      expect(m.period).toBe("ttm");
      expect(m.filing_date <= "2023-08-15").toBe(true);
      expect(m.market_cap).toBe(prices.find((p: Row) => p.ticker === m.ticker).market_cap);
      // The latest: no later TTM filed by then.
      const history = await rows(
        `/financial-metrics?${s}&ticker=${m.ticker}&as_of=2023-08-15&limit=1`,
        "financial_metrics",
      );
      expect(history[0].report_period).toBe(m.report_period);
    }
    const one = await rows(`/financial-metrics/snapshot?${s}&ticker=nvda`, "financial_metrics");
    expect(one.map((r) => r.ticker)).toEqual(["NVDA"]);
  });

  it("give funds empty lists and refuse bad requests", async () => {
    expect(await rows(`/financial-metrics?${s}&ticker=SPY`, "financial_metrics")).toEqual([]);
    const res = await get(`/financial-metrics?${s}&ticker=AAPL&limit=501`);
    expect(res.status).toBe(422);
    expect((await json(res)).detail).toBe("Query parameter 'limit' must be at most 500");
    expect((await get(`/financial-metrics/snapshot?${s}&ticker=ZZZZ`)).status).toBe(404);
  });
});
