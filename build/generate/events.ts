// The event timeline, the spine of causality: every event has a type, dates, a public summary and
// hidden effects (return jumps, volatility and volume multipliers) that the price model applies.
// Artifacts of later families (news, filings, estimates) will point back to `event_id`.
import { createHash } from "node:crypto";
import type { CompanyFacts } from "../../src/bundle/types.ts";
import { addDays, isTradingDay, toDate } from "../calendar.ts";
import type { Rng } from "../rng.ts";
import type { RateDecision } from "./rates.ts";

export interface HiddenEffect {
  /** Index of the trading day on which prices react. */
  reactionDay: number;
  /** Log-return jump of the stock (company events) or of the market factor (macro events). */
  jump: number;
  /** Volume multiplier on the reaction day; decays over the following days. */
  volumeMultiplier: number;
  /** Idiosyncratic volatility multiplier after the event; decays likewise. */
  volMultiplier: number;
  /** Earnings surprise in standard deviations, policy surprise in points; 0 where none. */
  surprise: number;
}

export interface WorldEvent {
  event_id: string;
  ticker: string | null;
  event_type: string;
  event_date: string;
  public_release_datetime: string;
  visible_from: string;
  public_summary: string;
  /** Never served. */
  effect: HiddenEffect;
}

export type PublicEvent = Omit<WorldEvent, "effect">;

export function publicEvent(e: WorldEvent): PublicEvent {
  const { effect: _hidden, ...rest } = e;
  return rest;
}

/** An event released on `date` at `time`: public from that date on, its id stable per cause. */
function makeEvent(
  ctx: Ctx,
  idParts: string[],
  fields: {
    ticker: string | null;
    event_type: string;
    date: string;
    time: string;
    summary: string;
    effect: HiddenEffect;
  },
): WorldEvent {
  return {
    event_id: `evt_${createHash("sha256")
      .update([ctx.scenarioId, ...idParts].join("|"))
      .digest("hex")
      .slice(0, 20)}`,
    ticker: fields.ticker,
    event_type: fields.event_type,
    event_date: fields.date,
    public_release_datetime: `${fields.date}T${fields.time}`,
    visible_from: fields.date,
    public_summary: fields.summary,
    effect: fields.effect,
  };
}

/** Reaction day index: the release day when released before the close, else the next trading day. */
function reactionIndex(days: string[], dayIndex: Map<string, number>, date: string, time: string): number {
  const i = dayIndex.get(date)!;
  return time >= "16:00" ? Math.min(i + 1, days.length - 1) : i;
}

function onOrAfterTradingDay(date: string): string {
  let d = date;
  while (!isTradingDay(d)) d = addDays(d, 1);
  return d;
}

interface Ctx {
  scenarioId: string;
  days: string[];
  dayIndex: Map<string, number>;
}

function quarterLabel(quarterEnd: string): string {
  const d = toDate(quarterEnd);
  return `Q${Math.floor(d.getUTCMonth() / 3) + 1} ${d.getUTCFullYear()}`;
}

function earnings(ctx: Ctx, company: CompanyFacts, rng: Rng): WorldEvent[] {
  const out: WorldEvent[] = [];
  const first = toDate(ctx.days[0]);
  const beforeOpen = rng.uniform() < 0.55;
  for (let y = first.getUTCFullYear() - 1; y <= toDate(ctx.days[ctx.days.length - 1]).getUTCFullYear(); y++) {
    for (const month of [2, 5, 8, 11]) {
      const quarterEnd = new Date(Date.UTC(y, month + 1, 0)).toISOString().slice(0, 10);
      const lag = month === 11 ? rng.int(28, 50) : rng.int(21, 35);
      const date = onOrAfterTradingDay(addDays(quarterEnd, lag));
      if (!ctx.dayIndex.has(date)) continue;
      const time = beforeOpen ? "07:00:00" : "16:05:00";
      // Beats outnumber misses; the reaction follows the surprise only loosely (REALISM Tier 3).
      const surprise = 0.45 + rng.normal();
      const jump = 0.022 * surprise + 0.032 * rng.normal();
      const label = quarterLabel(quarterEnd);
      const verdict = surprise > 0.25 ? "above" : surprise < -0.25 ? "below" : "in line with";
      out.push(
        makeEvent(ctx, ["earnings", company.ticker, quarterEnd], {
          ticker: company.ticker,
          event_type: "earnings_release",
          date,
          time,
          summary: `${company.name} reported ${label} results ${beforeOpen ? "before the open" : "after the close"}, with earnings ${verdict} expectations.`,
          effect: {
            reactionDay: reactionIndex(ctx.days, ctx.dayIndex, date, time.slice(0, 5)),
            jump,
            volumeMultiplier: 1.7 + 0.3 * Math.abs(surprise) + 0.3 * rng.uniform(),
            volMultiplier: 1.6,
            surprise,
          },
        }),
      );
    }
  }
  return out;
}

