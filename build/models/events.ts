// The event timeline, the spine of causality: every event has a type, dates, a public summary and
// hidden effects (return jumps, volatility and volume multipliers) that the price model applies.
// Artifacts of later families (news, filings, estimates) will point back to `event_id`.
import { createHash } from "node:crypto";
import type { CompanyFacts } from "../../src/bundle/types.ts";
import type { EventType } from "../../src/contract/vocabulary.ts";
import { MARKET_CLOSE, MARKET_OPEN } from "../../src/contract/instant.ts";
import { onOrAfterTradingDay } from "./calendar.ts";
import { personName } from "./names.ts";
import type { Rng } from "../ground/rng.ts";
import type { SizeTier } from "./anchors.ts";
import type { FiscalQuarter } from "./fiscal.ts";
import type { RateDecision } from "./rates.ts";

export interface HiddenEffect {
  /** Index of the trading day on which prices react. */
  reactionDay: number;
  /**
   * Log-return jump of the stock (company events) or of the market factor (macro events); an
   * earnings release's is a stock's at 1.4% volatility a day, which prices.ts scales to the stock's day.
   */
  jump: number;
  /** Volume multiplier on the reaction day; decays over the following days. */
  volumeMultiplier: number;
  /** Idiosyncratic volatility multiplier after the event; decays likewise. */
  volMultiplier: number;
  /** Earnings surprise (reported over consensus, less one), policy surprise in points; 0 where none. */
  surprise: number;
  /** The log step of the company's revenue it brings, where the story states one (a catalyst's); else revenueStep's rule. */
  revenueStep?: number;
}

export interface WorldEvent {
  event_id: string;
  ticker: string | null;
  /** Only the served vocabulary: the timeline's filter refuses any other type. */
  event_type: EventType;
  event_date: string;
  public_release_datetime: string;
  visible_from: string;
  public_summary: string;
  /** Never served. */
  effect: HiddenEffect;
}

export type PublicEvent = Omit<WorldEvent, "effect">;

/** A time of day (`14:00` or `14:00:00`) to the second, to compare with the session's bounds. */
const toSecond = (time: string) => `${time}:00`.slice(0, 8);

/** Whether an exchange datetime (`2023-06-14T08:00:00`) is before the 09:30 open. */
export const beforeTheOpen = (datetime: string) => toSecond(datetime.slice(11)) < MARKET_OPEN;

/** Whether an exchange datetime is at or after the 16:00 close. */
export const afterTheClose = (datetime: string) => toSecond(datetime.slice(11)) >= MARKET_CLOSE;

/** Whether an exchange datetime (`2023-06-14T14:00:00`) falls in the regular session, 09:30 to 16:00. */
export const inRegularSession = (datetime: string) => !beforeTheOpen(datetime) && !afterTheClose(datetime);

/** Company events that move the business: a revenue-rate step of this share of the price move. */
const BUSINESS_EVENTS = new Set([
  "product_launch",
  "contract_win",
  "lawsuit",
  "regulatory_action",
  "guidance_change",
  "catalyst_impact",
]);
const REVENUE_PER_PRICE_MOVE = 0.6;

/**
 * The log step an event gives its company's revenue rate: a share of its price move for events that
 * change the business, none for news that does not (earnings surprises, rumours, management).
 */
export function revenueStep(e: WorldEvent): number {
  return e.effect.revenueStep ?? (BUSINESS_EVENTS.has(e.event_type) ? REVENUE_PER_PRICE_MOVE * e.effect.jump : 0);
}

export function publicEvent(e: WorldEvent): PublicEvent {
  const { effect: _hidden, ...rest } = e;
  return rest;
}

/** An event's id: stable per cause, so later records can name an event before it is made. */
export function eventId(worldKey: string, idParts: string[]): string {
  return `evt_${createHash("sha256")
    .update([worldKey, ...idParts].join("|"))
    .digest("hex")
    .slice(0, 20)}`;
}

/** An event released on `date` at `time`: public from that date on. */
function makeEvent(
  ctx: Ctx,
  idParts: string[],
  fields: {
    ticker: string | null;
    event_type: EventType;
    date: string;
    time: string;
    summary: string;
    effect: HiddenEffect;
  },
): WorldEvent {
  return {
    event_id: eventId(ctx.worldKey, idParts),
    ticker: fields.ticker,
    event_type: fields.event_type,
    event_date: fields.date,
    public_release_datetime: `${fields.date}T${fields.time}`,
    visible_from: fields.date,
    public_summary: fields.summary,
    effect: fields.effect,
  };
}

