// Stocks of the universe's companies: factor-model prices with their corporate actions (dividends
// and splits, served per ticker and market-wide; public once announced), one company at a time.
// The stocks' bars are served by the prices family; here are the action shards and the checks on
// stocks, streamed: per-stock rules and statistics as each company passes, the index and the
// cross-section from running sums and a scratch spill.
import { SHARDS } from "../../src/bundle/shards.ts";
import type { ValidationCheck } from "../../src/bundle/types.ts";
import { CrossSection } from "../cross-section.ts";
import { sectorMedianVol } from "../generate/anchors.ts";
import { businessValueByDay } from "../generate/fundamentals.ts";
import { idioVolMultiplierFor, stockPath, type StockPath } from "../generate/prices.ts";
import { shareCountPath } from "../generate/share-count.ts";
import {
  bandCheck,
  CapWeightedIndex,
  median,
  SectorVolOrdering,
  skipped,
  StockStats,
  type StockSeries,
} from "../realism.ts";
import type { Scratch } from "../scratch.ts";
import type { CompanyCore } from "./company.ts";
import type { CompanyEventsPart, Events } from "./events.ts";
import type { Calendar, Checker, CompanyBase, Family } from "./family.ts";
import { sectorTilt, type Factors } from "./market.ts";
import type { HiddenMacro } from "./regimes.ts";
import { emitTickerAndYears } from "./rows.ts";
import { RuleTally } from "./tier0.ts";
import type { Universe } from "./universe.ts";

export interface Stock {
  stock: StockPath;
}

type Reads = Calendar & Universe & HiddenMacro & Events & Factors;
type Company = CompanyBase & CompanyCore & CompanyEventsPart & Stock;

/** adjusted_close must restate exactly the splits and dividends of the corporate actions. */
function adjustedCloseRule(tally: RuleTally, { facts, stock }: Company): void {
  const exDividend = new Map(
    stock.actions.filter((a) => a.action_type === "dividend").map((a) => [a.ex_date, a.details.amount as number]),
  );
  const exSplit = new Map(
    stock.actions.filter((a) => a.action_type === "split").map((a) => [a.ex_date, a.details.ratio as number]),
  );
  for (let t = 1; t < stock.bars.length; t++) {
    tally.rows++;
    const b = stock.bars[t];
    const prev = stock.bars[t - 1];
    // Ratio of adjustment factors between consecutive days is the day's action factor.
    const expected = (1 - (exDividend.get(b.time) ?? 0) / prev.close) / (exSplit.get(b.time) ?? 1);
    const observed = prev.adjusted_close / prev.close / (b.adjusted_close / b.close);
    if (Math.abs(observed / expected - 1) > 1e-4) tally.violation(`${facts.ticker} ${b.time}`);
  }
}

function actionDateRule(tally: RuleTally, { stock }: Company): void {
  for (const a of stock.actions) {
    tally.rows++;
    const ordered =
      a.announcement_date < a.ex_date &&
      (a.action_type === "split" || (a.record_date >= a.ex_date && a.payable_date > a.record_date));
    if (!ordered) tally.violation(`${a.ticker} ${a.action_type} ${a.ex_date}`, `${a.ticker} ${a.ex_date} ${a.id}`);
  }
}

/** Volume on earnings reaction days over the trailing 20-day median (REALISM Tier 3: 1.5-3x), per release. */
function eventVolumeRatios({ events, stock }: Company): number[] {
  const ratios: number[] = [];
  const bars = stock.bars;
  for (const e of events) {
    if (e.event_type !== "earnings_release") continue;
    const d = e.effect.reactionDay;
    // A context view may end before the reaction to its last releases.
    if (d < 20 || d >= bars.length) continue;
    ratios.push(bars[d].volume / median(bars.slice(d - 20, d).map((b) => b.volume)));
  }
  return ratios;
}

function eventVolumeCheck(ratios: number[]): ValidationCheck {
  const observed = ratios.length ? Math.round(median(ratios) * 100) / 100 : null;
  return {
    name: "event_day_volume_spike",
    family: "events",
    passed: observed === null || observed >= 1.4,
    severity: "error",
    observed,
    expected: { min: 1.4 },
    detail:
      observed === null
        ? "no earnings reaction day with 20 days of history"
        : `median earnings-day volume is ${observed}x the trailing 20-day median over ${ratios.length} releases`,
  };
}

/**
 * Dividend cuts and splits against REALISM Tier 4 ("cuts rare", splits of S&P 500 names about 1-4%
 * a year): a cut is a dividend below the one before it, both restated for splits in between.
 */
class ActionRates {
  private payerYears = 0;
  private cutYears = 0;
  private splits = 0;
  private companyYears = 0;
  private readonly years: number;

  constructor(days: string[]) {
    this.years = days.length / 252;
  }

  add({ stock: { actions } }: Company): void {
    this.companyYears += this.years;
    let splitSince = 1;
    let previous: number | null = null;
    const cutYears = new Set<string>();
    const paidYears = new Set<string>();
    for (const a of actions) {
      if (a.action_type === "split") {
        this.splits++;
        splitSince *= a.details.ratio as number;
        continue;
      }
      const amount = a.details.amount as number;
      paidYears.add(a.ex_date.slice(0, 4));
      // A cent of rounding after a split (a cent per new share) is not a cut.
      if (previous !== null && amount * splitSince < previous - 0.011 * splitSince) cutYears.add(a.ex_date.slice(0, 4));
      previous = amount;
      splitSince = 1;
    }
    this.payerYears += paidYears.size;
    this.cutYears += cutYears.size;
  }

