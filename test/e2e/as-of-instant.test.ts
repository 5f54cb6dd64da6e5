// `as_of` with an exchange time (docs/api-choices.md, "Point in time"): an instant of a day shows
// that day's rows that carry a time public by then (events, earnings releases, calls, the daily bar
// from the close, intraday bars ended by then), none of those without a time, and nothing of a later
// day; through every door, and to a clock key never past its horizon.
import { beforeAll, describe, expect, it } from "vitest";
import { body, get, json, MEGACAP } from "./client.ts";
import { CLOCK_KEYS } from "./keys.ts";

const Q = `scenario_id=${MEGACAP}&ticker=AAPL`;
type Release = { filing_date: string; filing_datetime: string };
type Bar = { time: string; open: number; high: number; low: number; close: number; volume: number };

/** An AAPL release after the close (16:05): its day is the one these tests cut. */
let day: string;
beforeAll(async () => {
  const { earnings } = await body(`/earnings?${Q}&limit=20`);
  const release = (earnings as Release[]).find((r) => r.filing_datetime.slice(11) > "16:00");
  if (!release) throw new Error("no AAPL release after the close in the test library");
  day = release.filing_date;
});

const at = (time: string) => `${day}T${time}`;

describe("an as_of with an exchange time", () => {
  it("shows a release after the close only from its minute, on /earnings and the timeline", async () => {
    const release = async (asOf: string) =>
      ((await body(`/earnings?${Q}&as_of=${asOf}&limit=1`)).earnings as Release[])[0].filing_date;
    expect(await release(at("16:04"))).not.toBe(day);
    expect(await release(at("16:05"))).toBe(day);
    const ofDay = async (asOf: string) =>
      ((await body(`/events/timeline?${Q}&as_of=${asOf}&limit=500`)).events as { event_date: string }[]).filter(
        (e) => e.event_date === day,
      ).length;
    expect(await ofDay(at("16:04"))).toBe(0);
    expect(await ofDay(at("16:05"))).toBeGreaterThan(0);
  });

  it("shows the day's daily bar from the 16:00 close, and names the instant in X-As-Of", async () => {
    const last = async (asOf: string) => {
      const res = await get(`/prices?${Q}&as_of=${asOf}&limit=5000`);
      return { header: res.headers.get("X-As-Of"), time: ((await json(res)).prices as Bar[]).at(-1)!.time };
    };
    const before = await last(at("15:59:59"));
    expect(before.header).toBe(at("15:59:59"));
    expect(before.time < day).toBe(true);
    expect(await last(at("16:00"))).toEqual({ header: at("16:00:00"), time: day });
    expect(await last(day)).toEqual({ header: day, time: day });
  });

  it("shows none of the day's articles (they carry no time) until its end", async () => {
    const ofDay = async (asOf: string) =>
      ((await body(`/news?${Q}&as_of=${asOf}&limit=50`)).news as { visible_from: string }[]).filter(
        (a) => a.visible_from === day,
      ).length;
    expect(await ofDay(day)).toBeGreaterThan(0);
    expect(await ofDay(at("23:59:59"))).toBe(0);
  });

  it("cuts the day's minute and hour bars at the instant: whole bars only, the same as the whole day's", async () => {
    const window = `${Q}&start_date=${day}&end_date=${day}`;
    const whole = (await body(`/prices?${window}&interval=minute&as_of=${day}`)).prices as Bar[];
    const cut = (await body(`/prices?${window}&interval=minute&as_of=${at("14:30:30")}`)).prices as Bar[];
    expect(whole.length).toBe(390);
    expect(cut).toEqual(whole.slice(0, 300));
    expect(cut.at(-1)!.time.slice(11, 16)).toBe("14:29");
    const hours = (await body(`/prices?${window}&interval=hour&as_of=${at("14:30")}`)).prices as Bar[];
    expect(hours.map((b) => b.time.slice(11, 16))).toEqual(["09:30", "10:30", "11:30", "12:30", "13:30"]);
    expect((await body(`/prices?${window}&interval=minute&as_of=${at("09:30")}`)).prices).toEqual([]);
  });

  it("pages across tickers past a cut day as the bars it shows", async () => {
    const both = `/prices?scenario_id=${MEGACAP}&tickers=AAPL,MSFT&start_date=${day}&end_date=${day}&interval=minute`;
    const page = (await body(`${both}&as_of=${at("10:00")}&offset=25&limit=10`)).prices as (Bar & { ticker: string })[];
    expect(page.map((b) => b.ticker)).toEqual([...Array(5).fill("AAPL"), ...Array(5).fill("MSFT")]);
    expect(page.map((b) => b.time.slice(11, 16))).toEqual([
      "09:55",
      "09:56",
      "09:57",
      "09:58",
      "09:59",
      "09:30",
      "09:31",
      "09:32",
      "09:33",
      "09:34",
    ]);
  });

  it("answers the financialdatasets snapshot with the bar before the close", async () => {
    const snap = async (asOf: string) =>
      (await body(`/fd/${MEGACAP}/prices/snapshot/?ticker=AAPL&as_of=${asOf}`)).snapshot.time as string;
    expect((await snap(at("12:00"))) < day).toBe(true);
    expect(await snap(at("16:00"))).toBe(day);
  });

  it("is refused when the time is no time of day, with the contract's detail", async () => {
    for (const bad of ["T25:00", "T14:30Z", "T14", " 14:30"]) {
      const res = await get(`/prices?${Q}&as_of=${encodeURIComponent(day + bad)}`);
      expect(res.status).toBe(422);
      expect((await json(res)).detail).toMatch(/as_of.*date and time/);
    }
  });

  it("to a clock key, stays an instant of its horizon's day and becomes the horizon after it", async () => {
    const { key, horizon } = CLOCK_KEYS.megacap;
    const header = async (asOf: string) =>
      (await get(`/prices?${Q}&as_of=${asOf}&limit=1`, key)).headers.get("X-As-Of");
    expect(await header(`${horizon}T11:00`)).toBe(`${horizon}T11:00:00`);
    expect(await header("2023-12-01T11:00")).toBe(horizon);
  });
});
