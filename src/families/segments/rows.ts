// Segment statements (docs/api-choices.md, "Response keys the contract leaves open"): each
// statement row adds `segments`, the period broken out by business line and by region as a GAAP
// segment note (ASC 280) gives it. Every segment carries the same measures on every statement
// route, and the measures of one segment_type sum exactly to the statement's lines.
import { z } from "zod";

/** Each measure of a segment, and the statement line its segments of one type sum to. */
export const SEGMENT_MEASURES = {
  revenue: "income_statement.revenue",
  operating_income: "income_statement.operating_income",
  total_assets: "balance_sheet.total_assets",
  capital_expenditure: "cash_flow_statement.capital_expenditure",
  depreciation_and_amortization: "cash_flow_statement.depreciation_and_amortization",
} as const;
export type SegmentMeasure = keyof typeof SEGMENT_MEASURES;

const measure = (m: SegmentMeasure, what: string) =>
  z.number().meta({ description: `${what}; the segments of one type sum to ${SEGMENT_MEASURES[m]}.` });

export const Segment = z
  .object({
    segment: z.string().meta({ description: "The segment's name.", example: "Cloud Services" }),
    segment_type: z
      .enum(["business", "geographic"])
      .meta({ description: "A business line or a region: each type adds up to the whole.", example: "business" }),
    revenue: measure("revenue", "Revenue of the period"),
    operating_income: measure("operating_income", "Operating income of the period"),
    total_assets: measure("total_assets", "Assets at the period's end"),
    capital_expenditure: measure("capital_expenditure", "Capital expenditure of the period (negative)"),
    depreciation_and_amortization: measure("depreciation_and_amortization", "Depreciation and amortization"),
  })
  .meta({ id: "Segment", description: "One segment of a period (USD)." });
export type Segment = z.infer<typeof Segment>;

export const SEGMENTS_FIELD = z
  .array(Segment)
  .meta({ description: "The period by business segment, then by region; each type sums to the statement." });
