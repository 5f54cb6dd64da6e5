// News public during a session, for the intraday path (intraday.ts, docs/intraday.md): a company's
// events of a day whose public_release_datetime falls in 09:30-16:00, with the part of the day's log
// return the return components owe to events (event_return). The path makes that move at the
// event's minute. A day with an event outside the session (before the open, after the close) keeps
// its path as it is: its reaction is in the open's gap or the next day's.
import type { DatedRows } from "../../bundle/as-of.ts";
import type { Scenario } from "../../http/scenario.ts";
import { EVENTS_SHARDS } from "../events/shards.ts";
import type { Event } from "../events/rows.ts";
import { SESSION_MINUTES, SESSION_OPEN_MINUTE } from "./intraday-shape.ts";
import type { SessionNews } from "./intraday.ts";
import type { PriceBarWithComponents } from "./rows.ts";
import { PRICES_SHARDS } from "./shards.ts";

/** The minute of the session (from 09:30) an event became public, or null outside the session. */
function sessionMinute(event: Pick<Event, "public_release_datetime">): number | null {
  const [hh, mm] = event.public_release_datetime.slice(11, 16).split(":").map(Number);
  const minute = hh * 60 + mm - SESSION_OPEN_MINUTE;
  return minute >= 0 && minute < SESSION_MINUTES ? minute : null;
}

/**
 * The session news of an instrument's days `first` to `last` (indices of its price shard), by date:
 * the first in-session event's minute and the day's event_return. Only a company has events.
 */
export async function sessionNews(
  scenario: Scenario,
  ticker: string,
  prices: DatedRows,
  [first, last]: [number, number],
): Promise<Map<string, SessionNews>> {
  const out = new Map<string, SessionNews>();
  const events = first < last ? await scenario.dated(EVENTS_SHARDS.events, ticker) : null;
  if (!events) return out;
  const days = prices.objects(first, last) as { time: string }[];
  const [from, to] = events.window(days[0].time, days[days.length - 1].time);
  const minutes = new Map<string, (number | null)[]>();
  for (const e of events.objects(from, to) as Event[])
    minutes.set(e.event_date, [...(minutes.get(e.event_date) ?? []), sessionMinute(e)]);
  const inSession = [...minutes].filter(([, ms]) => ms.every((m) => m !== null));
  if (inSession.length === 0) return out;
  const components = await scenario.dated(PRICES_SHARDS.components, ticker);
  if (!components) return out;
  for (const [day, ms] of inSession) {
    const [i] = prices.window(day, day);
    const [row] = components.objects(i, i + 1) as PriceBarWithComponents[];
    out.set(day, { minute: Math.min(...(ms as number[])), logJump: row.event_return });
  }
  return out;
}
