// Operating KPIs and non-GAAP reconciliations (families/kpis/model.ts) of each company's quarters and
// fiscal years, derived from its statements and public with them (their filing date). The checks
// hold each sector's KPIs to the statements' revenue and recompute every reconciliation from the
// statement rows as written.
import { SHARDS } from "../../../src/families/shards.ts";
import { periodKey } from "../../../src/bundle/shards.ts";
import { KPI_FIELDS, SECTOR_KPIS, type KpiMetrics, type NonGaap } from "../../../src/families/kpis/rows.ts";
import { kpiRows, nonGaapRows } from "./model.ts";
import type { Checker, CompanyBase, Family } from "../../ground/family.ts";
import { keyedRows } from "../../ground/rows.ts";
import { incomeRow } from "../statements/rows.ts";
import type { CompanyStatements } from "../statements/family.ts";
import { RuleTally } from "../../ground/rules.ts";

export interface CompanyKpis {
  /** Quarters and fiscal years, each public from its filing date. */
  kpis: KpiMetrics[];
  nonGaap: NonGaap[];
}

type Company = CompanyBase & CompanyStatements & CompanyKpis;

const key = (r: { period: string; report_period: string }) => periodKey(r.period, r.report_period);

export const kpis: Family<object, object, CompanyStatements, CompanyKpis> = {
  name: "kpis",
  context: () => ({}),
  company: (_, { facts, statements }, { rng }) => ({
    kpis: kpiRows(facts, statements, rng.fork(`kpis/${facts.ticker}`)),
    nonGaap: nonGaapRows(facts, statements, rng.fork(`non-gaap/${facts.ticker}`)),
  }),
  companyContext: ({ kpis, nonGaap }, cut) => ({
    kpis: kpis.filter((r) => r.filing_date <= cut.date),
    nonGaap: nonGaap.filter((r) => r.filing_date <= cut.date),
  }),
  // Filed with the statements: a private company's periods on its first day (statements/family.ts).
  companySince: ({ kpis, nonGaap }, since) => ({
    kpis: kpis.filter((r) => r.filing_date >= since.date),
    nonGaap: nonGaap.filter((r) => r.filing_date >= since.date),
  }),
  companyShards: (_, { facts, kpis, nonGaap }, emit) => {
    for (const [kind, rows] of [
      [SHARDS.kpis, kpis],
      [SHARDS.nonGaap, nonGaap],
    ] as const)
      emit.write(
        kind,
        facts.ticker,
        keyedRows(
          kind.columns,
          rows.map((r) => [key(r), r]),
        ),
      );
  },
  companyChecks: () => kpiChecks(),
};

/** What a KPI row is held to: its period's statements, and the rows a quarter and a year before. */
interface Period {
  revenue: number;
  operatingIncome: number;
  months: number;
  /** Days in the period (null for the first quarter: no quarter before it). */
  days: number | null;
  /** Its last quarter's revenue x 4. */
  runRate: number;
  /** The quarter's row just before the period begins, and the same period's a year before. */
  before?: KpiMetrics;
  yearAgo?: KpiMetrics;
}

const near = (a: number, b: number) => Math.abs(a - b) <= 1e-3 * Math.abs(b);
const same = (a: number | null, b: number) => a !== null && Math.abs(a - b) <= 1e-6;

const retail = (r: KpiMetrics, p: Period) =>
  near(r.revenue_per_store! * r.store_count!, p.revenue) &&
  (!p.yearAgo || same(r.same_store_sales_growth, r.revenue_per_store! / p.yearAgo.revenue_per_store! - 1));

/** Each sector's KPIs against the statements (rounding aside). */
const CONSISTENT: Record<string, (r: KpiMetrics, p: Period) => boolean> = {
  "Consumer Discretionary": retail,
  "Consumer Staples": retail,
  "Information Technology": (r, p) =>
    r.arr! > 0 &&
    r.arr! <= p.runRate &&
    (!p.yearAgo || same(r.net_revenue_retention, r.arr! / r.customers! / (p.yearAgo.arr! / p.yearAgo.customers!))),
  Energy: (r, p) => p.days === null || near(r.realized_price_per_boe! * r.production_boe_per_day! * p.days, p.revenue),
  Financials: (r, p) =>
    same(r.efficiency_ratio, (p.revenue - p.operatingIncome) / p.revenue) &&
    r.net_interest_income! > 0 &&
    r.net_interest_income! <= p.revenue &&
    // Loans are part of the interest-earning assets.
    r.loans! * r.net_interest_margin! <= (r.net_interest_income! * 12) / p.months,
  "Health Care": (r, p) => near(r.revenue_per_patient! * r.patient_volume!, p.revenue),
  Industrials: (r, p) =>
    (!p.before || r.orders === r.backlog! - p.before.backlog! + p.revenue) &&
    same(r.book_to_bill, r.orders! / p.revenue),
  Utilities: (r, p) => near(r.revenue_per_mwh! * r.energy_delivered_mwh!, p.revenue),
  "Communication Services": (r, p) => near(r.arpu! * r.subscribers! * p.months, p.revenue),
  Materials: (r, p) => near(r.realized_price_per_tonne! * r.volume_sold_tonnes!, p.revenue),
  "Real Estate": (r, p) =>
    near((r.rent_per_square_foot! * r.leasable_square_feet! * r.occupancy! * p.months) / 12, p.revenue),
};

