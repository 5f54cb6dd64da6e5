// Operating KPIs and non-GAAP reconciliations (docs/contract.md, "KPIs and guidance"; the rows the
// contract leaves open: docs/api-choices.md, "Response keys the contract leaves open"): the rows'
// shapes, and which KPIs each sector reports. Every KPI field is in every row, null outside its
// sectors. Money is USD; growth, margins and rates are fractions.
import { z } from "zod";
import type { Sector } from "../../contract/vocabulary.ts";

const num = (description: string) => z.number().nullable().meta({ description });
const int = (description: string) => z.int().nullable().meta({ description });

const PERIOD_FIELDS = {
  ticker: z.string().meta({ description: "Ticker symbol.", example: "AAPL" }),
  report_period: z
    .string()
    .meta({ description: "Last day of the fiscal period.", example: "2023-06-30", format: "date" }),
  fiscal_period: z.string().meta({ description: 'The period\'s label ("Q2 2023", "FY 2023").', example: "Q2 2023" }),
  period: z.enum(["quarterly", "annual"]).meta({ description: "Kind of period.", example: "quarterly" }),
  currency: z.string().meta({ description: "Currency of amounts.", example: "USD" }),
  filing_date: z.string().meta({
    description: "Date of the 10-Q or 10-K that made the period public (the statements').",
    example: "2023-08-03",
    format: "date",
  }),
} as const;

const KPI_LINES = {
  same_store_sales_growth: num(
    "Consumer sectors: revenue_per_store over the same period a year before, less 1 (null without one).",
  ),
  store_count: int("Consumer sectors: stores open at the period's end."),
  revenue_per_store: num("Consumer sectors: revenue / store_count."),
  arr: num("Information Technology: annual recurring revenue at the period's end (its last quarter's run rate)."),
  net_revenue_retention: num(
    "Information Technology: ARR per customer over a year before (> 1: customers spend more; null without one).",
  ),
  customers: int("Information Technology and Utilities: customers (accounts) at the period's end."),
  production_boe_per_day: int("Energy: production, barrels of oil equivalent a day, averaged over the period."),
  realized_price_per_boe: num("Energy: revenue / (production_boe_per_day x days in the period)."),
  net_interest_income: num("Financials: net interest income of the period (part of revenue)."),
  net_interest_margin: num("Financials: net interest income, annualized, over average interest-earning assets."),
  loans: num("Financials: loans at the period's end (part of the interest-earning assets)."),
  deposits: num("Financials: deposits at the period's end."),
  efficiency_ratio: num("Financials: non-interest expense / revenue = (revenue - operating_income) / revenue."),
  patient_volume: int("Health Care: patients treated in the period."),
  revenue_per_patient: num("Health Care: revenue / patient_volume."),
  pipeline_programs: int("Health Care: programs in clinical development, as the period's R&D spending funds them."),
  backlog: num("Industrials: orders not yet delivered at the period's end."),
  orders: num("Industrials: orders booked in the period = backlog - the backlog a period before + revenue."),
  book_to_bill: num("Industrials: orders / revenue."),
  energy_delivered_mwh: int("Utilities: electricity delivered in the period (MWh)."),
  revenue_per_mwh: num("Utilities: revenue / energy_delivered_mwh."),
  subscribers: int("Communication Services: subscribers at the period's end."),
  arpu: num("Communication Services: revenue per subscriber a month = revenue / (subscribers x months in the period)."),
  churn_rate: num("Communication Services: share of subscribers lost a month."),
  volume_sold_tonnes: int("Materials: tonnes sold in the period."),
  realized_price_per_tonne: num("Materials: revenue / volume_sold_tonnes."),
  occupancy: num("Real Estate: leased share of the leasable area at the period's end."),
  leasable_square_feet: int("Real Estate: leasable area at the period's end."),
  rent_per_square_foot: num("Real Estate: revenue a year (annualized) / (leasable_square_feet x occupancy)."),
} as const;
export type KpiField = keyof typeof KPI_LINES;
export const KPI_FIELDS = Object.keys(KPI_LINES) as KpiField[];

