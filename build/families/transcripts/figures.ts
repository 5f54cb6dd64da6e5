// What an earnings call may state: its records (the release's row and the year-ago quarter's, the
// guidance given with it, the quarter's business segments and KPIs) and the figures they give,
// formatted as amounts.ts writes them. The model writes only these figures; the check recomputes
// them from the same records, so a call can state only what its records say.
import type { CompanyFacts } from "../../../src/bundle/types.ts";
import type { Earnings, KpiGuidance } from "../../../src/families/earnings/rows.ts";
import type { KpiField } from "../../../src/families/kpis/rows.ts";
import type { Segment } from "../../../src/families/segments/rows.ts";
import { amount, count, perShare, percent } from "../../models/amounts.ts";
import type { Sentiment } from "../../models/artifacts.ts";
import type { PublicEvent } from "../../models/events.ts";
import { CALLS, type KpiSaying } from "./calls.ts";

/** A covering analyst on the call: their firm's latest publication before it. */
export interface CallAnalyst {
  name: string;
  firm: string;
  rating: "buy" | "hold" | "sell";
}

/** Everything a call states comes from these. */
export interface CallRecords {
  facts: CompanyFacts;
  event: PublicEvent;
  earnings: Earnings;
  /** The same quarter a year earlier, when public by the call. */
  yearAgo?: Earnings;
  /** Guidance given with this release (`/kpi/guidance` rows of its event). */
  guidance: KpiGuidance[];
  /** The quarter's business segments, and the year-ago quarter's (`/financials/segments`). */
  segments: Segment[];
  yearAgoSegments: Segment[];
  /** The quarter's KPIs that the company reports (`/kpi/metrics`), by field. */
  kpis: [KpiField, number][];
  ceo: string;
  cfo: string;
  /** The investor-relations head (invented, one per company). */
  ir: string;
  analysts: CallAnalyst[];
}

/** The mood executives describe: strong, steady or weak, from the market's months before the call (environmentOf). */
export type Environment = "strong" | "steady" | "weak";

export type Figures = Record<string, string>;

/** A fraction as a signed percentage: margins can be negative ("-4.2%"). */
const signedPercent = (x: number) => `${x < 0 ? "-" : ""}${percent(x)}`;

/** A KPI's value as a call says it. */
export function kpiFigure(saying: KpiSaying, value: number): string {
  switch (saying.unit) {
    case "money":
      return amount(value);
    case "count":
      return count(value);
    case "percent":
      return signedPercent(value);
    case "price":
      return perShare(value);
    case "ratio":
      return value.toFixed(2);
  }
}

const margin = (numerator: number, revenue: number) => (revenue > 0 ? numerator / revenue : null);

/** The year-ago segment of the same name. */
const segmentYearAgo = (r: CallRecords, s: Segment) => r.yearAgoSegments.find((y) => y.segment === s.segment);

/** The quarter's figures: the release's, its year-ago comparisons, its cash flows and balance sheet. */
function quarterFigures(r: CallRecords, out: Figures): void {
  const q = r.earnings.quarterly;
  const ya = r.yearAgo?.quarterly;
  out.fiscal_year = r.earnings.fiscal_period.slice(-4);
  out.revenue = amount(q.revenue);
  out.eps = perShare(q.earnings_per_share);
  out.net_income = amount(q.net_income);
  if (ya && ya.revenue > 0) out.revenue_growth = percent(q.revenue / ya.revenue - 1);
  if (q.estimated_earnings_per_share !== null) out.estimated_eps = perShare(q.estimated_earnings_per_share);
  if (q.estimated_revenue !== null) out.estimated_revenue = amount(q.estimated_revenue);
  if (q.eps_surprise_pct !== null && q.eps_surprise_pct !== 0) out.eps_surprise = percent(q.eps_surprise_pct);
  const gross = margin(q.gross_profit, q.revenue);
  const operating = margin(q.operating_income, q.revenue);
  if (gross !== null) out.gross_margin = signedPercent(gross);
  if (operating !== null) out.operating_margin = signedPercent(operating);
  const before = ya && margin(ya.operating_income, ya.revenue);
  const bps = operating !== null && before != null ? Math.round((operating - before) * 10_000) : 0;
  if (bps !== 0) out.margin_change_bps = count(Math.abs(bps));
  if (q.net_cash_flow_from_operations !== null) out.operating_cash_flow = amount(q.net_cash_flow_from_operations);
  if (q.capital_expenditure !== null && q.capital_expenditure !== 0)
    out.capex = amount(Math.abs(q.capital_expenditure));
  if (q.free_cash_flow !== null) out.free_cash_flow = amount(q.free_cash_flow);
  if (q.cash_and_equivalents !== null) out.cash = amount(q.cash_and_equivalents);
  if (q.total_debt !== null && q.total_debt > 0) out.debt = amount(q.total_debt);
}