/**
 * An event a filing tells (an insider's Form 4, a manager's 13F), public from its filing date `date`.
 * Told after the prices are made, it moves nothing.
 */
export function filedEvent(
  worldKey: string,
  days: string[],
  idParts: string[],
  fields: { ticker: string; event_type: EventType; date: string; time: string; summary: string },
): WorldEvent {
  const dayIndex = dayIndexOf(days);
  return makeEvent({ worldKey, days, dayIndex }, idParts, {
    ...fields,
    effect: { reactionDay: dayIndex.get(fields.date)!, jump: 0, volumeMultiplier: 1, volMultiplier: 1, surprise: 0 },
  });
}

/**
 * A company event whose move another model sets (a takeover's: prices.ts holds the target to the
 * deal's levels): it reacts on `date`, or the next trading day when released after the close, and
 * carries only a volume multiplier.
 */
export function plannedEvent(
  worldKey: string,
  days: string[],
  idParts: string[],
  fields: {
    ticker: string;
    event_type: EventType;
    date: string;
    time: string;
    summary: string;
    volume: number;
    /** The log move it gives the price on its reaction day (none: a hold or nothing moves it). */
    jump?: number;
  },
): WorldEvent {
  const dayIndex = dayIndexOf(days);
  const { volume, jump = 0, ...rest } = fields;
  return makeEvent({ worldKey, days, dayIndex }, idParts, {
    ...rest,
    effect: {
      reactionDay: reactionIndex(days, dayIndex, fields.date, fields.time),
      jump,
      volumeMultiplier: volume,
      volMultiplier: 1,
      surprise: 0,
    },
  });
}

/** Reaction day index: the release day when released before the close, else the next trading day. */
function reactionIndex(days: string[], dayIndex: Map<string, number>, date: string, time: string): number {
  const i = dayIndex.get(date)!;
  return toSecond(time) >= MARKET_CLOSE ? Math.min(i + 1, days.length - 1) : i;
}

interface Ctx {
  worldKey: string;
  days: string[];
  dayIndex: Map<string, number>;
}

/**
 * How prices take an earnings surprise (reported minus consensus, over the consensus): against the
 * usual beat, S-shaped and noisy (docs/realism.md, "Earnings and analysts": beats +0.5..+2%, misses
 * -1.5..-3.5%, sign agreement 55-65%, about 3-6% moved on the day). The jump is a stock's at 1.4%
 * volatility a day: each stock moves by it in proportion to its own (prices.ts, EARNINGS_REACTION_SCALE).
 */
export const EARNINGS_REACTION = { usual: 0.06, scale: 0.08, size: 0.03, noise: 0.03 };

/** A quarter as released: its relative earnings surprise against the consensus of the day before. */
export interface Release {
  quarter: FiscalQuarter;
  surprise: number;
}

/** The id of a quarter's earnings release, known before the release is made. */
export const earningsEventId = (worldKey: string, ticker: string, quarter: FiscalQuarter) =>
  eventId(worldKey, ["earnings", ticker, quarter.end]);

/**
 * Earnings releases of the quarters released inside the world. The earnings family writes their
 * summaries, with the reported and consensus numbers, once shares are known.
 */
export function earningsEvents(
  worldKey: string,
  days: string[],
  company: CompanyFacts,
  releases: Release[],
  rng: Rng,
): WorldEvent[] {
  const ctx = context(worldKey, days);
  const beforeOpen = rng.uniform() < 0.55;
  const r = EARNINGS_REACTION;
  return releases.map(({ quarter: q, surprise }) => {
    const time = beforeOpen ? "07:00:00" : "16:05:00";
    const jump = r.size * Math.tanh((surprise - r.usual) / r.scale) + r.noise * rng.normal();
    const z = Math.abs(surprise - r.usual) / r.scale;
    return makeEvent(ctx, ["earnings", company.ticker, q.end], {
      ticker: company.ticker,
      event_type: "earnings_release",
      date: q.release,
      time,
      summary: `${company.name} reported ${q.label} results.`,
      effect: {
        reactionDay: reactionIndex(ctx.days, ctx.dayIndex, q.release, time.slice(0, 5)),
        jump,
        volumeMultiplier: 1.7 + 0.3 * Math.min(3, z) + 0.3 * rng.uniform(),
        volMultiplier: 1.6,
        surprise,
      },
    });
  });
}

