// Insiders and their Form 4 filings. Each company has a cast of invented people: its officers
// (CEO, CFO and one or two others), its directors and at times a 10% owner; a management change
// (events.ts appointmentIn) replaces the officer of the role it names. What they report, day by day:
// - open-market sales, clustered in the weeks after each earnings release (the trading window),
//   never in the blackout from 14 days before a quarter's end to the trading day after its release,
//   nor while a deal for the company is pending (from its announcement to its close or termination);
// - sales under a pre-arranged (10b5-1) plan, monthly whatever the window;
// - open-market buys, rare, and several times as frequent in the weeks after a 20% fall;
// - option exercises (at the strike, often sold the same day), yearly grants, gifts.
// Every holding is a chain: after = before +/- shares, in as-traded shares (splits multiply it).
// Filed within two trading days (Form 4's two business days). Lakonishok & Lee 2001; Jeng, Metrick &
// Zeckhauser 2003 (docs/realism.md, "Insiders"). Their holdings are stated too: a Form 3 by each appointee
// (seats of day one filed theirs before the world began), a Form 5 by each seat at each fiscal
// year's end, holding what the chain of Form 4s left it.
import { createHash } from "node:crypto";
import type { CompanyFacts } from "../../../src/bundle/types.ts";
import type { InsiderOwnership, InsiderTrade, TRANSACTION_TYPES } from "../../../src/families/insiders/rows.ts";
import type { SizeTier } from "../../models/anchors.ts";
import { addDays, tradingDays } from "../../models/calendar.ts";
import { appointmentIn, dayIndexOf, OFFICER_ROLES, type WorldEvent } from "../../models/events.ts";
import type { FiscalQuarter } from "../../models/fiscal.ts";
import { personName } from "../../models/names.ts";
import type { StockPath } from "../../models/prices.ts";
import type { Rng } from "../../ground/rng.ts";
import { round2 } from "../../models/rounding.ts";

/** Form 4 transaction codes of the `transaction_type` values (docs/insider-trades.md). */
export const TRANSACTION_CODES = {
  buy: "P",
  sell: "S",
  option_exercise: "M",
  grant: "A",
  gift: "G",
} as const satisfies Record<TransactionType, string>;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
type InsiderTradeDetails = InsiderTrade["details"];

/** Open-market trades: what the blackout and the sells-to-buys ratio are about. */
export const isOpenMarket = (type: TransactionType) => type === "buy" || type === "sell";

/** One seat of the cast, held by one person for a span of days. */
export interface Insider {
  name: string;
  title: string;
  officer: boolean;
  director: boolean;
  tenPercentOwner: boolean;
  /** First and last (exclusive) trading-day index of the seat. */
  from: number;
  until: number;
}

const TITLES: Record<(typeof OFFICER_ROLES)[number], string> = {
  "chief executive officer": "Chief Executive Officer",
  "chief financial officer": "Chief Financial Officer",
  "chief operating officer": "Chief Operating Officer",
  president: "President",
  "general counsel": "General Counsel",
  "chief technology officer": "Chief Technology Officer",
};
const CEO = TITLES["chief executive officer"];
const CFO = TITLES["chief financial officer"];
const OTHER_OFFICERS = [TITLES["chief operating officer"], TITLES.president, TITLES["general counsel"]];
export const DIRECTOR = "Director";
export const TEN_PERCENT_OWNER = "10% Owner";

/** Directors beside the CEO, and the chance of a 10% owner, by size. */
const BOARD: Record<SizeTier, { directors: [number, number]; owner: number }> = {
  mega: { directors: [7, 9], owner: 0.03 },
  large: { directors: [7, 9], owner: 0.08 },
  mid: { directors: [6, 8], owner: 0.15 },
  small: { directors: [5, 7], owner: 0.3 },
};
/** The CEO's stake (share of shares outstanding, median) by size; other seats hold fractions of it. */
const CEO_STAKE: Record<SizeTier, number> = { mega: 0.0004, large: 0.002, mid: 0.006, small: 0.02 };
/** The yearly grant's value to the CEO by size; other officers get 35% of it. */
const CEO_GRANT: Record<SizeTier, number> = { mega: 12e6, large: 6e6, mid: 2.5e6, small: 0.8e6 };
const DIRECTOR_GRANT: Record<SizeTier, number> = { mega: 3e5, large: 2.5e5, mid: 1.8e5, small: 1.2e5 };
/** The chance the CEO sells under a 10b5-1 plan, by size (the CFO's is 60% of it). */
const PLAN: Record<SizeTier, number> = { mega: 0.8, large: 0.6, mid: 0.4, small: 0.2 };

