// The stocks' statistics as one checker: actions, index weights, returns and the cross-section,
// measured over one series per company and one index as the company pass goes.
import type { Checker } from "../../ground/family.ts";
import type { Scratch } from "../../ground/scratch.ts";
import type { Company, World } from "../registry.ts";
import { stockSeries } from "./series.ts";
import { barSeries, CapWeightedIndex, SectorVolOrdering, StockStats, indexReturnChecks } from "./realism-returns.ts";
import { CrossSection, IndexWeights } from "./realism-cross-section.ts";
import { ActionRates } from "./realism-actions.ts";

/**
 * The statistics of the stocks, in the report's order (Tier 4's dividend cuts and splits, Tier 2's
 * largest weight, Tier 1, Tier 2's cross-section), over one series per company and one index. The
 * index of Tier 1's index bands is the broad benchmark's fund (SPY: the whole market, of which the
 * world is a part), or the world's cap-weighted index where the scenario has no funds; the
 * cross-section's market is the world's index.
 */
export function stockStatistics(days: string[], scratch: Scratch): Checker<World, Company> {
  const rates = new ActionRates();
  const weights = new IndexWeights();
  const stats = new StockStats(days.length);
  const index = new CapWeightedIndex(days.length);
  const ordering = new SectorVolOrdering();
  const section = new CrossSection(days.length, scratch);
  return {
    company: (company) => {
      rates.add(company);
      // A company that lists inside the world has no whole series: its days before are hidden.
      if ((company.stock.first ?? 0) > 0) return;
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
