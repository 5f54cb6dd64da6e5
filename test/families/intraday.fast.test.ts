// The intraday model (src/families/prices/intraday.ts): a day's one-minute bars aggregate exactly to
// its daily bar, edge days included, and are the same for the same seed; their shape over many days
// is a session's: U-shaped volume and variance, slightly negative lag-1 autocorrelation, no drift.
import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { Rng } from "../../build/ground/rng.ts";
import { round2 } from "../../build/models/rounding.ts";
import {
  groupBars,
  intradaySeed,
  minuteBars,
  sessionTimes,
  type DayBar,
  type MinuteBar,
} from "../../src/families/prices/intraday.ts";
import { SESSION_MINUTES } from "../../src/families/prices/intraday-shape.ts";
import { writeBars } from "../../src/families/prices/intraday-rows.ts";
import { JsonWriter } from "../../src/http/json-writer.ts";
import { dayOf } from "../support/bars.ts";

const ID = "7d3f1c2a-5b8e-8c61-9a0f-2e4b6d8c1a37";

/** A daily bar as the build makes one: cents, high and low around the open and close. */
function randomDay(rng: Rng, price = rng.between(0.5, 900)): DayBar {
  const open = Math.max(0.01, round2(price));
  const close = Math.max(0.01, round2(open * Math.exp(0.02 * rng.normal())));
  const high = Math.max(open, close, round2(Math.max(open, close) * Math.exp(Math.abs(0.01 * rng.normal()))));
  const low = Math.max(
    0.01,
    Math.min(open, close, round2(Math.min(open, close) * Math.exp(-Math.abs(0.01 * rng.normal())))),
  );
  const volume = rng.uniform() < 0.1 ? rng.int(0, 500) : Math.round(Math.exp(rng.between(8, 21)));
  return { open, high, low, close, volume };
}

const EDGE_DAYS: DayBar[] = [
  { open: 50, high: 50, low: 48.5, close: 49, volume: 1_000_000 }, // opens at the high
  { open: 50, high: 51, low: 50, close: 50.5, volume: 1_000_000 }, // opens at the low
  { open: 50, high: 51, low: 49, close: 51, volume: 1_000_000 }, // closes at the high
  { open: 50, high: 51, low: 49, close: 49, volume: 1_000_000 }, // closes at the low
  { open: 51, high: 51, low: 49, close: 49, volume: 1_000_000 }, // opens at the high, closes at the low
  { open: 49, high: 51, low: 49, close: 51, volume: 1_000_000 }, // opens at the low, closes at the high
  { open: 50, high: 50, low: 50, close: 50, volume: 7 }, // flat
  { open: 50, high: 50, low: 50, close: 50, volume: 0 }, // flat, nothing traded
  { open: 20.1, high: 20.35, low: 19.9, close: 20.2, volume: 0 }, // nothing traded
  { open: 0.01, high: 0.02, low: 0.01, close: 0.02, volume: 389 }, // a cent's range, fewer shares than minutes
  { open: 30, high: 30.01, low: 30, close: 30, volume: 1 },
  { open: 4123.45, high: 4200, low: 4000.01, close: 4100, volume: 9_007_199_254 },
];

