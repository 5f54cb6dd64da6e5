// Prices: paging, windows, tickers, components, snapshots.
import { describe, expect, it } from "vitest";
import { body, MEGACAP } from "./client.ts";

const P = `/prices?scenario_id=${MEGACAP}`;

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
    expect(last.metadata.benchmark).toBe("S&P 500 Index (scenario universe)");
    expect(last.metadata.benchmark_level).not.toBe(last.close);
    // Fund return tracks the benchmark less fees: over the year within half a percent.
    const fundReturn = last.close / bars[0].close;
    const benchReturn = last.metadata.benchmark_level / bars[0].metadata.benchmark_level;
    expect(Math.abs(fundReturn / benchReturn - 1)).toBeLessThan(0.005);
  });
});
