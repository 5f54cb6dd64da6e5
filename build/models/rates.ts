// Central banks: eight scheduled meetings a year on each bank's real announcement weekday, an
// inertial Taylor-type rule on a slowly drifting neutral rate, moves in 25bp steps (50-75bp only in
// fast cycles), intermeeting cuts only in a crisis. Starting levels and the direction of the last
// move come from the real history before the scenario (reference data, plus documented estimates
// where the data has gaps). See docs/generator.md, "Public world", its Central banks.
import { parse } from "csv-parse/sync";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { addDays, isTradingDay, toDate } from "./calendar.ts";
import type { Rng } from "../ground/rng.ts";
import type { Regime } from "./regimes.ts";
import { round2 } from "./rounding.ts";
import { BANKS } from "../ground/scenario-source.ts";

const REFDATA = fileURLToPath(new URL("../refdata/", import.meta.url));

export type BankCode = (typeof BANKS)[number];

export interface Bank {
  bank: string;
  name: string;
}

export interface RateDecision {
  bank: string;
  /** Day the decision was announced (the event date). */
  announced: string;
  effective_date: string;
  target_low: number;
  target_high: number;
  decision: "hike" | "cut" | "hold";
  /** The change of the rate, in percentage points. */
  move: number;
  /** Hidden: the move the market expected, in percentage points (drives the policy surprise). */
  expectedMove: number;
  scheduled: boolean;
}

/** A stated story window (scenario source `story.policy`): the bank's direction inside it. */
export interface PolicyWindow {
  bank: string;
  from: string;
  to: string;
  direction: "hike" | "cut" | "hold";
}

const [TUE, WED, THU, FRI] = [2, 3, 4, 5];

interface BankRule {
  /** Long-run neutral nominal rate, percent: the drifting neutral rate reverts to it very slowly. */
  neutral: number;
  /** Lowest rate the bank goes to. */
  floor: number;
  /** Width of the published target range (FED: 25bp; others publish one rate). */
  rangeWidth: number;
  /** Area inflation gap = offset + coupling x US gap (+ own noise): how much of the US regime the area shares. */
  inflationOffset: number;
  inflationCoupling: number;
  growthCoupling: number;
  /** Reaction of the desired rate to the area's inflation and output gaps. */
  inflationWeight: number;
  growthWeight: number;
  /** Planned meetings: month (0-based), approximate day, weekday of the announcement (0 = Sunday). */
  meetings: [number, number, number][];
  /** Business days from announcement to effect. */
  effectLag: number;
  /** Whether it cuts between meetings when a crisis begins. */
  emergency: boolean;
  fallbackRate: number;
}

