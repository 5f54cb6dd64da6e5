// Operating KPIs and non-GAAP reconciliations of a company's quarters and fiscal years, derived from
// its statements. Each sector counts its business in units (stores, customers, barrels a day,
// subscribers, backlog dollars...) that follow its revenue slowly from a drawn revenue per unit, so
// the per-unit figures, revenue over units, take the quarter's swings; the KPIs and the statements
// agree by construction (src/families/kpis/rows.ts says what each field is).
import { UNUSUAL_ADJUSTMENTS } from "../../../src/families/kpis/rows.ts";
import type { CompanyFacts } from "../../../src/bundle/types.ts";
import { KPI_FIELDS, type KpiMetrics, type NonGaap } from "../../../src/families/kpis/rows.ts";
import type { Rng } from "../../ground/rng.ts";
import type { PeriodStatements } from "../../models/statements.ts";
import { round2, round4, round6, thousands } from "../../models/rounding.ts";

type KpiFields = Omit<
  KpiMetrics,
  "ticker" | "report_period" | "fiscal_period" | "period" | "currency" | "filing_date" | "sector"
>;

/** One period as a sector reads it. */
interface PeriodInput {
  s: PeriodStatements;
  months: number;
  days: number;
  /** Units at the end of the period before, at its end, and over it on average (by days). */
  start: number;
  end: number;
  mean: number;
  /** The last quarter's revenue x 4: the run rate at the period's end. */
  runRate: number;
  /** A slow swing (AR(1), sd 1) at the period's end. */
  swing: number;
  /** The company's constants (`draws`). */
  k: Record<string, number>;
  /** The KPIs of the same kind of period a year before. */
  yearAgo?: KpiFields;
}

interface SectorModel {
  /** Annual revenue per unit at the start (drawn log-uniformly between) and its yearly growth. */
  unitRevenue: [number, number];
  unitGrowth: [number, number];
  /** Share of the gap to the units revenue calls for closed each quarter: how slowly units follow revenue. */
  follow: number;
  /** Further constants of a company, each drawn uniformly between. */
  draws?: Record<string, [number, number]>;
  fields: (p: PeriodInput) => Partial<KpiFields>;
}

/** A flow of units over the period (units are yearly rates). */
const volume = (p: PeriodInput, perUnit = 1) => Math.max(1, Math.round((p.mean * perUnit * p.days) / 365));
const count = (units: number) => Math.max(1, Math.round(units));
const growth = (now: number, before: number | null | undefined) => (before ? round6(now / before - 1) : null);

const RETAIL: SectorModel = {
  unitRevenue: [5e6, 40e6],
  unitGrowth: [0.01, 0.03],
  follow: 0.1,
  fields: ({ s, end, yearAgo }) => {
    const stores = count(end);
    const perStore = round2(s.income.revenue / stores);
    return {
      store_count: stores,
      revenue_per_store: perStore,
      // Seasons cancel against the same period a year before.
      same_store_sales_growth: growth(perStore, yearAgo?.revenue_per_store),
    };
  },
};

