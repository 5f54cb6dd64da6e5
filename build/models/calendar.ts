// NYSE trading calendar: weekdays minus exchange holidays (with the weekend observance rules) and the
// days the exchange closed for special events.
// Dates are ISO strings `YYYY-MM-DD`, handled in UTC so no time zone can shift a day.

const DAY_MS = 86_400_000;

export function toDate(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}

export function iso(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** The next and previous calendar day of a date, which business-day walks ask for most. */
const dayStepCache = new Map<string, string>();

export function addDays(isoDate: string, days: number): string {
  if (days !== 1 && days !== -1) return iso(new Date(toDate(isoDate).getTime() + days * DAY_MS));
  const key = `${isoDate}${days}`;
  let out = dayStepCache.get(key);
  if (out === undefined) dayStepCache.set(key, (out = iso(new Date(toDate(isoDate).getTime() + days * DAY_MS))));
  return out;
}

/** The n-th (1-based) weekday `dow` (0 = Sunday) of a month; n = -1 for the last one. */
function nthWeekday(year: number, month: number, dow: number, n: number): Date {
  if (n > 0) {
    const first = new Date(Date.UTC(year, month, 1));
    const delta = (dow - first.getUTCDay() + 7) % 7;
    return new Date(Date.UTC(year, month, 1 + delta + (n - 1) * 7));
  }
  const last = new Date(Date.UTC(year, month + 1, 0));
  const delta = (last.getUTCDay() - dow + 7) % 7;
  return new Date(Date.UTC(year, month + 1, -delta));
}

/** Western Easter Sunday (anonymous Gregorian algorithm). */
function easter(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, day));
}

/** A fixed-date holiday moved to Friday (if Saturday) or Monday (if Sunday). */
function observed(year: number, month: number, day: number): Date {
  const d = new Date(Date.UTC(year, month, day));
  const dow = d.getUTCDay();
  if (dow === 6) return new Date(d.getTime() - DAY_MS);
  if (dow === 0) return new Date(d.getTime() + DAY_MS);
  return d;
}

/**
 * Unscheduled full-day closures of the NYSE since 1990 (the exchange's record of market closings): a
 * president's funeral or national day of mourning, the September 2001 attacks, Hurricane Sandy.
 */
export const SPECIAL_CLOSURES = [
  "1994-04-27", // Richard Nixon
  "2001-09-11", // the attacks, and the three days after them
  "2001-09-12",
  "2001-09-13",
  "2001-09-14",
  "2004-06-11", // Ronald Reagan
  "2007-01-02", // Gerald Ford
  "2012-10-29", // Hurricane Sandy
  "2012-10-30",
  "2018-12-05", // George H. W. Bush
  "2025-01-09", // Jimmy Carter
];

const holidayCache = new Map<number, Set<string>>();

export function nyseHolidays(year: number): Set<string> {
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const days: Date[] = [
    nthWeekday(year, 0, 1, 3), // Martin Luther King Jr. Day
    nthWeekday(year, 1, 1, 3), // Washington's Birthday
    new Date(easter(year).getTime() - 2 * DAY_MS), // Good Friday
    nthWeekday(year, 4, 1, -1), // Memorial Day
    observed(year, 6, 4), // Independence Day
    nthWeekday(year, 8, 1, 1), // Labor Day
    nthWeekday(year, 10, 4, 4), // Thanksgiving
    observed(year, 11, 25), // Christmas
  ];
  // New Year's Day on a Saturday is not moved back into the old year (NYSE rule 7.2).
  const newYear = new Date(Date.UTC(year, 0, 1));
  if (newYear.getUTCDay() !== 6) days.push(observed(year, 0, 1));
  if (year >= 2022) days.push(observed(year, 5, 19)); // Juneteenth
  const set = new Set([...days.map(iso), ...SPECIAL_CLOSURES.filter((d) => d.startsWith(`${year}-`))]);
  holidayCache.set(year, set);
  return set;
}

/** Answers by date: the build asks about the same few thousand dates millions of times. */
const tradingDayCache = new Map<string, boolean>();

export function isTradingDay(isoDate: string): boolean {
  let answer = tradingDayCache.get(isoDate);
  if (answer === undefined) {
    const d = toDate(isoDate);
    const dow = d.getUTCDay();
    answer = dow !== 0 && dow !== 6 && !nyseHolidays(d.getUTCFullYear()).has(isoDate);
    tradingDayCache.set(isoDate, answer);
  }
  return answer;
}

/** Trading days in [start, end], ascending. */
export function tradingDays(start: string, end: string): string[] {
  const out: string[] = [];
  for (let t = toDate(start).getTime(), stop = toDate(end).getTime(); t <= stop; t += DAY_MS) {
    const day = iso(new Date(t));
    if (isTradingDay(day)) out.push(day);
  }
  return out;
}

/** The date itself when it is a trading day, else the next one. */
export function onOrAfterTradingDay(date: string): string {
  let d = date;
  while (!isTradingDay(d)) d = addDays(d, 1);
  return d;
}
