// Analyst estimates, earnings releases and the earnings calendar (docs/contract.md, "Analyst
// estimates and earnings"; docs/api-choices.md, "Endpoints the contract names as groups"): what
// analysts expected of each quarter, and what the company then reported against the consensus of
// the day before.
import { z } from "zod";
import { day, field } from "../../contract/fields.ts";

const num = (description: string, example: number) => field(z.number(), description, example);
const maybe = (description: string, example: number) => field(z.number().nullable(), description, example);

export const ESTIMATED_METRICS = ["earnings_per_share", "revenue"] as const;

export const AnalystEstimate = z
  .object({
    id: field(z.string(), "Identifier: the publication's, with the row's place in it.", "est_3f0c9a51d2e47b86-1"),
    ticker: field(z.string(), "The company.", "AAPL"),
    firm: field(z.string(), "The analyst's firm (invented).", "Quillmoor Securities"),
    analyst: field(z.string(), "The analyst (invented).", "Mira Dalivar"),
    estimate_date: day("Published on this date (public from then).", "2023-08-04"),
    fiscal_period: field(
      z.string(),
      "The quarter or fiscal year estimated, as the statements label it.",
      "fiscal Q4 2023",
    ),
    period: field(
      z.enum(["quarterly", "annual"]),
      "A quarter, or a fiscal year: that of the quarter analysts estimate next (its reported quarters, then " +
        "theirs), and while a fourth quarter is open the next one too.",
      "quarterly",
    ),
    report_period: day("Last day of that quarter or year.", "2023-09-30"),
    metric_name: field(z.enum(ESTIMATED_METRICS), "What is estimated.", "earnings_per_share"),
    estimate: num("The estimate (EPS per share as of the horizon's splits; revenue in USD).", 1.39),
    currency: field(z.string(), "Currency.", "USD"),
    rating: field(z.enum(["buy", "hold", "sell"]), "The analyst's rating on that date.", "buy"),
    target_price: num("12-month price target (restated for later splits).", 210),
    prior_target_price: maybe("The analyst's previous target, null on the first.", 200),
    revision_pct: maybe("Change from the analyst's previous estimate of the same metric and period.", -0.012),
    metadata: field(
      z.object({
        source_event_id: z.string().nullable(),
        reason: z.enum(["carried", "post_earnings", "event", "preview"]),
      }),
      "What prompted it: `source_event_id` names the event (the previous earnings release, a company event); " +
        "`carried` estimates date from before the scenario's first day and have none.",
    ),
  })
  .meta({ id: "AnalystEstimate", description: "One analyst's estimate of one metric of one quarter or fiscal year." });

const surprise = () =>
  field(
    z.enum(["beat", "miss", "in_line"]),
    "Reported against the consensus: `in_line` when the surprise is 0 at four decimals (EPS: equal to the cent), " +
      "and when there is no consensus.",
    "beat",
  );

/**
 * The form an earnings row is sourced from (financialdatasets' `source_type`): the filing its
 * `accession_number` names, filed with the release. This API's rows are 10-Qs and, for a fiscal
 * year's fourth quarter, 10-Ks; `8-K` (the release's own current report) is in the enum for clients.
 */
export const EARNINGS_SOURCE_TYPES = ["8-K", "10-Q", "10-K"] as const;

/**
 * Reported against the consensus in financialdatasets' words, the sign of the row's surprise
 * fraction (four decimals): `MEET` when it is 0, that is the reported figure within 0.005% of the
 * consensus (EPS, stated to the cent, equal to the cent in practice), `BEAT` above, `MISS` below;
 * null without a consensus. It agrees with `signals` (`beat`, `miss`, `in_line`).
 */
export const EARNINGS_SURPRISES = ["BEAT", "MISS", "MEET"] as const;
const surpriseWord = (metric: "revenue" | "eps") =>
  field(
    z.enum(EARNINGS_SURPRISES).nullable(),
    `${metric === "eps" ? "EPS" : "Revenue"} against the consensus (financialdatasets' field): \`MEET\` when ` +
      `\`${metric}_surprise_pct\` is 0 (within 0.005% of the consensus; EPS, stated to the cent, equal to the cent ` +
      "in practice), `BEAT` when above, `MISS` when below; null without a consensus.",
    "BEAT",
  );
