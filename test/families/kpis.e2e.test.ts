// KPIs and non-GAAP reconciliations served by the worker: each sector's KPIs recomputed against the
// served statements, the reconciliation recomputed, point in time, split restatement, the ticker and
// sector lists, and the answers to bad requests.
import { describe, expect, it } from "vitest";
import { body, get, json, MEGACAP } from "../e2e/client.ts";

type Row = Record<string, any>;
const s = `scenario_id=${MEGACAP}`;
const rows = async (path: string, key: string): Promise<Row[]> => (await body(path))[key];
const near = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThanOrEqual(1e-3 * Math.abs(b));

/** A company's KPI rows and its income statements of the same periods, newest first. */
async function withStatements(ticker: string, period = "quarterly") {
  const q = `${s}&ticker=${ticker}&period=${period}&limit=100`;
  const [kpis, income] = await Promise.all([
    rows(`/kpi/metrics?${q}`, "kpi_metrics"),
    rows(`/financials/income-statements?${q}`, "income_statements"),
  ]);
  expect(kpis.map((r) => r.report_period)).toEqual(income.map((r) => r.report_period));
  return kpis.map((kpi, k) => ({ kpi, income: income[k] }));
}

const days = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

describe("KPI metrics", () => {
  it("serve each sector's KPIs, every field in every row, null outside the sector", async () => {
    const fields = new Set<string>();
    const reported = new Map<string, string[]>();
    for (const ticker of ["AMZN", "MSFT", "XOM", "JPM", "JNJ", "GOOGL"]) {
      const served = await rows(`/kpi/metrics?${s}&ticker=${ticker}`, "kpi_metrics");
      expect(served).toHaveLength(8);
      expect(served.map((r) => r.report_period)).toEqual([...served.map((r) => r.report_period)].sort().reverse());
      for (const r of served) {
        expect(r).toMatchObject({ ticker, period: "quarterly", currency: "USD" });
        Object.keys(r).forEach((f) => fields.add(f));
      }
      reported.set(
        served[0].sector,
        Object.keys(served[0]).filter((f) => served[0][f] !== null && typeof served[0][f] === "number"),
      );
      for (const r of served) expect(Object.keys(r)).toEqual(Object.keys(served[0]));
    }
    expect(reported.get("Consumer Discretionary")).toEqual([
      "same_store_sales_growth",
      "store_count",
      "revenue_per_store",
    ]);
    expect(reported.get("Information Technology")).toEqual(["arr", "net_revenue_retention", "customers"]);
    expect(reported.get("Energy")).toEqual(["production_boe_per_day", "realized_price_per_boe"]);
    expect(reported.get("Financials")).toEqual([
      "net_interest_income",
      "net_interest_margin",
      "loans",
      "deposits",
      "efficiency_ratio",
    ]);
    expect(reported.get("Health Care")).toEqual(["patient_volume", "revenue_per_patient", "pipeline_programs"]);
    expect(reported.get("Communication Services")).toEqual(["subscribers", "arpu", "churn_rate"]);
    expect(fields.size).toBeGreaterThan(30);
  });

  it("agree with the served statements, quarter by quarter and year by year", async () => {
    for (const period of ["quarterly", "annual"]) {
      for (const { kpi, income } of await withStatements("AMZN", period))
        near(kpi.revenue_per_store * kpi.store_count, income.revenue);
      const energy = await withStatements("XOM", period);
      energy.forEach(({ kpi, income }, k) => {
        const before = energy[k + 1]?.kpi.report_period;
        if (period === "quarterly" && before)
          near(
            kpi.realized_price_per_boe * kpi.production_boe_per_day * days(before, kpi.report_period),
            income.revenue,
          );
      });
      for (const { kpi, income } of await withStatements("JPM", period))
        expect(kpi.efficiency_ratio).toBeCloseTo((income.revenue - income.operating_income) / income.revenue, 6);
      for (const { kpi, income } of await withStatements("GOOGL", period))
        near(kpi.arpu * kpi.subscribers * (period === "annual" ? 12 : 3), income.revenue);
      for (const { kpi, income } of await withStatements("JNJ", period))
        near(kpi.revenue_per_patient * kpi.patient_volume, income.revenue);
    }
    // Net revenue retention: ARR per customer against the same quarter a year before.
    const msft = await rows(`/kpi/metrics?${s}&ticker=MSFT&limit=5`, "kpi_metrics");
    expect(msft[0].net_revenue_retention).toBeCloseTo(
      msft[0].arr / msft[0].customers / (msft[4].arr / msft[4].customers),
      5,
    );
  });

  it("show only what was filed by filing_date_lte or as_of", async () => {
    const path = `/kpi/metrics?${s}&ticker=XOM&limit=100`;
    const all = await rows(path, "kpi_metrics");
    for (const horizon of ["filing_date_lte=2023-05-15", "as_of=2023-05-15"]) {
      const early = await rows(`${path}&${horizon}`, "kpi_metrics");
      expect(early.length).toBeGreaterThan(0);
      expect(early.length).toBeLessThan(all.length);
      expect(early.every((r) => r.filing_date <= "2023-05-15")).toBe(true);
      expect(early).toEqual(all.filter((r) => r.filing_date <= "2023-05-15"));
    }
  });

  it("list the operating companies and their sectors", async () => {
    const { tickers } = await body(`/kpi/metrics/tickers?${s}`);
    expect(tickers).toEqual((await body(`/company/facts/tickers?${s}`)).tickers);
    const { sectors } = await body(`/kpi/metrics/sectors?${s}`);
    const companies = await rows(`/companies?${s}&limit=5000`, "companies");
    expect(sectors).toEqual([...new Set(companies.map((c) => c.sector))].sort());
  });

  it("give funds empty lists, and answer bad requests with their status", async () => {
    expect(await rows(`/kpi/metrics?${s}&ticker=SPY`, "kpi_metrics")).toEqual([]);
    expect(await rows(`/kpi/non-gaap?${s}&ticker=SPY`, "non_gaap")).toEqual([]);
    for (const path of ["/kpi/metrics", "/kpi/non-gaap"]) {
      const unknown = await get(`${path}?${s}&ticker=ZZZZ`);
      expect(unknown.status).toBe(404);
      expect((await json(unknown)).detail).toBe("Ticker ZZZZ not found in scenario");
      for (const [query, detail] of [
        ["ticker=AAPL&period=ttm", "Query parameter 'period' must be one of quarterly, annual"],
        ["ticker=AAPL&limit=101", "Query parameter 'limit' must be at most 100"],
        ["period=annual", "Query parameter 'ticker' is required"],
      ]) {
        const res = await get(`${path}?${s}&${query}`);
        expect(res.status, query).toBe(422);
        expect((await json(res)).detail, query).toBe(detail);
      }
    }
  });
});

