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
import { LISTING_RULE, MOST_DAYS_BELOW_MINIMUM } from "../../models/reverse-splits.ts";
import { shareCountPath } from "./share-count.ts";
import {
  closingTerms,
  dealTermsOf,
  followBuyer,
  issuedFor,
  withIssued,
  type DealTerms,
  type SharesIssued,
} from "./deals.ts";
import { median } from "../../models/statistics.ts";
import type { CompanyCore } from "../company/family.ts";
import type { Closing, CompanyExit } from "../exits/family.ts";
import { dayAfterClose } from "../exits/takeovers.ts";
import type { CompanyListing } from "../listings/family.ts";
import type { CompanyEventsPart, Events } from "../events/family.ts";
import type { Calendar, Checker, CompanyBase, Family, Scenario } from "../../ground/family.ts";
import { sectorTilt } from "../../models/market.ts";
import type { Factors } from "../market/family.ts";
import type { HiddenMacro } from "../regimes/family.ts";
import { emitTickerAndYears } from "../../ground/rows.ts";
import { RuleTally } from "../../ground/rules.ts";
import type { Universe } from "../universe/family.ts";

export interface Stock {
  stock: StockPath;
  /** Its deals with buyers inside the world: their terms, public from each announcement (deals.ts). */
  dealTerms: DealTerms[];
  /** Hidden: the shares it issued to pay for the companies of the world it bought (in `stock.shares` from their day). */
  issued: SharesIssued[];
}

type Reads = Calendar & Universe & HiddenMacro & Events & Factors;
type Company = CompanyBase & CompanyCore & CompanyEventsPart & Stock;

