// Insider trades (families/insiders/model.ts): each company's officers, directors and 10% owners and their
// Form 4 transactions, stored once in the company's shard by filing date, with a monthly index
// (`all/2023-06`) to page every company's and a list of the names that filed. An open-market buy
// after a fall is news: it becomes an event on the company's timeline (`insider_purchase`), public
// from its Form 4's filing date, which the news family reports. Their Form 3 and Form 5 holdings are
// stored in the company's own shard by filing date.
import { worldKeyOf } from "../../ground/scenario-source.ts";
import { allOf, monthOf } from "../../../src/bundle/shards.ts";
import { INSIDER_COLUMNS, INSIDER_OWNERSHIP_COLUMNS } from "../../../src/families/insiders/shards.ts";
import { SHARDS } from "../../../src/families/shards.ts";
import { count, percent, perShare } from "../../models/amounts.ts";
import { addDays } from "../../models/calendar.ts";
import { byDateThenId, dayIndexOf, filedEvent, type WorldEvent } from "../../models/events.ts";
import {
  BLACKOUT_AFTER_RELEASE,
  BLACKOUT_BEFORE_QUARTER_END,
  fallsFromHigh,
  FORM3_DEADLINE_DAYS,
  FORM5_DEADLINE_DAYS,
  insiderTrades,
  type Insider,
  isOpenMarket,
  MAX_FILING_LAG,
} from "./model.ts";
import type { InsiderOwnership, InsiderTrade } from "../../../src/families/insiders/rows.ts";
import type { CompanyCore } from "../company/family.ts";
import type { CompanyExit } from "../exits/family.ts";
import { TAKEOVERS } from "../exits/tables.ts";
import type { CompanyListing } from "../listings/family.ts";
import { LISTINGS } from "../listings/tables.ts";
import type { CompanyEarnings } from "../earnings/family.ts";
import type { Calendar, Checker, CompanyBase, Family } from "../../ground/family.ts";
import { groupBy, toRows } from "../../ground/rows.ts";
import type { Stock } from "../stocks/family.ts";
import { RuleTally } from "../../ground/rules.ts";

export interface CompanyInsiders {
  /** Form 4 transactions in the order they happened. */
  insiderTrades: InsiderTrade[];
  /** Form 3 and Form 5 holdings, in the order they were stated. */
  insiderOwnership: InsiderOwnership[];
  /** The timeline with the insider purchases that were news. */
  events: WorldEvent[];
  /** Its officers, each seat with the trading days it was held (the people its filings name). */
  officers: Insider[];
}

type ReadsEach = CompanyCore & CompanyExit & CompanyListing & CompanyEarnings & Stock;
type Company = CompanyBase & ReadsEach & CompanyInsiders;

/** An insider purchase is news when it is at least this large and follows a fall. */
const NEWSWORTHY_PURCHASE = 100_000;
/** At most one such story per company in this many trading days. */
const PURCHASE_NEWS_GAP = 20;
/** The public summary of an insider purchase: who bought how much, at what price, after what fall. */
export function purchaseSummary(issuer: string, t: InsiderTrade, fall: number): string {
  return (
    `${issuer} ${t.title.toLowerCase()} ${t.name} reported buying ${count(t.shares)} shares at ${perShare(t.price)}, ` +
    `after the stock fell ${percent(fall)} from its high.`
  );
}

/** The insider purchases after a fall that are news, as events public from their Form 4's filing date. */
function purchaseEvents(
  worldKey: string,
  days: string[],
  c: CompanyBase & Stock,
  trades: InsiderTrade[],
): WorldEvent[] {
  const dayIndex = dayIndexOf(days);
  const falls = fallsFromHigh(c.stock);
  const out: WorldEvent[] = [];
  let last = -Infinity;
  for (const t of trades) {
    const day = dayIndex.get(t.transaction_date)!;
    if (!t.details.after_fall || t.title === "10% Owner" || t.value < NEWSWORTHY_PURCHASE) continue;
    if (day - last < PURCHASE_NEWS_GAP) continue;
    last = day;
    out.push(
      filedEvent(worldKey, days, ["insider_purchase", c.facts.ticker, t.id], {
        ticker: c.facts.ticker,
        event_type: "insider_purchase",
        date: t.filing_date,
        time: "18:00:00",
        summary: purchaseSummary(c.facts.name, t, falls[day]),
      }),
    );
  }
  return out;
}

