// Index funds tracking benchmarks of the whole market (broad and by sector), of which the universe's
// companies are a part: the benchmark follows the market factor (and the sector's). Their bars are
// served by the prices family; here are their compositions, one shard per fund and year, each
// rebalance public from its date. Gathered over the company pass: the members' caps summed by day
// (what the benchmark's whole market adds them to) and each member's size on each rebalance day,
// spilled by year for the compositions.
import { FUND_HOLDING_FIELDS } from "../../../src/families/funds/shards.ts";
import { SHARDS } from "../../../src/families/shards.ts";
import { yearOf } from "../../../src/bundle/shards.ts";
import { indexMarketCap } from "../../models/anchors.ts";
import {
  benchmarkPath,
  composition,
  fundPath,
  fundSpecs,
  indexCapPath,
  rebalanceDays,
  type Composition,
  type FundPath,
  type FundSpec,
  type MemberSize,
} from "./model.ts";
import type { Row } from "../../../src/bundle/shard.ts";
import { corr, logReturns } from "../../models/statistics.ts";
import { ruleCheck } from "../../ground/rules.ts";
import { SECTOR_BETA } from "../../models/prices.ts";
import type { Calendar, CompanyBase, Family, Gatherer, Scenario } from "../../ground/family.ts";
import { sectorTilt } from "../../models/market.ts";
import type { Factors } from "../market/family.ts";
import type { Stock } from "../stocks/family.ts";
import type { Universe } from "../universe/family.ts";

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

type Reads = Calendar & Universe & Factors;

/** The part of a sector's tilt its businesses carry (the rerating is in its factor). */
const businessTilt = (tilt: ReturnType<typeof sectorTilt>) => tilt.margin + tilt.shares + tilt.sales;

const isMember = (spec: FundSpec, sector: string) => spec.sector === null || spec.sector === sector;

function gatherFunds(
  { days, companies, market, sectors }: Reads,
  { source, rng, scratch }: Scenario,
): Gatherer<CompanyBase & Stock, Funds> {
  const sectorCounts = new Map<string, number>();
  for (const c of companies) sectorCounts.set(c.sector, (sectorCounts.get(c.sector) ?? 0) + 1);
  const specs = source.universe.index_funds ? fundSpecs(sectorCounts) : [];
  const n = days.length;
  const rebalances = rebalanceDays(days);
  /** Per fund and day, the sum of its members' caps (summed in ticker order, as companies pass). */
  const totals = specs.map(() => new Float64Array(n));
  /** Rows [day index, ticker, sector, cap, close] by year of the rebalance. */
  const sizes = scratch.rows();

  return {
    add: ({ facts, stock: { bars, shares, first = 0 } }) => {
      if (specs.length === 0) return;
      // A company that leaves the world stops at its last day: the line for the constituents outside
      // the world takes its weight from the next rebalance (its replacement is not in the world). One
      // that lists inside it joins at the first rebalance after its first day.
      const caps = bars.map((b, i) => b.close * shares[i]);
      specs.forEach((spec, f) => {
        if (isMember(spec, facts.sector)) for (let i = first; i < caps.length; i++) totals[f][i] += caps[i];
      });
      for (const i of rebalances) {
        if (i >= first && i < bars.length)
          sizes.append(yearOf(days[i]), [[i, facts.ticker, facts.sector, caps[i], bars[i].close]]);
      }
    },
    finish: () => {
      const years = [...new Set(rebalances.map((i) => yearOf(days[i])))];
      return {
        funds: specs.map((spec, f) => {
          const sector = spec.sector;
          const benchmark = benchmarkPath(
            market,
            sector === null
              ? undefined
              : {
                  factor: sectors.get(sector)!,
                  beta: SECTOR_BETA[sector] ?? 1,
                  businessTilt: businessTilt(sectorTilt(source, sector, n)),
                },
          );
          const indexCap = indexCapPath(indexMarketCap(days[0], sector), benchmark.returns, totals[f]);
          const fund = fundPath(spec, days, benchmark, indexCap, rng.fork(`fund/${spec.ticker}`));
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
            // By day: a company that lists inside the world first appears at a later rebalance.
            return [...byDay].sort(([a], [b]) => a - b).map(([i, members]) => composition(fund, i, members));
          };
          return { ...fund, compositions: { years, of } };
        }),
      };
    },
  };
}

/** The least daily correlation of a broad fund's return with the market factor's (the benchmark is the market). */
const MIN_MARKET_CORR = 0.99;

/**
 * The benchmark is the market: each broad fund's daily log return correlates with the market
 * factor's (the macro tape's market_return) at MIN_MARKET_CORR or more; and each composition is the
 * world's members and one last line for the constituents outside the world, weighing more than 0,
 * the whole summing to 1 (up to the rounding of each weight to 1e-6).
 */
function benchmarkChecks({ funds, market }: Reads & Funds) {
  const broad = funds.filter((f) => f.spec.sector === null);
  const loose = broad
    .map((f) => [f.spec.ticker, corr(logReturns(f.bars.map((b) => b.close)), market.returns.slice(1))] as const)
    .filter(([, c]) => !(c >= MIN_MARKET_CORR))
    .map(([ticker, c]) => `${ticker} ${c.toFixed(4)}`);
  const broken: string[] = [];
  let compositions = 0;
  for (const f of funds) {
    for (const year of f.compositions.years) {
      for (const c of f.compositions.of(year)) {
        compositions++;
        const outside = c.holdings.at(-1);
        const sum = c.holdings.reduce((s, h) => s + h.weight, 0);
        const ok =
          outside?.holding_ticker === null &&
          outside.shares === null &&
          outside.weight > 0 &&
          c.holdings.slice(0, -1).every((h) => h.holding_ticker !== null) &&
          Math.abs(sum - 1) <= 5e-7 * c.holdings.length;
        if (!ok) broken.push(`${f.spec.ticker} ${c.as_of}`);
      }
    }
  }
  return [
    ruleCheck(
      "fund_benchmark_is_market",
      "funds",
      loose,
      broad.length,
      `each broad fund's daily return correlates with the market factor's at ${MIN_MARKET_CORR} or more`,
    ),
    ruleCheck(
      "fund_composition_outside_world",
      "funds",
      broken,
      compositions,
      "each composition is the world's members at their weights in the benchmark's market and a last line for the constituents outside the world, weighing more than 0; the weights sum to 1",
    ),
  ];
}

export const funds: Family<Reads, Funds, Stock> = {
  name: "funds",
  gather: gatherFunds,
  checks: benchmarkChecks,
  context: (world, cut) => ({
    funds: world.funds.map((f) => ({
      spec: f.spec,
      bars: f.bars.slice(0, cut.days),
      benchmarkLevel: f.benchmarkLevel.slice(0, cut.days),
      aum: f.aum,
      indexCap: f.indexCap.slice(0, cut.days),
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