interface IdioKind {
  type: string;
  /** Mean jump and its sd. */
  mean: number;
  sd: number;
  summary: (name: string, up: boolean) => string;
}

const IDIO_KINDS: IdioKind[] = [
  {
    type: "guidance_change",
    mean: 0,
    sd: 0.05,
    summary: (n, up) => `${n} ${up ? "raised" : "lowered"} its full-year outlook.`,
  },
  { type: "product_launch", mean: 0.008, sd: 0.025, summary: (n) => `${n} launched a new product line.` },
  { type: "lawsuit", mean: -0.02, sd: 0.025, summary: (n) => `${n} was named as defendant in a lawsuit.` },
  {
    type: "management_change",
    mean: -0.005,
    sd: 0.03,
    summary: (n) => `${n} announced a change in its senior management.`,
  },
  {
    type: "merger_rumor",
    mean: 0.03,
    sd: 0.04,
    summary: (n) => `Reports said ${n} is exploring strategic options, including a sale.`,
  },
  { type: "regulatory_action", mean: -0.025, sd: 0.03, summary: (n) => `Regulators opened an inquiry into ${n}.` },
  { type: "contract_win", mean: 0.015, sd: 0.02, summary: (n) => `${n} won a large multi-year contract.` },
];

function idiosyncratic(ctx: Ctx, company: CompanyFacts, rng: Rng): WorldEvent[] {
  const out: WorldEvent[] = [];
  const perDay = 2.5 / 252;
  ctx.days.forEach((date, i) => {
    if (rng.uniform() >= perDay) return;
    const kind = rng.pick(IDIO_KINDS);
    const jump = kind.mean + kind.sd * rng.normal();
    const hour = rng.pick(["07:30:00", "10:15:00", "12:40:00", "14:05:00", "16:30:00"]);
    out.push(
      makeEvent(ctx, [kind.type, company.ticker, date, String(i)], {
        ticker: company.ticker,
        event_type: kind.type,
        date,
        time: hour,
        summary: kind.summary(company.name, jump >= 0),
        effect: {
          reactionDay: reactionIndex(ctx.days, ctx.dayIndex, date, hour.slice(0, 5)),
          jump,
          volumeMultiplier: 1.6 + Math.min(2, Math.abs(jump) * 20),
          volMultiplier: 1.3,
          surprise: 0,
        },
      }),
    );
  });
  return out;
}

const BANK_NAMES: Record<string, string> = {
  FED: "The Federal Reserve",
  ECB: "The European Central Bank",
  BOE: "The Bank of England",
  BOJ: "The Bank of Japan",
};

function policyEvents(ctx: Ctx, decisions: RateDecision[], rng: Rng): WorldEvent[] {
  // The first row of each bank is the rate in force at the start, not a decision.
  return decisions
    .filter((d) => ctx.dayIndex.has(d.announced) && (d.scheduled || d.decision !== "hold"))
    .map((d) => {
      const move = d.move;
      const surprise = move - d.expectedMove;
      const time = d.bank === "FED" ? "14:00:00" : d.bank === "BOJ" ? "03:00:00" : "08:15:00";
      const bp = Math.round(Math.abs(move) * 100);
      const what =
        d.decision === "hold"
          ? "held its policy rate"
          : `${d.decision === "hike" ? "raised" : "cut"} its policy rate by ${bp} basis points`;
      const level =
        d.target_low === d.target_high
          ? `${d.target_high.toFixed(2)}%`
          : `${d.target_low.toFixed(2)}-${d.target_high.toFixed(2)}%`;
      // US equities react to the Fed's surprise; other banks move them a little.
      const weight = d.bank === "FED" ? 1 : 0.25;
      return makeEvent(ctx, ["policy", d.bank, d.announced], {
        ticker: null,
        event_type: "policy_decision",
        date: d.announced,
        time,
        summary: `${BANK_NAMES[d.bank]} ${what}${d.scheduled ? "" : " in an unscheduled move"}, to ${level}.`,
        effect: {
          reactionDay: ctx.dayIndex.get(d.announced)!,
          jump: weight * (-0.02 * surprise + 0.003 * rng.normal()),
          volumeMultiplier: 1.2,
          volMultiplier: 1.1,
          surprise,
        },
      });
    });
}

