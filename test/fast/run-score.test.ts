// The score of an evaluation run (src/runs/score.ts) on paths whose answers follow by hand: the
// derivations are in the comments, with 252 periods a year.
import { describe, expect, it } from "vitest";
import { roundTrips, scoreRun, type ScoredDay, type ScoredFill, type ScoreInput } from "../../src/runs/score.ts";

const DAY_MS = 86_400_000;
const dateOf = (i: number) => new Date(Date.UTC(2024, 0, 2) + i * DAY_MS).toISOString().slice(0, 10);

/** Closes compounded from a start value by daily returns. */
const compound = (start: number, returns: number[]) =>
  returns.reduce((path, r) => [...path, path.at(-1)! * (1 + r)], [start]);

/** A run's days from its equity and benchmark closes; rates (percent) and exposures default to 0. */
function daysOf(equity: number[], benchmark = equity, rates: number[] = [], gross: number[] = []): ScoredDay[] {
  return equity.map((e, i) => ({
    date: dateOf(i),
    equity: e,
    benchmark: benchmark[i],
    risk_free_rate: rates[i] ?? 0,
    gross_exposure: gross[i] ?? 0,
  }));
}

const run = (days: ScoredDay[], more: Partial<ScoreInput> = {}) =>
  scoreRun({ days, fills: [], splits: [], dividends: [], costs_paid: 0, ...more });

const fill = (date: string, ticker: string, side: "buy" | "sell", shares: number, price: number, commission = 0) =>
  ({ date, ticker, side, shares, price, commission }) satisfies ScoredFill;

