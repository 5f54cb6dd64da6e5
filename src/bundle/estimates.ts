// How analyst estimates are stored: an analyst publishes EPS and revenue of a period together, with
// one rating and target, so the shard keeps them as one row and the route serves it as two. That
// halves the rows the build packs (estimates are the largest shard kind) without changing an answer.
import type { AnalystEstimate } from "../contract/earnings.ts";

/** One analyst's estimates of one quarter or fiscal year on one date: a stored row. */
export interface PeriodEstimate {
  estimate_date: string;
  eps_id: string;
  revenue_id: string;
  firm: string;
  analyst: string;
  fiscal_period: string;
  period: AnalystEstimate["period"];
  report_period: string;
  /** EPS as of the estimate date's splits. */
  eps: number;
  revenue: number;
  eps_revision_pct: number | null;
  revenue_revision_pct: number | null;
  rating: AnalystEstimate["rating"];
  target_price: number;
  prior_target_price: number | null;
  source_event_id: string | null;
  reason: AnalystEstimate["metadata"]["reason"];
}

/** The stored columns, the estimate date (the shard's key) first. */
export const PERIOD_ESTIMATE_COLUMNS = [
  "estimate_date",
  "eps_id",
  "revenue_id",
  "firm",
  "analyst",
  "fiscal_period",
  "period",
  "report_period",
  "eps",
  "revenue",
  "eps_revision_pct",
  "revenue_revision_pct",
  "rating",
  "target_price",
  "prior_target_price",
  "source_event_id",
  "reason",
] as const satisfies readonly (keyof PeriodEstimate)[];

/** The served rows of a stored one: its EPS estimate, then its revenue estimate. */
export function servedEstimates(ticker: string, e: PeriodEstimate): AnalystEstimate[] {
  const row = (
    id: string,
    metric_name: AnalystEstimate["metric_name"],
    estimate: number,
    revision_pct: number | null,
  ): AnalystEstimate => ({
    estimate_date: e.estimate_date,
    id,
    ticker,
    firm: e.firm,
    analyst: e.analyst,
    fiscal_period: e.fiscal_period,
    period: e.period,
    report_period: e.report_period,
    metric_name,
    estimate,
    currency: "USD",
    rating: e.rating,
    target_price: e.target_price,
    prior_target_price: e.prior_target_price,
    revision_pct,
    metadata: { source_event_id: e.source_event_id, reason: e.reason },
  });
  return [
    row(e.eps_id, "earnings_per_share", e.eps, e.eps_revision_pct),
    row(e.revenue_id, "revenue", e.revenue, e.revenue_revision_pct),
  ];
}