export const insiders: Family<Calendar, object, ReadsEach, CompanyInsiders> = {
  name: "insiders",
  context: () => ({}),
  company: ({ days }, company, { source, rng }) => {
    const { cast, trades, ownership } = insiderTrades({
      facts: company.facts,
      tier: company.sizeTier,
      days,
      quarters: company.quarters,
      events: company.events,
      stock: company.stock,
      closed: closedSpans(company, days.length),
      lockupSales: company.listing && {
        from: company.listing.lockupEnd,
        to: company.listing.lockupEnd + LISTINGS.lockup_sales.days,
        multiple: LISTINGS.lockup_sales.multiple,
      },
      rng: rng.fork(`insiders/${company.facts.ticker}`),
    });
    const news = purchaseEvents(worldKeyOf(source), days, company, trades);
    return {
      insiderTrades: trades,
      insiderOwnership: ownership,
      officers: cast.filter((seat) => seat.officer),
      events: news.length ? byDateThenId([...company.events, ...news]) : company.events,
    };
  },
  companyContext: (company, cut) => ({
    insiderTrades: company.insiderTrades.filter((t) => t.filing_date <= cut.date),
    insiderOwnership: company.insiderOwnership.filter((o) => o.filing_date <= cut.date),
    events: company.events.filter((e) => e.visible_from <= cut.date),
    officers: company.officers,
  }),
  // A private company's holders file no Form 4: their first filings come with the listing.
  companySince: (company, since) => ({
    insiderTrades: company.insiderTrades.filter((t) => t.transaction_date >= since.date),
    insiderOwnership: company.insiderOwnership.filter((o) => o.as_of_date >= since.date),
    events: company.events.filter((e) => e.visible_from >= since.date),
    officers: company.officers,
  }),
  companyShards: (_, { facts, insiderTrades: trades, insiderOwnership: statements }, emit) => {
    if (statements.length > 0)
      emit.write(SHARDS.insiderOwnership, facts.ticker, toRows(INSIDER_OWNERSHIP_COLUMNS, byFiling(statements)));
    if (trades.length === 0) return;
    const filed = byFiling(trades);
    emit.write(SHARDS.insiders, facts.ticker, toRows(INSIDER_COLUMNS, filed));
    for (const [month, group] of groupBy(filed, (t) => monthOf(t.filing_date)))
      emit.append(
        SHARDS.insidersIndex,
        allOf(month),
        group.map((t) => [`${t.filing_date} ${t.id}`, t.ticker]),
      );
    const first = new Map<string, string>();
    for (const t of filed) if (!first.has(t.name)) first.set(t.name, t.filing_date);
    emit.append(
      SHARDS.insiderNames,
      undefined,
      [...first].map(([name, date]) => [`${date} ${facts.ticker} ${name}`, name, facts.ticker]),
    );
  },
  companyChecks: (days) => insiderChecks(days),
};

/** Filings in shard order: by filing date, ties by id. */
const byFiling = <T extends { filing_date: string; id: string }>(rows: T[]) =>
  [...rows].sort((a, b) =>
    a.filing_date === b.filing_date ? (a.id < b.id ? -1 : 1) : a.filing_date < b.filing_date ? -1 : 1,
  );

/**
 * Days insiders may not trade in the market on: a pending deal's (from its announcement to its close
 * or termination), a buyer's while it negotiates one (from `insiders_closed_before` days before the
 * announcement to the day after it), and an entrant's before its lock-up ends.
 */
const closedSpans = (
  { takeovers, acquiring, listing }: CompanyExit & CompanyListing,
  n: number,
): [number, number][] => [
  ...takeovers.map((d): [number, number] => [d.announced, d.ends ?? n - 1]),
  ...acquiring.map((d): [number, number] => [
    Math.max(0, d.announced - TAKEOVERS.in_world.insiders_closed_before),
    Math.min(d.announced + 1, n - 1),
  ]),
  ...(listing ? [[0, Math.min(listing.lockupEnd, n) - 1] as [number, number]] : []),
];

/**
 * Per day, whether it lies in a blackout: from 14 days before a quarter's end to the trading day after
 * its release, while a deal is pending, or before an entrant's lock-up ends.
 */
