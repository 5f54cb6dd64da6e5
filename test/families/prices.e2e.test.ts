// Prices: paging, windows, tickers, components, snapshots, several tickers at once, trading days.
import { describe, expect, it } from "vitest";
import { body, BRANCH, get, json, MEGACAP } from "../e2e/client.ts";

const P = `/prices?scenario_id=${MEGACAP}`;
const times = (bars: { time: string }[]) => bars.map((b) => b.time);

describe("prices", () => {
  it("walks pages with offset += limit until a short page and reassembles the full series", async () => {
    const full = (await body(`${P}&ticker=AAPL`)).prices;
    expect(full).toHaveLength(250);
    const walked: unknown[] = [];
    for (let offset = 0; ; offset += 37) {
      const page = (await body(`${P}&ticker=AAPL&limit=37&offset=${offset}`)).prices;
      walked.push(...page);
      if (page.length < 37) break;
    }
    expect(walked).toEqual(full);
  });

  it("applies the inclusive date window before paging", async () => {
    const { prices } = await body(`${P}&ticker=AAPL&start_date=2023-07-03&end_date=2023-07-07&offset=1&limit=2`);
    expect(prices.map((b: { time: string }) => b.time)).toEqual(["2023-07-05", "2023-07-06"]);
  });

  it("stops at as_of", async () => {
    const { prices } = await body(`${P}&ticker=AAPL&as_of=2023-07-04`);
    expect(prices.at(-1).time).toBe("2023-07-03");
  });

  it("normalizes tickers: brk.b, Brk-B and BRK.B are one series", async () => {
    const bodies = await Promise.all(["brk.b", "Brk-B", "BRK.B"].map((t) => body(`${P}&ticker=${t}&limit=5`)));
    expect(bodies[0].ticker).toBe("BRK-B");
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
  });

  it("adds return components only when asked, and they add up to the log change of adjusted_close", async () => {
    const plain = (await body(`${P}&ticker=AAPL&limit=1`)).prices[0];
    expect(Object.keys(plain).sort()).toEqual(["close", "high", "low", "open", "ticker", "time", "volume"]);
    for (const t of ["AAPL", "JPM", "XOM"]) {
      const { prices } = await body(`${P}&ticker=${t}&include_components=1`);
      for (const b of prices) {
        const sum = b.market_return + b.sector_return + b.idiosyncratic_return + b.event_return;
        expect(Math.abs(sum - Math.log(b.adjusted_close / b.metadata.previous_adjusted_close))).toBeLessThan(1e-9);
      }
    }
  });

  it("answers the snapshot with the last bar on or before as_of", async () => {
    const snap = async (asOf: string) =>
      (await body(`/prices/snapshot?scenario_id=${MEGACAP}&ticker=AAPL&as_of=${asOf}`)).snapshot;
    expect((await snap("2023-07-04")).time).toBe("2023-07-03"); // Independence Day
    expect((await snap("2023-07-05")).time).toBe("2023-07-05");
    expect((await snap("2024-06-01")).time).toBe("2023-12-29");
    const bar = (await body(`${P}&ticker=AAPL&start_date=2023-07-03&end_date=2023-07-03`)).prices[0];
    expect(await snap("2023-07-04")).toEqual(bar);
  });

  it("answers the market snapshot as of a date, paging over tickers", async () => {
    const all = await body(`/prices/snapshot/market?scenario_id=${MEGACAP}&as_of=2023-07-04`);
    expect(all.snapshots).toHaveLength(19);
    expect(new Set(all.snapshots.map((s: { time: string }) => s.time))).toEqual(new Set(["2023-07-03"]));
    const page = await body(`/prices/snapshot/market?scenario_id=${MEGACAP}&as_of=2023-07-04&limit=3&offset=3`);
    expect(page.snapshots).toEqual(all.snapshots.slice(3, 6));
    expect((await body(`/prices/snapshot/market?scenario_id=${MEGACAP}&as_of=2020-01-01`)).snapshots).toEqual([]);
  });

  it("reports a fund's share price apart from its benchmark level", async () => {
    const bars = (await body(`${P}&ticker=SPY&include_components=true`)).prices;
    const last = bars[bars.length - 1];
    expect(last.metadata.benchmark).toBe("S&P 500 Index (scenario market)");
    expect(last.metadata.benchmark_level).not.toBe(last.close);
    // Fund return tracks the benchmark less fees: over the year within half a percent.
    const fundReturn = last.close / bars[0].close;
    const benchReturn = last.metadata.benchmark_level / bars[0].metadata.benchmark_level;
    expect(Math.abs(fundReturn / benchReturn - 1)).toBeLessThan(0.005);
  });
});

