// Points in time as `as_of` gives them (docs/api-choices.md, "Point in time"): a date, meaning the
// end of that day, or a date and an exchange time (`2023-07-25T14:30`, New York, no zone), meaning
// that moment of the day. Dates and instants are compared by the moment they name, not as text
// (`"2023-07-25"` sorts before `"2023-07-25T14:30:00"` but names a later moment).

const INSTANT_RE = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** The regular session's open and close, exchange time: a listing shows from the one, a daily bar from the other. */
export const MARKET_OPEN = "09:30:00";
export const MARKET_CLOSE = "16:00:00";

/** The end of a day, written as an exchange time: later than any time the day's rows carry. */
const END_OF_DAY = "24:00:00";

/** `2023-07-25T14:30` as `2023-07-25T14:30:00`; null for anything that is no date with a valid time of day. */
export function normalInstant(value: string): string | null {
  const m = INSTANT_RE.exec(value);
  if (!m) return null;
  const [, day, hh, mm, ss = "00"] = m;
  if (Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 59) return null;
  return `${day}T${hh}:${mm}:${ss}`;
}

/** The day a point in time falls on. */
export const dayOfPoint = (point: string): string => point.slice(0, 10);

/** The exchange time of a point in time, or null for a date (the end of its day). */
export const timeOfPoint = (point: string): string | null => (point.length > 10 ? point.slice(11) : null);

/** A key that sorts points in time by the moment they name. */
export const momentOf = (point: string): string => (point.length > 10 ? point : `${point}T${END_OF_DAY}`);

/** The earlier of two points in time. */
export const earlierPoint = (a: string, b: string): string => (momentOf(b) < momentOf(a) ? b : a);

/** The date `days` calendar days from `date` (a malformed date is given back, for the route's validation to name). */
export function shiftDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
