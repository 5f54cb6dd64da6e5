// Financial metrics of each period, computed from its statements and the close on its filing date
// (src/families/metrics/rows.ts declares each one). Flows of ratios are the TTM ending at the period,
// balances averaged over its end and a year before; margins use the period's own flows.
import {
  valuation,
  VALUATION_METRICS,
  type FinancialMetrics,
  type ValuationInputs,
} from "../../../src/families/metrics/rows.ts";
import { CURRENCY } from "../../../src/families/statements/rows.ts";
import { round2, round6 } from "../../models/rounding.ts";
import {
  currentAssets,
  currentLiabilities,
  equity,
  operatingCashFlow,
  totalAssets,
  totalDebt,
  type PeriodStatements,
} from "../../models/statements.ts";

export interface MetricsRow {
  metrics: FinancialMetrics;
  /** What the valuation metrics are computed from, at any price (the snapshot's). */
  inputs: ValuationInputs | null;
}

const ratio = (a: number, b: number) => (b === 0 ? null : round6(a / b));
const positiveRatio = (a: number, b: number) => (b > 0 ? round6(a / b) : null);
const growth = (now: number, before: number | undefined) =>
  before === undefined || before <= 0 ? null : round6(now / before - 1);
const average = (a: number, b: number | undefined) => (b === undefined ? a : (a + b) / 2);

const ebitda = (s: PeriodStatements) => s.income.operating_income + s.income.depreciation_and_amortization;
const freeCashFlow = (s: PeriodStatements) => operatingCashFlow(s) + s.cashFlow.capital_expenditure;
const debt = (s: PeriodStatements) => totalDebt(s.balance);
/** Diluted EPS on the basis of the period's last shares. */
const dilutedEps = (s: PeriodStatements) => s.income.net_income / s.weightedSharesDiluted;

/** A period and the periods its metrics read: its TTM, the same period a year before, and its averages. */
interface PeriodView {
  s: PeriodStatements;
  ttm: PeriodStatements | undefined;
  before: PeriodStatements | undefined;
  /** A balance line averaged over the period's end and a year before. */
  avg: (pick: (x: PeriodStatements) => number) => number;
  /** The split basis of a period against this one's. */
  splitBasis: (x: PeriodStatements) => number;
}

/**
 * Metrics of every period. `closeOn(date)` is the close, shares outstanding and split multiple on a
 * trading day of the world (null before its first day: such rows have no valuation until a snapshot
 * gives a price).
 */
export function metricsRows(
  statements: PeriodStatements[],
  ticker: string,
  closeOn: (date: string) => { close: number; shares: number; splitMultiple: number } | null,
): MetricsRow[] {
  const byKey = new Map(statements.map((s) => [`${s.period} ${s.reportPeriod}`, s]));
  const yearBefore = yearBeforeOf(statements);
  return statements.map((s) => {
    const before = yearBefore.get(s);
    // The balance sheet a year before (its quarter's, whatever the row's period).
    const quarter = byKey.get(`quarterly ${s.reportPeriod}`);
    const balanceBefore = quarter && yearBefore.get(quarter);
    const view: PeriodView = {
      s,
      ttm: byKey.get(`ttm ${s.reportPeriod}`),
      before,
      avg: (pick) => average(pick(s), balanceBefore && pick(balanceBefore)),
      splitBasis: (x) => s.splitBasis / x.splitBasis,
    };
    const inputs = valuationInputs(view, before && byKey.get(`ttm ${before.reportPeriod}`));
    const price = closeOn(s.filingDate);
    const valued =
      inputs && price
        ? valuation(inputs, price.close, price.shares, price.splitMultiple / s.splitBasis)
        : Object.fromEntries(VALUATION_METRICS.map((k) => [k, null]));
    const metrics = {
      ticker,
      report_period: s.reportPeriod,
      fiscal_period: s.fiscalPeriod,
      period: s.period,
      currency: CURRENCY,
      filing_date: s.filingDate,
      filing_datetime: `${s.filingDate}T16:30:00`,
      ...valued,
      ...returnMetrics(view),
      ...turnoverMetrics(view),
      ...balanceMetrics(view),
      ...growthMetrics(view),
      ...perShareMetrics(view),
    } as FinancialMetrics;
    return { metrics, inputs };
  });
}

/** Each period's same period a year before: the fourth quarter or TTM back, the fiscal year before. */
function yearBeforeOf(statements: PeriodStatements[]): Map<PeriodStatements, PeriodStatements> {
  const list = (period: string) => statements.filter((s) => s.period === period);
  const yearBefore = new Map<PeriodStatements, PeriodStatements>();
  for (const period of ["quarterly", "ttm"]) {
    const l = list(period);
    l.forEach((s, i) => i >= 4 && yearBefore.set(s, l[i - 4]));
  }
  const annual = list("annual");
  annual.forEach((s, i) => i >= 1 && yearBefore.set(s, annual[i - 1]));
  return yearBefore;
}

