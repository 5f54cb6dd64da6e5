// News public during a session, for the intraday path (intraday.ts, docs/intraday.md): a company's
// events of a day whose public_release_datetime falls in 09:30-16:00, with the part of the day's log
// return the return components owe to events (event_return), and market-wide events in the session
// (a Fed decision at 14:00), with the part of the instrument's market return they made
// (metadata.market_event_return). The path makes each move at its event's minute. A day with a
// company event outside the session (before the open, after the close) keeps its company move where
// it is: its reaction is in the open's gap or the next day's.
import type { DatedRows } from "../../bundle/as-of.ts";
import type { Scenario } from "../../http/scenario.ts";
import { EVENTS_SHARDS, MARKET_WIDE } from "../events/shards.ts";
import type { Event } from "../events/rows.ts";
import { SESSION_MINUTES } from "./intraday-shape.ts";
import { minutesAfterOpen, type SessionNews } from "./intraday.ts";
import type { PriceBarWithComponents } from "./rows.ts";
import { PRICES_SHARDS } from "./shards.ts";

/** The minute of the session (from 09:30) an event became public, or null outside the session. */
function sessionMinute(event: Pick<Event, "public_release_datetime">): number | null {
  const minute = minutesAfterOpen(event.public_release_datetime.slice(11, 16));
  return minute >= 0 && minute < SESSION_MINUTES ? minute : null;
}

/** The minutes of a shard's events over [first, last] days, by date (null for one outside the session). */
function minutesByDay(events: DatedRows | null, first: string, last: string): Map<string, (number | null)[]> {
  const minutes = new Map<string, (number | null)[]>();
  if (!events) return minutes;
  for (const e of events.objects(...events.window(first, last)) as Event[])
    minutes.set(e.event_date, [...(minutes.get(e.event_date) ?? []), sessionMinute(e)]);
  return minutes;
}

/** Where a day's moves happen: the company's first in-session minute, the market's first. */
interface DayMinutes {
  company?: number;
  market?: number;
}

/**
 * The session news of an instrument's days `first` to `last` (indices of its price shard), by date:
 * each move's minute and size, by minute. Only a company has events of its own; every instrument
 * moves with the market's (a fund too).
 */
export async function sessionNews(
  scenario: Scenario,
  ticker: string,
  prices: DatedRows,
  [first, last]: [number, number],
): Promise<Map<string, SessionNews[]>> {
  const out = new Map<string, SessionNews[]>();
  if (first >= last) return out;
  const days = prices.keys(first, last);
  const [from, to] = [days[0], days[days.length - 1]];
  const [own, market] = await Promise.all([
    scenario.dated(EVENTS_SHARDS.events, ticker),
    scenario.dated(EVENTS_SHARDS.events, MARKET_WIDE),
  ]);
  const moves = new Map<string, DayMinutes>();
  for (const [day, ms] of minutesByDay(own, from, to))
    if (ms.every((m) => m !== null)) moves.set(day, { company: Math.min(...(ms as number[])) });
  for (const [day, ms] of minutesByDay(market, from, to)) {
    const inSession = ms.filter((m): m is number => m !== null);
    if (inSession.length) moves.set(day, { ...moves.get(day), market: Math.min(...inSession) });
  }
  if (moves.size === 0) return out;
  const components = await scenario.dated(PRICES_SHARDS.components, ticker);
  if (!components) return out;
  for (const [day, { company, market: marketMinute }] of moves) {
    const [i, end] = prices.window(day, day);
    if (i === end) continue; // no bar that day (a halt)
    const [row] = components.objects(i, i + 1) as PriceBarWithComponents[];
    const marketJump = (row.metadata as { market_event_return?: number }).market_event_return ?? 0;
    const news: SessionNews[] = [];
    if (company !== undefined) news.push({ minute: company, logJump: row.event_return });
    if (marketMinute !== undefined && marketJump !== 0) news.push({ minute: marketMinute, logJump: marketJump });
    out.set(day, merged(news));
  }
  return out;
}

/** Moves by minute, those of one minute made one. */
function merged(news: SessionNews[]): SessionNews[] {
  const byMinute = new Map<number, number>();
  for (const { minute, logJump } of news) byMinute.set(minute, (byMinute.get(minute) ?? 0) + logJump);
  return [...byMinute].sort(([a], [b]) => a - b).map(([minute, logJump]) => ({ minute, logJump }));
}
