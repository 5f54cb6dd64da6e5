// The realism statistics (docs/realism.md), one module per tier of targets, fed in the build's streamed
// company pass beside the families' Tier 0 rules (build/pipeline/validate.ts). Each checker's checks follow
// those of the family whose rows it measures, in this order: the order of the published reports.
import type { Checker } from "../families/family.ts";
import type { Scratch } from "../ground/scratch.ts";
import type { Company, World } from "../families/registry.ts";
import { stockSeries } from "./series.ts";
import { barSeries, CapWeightedIndex, SectorVolOrdering, StockStats, indexReturnChecks } from "./returns.ts";
import { CrossSection, fundTracking, IndexWeights } from "./cross-section.ts";
import { earningsAndAnalysts } from "./earnings.ts";
import { ActionRates, fundamentals } from "./fundamentals.ts";
import { crisisDepth, macroTape } from "./macro-tape.ts";
import { newsStatistics } from "./news.ts";
import { insiderBehaviour } from "./insiders.ts";

export interface RealismChecker {
  /** The family whose rows it measures. */
  after: string;
  /** Its checker over `days`, with scratch for what a second pass over the companies needs. */
  start: (days: string[], scratch: Scratch) => Checker<World, Company>;
}

/**
 * The statistics of the stocks, in the report's order (Tier 4's dividend cuts and splits, Tier 2's
 * largest weight, Tier 1, Tier 2's cross-section), over one series per company and one index. The
 * index of Tier 1's index bands is the broad benchmark's fund (SPY: the whole market, of which the
 * world is a part), or the world's cap-weighted index where the scenario has no funds; the
 * cross-section's market is the world's index.
 */
function stockStatistics(days: string[], scratch: Scratch): Checker<World, Company> {
  const rates = new ActionRates(days);
  const weights = new IndexWeights();
  const stats = new StockStats(days.length);
  const index = new CapWeightedIndex(days.length);
  const ordering = new SectorVolOrdering();
  const section = new CrossSection(days.length, scratch);
  return {
    company: (company) => {
      rates.add(company);
      const series = stockSeries(company);
      for (const statistic of [weights, stats, index, ordering, section]) statistic.add(series);
    },
    finish: (world) => {
      const broad = world.funds.find((f) => f.spec.sector === null);
      return [
        ...rates.checks(),
        weights.check(),
        ...stats.checks(),
        ...(broad
          ? indexReturnChecks(barSeries(broad.bars), `${broad.spec.ticker}, the broad benchmark's fund`)
          : index.checks()),
        ordering.check(),
        ...section.finish(index.series().r),
      ];
    },
  };
}

export const REALISM_CHECKERS: readonly RealismChecker[] = [
  { after: "stocks", start: stockStatistics }, // Tiers 4, 2, 1, 2
  { after: "statements", start: fundamentals }, // Tier 4
  { after: "earnings", start: earningsAndAnalysts }, // Tier 3
  { after: "funds", start: fundTracking }, // Tier 2
  { after: "macro", start: crisisDepth }, // Tier 5
  { after: "macro", start: macroTape }, // Tier 5
  { after: "insiders", start: insiderBehaviour }, // Tier 3
  { after: "news", start: newsStatistics }, // Tier 6
];
