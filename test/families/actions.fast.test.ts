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

describe("the $1 rule", () => {
  const days = tradingDays("2007-01-03", "2012-12-31");
  const company = { ticker: "T", sector: "Industrials" } as CompanyFacts;
  /** A stock at $20 that falls to `low` over 2008 and stays there (no dividends: a non-payer's yield). */
  const collapse = (low: number) => {
    const fall = days.findIndex((d) => d >= "2008-01-02");
    const bottom = days.findIndex((d) => d >= "2009-01-02");
    return days.map((_, i) => (i < fall ? 20 : i >= bottom ? low : 20 * (low / 20) ** ((i - fall) / (bottom - fall))));
  };
  const firstBelow = (prices: number[]) => days[prices.findIndex((p) => p < 1)];
  const reverseSplits = (input: Partial<Parameters<typeof corporateActions>[0]> & { totalReturnPrice: number[] }) =>
    corporateActions({ company, days, startPrice: 20, dividendYield: 0, rng: new Rng(3, "r"), ...input }).filter(
      (a) => a.action_type === "split" && (a.details.ratio as number) < 1,
    );

  it("brings a reverse split to a stock that stays below $1, within the notice and cure period", () => {
    const prices = collapse(0.4);
    const [split, ...more] = reverseSplits({ totalReturnPrice: prices });
    expect(more).toEqual([]); // one reverse split lifts it to $8 (1:20, the first ratio to reach $5) and it stays there
    expect(split.details).toEqual({ split_from: 20, split_to: 1, ratio: 0.05 });
    const below = days.indexOf(firstBelow(prices));
    const announced = days.indexOf(split.announcement_date);
    const ex = days.indexOf(split.ex_date);
    // The notice after 30 closes below $1, the board's vote 60-110 days into the cure period, ex 10-15 days later.
    expect(announced - below).toBeGreaterThanOrEqual(29 + 60);
    expect(announced - below).toBeLessThanOrEqual(29 + 110);
    expect(ex - announced).toBeGreaterThanOrEqual(10);
    expect(ex - announced).toBeLessThanOrEqual(15);
  });

  it("sizes the ratio to lift the price to at least $5", () => {
    expect(reverseSplits({ totalReturnPrice: collapse(0.15) })[0].details).toEqual({
      split_from: 40,
      split_to: 1,
      ratio: 0.025,
    });
  });

  it("leaves alone a stock that recovers and one heading for failure, and counts from a listing", () => {
    // Below $1 for 50 days, then back at $2: compliance regained before the board acts.
    const dip = days.map((d) => (d >= "2009-03-02" && d < "2009-05-12" ? 0.8 : 2));
    expect(reverseSplits({ totalReturnPrice: dip })).toEqual([]);
    const prices = collapse(0.4);
    const distress = { from: "2008-06-02", suspendFrom: "2008-09-02", dividendCut: [0.5, 0.5] as const };
    expect(reverseSplits({ totalReturnPrice: prices, distress })).toEqual([]);
    // Below $1 for years before it lists: the exchange's count starts on its first day.
    const [listed] = reverseSplits({ totalReturnPrice: prices, listedFrom: "2012-06-01" });
    expect(days.indexOf(listed.announcement_date) - days.indexOf("2012-06-01")).toBeGreaterThanOrEqual(29 + 60);
  });
});
