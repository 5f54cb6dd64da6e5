// Corporate actions: smoothed quarterly dividends for payers, occasional splits of high-priced
// names and reverse splits of stocks below the exchanges' $1 minimum, each with announcement, ex,
// record and payable dates. Generated from the total-return path, then applied to turn it into
// as-traded prices.
import { hash } from "node:crypto";
import type { CompanyFacts } from "../../src/bundle/types.ts";
import { addDays, isTradingDay } from "./calendar.ts";
import type { Rng } from "../ground/rng.ts";
import { dayIndexOf } from "./events.ts";
import { round2 } from "./rounding.ts";
import { PriceDeficiency } from "./reverse-splits.ts";

export interface CorporateAction {
  id: string;
  ticker: string;
  action_type: "dividend" | "split" | "acquisition" | "delisting";
  announcement_date: string;
  ex_date: string;
  record_date: string;
  payable_date: string;
  details: Record<string, unknown>;
}

/** Dividend yield of payers by sector, and the share of companies that pay. */
const DIVIDEND_PROFILE: Record<string, { payers: number; yield: number }> = {
  Utilities: { payers: 1, yield: 0.035 },
  "Consumer Staples": { payers: 0.95, yield: 0.028 },
  Energy: { payers: 0.9, yield: 0.035 },
  Financials: { payers: 0.9, yield: 0.025 },
  "Real Estate": { payers: 1, yield: 0.035 },
  "Health Care": { payers: 0.7, yield: 0.018 },
  Industrials: { payers: 0.85, yield: 0.017 },
  Materials: { payers: 0.85, yield: 0.022 },
  "Communication Services": { payers: 0.55, yield: 0.015 },
  "Consumer Discretionary": { payers: 0.6, yield: 0.014 },
  "Information Technology": { payers: 0.6, yield: 0.01 },
};
const DEFAULT_PROFILE = { payers: 0.7, yield: 0.02 };

export function businessDaysAfter(date: string, n: number): string {
  let d = date;
  let left = n;
  while (left > 0) {
    d = addDays(d, 1);
    if (isTradingDay(d)) left--;
  }
  return d;
}

function businessDaysBefore(date: string, n: number): string {
  let d = date;
  let left = n;
  while (left > 0) {
    d = addDays(d, -1);
    if (isTradingDay(d)) left--;
  }
  return d;
}

/** US settlement moved to T+1 on 2024-05-28: the record date became the ex-date. */
function recordDate(exDate: string): string {
  return exDate >= "2024-05-28" ? exDate : businessDaysAfter(exDate, 1);
}

/** A company's chance of paying and its yield as a payer: the anchors' yield where known, else its sector's. */
function dividendProfile(sector: string, anchored: number | null | undefined): { payers: number; yield: number } {
  if (anchored === null || anchored === undefined) return DIVIDEND_PROFILE[sector] ?? DEFAULT_PROFILE;
  return { payers: anchored > 0 ? 1 : 0, yield: anchored };
}

/** The yield a company is expected to pay: its chance of paying times its yield as a payer. */
export function expectedDividendYield(sector: string, anchored: number | null | undefined): number {
  const profile = dividendProfile(sector, anchored);
  return profile.payers * profile.yield;
}

export function actionId(ticker: string, type: string, exDate: string): string {
  return `ca_${hash("sha256", `${ticker}|${type}|${exDate}`, "hex").slice(0, 16)}`;
}

export interface ActionInput {
  company: CompanyFacts;
  days: string[];
  /** Total-return price index of the stock (arbitrary start), used to size dividends and splits. */
  totalReturnPrice: number[];
  /** Price on the first day, so sizes are in dollars. */
  startPrice: number;
  /** Trailing yield at the start from the anchors (0: not a payer); undefined or null: drawn by sector. */
  dividendYield?: number | null;
  /** The day a crisis hit the company's sector: its next dividend is cut (CRISIS_DIVIDEND_CUT). */
  crisisHit?: string;
  /** Distress (a failure ahead): the first dividend declared from `from` is cut to a share in `dividendCut`, and none from `suspendFrom`. */
  distress?: { from: string; suspendFrom: string; dividendCut: readonly [number, number] };
  /** The first trading day of a company that lists inside the scenario: the exchange's rules apply from it. */
  listedFrom?: string;
  rng: Rng;
}

/**
 * A payer a crisis hits (write-downs: models/fundamentals.ts) cuts its dividend to this share of
 * what it paid, drawn, at the first announcement after the crisis; the yearly reviews then raise it
 * by at most 10% a year, so it stays low for years (banks in 2008-09: docs/realism.md, "Fundamentals").
 */
const CRISIS_DIVIDEND_CUT = [0.05, 0.5] as const;

/** Daily chance of a split announcement at an as-traded price (pre-split prices typically > $100: docs/realism.md). */
const splitHazard = (price: number) => Math.min(0.004, 0.0001 * (price / 100) ** 1.5);

