// The statements as served, made from a period's statements: what the statements family writes and
// what the families that report them (earnings, filings, KPIs, segments) read.
import type { CompanyFacts } from "../../../src/bundle/types.ts";
import { accessionNumber } from "../../models/filing-ids.ts";
import {
  CURRENCY,
  type BalanceSheet,
  type CashFlowStatement,
  type IncomeStatement,
} from "../../../src/families/statements/rows.ts";
import {
  currentAssets,
  currentLiabilities,
  equity,
  nonCurrentAssets,
  nonCurrentLiabilities,
  operatingCashFlow,
  totalDebt,
  type PeriodStatements,
} from "../../models/statements.ts";
import { round2 } from "../../models/rounding.ts";

function periodFields(facts: CompanyFacts, s: PeriodStatements) {
  return {
    ticker: facts.ticker,
    report_period: s.reportPeriod,
    fiscal_period: s.fiscalPeriod,
    period: s.period,
    currency: CURRENCY,
    filing_date: s.filingDate,
    // The 10-Q or 10-K that made the period public: its sequence is the fiscal quarter.
    accession_number: accessionNumber(facts, s.filingDate, s.fiscalQuarter),
    filing_url: null,
  };
}

export function incomeRow(facts: CompanyFacts, s: PeriodStatements): IncomeStatement {
  const i = s.income;
  const netIncomeCommon = i.net_income;
  return {
    ...periodFields(facts, s),
    revenue: i.revenue,
    cost_of_revenue: i.cost_of_revenue,
    gross_profit: i.gross_profit,
    operating_expense: i.operating_expense,
    selling_general_and_administrative_expenses: i.selling_general_and_administrative_expenses,
    research_and_development: i.research_and_development,
    operating_income: i.operating_income,
    interest_expense: i.interest_expense,
    ebit: i.ebit,
    income_before_tax: i.income_before_tax,
    income_tax_expense: i.income_tax_expense,
    net_income_discontinued_operations: 0,
    net_income_non_controlling_interests: 0,
    net_income: i.net_income,
    net_income_common_stock: netIncomeCommon,
    preferred_dividends_impact: 0,
    consolidated_income: i.net_income,
    earnings_per_share: round2(netIncomeCommon / s.weightedShares),
    earnings_per_share_diluted: round2(netIncomeCommon / s.weightedSharesDiluted),
    dividends_per_common_share: s.dividendsPerShare,
    weighted_average_shares: s.weightedShares,
    weighted_average_shares_diluted: s.weightedSharesDiluted,
  };
}

export function balanceRow(facts: CompanyFacts, s: PeriodStatements): BalanceSheet {
  const b = s.balance;
  const [ca, nca, cl, ncl] = [currentAssets(b), nonCurrentAssets(b), currentLiabilities(b), nonCurrentLiabilities(b)];
  return {
    ...periodFields(facts, s),
    total_assets: ca + nca,
    current_assets: ca,
    cash_and_equivalents: b.cash_and_equivalents,
    current_investments: b.current_investments,
    trade_and_non_trade_receivables: b.trade_and_non_trade_receivables,
    inventory: b.inventory,
    other_current_assets: b.other_current_assets,
    non_current_assets: nca,
    property_plant_and_equipment: b.property_plant_and_equipment,
    goodwill_and_intangible_assets: b.goodwill_and_intangible_assets,
    investments: b.current_investments + b.non_current_investments,
    non_current_investments: b.non_current_investments,
    tax_assets: b.tax_assets,
    other_non_current_assets: b.other_non_current_assets,
    total_liabilities: cl + ncl,
    current_liabilities: cl,
    current_debt: b.current_debt,
    trade_and_non_trade_payables: b.trade_and_non_trade_payables,
    deferred_revenue: b.deferred_revenue,
    deposit_liabilities: b.deposit_liabilities,
    other_current_liabilities: b.other_current_liabilities,
    non_current_liabilities: ncl,
    non_current_debt: b.non_current_debt,
    tax_liabilities: b.tax_liabilities,
    other_non_current_liabilities: b.other_non_current_liabilities,
    total_debt: totalDebt(b),
    shareholders_equity: equity(b),
    common_stock: b.common_stock,
    retained_earnings: b.retained_earnings,
    accumulated_other_comprehensive_income: b.accumulated_other_comprehensive_income,
    outstanding_shares: s.sharesOutstanding,
  };
}

export function cashFlowRow(facts: CompanyFacts, s: PeriodStatements): CashFlowStatement {
  const c = s.cashFlow;
  const operating = operatingCashFlow(s);
  const investing =
    c.capital_expenditure + c.business_acquisitions_and_disposals + c.investment_acquisitions_and_disposals;
  const financing =
    c.issuance_or_repayment_of_debt_securities +
    c.issuance_or_purchase_of_equity_shares +
    c.dividends_and_other_cash_distributions;
  return {
    ...periodFields(facts, s),
    net_income: s.income.net_income,
    depreciation_and_amortization: s.income.depreciation_and_amortization,
    share_based_compensation: c.share_based_compensation,
    change_in_working_capital: c.change_in_working_capital,
    net_cash_flow_from_operations: operating,
    operating_cash_flow: operating,
    capital_expenditure: c.capital_expenditure,
    business_acquisitions_and_disposals: c.business_acquisitions_and_disposals,
    investment_acquisitions_and_disposals: c.investment_acquisitions_and_disposals,
    net_cash_flow_from_investing: investing,
    investing_cash_flow: investing,
    issuance_or_repayment_of_debt_securities: c.issuance_or_repayment_of_debt_securities,
    issuance_or_purchase_of_equity_shares: c.issuance_or_purchase_of_equity_shares,
    dividends_and_other_cash_distributions: c.dividends_and_other_cash_distributions,
    net_cash_flow_from_financing: financing,
    financing_cash_flow: financing,
    effect_of_exchange_rate_changes: c.effect_of_exchange_rate_changes,
    change_in_cash_and_equivalents: operating + investing + financing + c.effect_of_exchange_rate_changes,
    ending_cash_balance: s.balance.cash_and_equivalents,
    free_cash_flow: operating + c.capital_expenditure,
  };
}