describe("a day's minute bars", () => {
  it("aggregate exactly to the daily bar, over random and edge days, at every grouping", () => {
    const rng = new Rng(11, "intraday-days");
    const days = [...EDGE_DAYS, ...Array.from({ length: 2000 }, () => randomDay(rng))];
    for (const [i, day] of days.entries()) {
      const bars = minuteBars(day, intradaySeed(ID, "AAPL", `2023-01-${(i % 28) + 1}`));
      expect(bars).toHaveLength(SESSION_MINUTES);
      expect(dayOf(bars)).toEqual(day);
      // Each bar whole: volume a whole number, its open the last close, high and low around open and close, in cents.
      const broken = bars.filter(
        (b, m) =>
          !Number.isInteger(b.volume) ||
          b.volume < 0 ||
          (m > 0 && b.open !== bars[m - 1].close) ||
          b.low > Math.min(b.open, b.close) ||
          b.high < Math.max(b.open, b.close) ||
          [b.open, b.high, b.low, b.close].some((p) => p !== round2(p)),
      );
      expect(broken).toEqual([]);
      if (i % 50 === 0)
        for (const size of [5, 60, 390, 1000]) {
          const grouped = groupBars(bars, size);
          expect(grouped).toHaveLength(Math.ceil(SESSION_MINUTES / size));
          expect(dayOf(grouped)).toEqual(day);
        }
    }
  });

  it("are the same for the same seed, and others for another date, ticker or scenario", () => {
    const day = EDGE_DAYS[11];
    const seed = intradaySeed(ID, "AAPL", "2023-07-03");
    expect(minuteBars(day, seed)).toEqual(minuteBars({ ...day }, intradaySeed(ID, "AAPL", "2023-07-03")));
    for (const other of [
      intradaySeed(ID, "AAPL", "2023-07-05"),
      intradaySeed(ID, "MSFT", "2023-07-03"),
      intradaySeed("another-scenario", "AAPL", "2023-07-03"),
    ]) {
      expect(other).not.toBe(seed);
      expect(minuteBars(day, other)).not.toEqual(minuteBars(day, seed));
    }
  });

  it("move at the minute news becomes public, by the day's event return, and still add up to the day", () => {
    const rng = new Rng(11, "intraday-news");
    let biggestThere = 0;
    for (let i = 0; i < 300; i++) {
      const jump = (rng.uniform() < 0.5 ? -1 : 1) * rng.between(0.02, 0.08);
      const open = round2(rng.between(50, 300));
      const close = round2(open * Math.exp(jump + 0.003 * rng.normal()));
      const day = {
        open,
        close,
        // A range that holds the jump whatever the rest of the day did (the other minutes stay in it).
        high: round2(Math.max(open, close) * rng.between(1.012, 1.03)),
        low: round2(Math.min(open, close) * rng.between(0.97, 0.988)),
        volume: 5_000_000,
      };
      const minute = rng.int(5, 380);
      const bars = minuteBars(day, intradaySeed(ID, "NEWS", `day-${i}`), [{ minute, logJump: jump }]);
      expect(dayOf(bars)).toEqual(day);
      const moves = bars.map((b) => Math.abs(Math.log(b.close / b.open)));
      const at = moves[minute];
      if (at === Math.max(...moves)) biggestThere++;
      // The jump is the event's, to the cent.
      expect(Math.abs(at - Math.abs(jump))).toBeLessThan(0.0005);
      // The minutes after it trade more than the minutes before it.
      const volume = (from: number, to: number) => bars.slice(from, to).reduce((s, b) => s + b.volume, 0);
      expect(volume(minute, minute + 5)).toBeGreaterThan(volume(minute - 5, minute));
    }
    // Almost always the day's largest minute: the open's and the close's can move as much now and then.
    expect(biggestThere).toBeGreaterThanOrEqual(294);
    // News in the first or the last minute moves that minute, and the day still adds up.
    const day = { open: 100, high: 106, low: 99, close: 105, volume: 1_000_000 };
    for (const minute of [0, SESSION_MINUTES - 1]) {
      const bars = minuteBars(day, 3, [{ minute, logJump: 0.04 }]);
      expect(dayOf(bars)).toEqual(day);
      expect(Math.log(bars[minute].close / bars[minute].open)).toBeCloseTo(0.04, 2);
    }
  });

  it("move at each of a day's news minutes, a company's and the market's, by each one's jump", () => {
    const rng = new Rng(11);
    for (let i = 0; i < 100; i++) {
      const [own, market] = [rng.between(-0.05, 0.05), rng.between(-0.02, 0.02)];
      const open = round2(rng.between(50, 300));
      const close = round2(open * Math.exp(own + market + 0.003 * rng.normal()));
      const high = round2(Math.max(open, close) * rng.between(1.03, 1.05));
      const low = round2(Math.min(open, close) * rng.between(0.95, 0.97));
      const day = { open, close, high, low, volume: 5_000_000 };
      const news = [
        { minute: rng.int(5, 150), logJump: own },
        { minute: 270, logJump: market }, // 14:00, a Fed decision
      ];
      const bars = minuteBars(day, intradaySeed(ID, "TWO", `day-${i}`), news);
      expect(dayOf(bars)).toEqual(day);
      for (const { minute, logJump } of news)
        expect(Math.abs(Math.log(bars[minute].close / bars[minute].open) - logJump), `${i} ${minute}`).toBeLessThan(
          0.0005,
        );
    }
  });

  // Bars are made again on every request, so a faster way of computing them must serve the same
  // numbers: a change meant to move them updates this pin.
  it("are the bars served before, to the bit: a digest of edge and random days, with one move or two", () => {
    const rng = new Rng(11, "intraday-pin");
    const digest = createHash("sha256");
    const days = [...EDGE_DAYS, ...Array.from({ length: 60 }, () => randomDay(rng))];
    for (const [i, day] of days.entries()) {
      const news = i % 3 === 0 ? [] : [{ minute: rng.int(0, SESSION_MINUTES - 1), logJump: 0.05 * rng.normal() }];
      // Every third day also has the market's move at 14:00 (a Fed decision) when its own comes earlier.
      if (i % 3 === 2 && news[0].minute < 270) news.push({ minute: 270, logJump: 0.01 * rng.normal() });
      digest.update(JSON.stringify(minuteBars(day, intradaySeed(ID, "PIN", `day-${i}`), news)));
    }
    expect(digest.digest("hex")).toBe("f037efb825f2be11e28b96dd7d441006426d3910a6f6d1cd2d10fae4028cb9eb");
  });

  it("groups n minutes from 09:30: hour bars end with a half hour", () => {
    const bars = minuteBars(EDGE_DAYS[0], 1);
    const hours = groupBars(bars, 60);
    expect(hours.map((b) => b.minute)).toEqual([0, 60, 120, 180, 240, 300, 360]);
    expect(hours[6]).toEqual({ minute: 360, ...dayOf(bars.slice(360)) });
    expect(groupBars(bars, 1)).toEqual(bars);
  });

  it("times each bar by its start, New York local time with its offset", () => {
    expect(sessionTimes("2023-07-03")(0)).toBe("2023-07-03T09:30:00-04:00");
    expect(sessionTimes("2023-07-03")(389)).toBe("2023-07-03T15:59:00-04:00");
    expect(sessionTimes("2023-01-03")(60)).toBe("2023-01-03T10:30:00-05:00");
    // The rules of the year: 1995's summer time began on April 2, 2007's on March 11.
    expect(sessionTimes("1995-03-20")(0)).toBe("1995-03-20T09:30:00-05:00");
    expect(sessionTimes("2007-03-20")(0)).toBe("2007-03-20T09:30:00-04:00");
  });
});

