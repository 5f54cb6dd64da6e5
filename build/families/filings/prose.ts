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
  /** The risk in one sentence: the heading a 10-K sets in italics. */
  title: Prose,
  /** Alternative bodies, each the whole risk in other words: one is drawn per filing. */
  bodies: z.array(Prose).min(1),
});
export type Risk = z.infer<typeof Risk>;

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
  general: z.array(Risk).min(3),
  situational: z.strictObject(
    Object.fromEntries(SITUATIONS.map((s) => [s, z.array(Risk).min(1)])) as Record<Situation, z.ZodArray<typeof Risk>>,
  ),
});

const Mda = z.strictObject({
  overview: bySector(Paragraphs),
  critical_estimates: bySector(z.array(Prose).min(2)),
  liquidity: z.strictObject({ general: Paragraphs, strained: Paragraphs, ample: Paragraphs }),
  outlook: z.strictObject({ guided: Paragraphs, unguided: Paragraphs, weak: Paragraphs, strong: Paragraphs }),
  segments_intro: Paragraphs,
  charges: Paragraphs,
  quarterly_intro: Paragraphs,
});

export const RISKS = readDataFile(new URL("./risks.yaml", import.meta.url), Risks);
export const MDA_PROSE = readDataFile(new URL("./mda.yaml", import.meta.url), Mda);