function inflationPrints(ctx: Ctx, inflation: number[], rng: Rng): WorldEvent[] {
  const out: WorldEvent[] = [];
  let lastMonth = "";
  for (const date of ctx.days) {
    const month = date.slice(0, 7);
    if (month === lastMonth || Number(date.slice(8)) < 10) continue;
    lastMonth = month;
    const i = ctx.dayIndex.get(date)!;
    const surprise = 0.1 * rng.normal();
    const reading = inflation[i] + 0.8 + surprise * 3;
    out.push(
      makeEvent(ctx, ["cpi", month], {
        ticker: null,
        event_type: "inflation_release",
        date,
        time: "08:30:00",
        summary: `Consumer prices rose ${reading.toFixed(1)}% from a year earlier, ${surprise > 0.03 ? "above" : surprise < -0.03 ? "below" : "in line with"} forecasts.`,
        effect: { reactionDay: i, jump: -0.06 * surprise, volumeMultiplier: 1.15, volMultiplier: 1.05, surprise },
      }),
    );
  }
  return out;
}

export interface Catalyst {
  date: string;
  summary: string;
  jump: number;
}

function catalystEvent(ctx: Ctx, c: Catalyst): WorldEvent[] {
  const date = onOrAfterTradingDay(c.date);
  const i = ctx.dayIndex.get(date);
  if (i === undefined) return [];
  return [
    makeEvent(ctx, ["catalyst", date], {
      ticker: null,
      event_type: "macro_catalyst",
      date,
      time: "09:00:00",
      summary: c.summary,
      effect: { reactionDay: i, jump: c.jump, volumeMultiplier: 2.5, volMultiplier: 2, surprise: 0 },
    }),
  ];
}

/** Events ordered by date then id. */
function byDateThenId(events: WorldEvent[]): WorldEvent[] {
  return events.sort((a, b) =>
    a.event_date === b.event_date ? (a.event_id < b.event_id ? -1 : 1) : a.event_date < b.event_date ? -1 : 1,
  );
}

export interface EventInput {
  scenarioId: string;
  days: string[];
  decisions: RateDecision[];
  inflation: number[];
  catalyst?: Catalyst;
  /** The events stream: market-wide and company events fork their own labels from it. */
  rng: Rng;
}

/** Day indexes by calendar, built once per scenario rather than once per company. */
const dayIndexes = new WeakMap<string[], Map<string, number>>();

function context(scenarioId: string, days: string[]): Ctx {
  let dayIndex = dayIndexes.get(days);
  if (!dayIndex) dayIndexes.set(days, (dayIndex = new Map(days.map((d, i) => [d, i]))));
  return { scenarioId, days, dayIndex };
}

/** Market-wide events (policy decisions, inflation prints, the catalyst), ordered by date then id. */
export function marketEvents(input: EventInput): WorldEvent[] {
  const ctx = context(input.scenarioId, input.days);
  return byDateThenId([
    ...policyEvents(ctx, input.decisions, input.rng.fork("policy")),
    ...inflationPrints(ctx, input.inflation, input.rng.fork("cpi")),
    ...(input.catalyst ? catalystEvent(ctx, input.catalyst) : []),
  ]);
}

/** A company's earnings releases and idiosyncratic events, ordered by date then id. */
export function companyEvents(scenarioId: string, days: string[], company: CompanyFacts, rng: Rng): WorldEvent[] {
  const ctx = context(scenarioId, days);
  return byDateThenId([
    ...earnings(ctx, company, rng.fork(`earnings/${company.ticker}`)),
    ...idiosyncratic(ctx, company, rng.fork(`idio/${company.ticker}`)),
  ]);
}