/** Events a year per seat. */
interface Rates {
  sell: number;
  buy: number;
  exercise: number;
  gift: number;
}
function ratesOf(seat: Insider): Rates {
  if (seat.title === CEO) return { sell: 2, buy: 0.25, exercise: 0.6, gift: 0.15 };
  if (seat.officer) return { sell: 1.5, buy: 0.25, exercise: 0.5, gift: 0.05 };
  if (seat.tenPercentOwner) return { sell: 0.8, buy: 0.3, exercise: 0, gift: 0 };
  return { sell: 0.6, buy: 0.35, exercise: 0, gift: 0.05 };
}

/** How much more often insiders buy in the 20 trading days after a 20% fall. */
const BUY_AFTER_FALL = 6;
export const FALL = 0.2;
export const FALL_WINDOW = 20;
/** Days of running high a fall is measured from. */
const HIGH_LOOKBACK = 250;
/** Blackout: from this many calendar days before a quarter's end... */
export const BLACKOUT_BEFORE_QUARTER_END = 14;
/** ...to this many trading days after its release. */
export const BLACKOUT_AFTER_RELEASE = 1;
/** Trades in the last days are left out: their Form 4 would be filed after the world ends. */
export const MAX_FILING_LAG = 2;
/** Calendar days a Form 3 is filed within after the appointment, and a Form 5 after the fiscal year's end. */
export const FORM3_DEADLINE_DAYS = 10;
export const FORM5_DEADLINE_DAYS = 45;

/** The company's trading calendar as insiders see it. */
export interface InsiderCalendar {
  /** Per day: inside a blackout. */
  blackout: boolean[];
  /** Per day: trading days since the window opened (0 on its first day), -1 in a blackout. */
  sinceOpen: number[];
  /** Per day: within FALL_WINDOW trading days after the stock first fell FALL from its high. */
  afterFall: boolean[];
  /** Day indexes of the yearly grants: the third trading day after each fiscal year's release. */
  grantDays: Set<number>;
}

/**
 * Blackouts, trading windows, falls and grant days of one company. `closed`: spans of day indexes
 * closed besides the quarters' blackouts (a pending deal's, from its announcement to its end).
 */
export function insiderCalendar(
  days: string[],
  quarters: FiscalQuarter[],
  stock: StockPath,
  closed: readonly (readonly [number, number])[] = [],
): InsiderCalendar {
  const n = days.length;
  const dayIndex = dayIndexOf(days);
  const blackout = new Array<boolean>(n).fill(false);
  const grantDays = new Set<number>();
  for (const q of quarters) {
    const from = addDays(q.end, -BLACKOUT_BEFORE_QUARTER_END);
    if (from > days[n - 1]) continue;
    const release = dayIndex.get(q.release);
    const last = release === undefined ? (q.release > days[n - 1] ? n - 1 : -1) : release + BLACKOUT_AFTER_RELEASE;
    for (let i = 0; i < n && i <= last; i++) if (days[i] >= from) blackout[i] = true;
    if (q.quarter === 4 && release !== undefined && release + 3 < n) grantDays.add(release + 3);
  }
  for (const [from, to] of closed) for (let i = from; i <= Math.min(to, n - 1); i++) blackout[i] = true;
  const sinceOpen = new Array<number>(n).fill(-1);
  let opened = -1;
  for (let i = 0; i < n; i++) {
    if (blackout[i]) opened = -1;
    else sinceOpen[i] = opened < 0 ? ((opened = i), 0) : i - opened;
  }
  const afterFall = new Array<boolean>(n).fill(false);
  const falls = fallsFromHigh(stock);
  let fell = false;
  for (let i = 0; i < n; i++) {
    const down = falls[i] >= FALL;
    if (down && !fell) for (let k = i + 1; k <= Math.min(n - 1, i + FALL_WINDOW); k++) afterFall[k] = true;
    fell = down;
  }
  return { blackout, sinceOpen, afterFall, grantDays };
}