function blackoutDays(days: string[], company: CompanyCore & CompanyExit & CompanyListing): Set<string> {
  const dayIndex = dayIndexOf(days);
  const out = new Set<string>();
  for (const q of company.quarters) {
    const from = addDays(q.end, -BLACKOUT_BEFORE_QUARTER_END);
    const release = dayIndex.get(q.release);
    const to =
      release !== undefined
        ? days[Math.min(release + BLACKOUT_AFTER_RELEASE, days.length - 1)]
        : q.release > days[days.length - 1]
          ? days[days.length - 1]
          : "";
    for (const d of days) if (d >= from && d <= to) out.add(d);
  }
  for (const [from, to] of closedSpans(company, days.length))
    for (let i = from; i <= Math.min(to, days.length - 1); i++) out.add(days[i]);
  return out;
}

/** The rules the insiders' checks tally, in the order the report lists them. */
function insiderRules() {
  return {
    chain: new RuleTally(
      "insider_holdings_chain",
      "insiders",
      "each insider's shares owned after a transaction are those before it plus or minus its shares, never below zero, and the next transaction starts from them (restated for splits in between)",
    ),
    lag: new RuleTally(
      "insider_filing_lag",
      "insiders",
      "every Form 4 is filed on a trading day within two trading days of its transaction, inside the world (and so is not visible before)",
    ),
    prices: new RuleTally(
      "insider_prices",
      "insiders",
      "open-market prices lie within the day's low and high; grants and gifts are valued at the day's close, exercises at a strike at or below the day's high; value = shares x price",
    ),
    blackout: new RuleTally(
      "insider_blackout",
      "insiders",
      "no open-market trade outside a 10b5-1 plan falls from 14 days before a quarter's end to the trading day after its release, or while a deal for the company is pending; plan sales start at least 30 trading days after the plan's adoption",
    ),
    ownershipLag: new RuleTally(
      "insider_ownership_filing_lag",
      "insiders",
      `every Form 3 states an appointment made inside the world and is filed within ${FORM3_DEADLINE_DAYS} days of it; every Form 5 states a fiscal year's end and is filed within ${FORM5_DEADLINE_DAYS} days after it; both on a trading day inside the world`,
    ),
    tieOut: new RuleTally(
      "insider_ownership_tie_out",
      "insiders",
      "a Form 5's shares are the insider's last shares_owned_after_transaction by the year's end (or its Form 3's, without a trade since), a Form 3's the shares_owned_before_transaction of its first Form 4, restated for splits in between",
    ),
    news: new RuleTally(
      "insider_purchase_events",
      "insiders",
      "every insider_purchase event restates an open-market buy after a fall, public from its Form 4's filing date",
    ),
  };
}

function insiderChecks(days: string[]): Checker<unknown, Company> {
  const dayIndex = dayIndexOf(days);
  const { chain, lag, prices, blackout, ownershipLag, tieOut, news } = insiderRules();
  return {
    company: (company) => {
      const { facts, stock, insiderTrades: trades } = company;
      const closed = blackoutDays(days, company);
      const held = new Map<string, { after: number; day: number }>();
      for (const t of trades) {
        const where = `${facts.ticker} ${t.transaction_date} ${t.id}`;
        const day = dayIndex.get(t.transaction_date);
        const filed = dayIndex.get(t.filing_date);
        lag.rows++;
        if (day === undefined || filed === undefined || filed < day || filed - day > MAX_FILING_LAG) {
          lag.violation(where);
          continue;
        }
        chain.rows++;
        const previous = held.get(t.name);
        const splits = previous ? stock.splitMultiple[day] / stock.splitMultiple[previous.day] : 1;
        const sign = t.details.acquired_disposed === "D" ? -1 : 1;
        if (
          t.shares_owned_after_transaction !== t.shares_owned_before_transaction + t.transaction_shares ||
          t.shares_owned_after_transaction < 0 ||
          t.transaction_shares !== sign * t.shares ||
          // A split rounds each holding to whole shares: by up to its ratio, or half a share in reverse.
          (previous && Math.abs(t.shares_owned_before_transaction - previous.after * splits) > Math.max(splits, 0.5))
        )
          chain.violation(where);
        held.set(t.name, { after: t.shares_owned_after_transaction, day });
        prices.rows++;
        if (mispriced(t, stock.bars[day])) prices.violation(where);
        if (isOpenMarket(t.transaction_type)) {
          blackout.rows++;
          const planned = t.details.plan === "10b5-1";
          const adopted = planned && t.details.plan_adopted ? dayIndex.get(t.details.plan_adopted) : undefined;
          if (planned ? adopted === undefined || day - adopted < 30 : closed.has(t.transaction_date))
            blackout.violation(where);
        }
      }
      checkOwnership(company, days, dayIndex, ownershipLag, tieOut);
      checkPurchaseEvents(company, dayIndex, news);
    },
    finish: () => [
      chain.check(),
      lag.check(),
      prices.check(),
      blackout.check(),
      ownershipLag.check(),
      tieOut.check(),
      news.check(),
    ],
  };
}

