// Corporate actions and index funds.
import { describe, expect, it } from "vitest";
import { corr } from "../../build/models/statistics.ts";
import { body, MEGACAP, RATE_SHOCK } from "../e2e/client.ts";

describe("corporate actions", () => {
  it("serves announced actions only, with all four dates and dividend amounts", async () => {
    const all = (await body(`/corporate-actions?scenario_id=${RATE_SHOCK}&limit=200`)).corporate_actions;
    expect(all.length).toBeGreaterThan(0);
    for (const a of all) {
      expect(a.announcement_date < a.ex_date).toBe(true);
      for (const d of ["record_date", "payable_date"]) expect(a[d]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (a.action_type === "dividend")
        expect(a.details).toMatchObject({ currency: "USD", amount: expect.any(Number) });
    }
    const asOf = all[Math.floor(all.length / 2)].announcement_date;
    const early = (await body(`/corporate-actions?scenario_id=${RATE_SHOCK}&as_of=${asOf}&limit=200`))
      .corporate_actions;
    expect(early.length).toBeLessThan(all.length);
    expect(early.every((a: { announcement_date: string }) => a.announcement_date <= asOf)).toBe(true);
  });

  it('returns empty lists for non-operating instruments (docs/contract.md, "Ticker universe")', async () => {
    const { tickers } = await body(`/prices/tickers?scenario_id=${MEGACAP}`);
    const warrant = tickers.find((t: string) => t.endsWith("W"));
    expect(warrant).toBeDefined();
    for (const t of ["SPY", warrant]) {
      expect((await body(`/corporate-actions?scenario_id=${MEGACAP}&ticker=${t}`)).corporate_actions).toEqual([]);
    }
  });
});

describe("index funds", () => {
  it("serves holdings by fund and by holding, as of a date", async () => {
    const xlk = (await body(`/index-funds?scenario_id=${MEGACAP}&ticker=XLK&as_of=2023-05-01`)).index_funds;
    expect(xlk.map((r: { holding_ticker: string }) => r.holding_ticker)).toEqual(["AAPL", "MSFT", "NVDA", null]);
    expect(xlk.reduce((s: number, r: { weight: number }) => s + r.weight, 0)).toBeCloseTo(1, 4);
    expect(new Set(xlk.map((r: { as_of: string }) => r.as_of))).toEqual(new Set(["2023-03-31"]));
    const holders = (await body(`/index-funds?scenario_id=${MEGACAP}&holding=aapl`)).index_funds;
    expect(holders.map((r: { fund_ticker: string }) => r.fund_ticker).sort()).toEqual(["IVV", "SPY", "XLK"]);
    const { tickers } = await body("/index-funds/tickers");
    expect(tickers).toEqual(expect.arrayContaining(["SPY", "XLK"]));
  });

  it("tracks the whole market: the scenario's companies weigh their part of it, one last row the constituents outside", async () => {
    const spy = (await body(`/index-funds?scenario_id=${MEGACAP}&ticker=SPY&limit=1000`)).index_funds;
    const outside = spy.at(-1);
    expect(outside).toMatchObject({ holding_ticker: null, shares: null, outside_scenario: true });
    const members = spy.slice(0, -1);
    expect(members.every((r: { outside_scenario: boolean }) => r.outside_scenario === false)).toBe(true);
    const inScenario = members.reduce((s: number, r: { weight: number }) => s + r.weight, 0);
    expect(inScenario).toBeGreaterThan(0);
    expect(inScenario).toBeLessThan(1);
    expect(inScenario + outside.weight).toBeCloseTo(1, 4);
    // Each row's value is its weight of the fund's value: the outside row's too.
    const fundValue = spy.reduce((s: number, r: { market_value: number }) => s + r.market_value, 0);
    expect(outside.market_value / fundValue).toBeCloseTo(outside.weight, 3);

    // The fund's price follows the market the macro tape describes (its market_return).
    const [{ prices }, { macro_data: macro }] = await Promise.all([
      body(`/prices?scenario_id=${MEGACAP}&ticker=SPY&start_date=2023-01-01&end_date=2023-12-31&limit=5000`),
      body(`/macro?scenario_id=${MEGACAP}&start_date=2023-01-01&end_date=2023-12-31&limit=5000`),
    ]);
    const market = new Map(macro.map((m: { time: string; market_return: number }) => [m.time, m.market_return]));
    const pairs: [number, number][] = [];
    for (let i = 1; i < prices.length; i++) {
      const m = market.get(prices[i].time.slice(0, 10));
      if (m !== undefined) pairs.push([Math.log(prices[i].close / prices[i - 1].close), m as number]);
    }
    expect(pairs.length).toBeGreaterThan(200);
    expect(
      corr(
        pairs.map((p) => p[0]),
        pairs.map((p) => p[1]),
      ),
    ).toBeGreaterThan(0.99);
  });

  it("reads repeated funds and holdings as any of", async () => {
    const two = (await body(`/index-funds?scenario_id=${MEGACAP}&ticker=XLK&ticker=spy&limit=1000`)).index_funds;
    expect(new Set(two.map((r: { fund_ticker: string }) => r.fund_ticker))).toEqual(new Set(["SPY", "XLK"]));
    const held = (await body(`/index-funds?scenario_id=${MEGACAP}&holding=AAPL&holding=MSFT&limit=1000`)).index_funds;
    expect(new Set(held.map((r: { holding_ticker: string }) => r.holding_ticker))).toEqual(new Set(["AAPL", "MSFT"]));
  });
});