/** The guidance given with the release, as `/kpi/guidance` serves it. */
function guidanceFigures(r: CallRecords, out: Figures): void {
  for (const g of r.guidance) {
    const write = g.metric_name === "earnings_per_share" ? perShare : amount;
    const name = g.metric_name === "earnings_per_share" ? "eps" : "revenue";
    out.guidance_year = g.period.slice(-4);
    out[`${name}_low`] = write(g.low);
    out[`${name}_high`] = write(g.high);
    if (g.prior_value !== null) out[`${name}_prior`] = write(g.prior_value);
  }
}

/**
 * The figures of a call, by name: each segment's under `segment_<k>_...` (k its place among the
 * business segments) and each KPI's under `kpi_<field>`; the model names the one a sentence states
 * `segment_revenue` or `kpi_value` (segmentFigures, kpiFigures).
 */
export function callFigures(r: CallRecords): Figures {
  const out: Figures = {};
  quarterFigures(r, out);
  guidanceFigures(r, out);
  const revenue = r.earnings.quarterly.revenue;
  r.segments.forEach((s, k) => {
    out[`segment_${k}_revenue`] = amount(s.revenue);
    if (revenue > 0) out[`segment_${k}_share`] = percent(s.revenue / revenue);
    const before = segmentYearAgo(r, s);
    if (before && before.revenue > 0) out[`segment_${k}_growth`] = percent(s.revenue / before.revenue - 1);
  });
  for (const [field, value] of r.kpis) out[`kpi_${field}`] = kpiFigure(CALLS.kpis[field], value);
  return out;
}

/** The figures with segment `k`'s as `segment_revenue`, `segment_share` and `segment_growth`. */
export function segmentFigures(fig: Figures, k: number): Figures {
  const out = { ...fig };
  for (const m of ["revenue", "share", "growth"]) {
    const v = fig[`segment_${k}_${m}`];
    if (v !== undefined) out[`segment_${m}`] = v;
  }
  return out;
}

/** The figures with a KPI's value as `kpi_value`. */
export const kpiFigures = (fig: Figures, field: KpiField): Figures => ({ ...fig, kpi_value: fig[`kpi_${field}`] });

/** Whether segment `k` grew against its year-ago quarter. */
export const segmentGrew = (r: CallRecords, k: number) => {
  const before = segmentYearAgo(r, r.segments[k]);
  return !before || r.segments[k].revenue >= before.revenue;
};

/** The call's tone: the EPS surprise's sign, neutral within 1% of the consensus or without one. */
export function callSentiment(r: CallRecords): Sentiment {
  const pct = r.earnings.quarterly.eps_surprise_pct;
  return pct === null || Math.abs(pct) < 0.01 ? "neutral" : pct > 0 ? "positive" : "negative";
}

/** The mood the market sets: its return over the months before the call (the public macro tape) against calls.yaml's bounds. */
export function environmentOf(marketReturn: number): Environment {
  const { strong, weak } = CALLS.environment;
  return marketReturn > strong ? "strong" : marketReturn < weak ? "weak" : "steady";
}

/** The records a call's figures come from, as its validation names them. */
export function callRecordNames(r: CallRecords): string[] {
  const t = r.facts.ticker;
  const out = [`earnings ${r.earnings.accession_number}`];
  if (r.yearAgo) out.push(`earnings ${r.yearAgo.accession_number}`);
  if (r.guidance.length) out.push(`kpi/guidance ${t} ${r.event.event_date}`);
  if (r.segments.length) out.push(`financials/segments ${t} ${r.earnings.report_period}`);
  if (r.kpis.length) out.push(`kpi/metrics ${t} ${r.earnings.report_period}`);
  out.push(`macro ${r.event.event_date}`);
  return out;
}
