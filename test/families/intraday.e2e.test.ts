// Intraday bars over HTTP (docs/intraday.md): minute and hour bars of a ticker-day add up to its daily
// bar on /prices and through the financialdatasets door, page and stop at as_of as daily bars do, and
// bad values are refused with a JSON detail.
import { describe, expect, it } from "vitest";
import { body, get, json, MEGACAP } from "../e2e/client.ts";

const P = `/prices?scenario_id=${MEGACAP}&ticker=AAPL`;
const FD = `/fd/${MEGACAP}/prices/?ticker=AAPL`;
const DAY = "start_date=2023-07-05&end_date=2023-07-05";

type Bar = { ticker: string; time: string; open: number; high: number; low: number; close: number; volume: number };

/** The day the bars add up to: first open, highest high, lowest low, last close, summed volume. */
const dayOf = (bars: Bar[]) => ({
  open: bars[0].open,
  high: Math.max(...bars.map((b) => b.high)),
  low: Math.min(...bars.map((b) => b.low)),
  close: bars[bars.length - 1].close,
  volume: bars.reduce((s, b) => s + b.volume, 0),
});

describe("intraday bars", () => {
  it("add up to the day's bar: minutes, n minutes and hours, on /prices and through /fd", async () => {
    const [daily] = (await body(`${P}&${DAY}`)).prices;
    const { ticker, time, ...ohlcv } = daily;
    const minutes = (await body(`${P}&${DAY}&interval=minute`)).prices as Bar[];
    expect(minutes).toHaveLength(390);
    expect(minutes[0].time).toBe("2023-07-05T09:30:00-04:00");
    expect(minutes[389].time).toBe("2023-07-05T15:59:00-04:00");
    expect(minutes.every((b) => b.ticker === ticker && b.time.startsWith(time))).toBe(true);
    expect(dayOf(minutes)).toEqual(ohlcv);
    for (const [query, count, second] of [
      ["interval=minute&interval_multiplier=5", 78, "09:35"],
      ["interval=hour", 7, "10:30"],
      ["interval=hour&interval_multiplier=2", 4, "11:30"],
    ] as const) {
      const bars = (await body(`${P}&${DAY}&${query}`)).prices as Bar[];
      expect(bars).toHaveLength(count);
      expect(bars[1].time).toBe(`2023-07-05T${second}:00-04:00`);
      expect(dayOf(bars)).toEqual(ohlcv);
      expect((await body(`${FD}&${DAY}&${query}`)).prices).toEqual(bars);
    }
    // The same bars on every request, and the hours' last is the session's last half hour.
    expect((await body(`${FD}&${DAY}&interval=minute`)).prices).toEqual(minutes);
    const hours = (await body(`${P}&${DAY}&interval=hour`)).prices as Bar[];
    expect(hours[6]).toMatchObject({ time: "2023-07-05T15:30:00-04:00", ...dayOf(minutes.slice(360)) });
  });

  it("pages with limit and offset across days, and stops at the end of the as_of day", async () => {
    const window = "start_date=2023-07-03&end_date=2023-07-07";
    const all = (await body(`${P}&${window}&interval=hour`)).prices as Bar[];
    expect(all.map((b) => b.time.slice(0, 10))).toEqual(
      ["2023-07-03", "2023-07-05", "2023-07-06", "2023-07-07"].flatMap((d) => Array(7).fill(d)),
    );
    const walked: Bar[] = [];
    for (let offset = 0; ; offset += 5) {
      const page = (await body(`${P}&${window}&interval=hour&limit=5&offset=${offset}`)).prices;
      walked.push(...page);
      if (page.length < 5) break;
    }
    expect(walked).toEqual(all);
    const seen = (await body(`${P}&${window}&interval=minute&as_of=2023-07-05`)).prices as Bar[];
    expect(seen).toHaveLength(2 * 390);
    expect(seen.at(-1)!.time).toBe("2023-07-05T15:59:00-04:00");
    const both = await body(`/prices?scenario_id=${MEGACAP}&tickers=MSFT,AAPL&${DAY}&interval=hour`);
    expect(both.prices.map((b: Bar) => b.ticker)).toEqual([...Array(7).fill("AAPL"), ...Array(7).fill("MSFT")]);
  });

  it.each([
    [`${P}&interval=second`, 400, "Query parameter 'interval' must be one of day, minute, hour; got 'second'"],
    [`${P}&interval=week`, 400, "Query parameter 'interval' must be one of day, minute, hour; got 'week'"],
    [`${P}&interval=minute&interval_multiplier=0`, 422, "Query parameter 'interval_multiplier' must be at least 1"],
    [`${P}&interval=minute&interval_multiplier=391`, 422, "Query parameter 'interval_multiplier' must be at most 390"],
    [`${P}&interval=hour&interval_multiplier=x`, 422, "Query parameter 'interval_multiplier' must be an integer"],
    [
      `${P}&interval=day&interval_multiplier=2`,
      400,
      "Query parameter 'interval_multiplier' applies to minute and hour bars; a daily bar is one day",
    ],
    [
      `${P}&interval=minute&include_components=true`,
      400,
      "Query parameter 'include_components' applies to daily bars only",
    ],
    [`${FD}&interval=second`, 400, undefined],
    [`${FD}&interval=minute&interval_multiplier=0`, 400, undefined],
  ])("%s -> %i with a JSON detail", async (path, status, detail) => {
    const res = await get(path);
    expect(res.status).toBe(status);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const answer = await json(res);
    expect(typeof answer.detail).toBe("string");
    if (detail) expect(answer.detail).toBe(detail);
  });
});
