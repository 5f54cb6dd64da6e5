// Financial metrics (docs/contract.md, "Financial metrics", with the full set financialdatasets
// clients read): the row's shape, and the valuation part computed from a price, declared once. The
// build writes each period's metrics at the close of its filing date; the snapshot route recomputes
// the valuation at the close of the day asked for, with the same function.
import { z } from "zod";
import { round6 } from "../../contract/rounding.ts";

const num = (description: string) => z.number().nullable().meta({ description });

/** Price-independent inputs of the valuation metrics (TTM flows ending at the period, its balance sheet). */
export interface ValuationInputs {
  /** TTM weighted diluted shares, on the basis of the splits at the period's end. */
  dilutedShares: number;
  netIncome: number;
  revenue: number;
  ebitda: number;
  freeCashFlow: number;
  equity: number;
  /** Total debt less cash. */
  netDebt: number;
  /** Year-on-year growth of diluted EPS (a fraction), null where its base is not positive. */
  epsGrowth: number | null;
}

const VALUATION_LINES = {
  market_cap: num("Close on the day (the filing date; the snapshot's date) x shares outstanding that day."),
  enterprise_value: num("market_cap + total_debt - cash_and_equivalents."),
  price_to_earnings_ratio: num("Close / TTM diluted EPS; null when that EPS <= 0."),
  price_to_book_ratio: num("market_cap / shareholders_equity; null when equity <= 0."),
  price_to_sales_ratio: num("market_cap / TTM revenue."),
  enterprise_value_to_ebitda_ratio: num(
    "enterprise_value / TTM EBITDA (operating income + D&A); null when EBITDA <= 0.",
  ),
  enterprise_value_to_revenue_ratio: num("enterprise_value / TTM revenue."),
  free_cash_flow_yield: num("TTM free cash flow / market_cap."),
  peg_ratio: num("price_to_earnings_ratio / (earnings_per_share_growth x 100); null when either is not positive."),
} as const;

export const FinancialMetrics = z
  .object({
    ticker: z.string().meta({ description: "Ticker symbol.", example: "AAPL" }),
    report_period: z.string().meta({ description: "Last day of the fiscal period.", format: "date" }),
    fiscal_period: z.string().meta({ description: 'The period\'s label ("Q2 2023", "FY 2023").', example: "Q2 2023" }),
    period: z.enum(["quarterly", "annual", "ttm"]).meta({ description: "Kind of period.", example: "ttm" }),
    currency: z.string().meta({ description: "Currency of amounts.", example: "USD" }),
    filing_date: z
      .string()
      .meta({ description: "Filing that made the period public (from then on visible).", format: "date" }),
    filing_datetime: z
      .string()
      .meta({ description: "Its time (exchange time, no zone).", example: "2023-08-03T16:30:00" }),
    ...VALUATION_LINES,
    gross_margin: num("gross_profit / revenue of the period."),
    operating_margin: num("operating_income / revenue."),
    net_margin: num("net_income / revenue."),
    return_on_equity: num("TTM net income / average equity (this period's end and a year before)."),
    return_on_assets: num("TTM net income / average total assets."),
    return_on_invested_capital: num("TTM (operating income - income tax) / average (total debt + equity)."),
    asset_turnover: num("TTM revenue / average total assets."),
    inventory_turnover: num("TTM cost of revenue / average inventory; null without inventory."),
    receivables_turnover: num("TTM revenue / average receivables."),
    days_sales_outstanding: num("365 / receivables_turnover."),
    operating_cycle: num("365 / inventory_turnover + days_sales_outstanding."),
    working_capital_turnover: num(
      "TTM revenue / average (current assets - current liabilities); null when not positive.",
    ),
    current_ratio: num("current_assets / current_liabilities."),
    quick_ratio: num("(cash + current investments + receivables) / current_liabilities."),
    cash_ratio: num("(cash + current investments) / current_liabilities."),
    operating_cash_flow_ratio: num("TTM operating cash flow / current_liabilities."),
    debt_to_equity: num("total_debt / shareholders_equity; null when equity <= 0."),
    debt_to_assets: num("total_debt / total_assets."),
    interest_coverage: num("TTM operating income / TTM interest expense; null without interest."),
    revenue_growth: num("Revenue over the same period a year before, less 1; null when that base is not positive."),
    earnings_growth: num("Net income growth, likewise."),
    book_value_growth: num("Equity growth over a year."),
    earnings_per_share_growth: num("Diluted EPS growth (split-restated)."),
    free_cash_flow_growth: num("Free cash flow growth."),
    operating_income_growth: num("Operating income growth."),
    ebitda_growth: num("EBITDA growth."),
    payout_ratio: num("TTM dividends paid / TTM net income; null when net income <= 0."),
    earnings_per_share: num("The period's EPS (restated for splits by the horizon)."),
    book_value_per_share: num("Equity / shares outstanding at the period's end (restated likewise)."),
    free_cash_flow_per_share: num("The period's free cash flow / its weighted shares (restated likewise)."),
  })
  .meta({ id: "FinancialMetrics", description: "Metrics of one period, public from its filing." });
export type FinancialMetrics = z.infer<typeof FinancialMetrics>;

/** Per-share metrics, restated for later splits by the horizon. */
export const PER_SHARE_METRICS = ["earnings_per_share", "book_value_per_share", "free_cash_flow_per_share"] as const;

/** Six decimals: ratios recompute from the rows to that precision. */
const ratio = (a: number, b: number, positiveBase = false) =>
  b === 0 || (positiveBase && b < 0) ? null : round6(a / b);

/**
 * The valuation metrics at `close` with `sharesNow` shares outstanding (as traded that day), where
 * one share at the period's end has become `splitFactor` shares by then (P/E on that day's basis).
 */
export function valuation(
  v: ValuationInputs,
  close: number,
  sharesNow: number,
  splitFactor: number,
): z.infer<z.ZodObject<typeof VALUATION_LINES>> {
  const marketCap = Math.round(close * sharesNow);
  const enterprise = marketCap + v.netDebt;
  const dilutedEps = v.netIncome / (v.dilutedShares * splitFactor);
  const pe = dilutedEps > 0 ? round6(close / dilutedEps) : null;
  return {
    market_cap: marketCap,
    enterprise_value: enterprise,
    price_to_earnings_ratio: pe,
    price_to_book_ratio: v.equity > 0 ? round6(marketCap / v.equity) : null,
    price_to_sales_ratio: ratio(marketCap, v.revenue, true),
    enterprise_value_to_ebitda_ratio: v.ebitda > 0 ? round6(enterprise / v.ebitda) : null,
    enterprise_value_to_revenue_ratio: ratio(enterprise, v.revenue, true),
    free_cash_flow_yield: ratio(v.freeCashFlow, marketCap, true),
    peg_ratio: pe !== null && v.epsGrowth !== null && v.epsGrowth > 0 ? round6(pe / (v.epsGrowth * 100)) : null,
  };
}

export const VALUATION_METRICS = Object.keys(VALUATION_LINES) as (keyof typeof VALUATION_LINES)[];