describe("the rows served", () => {
  it("are the text JSON.stringify makes of each bar, days after days in one array", () => {
    const rng = new Rng(7, "intraday-rows");
    const days = ["2023-07-05", "2023-01-03", "1995-03-20", "2007-03-20", "2023-11-06"];
    const out = new JsonWriter(64);
    const expected: string[] = [];
    for (const [i, day] of [...EDGE_DAYS, ...Array.from({ length: 40 }, () => randomDay(rng))].entries()) {
      const [date, ticker, size] = [days[i % days.length], ["AAPL", "BRK.B", "X"][i % 3], [1, 7, 60][i % 3]];
      const bars = groupBars(minuteBars(day, intradaySeed(ID, ticker, date)), size);
      writeBars(out, ticker, date, bars);
      const time = sessionTimes(date);
      for (const { minute, ...ohlcv } of bars) expected.push(JSON.stringify({ ticker, time: time(minute), ...ohlcv }));
    }
    expect(new TextDecoder().decode(out.bytes)).toBe(expected.join(","));
  });
});

describe("the shape of the session, over many days", () => {
  let days: MinuteBar[][] = [];
  let returns: number[][] = [];
  let volumes: number[] = [];
  beforeAll(() => {
    const rng = new Rng(5, "intraday-shape");
    days = Array.from({ length: 3000 }, (_, i) =>
      minuteBars(randomDay(rng, rng.between(150, 400)), intradaySeed(ID, "SHAPE", `day-${i}`)),
    );
    returns = days.map((bars) => bars.map((b) => Math.log(b.close / b.open)));
    volumes = days.map((bars) => bars.reduce((s, b) => s + b.volume, 0));
  });
  /** The mean of f over each half hour's minutes of every day. */
  const byHalfHour = (f: (day: number, minute: number) => number) =>
    Array.from({ length: 13 }, (_, h) => {
      let sum = 0;
      for (let d = 0; d < days.length; d++) for (let m = 30 * h; m < 30 * h + 30; m++) sum += f(d, m);
      return sum / (30 * days.length);
    });
  const midday = (xs: number[]) => (xs[5] + xs[6] + xs[7]) / 3;

  it("trades and moves most at the open and the close, least at midday", () => {
    const volume = byHalfHour((d, m) => days[d][m].volume / Math.max(1, volumes[d]));
    const variance = byHalfHour((d, m) => returns[d][m] ** 2);
    for (const xs of [volume, variance]) {
      expect(xs[0]).toBeGreaterThan(1.8 * midday(xs));
      expect(xs[12]).toBeGreaterThan(1.3 * midday(xs));
      expect(Math.min(...xs)).toBe(Math.min(...xs.slice(3, 10)));
    }
  });

  it("reaches the day's high and low in a few minutes, not minute after minute", () => {
    let touches = 0;
    for (const bars of days) {
      const { high, low } = dayOf(bars);
      touches += bars.filter((b) => b.high === high).length + bars.filter((b) => b.low === low).length;
    }
    // The minute whose close is an extreme and the next, which opens there, and rarely more.
    expect(touches / days.length / 2).toBeLessThan(4);
  });

  it("has a slightly negative lag-1 autocorrelation of one-minute returns and no drift", () => {
    // Each day's autocorrelation around its own mean, so the days' levels of volatility do not weigh.
    const rhos = returns.map((r) => {
      const mean = r.reduce((s, x) => s + x, 0) / r.length;
      let [lagged, squares] = [0, 0];
      for (let m = 0; m < r.length; m++) {
        squares += (r[m] - mean) ** 2;
        if (m > 0) lagged += (r[m] - mean) * (r[m - 1] - mean);
      }
      return lagged / squares;
    });
    const rho = rhos.reduce((s, x) => s + x, 0) / rhos.length;
    expect(rho).toBeLessThan(-0.03);
    expect(rho).toBeGreaterThan(-0.15);
    const all = returns.flat();
    const mean = all.reduce((s, x) => s + x, 0) / all.length;
    const sd = Math.sqrt(all.reduce((s, x) => s + (x - mean) ** 2, 0) / all.length);
    expect(Math.abs(mean)).toBeLessThan(0.01 * sd);
  });
});
