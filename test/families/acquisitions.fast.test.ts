// A buyer's books with a company it bought (build/models/consolidation.ts and the statements'
// acquisition entry): the income it adds from the day after the close, and a balance sheet that
// still balances, with the premium as goodwill and the shares issued as equity.
import { describe, expect, it } from "vitest";
import { consolidated } from "../../build/models/consolidation.ts";
import { tradingDays } from "../../build/models/calendar.ts";
import { fiscalQuarters } from "../../build/models/fiscal.ts";
import {
  businessQuarters,
  equity,
  totalAssets,
  totalLiabilities,
  type AcquiredBooks,
} from "../../build/models/statements.ts";
import { Rng } from "../../build/ground/rng.ts";
import { closingTerms, type DealTerms } from "../../build/families/stocks/deals.ts";
import type { Takeover } from "../../build/families/exits/takeovers.ts";
import { expansionPlan, steadyStock } from "../support/business.ts";

const DAYS = tradingDays("2012-01-03", "2016-12-30");
const plan = (ticker: string, revenue: number, seed: number) =>
  expansionPlan({
    sector: "Industrials",
    anchor: { revenue, bookEquity: revenue / 2, ebitdaMargin: 0.18, netIncome: null },
    marketCap: revenue * 2,
    quarters: fiscalQuarters(ticker, 2011, 2017, new Rng(seed, `fiscal/${ticker}`)),
    days: DAYS,
    rng: new Rng(seed, `business/${ticker}`),
  });
const buyer = plan("BUY", 40e9, 1);
const target = plan("TGT", 8e9, 2);
const FROM = "2014-05-15";
const merged = consolidated(buyer, [{ plan: target, from: FROM }]);

describe("a buyer's business with a company it bought", () => {
  it("is its own before the close, and its own and the target's after, with every line that follows from them", () => {
    merged.quarters.forEach((q, k) => {
      const own = buyer.quarters[k];
      // What the market values is the buyer's own: its price does not jump at the close.
      expect([q.ownGrowth, q.earningsPower]).toEqual([own.ownGrowth, own.earningsPower]);
      const i = q.income;
      expect(i.gross_profit).toBe(i.revenue - i.cost_of_revenue);
      expect(i.net_income).toBe(
        i.revenue - i.cost_of_revenue - i.operating_expense - i.interest_expense - i.income_tax_expense,
      );
      if (q.quarter.end < FROM) expect(q).toEqual(own);
    });
    // Over whole quarters after the close, it adds the target's revenue of the same days (its fiscal quarters end elsewhere).
    const after = merged.quarters.filter((q) => q.quarter.end > "2014-09-30" && q.quarter.end <= "2016-06-30");
    const added = after.reduce(
      (s, q, k) => s + q.income.revenue - buyer.quarters[merged.quarters.indexOf(q)].income.revenue,
      0,
    );
    const [from, to] = [
      Date.parse(merged.quarters[merged.quarters.indexOf(after[0]) - 1].quarter.end),
      Date.parse(after.at(-1)!.quarter.end),
    ];
    const expected = target.quarters.reduce((s, q, k) => {
      const end = Date.parse(q.quarter.end);
      const begin = k > 0 ? Date.parse(target.quarters[k - 1].quarter.end) : end - 91 * 86_400_000;
      return s + (q.income.revenue * Math.max(0, Math.min(to, end) - Math.max(from, begin))) / (end - begin);
    }, 0);
    expect(added / expected).toBeCloseTo(1, 4);
    expect(after.length).toBeGreaterThan(4);
  });

  it("takes in its books in the quarter of the close: balanced, the premium as goodwill, the shares as equity, the cash paid less the target's in investing", () => {
    const stock = steadyStock(DAYS);
    const day = DAYS.indexOf("2014-05-15");
    const issued = 40e6;
    const shares = stock.shares.map((n, t) => (t >= day ? n + issued : n));
    const targetBooks = businessQuarters({
      plan: target,
      lastDay: "2014-05-14",
      days: DAYS,
      ...steadyStock(DAYS),
      rng: new Rng(4, "t"),
    });
    const balance = targetBooks.filter((q) => q.quarter.end <= "2014-05-14").at(-1)!.balance;
    const acquisition: AcquiredBooks = { day, balance, cashPaid: 6e9, sharesIssued: issued };
    const books = (acquisitions: AcquiredBooks[]) =>
      businessQuarters({
        plan: merged,
        lastDay: DAYS.at(-1)!,
        days: DAYS,
        ...stock,
        shares,
        acquisitions,
        rng: new Rng(3, "b"),
      });
    const quarters = books([acquisition]);
    for (const q of quarters) expect(totalAssets(q.balance)).toBe(totalLiabilities(q.balance) + equity(q.balance));
    const k = quarters.findIndex((q) => q.quarter.end >= "2014-05-15");
    const [before, at] = [quarters[k - 1], quarters[k]];
    const price = 6e9 + issued * 50;
    const identifiable = totalAssets(balance) - balance.goodwill_and_intangible_assets - totalLiabilities(balance);
    expect(at.balance.goodwill_and_intangible_assets - before.balance.goodwill_and_intangible_assets).toBe(
      price - identifiable,
    );
    expect(at.cashFlow.business_acquisitions_and_disposals).toBe(balance.cash_and_equivalents - 6e9);
    // The shares issued for it are not a cash issuance: the quarter's equity flow is what it would be without them.
    const without = businessQuarters({
      plan: merged,
      lastDay: DAYS.at(-1)!,
      days: DAYS,
      ...stock,
      rng: new Rng(3, "b"),
    });
    expect(at.cashFlow.issuance_or_purchase_of_equity_shares).toBe(
      without[k].cashFlow.issuance_or_purchase_of_equity_shares,
    );
    expect(at.balance.common_stock - without[k].balance.common_stock).toBe(issued * 50);
  });
});

describe("a deal's terms at the close", () => {
  it("are restated for the splits of both companies while it is pending (a split declared before the deal may go ex after)", () => {
    const path = (splitAt: number, ratio: number) => ({
      bars: [],
      actions: [],
      shares: [],
      splitMultiple: Array.from({ length: 10 }, (_, t) => (t >= splitAt ? ratio : 1)),
    });
    const deal = { announced: 3 } as Takeover;
    const terms = { cash_per_share: 40, exchange_ratio: 0.8 } as DealTerms;
    // The target splits 4 for 1 on day 5, the buyer 2 for 1 on day 6; the deal closes on day 8.
    const paid = closingTerms(terms, deal, 8, { target: path(5, 4), buyer: path(6, 2) });
    expect(paid).toEqual({ cash_per_share: 10, exchange_ratio: 0.4 });
  });
});
