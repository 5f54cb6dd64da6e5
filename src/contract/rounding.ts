// How served numbers are rounded, written once: prices to the cent (as the build rounds them:
// build/models/rounding.ts), fill prices to a hundredth of a cent, ratios to six decimals.

export const round2 = (x: number): number => Math.round(x * 100) / 100;
export const round4 = (x: number): number => Math.round(x * 10_000) / 10_000;
export const round6 = (x: number): number => Math.round(x * 1e6) / 1e6;
/** x to `places` decimals. */
export const roundTo = (x: number, places: number): number => Math.round(x * 10 ** places) / 10 ** places;

/**
 * A snapshot's price and the day's change from the close before (null without one): the change to
 * `changePlaces` decimals (a coin's price has more than a stock's), the percent to four.
 */
export function dayChange(close: number, previous: number | null, changePlaces: number) {
  const change = previous === null ? null : close - previous;
  return {
    price: close,
    day_change: change === null ? null : roundTo(change, changePlaces),
    day_change_percent: change === null ? null : roundTo((100 * change) / previous!, 4),
  };
}
