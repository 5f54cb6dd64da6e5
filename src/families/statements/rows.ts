// Financial statements (docs/contract.md, "Financial statements"): the period fields every
// statement row shares, and each statement's lines, declared once. The contract's fields come with
// the full lists that financialdatasets clients read (their names where they name a line alike);
// the build writes these columns and the routes serve these schemas. Money is USD; outflows are
// negative.
import { z } from "zod";

/** The currency of every amount of every scenario: the universe's companies report in dollars. */
export const CURRENCY = "USD";

const num = (description: string) => z.number().nullable().meta({ description });
const int = (description: string) => z.int().nullable().meta({ description });

/** Fields of every statement row, in order. */
export const PERIOD_FIELDS = {
  ticker: z.string().meta({ description: "Ticker symbol.", example: "AAPL" }),
  report_period: z
    .string()
    .meta({ description: "Last day of the fiscal period.", example: "2023-06-30", format: "date" }),
  fiscal_period: z.string().meta({
    description:
      'The period\'s label: "Q2 2023", "fiscal Q3 2023" off calendar quarters, "FY 2023"; a TTM row carries its last quarter\'s.',
    example: "Q2 2023",
  }),
  period: z.enum(["quarterly", "annual", "ttm"]).meta({ description: "Kind of period.", example: "quarterly" }),
  currency: z.string().meta({ description: "Currency of every amount.", example: "USD" }),
  filing_date: z.string().meta({
    description: "Date of the 10-Q or 10-K that made the period public (its last quarter's for ttm and annual rows).",
    example: "2023-08-03",
    format: "date",
  }),
  accession_number: z
    .string()
    .meta({ description: "Accession number of that filing.", example: "0000320193-23-000002" }),
  filing_url: z
    .string()
    .nullable()
    .meta({ description: "Link to the filing document: null (/filings serves it under the accession_number)." }),
} as const;

export const INCOME_LINES = {
  revenue: num("Revenue."),
  cost_of_revenue: num("Cost of revenue."),
  gross_profit: num("revenue - cost_of_revenue."),
  operating_expense: num("selling_general_and_administrative_expenses + research_and_development."),
  selling_general_and_administrative_expenses: num("Selling, general and administrative expenses."),
  research_and_development: num("Research and development."),
  operating_income: num("gross_profit - operating_expense."),
  interest_expense: num("Interest expense."),
  ebit: num("Earnings before interest and taxes (operating income; no other non-operating items)."),
  income_before_tax: num("ebit - interest_expense."),
  income_tax_expense: num("Income tax (negative: a benefit on a loss)."),
  net_income_discontinued_operations: num("Net income of discontinued operations."),
  net_income_non_controlling_interests: num("Net income attributable to non-controlling interests."),
  net_income: num("income_before_tax - income_tax_expense."),
  net_income_common_stock: num("net_income - preferred_dividends_impact."),
  preferred_dividends_impact: num("Preferred dividends."),
  consolidated_income: num("net_income + net_income_non_controlling_interests."),
  earnings_per_share: num("net_income_common_stock / weighted_average_shares (restated for later splits)."),
  earnings_per_share_diluted: num("net_income_common_stock / weighted_average_shares_diluted."),
  dividends_per_common_share: num("Dividends per share gone ex in the period: the /corporate-actions dividends."),
  weighted_average_shares: int("Weighted average shares (restated for splits by the horizon)."),
  weighted_average_shares_diluted: int("Weighted average diluted shares."),
} as const;

export const BALANCE_LINES = {
  total_assets: num("current_assets + non_current_assets."),
  current_assets: num(
    "cash_and_equivalents + current_investments + trade_and_non_trade_receivables + inventory + other_current_assets.",
  ),
  cash_and_equivalents: num("Cash and equivalents: the cash-flow statement's ending_cash_balance."),
  current_investments: num("Short-term investments."),
  trade_and_non_trade_receivables: num("Receivables."),
  inventory: num("Inventory."),
  other_current_assets: num("Other current assets."),
  non_current_assets: num(
    "property_plant_and_equipment + goodwill_and_intangible_assets + non_current_investments + tax_assets + other_non_current_assets.",
  ),
  property_plant_and_equipment: num("Property, plant and equipment, net."),
  goodwill_and_intangible_assets: num("Goodwill and intangible assets."),
  investments: num("current_investments + non_current_investments."),
  non_current_investments: num("Long-term investments."),
  tax_assets: num("Deferred tax assets."),
  other_non_current_assets: num("Other non-current assets."),
  total_liabilities: num("current_liabilities + non_current_liabilities."),
  current_liabilities: num(
    "current_debt + trade_and_non_trade_payables + deferred_revenue + deposit_liabilities + other_current_liabilities.",
  ),
  current_debt: num("Debt due within a year."),
  trade_and_non_trade_payables: num("Payables."),
  deferred_revenue: num("Deferred revenue."),
  deposit_liabilities: num("Deposits."),
  other_current_liabilities: num("Accrued and other current liabilities."),
  non_current_liabilities: num("non_current_debt + tax_liabilities + other_non_current_liabilities."),
  non_current_debt: num("Long-term debt."),
  tax_liabilities: num("Deferred tax liabilities."),
  other_non_current_liabilities: num("Other non-current liabilities."),
  total_debt: num("current_debt + non_current_debt."),
  shareholders_equity: num(
    "common_stock + retained_earnings + accumulated_other_comprehensive_income = total_assets - total_liabilities.",
  ),
  common_stock: num("Common stock and paid-in capital (share-based compensation adds to it)."),
  retained_earnings: num("Retained earnings: the last period's plus net income less dividends."),
  accumulated_other_comprehensive_income: num("Accumulated other comprehensive income (currency translation)."),
  outstanding_shares: int("Shares outstanding at the period's end (restated for splits by the horizon)."),
} as const;

