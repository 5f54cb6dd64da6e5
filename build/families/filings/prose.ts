// The prose of periodic reports (risks.yaml, mda.yaml): the risk factors of a 10-K, sector by sector,
// general and situational, and the numberless paragraphs of an MD&A around the figures the code
// writes. Checked when this module loads: no prose may write a digit, since every number a filing
// writes must be one of its records'.
import { z } from "zod";
import { SECTORS } from "../../../src/contract/vocabulary.ts";
import { readDataFile } from "../../ground/data-file.ts";

const Prose = z
  .string()
  .min(1)
  .regex(/^[^\d]*$/, "must write no digit (a filing's numbers are its records')");
const Paragraphs = z.array(Prose).min(1);
const bySector = <S extends z.ZodType>(schema: S) =>
  z.strictObject(Object.fromEntries(SECTORS.map((s) => [s, schema])) as Record<(typeof SECTORS)[number], S>);

const Risk = z.strictObject({
  /** The risk in one sentence: the heading a 10-K sets in bold. */
  title: Prose,
  /** Alternative bodies, each the whole risk in other words: one is drawn per filing. */
  bodies: z.array(Prose).min(1),
  /** Alternative further paragraphs (what it could lead to, how we manage it): one follows the body. */
  more: z.array(Prose).min(1).optional(),
});
export type Risk = z.infer<typeof Risk>;

/** The headings a 10-K groups its general risks under, in the order it states them. */
export const RISK_HEADINGS = ["operations", "legal", "financial", "stock", "general"] as const;
const GeneralRisk = Risk.extend({
  heading: z.enum(RISK_HEADINGS),
  /** Sectors whose own risks already state this one: their 10-Ks leave it out. */
  except_sectors: z.array(z.enum(SECTORS)).min(1).optional(),
});

/** The situations that add risk factors, each read from the company's records (risk-factors.ts). */
export const SITUATIONS = [
  "net_loss",
  "recurring_losses",
  "going_concern",
  "high_leverage",
  "revenue_decline",
  "pending_merger",
  "acquisition_integration",
  "litigation",
  "regulatory_action",
  "leadership_transition",
  "recent_listing",
  "bankruptcy",
] as const;
export type Situation = (typeof SITUATIONS)[number];

const Risks = z.strictObject({
  sector: bySector(z.array(Risk).min(3)),
  general: z.array(GeneralRisk).min(3),
  situational: z.strictObject(
    Object.fromEntries(SITUATIONS.map((s) => [s, z.array(Risk).min(1)])) as Record<Situation, z.ZodArray<typeof Risk>>,
  ),
});

/** One paragraph in its alternative phrasings: one is drawn per report, so that companies do not read alike. */
const Phrasings = z.array(Prose).min(2);
/** A part's paragraphs in their order, each in its phrasings. */
const Topics = z.array(Phrasings).min(1);
/** A part of an MD&A: the sector's own paragraphs, then those of every company. */
const Part = z.strictObject({ sector: bySector(Topics).optional(), general: Topics.optional() });
export type MdaPart = z.infer<typeof Part>;

const Mda = z.strictObject({
  overview: bySector(Paragraphs),
  critical_estimates: bySector(z.array(Prose).min(2)),
  liquidity: z.strictObject({ general: Paragraphs, strained: Paragraphs, ample: Paragraphs }),
  outlook: z.strictObject({ guided: Paragraphs, unguided: Paragraphs, weak: Paragraphs, strong: Paragraphs }),
  segments_intro: Paragraphs,
  charges: Paragraphs,
  quarterly_intro: Paragraphs,
  // The standard sections beyond the figures (docs/filings.md, "MD&A").
  /** After the overview: how the statements are presented, then management's priorities. */
  presentation: Part,
  priorities: Part,
  environment: Part,
  kpis: Part,
  seasonality: Part,
  inflation: Part,
  currency: Part,
  regulation: Part,
  /** Known trends and uncertainties (before the outlook). */
  trends: Part,
  /** Before the figures of the results. */
  results_intro: Part,
  /** What affects the comparability of periods (a 10-K). */
  comparability: Part,
  revenue_drivers: Part,
  /** What moves the gross and operating margins, after them. */
  margin_drivers: Part,
  /** What drives each cost line, written after its figures. */
  cost_drivers: z.strictObject({
    cost_of_revenue: Part,
    selling_general_and_administrative_expenses: Phrasings,
    research_and_development: Phrasings,
    interest_expense: Phrasings,
    income_tax: Phrasings,
  }),
  /** Income and expense outside operating income, after the cost lines. */
  other_income: Part,
  /** The diluted share count, after the tax. */
  shares: Part,
  /** After the segments' figures: the costs they do not carry (a 10-K). */
  segments_closing: Part,
  /** How management plans liquidity (a 10-K). */
  liquidity_outlook: Part,
  /** The company's situation as its records give it: a loss, falling revenue, high leverage. */
  situations: z.strictObject({ net_loss: Phrasings, revenue_decline: Phrasings, high_leverage: Phrasings }),
  capital: z.strictObject({
    sources_and_uses: Part,
    capital_expenditures: Part,
    debt: Part,
    /** In place of `debt` when the balance sheet carries none. */
    no_debt: Part,
    dividends: Part,
    no_dividends: Part,
    cash_requirements: Part,
    off_balance_sheet: Part,
  }),
  /** Before and after the sector's critical accounting estimates. */
  estimates: z.strictObject({ intro: Phrasings, general: Phrasings }),
  pronouncements: Part,
  market_risk: Part,
  forward_looking: Part,
});

export const RISKS = readDataFile(new URL("./risks.yaml", import.meta.url), Risks);
export const MDA_PROSE = readDataFile(new URL("./mda.yaml", import.meta.url), Mda);