/** Per day, how far the adjusted close is below its high of the HIGH_LOOKBACK days before (0 at a high). */
export function fallsFromHigh(stock: StockPath): number[] {
  const close = (i: number) => stock.bars[i].adjusted_close;
  // The running high: a deque of days whose closes decrease, from the first public bar.
  const first = stock.first ?? 0;
  const highs: number[] = [];
  return stock.bars.map((_, i) => {
    if (i < first) return 0;
    while (highs.length > 0 && close(highs[highs.length - 1]) <= close(i)) highs.pop();
    highs.push(i);
    if (highs[0] < i - HIGH_LOOKBACK) highs.shift();
    return 1 - close(i) / close(highs[0]);
  });
}

/** Trading in the window clusters in its first weeks: intensity by trading days since it opened. */
const clustering = (sinceOpen: number) => (sinceOpen < 0 ? 0 : 0.25 + 2.2 * Math.exp(-sinceOpen / 8));

/**
 * The mean of `clustering` over a reporting company's trading days, blackouts included: 0.41, the
 * median over the companies of three default worlds (0.395-0.455 but for companies that leave
 * early). Rates are scaled by it so that a seat's yearly count is its rate. It is a constant, not
 * the company's own mean over the world: that mean counted the blackouts of deals and the quarters
 * lost to an exit, so a trade's day depended on what would happen later (a crisis that ended a
 * company moved its insiders' trades before the crisis: test/worlds/point-in-time.test.ts).
 */
const MEAN_CLUSTERING = 0.41;

/** The cast: officers and directors on day one, a 10% owner at times, and the appointees of management changes. */
export function castOf(tier: SizeTier, days: string[], events: WorldEvent[], rng: Rng): Insider[] {
  const n = days.length;
  const used = new Set<string>();
  const person = () => {
    for (;;) {
      const name = personName(rng);
      if (!used.has(name)) return (used.add(name), name);
    }
  };
  const seat = (title: string, officer: boolean, director: boolean, from = 0): Insider => ({
    name: person(),
    title,
    officer,
    director,
    tenPercentOwner: false,
    from,
    until: n,
  });
  const board = BOARD[tier];
  const others = rng.shuffle(OTHER_OFFICERS).slice(0, tier === "mega" || tier === "large" ? 2 : 1);
  const cast: Insider[] = [
    seat(CEO, true, true),
    seat(CFO, true, false),
    ...others.map((title) => seat(title, true, false)),
    ...Array.from({ length: rng.int(...board.directors) }, () => seat(DIRECTOR, false, true)),
  ];
  if (rng.uniform() < board.owner)
    cast.push({ ...seat(TEN_PERCENT_OWNER, false, false), name: `${person()} Family Trust`, tenPercentOwner: true });
  const dayIndex = dayIndexOf(days);
  for (const e of events) {
    const appointed = e.event_type === "management_change" ? appointmentIn(e.public_summary) : null;
    const day = dayIndex.get(e.event_date);
    if (!appointed || day === undefined) continue;
    const title = TITLES[appointed.role as keyof typeof TITLES];
    const incumbent = cast.find((s) => s.title === title && s.from <= day && s.until > day);
    if (incumbent) incumbent.until = day;
    used.add(appointed.person);
    cast.push({ ...seat(title, true, title === CEO, day), name: appointed.person });
  }
  return cast;
}

/** A person's shares, shared by their seats (an officer named to a second role keeps them). */
interface Wallet {
  shares: number;
  /** Index of the day its latest Form 4 was filed. */
  filed?: number;
}

interface Holder {
  seat: Insider;
  wallet: Wallet;
  rates: Rates;
  /** Shares sold each month under a 10b5-1 plan, from `planFirstSale`, adopted on `planAdopted`. */
  planShares: number;
  planAdopted: number;
  planFirstSale: number;
  /** Appointed inside the world, not holding another seat: files a Form 3. */
  newcomer: boolean;
  rng: Rng;
}

/** Its starting holding: a stake of the shares outstanding that day, by seat. */
function startingShares(seat: Insider, tier: SizeTier, sharesOutstanding: number, rng: Rng): number {
  if (seat.tenPercentOwner) return Math.round(sharesOutstanding * rng.between(0.1, 0.15));
  const ceo = CEO_STAKE[tier] * Math.exp(0.6 * rng.normal());
  const share = seat.title === CEO ? ceo : seat.officer ? 0.25 * ceo : 0.05 * ceo;
  const appointee = seat.from > 0 ? 0.3 : 1;
  return Math.max(1000, Math.round(sharesOutstanding * share * appointee));
}