interface IdioKind {
  type: EventType;
  /** Mean jump and its sd. */
  mean: number;
  sd: number;
  /** Events a year, by the company's size and sector. */
  rate: (tier: SizeTier, sector: string) => number;
  /** Its public summary; `rng` is the event's own stream, for details such as a person's name. */
  summary: (name: string, up: boolean, rng: Rng) => string;
}

/** Officers a management change names. */
export const OFFICER_ROLES = [
  "chief executive officer",
  "chief financial officer",
  "chief operating officer",
  "president",
  "general counsel",
  "chief technology officer",
] as const;

/** The officer a management change's summary names and the role (the summary's own words), or null. */
export function appointmentIn(summary: string): { person: string; role: string } | null {
  const m = / named (.+) as (.+)\.$/.exec(summary);
  return m && (OFFICER_ROLES as readonly string[]).includes(m[2]) ? { person: m[1], role: m[2] } : null;
}

/** Sectors whose companies launch products, win contracts, answer to regulators in the usual sense. */
const MAKERS = new Set([
  "Information Technology",
  "Health Care",
  "Consumer Discretionary",
  "Consumer Staples",
  "Communication Services",
  "Industrials",
]);
const CONTRACTORS = new Set(["Industrials", "Information Technology", "Energy", "Materials"]);
const REGULATED = new Set(["Financials", "Health Care", "Utilities", "Communication Services"]);
/** Sale rumours a year by size: a company worth a sizeable share of the market is not for sale. */
export const SALE_RUMOURS: Record<SizeTier, number> = { mega: 0, large: 0.03, mid: 0.08, small: 0.15 };

/** Base rates a year (docs/generator.md, "Company events"). */
const IDIO_KINDS: IdioKind[] = [
  {
    type: "guidance_change",
    mean: 0,
    sd: 0.05,
    rate: () => 0.3,
    summary: (n, up) => `${n} ${up ? "raised" : "lowered"} its full-year outlook.`,
  },
  {
    type: "product_launch",
    mean: 0.008,
    sd: 0.025,
    rate: (_, sector) => (MAKERS.has(sector) ? 0.5 : 0),
    summary: (n) => `${n} launched a new product line.`,
  },
  {
    type: "lawsuit",
    mean: -0.02,
    sd: 0.025,
    rate: (tier) => (tier === "mega" ? 0.6 : 0.3),
    summary: (n) => `${n} was named as defendant in a lawsuit.`,
  },
  {
    type: "management_change",
    mean: -0.005,
    sd: 0.03,
    rate: () => 0.25,
    summary: (n, _, rng) => `${n} named ${personName(rng)} as ${rng.pick(OFFICER_ROLES)}.`,
  },
  {
    type: "merger_rumor",
    mean: 0.03,
    sd: 0.04,
    rate: (tier) => SALE_RUMOURS[tier],
    summary: (n) => `Reports said ${n} is exploring strategic options, including a sale.`,
  },
  {
    type: "regulatory_action",
    mean: -0.025,
    sd: 0.03,
    rate: (tier, sector) => (REGULATED.has(sector) ? 0.3 : 0.15) * (tier === "mega" ? 1.5 : 1),
    summary: (n) => `Regulators opened an inquiry into ${n}.`,
  },
  {
    type: "contract_win",
    mean: 0.015,
    sd: 0.02,
    rate: (_, sector) => (CONTRACTORS.has(sector) ? 0.5 : sector === "Health Care" ? 0.2 : 0.1),
    summary: (n) => `${n} won a large multi-year contract.`,
  },
];

