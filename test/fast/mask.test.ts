// The mask of a masked twin (build/mask/mask.ts), on the strings the generator writes: a ticker is
// replaced where it is a ticker and left where the same letters are a word or a code; names,
// CIKs and years are replaced wherever they stand, and nothing replaced is replaced again.
import { describe, expect, it } from "vitest";
import { Mask, yearShift, type Identity } from "../../build/mask/mask.ts";

const identity: Identity = {
  companies: [
    {
      ticker: "A",
      name: "Agilent Technologies",
      cik: "0001090872",
      location: "Santa Clara, California",
      website_url: null,
    },
    { ticker: "IT", name: "Gartner", cik: "0000749251", location: "Stamford, Connecticut", website_url: null },
    {
      ticker: "AAPL",
      name: "Apple Inc.",
      cik: "0000320193",
      location: "Cupertino, California",
      website_url: "https://www.apple.com",
    },
  ],
  funds: [
    {
      ticker: "SPY",
      name: "SPDR S&P 500 ETF Trust",
      issuer: "State Street Global Advisors (SPDR)",
      benchmark: "S&P 500 Index (scenario market)",
      expense_ratio: 0.0945,
    },
  ],
  tickers: ["A", "AAPL", "IT", "SPY"],
  ciks: ["0009600670"],
  startYear: 2008,
  endYear: 2009,
};
const mask = new Mask(identity, "test");
const A = mask.ticker("A");
const AAPL = mask.ticker("AAPL");

describe("the mask", () => {
  it("moves years by the least multiple of 28 that reaches 2040, keeping weekdays", () => {
    expect(mask.shift).toBe(56);
    expect(yearShift(2026, 2027)).toBe(28);
    expect(yearShift(1997, 1998)).toBe(56);
    expect(() => yearShift(2070, 2080)).toThrow(/2100/);
    expect(mask.text("2008-09-15")).toBe("2064-09-15");
    expect(new Date("2064-09-15").getUTCDay()).toBe(new Date("2008-09-15").getUTCDay());
    expect(mask.text("2008-02-29T16:05:00")).toBe("2064-02-29T16:05:00");
    expect(mask.text("fiscal Q3 2008, FY 2009; /2008/07/25/; nws_20080130_a6202da1c04b")).toBe(
      "fiscal Q3 2064, FY 2065; /2064/07/25/; nws_20640130_a6202da1c04b",
    );
    // Amounts and other numbers are not years.
    expect(mask.text("$2008.50, 1,2008 shares, 12008, 2008.5%")).toBe("$2008.50, 1,2008 shares, 12008, 2008.5%");
    // Nor are hex digits of an id, or counts.
    expect(mask.text("est_db2008e5, holds on all 2008 rows, 1999 of 2008 companies, by the end of 2008")).toBe(
      "est_db2008e5, holds on all 2008 rows, 1999 of 2008 companies, by the end of 2064",
    );
    expect(mask.cell("fiscal_year", 2008)).toBe(2064);
    expect(mask.cell("revenue", 2008)).toBe(2008);
    expect(mask.cell("calibration_version", "cal-2026.11")).toBe("cal-2082.11");
  });

  it("replaces a ticker where the prose writes one, and not the same letters as a word or a code", () => {
    expect(mask.text("Apple Inc. (AAPL) today reported")).toBe(`${mask.text("Apple Inc.")} (${AAPL}) today reported`);
    expect(mask.text("A results: revenue $1.2 billion")).toBe(`${A} results: revenue $1.2 billion`);
    expect(mask.text("Agilent Technologies (A) said")).toContain(`(${A})`);
    expect(mask.text("listed under the ticker A.")).toBe(`listed under the ticker ${A}.`);
    expect(mask.text("prices A 2008-01-30")).toBe(`prices ${A} 2064-01-30`);
    expect(mask.text("bo_0009600670_A_20080130")).toBe(`bo_${mask.text("0009600670")}_${A}_20640130`);
    for (const words of ["A regulatory filing showed", "Class A", "SC 13G/A", "10-Q", "S&P 500", "D&A", "IT Services"])
      expect(mask.text(words)).toBe(words);
    // A string that is only the letter is a code (a Form 4 transaction code) unless its column holds tickers.
    expect(mask.cell("transaction_code", "A")).toBe("A");
    expect(mask.cell("ticker", "A")).toBe(A);
    expect(mask.cell("mentioned_tickers", ["A", "AAPL"])).toEqual([A, AAPL]);
    expect(mask.key("2008-02-15 A Mira Vantrenko")).toMatch(new RegExp(`^2064-02-15 ${A} Mira `));
  });

  it("gives no pseudonym that is a real ticker, and each a different one", () => {
    const pseudonyms = identity.tickers.map((t) => mask.ticker(t));
    expect(new Set(pseudonyms).size).toBe(4);
    for (const p of pseudonyms) expect(["A", "AAPL", "IT", "SPY", "MSFT", "GE"]).not.toContain(p);
  });

  it("replaces names, places, CIKs and the generator's coined names, once", () => {
    const text =
      "Apple Inc. of Cupertino, California (CIK 0000320193) files at https://filings.example/edgar/data/320193/0000320193-08-000003.htm; " +
      "Apple's quarter; Osierdale Equity Research's Owen Trescuzzi; Sablecourt Business Review at https://sablecourt-review.example/; " +
      "Harrowynd Asset Management (0009600670); SPDR S&P 500 ETF Trust of State Street Global Advisors (SPDR); https://www.apple.com";
    const masked = mask.text(text);
    for (const real of [
      "Apple",
      "Cupertino",
      "320193",
      "Osierdale",
      "Trescuzzi",
      "Sablecourt",
      "sablecourt",
      "Harrowynd",
      "0009600670",
      "SPDR",
      "State Street",
      "apple.com",
      "-08-",
    ])
      expect(masked, real).not.toContain(real);
    expect(masked).toContain("California (CIK 000");
    expect(masked).toContain("S&P 500 Index ETF");
    expect(masked).toMatch(/-64-000003\.htm/);
    // The same name, the same pseudonym, wherever it stands.
    expect(mask.text("Apple Inc.")).toBe(mask.text("Apple Inc."));
    expect(masked).toContain(`${mask.text("Apple")}'s quarter`);
  });

  it("is the same for the same original and label, and another for another label", () => {
    expect(new Mask(identity, "test").ticker("AAPL")).toBe(AAPL);
    const other = new Mask(identity, "another");
    expect(identity.tickers.some((t) => other.ticker(t) !== mask.ticker(t))).toBe(true);
  });
});