/** What a company's price path is made of: the parts of the families before this one. */
type PathCompany = CompanyBase & CompanyCore & CompanyExit & CompanyListing & CompanyEventsPart;

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
function closingAction(
  ticker: string,
  days: string[],
  stock: StockPath,
  closing: Closing,
  buyer: { terms: DealTerms; stock: StockPath } | undefined,
): CorporateAction {
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
  const paid =
    buyer && deal.consideration !== "cash"
      ? closingTerms(buyer.terms, deal, lastDay, { target: stock, buyer: buyer.stock })
      : {
          cash_per_share: round2(
            (stock.bars[before].close * (1 + deal.premium) * stock.splitMultiple[before]) /
              stock.splitMultiple[lastDay],
          ),
        };
  return {
    id: actionId(ticker, "acquisition", ex),
    ticker,
    action_type: "acquisition",
    ...dates,
    details: {
      acquirer: deal.buyer.name,
      acquirer_ticker: deal.buyer.ticker,
      consideration: deal.consideration,
      ...paid,
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
function considerationRule(tally: RuleTally, { facts, stock, events, dealTerms }: Company): void {
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
    const last = stock.bars.at(-1)!;
    const before = t > 0 ? stock.bars[t - 1].close : NaN;
    const terms = dealTerms.find((d) => d.announced === agreement?.event_date);
    const cash = a.details.cash_per_share as number;
    const ratio = (a.details.exchange_ratio as number | undefined) ?? 0;
    // The offer over the close before, in that day's shares, and its value at the last close; the
    // stated percent is rounded, the cash to the cent and the ratio to four places.
    const restate = stock.splitMultiple.at(-1)! / stock.splitMultiple[t - 1];
    const offered = ratio && terms ? terms.cash_per_share + terms.exchange_ratio * terms.buyerBefore : cash * restate;
    const value = ratio && terms ? cash + ratio * (terms.buyerAtEnd ?? NaN) : cash;
    const rounding = 0.005 + (0.01 + (terms ? 1e-4 * terms.buyerBefore : 0)) / before;
    const honoured = Math.abs(offered / before - 1 - stated) <= rounding;
    if (!honoured || Math.abs(last.close / value - 1) > 0.01 || last.time >= a.ex_date)
      tally.violation(`${facts.ticker} ${a.ex_date}`);
  }
}

/**
 * The $1 rule (build/models/reverse-splits.ts): a listed company that does not leave never closes
 * below $1 for longer than the notice, the cure period and the split's ex lag allow.
 */
function minimumPriceRule(tally: RuleTally, { facts, stock }: Company): void {
  if (stock.actions.some((a) => a.action_type === "acquisition" || a.action_type === "delisting")) return;
  tally.rows++;
  let run = 0;
  for (let t = stock.first ?? 0; t < stock.bars.length; t++) {
    run = stock.bars[t].close < LISTING_RULE.minimumPrice ? run + 1 : 0;
    if (run > MOST_DAYS_BELOW_MINIMUM) return tally.violation(`${facts.ticker} ${stock.bars[t].time}`);
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
    "a closed takeover pays the premium its agreement stated over the last close before it (cash, or cash and the buyer's shares at the stated exchange ratio, valued at the buyer's close that day), and its last close is within 1% of what it pays; a delisting pays at most the last close; no bar follows the last trading day",
  );
  const minimumPrice = new RuleTally(
    "listing_minimum_price",
    "corporate_actions",
    `a listed company that does not leave closes below $1 on at most ${MOST_DAYS_BELOW_MINIMUM} trading days in a row (a reverse split cures it)`,
  );
  const volumeRatios: number[] = [];
  return {
    company: (company) => {
      adjustedCloseRule(adjusted, company);
      minimumPriceRule(minimumPrice, company);
      actionDateRule(actionDates, company);
      considerationRule(consideration, company);
      volumeRatios.push(...eventVolumeRatios(company));
    },
    finish: () => [
      adjusted.check(),
      actionDates.check(),
      minimumPrice.check(),
      consideration.check(),
      eventVolumeCheck(volumeRatios),
    ],
  };
}

/**
 * A company's price path, a pure function of its parts before this family, so that a target paid in
 * its buyer's shares makes its buyer's path the way the buyer does (`paths`).
 */
function pathOf(
  world: Reads,
  company: PathCompany,
  scenario: Scenario,
  paths: (ticker: string) => StockPath,
): StockPath {
  const { days, regimes, market, sectors, styles, starts } = world;
  const { source, rng } = scenario;
  const { facts, events, sizeTier, business, distress, listing } = company;
  // A deal paid in a buyer's shares holds the price to the offer's value, which moves with the buyer's.
  const held = company.held.map((span) => (span.follows ? followBuyer(span, paths(span.follows.ticker)) : span));
  const start = starts.get(facts.ticker)!;
  const sectorVol = sectorMedianVol(facts.sector);
  return stockPath({
    company: facts,
    days,
    regimes,
    market,
    sector: sectors.get(facts.sector)!,
    styles,
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
}

/** Buyers' price paths, each made once: from the buyer's parts before this family (Scenario.companyOf). */
function buyerPaths(world: Reads, scenario: Scenario): (ticker: string) => StockPath {
  const made = new Map<string, StockPath>();
  const paths = (ticker: string): StockPath => {
    let path = made.get(ticker);
    if (!path) {
      path = pathOf(world, scenario.companyOf!(ticker, "market") as PathCompany, scenario, paths);
      made.set(ticker, path);
    }
    return path;
  };
  return paths;
}

export const stocks: Family<Reads, object, CompanyCore & CompanyExit & CompanyListing & CompanyEventsPart, Stock> = {
  name: "stocks",
  context: () => ({}),
  company: (world, company, scenario) => {
    const { days } = world;
    const { facts, closing, listing, takeovers } = company;
    const paths = buyerPaths(world, scenario);
    const stock = pathOf(world, company, scenario, paths);
    const dealTerms = takeovers
      .filter((d) => d.buyer.inWorld)
      .map((d) => dealTermsOf(d, days, { name: facts.name, stock }, paths(d.buyer.ticker!)));
    if (closing) {
      const terms =
        closing.reason === "acquired" ? dealTerms.find((t) => t.announced === days[closing.deal.announced]) : undefined;
      const buyer = terms && { terms, stock: paths(terms.acquirer) };
      stock.actions.push(closingAction(facts.ticker, days, stock, closing, buyer));
    }
    const issued = company.acquiring
      .filter((d) => dayAfterClose(d, days.length) !== null && d.consideration !== "cash")
      .map((d) => issuedFor(d, (scenario.companyOf!(d.target, "stocks") as Stock).stock, stock));
    const shares = withIssued(stock, issued);
    // An entrant's bars before its first day are its private history: every family reads them as hidden.
    return { stock: { ...stock, shares, ...(listing && { first: listing.first }) }, dealTerms, issued };
  },
  // Bars stay as served: their adjusted_close also restates actions after the cut, but by the same
  // factor on every day before it, which no return (and so no check) sees.
  companyContext: ({ stock, dealTerms, issued }, cut) => ({
    dealTerms: dealTerms.filter((t) => t.announced <= cut.date),
    issued: issued.filter((i) => i.day < cut.days),
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
  companySince: ({ stock, events, dealTerms, issued }, since) => {
    const kept = new Set(events.filter((e) => e.visible_from >= since.date).map((e) => e.event_id));
    const bars = [...stock.bars];
    const first = bars[since.day];
    const ids = first.metadata.source_event_ids as string[];
    bars[since.day] = { ...first, metadata: { ...first.metadata, source_event_ids: ids.filter((id) => kept.has(id)) } };
    return {
      stock: { ...stock, bars, actions: stock.actions.filter((a) => a.announcement_date >= since.date) },
      dealTerms,
      issued,
    };
  },
  companyShards: (_, { facts, stock }, emit) => emitTickerAndYears(emit, SHARDS.actions, facts.ticker, stock.actions),
  companyChecks: stockChecks,
};
