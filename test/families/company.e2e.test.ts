// Company identity: facts (with their figures as of a date), lists, search, tickers and CIKs.
import { describe, expect, it } from "vitest";
import { body, BRANCH, MEGACAP } from "../e2e/client.ts";

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

  it("serves financialdatasets' facts fields, null where the reference data does not know them", async () => {
    const { company_facts: aapl } = await body(`/company/facts?scenario_id=${MEGACAP}&ticker=AAPL`);
    for (const field of ["market_cap", "listing_date", "number_of_employees", "website_url", "weighted_average_shares"])
      expect(aapl, field).toHaveProperty(field);
    expect(aapl.market_cap).toBeGreaterThan(0);
    expect(Number.isInteger(aapl.weighted_average_shares)).toBe(true);
    // No headcounts or websites in the reference data; AAPL's history starts at a coverage boundary.
    expect(aapl).toMatchObject({ number_of_employees: null, website_url: null, listing_date: null });
    // Broadcom's history opens with its IPO-price row (Avago, 2009-08-05): listed the next day.
    const avgo = `/company/facts?scenario_id=${BRANCH}&ticker=AVGO`;
    expect((await body(avgo)).company_facts.listing_date).toBe("2009-08-06");
    // Before its listing, before the first trading day and before the first filing: all unknown.
    expect((await body(`${avgo}&as_of=2009-08-05`)).company_facts).toMatchObject({
      listing_date: null,
      market_cap: null,
      weighted_average_shares: null,
    });
    // The list carries the identity, not the figures of a day.
    const [listed] = (await body(`/companies?scenario_id=${BRANCH}&ticker=AVGO`)).companies;
    expect(listed).toMatchObject({ listing_date: "2009-08-06", website_url: null, number_of_employees: null });
    expect(listed).not.toHaveProperty("market_cap");
  });

  it("values market_cap at the close of the horizon's last trading day times that day's shares", async () => {
    const s = `scenario_id=${MEGACAP}`;
    const caps = new Set<number>();
    // A Friday, a holiday (valued at the day before), and the scenario's current_date (no as_of).
    for (const asOf of ["2023-03-31", "2023-07-04", undefined]) {
      const at = asOf ? `&as_of=${asOf}` : "";
      const facts = (await body(`/company/facts?${s}&ticker=NVDA${at}`)).company_facts;
      const bars = (await body(`/prices?${s}&ticker=NVDA&start_date=2023-01-01&end_date=${asOf ?? "2023-12-31"}`))
        .prices;
      const bar = bars.at(-1);
      const market = (await body(`/prices/snapshot/market?${s}${at}&limit=5000`)).snapshots.find(
        (r: { ticker: string }) => r.ticker === "NVDA",
      );
      expect(market.time).toBe(bar.time);
      expect(market.close).toBe(bar.close);
      expect(facts.market_cap).toBe(market.market_cap);
      // close x shares, the shares close to the latest filed count (issuance moves it a little between).
      const [sheet] = (await body(`/financials/balance-sheets?${s}&ticker=NVDA&limit=1${at}`)).balance_sheets;
      expect(Math.abs(facts.market_cap / bar.close / sheet.outstanding_shares - 1)).toBeLessThan(0.02);
      caps.add(facts.market_cap);
    }
    expect(caps.size).toBe(3);
  });

  it("takes weighted_average_shares from the latest quarterly income statement filed by the horizon", async () => {
    const s = `scenario_id=${MEGACAP}`;
    const seen = new Set<number>();
    for (const asOf of ["2023-01-03", "2023-05-31", "2023-08-31", "2023-12-29"]) {
      const facts = (await body(`/company/facts?${s}&ticker=MSFT&as_of=${asOf}`)).company_facts;
      const [latest] = (await body(`/financials/income-statements?${s}&ticker=MSFT&limit=1&filing_date_lte=${asOf}`))
        .income_statements;
      expect(latest.filing_date <= asOf).toBe(true);
      expect(facts.weighted_average_shares).toBe(latest.weighted_average_shares);
      seen.add(facts.weighted_average_shares);
    }
    expect(seen.size).toBeGreaterThan(1);
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
