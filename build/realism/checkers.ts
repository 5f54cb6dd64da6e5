// The realism statistics (REALISM.md Tiers 1-5), one module per tier, fed in the build's streamed
// company pass beside the families' Tier 0 rules (build/pipeline/validate.ts). Each checker's checks follow
// those of the family whose rows it measures, in this order: the order of the published reports.
import type { Checker } from "../families/family.ts";
import type { Scratch } from "../pipeline/scratch.ts";
import type { Company, World } from "../pipeline/world.ts";
import { singleSeries } from "./tier1.ts";
import { crossSection, fundTracking, indexWeight } from "./tier2.ts";
import { earningsAndAnalysts } from "./tier3.ts";
import { corporateActionRates, fundamentals } from "./tier4.ts";
import { crisisDepth, macroTape } from "./tier5.ts";

export interface RealismChecker {
  /** The family whose rows it measures. */
  after: string;
  /** Its checker over `days`, with scratch for what a second pass over the companies needs. */
  start: (days: string[], scratch: Scratch) => Checker<World, Company>;
}

export const REALISM_CHECKERS: readonly RealismChecker[] = [
  { after: "stocks", start: corporateActionRates }, // Tier 4
  { after: "stocks", start: indexWeight }, // Tier 2
  { after: "stocks", start: singleSeries }, // Tier 1
  { after: "stocks", start: crossSection }, // Tier 2
  { after: "statements", start: fundamentals }, // Tier 4
  { after: "earnings", start: earningsAndAnalysts }, // Tier 3
  { after: "funds", start: fundTracking }, // Tier 2
  { after: "macro", start: crisisDepth }, // Tier 5
  { after: "macro", start: macroTape }, // Tier 5
];
