// Operating KPIs and non-GAAP reconciliations: each sector's KPIs, consistent with its statements and
// in plausible ranges, the reconciliation exact, and the checks that fail when either is broken.
import { describe, expect, it } from "vitest";
import { incomeRow } from "../../build/families/statements/rows.ts";
import { kpis as kpisFamily } from "../../build/families/kpis/family.ts";
import { kpiRows, nonGaapRows } from "../../build/families/kpis/model.ts";
import { thousands } from "../../build/models/rounding.ts";
import { Rng } from "../../build/ground/rng.ts";
import { KPI_FIELDS, SECTOR_KPIS, type KpiField } from "../../src/families/kpis/rows.ts";
import { failingChecks, sectorCompany } from "../support/business.ts";

const companyOf = (sector: string) => {
  const { facts, statements } = sectorCompany(sector);
  return {
    facts,
    statements,
    metrics: [],
    kpis: kpiRows(facts, statements, new Rng(3, `kpis/${sector}`)),
    nonGaap: nonGaapRows(facts, statements, new Rng(3, `non-gaap/${sector}`)),
  };
};
type Company = ReturnType<typeof companyOf>;

const failing = (company: Company) => failingChecks(kpisFamily, company);

/** Where each sector's KPIs lie, on a business through a crisis. */
// Growth figures carry revenue's swings, whose yearly growth has a fat right tail (docs/realism.md, "Fundamentals").
const RANGES: Partial<Record<KpiField, [number, number]>> = {
  same_store_sales_growth: [-0.4, 0.4],
  net_revenue_retention: [0.8, 1.45],
  realized_price_per_boe: [20, 120],
  net_interest_margin: [0.015, 0.06],
  efficiency_ratio: [0.3, 1.2],
  book_to_bill: [0.7, 1.3],
  revenue_per_mwh: [50, 400],
  arpu: [5, 80],
  churn_rate: [0.005, 0.04],
  occupancy: [0.8, 1],
  rent_per_square_foot: [15, 80],
};

describe("KPI metrics", () => {
  it.each(Object.keys(SECTOR_KPIS))("give a %s company its sector's KPIs, consistent with revenue", (sector) => {
    const company = companyOf(sector);
    expect(failing(company)).toEqual([]);
    const periods = company.statements.filter((s) => s.period !== "ttm");
    expect(company.kpis.map((r) => `${r.period} ${r.report_period}`).sort()).toEqual(
      periods.map((s) => `${s.period} ${s.reportPeriod}`).sort(),
    );
    const quarters = company.kpis.filter((r) => r.period === "quarterly");
    for (const [k, r] of company.kpis.entries()) {
      expect(Object.keys(r)).toEqual(Object.keys(company.kpis[0]));
      const reported = KPI_FIELDS.filter((f) => r[f] !== null);
      const yearAgo = r.period === "annual" ? k >= quarters.length + 1 : k >= 4;
      expect(reported).toEqual(
        SECTOR_KPIS[sector].filter((f) => yearAgo || !["same_store_sales_growth", "net_revenue_retention"].includes(f)),
      );
      for (const f of reported) {
        const [lo, hi] = RANGES[f] ?? [0, Infinity];
        expect(r[f], `${f} ${r.period} ${r.report_period}`).toBeGreaterThanOrEqual(lo);
        expect(r[f], `${f} ${r.period} ${r.report_period}`).toBeLessThanOrEqual(hi);
      }
    }
  });

  it("count units that change slowly: stores, customers, subscribers", () => {
    for (const [sector, field] of [
      ["Consumer Discretionary", "store_count"],
      ["Information Technology", "customers"],
      ["Communication Services", "subscribers"],
    ] as const) {
      const counts = companyOf(sector)
        .kpis.filter((r) => r.period === "quarterly")
        .map((r) => r[field]!);
      counts.slice(1).forEach((n, i) => expect(Math.abs(n / counts[i] - 1), sector).toBeLessThan(0.08));
    }
  });

  it("report nothing for a sector without KPIs", () => {
    const company = companyOf("Unclassified");
    expect(failing(company)).toEqual([]);
    for (const r of company.kpis) expect(KPI_FIELDS.filter((f) => r[f] !== null)).toEqual([]);
  });

  it("are a function of the seed and the statements alone", () => {
    const { facts, statements } = sectorCompany("Energy");
    const again = () => kpiRows(facts, statements, new Rng(9, "kpis/XOM"));
    expect(again()).toEqual(again());
    expect(kpiRows(facts, statements, new Rng(9, "kpis/CVX"))).not.toEqual(again());
  });

  it("fail their check when a KPI no longer agrees with the statements", () => {
    for (const [sector, field] of [
      ["Consumer Staples", "store_count"],
      ["Industrials", "backlog"],
      ["Energy", "production_boe_per_day"],
      ["Financials", "efficiency_ratio"],
    ] as const) {
      const company = companyOf(sector);
      const row = company.kpis[6];
      (row[field] as number) *= 1.01;
      expect(failing(company), sector).toEqual(["kpi_consistency"]);
      (row[field] as number) /= 1.01;
    }
    const company = companyOf("Utilities");
    company.kpis[3].arpu = 20;
    expect(failing(company)).toEqual(["kpi_consistency"]);
  });
});

describe("non-GAAP reconciliations", () => {
  it("add back share-based pay, amortization, restructuring and write-downs after tax, exactly", () => {
    const company = companyOf("Health Care");
    expect(failing(company)).toEqual([]);
    const restructured = company.nonGaap.filter((r) => r.adjustments[2].amount > 0);
    expect(restructured.length).toBeGreaterThan(0);
    company.nonGaap.forEach((r) => {
      const s = company.statements.find((x) => x.period === r.period && x.reportPeriod === r.report_period)!;
      const income = incomeRow(company.facts, s);
      const total = r.adjustments.reduce((a, x) => a + x.amount, 0);
      expect(r.adjustments.map((a) => a.item)).toEqual([
        "Share-based compensation",
        "Amortization of acquired intangibles",
        "Restructuring charges",
        "Write-downs of assets",
      ]);
      expect(r.gaap_net_income).toBe(income.net_income);
      expect(r.gaap_eps).toBe(income.earnings_per_share_diluted);
      expect(r.adjusted_net_income).toBe(r.gaap_net_income + total);
      expect(r.adjusted_eps).toBeCloseTo(r.adjusted_net_income / r.weighted_average_shares_diluted, 2);
      if (r.period === "quarterly") {
        const rate = s.income.income_tax_expense / s.income.income_before_tax;
        expect(r.adjustments[0].amount).toBe(thousands(s.cashFlow.share_based_compensation * (1 - rate)));
        // The restructuring added back is the one inside the income statement's SG&A.
        expect(r.adjustments[2].amount).toBe(thousands(s.restructuring * (1 - rate)));
        // Write-downs come with a crisis that hits the sector: none here.
        expect(r.adjustments[3].amount).toBe(0);
      }
    });
  });

  it("fail their check when the reconciliation or a year's sum is broken", () => {
    const company = companyOf("Materials");
    const annual = company.nonGaap.find((r) => r.period === "annual")!;
    annual.adjusted_net_income += 1000;
    expect(failing(company)).toEqual(["non_gaap_reconciliation"]);
    annual.adjusted_net_income -= 1000;
    annual.adjustments[0].amount += 1000;
    annual.adjustments[1].amount -= 1000;
    expect(failing(company)).toEqual(["non_gaap_reconciliation"]);
  });
});