describe("prices of several tickers", () => {
  const W = "start_date=2023-06-01&end_date=2023-07-31";

  it("answer the single-ticker answers one after another, by ticker then date", async () => {
    const several = await body(`${P}&tickers=msft,SPY,AAPL&${W}`);
    expect(several.tickers).toEqual(["AAPL", "MSFT", "SPY"]);
    const singles = await Promise.all(several.tickers.map((t: string) => body(`${P}&ticker=${t}&${W}`)));
    expect(several.prices).toEqual(singles.flatMap((a) => a.prices));
    expect(several.prices.map((b: { ticker: string }) => b.ticker)).toEqual(
      singles.flatMap((a) => a.prices.map(() => a.ticker)),
    );
    // Repeated, mixed with a comma list, or listed twice: the same answer.
    expect(await body(`${P}&tickers=SPY&tickers=aapl,MSFT&tickers=AAPL&${W}`)).toEqual(several);
  });

  it("carry components as the single-ticker answers do, restated at the same horizon", async () => {
    const q = `${W}&include_components=true&as_of=2023-07-20`;
    const several = (await body(`${P}&tickers=AAPL,JPM&${q}`)).prices;
    const singles = await Promise.all(["AAPL", "JPM"].map((t) => body(`${P}&ticker=${t}&${q}`)));
    expect(several).toEqual(singles.flatMap((a) => a.prices));
    expect(several[0].adjusted_close).toBeDefined();
  });

  it("page over the combined rows with limit and offset", async () => {
    const all = (await body(`${P}&tickers=AAPL,MSFT,SPY&${W}`)).prices;
    const walked: unknown[] = [];
    for (let offset = 0; ; offset += 17) {
      const page = (await body(`${P}&tickers=AAPL,MSFT,SPY&${W}&limit=17&offset=${offset}`)).prices;
      walked.push(...page);
      if (page.length < 17) break;
    }
    expect(walked).toEqual(all);
  });

  it.each([
    [`${P}`, 422, "Query parameter 'ticker' or 'tickers' is required"],
    [`${P}&ticker=AAPL&tickers=MSFT`, 400, "Query parameters 'ticker' and 'tickers' cannot be combined"],
    [
      `${P}&tickers=${Array.from({ length: 51 }, (_, i) => `T${i}`).join(",")}`,
      422,
      "Query parameter 'tickers' must name at most 50 tickers",
    ],
    [`${P}&tickers=ZZZZ,AAPL,YYYY`, 404, "Ticker YYYY not found in scenario"],
    [`${P}&tickers=AAPL,,MSFT`, 422, "Query parameter 'tickers.1' must not be empty"],
  ])("%s -> %i", async (path, status, detail) => {
    const res = await get(path);
    expect(res.status).toBe(status);
    const answer = await json(res);
    expect(answer.detail).toBe(detail);
    if (path === P)
      expect(answer.errors.map((e: { loc: string[] }) => e.loc)).toEqual([
        ["query", "ticker"],
        ["query", "tickers"],
      ]);
  });

  it("count each ticker once against the fifty", async () => {
    const fifty = Array.from({ length: 50 }, (_, i) => `T${i}`).join(",");
    const res = await get(`${P}&tickers=${fifty}`);
    expect(res.status).toBe(404); // valid: the first unknown one is named
    expect((await json(res)).detail).toBe("Ticker T0 not found in scenario");
    expect((await get(`${P}&tickers=${Array(60).fill("AAPL").join(",")}&limit=1`)).status).toBe(200);
  });
});

describe("trading days", () => {
  const D = (id: string) => `/prices/trading-days?scenario_id=${id}`;
  const spy = (id: string, q = "") => body(`/prices?scenario_id=${id}&ticker=SPY${q}`);

  it("are the dates of SPY's bars, in the window and up to as_of", async () => {
    expect((await body(D(MEGACAP))).trading_days).toEqual(times((await spy(MEGACAP)).prices));
    const w = "&start_date=2023-06-25&end_date=2023-07-10";
    const windowed = (await body(`${D(MEGACAP)}${w}`)).trading_days;
    expect(windowed).toEqual(times((await spy(MEGACAP, w)).prices));
    expect(windowed).not.toContain("2023-07-04"); // Independence Day
    const upTo = (await body(`${D(MEGACAP)}${w}&as_of=2023-07-04`)).trading_days;
    expect(upTo.at(-1)).toBe("2023-07-03");
    expect(upTo).toEqual(windowed.filter((d: string) => d <= "2023-07-04"));
  });

  it("hide a future branch unless an explicit later as_of reveals it", async () => {
    const current = (await body(`/scenarios/${BRANCH}`)).scenario.current_date;
    const days = (await body(`${D(BRANCH)}&limit=10000`)).trading_days;
    expect(days.at(-1)).toBe(current);
    const later = (await body(`${D(BRANCH)}&as_of=2026-06-30&limit=10000`)).trading_days;
    expect(later.filter((d: string) => d <= current)).toEqual(days);
    expect(later.at(-1) > current).toBe(true);
    expect(later).toEqual(times((await spy(BRANCH, "&as_of=2026-06-30&limit=10000")).prices));
  });

  it("page with limit and offset", async () => {
    const all = (await body(D(MEGACAP))).trading_days;
    expect((await body(`${D(MEGACAP)}&offset=10&limit=5`)).trading_days).toEqual(all.slice(10, 15));
  });

  it("refuse a window that ends before it starts", async () => {
    const res = await get(`${D(MEGACAP)}&start_date=2023-07-10&end_date=2023-07-01`);
    expect(res.status).toBe(400);
    expect((await json(res)).detail).toBe("Query parameter 'start_date' must not be after 'end_date'");
  });
});