const shares = (description: string, example: number) => field(z.int().nullable(), description, example);

export const Earnings = z
  .object({
    ticker: field(z.string(), "The company.", "AAPL"),
    report_period: day("Last day of the quarter.", "2023-09-30"),
    fiscal_period: field(z.string(), "The quarter, as the statements label it.", "fiscal Q4 2023"),
    filing_date: day("Released (and the 10-Q or 10-K filed) on this date.", "2023-11-02"),
    filing_datetime: field(z.string(), "Release time, exchange time.", "2023-11-02T16:05:00"),
    accession_number: field(
      z.string(),
      "The accession number of the 10-Q (10-K for a fiscal year's fourth quarter) filed with the release: " +
        "`/financials` and `/filings` serve the quarter's statements and filing under it.",
      "0000320193-23-000004",
    ),
    source_type: field(
      z.enum(EARNINGS_SOURCE_TYPES),
      "The form the row is sourced from (financialdatasets' field): the filing `accession_number` names, `10-Q`, or " +
        "`10-K` for a fiscal year's fourth quarter (`/filings` serves it with this `filing_type`). It is filed with " +
        "the release, the same day; the release's 8-K (its press release, `press_release`) has an accession number " +
        "of its own. `8-K` is never served: no row is sourced from the press release alone.",
      "10-K",
    ),
    currency: field(z.string(), "Currency.", "USD"),
    quarterly: field(
      z.object({
        revenue: z.number(),
        estimated_revenue: z.number().nullable(),
        revenue_surprise_pct: z.number().nullable(),
        revenue_surprise: surpriseWord("revenue"),
        earnings_per_share: z.number(),
        estimated_earnings_per_share: z.number().nullable(),
        eps_surprise_pct: z.number().nullable(),
        eps_surprise: surpriseWord("eps"),
        earnings_per_share_diluted: z.number(),
        net_income: z.number(),
        gross_profit: z.number(),
        operating_income: z.number(),
        weighted_average_shares: z.number(),
        weighted_average_shares_diluted: shares(
          "Weighted average diluted shares: the quarter's income statement (restated for splits by the horizon).",
          15_672_400_000,
        ),
        free_cash_flow: maybe(
          "The quarter's cash-flow statement: operating cash flow + capital expenditure.",
          21_496_000_000,
        ),
        cash_and_equivalents: maybe("The balance sheet at the quarter's end.", 29_965_000_000),
        total_debt: maybe("The balance sheet at the quarter's end: current + non-current debt.", 105_103_000_000),
        total_assets: maybe("The balance sheet at the quarter's end.", 352_583_000_000),
        total_liabilities: maybe("The balance sheet at the quarter's end.", 290_437_000_000),
        shareholders_equity: maybe("The balance sheet at the quarter's end.", 62_146_000_000),
        net_cash_flow_from_operations: maybe("The quarter's cash-flow statement.", 21_598_000_000),
        capital_expenditure: maybe("The quarter's cash-flow statement (negative).", -2_163_000_000),
        net_cash_flow_from_investing: maybe("The quarter's cash-flow statement.", 2_394_000_000),
        net_cash_flow_from_financing: maybe("The quarter's cash-flow statement.", -23_153_000_000),
        change_in_cash_and_equivalents: maybe("The quarter's cash-flow statement.", 839_000_000),
        analysts: z.int(),
      }),
      "The quarter as reported against the consensus: the mean of each analyst's latest estimate published before " +
        "the release day. Surprises are fractions of the consensus, and in words (`revenue_surprise`, `eps_surprise`: " +
        "`MEET` when the fraction is 0 at four decimals). The income, balance-sheet and cash-flow figures are those of " +
        "the same fiscal quarter's statements (`/financials`, `period=quarterly`, same `report_period` and " +
        "`accession_number`), each filled only when its statement is public by the row's `filing_date` (null " +
        "otherwise): the statements are filed with the release, so a served row has them all.",
    ),
    signals: field(
      z.object({
        revenue_surprise: surprise(),
        eps_surprise: surprise(),
        guidance: field(
          z.enum(["raised", "maintained", "cut", "initiated", "none"]),
          "Full-year EPS guidance given with the release against the company's previous guidance for that year " +
            "(`initiated`: its first for the year; `none`: no guidance).",
          "none",
        ),
      }),
      "The release in words.",
    ),
    press_release: field(z.string(), "The press release as published (figures as reported then)."),
    source_event_id: field(z.string(), "The earnings_release event.", "evt_89bce83a69bffb07fd0d"),
  })
  .meta({ id: "Earnings", description: "One quarter's earnings release against the consensus." });

