// What the intraday tests add bars up with, written apart from the model's own grouping (groupBars).

export interface Ohlcv {
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** The day the bars add up to: first open, highest high, lowest low, last close, summed volume. */
export const dayOf = (bars: Ohlcv[]): Ohlcv => ({
  open: bars[0].open,
  high: Math.max(...bars.map((b) => b.high)),
  low: Math.min(...bars.map((b) => b.low)),
  close: bars[bars.length - 1].close,
  volume: bars.reduce((s, b) => s + b.volume, 0),
});
