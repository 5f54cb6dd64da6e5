// Where in a session an order trades (docs/runs.md, "Fills"). A market order, and a limit order the
// open already satisfies, at the open, with the whole day's volume to take from. A stock's limit
// order that the day's range reaches but the open does not: at the first minute of the intraday path
// (docs/intraday.md) whose bar reaches the limit, at the limit or at that minute's open when it gapped
// through it, with the volume traded from that minute to the close. Crypto has no intraday path: its
// limit orders fill on the day's bar, at the limit or the open when that is better.
import type { Order } from "./book.ts";
import { isCrypto, referencePrice, type Bar, type Touch } from "./fills.ts";
import type { MinuteBar } from "../families/prices/intraday.ts";

/** A session's minute bars of a stock, made when asked, and the time of a minute (from 09:30). */
export interface SessionMinutes {
  bars: (ticker: string) => Promise<MinuteBar[]>;
  time: (minute: number) => string;
}

/** The order's touch in the session, or null when its limit is never reached. */
export async function touchOf(order: Order, bar: Bar, minutes: SessionMinutes): Promise<Touch | null> {
  const reference = referencePrice(order, bar);
  if (reference === null) return null;
  if (isCrypto(order)) return { reference, volume: bar.volume, time: null };
  if (reference === bar.open) return { reference, volume: bar.volume, time: minutes.time(0) };
  // Only here is the path made: a limit inside the day's range, past the open.
  const path = await minutes.bars(order.ticker);
  const limit = order.limit_price!;
  const buy = order.side === "buy";
  const at = path.findIndex((m) => (buy ? m.low <= limit : m.high >= limit));
  if (at < 0) return null;
  let volume = 0;
  for (let m = at; m < path.length; m++) volume += path[m].volume;
  const open = path[at].open;
  return { reference: buy ? Math.min(open, limit) : Math.max(open, limit), volume, time: minutes.time(at) };
}
