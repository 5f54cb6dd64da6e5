// As-reported statements (docs/api-choices.md, "Response keys the contract leaves open"): the
// normalized row plus `line_items`, a source-style tree of {label, tag, value, children} whose
// children sum to their parent (costs, outflows and the liabilities side's deductions carry their
// sign). It is a view of the normalized lines, so the two can never disagree.
import { z } from "zod";
import type { BalanceSheet, CashFlowStatement, IncomeStatement } from "./rows.ts";

export interface LineItem {
  label: string;
  tag: string;
  value: number;
  children: LineItem[];
}

export const LineItem: z.ZodType<LineItem> = z
  .object({
    label: z.string().meta({ description: "The line as the filing labels it.", example: "Gross profit" }),
    tag: z.string().meta({ description: "Its US-GAAP-style concept name.", example: "GrossProfit" }),
    value: z.number().meta({ description: "Amount (USD); its children sum to it." }),
    get children(): z.ZodArray<z.ZodType<LineItem>> {
      return z.array(LineItem).meta({ description: "The lines that sum to it (empty for a leaf)." });
    },
  })
  .meta({ id: "LineItem", description: "One line of an as-reported statement, with the lines it sums." });

const leaf = (label: string, tag: string, value: number): LineItem => ({ label, tag, value, children: [] });
const sum = (label: string, tag: string, children: LineItem[]): LineItem => ({
  label,
  tag,
  value: children.reduce((a, c) => a + c.value, 0),
  children,
});

export function incomeLineItems(r: IncomeStatement): LineItem[] {
  const gross = sum("Gross profit", "GrossProfit", [
    leaf("Revenue", "Revenues", r.revenue!),
    leaf("Cost of revenue", "CostOfRevenue", -r.cost_of_revenue!),
  ]);
  const opex = sum("Operating expenses", "OperatingExpenses", [
    leaf(
      "Selling, general and administrative",
      "SellingGeneralAndAdministrativeExpense",
      -r.selling_general_and_administrative_expenses!,
    ),
    leaf("Research and development", "ResearchAndDevelopmentExpense", -r.research_and_development!),
  ]);
  const operating = sum("Operating income", "OperatingIncomeLoss", [gross, opex]);
  const pretax = sum("Income before income taxes", "IncomeLossBeforeIncomeTaxes", [
    operating,
    leaf("Interest expense", "InterestExpense", -r.interest_expense!),
  ]);
  return [
    sum("Net income", "NetIncomeLoss", [
      pretax,
      leaf("Provision for income taxes", "IncomeTaxExpenseBenefit", -r.income_tax_expense!),
    ]),
  ];
}