export const EarningsDate = z
  .object({
    ticker: field(z.string(), "The company.", "AAPL"),
    report_period: day("Last day of the quarter.", "2023-12-30"),
    fiscal_period: field(z.string(), "The quarter.", "fiscal Q1 2024"),
    earnings_date: day("The release date.", "2024-02-01"),
    filing_datetime: field(z.string(), "Release time, exchange time.", "2024-02-01T16:05:00"),
    announcement_date: day("The date was announced on this date (public from then).", "2024-01-04"),
  })
  .meta({ id: "EarningsDate", description: "A scheduled earnings release." });

export const GUIDED_METRICS = ["earnings_per_share", "revenue"] as const;

export const KpiGuidance = z
  .object({
    ticker: field(z.string(), "The company.", "AAPL"),
    metric_name: field(z.enum(GUIDED_METRICS), "What is guided.", "earnings_per_share"),
    period: field(z.string(), "The fiscal year guided.", "FY 2024"),
    period_type: field(z.enum(["annual"]), "Kind of period.", "annual"),
    unit: field(z.enum(["USD", "USD per share"]), "Unit of the figures.", "USD per share"),
    low: num("Low end of the range.", 6.1),
    high: num("High end of the range.", 6.4),
    point_estimate: num("Midpoint.", 6.25),
    prior_value: maybe("Midpoint of the company's previous guidance for the period; null when initiated.", 6.05),
    change_direction: field(z.enum(["raised", "maintained", "cut", "initiated"]), "Against the prior value.", "raised"),
    raw_text: field(z.string(), "The sentence of the release that gives it."),
    source_url: field(
      z.string().nullable(),
      "Where it was published (null: the scenario publishes no documents yet).",
      null,
    ),
    issued_date: day("Given with the earnings release of this date (public from then).", "2023-11-02"),
    source_event_id: field(z.string(), "That earnings_release event.", "evt_89bce83a69bffb07fd0d"),
  })
  .meta({ id: "KpiGuidance", description: "A company's guidance for a fiscal year, given with an earnings release." });

export type KpiGuidance = z.infer<typeof KpiGuidance>;
export type AnalystEstimate = z.infer<typeof AnalystEstimate>;
export type Earnings = z.infer<typeof Earnings>;
export type EarningsDate = z.infer<typeof EarningsDate>;

/** Per-share fields of an estimate row (the estimate itself only when it is EPS). */
export const ESTIMATE_PER_SHARE = ["target_price", "prior_target_price"] as const;
/** Per-share fields of an EPS guidance row. */
export const GUIDANCE_PER_SHARE = ["low", "high", "point_estimate", "prior_value"] as const;
/** Per-share fields of the quarterly figures of an earnings row. */
export const EARNINGS_PER_SHARE = [
  "earnings_per_share",
  "estimated_earnings_per_share",
  "earnings_per_share_diluted",
] as const;
/** Lines of the quarterly figures of an earnings row taken from the quarter's balance sheet. */
export const EARNINGS_BALANCE_LINES = [
  "cash_and_equivalents",
  "total_debt",
  "total_assets",
  "total_liabilities",
  "shareholders_equity",
] as const;
/** Lines of the quarterly figures of an earnings row taken from the quarter's cash-flow statement. */
export const EARNINGS_CASH_FLOW_LINES = [
  "free_cash_flow",
  "net_cash_flow_from_operations",
  "capital_expenditure",
  "net_cash_flow_from_investing",
  "net_cash_flow_from_financing",
  "change_in_cash_and_equivalents",
] as const;
/** Share counts of the quarterly figures of an earnings row. */
export const EARNINGS_SHARE_COUNTS = ["weighted_average_shares", "weighted_average_shares_diluted"] as const;
