// Index funds tracking cap-weighted benchmarks of the universe (broad and by sector). Their bars are
// served by the prices family; here are their compositions, one shard per fund and year, each
// rebalance public from its date. Gathered over the company pass: the members' caps summed by day,
// each member's caps and adjusted closes spilled for the benchmark's returns (weights need the day's
// total first), and its size on each rebalance day spilled by year for the compositions.
import { FUND_HOLDING_FIELDS, SHARDS, yearOf } from "../../src/bundle/shards.ts";
import {
  composition,
  fundPath,
  fundSpecs,
  rebalanceDays,
  type Composition,
  type FundPath,
  type FundSpec,
  type MemberSize,
} from "../models/funds.ts";
import type { Row } from "../../src/bundle/shard.ts";
import type { Calendar, CompanyBase, Family, Gatherer, Scenario } from "./family.ts";
import type { Stock } from "./stocks.ts";
import type { Universe } from "./universe.ts";

/** An index fund: its bars, and its compositions read a year at a time (all of them grow with universe x history). */
export interface IndexFund extends FundPath {
  compositions: {
    /** Years with a rebalance, ascending. */
    years: string[];
    of: (year: string) => Composition[];
  };
}

export interface Funds {
  funds: IndexFund[];
}

type Reads = Calendar & Universe;

const isMember = (spec: FundSpec, sector: string) => spec.sector === null || spec.sector === sector;

function gatherFunds(
  { days, companies }: Reads,
  { source, rng, scratch }: Scenario,
): Gatherer<CompanyBase & Stock, Funds> {
  const sectorCounts = new Map<string, number>();
  for (const c of companies) sectorCounts.set(c.sector, (sectorCounts.get(c.sector) ?? 0) + 1);
  const specs = source.universe.index_funds ? fundSpecs(sectorCounts) : [];
  const n = days.length;
  const rebalances = rebalanceDays(days);
  /** Per fund and day, the sum of its members' caps (summed in ticker order, as companies pass). */
  const totals = specs.map(() => new Float64Array(n));
  const sectors: string[] = [];
  const series = scratch.records(2 * n);
  /** Rows [day index, ticker, sector, cap, close] by year of the rebalance. */
  const sizes = scratch.rows();

  return {
    add: ({ facts, stock: { bars, shares } }) => {
      if (specs.length === 0) return;
      const record = new Float64Array(2 * n);
      for (let i = 0; i < n; i++) {
        record[i] = bars[i].close * shares[i];
        record[n + i] = bars[i].adjusted_close;
      }
      specs.forEach((spec, f) => {
        if (isMember(spec, facts.sector)) for (let i = 0; i < n; i++) totals[f][i] += record[i];
      });
      series.append(record);
      sectors.push(facts.sector);
      for (const i of rebalances) {
        sizes.append(yearOf(days[i]), [[i, facts.ticker, facts.sector, record[i], bars[i].close]]);
      }
    },
    finish: () => {
      // Each day's benchmark return: the members' returns weighted by the previous day's caps.
      const returns = specs.map(() => new Float64Array(n));
      let k = 0;
      for (const record of series.read()) {
        specs.forEach((spec, f) => {
          if (!isMember(spec, sectors[k])) return;
          const r = returns[f];
          const total = totals[f];
          for (let i = 1; i < n; i++) r[i] += (record[i - 1] / total[i - 1]) * (record[n + i] / record[n + i - 1] - 1);
        });
        k++;
      }
      const years = [...new Set(rebalances.map((i) => yearOf(days[i])))];
      return {
        funds: specs.map((spec, f) => {
          const fund = fundPath(spec, days, returns[f], rng.fork(`fund/${spec.ticker}`));
          const of = (year: string): Composition[] => {
            const byDay = new Map<number, MemberSize[]>();
            for (const [i, ticker, sector, cap, close] of sizes.read(year) as [
              number,
              string,
              string,
              number,
              number,
            ][]) {
              if (!isMember(spec, sector)) continue;
              const members = byDay.get(i);
              if (members) members.push({ ticker, cap, close });
              else byDay.set(i, [{ ticker, cap, close }]);
            }
            return [...byDay].map(([i, members]) => composition(fund, i, members, totals[f][i]));
          };
          return { ...fund, compositions: { years, of } };
        }),
      };
    },
  };
}

export const funds: Family<Reads, Funds, Stock> = {
  name: "funds",
  gather: gatherFunds,
  context: (world, cut) => ({
    funds: world.funds.map((f) => ({
      spec: f.spec,
      bars: f.bars.slice(0, cut.days),
      benchmarkLevel: f.benchmarkLevel.slice(0, cut.days),
      aum: f.aum,
      compositions: {
        years: f.compositions.years.filter((y) => y <= cut.date.slice(0, 4)),
        of: (year) => f.compositions.of(year).filter((c) => c.as_of <= cut.date),
      },
    })),
  }),
  shards: (world, emit) => {
    for (const fund of world.funds) {
      for (const year of fund.compositions.years) {
        const rows: Row[] = fund.compositions
          .of(year)
          .map((c) => [c.as_of, c.holdings.map((h) => FUND_HOLDING_FIELDS.map((f) => h[f]))]);
        emit.write(SHARDS.funds, `${fund.spec.ticker}/${year}`, rows);
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
};
