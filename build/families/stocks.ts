// Stocks of the universe's companies: factor-model prices with their corporate actions (dividends
// and splits, served per ticker and market-wide; public once announced). The stocks' bars are
// served by the prices family; here are the action shards and the checks on stocks.
import { SHARDS } from "../../src/bundle/shards.ts";
import type { ValidationCheck } from "../../src/bundle/types.ts";
import type { CorporateAction } from "../generate/actions.ts";
import type { WorldEvent } from "../generate/events.ts";
import { stockPath, type StockPath } from "../generate/prices.ts";
import {
  crossSectionChecks,
  indexChecks,
  median,
  sectorOrderingCheck,
  stockChecks,
  type StockSeries,
} from "../realism.ts";
import type { Events } from "./events.ts";
import type { Calendar, Family } from "./family.ts";
import type { Factors } from "./market.ts";
import type { HiddenMacro } from "./regimes.ts";
import { emitByYearAndTicker } from "./rows.ts";
import { ruleCheck } from "./tier0.ts";
import type { Universe } from "./universe.ts";

export interface Stocks {
  /** Ticker -> path, in the universe's order. */
  stocks: Map<string, StockPath>;
}

type Reads = Calendar & Universe & HiddenMacro & Events & Factors;

const allActions = (world: Stocks): CorporateAction[] => [...world.stocks.values()].flatMap((s) => s.actions);

/** adjusted_close must restate exactly the splits and dividends of the corporate actions. */
function adjustedCloseCheck(world: Stocks): ValidationCheck {
  const violations: string[] = [];
  let rows = 0;
  for (const [ticker, stock] of world.stocks) {
    const exDividend = new Map(
      stock.actions.filter((a) => a.action_type === "dividend").map((a) => [a.ex_date, a.details.amount as number]),
    );
    const exSplit = new Map(
      stock.actions.filter((a) => a.action_type === "split").map((a) => [a.ex_date, a.details.ratio as number]),
    );
    for (let t = 1; t < stock.bars.length; t++) {
      rows++;
      const b = stock.bars[t];
      const prev = stock.bars[t - 1];
      // Ratio of adjustment factors between consecutive days is the day's action factor.
      const expected = (1 - (exDividend.get(b.time) ?? 0) / prev.close) / (exSplit.get(b.time) ?? 1);
      const observed = prev.adjusted_close / prev.close / (b.adjusted_close / b.close);
      if (Math.abs(observed / expected - 1) > 1e-4) violations.push(`${ticker} ${b.time}`);
    }
  }
  return ruleCheck(
    "adjusted_close_consistency",
    "corporate_actions",
    violations,
    rows,
    "adjusted_close restates every split and dividend",
  );
}

function actionDateCheck(world: Stocks): ValidationCheck {
  const actions = allActions(world);
  const violations = actions
    .filter(
      (a) =>
        !(
          a.announcement_date < a.ex_date &&
          (a.action_type === "split" || (a.record_date >= a.ex_date && a.payable_date > a.record_date))
        ),
    )
    .map((a) => `${a.ticker} ${a.action_type} ${a.ex_date}`);
  return ruleCheck(
    "corporate_action_dates",
    "corporate_actions",
    violations,
    actions.length,
    "announced before ex-date; record on or after ex; paid after record",
  );
}

/** Volume on earnings reaction days against the trailing 20-day median (REALISM Tier 3: 1.5-3x). */
function eventVolumeCheck(world: Events & Stocks): ValidationCheck {
  const ratios: number[] = [];
  for (const e of world.events) {
    if (e.event_type !== "earnings_release" || !e.ticker) continue;
    const bars = world.stocks.get(e.ticker)!.bars;
    const d = e.effect.reactionDay;
    // A context view may end before the reaction to its last releases.
    if (d < 20 || d >= bars.length) continue;
    ratios.push(bars[d].volume / median(bars.slice(d - 20, d).map((b) => b.volume)));
  }
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

function stockSeries(world: Universe & Stocks): StockSeries[] {
  return world.companies.map((c) => {
    const { bars, shares } = world.stocks.get(c.ticker)!;
    return {
      ticker: c.ticker,
      sector: c.sector,
      open: bars.map((b) => b.open),
      high: bars.map((b) => b.high),
      low: bars.map((b) => b.low),
      close: bars.map((b) => b.close),
      adjClose: bars.map((b) => b.adjusted_close),
      volume: bars.map((b) => b.volume),
      marketCap: bars.map((b, i) => b.close * shares[i]),
    };
  });
}

export const stocks: Family<Reads, Stocks> = {
  name: "stocks",
  generate: ({ days, companies, regimes, events, market, sectors }, { rng }) => {
    const eventsByTicker = new Map<string, WorldEvent[]>();
    for (const e of events) if (e.ticker) eventsByTicker.set(e.ticker, [...(eventsByTicker.get(e.ticker) ?? []), e]);
    const stocks = new Map<string, StockPath>();
    for (const company of companies) {
      stocks.set(
        company.ticker,
        stockPath({
          company,
          days,
          regimes,
          market,
          sector: sectors.get(company.sector)!,
          events: eventsByTicker.get(company.ticker) ?? [],
          withActions: true,
          rng: rng.fork(`stock/${company.ticker}`),
        }),
      );
    }
    return { stocks };
  },
  // Bars stay as served: their adjusted_close also restates actions after the cut, but by the same
  // factor on every day before it, which no return (and so no check) sees.
  context: (world, cut) => ({
    stocks: new Map(
      [...world.stocks].map(([ticker, s]) => [
        ticker,
        {
          bars: s.bars.slice(0, cut.days),
          shares: s.shares.slice(0, cut.days),
          actions: s.actions.filter((a) => a.announcement_date <= cut.date),
        },
      ]),
    ),
  }),
  shards: (world, emit) => emitByYearAndTicker(emit, SHARDS.actions, allActions(world)),
  checks: (world) => {
    const series = stockSeries(world);
    return [
      adjustedCloseCheck(world),
      actionDateCheck(world),
      eventVolumeCheck(world),
      ...stockChecks(series),
      ...indexChecks(series),
      sectorOrderingCheck(series),
      ...crossSectionChecks(series),
    ];
  },
};
