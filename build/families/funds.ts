// Index funds tracking cap-weighted benchmarks of the universe (broad and by sector). Their bars are
// served by the prices family; here are their compositions, one shard per fund and year, each rebalance
// public from its date.
import { FUND_HOLDING_FIELDS, SHARDS, yearOf } from "../../src/bundle/shards.ts";
import { fundPath, fundSpecs, type FundPath } from "../generate/funds.ts";
import { fundChecks } from "../realism.ts";
import type { Calendar, Family } from "./family.ts";
import { groupBy } from "./rows.ts";
import type { Stocks } from "./stocks.ts";
import type { Universe } from "./universe.ts";

export interface Funds {
  funds: FundPath[];
}

export const funds: Family<Calendar & Universe & Stocks, Funds> = {
  name: "funds",
  generate: ({ days, companies, stocks }, { source, rng }) => {
    if (!source.universe.index_funds) return { funds: [] };
    const sectorCounts = new Map<string, number>();
    for (const c of companies) sectorCounts.set(c.sector, (sectorCounts.get(c.sector) ?? 0) + 1);
    return {
      funds: fundSpecs(sectorCounts).map((spec) => {
        const members = new Map(
          [...stocks].filter(
            ([t]) => spec.sector === null || companies.find((c) => c.ticker === t)!.sector === spec.sector,
          ),
        );
        return fundPath(spec, days, members, rng.fork(`fund/${spec.ticker}`));
      }),
    };
  },
  context: (world, cut) => ({
    funds: world.funds.map((f) => ({
      spec: f.spec,
      bars: f.bars.slice(0, cut.days),
      benchmarkLevel: f.benchmarkLevel.slice(0, cut.days),
      compositions: f.compositions.filter((c) => c.as_of <= cut.date),
    })),
  }),
  shards: (world, emit) => {
    for (const fund of world.funds) {
      const rows = fund.compositions.map((c) => [c.as_of, c.holdings.map((h) => FUND_HOLDING_FIELDS.map((f) => h[f]))]);
      for (const [year, group] of groupBy(rows, (r) => yearOf(r[0] as string))) {
        emit(SHARDS.funds, `${fund.spec.ticker}/${year}`, group);
      }
    }
  },
  manifest: (world) => ({
    instruments: { funds: world.funds.map((f) => f.spec.ticker).sort() },
    funds: world.funds.map((f) => ({
      ticker: f.spec.ticker,
      name: f.spec.name,
      issuer: f.spec.issuer,
      benchmark: f.spec.benchmark,
      expense_ratio: f.spec.expenseRatio,
    })),
  }),
  checks: (world) =>
    fundChecks(
      world.funds.map((f) => ({
        ticker: f.spec.ticker,
        close: f.bars.map((b) => b.close),
        benchmarkLevel: f.benchmarkLevel,
        expenseRatio: f.spec.expenseRatio,
      })),
    ),
};
