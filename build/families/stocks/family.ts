// Stocks of the universe's companies: factor-model prices with their corporate actions (dividends
// and splits, served per ticker and market-wide; public once announced), one company at a time. The
// stocks' bars are served by the prices family; here are the action shards and their Tier 0 rules
// (their statistics are in build/realism/: docs/realism.md, "Returns of one series", "The
// cross-section" and "Fundamentals").
import { SHARDS } from "../../../src/families/shards.ts";
import type { ValidationCheck } from "../../../src/bundle/types.ts";
import { sectorMedianVol } from "../../models/anchors.ts";
import { businessValueByDay } from "../../models/fundamentals.ts";
import { actionId, businessDaysAfter, type CorporateAction } from "../../models/actions.ts";
import { idioVolMultiplierFor, stockPath, type StockPath } from "../../models/prices.ts";
import { round2 } from "../../models/rounding.ts";
import { shareCountPath } from "./share-count.ts";
import { median } from "../../models/statistics.ts";
import type { CompanyCore } from "../company/family.ts";
import type { Closing, CompanyExit } from "../exits/family.ts";
import type { CompanyListing } from "../listings/family.ts";
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

/**
 * What the holders of record on the day after the last trading day receive, announced on the notice
 * day: a closed takeover's offer (the last close before the announcement plus the premium, restated
 * for splits since), or a failure's recovery (a share of the last close, mostly nothing).
 */
function closingAction(ticker: string, days: string[], stock: StockPath, closing: Closing): CorporateAction {
  const { lastDay, noticeDay } = closing;
  const ex = days[lastDay + 1];
  const dates = {
    announcement_date: days[noticeDay],
    ex_date: ex,
    record_date: ex,
    payable_date: businessDaysAfter(ex, 2),
  };
  if (closing.reason === "bankruptcy") {
    const recovered = round2(stock.bars[lastDay].close * closing.failure.recovery);
    return {
      id: actionId(ticker, "delisting", ex),
      ticker,
      action_type: "delisting",
      ...dates,
      details: { reason: "bankruptcy", cash_per_share: recovered, currency: "USD" },
    };
  }
  const { deal } = closing;
  const before = deal.announced - 1;
  const offer = round2(
    (stock.bars[before].close * (1 + deal.premium) * stock.splitMultiple[before]) / stock.splitMultiple[lastDay],
  );
  return {
    id: actionId(ticker, "acquisition", ex),
    ticker,
    action_type: "acquisition",
    ...dates,
    details: {
      acquirer: deal.buyer.name,
      acquirer_ticker: deal.buyer.ticker,
      consideration: deal.consideration,
      cash_per_share: offer,
      currency: "USD",
    },
  };
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

/**
 * A closed takeover pays what its agreement announced: the cash per share is the premium the
 * merger_agreement event states over the last close before it (to the stated whole percent, splits
 * since restated), the stock's last close is within 1% of it (the spread has closed), and no bar
 * follows the last trading day.
 */
function considerationRule(tally: RuleTally, { facts, stock, events }: Company): void {
  for (const a of stock.actions) {
    if (a.action_type === "delisting") {
      // A failure's recovery is at most the last close, and nothing trades after it.
      tally.rows++;
      const last = stock.bars.at(-1)!;
      if (!((a.details.cash_per_share as number) <= last.close) || last.time >= a.ex_date)
        tally.violation(`${facts.ticker} ${a.ex_date}`);
      continue;
    }
    if (a.action_type !== "acquisition") continue;
    tally.rows++;
    const agreement = events.filter((e) => e.event_type === "merger_agreement" && e.event_date < a.ex_date).at(-1);
    const stated = Number(/at (\d+)% above/.exec(agreement?.public_summary ?? "")?.[1]) / 100;
    const t = stock.bars.findIndex((b) => b.time === agreement?.event_date);
    const cash = a.details.cash_per_share as number;
    const last = stock.bars.at(-1)!;
    // The offer over the close before, in that day's shares; the stated percent is rounded, the offer to the cent.
    const before = t > 0 ? stock.bars[t - 1].close : NaN;
    const paid = (cash * stock.splitMultiple.at(-1)!) / stock.splitMultiple[t - 1] / before - 1;
    const honoured = Math.abs(paid - stated) <= 0.005 + 0.01 / before;
    if (!honoured || Math.abs(last.close / cash - 1) > 0.01 || last.time >= a.ex_date)
      tally.violation(`${facts.ticker} ${a.ex_date}`);
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
  const consideration = new RuleTally(
    "takeover_consideration",
    "corporate_actions",
    "a closed takeover pays the premium its agreement stated over the last close before it, and its last close is within 1% of the offer; a delisting pays at most the last close; no bar follows the last trading day",
  );
  const volumeRatios: number[] = [];
  return {
    company: (company) => {
      adjustedCloseRule(adjusted, company);
      actionDateRule(actionDates, company);
      considerationRule(consideration, company);
      volumeRatios.push(...eventVolumeRatios(company));
    },
    finish: () => [adjusted.check(), actionDates.check(), consideration.check(), eventVolumeCheck(volumeRatios)],
  };
}

export const stocks: Family<Reads, object, CompanyCore & CompanyExit & CompanyListing & CompanyEventsPart, Stock> = {
  name: "stocks",
  context: () => ({}),
  company: ({ days, regimes, market, sectors, starts }, company, { source, rng }) => {
    const { facts, events, sizeTier, business, held, closing, distress, listing } = company;
    const start = starts.get(facts.ticker)!;
    const sectorVol = sectorMedianVol(facts.sector);
    const stock = stockPath({
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
      held,
      dividendDistress: distress,
      listedFrom: listing && days[listing.first],
      rng: rng.fork(`stock/${facts.ticker}`),
    });
    if (closing) stock.actions.push(closingAction(facts.ticker, days, stock, closing));
    // An entrant's bars before its first day are its private history: every family reads them as hidden.
    return { stock: listing ? { ...stock, first: listing.first } : stock };
  },
  // Bars stay as served: their adjusted_close also restates actions after the cut, but by the same
  // factor on every day before it, which no return (and so no check) sees.
  companyContext: ({ stock }, cut) => ({
    stock: {
      bars: stock.bars.slice(0, cut.days),
      shares: stock.shares.slice(0, cut.days),
      splitMultiple: stock.splitMultiple.slice(0, cut.days),
      first: stock.first,
      actions: stock.actions.filter((a) => a.announcement_date <= cut.date),
    },
  }),
  // Its bars before the first trading day stay as hidden history (every series keeps the world's days;
  // `first`, set with them, says where they become public).
  // Its first bar names only the events public from that day (one of the private days may react on it).
  companySince: ({ stock, events }, since) => {
    const kept = new Set(events.filter((e) => e.visible_from >= since.date).map((e) => e.event_id));
    const bars = [...stock.bars];
    const first = bars[since.day];
    const ids = first.metadata.source_event_ids as string[];
    bars[since.day] = { ...first, metadata: { ...first.metadata, source_event_ids: ids.filter((id) => kept.has(id)) } };
    return { stock: { ...stock, bars, actions: stock.actions.filter((a) => a.announcement_date >= since.date) } };
  },
  companyShards: (_, { facts, stock }, emit) => emitTickerAndYears(emit, SHARDS.actions, facts.ticker, stock.actions),
  companyChecks: stockChecks,
};