export interface InsiderInput {
  facts: CompanyFacts;
  tier: SizeTier;
  days: string[];
  quarters: FiscalQuarter[];
  events: WorldEvent[];
  stock: StockPath;
  /** Day spans closed to open-market trades besides the quarters' blackouts (pending deals, a lock-up). */
  closed?: readonly (readonly [number, number])[];
  /** Days after a lock-up ends on which insiders sell more: from, to (day indexes) and the multiple of their rate. */
  lockupSales?: { from: number; to: number; multiple: number };
  rng: Rng;
}

/** Every Form 4 transaction of the company's insiders, in the order they happened. */
export function insiderTrades(input: InsiderInput): {
  cast: Insider[];
  trades: InsiderTrade[];
  /** Form 3 and Form 5 holdings, filed inside the world, in the order they were stated. */
  ownership: InsiderOwnership[];
} {
  const { tier, days, quarters, events, stock, rng } = input;
  const calendar = insiderCalendar(days, quarters, stock, input.closed);
  const yearEnds = fiscalYearEnds(days, quarters);
  const cast = castOf(tier, days, events, rng.fork("cast"));
  const desk = new InsiderDesk(input, calendar, cast);
  const lastDay = days.length - 1 - MAX_FILING_LAG;
  for (let i = 0; i <= lastDay; i++) desk.step(i, yearEnds.get(i));
  return { cast, trades: desk.trades, ownership: desk.ownership };
}

/** Day index of each fiscal year's last trading day -> the year's end. */
function fiscalYearEnds(days: string[], quarters: FiscalQuarter[]): Map<number, string> {
  const yearEnds = new Map<number, string>();
  for (const q of quarters) {
    const last = days.findLastIndex((d) => d <= q.end);
    if (q.quarter === 4 && last >= 0) yearEnds.set(last, q.end);
  }
  return yearEnds;
}

/** Each seat's holder: its person's wallet (shared by their seats), its rates and its 10b5-1 plan. */
function holdersOf(
  cast: Insider[],
  { tier, stock, days, rng }: InsiderInput,
  calendar: InsiderCalendar,
  wallets: Map<string, Wallet>,
): Holder[] {
  const n = days.length;
  return cast.map((seat, k) => {
    const own = rng.fork(`seat/${k}`);
    const planned =
      (seat.title === CEO && own.uniform() < PLAN[tier]) || (seat.title === CFO && own.uniform() < 0.6 * PLAN[tier]);
    const adopted = calendar.sinceOpen.findIndex((s, i) => i >= seat.from && s >= 0);
    const start = startingShares(seat, tier, stock.shares[Math.min(seat.from, n - 1)], own);
    let wallet = wallets.get(seat.name);
    const newcomer = !wallet && seat.from > 0;
    if (!wallet) wallets.set(seat.name, (wallet = { shares: start }));
    return {
      seat,
      wallet,
      rates: ratesOf(seat),
      planShares:
        planned && adopted >= 0 ? Math.max(100, Math.round((start * own.between(0.005, 0.015)) / 100) * 100) : 0,
      planAdopted: adopted,
      // Sales under a plan start after a cooling-off of about 30 trading days.
      planFirstSale: adopted + 30,
      newcomer,
      rng: own,
    };
  });
}

/** A trading day as the insiders' trades read it. */
interface TradingDay {
  i: number;
  bar: StockPath["bars"][number];
  /** The first trading day of a month: a 10b5-1 plan's sale day. */
  planDay: boolean;
  /** December: the month of gifts. */
  december: boolean;
  /** Intensity of open-market trading (0 in a blackout), per event a year. */
  open: number;
}

/** The insiders' holdings and filings, stepped day by day. */
class InsiderDesk {
  readonly trades: InsiderTrade[] = [];
  readonly ownership: InsiderOwnership[] = [];
  private readonly input: InsiderInput;
  private readonly calendar: InsiderCalendar;
  private readonly wallets = new Map<string, Wallet>();
  private readonly holders: Holder[];
  /** Rates are per year; the open days' intensities are scaled so a seat's yearly count is its rate. */
  private readonly perOpenDay = 1 / 252 / MEAN_CLUSTERING;

  constructor(input: InsiderInput, calendar: InsiderCalendar, cast: Insider[]) {
    this.input = input;
    this.calendar = calendar;
    this.holders = holdersOf(cast, input, calendar, this.wallets);
  }

