// How analyst estimates are stored: an analyst publishes EPS and revenue of the quarter, of its
// fiscal year and (while a fourth quarter is open) of the next, with one rating and target, so the
// shard keeps a publication as one row and the route serves it as up to six. Estimates are the
// largest shard kind; one row per publication is what keeps the build within its time.
import type { AnalystEstimate } from "./rows.ts";
import type { Row } from "../../bundle/shard.ts";

/** One period's figures of a publication. */
export interface PeriodFigures {
  fiscal_period: string;
  report_period: string;
  /** EPS as of the estimate date's splits. */
  eps: number;
  revenue: number;
  eps_revision_pct: number | null;
  revenue_revision_pct: number | null;
}

/** One analyst's estimates published on one date. */
export interface PublishedEstimates {
  estimate_date: string;
  /** The publication's id; its served rows add their place to it (`-1` to `-6`). */
  id: string;
  firm: string;
  analyst: string;
  rating: AnalystEstimate["rating"];
  target_price: number;
  prior_target_price: number | null;
  source_event_id: string | null;
  reason: AnalystEstimate["metadata"]["reason"];
  quarter: PeriodFigures;
  year: PeriodFigures | null;
  next_year: PeriodFigures | null;
}

/** The stored columns, the estimate date (the shard's key) first; each period is a tuple of its figures. */
export const PUBLISHED_ESTIMATES_COLUMNS = [
  "estimate_date",
  "id",
  "firm",
  "analyst",
  "rating",
  "target_price",
  "prior_target_price",
  "source_event_id",
  "reason",
  "quarter",
  "year",
  "next_year",
] as const satisfies readonly (keyof PublishedEstimates)[];

type StoredFigures = [string, string, number, number, number | null, number | null];
type Stored = Omit<PublishedEstimates, "quarter" | "year" | "next_year"> & {
  quarter: StoredFigures;
  year: StoredFigures | null;
  next_year: StoredFigures | null;
};

// Tuples, not maps: packing a map per period would cost the build most of what one row saves.
const tuple = (f: PeriodFigures | null): StoredFigures | null =>
  f && [f.fiscal_period, f.report_period, f.eps, f.revenue, f.eps_revision_pct, f.revenue_revision_pct];

/** A publication as a shard row, in column order. */
export function publishedEstimatesRow(p: PublishedEstimates): Row {
  return PUBLISHED_ESTIMATES_COLUMNS.map((c) =>
    c === "quarter" || c === "year" || c === "next_year" ? tuple(p[c]) : p[c],
  );
}

/**
 * The served rows of a stored publication, in the order of their ids: the quarter's EPS and
 * revenue, then the fiscal year's, then the next fiscal year's.
 */
export function servedEstimates(ticker: string, stored: Record<string, unknown>): AnalystEstimate[] {
  const p = stored as Stored;
  const periods: [AnalystEstimate["period"], StoredFigures | null][] = [
    ["quarterly", p.quarter],
    ["annual", p.year],
    ["annual", p.next_year],
  ];
  return periods.flatMap(([period, figures], k) => {
    if (!figures) return [];
    const [fiscal_period, report_period, eps, revenue, epsRevision, revenueRevision] = figures;
    const row = (
      n: number,
      metric_name: AnalystEstimate["metric_name"],
      estimate: number,
      revision_pct: number | null,
    ): AnalystEstimate => ({
      estimate_date: p.estimate_date,
      id: `${p.id}-${2 * k + n}`,
      ticker,
      firm: p.firm,
      analyst: p.analyst,
      fiscal_period,
      period,
      report_period,
      metric_name,
      estimate,
      currency: "USD",
      rating: p.rating,
      target_price: p.target_price,
      prior_target_price: p.prior_target_price,
      revision_pct,
      metadata: { source_event_id: p.source_event_id, reason: p.reason },
    });
    return [row(1, "earnings_per_share", eps, epsRevision), row(2, "revenue", revenue, revenueRevision)];
  });
}
