// Intraday bars, made when asked from one daily bar and never stored (docs/intraday.md). A day's 390
// one-minute bars of the regular session are a seeded random path pinned to the daily bar: the first
// minute opens at its open, the last closes at its close, the path touches its high and its low, and
// the minute volumes are whole numbers summing to its volume. The shape (U-shaped volume and
// variance, the bid-ask bounce) comes from the numbers in intraday-shape.ts.
import { uniformFloat64 } from "pure-rand/distribution/uniformFloat64";
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import {
  BUCKET_MINUTES,
  MA1_THETA,
  NEWS_CLEAR,
  NEWS_VOLUME,
  RANGE_PER_SIGMA,
  SESSION_MINUTES,
  SESSION_OPEN_MINUTE,
  VARIANCE_WEIGHT,
  VOLUME_NOISE,
  VOLUME_SHARE,
  VOLUME_SHOCK_COUPLING,
  WICK_SIGMAS,
} from "./intraday-shape.ts";
import { round2 } from "../../contract/rounding.ts";

export interface DayBar {
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** A bar of the session: `minute` is its first minute, counted from 09:30. */
export interface MinuteBar extends DayBar {
  minute: number;
}

/** News public during the session: its minute (from 09:30) and the log move the day's bar owes it. */
export interface SessionNews {
  minute: number;
  logJump: number;
}

/** A day's seed: FNV-1a (32 bits) of the scenario, the ticker and the date, so each ticker-day has its own path. */
export function intradaySeed(scenarioId: string, ticker: string, day: string): number {
  const text = `${scenarioId}/${ticker}/${day}`;
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash | 0;
}

/** Uniform and standard normal draws from pure-rand's xoroshiro128+ (Box-Muller, its pair's spare kept). */
class Draws {
  private readonly gen: ReturnType<typeof xoroshiro128plus>;
  private spare: number | undefined;
  constructor(seed: number) {
    this.gen = xoroshiro128plus(seed);
  }
  uniform(): number {
    return uniformFloat64(this.gen);
  }
  normal(): number {
    if (this.spare !== undefined) {
      const s = this.spare;
      this.spare = undefined;
      return s;
    }
    const radius = Math.sqrt(-2 * Math.log(1 - this.uniform())); // 1 - u: never log(0)
    const angle = 2 * Math.PI * this.uniform();
    this.spare = radius * Math.sin(angle);
    return radius * Math.cos(angle);
  }
}

const bucketOf = (minute: number) => Math.floor(minute / BUCKET_MINUTES);

/** Cumulative variance at each minute boundary (0..390), summing to 1: the path's clock. */
const CLOCK: Float64Array = (() => {
  const clock = new Float64Array(SESSION_MINUTES + 1);
  for (let m = 0; m < SESSION_MINUTES; m++) clock[m + 1] = clock[m] + VARIANCE_WEIGHT[bucketOf(m)];
  return clock.map((v) => v / clock[SESSION_MINUTES]);
})();

/**
 * The day's one-minute bars, 09:30 to 15:59, from its daily bar and its seed; with `news` (by
 * minute, one move a minute), the bar of each one's minute makes its move (the path before it does
 * not know it) and trading picks up after it.
 */
export function minuteBars(day: DayBar, seed: number, news: readonly SessionNews[] = []): MinuteBar[] {
  const draws = new Draws(seed);
  const shocks = new Float64Array(SESSION_MINUTES);
  for (let m = 0; m < SESSION_MINUTES; m++) shocks[m] = draws.normal();
  const path = pricePath(day, shocks, news);
  const volumes = minuteVolumes(
    day.volume,
    shocks,
    draws,
    news.map((n) => n.minute),
  );
  const scale = (day.high - day.low) / RANGE_PER_SIGMA;
  const bars: MinuteBar[] = new Array(SESSION_MINUTES);
  for (let m = 0; m < SESSION_MINUTES; m++) {
    // One const each: pairs destructured from array literals were allocated every minute (110 KB a day).
    const open = path[m];
    const close = path[m + 1];
    const wick = WICK_SIGMAS * scale * Math.sqrt(CLOCK[m + 1] - CLOCK[m]);
    // A wick stops a cent short of the day's extremes: they are reached where the path reaches them.
    const top = Math.max(open, close);
    const bottom = Math.min(open, close);
    const up = round2(top + wick * Math.abs(draws.normal()));
    const down = round2(bottom - wick * Math.abs(draws.normal()));
    const high = top === day.high ? top : Math.max(top, Math.min(round2(day.high - 0.01), up));
    const low = bottom === day.low ? bottom : Math.min(bottom, Math.max(round2(day.low + 0.01), down));
    bars[m] = { minute: m, open, high, low, close, volume: volumes[m] };
  }
  return bars;
}

/**
 * The minute closes (index 0 is the open, 390 the close): Brownian bridges on the variance clock
 * between anchors at the open, the close, news (its minute and the next) and the minutes the day's
 * high and low are reached, folded back into [low, high] and rounded to the cent; the anchors are the
 * daily bar's own prices. The extremes go where a path through the other anchors peaks and troughs,
 * so they come as a Brownian path's do: apart, and near the open when the open is near one.
 */
function pricePath(day: DayBar, shocks: Float64Array, news: readonly SessionNews[]): Float64Array {
  const { open, high, low, close } = day;
  const path = new Float64Array(SESSION_MINUTES + 1);
  if (high === low) return path.fill(open);
  // The walk: MA(1) shocks (the bid-ask bounce), each minute scaled by its share of the day's variance.
  const walk = new Float64Array(SESSION_MINUTES + 1);
  for (let m = 0; m < SESSION_MINUTES; m++) {
    const shock = shocks[m] + MA1_THETA * (m > 0 ? shocks[m - 1] : 0);
    walk[m + 1] = walk[m] + shock * Math.sqrt(CLOCK[m + 1] - CLOCK[m]);
  }
  const scale = (high - low) / RANGE_PER_SIGMA;
  const anchors = new Map<number, number>([
    [0, open],
    [SESSION_MINUTES, close],
  ]);
  for (const [m, price] of newsLevels(day, news)) anchors.set(m, price);
  const sketch = bridged(walk, anchors, scale);
  // Not within minutes of news: an extreme a minute from it would make a second jump.
  const free = (m: number) => news.every((n) => m < n.minute - NEWS_CLEAR || m > n.minute + NEWS_CLEAR + 1);
  const atHigh = high === open ? 0 : high === close ? SESSION_MINUTES : extremeOf(sketch, free, 1);
  const atLow =
    low === open ? 0 : low === close ? SESSION_MINUTES : extremeOf(sketch, (m) => free(m) && m !== atHigh, -1);
  anchors.set(atHigh, high).set(atLow, low);
  const levels = bridged(walk, anchors, scale);
  for (let m = 0; m <= SESSION_MINUTES; m++)
    path[m] = Math.min(high, Math.max(low, round2(fold(levels[m], low, high))));
  for (const [m, price] of anchors) path[m] = price;
  return path;
}

/** Levels at each minute boundary: the walk's bridges between consecutive anchors (minute -> price). */
function bridged(walk: Float64Array, anchors: Map<number, number>, scale: number): Float64Array {
  const levels = new Float64Array(SESSION_MINUTES + 1);
  const times = [...anchors.keys()].sort((a, b) => a - b);
  for (let k = 1; k < times.length; k++) {
    const [a, b] = [times[k - 1], times[k]];
    const [from, to] = [anchors.get(a)!, anchors.get(b)!];
    const span = CLOCK[b] - CLOCK[a];
    for (let m = a; m <= b; m++) {
      const share = (CLOCK[m] - CLOCK[a]) / span;
      levels[m] = from + share * (to - from) + scale * (walk[m] - walk[a] - share * (walk[b] - walk[a]));
    }
  }
  return levels;
}

/** The inner minute boundary (1..389) where the levels are highest (sign 1) or lowest (-1), among those allowed. */
function extremeOf(levels: Float64Array, allowed: (m: number) => boolean, sign: 1 | -1): number {
  let best = -1;
  for (let m = 1; m < SESSION_MINUTES; m++)
    if (allowed(m) && (best < 0 || sign * (levels[m] - levels[best]) > 0)) best = m;
  return best;
}

/**
 * The path's levels around each news's minute k: at k, the open carried by the rest of the day's
 * move so far along the clock and by the earlier news's jumps; at k + 1, that level moved by this
 * news's jump (both held in the day's range).
 */
function newsLevels({ open, high, low, close }: DayBar, news: readonly SessionNews[]): [number, number][] {
  const hold = (x: number) => Math.min(high, Math.max(low, round2(x)));
  const rest = news.reduce((r, n) => r - n.logJump, Math.log(close / open));
  const levels: [number, number][] = [];
  let jumped = 0;
  for (const { minute, logJump } of news) {
    // News in the last minute moves into the close; in the first, out of the open.
    if (minute === SESSION_MINUTES - 1) levels.push([minute, hold(close * Math.exp(-logJump))]);
    else {
      const before = open * Math.exp(rest * CLOCK[minute] + jumped);
      if (minute > 0) levels.push([minute, hold(before)]);
      levels.push([minute + 1, hold(before * Math.exp(logJump))]);
    }
    jumped += logJump;
  }
  return levels;
}

/** x reflected back into [low, high] at each bound, as a path bounces off a barrier. */
function fold(x: number, low: number, high: number): number {
  const width = high - low;
  const y = (((x - low) % (2 * width)) + 2 * width) % (2 * width);
  return low + (y <= width ? y : 2 * width - y);
}

/**
 * Whole minute volumes summing to the day's: each minute's share of the half hour's volume, with
 * log-normal noise, a part that follows the size of its price shock and a surge after news, then the
 * cumulative shares rounded (so the differences are whole and add up exactly).
 */
function minuteVolumes(volume: number, shocks: Float64Array, draws: Draws, newsMinutes: number[]): Float64Array {
  const weights = new Float64Array(SESSION_MINUTES);
  let total = 0;
  for (let m = 0; m < SESSION_MINUTES; m++) {
    const noise = Math.exp(VOLUME_NOISE * draws.normal() - VOLUME_NOISE ** 2 / 2);
    const shock = 1 - VOLUME_SHOCK_COUPLING + VOLUME_SHOCK_COUPLING * Math.abs(shocks[m]) * Math.sqrt(Math.PI / 2);
    let surge = 1;
    for (const k of newsMinutes) if (m >= k) surge += NEWS_VOLUME.surge * Math.pow(0.5, (m - k) / NEWS_VOLUME.halfLife);
    weights[m] = (VOLUME_SHARE[bucketOf(m)] / BUCKET_MINUTES) * noise * shock * surge;
    total += weights[m];
  }
  const volumes = new Float64Array(SESSION_MINUTES);
  let [cumulative, before] = [0, 0];
  for (let m = 0; m < SESSION_MINUTES; m++) {
    cumulative += weights[m];
    const through = m === SESSION_MINUTES - 1 ? volume : Math.round((volume * cumulative) / total);
    volumes[m] = through - before;
    before = through;
  }
  return volumes;
}

/** Minute bars grouped `size` minutes at a time from 09:30 (the last group shorter when 390 is not a multiple). */
export function groupBars(bars: MinuteBar[], size: number): MinuteBar[] {
  if (size === 1) return bars;
  const out: MinuteBar[] = [];
  for (let start = 0; start < bars.length; start += size) {
    const group = { ...bars[start] };
    for (let m = start + 1; m < Math.min(start + size, bars.length); m++) {
      const bar = bars[m];
      if (bar.high > group.high) group.high = bar.high;
      if (bar.low < group.low) group.low = bar.low;
      group.close = bar.close;
      group.volume += bar.volume;
    }
    out.push(group);
  }
  return out;
}

const newYork = new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", timeZoneName: "longOffset" });
const offsets = new Map<string, string>();

/**
 * New York's UTC offset on a day (`-04:00`); clocks change at 2 a.m., never in the session. Looked up
 * once a day and kept (a library spans some thousands of days): Intl's lookup costs more than a bar.
 */
export function newYorkOffset(day: string): string {
  let offset = offsets.get(day);
  if (offset === undefined) {
    const name = newYork.formatToParts(new Date(`${day}T16:00:00Z`)).find((p) => p.type === "timeZoneName")!.value;
    offsets.set(day, (offset = name === "GMT" ? "+00:00" : name.slice(3)));
  }
  return offset;
}

/** Each minute's New York clock, "09:30" to "15:59": a bar `minute` minutes after 09:30 starts at CLOCKS[minute]. */
export const CLOCKS: readonly string[] = Array.from({ length: SESSION_MINUTES }, (_, minute) => {
  const clock = SESSION_OPEN_MINUTE + minute;
  return [Math.floor(clock / 60), clock % 60].map((n) => String(n).padStart(2, "0")).join(":");
});

/** Minutes from the 09:30 open to an exchange clock `HH:MM` or `HH:MM:SS` (with seconds, a fraction; before the open, negative). */
export function minutesAfterOpen(clock: string): number {
  const [hh, mm, ss = 0] = clock.split(":").map(Number);
  return hh * 60 + mm + ss / 60 - SESSION_OPEN_MINUTE;
}

/** A day's bar times: the ISO local time, with New York's offset, of the start of a bar `minute` minutes after 09:30. */
export function sessionTimes(day: string): (minute: number) => string {
  const offset = newYorkOffset(day);
  return (minute) => `${day}T${CLOCKS[minute]}:00${offset}`;
}
