// financialdatasets' `interval` and `interval_multiplier` on /prices: daily bars merged into bars of
// n weeks, months or years. A bar covers its periods' trading days: the first open, the highest high,
// the lowest low, the last close and that day's `time`, and the summed volume. Periods are calendar
// ones (weeks from Monday), grouped n at a time from the first period of the answer's window. Minute
// and hour bars are the native route's own (docs/intraday.md): the door passes them on.
import { ApiError } from "../http/errors.ts";

export const INTERVALS = ["minute", "hour", "day", "week", "month", "year"] as const;
export type Interval = (typeof INTERVALS)[number];
/** The intervals merged here from daily bars. */
export type DailyInterval = Exclude<Interval, "minute" | "hour">;

export const isIntraday = (interval: Interval): interval is "minute" | "hour" =>
  interval === "minute" || interval === "hour";

export interface Bar {
  ticker: string;
  time: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** The interval and multiplier asked for; 400 for others (as the native route answers `interval` other than day). */
export function intervalOf(interval: string | null, multiplier: string | null): { interval: Interval; n: number } {
  const name = (interval ?? "day") as Interval;
  if (!INTERVALS.includes(name))
    throw new ApiError(400, `interval '${interval}' is not served; use one of ${INTERVALS.join(", ")}`);
  const n = multiplier === null ? 1 : Number(multiplier);
  if (!Number.isInteger(n) || n < 1 || n > 1000)
    throw new ApiError(400, `interval_multiplier must be a whole number from 1 to 1000, not '${multiplier}'`);
  return { interval: name, n };
}

/** The period a trading day falls in, as a sortable label. */
function periodOf(day: string, interval: DailyInterval): string {
  if (interval === "day") return day;
  if (interval === "month") return day.slice(0, 7);
  if (interval === "year") return day.slice(0, 4);
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7)); // back to Monday
  return date.toISOString().slice(0, 10);
}

/** Daily bars (ascending) merged into bars of n periods. */
export function aggregate(bars: Bar[], interval: DailyInterval, n: number): Bar[] {
  const out: Bar[] = [];
  let period: string | undefined;
  let periods = 0; // periods seen so far, the current one included
  for (const bar of bars) {
    const barPeriod = periodOf(bar.time, interval);
    if (barPeriod !== period) {
      period = barPeriod;
      periods++;
      if ((periods - 1) % n === 0) {
        out.push({ ...bar });
        continue;
      }
    }
    const merged = out[out.length - 1];
    merged.high = Math.max(merged.high, bar.high);
    merged.low = Math.min(merged.low, bar.low);
    merged.close = bar.close;
    merged.time = bar.time;
    merged.volume += bar.volume;
  }
  return out;
}
