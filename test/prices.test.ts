// Stock prices against the business behind them: over years, a company's price follows its own
// growth, so its valuation wanders but does not drift away from its statements (no market or
// sector moves here, no events).
import { describe, expect, it } from "vitest";
import { tradingDays } from "../build/calendar.ts";
import { TRADING_DAYS } from "../build/generate/market.ts";
import { stockPath } from "../build/generate/prices.ts";
import { median, sd } from "../build/realism.ts";
import { Rng } from "../build/rng.ts";
import type { CompanyFacts } from "../src/bundle/types.ts";

const DAYS = tradingDays("2005-01-03", "2019-12-31");
const YEARS = DAYS.length / TRADING_DAYS;
const flat = (daily: number) => DAYS.map(() => daily);
/** A market and a sector that neither rise nor fall: what is left of a stock's path is its own. */
const market = { returns: flat(0), eventReturns: flat(0), vol: flat(0.16 / 16), monthVol: flat(0.16 / 16) };
const sector = { returns: flat(0), vol: flat(0.12 / 16) };
const DRAWS = 200;

/** Each draw's log price change over the world, for a business that grows `businessGrowth`. */
function logPriceChanges(businessGrowth: number[]): number[] {
  return Array.from({ length: DRAWS }, (_, i) => {
    const { bars } = stockPath({
      company: { ticker: "XYZ", sector: "Industrials" } as CompanyFacts,
      days: DAYS,
      regimes: DAYS.map(() => "expansion"),
      market,
      sector,
      events: [],
      withActions: false,
      startPrice: 100,
      businessGrowth,
      rng: new Rng(7, `stock/${i}`),
    });
    return Math.log(bars[bars.length - 1].close / 100);
  });
}

describe("a stock's price against its business", () => {
  it("follows a business that outgrows its sector by 7% a year", () => {
    const growth = DAYS.map((_, t) => t / (DAYS.length - 1)); // +1.0 over 15 years
    const ends = logPriceChanges(growth);
    console.log(`median log price change ${median(ends).toFixed(2)} over ${YEARS.toFixed(1)} years; business +1.00`);
    expect(median(ends)).toBeGreaterThan(0.75);
    expect(median(ends)).toBeLessThan(1.15);
  });

  it("keeps its valuation within reach of a business that grows like its sector's", () => {
    // As a random walk, the idiosyncratic part alone (13.5% a year, in volatility episodes more)
    // spread these stocks' log prices by 0.71 over 15 years.
    const ends = logPriceChanges(flat(0));
    console.log(`sd of log price changes ${sd(ends).toFixed(2)}, median ${median(ends).toFixed(2)}`);
    expect(sd(ends)).toBeLessThan(0.35);
    expect(Math.abs(median(ends))).toBeLessThan(0.15);
  });
});
