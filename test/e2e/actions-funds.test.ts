// Corporate actions and index funds.
import { describe, expect, it } from "vitest";
import { body, MEGACAP, RATE_SHOCK } from "./client.ts";

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

  it("returns empty lists for non-operating instruments (SPEC rule 4)", async () => {
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
    expect(xlk.map((r: { holding_ticker: string }) => r.holding_ticker)).toEqual(["AAPL", "MSFT", "NVDA"]);
    expect(xlk.reduce((s: number, r: { weight: number }) => s + r.weight, 0)).toBeCloseTo(1, 4);
    expect(new Set(xlk.map((r: { as_of: string }) => r.as_of))).toEqual(new Set(["2023-03-31"]));
    const holders = (await body(`/index-funds?scenario_id=${MEGACAP}&holding=aapl`)).index_funds;
    expect(holders.map((r: { fund_ticker: string }) => r.fund_ticker).sort()).toEqual(["IVV", "SPY", "XLK"]);
    const { tickers } = await body("/index-funds/tickers");
    expect(tickers).toEqual(expect.arrayContaining(["SPY", "XLK"]));
  });

  it("reads repeated funds and holdings as any of", async () => {
    const two = (await body(`/index-funds?scenario_id=${MEGACAP}&ticker=XLK&ticker=spy&limit=1000`)).index_funds;
    expect(new Set(two.map((r: { fund_ticker: string }) => r.fund_ticker))).toEqual(new Set(["SPY", "XLK"]));
    const held = (await body(`/index-funds?scenario_id=${MEGACAP}&holding=AAPL&holding=MSFT&limit=1000`)).index_funds;
    expect(new Set(held.map((r: { holding_ticker: string }) => r.holding_ticker))).toEqual(new Set(["AAPL", "MSFT"]));
  });
});