  checks(): ValidationCheck[] {
    const cuts = { min: null, max: 0.05 };
    const splits = { min: 0.005, max: 0.06 };
    return [
      this.payerYears < 20
        ? skipped(
            "realism_tier4",
            "dividend_cut_rate",
            cuts,
            "share of payer-years with a cut",
            "fewer than 20 payer-years",
          )
        : bandCheck(
            "realism_tier4",
            "dividend_cut_rate",
            cuts,
            this.cutYears / this.payerYears,
            `share of ${this.payerYears} payer-years with a cut`,
            true,
          ),
      this.companyYears < 50
        ? skipped("realism_tier4", "split_rate", splits, "splits per company-year", "fewer than 50 company-years")
        : bandCheck(
            "realism_tier4",
            "split_rate",
            splits,
            this.splits / this.companyYears,
            `splits per company-year over ${Math.round(this.companyYears)}`,
          ),
    ];
  }
}

/**
 * Index weights on the first day: in a broad world (100 companies or more) no single name above 8%,
 * as in the real S&P 500 of every era (its largest weight peaked near 7%).
 */
class IndexWeights {
  private total = 0;
  private largest = { ticker: "", cap: 0 };
  private companies = 0;

  add({ facts, stock: { bars, shares } }: Company): void {
    if (bars.length === 0) return;
    const cap = bars[0].close * shares[0];
    this.total += cap;
    this.companies++;
    if (cap > this.largest.cap) this.largest = { ticker: facts.ticker, cap };
  }

  check(): ValidationCheck {
    const band = { min: null, max: 0.08 };
    const what = `largest index weight on the first day (${this.largest.ticker}), ${this.companies} companies`;
    return this.companies < 100
      ? skipped("realism_tier2", "index_max_weight", band, what, "fewer than 100 companies: a narrow universe")
      : bandCheck("realism_tier2", "index_max_weight", band, this.largest.cap / this.total, what, true);
  }
}

/** A company's daily series as the realism statistics read them. */
export function stockSeries({ facts, stock: { bars, shares } }: CompanyBase & Stock): StockSeries {
  return {
    ticker: facts.ticker,
    sector: facts.sector,
    open: bars.map((b) => b.open),
    high: bars.map((b) => b.high),
    low: bars.map((b) => b.low),
    close: bars.map((b) => b.close),
    adjClose: bars.map((b) => b.adjusted_close),
    volume: bars.map((b) => b.volume),
    marketCap: bars.map((b, i) => b.close * shares[i]),
  };
}

function stockChecks(days: string[], scratch: Scratch): Checker<unknown, Company> {
  const adjusted = new RuleTally(
    "adjusted_close_consistency",
    "corporate_actions",
    "adjusted_close restates every split and dividend",
  );
  const actionDates = new RuleTally(
    "corporate_action_dates",
    "corporate_actions",
    "announced before ex-date; record on or after ex; paid after record",
  );
  const volumeRatios: number[] = [];
  const actionRates = new ActionRates(days);
  const weights = new IndexWeights();
  const stats = new StockStats(days.length);
  const index = new CapWeightedIndex(days.length);
  const ordering = new SectorVolOrdering();
  const crossSection = new CrossSection(days.length, scratch);
  return {
    company: (company) => {
      adjustedCloseRule(adjusted, company);
      actionDateRule(actionDates, company);
      actionRates.add(company);
      weights.add(company);
      volumeRatios.push(...eventVolumeRatios(company));
      const series = stockSeries(company);
      stats.add(series);
      index.add(series);
      ordering.add(series);
      crossSection.add(series);
    },
    finish: () => [
      adjusted.check(),
      actionDates.check(),
      eventVolumeCheck(volumeRatios),
      ...actionRates.checks(),
      weights.check(),
      ...stats.checks(),
      ...index.checks(),
      ordering.check(),
      ...crossSection.finish(index.series().r),
    ],
  };
}

export const stocks: Family<Reads, object, CompanyCore & CompanyEventsPart, Stock> = {
  name: "stocks",
  context: () => ({}),
  company: ({ days, regimes, market, sectors, starts }, { facts, events, sizeTier, business }, { source, rng }) => {
    const start = starts.get(facts.ticker)!;
    const sectorVol = sectorMedianVol(facts.sector);
    return {
      stock: stockPath({
        company: facts,
        days,
        regimes,
        market,
        sector: sectors.get(facts.sector)!,
        events,
        businessGrowth: businessValueByDay(business, days),
        withActions: true,
        startPrice: start.price,
        shares: start.shares,
        shareCount: shareCountPath(
          days,
          sizeTier,
          rng.fork(`share-count/${facts.ticker}`),
          sectorTilt(source, facts.sector, days.length).shares,
        ),
        dollarVolume: start.dollarVolume,
        idioVolMultiplier:
          start.annualVol === null || sectorVol === null
            ? undefined
            : idioVolMultiplierFor(facts.sector, start.annualVol, sectorVol),
        dividendYield: start.dividendYield,
        rng: rng.fork(`stock/${facts.ticker}`),
      }),
    };
  },
  // Bars stay as served: their adjusted_close also restates actions after the cut, but by the same
  // factor on every day before it, which no return (and so no check) sees.
  companyContext: ({ stock }, cut) => ({
    stock: {
      bars: stock.bars.slice(0, cut.days),
      shares: stock.shares.slice(0, cut.days),
      splitMultiple: stock.splitMultiple.slice(0, cut.days),
      actions: stock.actions.filter((a) => a.announcement_date <= cut.date),
    },
  }),
  companyShards: (_, { facts, stock }, emit) => emitTickerAndYears(emit, SHARDS.actions, facts.ticker, stock.actions),
  companyChecks: stockChecks,
};
