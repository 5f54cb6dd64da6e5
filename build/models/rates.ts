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
  const rule = RULES[bankCode as BankCode];
  const { days, regimes, inflation, rng } = input;
  const story = (input.story ?? []).filter((w) => w.bank === bankCode);
  const start = days[0];
  const end = days[days.length - 1];
  const reference = referenceRate(bankCode, start);
  let rate = reference?.rate ?? rule.fallbackRate;
  let lastDirection = reference?.lastDirection ?? 0;
  const row = (
    announced: string,
    effective: string,
    decision: RateDecision["decision"],
    move: number,
    expectedMove: number,
    scheduled: boolean,
  ): RateDecision => ({
    bank: bankCode,
    announced,
    effective_date: effective,
    target_low: round2(rule.rangeWidth ? rate - rule.rangeWidth : rate),
    target_high: round2(rate),
    decision,
    move,
    expectedMove,
    scheduled,
  });
  const out: RateDecision[] = [row(start, start, "hold", 0, 0, false)];

  const meetings = meetingSchedule(bankCode, start, end);
  const meetingDays = new Set(meetings);
  const windowAt = (day: string) => story.find((w) => w.from <= day && day <= w.to);
  // The last meeting of each window, where a stated hike or cut is made if none came before.
  const lastMeetingOf = new Map(
    story.map((w) => [w, meetings.filter((m) => w.from <= m && m <= w.to).at(-1)] as const),
  );
  const movedIn = new Set<PolicyWindow>();

  // Hidden state of the rule. The drifting neutral rate starts at the rate in force when that is
  // lower (a bank at zero after a crisis lives in a low-neutral world and lifts off late), halfway
  // to it when higher; then the area's own inflation and growth noise, the smoothed output gap, and
  // the meetings spent with the gap against the last move.
  let neutral =
    rate < rule.neutral ? Math.max(rule.neutral - 2.5, rate) : rule.neutral + 0.5 * Math.min(2, rate - rule.neutral);
  let ownInflation = 0;
  let ownGrowth = 0;
  let outputGap = OUTPUT_GAP[regimes[0]];
  let against = 0;
  // A crisis that grew out of an inflation shock: the bank does not rush to cut into inflation.
  let inflationCrisis = false;

  for (let i = 0; i < days.length; i++) {
    const day = days[i];
    const regime = regimes[i];
    if (regime === "crisis" && i > 0 && regimes[i - 1] !== "crisis")
      inflationCrisis = regimes[i - 1] === "inflation_shock";
    const window = windowAt(day);
    // An emergency intermeeting cut when a crisis begins (FED and BOE only), unless the crisis grew
    // out of an inflation shock, which a cut would feed, or a stated hike window rules cuts out. A
    // crisis that begins on a meeting day gets the same cut from the meeting itself (still one of
    // the year's eight).
    const crisisStarts =
      regime === "crisis" && i > 0 && regimes[i - 1] !== "crisis" && regimes[i - 1] !== "inflation_shock";
    if (crisisStarts && rule.emergency && rate > rule.floor + 0.4 && window?.direction !== "hike") {
      const cut = round2(Math.max(rule.floor, rate - 0.5) - rate);
      rate = round2(rate + cut);
      lastDirection = -1;
      against = 0;
      if (window) movedIn.add(window);
      out.push(row(day, nextTradingDay(day, rule.effectLag), "cut", cut, 0, meetingDays.has(day)));
      continue;
    }
    if (!meetingDays.has(day)) continue;

    // The neutral rate drifts and reverts to its long-run level over years (half-life ~7 years); a
    // crisis scars it, so rates cut to the floor stay low long after it (no quick pull to a fixed level).
    neutral += 0.012 * (rule.neutral - neutral) + 0.05 * rng.normal();
    const easingCrisis = regime === "crisis" && !inflationCrisis;
    if (easingCrisis) neutral = Math.max(rule.neutral - 2.5, neutral - 0.6);
    ownInflation = 0.85 * ownInflation + 0.12 * rng.normal();
    ownGrowth = 0.85 * ownGrowth + 0.2 * rng.normal();
    outputGap = regime === "crisis" ? OUTPUT_GAP.crisis : 0.6 * outputGap + 0.4 * OUTPUT_GAP[regime];
    const usInflationGap = inflation[i] - 2 + (regime === "inflation_shock" ? SHOCK_PREMIUM : 0);
    const inflationGap = rule.inflationOffset + rule.inflationCoupling * usInflationGap + ownInflation;
    const growthGap = rule.growthCoupling * outputGap + ownGrowth;
    const desired = Math.max(rule.floor, neutral + rule.inflationWeight * inflationGap + rule.growthWeight * growthGap);
    const gap = desired - rate;
    const fast = regime === "inflation_shock" || regime === "crisis";
    const step = (g: number) => (fast && Math.abs(g) > 2.5 ? 0.75 : fast && Math.abs(g) > 1.5 ? 0.5 : 0.25);
    const skip = rng.uniform();

    let direction = 0;
    if (easingCrisis && gap < -0.05)
      direction = -1; // a crisis overrides inertia
    else if (Math.sign(gap) === lastDirection || lastDirection === 0) {
      // Continuing a cycle: outside fast regimes the bank sometimes pauses between moves.
      if (Math.abs(gap) >= CONTINUE_GAP && (fast || Math.abs(gap) >= 1 || skip > 0.35)) direction = Math.sign(gap);
      against = 0;
    } else {
      // Turning: only after the gap has clearly reversed for several meetings (one fewer when far off).
      against = Math.abs(gap) >= REVERSE_GAP ? against + 1 : 0;
      if (against >= REVERSE_MEETINGS || (against >= REVERSE_MEETINGS - 1 && Math.abs(gap) >= 2))
        direction = Math.sign(gap);
    }

    // A stated story window steers the bank: its direction only, and at least one move by its last meeting.
    if (window) {
      const wanted = window.direction === "hike" ? 1 : window.direction === "cut" ? -1 : 0;
      if (direction !== wanted) direction = 0;
      if (wanted && !direction && Math.sign(gap) === wanted && Math.abs(gap) >= 0.25) direction = wanted;
      if (wanted && !movedIn.has(window) && lastMeetingOf.get(window) === day) direction = wanted;
    }

    let newRate = rate;
    if (direction) newRate = Math.max(rule.floor, round2(rate + direction * step(gap)));
    const actual = round2(newRate - rate);
    rate = newRate;
    if (actual) {
      if (Math.sign(actual) !== lastDirection) against = 0;
      lastDirection = Math.sign(actual);
      if (window) movedIn.add(window);
    }
    // Markets expect most of a move; the rest is the surprise.
    const expectedMove = roundQuarter(actual * 0.8 + 0.25 * rng.normal() * 0.5);
    out.push(
      row(
        day,
        nextTradingDay(day, rule.effectLag),
        actual > 0 ? "hike" : actual < 0 ? "cut" : "hold",
        actual,
        expectedMove,
        true,
      ),
    );
  }
  return out;
}
