import { describe, expect, it } from "vitest";
import type { CompanyFacts } from "../../src/bundle/types.ts";
import { tradingDays } from "../../build/models/calendar.ts";
import { corporateActions } from "../../build/models/actions.ts";
import { Rng } from "../../build/ground/rng.ts";

describe("dividends", () => {
  // A payer's dividends come out of its as-traded price. Sized from the total-return index, they
  // outgrew a price that dividends had been taken from for decades, until utilities in 30-year
  // worlds paid more than their price and fell to $0.01 (negative adjusted closes, NaN index funds).
  it("stay a small share of the as-traded price over thirty years", () => {
    const days = tradingDays("1995-01-03", "2024-12-31");
    // All of the return paid out: the total-return index is flat.
    const totalReturnPrice = days.map(() => 1);
    const company = { ticker: "AEE", sector: "Utilities" } as CompanyFacts;
    const actions = corporateActions({ company, days, totalReturnPrice, startPrice: 60, rng: new Rng(7, "t") });
    const dividends = actions.filter((a) => a.action_type === "dividend");
    expect(dividends.length).toBeGreaterThan(100);
    let price = 60; // the as-traded price: what is left once each dividend goes ex
    for (const d of dividends) {
      const amount = d.details.amount as number;
      expect(amount / price).toBeLessThan(0.03);
      price -= amount;
    }
    expect(price).toBeGreaterThan(5);
  });
});

describe("splits", () => {
  it("leave the dividend per share alone until they go ex, and come at a plausible rate", () => {
    const days = tradingDays("2005-01-03", "2019-12-31");
    // A stock that doubles every three years: it keeps crossing split prices.
    const totalReturnPrice = days.map((_, i) => Math.exp((i / 756) * Math.LN2));
    let splits = 0;
    for (let seed = 0; seed < 10; seed++) {
      const company = { ticker: "T", sector: "Industrials" } as CompanyFacts;
      const actions = corporateActions({
        company,
        days,
        totalReturnPrice,
        startPrice: 120,
        dividendYield: 0.02,
        rng: new Rng(seed, "s"),
      });
      let previous: number | null = null;
      let splitSince = 1;
      for (const a of actions) {
        if (a.action_type === "split") {
          splits++;
          splitSince *= a.details.ratio as number;
          continue;
        }
        const amount = a.details.amount as number;
        // Restated for the splits gone ex since, no dividend is below the one before it.
        if (previous !== null) expect(amount * splitSince).toBeGreaterThanOrEqual(previous - 0.011 * splitSince);
        previous = amount;
        splitSince = 1;
      }
    }
    // 10 companies x 15 years of a steadily rising price: a split every few years, not every year.
    expect(splits).toBeGreaterThan(10);
    expect(splits).toBeLessThan(60);
  });
});