  /** One day: splits, Form 3s of the day's appointees, every seat's trades, Form 5s at a fiscal year's end. */
  step(i: number, yearEnd: string | undefined): void {
    const { days, stock, rng } = this.input;
    const split = i > 0 ? stock.splitMultiple[i] / stock.splitMultiple[i - 1] : 1;
    if (split !== 1) {
      for (const w of this.wallets.values()) w.shares = Math.round(w.shares * split);
      for (const h of this.holders) h.planShares = Math.round(h.planShares * split);
    }
    this.holders.forEach((h, k) => {
      // Stated before the day's trades, in the day's shares (splits included), as the chain goes on from.
      if (h.newcomer && i === h.seat.from)
        this.state(h.seat, "3", days[i], h.wallet.shares, rng.fork(`ownership/${k}`));
    });
    const day: TradingDay = {
      i,
      bar: stock.bars[i],
      planDay: i > 0 && days[i].slice(0, 7) !== days[i - 1].slice(0, 7),
      december: days[i].slice(5, 7) === "12",
      open: clustering(this.calendar.sinceOpen[i]) * this.perOpenDay,
    };
    for (const h of this.holders) {
      if (i < h.seat.from || i >= h.seat.until) continue;
      this.scheduledTrades(h, day);
      if (day.open !== 0) this.windowTrades(h, day);
    }
    if (yearEnd !== undefined)
      this.holders.forEach((h, k) => {
        if (i >= h.seat.from && i < h.seat.until)
          this.state(h.seat, "5", yearEnd, h.wallet.shares, rng.fork(`ownership/${k}/${yearEnd}`));
      });
  }

  /** Trades whatever the window: the yearly grant, a 10b5-1 plan's monthly sale, gifts. */
  private scheduledTrades(h: Holder, { i, bar, planDay, december }: TradingDay): void {
    const { seat, wallet, rng: r } = h;
    const { tier } = this.input;
    if (this.calendar.grantDays.has(i) && (seat.officer || seat.director)) {
      const value = seat.officer ? CEO_GRANT[tier] * (seat.title === CEO ? 1 : 0.35) : DIRECTOR_GRANT[tier];
      this.record(h, i, "grant", Math.max(1, Math.round((value * r.between(0.8, 1.2)) / bar.close)), bar.close, {
        price_basis: "close",
      });
    }
    if (h.planShares > 0 && planDay && i >= h.planFirstSale && wallet.shares >= h.planShares) {
      this.record(h, i, "sell", h.planShares, marketPrice(bar, r), {
        plan: "10b5-1",
        plan_adopted: this.input.days[h.planAdopted],
      });
    }
    const gift = (h.rates.gift / 252) * (december ? 4 : 0.7);
    if (r.uniform() < gift && wallet.shares >= 1000) {
      this.record(h, i, "gift", Math.round(wallet.shares * r.between(0.005, 0.03)), bar.close, {
        price_basis: "close",
      });
    }
  }

  /** Trades of the open window: option exercises (often sold the same day), sales, buys (more after a fall). */
  private windowTrades(h: Holder, { i, bar, open }: TradingDay): void {
    const { wallet, rng: r } = h;
    if (r.uniform() < h.rates.exercise * open) {
      const exercised = Math.max(100, Math.round((wallet.shares * r.between(0.05, 0.2)) / 100) * 100);
      // A cent at least: a stock near its floor still has a strike.
      const strike = Math.max(0.01, round2(bar.close * r.between(0.35, 0.85)));
      this.record(h, i, "option_exercise", exercised, strike, { price_basis: "exercise_price" });
      if (r.uniform() < 0.6) this.record(h, i, "sell", exercised, marketPrice(bar, r), { with_exercise: true });
    }
    const { lockupSales: released } = this.input;
    const pent = released !== undefined && i >= released.from && i <= released.to ? released.multiple : 1;
    if (r.uniform() < h.rates.sell * open * pent) {
      const lot = Math.round((wallet.shares * r.between(0.03, 0.15)) / 100) * 100;
      if (lot >= 100 && lot <= wallet.shares) this.record(h, i, "sell", lot, marketPrice(bar, r), {});
    }
    const fallen = this.calendar.afterFall[i];
    if (r.uniform() < h.rates.buy * open * (fallen ? BUY_AFTER_FALL : 1)) {
      const price = marketPrice(bar, r);
      const dollars = 2e5 * Math.exp(0.8 * r.normal());
      this.record(h, i, "buy", Math.max(100, Math.round(dollars / price / 100) * 100), price, { after_fall: fallen });
    }
  }