// FOMC: two-day meetings (Tue-Wed), statement on Wednesday. ECB Governing Council and BOE MPC:
// decisions on Thursdays. BOJ: announced on the second day of a two-day meeting, which we fix to
// Friday (Thu-Fri) for the March-September meetings and Tuesday (Mon-Tue) or Wednesday (Tue-Wed)
// for the January, October and December ones, as in most recent BOJ calendars.
const RULES: Record<BankCode, BankRule> = {
  FED: {
    neutral: 2.75,
    floor: 0.25,
    rangeWidth: 0.25,
    inflationOffset: 0,
    inflationCoupling: 1,
    growthCoupling: 1,
    inflationWeight: 1.5,
    growthWeight: 0.5,
    meetings: [
      [0, 29, WED],
      [2, 18, WED],
      [4, 1, WED],
      [5, 15, WED],
      [6, 27, WED],
      [8, 18, WED],
      [10, 2, WED],
      [11, 14, WED],
    ],
    effectLag: 1,
    emergency: true,
    fallbackRate: 2.5,
  },
  ECB: {
    neutral: 2.25,
    floor: 0,
    rangeWidth: 0,
    inflationOffset: -0.2,
    inflationCoupling: 0.6,
    growthCoupling: 0.7,
    inflationWeight: 1.5,
    growthWeight: 0.3,
    meetings: [
      [0, 25, THU],
      [2, 8, THU],
      [3, 15, THU],
      [5, 5, THU],
      [6, 20, THU],
      [8, 10, THU],
      [9, 22, THU],
      [11, 12, THU],
    ],
    effectLag: 5,
    emergency: false,
    fallbackRate: 2.0,
  },
  BOE: {
    neutral: 2.75,
    floor: 0.1,
    rangeWidth: 0,
    inflationOffset: 0.2,
    inflationCoupling: 0.7,
    growthCoupling: 0.7,
    inflationWeight: 1.3,
    growthWeight: 0.5,
    meetings: [
      [1, 3, THU],
      [2, 20, THU],
      [4, 8, THU],
      [5, 19, THU],
      [7, 3, THU],
      [8, 18, THU],
      [10, 5, THU],
      [11, 17, THU],
    ],
    effectLag: 0,
    emergency: true,
    fallbackRate: 2.5,
  },
  // Japan: structurally low inflation (offset -1.1) and a weak link to US inflation (0.1): a US
  // inflation shock alone does not lift the desired rate above the zero-rate region.
  BOJ: {
    neutral: 1.0,
    floor: -0.1,
    rangeWidth: 0,
    inflationOffset: -1.1,
    inflationCoupling: 0.1,
    growthCoupling: 0.5,
    inflationWeight: 1.0,
    growthWeight: 0.3,
    meetings: [
      [0, 22, WED],
      [2, 15, FRI],
      [3, 28, FRI],
      [5, 14, FRI],
      [6, 28, FRI],
      [8, 20, FRI],
      [9, 30, TUE],
      [11, 18, TUE],
    ],
    effectLag: 0,
    emergency: false,
    fallbackRate: 0.1,
  },
};

export const BANK_CODES: string[] = [...BANKS];

/** Weekdays (0 = Sunday) on which a bank announces scheduled decisions. */
export function meetingWeekdays(bank: string): Set<number> {
  return new Set(RULES[bank as BankCode].meetings.map(([, , w]) => w));
}

/** The lowest rate a bank goes to. */
export function rateFloor(bank: string): number {
  return RULES[bank as BankCode].floor;
}

export function banks(): Bank[] {
  const rows = parse(readFileSync(REFDATA + "central_banks.csv", "utf8"), { columns: true }) as Record<
    string,
    string
  >[];
  return rows.filter((r) => r.code in RULES).map((r) => ({ bank: r.code, name: r.name }));
}

/**
 * The real change points of a bank: policy_rate_decisions.csv, with policy_rate_estimates.csv
 * filling its gaps (ECB 2000-2008, BOJ throughout), by effective date.
 */
let history: Map<string, { date: string; rate: number }[]> | undefined;
function referenceHistory(bank: string): { date: string; rate: number }[] {
  if (!history) {
    history = new Map();
    for (const file of ["policy_rate_decisions.csv", "policy_rate_estimates.csv"]) {
      const rows = parse(readFileSync(REFDATA + file, "utf8"), { columns: true }) as Record<string, string>[];
      for (const r of rows) {
        const list = history.get(r.bank_code) ?? [];
        list.push({ date: r.effective_date, rate: Number(r.rate_high_pct) });
        history.set(r.bank_code, list);
      }
    }
    for (const list of history.values()) list.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  }
  return history.get(bank) ?? [];
}

/** The real rate in force on `date` (upper bound for a range) and the direction of the last move before it. */
export function referenceRate(bank: string, date: string): { rate: number; lastDirection: number } | undefined {
  const past = referenceHistory(bank).filter((r) => r.date <= date);
  if (!past.length) return undefined;
  let lastDirection = 0;
  for (let i = past.length - 1; i > 0 && !lastDirection; i--)
    lastDirection = Math.sign(past[i].rate - past[i - 1].rate);
  return { rate: past[past.length - 1].rate, lastDirection };
}