describe("scoreRun: the book's returns", () => {
  it("gives no Sharpe, Sortino, beta or Calmar to constant growth, whose volatility is zero", () => {
    const equity = compound(100_000, [0.01, 0.01, 0.01, 0.01]);
    const score = run(daysOf(equity));
    expect(score.trading_days).toBe(4);
    expect(score.total_return).toBeCloseTo(1.01 ** 4 - 1, 12); // 0.04060401
    expect(score.cagr).toBeCloseTo(1.01 ** 252 - 1, 9); // (E_n/E_0)^(252/n) - 1 = 1.01^252 - 1
    expect(score.annual_volatility).toBe(0);
    expect(score.max_drawdown).toBe(0);
    for (const field of [
      "sharpe_ratio",
      "sortino_ratio",
      "calmar_ratio",
      "beta",
      "alpha",
      "information_ratio",
    ] as const)
      expect(score[field], field).toBeNull();
  });

  // Benchmark returns b = +2%, -1%, +2%, -1% (mean 0.005, deviations ±0.015, sample variance
  // 4·0.000225/3 = 0.0003); the book is the benchmark leveraged 2×: r = 2b (mean 0.01, sample variance 0.0012).
  const b = [0.02, -0.01, 0.02, -0.01];
  const leveraged = daysOf(
    compound(
      100_000,
      b.map((x) => 2 * x),
    ),
    compound(100_000, b),
  );

  it("finds beta 2 and no alpha for the benchmark leveraged 2× at a zero rate", () => {
    const score = run(leveraged);
    expect(score.beta).toBeCloseTo(2, 10);
    expect(score.alpha).toBeCloseTo(0, 10);
    expect(score.appraisal_ratio).toBeNull(); // the regression leaves no residual risk
    // Sharpe = 0.01/sqrt(0.0012)·sqrt(252) = sqrt(0.0001·252/0.0012) = sqrt(21)
    expect(score.sharpe_ratio).toBeCloseTo(Math.sqrt(21), 10);
    // Sortino: downside deviation sqrt(mean(0, 0.02², 0, 0.02²)) = sqrt(0.0002), annualised ×sqrt(252);
    // 0.01·252 / (sqrt(0.0002)·sqrt(252)) = sqrt(0.0001/0.0002·252) = sqrt(126)
    expect(score.sortino_ratio).toBeCloseTo(Math.sqrt(126), 10);
    expect(score.annual_volatility).toBeCloseTo(Math.sqrt(0.0012 * 252), 12);
    // Active return r - b = b: 0.005/sqrt(0.0003)·sqrt(252) = sqrt(21)
    expect(score.information_ratio).toBeCloseTo(Math.sqrt(21), 10);
    // Closes 100000, 104000, 101920, 105996.8, 103876.864: each fall is 2% from the peak before it.
    expect(score.total_return).toBeCloseTo(1.04 * 0.98 * 1.04 * 0.98 - 1, 12);
    expect(score.max_drawdown).toBeCloseTo(-0.02, 12);
    const cagr = 1.03876864 ** (252 / 4) - 1;
    expect(score.cagr).toBeCloseTo(cagr, 9);
    expect(score.calmar_ratio).toBeCloseTo(cagr / 0.02, 8);
  });

  it("takes each return's excess over the rate of the day it ends on", () => {
    // 2.52% a year is 0.0001 a day. Day 0's rate starts no return, so its 9.99% must not count.
    const rates = [9.99, 2.52, 2.52, 2.52, 2.52];
    const score = run(leveraged.map((d, i) => ({ ...d, risk_free_rate: rates[i] })));
    // Excess mean 0.01 - 0.0001 = 0.0099, same deviation: Sharpe = 0.99·sqrt(21)
    expect(score.sharpe_ratio).toBeCloseTo(0.99 * Math.sqrt(21), 10);
    // Excess book 2b - rf on excess benchmark b - rf: slope 2, and what is left is 2b - rf - 2(b - rf) = rf,
    // so the leveraged book, financed for free, shows the rate as alpha: 1.0001^252 - 1.
    expect(score.beta).toBeCloseTo(2, 10);
    expect(score.alpha).toBeCloseTo(1.0001 ** 252 - 1, 10);
    // Shortfalls below the rate: -0.0201 twice in four days; 0.0099·252 / (0.0201/sqrt(2)·sqrt(252)).
    expect(score.sortino_ratio).toBeCloseTo((0.0099 / (0.0201 / Math.sqrt(2))) * Math.sqrt(252), 10);
    expect(score.information_ratio).toBeCloseTo(Math.sqrt(21), 10); // the rate cancels in r - b
  });

  it("rates alpha against residual risk in the appraisal ratio", () => {
    // b = ±1% alternating; r = b + e with e = 0.3%, 0.3%, -0.1%, -0.1%, which has no covariance with b
    // (0.01·0.003 - 0.01·0.003 - 0.01·0.001 + 0.01·0.001 = 0): beta 1, daily alpha mean(e) = 0.001,
    // residuals e - 0.001 = ±0.002 (population deviation 0.002).
    const market = [0.01, -0.01, 0.01, -0.01];
    const e = [0.003, 0.003, -0.001, -0.001];
    const score = run(
      daysOf(
        compound(
          1e6,
          market.map((x, i) => x + e[i]),
        ),
        compound(1e6, market),
      ),
    );
    const alpha = 1.001 ** 252 - 1;
    expect(score.beta).toBeCloseTo(1, 10);
    expect(score.alpha).toBeCloseTo(alpha, 10);
    expect(score.appraisal_ratio).toBeCloseTo(alpha / (0.002 * Math.sqrt(252)), 9);
    // Active return e: 0.001 over its sample deviation 0.002·sqrt(4/3), ×sqrt(252) = 0.5·sqrt(189)
    expect(score.information_ratio).toBeCloseTo(0.5 * Math.sqrt(189), 9);
  });

  it("measures the drawdown from the running peak and Calmar from it", () => {
    // Over 252 returns (one year): 100 up to 120, down to 90, up to 110, in straight lines.
    const leg = (from: number, to: number) => Array.from({ length: 84 }, (_, i) => from + ((to - from) * (i + 1)) / 84);
    const equity = [100, ...leg(100, 120), ...leg(120, 90), ...leg(90, 110)];
    const score = run(daysOf(equity));
    expect(score.trading_days).toBe(252);
    expect(score.total_return).toBeCloseTo(0.1, 12);
    expect(score.cagr).toBeCloseTo(0.1, 12); // one year: the CAGR is the total return
    expect(score.max_drawdown).toBeCloseTo(90 / 120 - 1, 12); // -0.25
    expect(score.calmar_ratio).toBeCloseTo(0.1 / 0.25, 12);
  });

  it("answers null, never NaN or Infinity, for a book that went to zero", () => {
    const score = run(daysOf([100, 50, 0, 0], [100, 101, 102, 103]));
    for (const [field, value] of Object.entries(score))
      expect(value === null || Number.isFinite(value), `${field} = ${value}`).toBe(true);
    expect(score.total_return).toBe(-1);
    expect(score.max_drawdown).toBe(-1);
    expect(score.sharpe_ratio).toBeNull(); // the last return, 0/0 - 1, is undefined
  });

  it("has no return statistics before a second close", () => {
    for (const days of [[], daysOf([100_000])]) {
      const score = run(days, { fills: [fill(dateOf(0), "AAA", "buy", 1, 10), fill(dateOf(0), "AAA", "sell", 1, 11)] });
      expect(score.trading_days).toBe(0);
      expect(score.total_return).toBeNull();
      expect(score.max_drawdown).toBeNull();
      expect(score.turnover).toBeNull();
      expect(score.round_trips).toBe(1);
    }
  });
});

