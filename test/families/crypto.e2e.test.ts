// Crypto assets through real HTTP: the native routes and the financialdatasets door's, bars every
// calendar day, the point in time, errors as JSON, and no crypto ticker among the companies (none has
// statements, filings, insider trades, estimates or news: rule 4).
import { describe, expect, it } from "vitest";
import { body, get, json, MEGACAP } from "../e2e/client.ts";

const C = `/crypto/prices?scenario_id=${MEGACAP}`;
const FD = `/fd/${MEGACAP}`;
const JUNE = "start_date=2023-06-01&end_date=2023-06-30";

type Bar = { ticker: string; time: string; open: number; high: number; low: number; close: number; volume: number };

describe("crypto prices", () => {
  it("lists the assets the scenario's year had, natively and through the door", async () => {
    const native = await body(`/crypto/prices/tickers?scenario_id=${MEGACAP}`);
    expect(native.tickers).toEqual(["BTC-USD", "ETH-USD", "SOL-USD"]);
    expect(native.assets[0]).toEqual({ ticker: "BTC-USD", name: "Bitcoin", first_day: "2023-01-03" });
    expect(await body(`${FD}/crypto/prices/tickers/`)).toEqual({ tickers: native.tickers });
  });

  it("serves a bar every calendar day, weekends included, each opening at the close before", async () => {
    const { ticker, prices } = await body(`${C}&ticker=btc-usd&${JUNE}`);
    expect(ticker).toBe("BTC-USD");
    expect(prices.map((b: Bar) => b.time)).toEqual(
      Array.from({ length: 30 }, (_, i) => `2023-06-${String(i + 1).padStart(2, "0")}`),
    );
    prices.forEach((b: Bar, i: number) => {
      expect(b.ticker).toBe("BTC-USD");
      expect(b.low).toBeLessThanOrEqual(Math.min(b.open, b.close));
      expect(b.high).toBeGreaterThanOrEqual(Math.max(b.open, b.close));
      if (i > 0) expect(b.open).toBe(prices[i - 1].close);
    });
    expect((await body(`${C}&ticker=BTC-USD&${JUNE}&offset=10&limit=5`)).prices).toEqual(prices.slice(10, 15));
    const door = await body(`${FD}/crypto/prices/?ticker=BTC-USD&interval=day&interval_multiplier=1&${JUNE}`);
    expect(door.prices).toEqual(prices);
    const weeks = (await body(`${FD}/crypto/prices/?ticker=BTC-USD&interval=week&${JUNE}`)).prices;
    expect(weeks.length).toBe(5);
    expect(weeks.at(-1).close).toBe(prices.at(-1).close);
    // A year of weeks: each volume a sum of coins in hundredths, without a float sum's tail.
    const year = (await body(`${FD}/crypto/prices/?ticker=ETH-USD&interval=week`)).prices;
    expect(year.length).toBeGreaterThan(50);
    for (const w of year) expect(Number(w.volume.toFixed(2))).toBe(w.volume);
  });

  it("shows nothing after as_of, and the snapshot of a Saturday with its change", async () => {
    const cut = (await body(`${C}&ticker=ETH-USD&${JUNE}&as_of=2023-06-15`)).prices;
    expect(cut.at(-1).time).toBe("2023-06-15");
    const all = (await body(`${C}&ticker=ETH-USD&${JUNE}`)).prices;
    expect(cut).toEqual(all.slice(0, 15));
    const { snapshot } = await body(`/crypto/prices/snapshot?scenario_id=${MEGACAP}&ticker=ETH-USD&as_of=2023-06-17`);
    const [friday, saturday] = [all[15], all[16]];
    expect(snapshot).toMatchObject({ ...saturday, price: saturday.close });
    expect(snapshot.day_change).toBeCloseTo(saturday.close - friday.close, 6);
    expect(snapshot.day_change_percent).toBeCloseTo((100 * (saturday.close - friday.close)) / friday.close, 3);
    const door = await body(`${FD}/crypto/prices/snapshot/?ticker=ETH-USD&as_of=2023-06-17`);
    expect(door.snapshot).toEqual(snapshot);
    const latest = (await body(`/crypto/prices/snapshot?scenario_id=${MEGACAP}&ticker=SOL-USD`)).snapshot;
    expect(latest.time).toBe("2023-12-29"); // the scenario's current_date, not a day after it
  });

  it("answers bad input with a JSON detail, never a 5xx", async () => {
    const cases: [string, number, RegExp][] = [
      [`${C}&ticker=DOGE-USD`, 404, /DOGE-USD/],
      [`${C}&ticker=AAPL`, 404, /AAPL/],
      [`${C}`, 422, /ticker/],
      [`${C}&ticker=BTC-USD&start_date=2023-06-30&end_date=2023-06-01`, 400, /start_date/],
      [`${C}&ticker=BTC-USD&start_date=June`, 422, /start_date/],
      [`/crypto/prices/snapshot?scenario_id=${MEGACAP}&ticker=BTC-USD&as_of=1999-01-01`, 404, /BTC-USD/],
      [`${FD}/crypto/prices/?ticker=BTC-USD&interval=minute`, 400, /daily bars only/],
      [`${FD}/crypto/prices/snapshot/?ticker=XRP-USD`, 404, /XRP-USD/],
    ];
    for (const [path, status, detail] of cases) {
      const res = await get(path);
      expect(res.status, path).toBe(status);
      expect((await json(res)).detail, path).toMatch(detail);
    }
  });

  it("names no crypto ticker among the companies", async () => {
    expect((await get(`/prices?scenario_id=${MEGACAP}&ticker=BTC-USD`)).status).toBe(404);
    expect((await get(`/company/facts?scenario_id=${MEGACAP}&ticker=BTC-USD`)).status).toBe(404);
    const { tickers } = await body(`/prices/tickers?scenario_id=${MEGACAP}`);
    expect(tickers.length).toBeGreaterThan(0);
    expect(tickers.filter((t: string) => t.endsWith("-USD"))).toEqual([]);
  });

  it("has no statements, filings, insider trades, estimates or news of a crypto asset (rule 4)", async () => {
    const of = `scenario_id=${MEGACAP}&ticker=BTC-USD`;
    for (const path of [
      `/financials/income-statements?${of}&period=annual`,
      `/financial-metrics?${of}&period=annual`,
      `/filings?${of}`,
      `/insider-trades?${of}`,
      `/analyst-estimates?${of}&period=annual`,
      `/earnings?${of}`,
      `/news?${of}`,
      `/fd/${MEGACAP}/financials/income-statements/?ticker=BTC-USD&period=annual`,
    ]) {
      const res = await get(path);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      expect((await json(res)).detail, path).toMatch(/BTC-USD/);
    }
  });
});