/** What the valuation metrics are computed from: the TTM's flows and the period's balance sheet. */
function valuationInputs(
  { s, ttm, splitBasis }: PeriodView,
  ttmBefore: PeriodStatements | undefined,
): ValuationInputs | null {
  const b = s.balance;
  const epsGrowth = ttm && ttmBefore ? growth(dilutedEps(ttm), dilutedEps(ttmBefore) / splitBasis(ttmBefore)) : null;
  return ttm
    ? {
        dilutedShares: ttm.weightedSharesDiluted,
        netIncome: ttm.income.net_income,
        revenue: ttm.income.revenue,
        ebitda: ebitda(ttm),
        freeCashFlow: freeCashFlow(ttm),
        equity: equity(b),
        netDebt: debt(s) - b.cash_and_equivalents,
        epsGrowth,
      }
    : null;
}

/** Margins of the period's own flows; returns of the TTM's on average balances. */
function returnMetrics({ s, ttm, avg }: PeriodView) {
  const i = s.income;
  const ttmFlows = ttm?.income;
  const tax = ttmFlows ? ttmFlows.income_tax_expense : 0;
  return {
    gross_margin: ratio(i.gross_profit, i.revenue),
    operating_margin: ratio(i.operating_income, i.revenue),
    net_margin: ratio(i.net_income, i.revenue),
    return_on_equity: ttmFlows
      ? positiveRatio(
          ttmFlows.net_income,
          avg((x) => equity(x.balance)),
        )
      : null,
    return_on_assets: ttmFlows
      ? positiveRatio(
          ttmFlows.net_income,
          avg((x) => totalAssets(x.balance)),
        )
      : null,
    return_on_invested_capital: ttmFlows
      ? positiveRatio(
          ttmFlows.operating_income - tax,
          avg((x) => debt(x) + equity(x.balance)),
        )
      : null,
  };
}

/** Turnovers of the TTM's flows on average balances, and the days they make. */
function turnoverMetrics({ ttm, avg }: PeriodView) {
  const ttmFlows = ttm?.income;
  const inventoryTurnover =
    ttmFlows && avg((x) => x.balance.inventory) > 0 ? ttmFlows.cost_of_revenue / avg((x) => x.balance.inventory) : null;
  const receivablesTurnover = ttmFlows
    ? positiveRatio(
        ttmFlows.revenue,
        avg((x) => x.balance.trade_and_non_trade_receivables),
      )
    : null;
  const dso = receivablesTurnover ? round6(365 / receivablesTurnover) : null;
  return {
    asset_turnover: ttmFlows
      ? positiveRatio(
          ttmFlows.revenue,
          avg((x) => totalAssets(x.balance)),
        )
      : null,
    inventory_turnover: inventoryTurnover === null ? null : round6(inventoryTurnover),
    receivables_turnover: receivablesTurnover,
    days_sales_outstanding: dso,
    operating_cycle:
      dso !== null && inventoryTurnover ? round6(365 / inventoryTurnover + 365 / receivablesTurnover!) : null,
    working_capital_turnover: ttmFlows
      ? positiveRatio(
          ttmFlows.revenue,
          avg((x) => currentAssets(x.balance) - currentLiabilities(x.balance)),
        )
      : null,
  };
}

/** Liquidity and leverage of the period's balance sheet. */
function balanceMetrics({ s, ttm }: PeriodView) {
  const b = s.balance;
  const cl = currentLiabilities(b);
  const ttmFlows = ttm?.income;
  return {
    current_ratio: positiveRatio(currentAssets(b), cl),
    quick_ratio: positiveRatio(b.cash_and_equivalents + b.current_investments + b.trade_and_non_trade_receivables, cl),
    cash_ratio: positiveRatio(b.cash_and_equivalents + b.current_investments, cl),
    operating_cash_flow_ratio: ttm ? positiveRatio(operatingCashFlow(ttm), cl) : null,
    debt_to_equity: positiveRatio(debt(s), equity(b)),
    debt_to_assets: positiveRatio(debt(s), totalAssets(b)),
    interest_coverage: ttmFlows ? positiveRatio(ttmFlows.operating_income, ttmFlows.interest_expense) : null,
  };
}

/** Growth over the same period a year before. */
function growthMetrics({ s, before, splitBasis }: PeriodView) {
  const i = s.income;
  return {
    revenue_growth: growth(i.revenue, before?.income.revenue),
    earnings_growth: growth(i.net_income, before?.income.net_income),
    book_value_growth: growth(equity(s.balance), before && equity(before.balance)),
    earnings_per_share_growth: before ? growth(dilutedEps(s), dilutedEps(before) / splitBasis(before)) : null,
    free_cash_flow_growth: growth(freeCashFlow(s), before && freeCashFlow(before)),
    operating_income_growth: growth(i.operating_income, before?.income.operating_income),
    ebitda_growth: growth(ebitda(s), before && ebitda(before)),
  };
}

/** The TTM's payout and the period's per-share figures. */
function perShareMetrics({ s, ttm }: PeriodView) {
  return {
    payout_ratio: ttm
      ? positiveRatio(-ttm.cashFlow.dividends_and_other_cash_distributions, ttm.income.net_income)
      : null,
    earnings_per_share: round2(s.income.net_income / s.weightedShares),
    book_value_per_share: round6(equity(s.balance) / s.sharesOutstanding),
    free_cash_flow_per_share: round6(freeCashFlow(s) / s.weightedShares),
  };
}