describe("non-GAAP reconciliations", () => {
  it("reconcile exactly to the income statement's net income", async () => {
    for (const period of ["quarterly", "annual"]) {
      const q = `${s}&ticker=GOOGL&period=${period}&limit=100`;
      const [recs, income, cash] = await Promise.all([
        rows(`/kpi/non-gaap?${q}`, "non_gaap"),
        rows(`/financials/income-statements?${q}`, "income_statements"),
        rows(`/financials/cash-flow-statements?${q}`, "cash_flow_statements"),
      ]);
      expect(recs.length).toBeGreaterThan(0);
      recs.forEach((r, k) => {
        const total = r.adjustments.reduce((a: number, x: Row) => a + x.amount, 0);
        expect(r.report_period).toBe(income[k].report_period);
        expect(r.gaap_net_income).toBe(income[k].net_income);
        expect(r.gaap_eps).toBe(income[k].earnings_per_share_diluted);
        expect(r.total_adjustments).toBe(total);
        expect(r.adjusted_net_income).toBe(r.gaap_net_income + total);
        expect(r.adjusted_eps).toBeCloseTo(r.adjusted_net_income / r.weighted_average_shares_diluted, 2);
        // Share-based pay is added back after tax: less than the cash-flow statement's, pre-tax.
        expect(r.adjustments[0].item).toBe("Share-based compensation");
        expect(r.adjustments[0].amount).toBeGreaterThan(0);
        expect(r.adjustments[0].amount).toBeLessThanOrEqual(cash[k].share_based_compensation);
      });
    }
  });

  it("restate per-share figures for a split once it has gone ex", async () => {
    // NVDA splits 2-for-1 with ex-date 2023-05-02 in this world.
    const path = `/kpi/non-gaap?${s}&ticker=NVDA&report_period=2023-01-31`;
    const [before] = await rows(`${path}&filing_date_lte=2023-04-28`, "non_gaap");
    const [after] = await rows(path, "non_gaap");
    expect(after.adjusted_net_income).toBe(before.adjusted_net_income);
    expect(after.weighted_average_shares_diluted).toBe(2 * before.weighted_average_shares_diluted);
    expect(after.adjusted_eps).toBeCloseTo(before.adjusted_eps / 2, 3);
    expect(after.gaap_eps).toBeCloseTo(before.gaap_eps / 2, 3);
  });
});