const SECTORS: Record<string, SectorModel> = {
  "Consumer Discretionary": RETAIL,
  "Consumer Staples": RETAIL,
  "Information Technology": {
    unitRevenue: [2e4, 5e5],
    // Revenue per customer grows: what net revenue retention measures.
    unitGrowth: [0.02, 0.15],
    follow: 0.2,
    draws: { recurring: [0.4, 0.9] },
    fields: ({ end, runRate, k, yearAgo }) => {
      const customers = count(end);
      const arr = thousands(k.recurring * runRate);
      const before = yearAgo ? yearAgo.arr! / yearAgo.customers! : null;
      return { arr, customers, net_revenue_retention: before ? round6(arr / customers / before) : null };
    },
  },
  Energy: {
    // A barrel of oil equivalent a day for a year at $35-75.
    unitRevenue: [35 * 365, 75 * 365],
    unitGrowth: [0, 0],
    follow: 0.25,
    fields: ({ s, mean, days }) => {
      const boe = count(mean);
      return { production_boe_per_day: boe, realized_price_per_boe: round2(s.income.revenue / (boe * days)) };
    },
  },
  Financials: {
    // Units are interest-earning assets: a year's revenue is 4-7% of them.
    unitRevenue: [0.04, 0.07],
    unitGrowth: [0, 0],
    follow: 0.3,
    draws: { interestShare: [0.45, 0.7], loanShare: [0.5, 0.7], depositShare: [0.7, 0.9] },
    fields: ({ s, months, end, mean, k }) => {
      const { revenue, operating_income } = s.income;
      const interest = thousands(revenue * k.interestShare);
      return {
        net_interest_income: interest,
        net_interest_margin: round6((interest * 12) / months / mean),
        loans: thousands(end * k.loanShare),
        deposits: thousands(end * k.depositShare),
        efficiency_ratio: round6((revenue - operating_income) / revenue),
      };
    },
  },
  "Health Care": {
    unitRevenue: [500, 5000],
    unitGrowth: [0.01, 0.04],
    follow: 0.2,
    draws: { programCost: [8e7, 2.5e8] },
    fields: (p) => {
      const patients = volume(p);
      return {
        patient_volume: patients,
        revenue_per_patient: round2(p.s.income.revenue / patients),
        pipeline_programs: Math.round((p.s.income.research_and_development * 12) / p.months / p.k.programCost),
      };
    },
  },
  Industrials: {
    // Units are backlog dollars: a year's revenue is 0.7-1.6 times the backlog.
    unitRevenue: [0.7, 1.6],
    unitGrowth: [0, 0],
    follow: 0.3,
    fields: ({ s, start, end }) => {
      const backlog = thousands(end);
      const orders = backlog - thousands(start) + s.income.revenue;
      return { backlog, orders, book_to_bill: round6(orders / s.income.revenue) };
    },
  },
  Utilities: {
    unitRevenue: [1200, 3000],
    unitGrowth: [0.01, 0.03],
    follow: 0.15,
    draws: { usage: [8, 20] },
    fields: (p) => {
      const mwh = volume(p, p.k.usage);
      return { customers: count(p.end), energy_delivered_mwh: mwh, revenue_per_mwh: round2(p.s.income.revenue / mwh) };
    },
  },
  "Communication Services": {
    unitRevenue: [120, 720],
    unitGrowth: [0, 0.03],
    follow: 0.2,
    draws: { churn: [0.008, 0.025] },
    fields: ({ s, months, end, swing, k }) => {
      const subscribers = count(end);
      return {
        subscribers,
        arpu: round2(s.income.revenue / (subscribers * months)),
        churn_rate: round6(k.churn * Math.exp(0.1 * swing)),
      };
    },
  },
  Materials: {
    unitRevenue: [300, 3000],
    unitGrowth: [0, 0],
    follow: 0.25,
    fields: (p) => {
      const tonnes = volume(p);
      return { volume_sold_tonnes: tonnes, realized_price_per_tonne: round2(p.s.income.revenue / tonnes) };
    },
  },
  "Real Estate": {
    // Units are square feet: a year's revenue per square foot, vacancies included.
    unitRevenue: [18, 60],
    unitGrowth: [0.01, 0.03],
    follow: 0.1,
    draws: { occupancy: [0.88, 0.96] },
    fields: ({ s, months, end, swing, k }) => {
      const area = count(end);
      const occupancy = round4(Math.min(0.995, k.occupancy + 0.015 * swing));
      return {
        leasable_square_feet: area,
        occupancy,
        rent_per_square_foot: round2((s.income.revenue * 12) / months / (area * occupancy)),
      };
    },
  },
};

const NO_KPIS = Object.fromEntries(KPI_FIELDS.map((f) => [f, null])) as KpiFields;
const DAY = 86_400_000;

const periodFields = (facts: CompanyFacts, s: PeriodStatements) => ({
  ticker: facts.ticker,
  report_period: s.reportPeriod,
  fiscal_period: s.fiscalPeriod,
  period: s.period as "quarterly" | "annual",
  currency: "USD",
  filing_date: s.filingDate,
});

/** Quarters and the fiscal years among `statements`, each with the index of its last quarter. */
function periods(statements: PeriodStatements[]) {
  const quarters = statements.filter((s) => s.period === "quarterly");
  const at = new Map(quarters.map((q, i) => [q.reportPeriod, i]));
  const years = statements.filter((s) => s.period === "annual").map((s) => ({ s, last: at.get(s.reportPeriod)! }));
  return { quarters, years };
}

