// Stocks of the universe's companies: factor-model prices with their corporate actions (dividends
// and splits, served per ticker and market-wide; public once announced), one company at a time. The
// stocks' bars are served by the prices family; here are the action shards and their Tier 0 rules
// (their statistics are in build/realism/: docs/realism.md, "Returns of one series", "The
// cross-section" and "Fundamentals").
import { SHARDS } from "../../../src/families/shards.ts";
import type { ValidationCheck } from "../../../src/bundle/types.ts";
import { sectorMedianVol } from "../../models/anchors.ts";
import { businessValueByDay } from "../../models/fundamentals.ts";
import { idioVolMultiplierFor, stockPath, type StockPath } from "../../models/prices.ts";
import { shareCountPath } from "./share-count.ts";
import { median } from "../../models/statistics.ts";
import type { CompanyCore } from "../company/family.ts";
import type { CompanyEventsPart, Events } from "../events/family.ts";
import type { Calendar, Checker, CompanyBase, Family } from "../../ground/family.ts";
import { sectorTilt } from "../../models/market.ts";
import type { Factors } from "../market/family.ts";
import type { HiddenMacro } from "../regimes/family.ts";
import { emitTickerAndYears } from "../../ground/rows.ts";
import { RuleTally } from "../../ground/rules.ts";
import type { Universe } from "../universe/family.ts";

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

/** Volume on earnings reaction days over the trailing 20-day median (1.5-3x: docs/realism.md), per release. */
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

function stockChecks(): Checker<unknown, Company> {
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
  return {
    company: (company) => {
      adjustedCloseRule(adjusted, company);
      actionDateRule(actionDates, company);
      volumeRatios.push(...eventVolumeRatios(company));
    },
    finish: () => [adjusted.check(), actionDates.check(), eventVolumeCheck(volumeRatios)],
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
        crisisHit: business.crisisHit,
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
