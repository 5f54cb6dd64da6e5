// The series the realism statistics read: each company's daily bars as arrays, fed one company at
// a time as the build streams them.
import type { CompanyBase } from "../../ground/family.ts";
import type { Stock } from "./family.ts";

export interface StockSeries {
  ticker: string;
  sector: string;
  open: number[];
  high: number[];
  low: number[];
  close: number[];
  adjClose: number[];
  volume: number[];
  marketCap: number[];
}

export const TRADING_DAYS = 252;
/** Ten years of trading days: the sample the long-run bands of docs/realism.md are stated for. */
export const LONG_SAMPLE = 2520;

/** Series are taken as aligned on the same trading days; a ragged universe is cut to the shortest. */
export function commonLength(stocks: readonly StockSeries[]): number {
  return stocks.length === 0
    ? 0
    : Math.min(
        ...stocks.map((s) =>
          Math.min(
            s.open.length,
            s.high.length,
            s.low.length,
            s.close.length,
            s.adjClose.length,
            s.volume.length,
            s.marketCap.length,
          ),
        ),
      );
}

/** A company's daily series as the realism statistics read them. */
export function stockSeries({ facts, stock: { bars, shares } }: CompanyBase & Stock): StockSeries {
  return {
    ticker: facts.ticker,
    sector: facts.sector,
    open: bars.map((b) => b.open),
    high: bars.map((b) => b.high),
    low: bars.map((b) => b.low),
    close: bars.map((b) => b.close),
    adjClose: bars.map((b) => b.adjusted_close),
    volume: bars.map((b) => b.volume),
    marketCap: bars.map((b, i) => b.close * shares[i]),
  };
}