/** The real moves of a bank's rate (percentage points) effective from `from` to `to`, in order; none before its history. */
export function realPolicyMoves(bank: string, from: string, to: string): number[] {
  const list = referenceHistory(bank);
  const moves: number[] = [];
  for (let i = 1; i < list.length; i++)
    if (list[i].date >= from && list[i].date <= to && list[i].rate !== list[i - 1].rate)
      moves.push(list[i].rate - list[i - 1].rate);
  return moves;
}

function nextTradingDay(date: string, lag: number): string {
  let d = date;
  let moved = 0;
  while (!isTradingDay(d) || moved < lag) {
    if (isTradingDay(d)) moved++;
    d = addDays(d, 1);
  }
  return d;
}

/** The bank's weekday nearest the planned day; a week later when that is a (US) market holiday. */
function meetingDay(year: number, month: number, day: number, weekday: number): string {
  const planned = new Date(Date.UTC(year, month, day));
  const shift = ((weekday - planned.getUTCDay() + 10) % 7) - 3; // -3..3
  let d = addDays(planned.toISOString().slice(0, 10), shift);
  while (!isTradingDay(d)) d = addDays(d, 7);
  return d;
}

/** Scheduled announcement days of a bank inside (start, end]. */
export function meetingSchedule(bank: string, start: string, end: string): string[] {
  const out: string[] = [];
  for (let y = toDate(start).getUTCFullYear(); y <= toDate(end).getUTCFullYear(); y++)
    for (const [m, d, w] of RULES[bank as BankCode].meetings) {
      const day = meetingDay(y, m, d, w);
      if (day > start && day <= end) out.push(day);
    }
  return out;
}

const roundQuarter = (x: number) => Math.round(x * 4) / 4;

/** US output gap by regime, pp (recovery: growing fast but still below potential). */
const OUTPUT_GAP: Record<Regime, number> = {
  expansion: 0.6,
  slowdown: -0.6,
  crisis: -3,
  inflation_shock: 0,
  recovery: -1,
};
/** Extra US inflation pressure of an inflation shock beyond the smoothed expectation, pp. */
const SHOCK_PREMIUM = 1.5;
/** Gap that keeps a cycle going, and the gap against the last move that must persist before a turn. */
const CONTINUE_GAP = 0.375;
const REVERSE_GAP = 1.0;
const REVERSE_MEETINGS = 3;

export interface RatePathInput {
  days: string[];
  regimes: Regime[];
  /** Smoothed inflation expectation per day (percent). */
  inflation: number[];
  /** Stated story windows of this bank (scenario source `story.policy`). */
  story?: PolicyWindow[];
  rng: Rng;
}

/** Every bank's decisions over the scenario, the first row being the rate in force at the start. */
export function policyDecisions(bankCode: string, input: RatePathInput): RateDecision[] {
  const bank = new BankPolicy(bankCode, input);
  for (let i = 0; i < input.days.length; i++) bank.step(i);
  return bank.decisions;
}

/** A move's size: 25bp, 50-75bp only in fast cycles far from the desired rate. */
const moveSize = (gap: number, fast: boolean) =>
  fast && Math.abs(gap) > 2.5 ? 0.75 : fast && Math.abs(gap) > 1.5 ? 0.5 : 0.25;

/** A bank's rule and its hidden state, stepped day by day; its decisions so far. */
class BankPolicy {
  readonly decisions: RateDecision[];
  private readonly bankCode: string;
  private readonly rule: BankRule;
  private readonly input: RatePathInput;
  private readonly story: PolicyWindow[];
  private readonly meetingDays: Set<string>;
  /** The last meeting of each window, where a stated hike or cut is made if none came before. */
  private readonly lastMeetingOf: Map<PolicyWindow, string | undefined>;
  private readonly movedIn = new Set<PolicyWindow>();
  private rate: number;
  private lastDirection: number;
  // Hidden state of the rule: the drifting neutral rate, the area's own inflation and growth noise,
  // the smoothed output gap, and the meetings spent with the gap against the last move.
  private neutral: number;
  private ownInflation = 0;
  private ownGrowth = 0;
  private outputGap: number;
  private against = 0;
  /** A crisis that grew out of an inflation shock: the bank does not rush to cut into inflation. */
  private inflationCrisis = false;