/** The KPIs each sector reports (every one of SECTORS; any other sector reports none). */
export const SECTOR_KPIS: Record<string, readonly KpiField[]> = {
  "Consumer Discretionary": ["same_store_sales_growth", "store_count", "revenue_per_store"],
  "Consumer Staples": ["same_store_sales_growth", "store_count", "revenue_per_store"],
  "Information Technology": ["arr", "net_revenue_retention", "customers"],
  Energy: ["production_boe_per_day", "realized_price_per_boe"],
  Financials: ["net_interest_income", "net_interest_margin", "loans", "deposits", "efficiency_ratio"],
  "Health Care": ["patient_volume", "revenue_per_patient", "pipeline_programs"],
  Industrials: ["backlog", "orders", "book_to_bill"],
  Utilities: ["customers", "energy_delivered_mwh", "revenue_per_mwh"],
  "Communication Services": ["subscribers", "arpu", "churn_rate"],
  Materials: ["volume_sold_tonnes", "realized_price_per_tonne"],
  "Real Estate": ["occupancy", "leasable_square_feet", "rent_per_square_foot"],
} satisfies Record<Sector, readonly KpiField[]>;

export const KpiMetrics = z
  .object({
    ...PERIOD_FIELDS,
    sector: z
      .string()
      .meta({ description: "The company's sector: it decides which KPIs are reported.", example: "Energy" }),
    ...KPI_LINES,
  })
  .meta({ id: "KpiMetrics", description: "Operating KPIs of one period, consistent with its statements." });
export type KpiMetrics = z.infer<typeof KpiMetrics>;

export const NonGaapAdjustment = z
  .object({
    item: z.string().meta({ description: "What is added back.", example: "Share-based compensation" }),
    amount: z.number().meta({ description: "Amount added to GAAP net income, after tax." }),
  })
  .meta({ id: "NonGaapAdjustment", description: "One adjustment of a non-GAAP reconciliation." });

export const NonGaap = z
  .object({
    ...PERIOD_FIELDS,
    gaap_net_income: z.number().meta({ description: "Net income (the income statement's)." }),
    weighted_average_shares_diluted: z
      .int()
      .meta({ description: "The income statement's weighted diluted shares (restated for splits by the horizon)." }),
    gaap_eps: z.number().meta({ description: "gaap_net_income / weighted_average_shares_diluted (diluted EPS)." }),
    adjustments: z.array(NonGaapAdjustment).meta({
      description:
        "Share-based compensation, amortization of acquired intangibles and restructuring charges, each after tax " +
        "at the period's effective rate (an annual row's are its quarters' sums).",
    }),
    total_adjustments: z.number().meta({ description: "The sum of the adjustments." }),
    adjusted_net_income: z.number().meta({ description: "gaap_net_income + total_adjustments." }),
    adjusted_eps: z.number().meta({ description: "adjusted_net_income / weighted_average_shares_diluted." }),
  })
  .meta({ id: "NonGaap", description: "A non-GAAP reconciliation of one period: adjusted earnings from GAAP." });
export type NonGaap = z.infer<typeof NonGaap>;

/** Per-share figures and share counts of a non-GAAP row, restated for later splits by the horizon. */
export const NON_GAAP_PER_SHARE = ["gaap_eps", "adjusted_eps"] as const;
export const NON_GAAP_SHARE_COUNTS = ["weighted_average_shares_diluted"] as const;

/**
 * Items of a reconciliation (`adjustments[].item`) that S&P's operating earnings also leave out, as
 * unusual; it keeps the others (share-based pay, amortization) as costs.
 */
export const UNUSUAL_ADJUSTMENTS: readonly string[] = ["Restructuring charges", "Write-downs of assets"];