export const CASH_FLOW_LINES = {
  net_income: num("Net income (the income statement's)."),
  depreciation_and_amortization: num("Depreciation and amortization."),
  share_based_compensation: num("Share-based compensation."),
  change_in_working_capital: num("Change in working capital (negative: cash tied up)."),
  net_cash_flow_from_operations: num(
    "net_income + depreciation_and_amortization + share_based_compensation + change_in_working_capital.",
  ),
  operating_cash_flow: num("net_cash_flow_from_operations, under a second name."),
  capital_expenditure: num("Capital expenditure (negative)."),
  business_acquisitions_and_disposals: num("Acquisitions net of disposals."),
  investment_acquisitions_and_disposals: num("Purchases net of sales of investments."),
  net_cash_flow_from_investing: num(
    "capital_expenditure + business_acquisitions_and_disposals + investment_acquisitions_and_disposals.",
  ),
  investing_cash_flow: num("net_cash_flow_from_investing, under a second name."),
  issuance_or_repayment_of_debt_securities: num("Debt issued net of repaid."),
  issuance_or_purchase_of_equity_shares: num("Shares issued net of bought back."),
  dividends_and_other_cash_distributions: num("Dividends paid (negative)."),
  net_cash_flow_from_financing: num(
    "issuance_or_repayment_of_debt_securities + issuance_or_purchase_of_equity_shares + dividends_and_other_cash_distributions.",
  ),
  financing_cash_flow: num("net_cash_flow_from_financing, under a second name."),
  effect_of_exchange_rate_changes: num("Effect of exchange rates on cash."),
  change_in_cash_and_equivalents: num(
    "net_cash_flow_from_operations + net_cash_flow_from_investing + net_cash_flow_from_financing + effect_of_exchange_rate_changes.",
  ),
  ending_cash_balance: num("Cash at the period's end: the last period's plus change_in_cash_and_equivalents."),
  free_cash_flow: num("net_cash_flow_from_operations + capital_expenditure (capital expenditure is negative)."),
} as const;

/** Per-share lines, restated for splits that went ex after the period by the request's horizon. */
export const PER_SHARE_LINES = [
  "earnings_per_share",
  "earnings_per_share_diluted",
  "dividends_per_common_share",
] as const;
export const SHARE_COUNT_LINES = [
  "weighted_average_shares",
  "weighted_average_shares_diluted",
  "outstanding_shares",
] as const;

export const IncomeStatement = z
  .object({ ...PERIOD_FIELDS, ...INCOME_LINES })
  .meta({ id: "IncomeStatement", description: "An income statement of one period." });
export const BalanceSheet = z
  .object({ ...PERIOD_FIELDS, ...BALANCE_LINES })
  .meta({ id: "BalanceSheet", description: "A balance sheet at a period's end." });
export const CashFlowStatement = z
  .object({ ...PERIOD_FIELDS, ...CASH_FLOW_LINES })
  .meta({ id: "CashFlowStatement", description: "A cash-flow statement of one period." });
export const Financials = z
  .object({
    ...PERIOD_FIELDS,
    income_statement: IncomeStatement,
    balance_sheet: BalanceSheet,
    cash_flow_statement: CashFlowStatement,
    metadata: z.record(z.string(), z.unknown()).meta({ description: "What the row was built from." }),
  })
  .meta({ id: "Financials", description: "The three statements of one period." });

export type IncomeStatement = z.infer<typeof IncomeStatement>;
export type BalanceSheet = z.infer<typeof BalanceSheet>;
export type CashFlowStatement = z.infer<typeof CashFlowStatement>;

/** The three statements: their list keys, paths, schemas (and those schemas' names) and route summaries. */
export const STATEMENTS = {
  income: {
    key: "income_statements",
    path: "income-statements",
    schema: IncomeStatement,
    name: "IncomeStatement",
    summary: "Income statements",
  },
  balance: {
    key: "balance_sheets",
    path: "balance-sheets",
    schema: BalanceSheet,
    name: "BalanceSheet",
    summary: "Balance sheets",
  },
  cashFlow: {
    key: "cash_flow_statements",
    path: "cash-flow-statements",
    schema: CashFlowStatement,
    name: "CashFlowStatement",
    summary: "Cash-flow statements",
  },
} as const;
export type StatementKind = keyof typeof STATEMENTS;
