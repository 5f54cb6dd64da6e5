// Where in a session an order trades (docs/runs.md, "Fills"): a market order at the open; a limit
// order if the day's range reaches its limit, at the limit or at the open when that is better, with
// the day's volume to take from. A crypto asset's order trades on its bar of the session's date.
import type { Order } from "./book.ts";
import { referencePrice, type Bar, type Touch } from "./fills.ts";

/** The order's touch in the session, or null when its limit is never reached. */
export function touchOf(order: Order, bar: Bar): Touch | null {
  const reference = referencePrice(order, bar);
  return reference === null ? null : { reference, volume: bar.volume };
}