describe("scoreRun: trading", () => {
  it("annualises turnover on the mean close and averages gross exposure over equity", () => {
    // Buy and sell $500 on a flat $1000 book over two returns: $1000 traded / $1000 mean close,
    // ×252/2 = 126 a year. Gross exposure $500 then $0 on the two scored closes: mean 0.25.
    const days = daysOf([1000, 1000, 1000], undefined, [], [0, 500, 0]);
    const fills = [fill(dateOf(1), "AAA", "buy", 5, 100), fill(dateOf(2), "AAA", "sell", 5, 100)];
    const score = run(days, { fills, costs_paid: 3.25 });
    expect(score.turnover).toBeCloseTo(126, 12);
    expect(score.average_exposure).toBeCloseTo(0.25, 12);
    expect(score.costs_paid).toBe(3.25);
    // One trip that broke even exactly: a hit needs pnl > 0.
    expect(score.round_trips).toBe(1);
    expect(score.hit_rate).toBe(0);
  });
});

describe("roundTrips", () => {
  it("carries a long lot across a 2-for-1 split", () => {
    // 100 @ 50 becomes 200 @ 25; sold at 27: 200·2 - commissions 1 + 1 = 398.
    for (const splitDate of [dateOf(1), dateOf(2)]) {
      // On the sale's own date the split goes first: that day trades post-split.
      const fills = [fill(dateOf(0), "AAA", "buy", 100, 50, 1), fill(dateOf(2), "AAA", "sell", 200, 27, 1)];
      const trips = roundTrips(fills, [{ date: splitDate, ticker: "AAA", ratio: 2 }]);
      expect(trips).toEqual([{ ticker: "AAA", opened: dateOf(0), closed: dateOf(2), pnl: 398 }]);
    }
  });

  it("scores a short that wins, less the dividend it paid", () => {
    // Short 50 @ 40, covered @ 35: 50·5 = 250, less a $10 dividend paid on the short.
    const fills = [fill(dateOf(1), "BBB", "sell", 50, 40), fill(dateOf(3), "BBB", "buy", 50, 35)];
    const dividends = [{ date: dateOf(2), ticker: "BBB", cash: -10 }];
    expect(roundTrips(fills, [], dividends)).toEqual([
      { ticker: "BBB", opened: dateOf(1), closed: dateOf(3), pnl: 240 },
    ]);
    const score = run(daysOf([1000, 1000, 1000, 1000]), { fills, dividends });
    expect(score.round_trips).toBe(1);
    expect(score.hit_rate).toBe(1);
  });

  it("keeps a partial close in its trip and matches it first in, first out", () => {
    // 100 @ 10 then 100 @ 12; selling 150 @ 11 closes the 100 @ 10 (+100) and 50 of the 12s (-50): +50.
    // (Last in, first out would say -50; average cost, 0.)
    const fills = [
      fill(dateOf(1), "CCC", "buy", 100, 10),
      fill(dateOf(2), "CCC", "buy", 100, 12),
      fill(dateOf(3), "CCC", "sell", 150, 11),
    ];
    expect(roundTrips(fills, [])).toEqual([{ ticker: "CCC", opened: dateOf(1), closed: null, pnl: 50 }]);
    const open = run(daysOf([1000, 1000, 1000, 1000]), { fills });
    expect(open.round_trips).toBe(0);
    expect(open.hit_rate).toBeNull();
    // The last 50 @ 12 sold @ 13: +50 more, and the trip is closed.
    const closing = [...fills, fill(dateOf(4), "CCC", "sell", 50, 13)];
    expect(roundTrips(closing, [])).toEqual([{ ticker: "CCC", opened: dateOf(1), closed: dateOf(4), pnl: 100 }]);
  });

  it("ends a trip where the position crosses zero and splits that fill's commission by shares", () => {
    // Long 100 @ 10; selling 150 @ 12 (commission 3) closes it (+200, 2 of the commission) and opens a
    // short of 50 @ 12 (1 of the commission), covered @ 13: -50 - 1.
    const fills = [
      fill(dateOf(1), "DDD", "buy", 100, 10),
      fill(dateOf(2), "DDD", "sell", 150, 12, 3),
      fill(dateOf(3), "DDD", "buy", 50, 13),
    ];
    expect(roundTrips(fills, [])).toEqual([
      { ticker: "DDD", opened: dateOf(1), closed: dateOf(2), pnl: 198 },
      { ticker: "DDD", opened: dateOf(2), closed: dateOf(3), pnl: -51 },
    ]);
    expect(run(daysOf([1000, 1000, 1000, 1000]), { fills }).hit_rate).toBe(0.5);
  });

  it("credits a dividend to the trip that held through it, even once it is flat", () => {
    // Bought @ 20 and sold @ 19 on the ex-date (-100): the $30 dividend dated that day belongs to the
    // holder at the prior close, and the $5 paid two days later to the same, now closed, trip.
    const fills = [fill(dateOf(1), "EEE", "buy", 100, 20), fill(dateOf(3), "EEE", "sell", 100, 19)];
    const dividends = [
      { date: dateOf(3), ticker: "EEE", cash: 30 },
      { date: dateOf(5), ticker: "EEE", cash: 5 },
      { date: dateOf(5), ticker: "ZZZ", cash: 1000 }, // never held: credited to nothing
    ];
    expect(roundTrips(fills, [], dividends)).toEqual([
      { ticker: "EEE", opened: dateOf(1), closed: dateOf(3), pnl: -65 },
    ]);
  });
});

describe("a book that never moves", () => {
  it("has no Sharpe or Sortino ratio, even while the risk-free rate it falls short of steps", () => {
    const days = Array.from({ length: 30 }, (_, i) => ({
      date: `2023-01-${String(i + 1).padStart(2, "0")}`,
      equity: 1_000_000,
      benchmark: 1_000_000 * (1 + 0.001 * i),
      risk_free_rate: i < 15 ? 4.5 : 4.75,
      gross_exposure: 0,
    }));
    const score = scoreRun({ days, fills: [], splits: [], dividends: [], costs_paid: 0 });
    expect(score.annual_volatility).toBe(0);
    expect(score.sharpe_ratio).toBeNull();
    expect(score.sortino_ratio).toBeNull();
    expect(score.total_return).toBe(0);
  });
});
