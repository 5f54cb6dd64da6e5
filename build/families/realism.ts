// The realism checkers (docs/realism.md): one list naming, for each family's statistics, the family
// whose rows they measure. They are fed in the build's streamed company pass beside the families' rules
// (build/pipeline/validate.ts), and each checker's checks follow those of its family, in this order:
// the order of the published reports.
import type { Checker } from "../ground/family.ts";
import type { Scratch } from "../ground/scratch.ts";
import type { Company, World } from "./registry.ts";
import { stockStatistics } from "./stocks/realism.ts";
import { fundTracking } from "./stocks/realism-cross-section.ts";
import { earningsAndAnalysts } from "./earnings/realism.ts";
import { fundamentals } from "./statements/realism.ts";
import { crisisDepth, macroTape } from "./macro/realism.ts";
import { cryptoStatistics } from "./crypto/realism.ts";
import { newsStatistics } from "./news/realism.ts";
import { insiderBehaviour } from "./insiders/realism.ts";
import { exitStatistics } from "./exits/realism.ts";
import { listingStatistics } from "./listings/realism.ts";
import { callLengths } from "./transcripts/realism.ts";
import { filingLengths } from "./filings/realism.ts";

export interface RealismChecker {
  /** The family whose rows it measures. */
  after: string;
  /** Its checker over `days`, with scratch for what a second pass over the companies needs. */
  start: (days: string[], scratch: Scratch) => Checker<World, Company>;
}

export const REALISM_CHECKERS: readonly RealismChecker[] = [
  { after: "stocks", start: stockStatistics }, // Tiers 4, 2, 1, 2
  { after: "prices", start: exitStatistics }, // exits: rates, deals, failures
  { after: "prices", start: listingStatistics }, // listings: first days, how many list
  { after: "statements", start: fundamentals }, // Tier 4
  { after: "earnings", start: earningsAndAnalysts }, // Tier 3
  { after: "funds", start: fundTracking }, // Tier 2
  { after: "macro", start: crisisDepth }, // Tier 5
  { after: "macro", start: macroTape }, // Tier 5
  { after: "crypto", start: cryptoStatistics }, // crypto assets
  { after: "insiders", start: insiderBehaviour }, // Tier 3
  { after: "filings", start: filingLengths }, // Tier 6
  { after: "news", start: newsStatistics }, // Tier 6
  { after: "transcripts", start: callLengths }, // Tier 6
];