  /** A trade of `h` on day `i`: its holding moves, its Form 4 is filed. */
  private record(
    h: Holder,
    i: number,
    type: TransactionType,
    shares: number,
    price: number,
    details: Partial<InsiderTradeDetails>,
  ): void {
    const { seat, wallet } = h;
    const before = wallet.shares;
    const sign = type === "sell" || type === "gift" ? -1 : 1;
    wallet.shares += sign * shares;
    // An insider's Forms 4 are filed in the order of their trades, so what is public by any day is a
    // whole chain (a later trade filed sooner would leave a gap until the earlier one's filing).
    const filed = Math.max(i + filingLag(h.rng), wallet.filed ?? 0);
    wallet.filed = filed;
    const { facts, days } = this.input;
    this.trades.push(trade(facts, seat, days, filed, i, type, sign * shares, price, before, wallet.shares, details));
  }

  /** A statement of `seat` on `asOf`, filed some calendar days after it (left out past the world's end). */
  private state(seat: Insider, form: "3" | "5", asOf: string, shares: number, r: Rng): void {
    const { facts, days } = this.input;
    const [lo, hi] = form === "3" ? [4, FORM3_DEADLINE_DAYS] : [20, FORM5_DEADLINE_DAYS];
    const open = tradingDays(addDays(asOf, 1), addDays(asOf, r.int(lo, hi)));
    const filed = open[open.length - 1];
    if (filed !== undefined && filed <= days[days.length - 1])
      this.ownership.push(statement(facts, seat, form, filed, asOf, shares));
  }
}

/** A price inside the day's range. */
const marketPrice = (bar: StockPath["bars"][number], r: Rng) => round2(bar.low + r.uniform() * (bar.high - bar.low));

function statement(
  facts: CompanyFacts,
  seat: Insider,
  form: "3" | "5",
  filed: string,
  asOf: string,
  shares: number,
): InsiderOwnership {
  return {
    id: idOf("own", [facts.ticker, seat.name, seat.title, form, asOf]),
    ticker: facts.ticker,
    issuer: facts.name,
    name: seat.name,
    title: seat.title,
    is_board_director: seat.director,
    form_type: form,
    filing_date: filed,
    as_of_date: asOf,
    holding_type: "non_derivative",
    security_title: "Common Stock",
    shares_owned: shares,
    direct_or_indirect: "D",
    nature_of_indirect_ownership: null,
    conversion_or_exercise_price: null,
    exercise_date: null,
    expiration_date: null,
    underlying_security_title: null,
    underlying_security_shares: null,
  };
}

/** A row's stable id: its prefix and the first 64 bits of the SHA-256 of what names it. */
const idOf = (prefix: string, parts: (string | number)[]) =>
  `${prefix}_${createHash("sha256").update(parts.join("|")).digest("hex").slice(0, 16)}`;

/** Trading days from the transaction to its Form 4: 0, 1 or 2. */
function filingLag(rng: Rng): number {
  const u = rng.uniform();
  return u < 0.1 ? 0 : u < 0.65 ? 1 : 2;
}

function trade(
  facts: CompanyFacts,
  seat: Insider,
  days: string[],
  filed: number,
  day: number,
  type: TransactionType,
  signed: number,
  price: number,
  before: number,
  after: number,
  details: Partial<InsiderTradeDetails>,
): InsiderTrade {
  const id = idOf("ins", [facts.ticker, seat.name, days[day], type, signed, before]);
  const shares = Math.abs(signed);
  return {
    filing_date: days[filed],
    id,
    ticker: facts.ticker,
    issuer: facts.name,
    name: seat.name,
    title: seat.title,
    is_board_director: seat.director,
    transaction_date: days[day],
    transaction_type: type,
    transaction_shares: signed,
    transaction_price_per_share: price,
    transaction_value: round2(signed * price),
    shares_owned_before_transaction: before,
    shares_owned_after_transaction: after,
    security_title: "Common Stock",
    insider_name: seat.name,
    role: seat.title,
    shares,
    price,
    value: round2(shares * price),
    details: {
      form_type: "4",
      transaction_code: TRANSACTION_CODES[type],
      acquired_disposed: signed < 0 ? "D" : "A",
      plan: null,
      plan_adopted: null,
      is_officer: seat.officer,
      is_ten_percent_owner: seat.tenPercentOwner,
      price_basis: "market",
      with_exercise: false,
      after_fall: false,
      ...details,
    },
  };
}