  constructor(bankCode: string, input: RatePathInput) {
    const rule = RULES[bankCode as BankCode];
    const { days, regimes } = input;
    this.bankCode = bankCode;
    this.rule = rule;
    this.input = input;
    this.story = (input.story ?? []).filter((w) => w.bank === bankCode);
    const start = days[0];
    const reference = referenceRate(bankCode, start);
    this.rate = reference?.rate ?? rule.fallbackRate;
    this.lastDirection = reference?.lastDirection ?? 0;
    this.decisions = [this.row(start, start, "hold", 0, 0, false)];
    const meetings = meetingSchedule(bankCode, start, days[days.length - 1]);
    this.meetingDays = new Set(meetings);
    this.lastMeetingOf = new Map(
      this.story.map((w) => [w, meetings.filter((m) => w.from <= m && m <= w.to).at(-1)] as const),
    );
    // The neutral rate starts at the rate in force when that is lower (a bank at zero after a
    // crisis lives in a low-neutral world and lifts off late), halfway to it when higher.
    this.neutral =
      this.rate < rule.neutral
        ? Math.max(rule.neutral - 2.5, this.rate)
        : rule.neutral + 0.5 * Math.min(2, this.rate - rule.neutral);
    this.outputGap = OUTPUT_GAP[regimes[0]];
  }

  /** A decision row at the rate now in force. */
  private row(
    announced: string,
    effective: string,
    decision: RateDecision["decision"],
    move: number,
    expectedMove: number,
    scheduled: boolean,
  ): RateDecision {
    const { rule, rate } = this;
    return {
      bank: this.bankCode,
      announced,
      effective_date: effective,
      target_low: round2(rule.rangeWidth ? rate - rule.rangeWidth : rate),
      target_high: round2(rate),
      decision,
      move,
      expectedMove,
      scheduled,
    };
  }

  step(i: number): void {
    const { rule } = this;
    const { days, regimes } = this.input;
    const day = days[i];
    const regime = regimes[i];
    if (regime === "crisis" && i > 0 && regimes[i - 1] !== "crisis")
      this.inflationCrisis = regimes[i - 1] === "inflation_shock";
    const window = this.story.find((w) => w.from <= day && day <= w.to);
    // An emergency intermeeting cut when a crisis begins (FED and BOE only), unless the crisis grew
    // out of an inflation shock, which a cut would feed, or a stated hike window rules cuts out. A
    // crisis that begins on a meeting day gets the same cut from the meeting itself (still one of
    // the year's eight).
    const crisisStarts =
      regime === "crisis" && i > 0 && regimes[i - 1] !== "crisis" && regimes[i - 1] !== "inflation_shock";
    if (crisisStarts && rule.emergency && this.rate > rule.floor + 0.4 && window?.direction !== "hike") {
      const cut = round2(Math.max(rule.floor, this.rate - 0.5) - this.rate);
      this.rate = round2(this.rate + cut);
      this.lastDirection = -1;
      this.against = 0;
      if (window) this.movedIn.add(window);
      this.decisions.push(this.row(day, nextTradingDay(day, rule.effectLag), "cut", cut, 0, this.meetingDays.has(day)));
    } else if (this.meetingDays.has(day)) this.meet(i, window);
  }

