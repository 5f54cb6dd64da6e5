// Intraday bars over HTTP (docs/intraday.md): minute and hour bars of a ticker-day add up to its daily
// bar on /prices and through the financialdatasets door, page and stop at as_of as daily bars do, and
// bad values are refused with a JSON detail. A company's news public during the session moves its
// path at its minute, by the day's event_return.
import { describe, expect, it } from "vitest";
import { body, get, json, MEGACAP } from "../e2e/client.ts";
import { dayOf } from "../support/bars.ts";

const P = `/prices?scenario_id=${MEGACAP}&ticker=AAPL`;
const FD = `/fd/${MEGACAP}/prices/?ticker=AAPL`;
const DAY = "start_date=2023-07-05&end_date=2023-07-05";

type Bar = { ticker: string; time: string; open: number; high: number; low: number; close: number; volume: number };

type Event = { ticker: string; event_date: string; public_release_datetime: string };

/** The session minute (from 09:30) an event became public, or null outside the session. */
const sessionMinute = (e: Event) => {
  const [hh, mm] = e.public_release_datetime.slice(11, 16).split(":").map(Number);
  const minute = hh * 60 + mm - 570;
  return minute >= 0 && minute < 390 ? minute : null;
};

describe("intraday bars", () => {
  it("move at the minute a company's news became public, by the day's event return", async () => {
    const { companies } = await body(`/companies?scenario_id=${MEGACAP}&limit=100`);
    let checked = 0;
    for (const { ticker } of companies.slice(0, 6) as { ticker: string }[]) {
      const events = (await body(`/events/timeline?scenario_id=${MEGACAP}&ticker=${ticker}&limit=500`))
        .events as Event[];
      const byDay = new Map<string, Event[]>();
      for (const e of events) byDay.set(e.event_date, [...(byDay.get(e.event_date) ?? []), e]);
      for (const [day, those] of byDay) {
        const minutes = those.map(sessionMinute);
        if (minutes.some((m) => m === null) || those.length > 1) continue;
        const bar = (
          await body(
            `/prices?scenario_id=${MEGACAP}&ticker=${ticker}&start_date=${day}&end_date=${day}&include_components=true`,
          )
        ).prices[0];
        if (!bar || Math.abs(bar.event_return) < 0.02) continue;
        const bars = (
          await body(
            `/prices?scenario_id=${MEGACAP}&ticker=${ticker}&start_date=${day}&end_date=${day}&interval=minute`,
          )
        ).prices as Bar[];
        const moves = bars.map((b) => Math.log(b.close / b.open));
        const at = minutes[0]!;
        expect(moves[at], `${ticker} ${day} ${at}`).toBeCloseTo(bar.event_return, 2);
        expect(Math.max(...moves.map(Math.abs))).toBe(Math.abs(moves[at]));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("move at the minute of a market-wide decision in the session, by the part of the market return it made", async () => {
    const market = (
      await body(`/events/timeline?scenario_id=${MEGACAP}&event_type=policy_decision&limit=500`)
    ).events.filter((e: Event) => e.ticker === null && sessionMinute(e) !== null) as Event[];
    expect(market.length).toBeGreaterThan(0);
    let checked = 0;
    for (const e of market) {
      const day = e.event_date;
      const window = `ticker=AAPL&start_date=${day}&end_date=${day}`;
      const [bar] = (await body(`/prices?scenario_id=${MEGACAP}&${window}&include_components=true`)).prices;
      const part = bar.metadata.market_event_return as number;
      expect(Math.abs(part), day).toBeGreaterThan(0);
      const bars = (await body(`/prices?scenario_id=${MEGACAP}&${window}&interval=minute`)).prices as Bar[];
      const at = sessionMinute(e)!;
      // Its move, but for the minute's open and close each rounded to the cent (at most 0.00007 of a $150 price).
      expect(Math.abs(Math.log(bars[at].close / bars[at].open) - part), day).toBeLessThan(0.00015);
      checked++;
    }
    expect(checked).toBe(market.length);
  });

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