/** KPIs compared with the same period a year before: null without one. */
const YEAR_ON_YEAR = new Set(["same_store_sales_growth", "net_revenue_retention"]);

function kpiChecks(): Checker<unknown, Company> {
  const consistency = new RuleTally(
    "kpi_consistency",
    "kpis",
    "a KPI row has its statements' period and filing date, every KPI of its sector and no other, and its KPIs " +
      "multiply back to the statements' revenue (store count x revenue per store, production x price x days...)",
  );
  const reconciliation = new RuleTally(
    "non_gaap_reconciliation",
    "kpis",
    "non-GAAP: GAAP net income, EPS and diluted shares are the income statement's; adjusted net income = GAAP + " +
      "the adjustments; adjusted EPS = adjusted net income / diluted shares (to the cent); a year's adjustments " +
      "are its quarters' sums",
  );
  return {
    company: ({ facts, statements, kpis, nonGaap }) => {
      const statementOf = new Map(statements.map((s) => [periodKey(s.period, s.reportPeriod), s]));
      const quarters = statements.filter((s) => s.period === "quarterly");
      const quarterAt = new Map(quarters.map((q, i) => [q.reportPeriod, i]));
      const kpiOf = new Map(kpis.map((r) => [key(r), r]));
      const nonGaapOf = new Map(nonGaap.map((r) => [key(r), r]));
      const sectorKpis = SECTOR_KPIS[facts.sector] ?? [];
      const consistent = CONSISTENT[facts.sector] ?? (() => true);

      for (const r of kpis) {
        consistency.rows++;
        const s = statementOf.get(key(r));
        const last = quarterAt.get(r.report_period) ?? -1;
        const quarterCount = r.period === "quarterly" ? 1 : 4;
        const first = quarters[last - quarterCount];
        const yearBefore = quarters[last - 4];
        const period: Period | undefined = s && {
          revenue: s.income.revenue,
          operatingIncome: s.income.operating_income,
          months: 3 * quarterCount,
          days: first ? (Date.parse(r.report_period) - Date.parse(first.reportPeriod)) / 86_400_000 : null,
          runRate: quarters[last].income.revenue * 4,
          before: first && kpiOf.get(periodKey("quarterly", first.reportPeriod)),
          yearAgo: yearBefore && kpiOf.get(periodKey(r.period, yearBefore.reportPeriod)),
        };
        const fieldsOk = KPI_FIELDS.every((f) =>
          !sectorKpis.includes(f)
            ? r[f] === null
            : r[f] !== null || (YEAR_ON_YEAR.has(f) && period?.yearAgo === undefined),
        );
        if (
          !s ||
          r.filing_date !== s.filingDate ||
          r.fiscal_period !== s.fiscalPeriod ||
          !fieldsOk ||
          !consistent(r, period!)
        )
          consistency.violation(`${facts.ticker} ${r.period} ${r.report_period}`);
      }

      for (const r of nonGaap) {
        reconciliation.rows++;
        const s = statementOf.get(key(r));
        const i = s && incomeRow(facts, s);
        const amounts = r.adjustments.map((a) => a.amount);
        const total = amounts.reduce((a, x) => a + x, 0);
        const last = quarterAt.get(r.report_period) ?? -1;
        const itsQuarters = quarters
          .slice(last - 3, last + 1)
          .map((q) => nonGaapOf.get(periodKey("quarterly", q.reportPeriod)));
        const quartersSum = (k: number) => itsQuarters.reduce((a, q) => a + (q?.adjustments[k].amount ?? NaN), 0);
        if (
          !i ||
          r.filing_date !== i.filing_date ||
          r.gaap_net_income !== i.net_income ||
          r.gaap_eps !== i.earnings_per_share_diluted ||
          r.weighted_average_shares_diluted !== i.weighted_average_shares_diluted ||
          r.total_adjustments !== total ||
          r.adjusted_net_income !== r.gaap_net_income + total ||
          Math.abs(r.adjusted_eps - r.adjusted_net_income / r.weighted_average_shares_diluted) > 0.005 + 1e-9 ||
          (r.period === "annual" && amounts.some((a, k) => a !== quartersSum(k)))
        )
          reconciliation.violation(`${facts.ticker} ${r.period} ${r.report_period}`);
      }
    },
    finish: () => [consistency.check(), reconciliation.check()],
  };
}