  /** A scheduled meeting: the rule's move toward the desired rate, steered by a stated window. */
  private meet(i: number, window: PolicyWindow | undefined): void {
    const { rule } = this;
    const { rng } = this.input;
    const day = this.input.days[i];
    const regime = this.input.regimes[i];
    const easingCrisis = regime === "crisis" && !this.inflationCrisis;
    const gap = this.desiredRate(i, easingCrisis) - this.rate;
    const fast = regime === "inflation_shock" || regime === "crisis";
    const skip = rng.uniform();
    const direction = this.steered(this.ruleDirection(gap, easingCrisis, fast, skip), gap, day, window);
    let newRate = this.rate;
    if (direction) newRate = Math.max(rule.floor, round2(this.rate + direction * moveSize(gap, fast)));
    const actual = round2(newRate - this.rate);
    this.rate = newRate;
    if (actual) {
      if (Math.sign(actual) !== this.lastDirection) this.against = 0;
      this.lastDirection = Math.sign(actual);
      if (window) this.movedIn.add(window);
    }
    // Markets expect most of a move; the rest is the surprise.
    const expectedMove = roundQuarter(actual * 0.8 + 0.25 * rng.normal() * 0.5);
    const decision = actual > 0 ? "hike" : actual < 0 ? "cut" : "hold";
    this.decisions.push(this.row(day, nextTradingDay(day, rule.effectLag), decision, actual, expectedMove, true));
  }

  /** The desired rate of a meeting, once the hidden state has moved on to it. */
  private desiredRate(i: number, easingCrisis: boolean): number {
    const { rule } = this;
    const { rng } = this.input;
    const regime = this.input.regimes[i];
    // The neutral rate drifts and reverts to its long-run level over years (half-life ~7 years); a
    // crisis scars it, so rates cut to the floor stay low long after it (no quick pull to a fixed level).
    this.neutral += 0.012 * (rule.neutral - this.neutral) + 0.05 * rng.normal();
    if (easingCrisis) this.neutral = Math.max(rule.neutral - 2.5, this.neutral - 0.6);
    this.ownInflation = 0.85 * this.ownInflation + 0.12 * rng.normal();
    this.ownGrowth = 0.85 * this.ownGrowth + 0.2 * rng.normal();
    this.outputGap = regime === "crisis" ? OUTPUT_GAP.crisis : 0.6 * this.outputGap + 0.4 * OUTPUT_GAP[regime];
    const usInflationGap = this.input.inflation[i] - 2 + (regime === "inflation_shock" ? SHOCK_PREMIUM : 0);
    const inflationGap = rule.inflationOffset + rule.inflationCoupling * usInflationGap + this.ownInflation;
    const growthGap = rule.growthCoupling * this.outputGap + this.ownGrowth;
    return Math.max(rule.floor, this.neutral + rule.inflationWeight * inflationGap + rule.growthWeight * growthGap);
  }

  /** The rule's direction (-1, 0 or 1) for a gap to the desired rate, with its inertia. */
  private ruleDirection(gap: number, easingCrisis: boolean, fast: boolean, skip: number): number {
    if (easingCrisis && gap < -0.05) return -1; // a crisis overrides inertia
    if (Math.sign(gap) === this.lastDirection || this.lastDirection === 0) {
      this.against = 0;
      // Continuing a cycle: outside fast regimes the bank sometimes pauses between moves.
      return Math.abs(gap) >= CONTINUE_GAP && (fast || Math.abs(gap) >= 1 || skip > 0.35) ? Math.sign(gap) : 0;
    }
    // Turning: only after the gap has clearly reversed for several meetings (one fewer when far off).
    this.against = Math.abs(gap) >= REVERSE_GAP ? this.against + 1 : 0;
    return this.against >= REVERSE_MEETINGS || (this.against >= REVERSE_MEETINGS - 1 && Math.abs(gap) >= 2)
      ? Math.sign(gap)
      : 0;
  }

  /** A stated story window steers the bank: its direction only, and at least one move by its last meeting. */
  private steered(direction: number, gap: number, day: string, window: PolicyWindow | undefined): number {
    if (!window) return direction;
    const wanted = window.direction === "hike" ? 1 : window.direction === "cut" ? -1 : 0;
    let steered = direction === wanted ? direction : 0;
    if (wanted && !steered && Math.sign(gap) === wanted && Math.abs(gap) >= 0.25) steered = wanted;
    if (wanted && !this.movedIn.has(window) && this.lastMeetingOf.get(window) === day) steered = wanted;
    return steered;
  }
}