/** A payer's ex-dates: the first trading day on or after `exDay` of every third month from `offset`, a fixed quarterly cycle. */
function exDates(days: string[], offset: number, exDay: number): string[] {
  const out: string[] = [];
  for (const day of days)
    if (
      (Number(day.slice(5, 7)) - 1) % 3 === offset &&
      Number(day.slice(8)) >= exDay &&
      out.at(-1)?.slice(0, 7) !== day.slice(0, 7)
    )
      out.push(day);
  return out;
}

/**
 * Actions whose ex-date lies inside the scenario, ascending by ex-date. Each is decided on its
 * announcement day from what is known then: a dividend's amount from the price the board sees, its
 * dates from a stream of its own, so nothing that happens between its announcement and its ex-date
 * (a twin's other path, docs/scenarios.md) changes it.
 */
export function corporateActions(input: ActionInput): CorporateAction[] {
  const board = new CompanyBoard(input);
  input.days.forEach((day, i) => board.step(day, i));
  return board.actions.sort((a, b) =>
    a.ex_date === b.ex_date ? (a.id < b.id ? -1 : 1) : a.ex_date < b.ex_date ? -1 : 1,
  );
}

/** A dividend of the payer's cycle: its ex-date, its announcement, and its own stream. */
interface PlannedDividend {
  ex: string;
  announced: string;
  rng: Rng;
}

/** A company's board day by day: the dividends and splits it announces, and what they did to the price. */
class CompanyBoard {
  readonly actions: CorporateAction[] = [];
  private readonly input: ActionInput;
  private readonly profile: { payers: number; yield: number };
  private readonly scale: number;
  private readonly dayIndex: Map<string, number>;
  private readonly dividends: PlannedDividend[];
  /** The next of `dividends` to announce. */
  private next = 0;
  /** Dividends announced and not yet ex. */
  private readonly pending: { ex: string; amount: number }[] = [];
  private quarterly = 0;
  private splitFactor = 1;
  private lastYear = -1;
  private lastSplitIndex = -400;
  /** What the dividends gone ex so far took out of the price (the as-traded price over the total-return one). */
  private paidOut = 1;
  /** A split announced and not yet ex: dividends stay per old share until its ex-date. */
  private pendingSplit: { ex: string; ratio: number } | null = null;
  private crisisCut: boolean;
  private distressCut: boolean;
  private readonly deficiency: PriceDeficiency;

  constructor(input: ActionInput) {
    const { company, days, rng } = input;
    this.input = input;
    this.profile = dividendProfile(company.sector, input.dividendYield);
    this.scale = input.startPrice / input.totalReturnPrice[0];
    const payer = rng.uniform() < this.profile.payers;
    const exMonthOffset = rng.int(0, 2); // payers keep a fixed quarterly cycle
    const exDay = rng.int(5, 20);
    // Each dividend is announced 15-25 business days before its ex-date.
    this.dividends = (payer ? exDates(days, exMonthOffset, exDay) : []).map((ex) => {
      const own = rng.fork(`dividend/${ex}`);
      return { ex, announced: businessDaysBefore(ex, own.int(15, 25)), rng: own };
    });
    this.dayIndex = dayIndexOf(days);
    this.crisisCut = input.crisisHit === undefined;
    this.distressCut = input.distress === undefined;
    this.deficiency = new PriceDeficiency(rng.fork("listing-rule"));
  }

  /**
   * As-traded price on a date, as of today's splits and dividends (the first day's for dates before
   * the scenario). Dividends are sized from it: sized from the total-return price they would outgrow
   * a price they have been taken from for decades.
   */
  private priceOn(date: string): number {
    return (this.input.totalReturnPrice[this.dayIndex.get(date) ?? 0] * this.scale * this.paidOut) / this.splitFactor;
  }

  step(day: string, i: number): void {
    const { days, rng } = this.input;
    if (this.pendingSplit && day >= this.pendingSplit.ex) {
      this.splitFactor *= this.pendingSplit.ratio;
      this.quarterly /= this.pendingSplit.ratio;
      this.pendingSplit = null;
    }
    const price = this.priceOn(day);
    // A dividend gone ex today takes its amount out of the price.
    while (this.pending[0]?.ex === day)
      this.paidOut *= 1 - this.pending.shift()!.amount / this.priceOn(days[Math.max(0, i - 1)]);
    // Dividends announced today (those announced before the first day, on it).
    while (this.next < this.dividends.length && this.dividends[this.next].announced <= day)
      this.announceDividend(this.dividends[this.next++]);
    // Splits: the higher the price the likelier (above $100; about 5% a year at $150, 24% at $500),
    // at most one a year and a half.
    if (price > 100 && i - this.lastSplitIndex > 380 && i > 25 && rng.uniform() < splitHazard(price))
      this.announceSplit(day, i, price);
    this.listingRule(day, i, price);
  }

