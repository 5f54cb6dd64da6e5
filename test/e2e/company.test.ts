// Company identity: facts, lists, search, tickers and CIKs.
import { describe, expect, it } from "vitest";
import { body, MEGACAP } from "./client.ts";

describe("companies", () => {
  it("looks up facts by ticker or CIK, normalizing the ticker", async () => {
    const byTicker = await body(`/company/facts?scenario_id=${MEGACAP}&ticker=brk.b`);
    expect(byTicker.company_facts).toMatchObject({
      ticker: "BRK-B",
      name: "Berkshire Hathaway",
      cik: "0001067983",
      is_active: true,
    });
    expect(await body(`/company/facts?scenario_id=${MEGACAP}&cik=1067983`)).toEqual(byTicker);
  });

  it("searches and filters the company list", async () => {
    const tech = await body(`/companies?scenario_id=${MEGACAP}&search=Semiconductors`);
    expect(tech.companies.map((c: { ticker: string }) => c.ticker)).toEqual(["NVDA"]);
    const two = await body(`/companies?scenario_id=${MEGACAP}&ticker=msft&ticker=aapl`);
    expect(two.companies.map((c: { ticker: string }) => c.ticker)).toEqual(["AAPL", "MSFT"]);
    const { ciks } = await body(`/company/facts/ciks?scenario_id=${MEGACAP}`);
    expect(ciks).toContain("0000320193");
    const { tickers } = await body(`/company/facts/tickers?scenario_id=${MEGACAP}`);
    expect(tickers).toHaveLength(14);
    expect(tickers).not.toContain("SPY");
  });
});