/** Whether a trade's price breaks its day's bar (by its basis), or its values break shares x price. */
function mispriced(t: Company["insiderTrades"][number], bar: Company["stock"]["bars"][number]): boolean {
  const p = t.price;
  const inRange =
    t.details.price_basis === "market"
      ? p >= bar.low && p <= bar.high
      : t.details.price_basis === "close"
        ? p === bar.close
        : p > 0 && p <= bar.high && t.transaction_type === "option_exercise";
  return (
    !inRange ||
    p !== t.transaction_price_per_share ||
    Math.abs(t.value - t.shares * p) > 0.006 ||
    Math.abs(t.transaction_value - t.transaction_shares * p) > 0.006
  );
}

/** Every insider_purchase event restates an open-market buy after a fall, public from its Form 4's filing date. */
function checkPurchaseEvents(company: Company, dayIndex: Map<string, number>, news: RuleTally): void {
  const { facts, stock, insiderTrades: trades } = company;
  const falls = fallsFromHigh(stock);
  for (const e of company.events) {
    if (e.event_type !== "insider_purchase") continue;
    news.rows++;
    const t = trades.find(
      (x) =>
        x.filing_date === e.event_date &&
        e.public_summary === purchaseSummary(facts.name, x, falls[dayIndex.get(x.transaction_date)!]),
    );
    if (!t || t.transaction_type !== "buy" || !t.details.after_fall || e.visible_from !== t.filing_date)
      news.violation(`${facts.ticker} ${e.event_date} ${e.event_id}`);
  }
}

const calendarDays = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

/** Forms 3 and 5 against the calendar and against the chain of Form 4s of the same insider. */
function checkOwnership(
  company: Company,
  days: string[],
  dayIndex: Map<string, number>,
  lag: RuleTally,
  tieOut: RuleTally,
): void {
  const { facts, stock } = company;
  const yearEnds = new Set(company.quarters.filter((q) => q.quarter === 4).map((q) => q.end));
  const dayOf = (date: string) => days.findLastIndex((d) => d <= date);
  // Shares restated from one day's split basis to another's: within a share per split of rounding.
  const matches = (shares: number, from: number, expected: number, to: number) => {
    const splits = stock.splitMultiple[to] / stock.splitMultiple[from];
    return Math.abs(shares * splits - expected) <= Math.max(1, splits);
  };
  for (const o of company.insiderOwnership) {
    const where = `${facts.ticker} ${o.filing_date} ${o.id}`;
    lag.rows++;
    const wait = calendarDays(o.as_of_date, o.filing_date);
    const inTime =
      o.form_type === "3"
        ? o.as_of_date > days[0] && dayIndex.has(o.as_of_date) && wait >= 1 && wait <= FORM3_DEADLINE_DAYS
        : yearEnds.has(o.as_of_date) && wait >= 1 && wait <= FORM5_DEADLINE_DAYS;
    if (!inTime || !dayIndex.has(o.filing_date)) lag.violation(where);
    const own = company.insiderTrades.filter((t) => t.name === o.name);
    const at = dayOf(o.as_of_date);
    if (o.form_type === "3") {
      if (own.length === 0) continue;
      tieOut.rows++;
      const first = own[0];
      if (!matches(o.shares_owned, at, first.shares_owned_before_transaction, dayOf(first.transaction_date)))
        tieOut.violation(where);
      continue;
    }
    const last = own.findLast((t) => t.transaction_date <= o.as_of_date);
    const form3 = company.insiderOwnership.find((x) => x.form_type === "3" && x.name === o.name);
    const [shares, day] = last
      ? [last.shares_owned_after_transaction, dayOf(last.transaction_date)]
      : form3
        ? [form3.shares_owned, dayOf(form3.as_of_date)]
        : [undefined, -1];
    if (shares === undefined) continue;
    tieOut.rows++;
    if (!matches(shares, day, o.shares_owned, at)) tieOut.violation(where);
  }
}