/** KPIs of every quarter and fiscal year, quarters first. */
export function kpiRows(facts: CompanyFacts, statements: PeriodStatements[], rng: Rng): KpiMetrics[] {
  const model = SECTORS[facts.sector];
  const { quarters, years } = periods(statements);
  const row = (s: PeriodStatements, fields: Partial<KpiFields>): KpiMetrics => ({
    ...periodFields(facts, s),
    sector: facts.sector,
    ...NO_KPIS,
    ...fields,
  });
  if (!model) return [...quarters, ...years.map((y) => y.s)].map((s) => row(s, {}));

  const [lo, hi] = model.unitRevenue;
  const unitRevenue = lo * Math.exp(rng.uniform() * Math.log(hi / lo));
  const unitGrowth = rng.between(...model.unitGrowth);
  const k = Object.fromEntries(Object.entries(model.draws ?? {}).map(([name, range]) => [name, rng.between(...range)]));
  const days = quarters.map((q, i) =>
    i === 0 ? 91 : (Date.parse(q.reportPeriod) - Date.parse(quarters[i - 1].reportPeriod)) / DAY,
  );
  // Units before the first quarter and at each quarter's end, following trailing revenue (seasons
  // averaged out) at the unit revenue of the time.
  const wanted = (i: number) => {
    const trailing = quarters.slice(Math.max(0, i - 3), i + 1);
    const level = (trailing.reduce((a, q) => a + q.income.revenue, 0) * 4) / trailing.length;
    return level / (unitRevenue * Math.exp((unitGrowth * i) / 4));
  };
  const units = [wanted(0)];
  const swings: number[] = [];
  quarters.forEach((_, i) => {
    units.push(units[i] * Math.exp(model.follow * Math.log(wanted(i) / units[i]) + 0.01 * rng.normal()));
    swings.push(0.8 * (swings[i - 1] ?? 0) + 0.6 * rng.normal());
  });

  const quarterInput = (i: number): PeriodInput => ({
    s: quarters[i],
    months: 3,
    days: days[i],
    start: units[i],
    end: units[i + 1],
    mean: units[i + 1],
    runRate: quarters[i].income.revenue * 4,
    swing: swings[i],
    k,
  });
  const yearInput = ({ s, last }: { s: PeriodStatements; last: number }): PeriodInput => {
    const span = [last - 3, last - 2, last - 1, last];
    const yearDays = span.reduce((a, i) => a + days[i], 0);
    return {
      ...quarterInput(last),
      s,
      months: 12,
      days: yearDays,
      start: units[last - 3],
      mean: span.reduce((a, i) => a + units[i + 1] * days[i], 0) / yearDays,
    };
  };
  // Periods are consecutive: the same period a year before is four quarters or one year back.
  const rows = (inputs: PeriodInput[], back: number) => {
    const out: KpiMetrics[] = [];
    inputs.forEach((p, i) => out.push(row(p.s, model.fields({ ...p, yearAgo: out[i - back] }))));
    return out;
  };
  return [
    ...rows(
      quarters.map((_, i) => quarterInput(i)),
      4,
    ),
    ...rows(years.map(yearInput), 1),
  ];
}

const ADJUSTMENTS = ["Share-based compensation", "Amortization of acquired intangibles", ...UNUSUAL_ADJUSTMENTS];

/**
 * Non-GAAP reconciliations of every quarter and fiscal year, quarters first. Each quarter adds back,
 * after tax at its effective rate: share-based compensation (the cash-flow statement's), the
 * amortization of acquired intangibles (part of D&A: a drawn rate of the intangible assets, at most
 * half of D&A), restructuring charges and a crisis's write-downs of assets (the business
 * plan's, inside SG&A). A year's adjustments are
 * its quarters' sums.
 */
export function nonGaapRows(facts: CompanyFacts, statements: PeriodStatements[], rng: Rng): NonGaap[] {
  const { quarters, years } = periods(statements);
  const amortizationRate = rng.between(0.01, 0.025);
  const quarterAdjustments = quarters.map((q) => {
    const { income } = q;
    const taxRate = income.income_before_tax === 0 ? 0 : income.income_tax_expense / income.income_before_tax;
    const afterTax = (x: number) => thousands(x * (1 - Math.min(0.5, Math.max(0, taxRate))));
    return [
      q.cashFlow.share_based_compensation,
      Math.min(income.depreciation_and_amortization / 2, q.balance.goodwill_and_intangible_assets * amortizationRate),
      q.restructuring,
      q.writeDowns,
    ].map(afterTax);
  });
  const row = (s: PeriodStatements, amounts: number[]): NonGaap => {
    const netIncome = s.income.net_income;
    const total = amounts.reduce((a, x) => a + x, 0);
    const shares = s.weightedSharesDiluted;
    return {
      ...periodFields(facts, s),
      gaap_net_income: netIncome,
      weighted_average_shares_diluted: shares,
      gaap_eps: round2(netIncome / shares),
      adjustments: ADJUSTMENTS.map((item, k) => ({ item, amount: amounts[k] })),
      total_adjustments: total,
      adjusted_net_income: netIncome + total,
      adjusted_eps: round2((netIncome + total) / shares),
    };
  };
  return [
    ...quarters.map((q, i) => row(q, quarterAdjustments[i])),
    ...years.map(({ s, last }) =>
      row(
        s,
        ADJUSTMENTS.map((_, k) => quarterAdjustments.slice(last - 3, last + 1).reduce((a, q) => a + q[k], 0)),
      ),
    ),
  ];
}