  /**
   * The $1 rule (reverse-splits.ts), for a listed company not heading for failure (one that is leaves
   * by its bankruptcy) with no split pending.
   */
  private listingRule(day: string, i: number, price: number): void {
    const { listedFrom, distress } = this.input;
    if ((listedFrom && day < listedFrom) || (distress && day >= distress.from) || this.pendingSplit) return;
    const decision = this.deficiency.step(day, price);
    if (decision) this.announceReverseSplit(day, i, decision.sharesPerNew, decision.exAfterDays);
  }

  /** A dividend's amount: set once a year from the price, raised gradually, cut rarely. */
  private announceDividend({ ex, announced, rng: own }: PlannedDividend): void {
    // The board sets the amount when it announces it, from the price it sees then.
    const seen = this.priceOn(announced);
    const year = Number(ex.slice(0, 4));
    if (year !== this.lastYear) {
      // Raised towards the year's target (at most 10% a year), never lowered in the yearly review:
      // boards hold rather than cut (Lintner), so cuts come from distress only.
      const target = (this.profile.yield * (0.6 + 0.8 * own.uniform()) * seen) / 4;
      this.quarterly = this.quarterly === 0 ? target : Math.max(this.quarterly, Math.min(this.quarterly * 1.1, target));
      this.lastYear = year;
    }
    // A crisis that hits the company: the board cuts at its first announcement after it.
    if (!this.crisisCut && announced >= this.input.crisisHit!) {
      this.quarterly *= own.between(...CRISIS_DIVIDEND_CUT);
      this.crisisCut = true;
    }
    // A company heading for failure cuts its dividend first, then suspends it.
    const { distress } = this.input;
    if (distress && announced >= distress.suspendFrom) return;
    if (!this.distressCut && announced >= distress!.from) {
      this.quarterly *= own.between(...distress!.dividendCut);
      this.distressCut = true;
    }
    // Distress: a payer whose price has collapsed (a yield above 12%) halves its dividend or more.
    if (this.quarterly > 0.03 * seen) this.quarterly = 0.5 * Math.min(this.quarterly, 0.03 * seen);
    if (this.quarterly < 0.005) return;
    // A split announced to go ex before this dividend: the amount is per new share. Rounded to the
    // cent, it stays within 3% of the price (a cent is a large share of a collapsed price).
    const basis = this.pendingSplit && this.pendingSplit.ex <= ex ? this.pendingSplit.ratio : 1;
    const amount = Math.min(round2(this.quarterly / basis), Math.floor((0.03 * seen * 100) / basis) / 100);
    if (amount <= 0) return;
    const { ticker } = this.input.company;
    const record = recordDate(ex);
    this.pending.push({ ex, amount });
    this.actions.push({
      id: actionId(ticker, "dividend", ex),
      ticker,
      action_type: "dividend",
      announcement_date: announced,
      ex_date: ex,
      record_date: record,
      payable_date: businessDaysAfter(record, own.int(10, 20)),
      details: { amount, currency: "USD", frequency: "quarterly" },
    });
  }

  /**
   * A split announced today, a month ahead; 2:1 unless the price is very high. It goes ex after the
   * dividends already announced, whose amounts are per old share.
   */
  private announceSplit(day: string, i: number, price: number): void {
    const ratio = price > 1500 ? 10 : price > 900 ? 4 : price > 600 ? 3 : 2;
    const exAfterDays = this.input.rng.int(20, 30);
    if (this.addSplit(day, i, exAfterDays, { split_from: 1, split_to: ratio, ratio })) this.lastSplitIndex = i;
  }

  /** A reverse split (`sharesPerNew` old shares become one), going ex `exAfterDays` trading days after today. */
  private announceReverseSplit(day: string, i: number, sharesPerNew: number, exAfterDays: number): void {
    this.addSplit(day, i, exAfterDays, { split_from: sharesPerNew, split_to: 1, ratio: 1 / sharesPerNew });
  }

  /** A split announced today going ex `exAfterDays` later, after the dividends already announced; false if none fits. */
  private addSplit(
    day: string,
    i: number,
    exAfterDays: number,
    details: { split_from: number; split_to: number; ratio: number },
  ): boolean {
    const { days } = this.input;
    let k = Math.min(days.length - 1, i + exAfterDays);
    const lastDividend = this.pending.at(-1)?.ex;
    while (lastDividend && days[k] <= lastDividend && k < days.length - 1) k++;
    const ex = days[k];
    if (ex === day || (lastDividend && ex <= lastDividend)) return false;
    const { ticker } = this.input.company;
    this.actions.push({
      id: actionId(ticker, "split", ex),
      ticker,
      action_type: "split",
      announcement_date: day,
      ex_date: ex,
      record_date: businessDaysBefore(ex, 3),
      payable_date: businessDaysBefore(ex, 1),
      details,
    });
    this.pendingSplit = { ex, ratio: details.ratio };
    return true;
  }
}