function idiosyncratic(ctx: Ctx, company: CompanyFacts, tier: SizeTier, rng: Rng): WorldEvent[] {
  const out: WorldEvent[] = [];
  const rates = IDIO_KINDS.map((k) => k.rate(tier, company.sector));
  const perYear = rates.reduce((a, b) => a + b, 0);
  ctx.days.forEach((date, i) => {
    if (rng.uniform() >= perYear / 252) return;
    // Which kind: in proportion to the rates.
    let left = rng.uniform() * perYear;
    const kind = IDIO_KINDS.find((_, k) => (left -= rates[k]) < 0) ?? IDIO_KINDS[IDIO_KINDS.length - 1];
    const jump = kind.mean + kind.sd * rng.normal();
    const hour = rng.pick(["07:30:00", "10:15:00", "12:40:00", "14:05:00", "16:30:00"]);
    out.push(
      makeEvent(ctx, [kind.type, company.ticker, date, String(i)], {
        ticker: company.ticker,
        event_type: kind.type,
        date,
        time: hour,
        summary: kind.summary(company.name, jump >= 0, rng.fork(`${kind.type}/${date}`)),
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
        // A hold leaves the rate "at" its level; a move takes it "to" one.
        summary:
          `${BANK_NAMES[d.bank]} ${what}${d.scheduled ? "" : " in an unscheduled move"}` +
          `${d.decision === "hold" ? " at" : ", to"} ${level}.`,
        effect: {
          reactionDay: ctx.dayIndex.get(d.announced)!,
          // Each decision's noise from its own stream: drawn in sequence, a bank's later emergency
          // cut would shift the draws of every decision after it in the list, earlier days included.
          jump: weight * (-0.02 * surprise + 0.003 * rng.fork(`${d.bank}/${d.announced}`).normal()),
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
export function byDateThenId(events: WorldEvent[]): WorldEvent[] {
  return events.sort((a, b) =>
    a.event_date === b.event_date ? (a.event_id < b.event_id ? -1 : 1) : a.event_date < b.event_date ? -1 : 1,
  );
}

export interface EventInput {
  worldKey: string;
  days: string[];
  decisions: RateDecision[];
  inflation: number[];
  catalyst?: Catalyst;
  /** The events stream: market-wide and company events fork their own labels from it. */
  rng: Rng;
}

/** Day indexes by calendar, built once per scenario rather than once per company. */
const dayIndexes = new WeakMap<string[], Map<string, number>>();

/** Each day's index in the calendar `days`. */
export function dayIndexOf(days: string[]): Map<string, number> {
  let dayIndex = dayIndexes.get(days);
  if (!dayIndex) dayIndexes.set(days, (dayIndex = new Map(days.map((d, i) => [d, i]))));
  return dayIndex;
}

function context(worldKey: string, days: string[]): Ctx {
  return { worldKey, days, dayIndex: dayIndexOf(days) };
}

/** Market-wide events (policy decisions, inflation prints, the catalyst), ordered by date then id. */
export function marketEvents(input: EventInput): WorldEvent[] {
  const ctx = context(input.worldKey, input.days);
  return byDateThenId([
    ...policyEvents(ctx, input.decisions, input.rng.fork("policy")),
    ...inflationPrints(ctx, input.inflation, input.rng.fork("cpi")),
    ...(input.catalyst ? catalystEvent(ctx, input.catalyst) : []),
  ]);
}

/** The catalyst as it hits one company: its move against the market on the catalyst's day, and the step of its revenue the story states. */
export interface CatalystHit {
  date: string;
  excessMove: number;
  revenueMove?: number;
}

/** The company's reaction to the catalyst: a public event of its own, its size drawn around the story's. */
function catalystImpact(ctx: Ctx, company: CompanyFacts, hit: CatalystHit, rng: Rng): WorldEvent[] {
  const date = onOrAfterTradingDay(hit.date);
  const i = ctx.dayIndex.get(date);
  if (i === undefined) return [];
  const size = Math.exp(0.25 * rng.normal());
  const jump = hit.excessMove * size;
  return [
    makeEvent(ctx, ["catalyst_impact", company.ticker, date], {
      ticker: company.ticker,
      event_type: "catalyst_impact",
      date,
      time: MARKET_OPEN,
      summary: `${company.name} shares ${jump < 0 ? "fell" : "rose"} against the market on the day's news.`,
      effect: {
        reactionDay: i,
        jump,
        volumeMultiplier: 2 + Math.min(2, Math.abs(jump) * 20),
        volMultiplier: 1.5,
        surprise: 0,
        // The business moves as much as the price does against the story's move.
        ...(hit.revenueMove === undefined ? {} : { revenueStep: hit.revenueMove * size }),
      },
    }),
  ];
}

/** A company's own events besides its earnings releases (which come out of its business), ordered by date then id. */
export function companyEvents(
  worldKey: string,
  days: string[],
  company: CompanyFacts,
  tier: SizeTier,
  rng: Rng,
  catalyst?: CatalystHit,
): WorldEvent[] {
  const ctx = context(worldKey, days);
  return byDateThenId([
    ...idiosyncratic(ctx, company, tier, rng.fork(`idio/${company.ticker}`)),
    ...(catalyst ? catalystImpact(ctx, company, catalyst, rng.fork(`catalyst/${company.ticker}`)) : []),
  ]);
}
