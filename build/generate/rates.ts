// Central banks: eight scheduled meetings a year, a policy rule that reacts to the hidden regime's
// inflation and growth, moves in 25bp steps (50-75bp only in fast cycles), intermeeting cuts only in
// a crisis. Starting levels come from the last real decision before the scenario (reference data).
import { parse } from "csv-parse/sync";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { addDays, isTradingDay, toDate } from "../calendar.ts";
import type { Rng } from "../rng.ts";
import { REGIME_PARAMS, type Regime } from "./regimes.ts";

const REFDATA = fileURLToPath(new URL("../refdata/", import.meta.url));

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

interface BankRule {
  /** Neutral nominal rate, percent. */
  neutral: number;
  /** Lowest rate the bank goes to. */
  floor: number;
  /** Width of the published target range (FED: 25bp; others publish one rate). */
  rangeWidth: number;
  /** Inflation of the bank's area relative to the US regime's. */
  inflationOffset: number;
  /** Months (0-based) and approximate day of the meetings. */
  meetings: [number, number][];
  /** Business days from announcement to effect. */
  effectLag: number;
  fallbackRate: number;
}

const RULES: Record<string, BankRule> = {
  FED: {
    neutral: 2.75,
    floor: 0.25,
    rangeWidth: 0.25,
    inflationOffset: 0,
    meetings: [
      [0, 29],
      [2, 18],
      [4, 1],
      [5, 15],
      [6, 27],
      [8, 18],
      [10, 2],
      [11, 14],
    ],
    effectLag: 1,
    fallbackRate: 2.5,
  },
  ECB: {
    neutral: 2.25,
    floor: 0,
    rangeWidth: 0,
    inflationOffset: -0.2,
    meetings: [
      [0, 25],
      [2, 8],
      [3, 15],
      [5, 5],
      [6, 20],
      [8, 10],
      [9, 22],
      [11, 12],
    ],
    effectLag: 5,
    fallbackRate: 2.0,
  },
  BOE: {
    neutral: 2.75,
    floor: 0.1,
    rangeWidth: 0,
    inflationOffset: 0.3,
    meetings: [
      [1, 3],
      [2, 20],
      [4, 8],
      [5, 19],
      [7, 3],
      [8, 18],
      [10, 5],
      [11, 17],
    ],
    effectLag: 0,
    fallbackRate: 2.5,
  },
  BOJ: {
    neutral: 0.5,
    floor: -0.1,
    rangeWidth: 0,
    inflationOffset: -1.2,
    meetings: [
      [0, 22],
      [2, 15],
      [3, 28],
      [5, 14],
      [6, 28],
      [8, 20],
      [9, 30],
      [11, 18],
    ],
    effectLag: 0,
    fallbackRate: 0.1,
  },
};

export function banks(): Bank[] {
  const rows = parse(readFileSync(REFDATA + "central_banks.csv", "utf8"), { columns: true }) as Record<
    string,
    string
  >[];
  return rows.filter((r) => r.code in RULES).map((r) => ({ bank: r.code, name: r.name }));
}

/** The real policy rate in force on `date` (upper bound for a range), from the reference history. */
function referenceRate(bank: string, date: string): number | undefined {
  const rows = parse(readFileSync(REFDATA + "policy_rate_decisions.csv", "utf8"), { columns: true }) as Record<
    string,
    string
  >[];
  const past = rows.filter((r) => r.bank_code === bank && r.effective_date <= date);
  return past.length ? Number(past[past.length - 1].rate_high_pct) : undefined;
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

const roundQuarter = (x: number) => Math.round(x * 4) / 4;
const round2 = (x: number) => Math.round(x * 100) / 100;

export interface RatePathInput {
  days: string[];
  regimes: Regime[];
  /** Smoothed inflation expectation per day (percent). */
  inflation: number[];
  rng: Rng;
}

/** Every bank's decisions over the scenario, the first row being the rate in force at the start. */
export function policyDecisions(bankCode: string, input: RatePathInput): RateDecision[] {
  const rule = RULES[bankCode];
  const { days, regimes, inflation, rng } = input;
  const start = days[0];
  const end = days[days.length - 1];
  let rate = referenceRate(bankCode, start) ?? rule.fallbackRate;
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
  const dayIndex = new Map(days.map((d, i) => [d, i]));

  // Scheduled meetings on the nearest trading day of each planned date.
  const meetings: string[] = [];
  for (let y = toDate(start).getUTCFullYear(); y <= toDate(end).getUTCFullYear(); y++) {
    for (const [m, d] of rule.meetings) {
      const planned = nextTradingDay(new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10), 0);
      if (planned > start && planned <= end) meetings.push(planned);
    }
  }
  const meetingDays = new Set(meetings);
  for (let i = 0; i < days.length; i++) {
    const day = days[i];
    const regime = regimes[i];
    // An emergency intermeeting cut when a crisis begins (only the FED and BOE act between meetings),
    // unless the crisis grew out of an inflation shock, which a cut would feed. A crisis that begins
    // on a meeting day gets the same cut from the meeting itself (still one of the year's eight).
    const crisisStarts =
      regime === "crisis" && i > 0 && regimes[i - 1] !== "crisis" && regimes[i - 1] !== "inflation_shock";
    if (crisisStarts && (bankCode === "FED" || bankCode === "BOE") && rate > rule.floor + 0.4) {
      const cut = round2(Math.max(rule.floor, rate - 0.5) - rate);
      rate = round2(rate + cut);
      out.push(row(day, nextTradingDay(day, rule.effectLag), "cut", cut, 0, meetingDays.has(day)));
      continue;
    }
    if (!meetingDays.has(day)) continue;
    const growthGap = REGIME_PARAMS[regime].drift * 4; // crude output gap from the regime's drift
    const areaInflation =
      inflation[dayIndex.get(day)!] + rule.inflationOffset + (regime === "inflation_shock" ? 2.5 : 0);
    const target = Math.max(
      rule.floor,
      rule.neutral + 1.5 * (areaInflation - 2) + 0.5 * growthGap + 0.3 * rng.normal(),
    );
    // Policy inertia: banks close only part of the gap at a meeting, so holds are common.
    const gap = 0.35 * (target - rate);
    const fast = regime === "inflation_shock" || regime === "crisis";
    let move = 0;
    if (Math.abs(gap) >= 0.15)
      move = Math.sign(gap) * (fast && Math.abs(gap) > 0.8 ? 0.75 : fast && Math.abs(gap) > 0.4 ? 0.5 : 0.25);
    const newRate = Math.max(rule.floor, round2(rate + move));
    const actual = newRate - rate;
    rate = newRate;
    // Markets expect most of a move; the rest is the surprise.
    const expectedMove = roundQuarter(actual * 0.8 + 0.25 * rng.normal() * 0.5);
    out.push(
      row(
        day,
        nextTradingDay(day, rule.effectLag),
        actual > 0 ? "hike" : actual < 0 ? "cut" : "hold",
        round2(actual),
        expectedMove,
        true,
      ),
    );
  }
  return out;
}

export const BANK_CODES = Object.keys(RULES);
