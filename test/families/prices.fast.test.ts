import { describe, expect, it } from "vitest";
import { adjustCloses, type Bar } from "../../build/models/prices.ts";
import { roundAdjusted } from "../../src/contract/adjusted-price.ts";

const bar = (time: string, close: number): Bar => ({
  time,
  open: close,
  high: close,
  low: close,
  close,
  volume: 1,
  adjusted_close: 0,
  market_return: 0,
  sector_return: 0,
  idiosyncratic_return: 0,
  event_return: 0,
  volatility: 0.2,
  metadata: {},
});

describe("adjusted_close", () => {
  // A long history can compound many splits (30 years gave stocks split multiples above 1e5):
  // rounding the restated price to fixed decimals turned early bars into 0, so ratios of adjusted
  // closes (index fund benchmarks, the consistency rule) became NaN or drifted.
  it("keeps every restated price positive and every day's ratio exact under a large split multiple", () => {
    const days = Array.from({ length: 40 }, (_, i) => `2000-01-${String(i + 1).padStart(2, "0")}`);
    const bars = days.map((d) => bar(d, 40));
    const splitOn = new Map(days.filter((_, i) => i % 2 === 1).map((d) => [d, 3])); // 20 splits: 3^20
    const dividendOn = new Map([[days[10], 0.5]]);
    adjustCloses(bars, dividendOn, splitOn, 40);
    for (const b of bars) expect(b.adjusted_close).toBeGreaterThan(0);
    for (let t = 1; t < bars.length; t++) {
      const expected = (1 - (dividendOn.get(bars[t].time) ?? 0) / bars[t - 1].close) / (splitOn.get(bars[t].time) ?? 1);
      const observed = bars[t - 1].adjusted_close / bars[t - 1].close / (bars[t].adjusted_close / bars[t].close);
      expect(Math.abs(observed / expected - 1)).toBeLessThan(1e-4);
      expect(Number.isFinite(bars[t].metadata.log_return)).toBe(true);
    }
  });

  it("leaves prices at or above one at six decimals", () => {
    const bars = [bar("2000-01-03", 12.34), bar("2000-01-04", 12.5)];
    adjustCloses(bars, new Map([["2000-01-04", 0.1]]), new Map(), 12.3);
    expect(bars[1].adjusted_close).toBe(12.5);
    expect(bars[0].adjusted_close).toBe(Math.round(12.34 * (1 - 0.1 / 12.34) * 1e6) / 1e6);
  });
});

describe("roundAdjusted (build and the as-of rescaling of /prices)", () => {
  it("keeps six significant digits below 1 and six decimals above", () => {
    expect(roundAdjusted(3.2e-9)).toBe(3.2e-9);
    expect(roundAdjusted(0.000123456789)).toBe(0.000123457);
    expect(roundAdjusted(123.4567891)).toBe(123.456789);
  });
});