export function balanceLineItems(r: BalanceSheet): LineItem[] {
  const assets = sum("Total assets", "Assets", [
    sum("Total current assets", "AssetsCurrent", [
      leaf("Cash and cash equivalents", "CashAndCashEquivalentsAtCarryingValue", r.cash_and_equivalents!),
      leaf("Short-term investments", "ShortTermInvestments", r.current_investments!),
      leaf("Accounts receivable, net", "AccountsReceivableNetCurrent", r.trade_and_non_trade_receivables!),
      leaf("Inventories", "InventoryNet", r.inventory!),
      leaf("Other current assets", "OtherAssetsCurrent", r.other_current_assets!),
    ]),
    sum("Total non-current assets", "AssetsNoncurrent", [
      leaf("Property, plant and equipment, net", "PropertyPlantAndEquipmentNet", r.property_plant_and_equipment!),
      leaf("Goodwill and intangible assets", "IntangibleAssetsNetIncludingGoodwill", r.goodwill_and_intangible_assets!),
      leaf("Long-term investments", "LongTermInvestments", r.non_current_investments!),
      leaf("Deferred tax assets", "DeferredIncomeTaxAssetsNet", r.tax_assets!),
      leaf("Other non-current assets", "OtherAssetsNoncurrent", r.other_non_current_assets!),
    ]),
  ]);
  const liabilities = sum("Total liabilities", "Liabilities", [
    sum("Total current liabilities", "LiabilitiesCurrent", [
      leaf("Short-term debt", "DebtCurrent", r.current_debt!),
      leaf("Accounts payable", "AccountsPayableCurrent", r.trade_and_non_trade_payables!),
      leaf("Deferred revenue", "ContractWithCustomerLiabilityCurrent", r.deferred_revenue!),
      leaf("Deposits", "Deposits", r.deposit_liabilities!),
      leaf("Accrued and other current liabilities", "OtherLiabilitiesCurrent", r.other_current_liabilities!),
    ]),
    sum("Total non-current liabilities", "LiabilitiesNoncurrent", [
      leaf("Long-term debt", "LongTermDebtNoncurrent", r.non_current_debt!),
      leaf("Deferred tax liabilities", "DeferredIncomeTaxLiabilitiesNet", r.tax_liabilities!),
      leaf("Other non-current liabilities", "OtherLiabilitiesNoncurrent", r.other_non_current_liabilities!),
    ]),
  ]);
  const equity = sum("Total shareholders' equity", "StockholdersEquity", [
    leaf(
      "Common stock and additional paid-in capital",
      "CommonStocksIncludingAdditionalPaidInCapital",
      r.common_stock!,
    ),
    leaf("Retained earnings", "RetainedEarningsAccumulatedDeficit", r.retained_earnings!),
    leaf(
      "Accumulated other comprehensive income",
      "AccumulatedOtherComprehensiveIncomeLossNetOfTax",
      r.accumulated_other_comprehensive_income!,
    ),
  ]);
  return [
    assets,
    sum("Total liabilities and shareholders' equity", "LiabilitiesAndStockholdersEquity", [liabilities, equity]),
  ];
}

export function cashFlowLineItems(r: CashFlowStatement): LineItem[] {
  return [
    sum("Increase (decrease) in cash and cash equivalents", "CashAndCashEquivalentsPeriodIncreaseDecrease", [
      sum("Net cash provided by operating activities", "NetCashProvidedByUsedInOperatingActivities", [
        leaf("Net income", "NetIncomeLoss", r.net_income!),
        leaf("Depreciation and amortization", "DepreciationDepletionAndAmortization", r.depreciation_and_amortization!),
        leaf("Share-based compensation", "ShareBasedCompensation", r.share_based_compensation!),
        leaf(
          "Changes in operating assets and liabilities",
          "IncreaseDecreaseInOperatingCapital",
          r.change_in_working_capital!,
        ),
      ]),
      sum("Net cash used in investing activities", "NetCashProvidedByUsedInInvestingActivities", [
        leaf(
          "Purchases of property and equipment",
          "PaymentsToAcquirePropertyPlantAndEquipment",
          r.capital_expenditure!,
        ),
        leaf(
          "Acquisitions, net of disposals",
          "PaymentsToAcquireBusinessesNetOfCashAcquired",
          r.business_acquisitions_and_disposals!,
        ),
        leaf(
          "Purchases of investments, net",
          "PaymentsForProceedsFromInvestments",
          r.investment_acquisitions_and_disposals!,
        ),
      ]),
      sum("Net cash used in financing activities", "NetCashProvidedByUsedInFinancingActivities", [
        leaf(
          "Debt issued, net of repayments",
          "ProceedsFromRepaymentsOfDebt",
          r.issuance_or_repayment_of_debt_securities!,
        ),
        leaf(
          "Shares issued, net of repurchases",
          "ProceedsFromRepurchaseOfEquity",
          r.issuance_or_purchase_of_equity_shares!,
        ),
        leaf("Dividends paid", "PaymentsOfDividends", r.dividends_and_other_cash_distributions!),
      ]),
      leaf(
        "Effect of exchange rate changes",
        "EffectOfExchangeRateOnCashAndCashEquivalents",
        r.effect_of_exchange_rate_changes!,
      ),
    ]),
  ];
}
