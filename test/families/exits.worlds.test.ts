// Companies that leave the world (build/families/exits): a taken-over company's every part ends at
// its last trading day, its price follows the deal, and it is paid what the deal announced.
import { beforeAll, describe, expect, it } from "vitest";
import { generateWorld, type WholeWorld } from "../../build/pipeline/world.ts";
import { librarySource } from "../support/worlds.ts";

let world: WholeWorld;
/** A world of failures only, at a high rate. */
let failing: WholeWorld;

beforeAll(() => {
  const source = librarySource("crisis-cycle-2005");
  // Small universes at high rates: several deals close, some break; several companies fail. No
  // listings: the exits are the subject (listings.fast.test.ts plans an entrant's exits).
  world = generateWorld({
    ...source,
    universe: { ...source.universe, count: 16 },
    exits: { takeovers: 6, failures: 0 },
    listings: undefined,
  });
  failing = generateWorld({
    ...source,
    universe: { ...source.universe, count: 16 },
    exits: { takeovers: 0, failures: 20 },
    listings: undefined,
  });
}, 120_000);

const closed = () => world.perCompany.filter((c) => c.closing?.reason === "acquired");
const companyOf = (ticker: string) => world.perCompany.find((c) => c.facts.ticker === ticker)!;
const gone = () => world.perCompany.filter((c) => c.closing);
const dateOf = (i: number) => world.days[i];

describe("a company taken over", () => {
  it("has deals that close and deals that break", () => {
    const all = [...world.exits.values()].flatMap((p) => p.takeovers);
    expect(closed().length).toBeGreaterThanOrEqual(3);
    expect(all.some((d) => !d.completes && d.ends !== null)).toBe(true);
  });

  it("writes nothing dated after its last trading day: bars, events, statements, filings, news, notes, trades, 13F lines", () => {
    for (const c of gone()) {
      const last = dateOf(c.closing!.lastDay);
      expect(c.stock.bars.at(-1)!.time).toBe(last);
      expect(c.stock.shares).toHaveLength(c.closing!.lastDay + 1);
      const dated: [string, string[]][] = [
        ["events", c.events.map((e) => e.visible_from)],
        ["filings", c.filings.map((f) => f.filing_date)],
        ["news", c.news.map((n) => n.date.slice(0, 10))],
        ["notes", c.notes.map((n) => n.date.slice(0, 10))],
        ["insider trades", c.insiderTrades.map((t) => t.filing_date)],
        ["statements", c.statements.map((s) => s.filingDate)],
        ["13F periods", c.holdings.map((h) => h.report_period)],
      ];
      for (const [what, dates] of dated)
        expect({ what, after: dates.filter((d) => d > last) }).toEqual({ what, after: [] });
      // Its history stays: bars from the world's first day.
      expect(c.stock.bars[0].time).toBe(world.days[0]);
    }
  });

  it("trades at the offer less a narrowing spread after the announcement, and is paid the offer", () => {
    for (const c of closed()) {
      const closing = c.closing!;
      if (closing.reason !== "acquired") continue;
      const { deal, lastDay } = closing;
      const bars = c.stock.bars;
      const before = bars[deal.announced - 1].close;
      const action = c.stock.actions.find((a) => a.action_type === "acquisition")!;
      expect(action.details.consideration).toBe(deal.consideration);
      // What a share is paid, valued at the buyer's close on a day (cash: the cash alone), in the
      // shares of the announcement (its terms) and of the last day (the action's).
      const buyer = deal.consideration === "cash" ? undefined : companyOf(deal.buyer.ticker!).stock;
      const terms = c.dealTerms.find((t) => t.announced === dateOf(deal.announced));
      const struck = terms ? terms.cash_per_share + terms.exchange_ratio * terms.buyerBefore : NaN;
      const ratio = (action.details.exchange_ratio as number | undefined) ?? 0;
      // In the shares of the last day: either company may split while the deal is pending.
      const inLast = (s: { splitMultiple: number[] }, t: number) => s.splitMultiple[t] / s.splitMultiple[lastDay];
      const offerOn = (t: number) =>
        (action.details.cash_per_share as number) + ratio * (buyer ? buyer.bars[t].close * inLast(buyer, t) : 0);
      expect(action.ex_date).toBe(dateOf(lastDay + 1));
      const offered = buyer
        ? struck
        : offerOn(deal.announced - 1) * (c.stock.splitMultiple[lastDay] / c.stock.splitMultiple[deal.announced - 1]);
      expect(offered / before - 1).toBeCloseTo(deal.premium, 2);
      // The announcement's jump takes it most of the way; the last close is the offer to a cent or so.
      expect(bars[deal.announced].close / before - 1).toBeGreaterThan(deal.premium * 0.6);
      expect(Math.abs(bars[lastDay].close / offerOn(lastDay) - 1)).toBeLessThan(0.01);
      for (let t = deal.announced; t <= lastDay; t++)
        expect(bars[t].close * inLast(c.stock, t)).toBeLessThanOrEqual(offerOn(t) * 1.01);
      const events = c.events.filter((e) => e.event_type.startsWith("merger_")).map((e) => e.event_type);
      expect(events.slice(-2)).toEqual(["merger_agreement", "merger_completed"]);
    }
  });

  it("has no insider trading outside a 10b5-1 plan while a deal is pending", () => {
    let pending = 0;
    for (const c of world.perCompany) {
      for (const d of c.takeovers) {
        const [from, to] = [dateOf(d.announced), dateOf(d.ends ?? world.days.length - 1)];
        const inside = c.insiderTrades.filter((t) => t.transaction_date >= from && t.transaction_date <= to);
        pending += inside.length;
        const discretionary = inside.filter(
          (t) => ["buy", "sell"].includes(t.transaction_type) && t.details.plan !== "10b5-1",
        );
        expect(discretionary).toEqual([]);
      }
    }
    // Plan sales and grants go on: the filter had rows to judge.
    expect(pending).toBeGreaterThan(0);
  });

  it("falls back when its deal breaks, and trades on", () => {
    for (const c of world.perCompany) {
      for (const d of c.takeovers.filter((d) => !d.completes && d.ends !== null)) {
        const bars = c.stock.bars;
        const peak = bars[d.ends! - 1].close;
        expect(bars[d.ends!].close).toBeLessThan(peak);
        expect(c.events.some((e) => e.event_type === "merger_terminated" && e.event_date === dateOf(d.ends!))).toBe(
          true,
        );
        if (!c.closing) expect(bars).toHaveLength(world.days.length);
      }
    }
  });

  it("leaves the index funds: no composition holds it after its last day", () => {
    const broad = world.funds.find((f) => f.spec.sector === null)!;
    const lastOf = new Map(gone().map((c) => [c.facts.ticker, dateOf(c.closing!.lastDay)]));
    for (const year of broad.compositions.years)
      for (const composition of broad.compositions.of(year))
        for (const h of composition.holdings) {
          const last = h.holding_ticker && lastOf.get(h.holding_ticker);
          if (last) expect(composition.as_of <= last).toBe(true);
        }
  });
});

describe("a buyer inside the world", () => {
  const inWorld = () => [...world.acquisitions.values()].flat();
  const daily = (bars: { close: number }[], from: number, to: number) =>
    bars
      .slice(from, to + 1)
      .map((b, k, all) => (k ? Math.log(b.close / all[k - 1].close) : 0))
      .slice(1);

  it("pays in its shares in some deals, and its target then moves with it", () => {
    const inShares = inWorld().filter((d) => d.consideration !== "cash" && d.completes && d.ends !== null);
    expect(inShares.length).toBeGreaterThan(0);
    for (const d of inShares) {
      const target = daily(companyOf(d.target).stock.bars, d.announced + 1, d.ends!);
      const buyer = daily(companyOf(d.buyer.ticker!).stock.bars, d.announced + 1, d.ends!);
      const mean = (x: number[]) => x.reduce((a, b) => a + b, 0) / x.length;
      const [mt, mb] = [mean(target), mean(buyer)];
      const cov = mean(target.map((x, k) => (x - mt) * (buyer[k] - mb)));
      const corr = cov / Math.sqrt(mean(target.map((x) => (x - mt) ** 2)) * mean(buyer.map((x) => (x - mb) ** 2)));
      // The share part of the offer carries the buyer's moves; the spread's noise is the rest.
      expect(corr).toBeGreaterThan(0.5);
    }
  });

  it("announces the deal the same day as its target, moves on it, and both 8-Ks state the same terms", () => {
    expect(inWorld().length).toBeGreaterThan(0);
    for (const d of inWorld()) {
      const buyer = companyOf(d.buyer.ticker!);
      const target = companyOf(d.target);
      const day = dateOf(d.announced);
      const agreement = buyer.events.find((e) => e.event_type === "acquisition_agreement" && e.event_date === day)!;
      expect(agreement.effect.jump).toBeCloseTo(d.reaction, 10);
      const terms = target.dealTerms.find((t) => t.announced === day)!;
      const eightK = (c: typeof buyer) =>
        c.filings.find((f) => f.filing_type === "8-K" && f.filing_date === day && f.items.includes("Item-1.01"))!;
      const stated =
        terms.consideration === "cash" ? `$${terms.cash_per_share.toFixed(2)}` : terms.exchange_ratio.toFixed(4);
      expect(eightK(buyer).sections[0].text).toContain(stated);
      expect(eightK(target).sections[0].text).toContain(stated);
      if (d.completes && d.ends !== null)
        expect(
          buyer.events.some((e) => e.event_type === "acquisition_completed" && e.event_date === dateOf(d.ends!)),
        ).toBe(true);
    }
  });

  it("takes in what it bought from the day after the close: the shares it issued trade, its books take the target's in", () => {
    const closedInWorld = inWorld().filter((d) => d.completes && d.ends !== null);
    expect(closedInWorld.length).toBeGreaterThan(0);
    for (const d of closedInWorld) {
      const buyer = companyOf(d.buyer.ticker!);
      const target = companyOf(d.target);
      const day = d.ends! + 1;
      const s = buyer.stock;
      const added = s.shares[day] - s.shares[day - 1] * (s.splitMultiple[day] / s.splitMultiple[day - 1]);
      const issued = buyer.issued.find((i) => i.target === d.target)?.shares ?? 0;
      expect(issued > 0).toBe(d.consideration !== "cash");
      expect(Math.abs(added - issued)).toBeLessThan(0.002 * s.shares[day]);
      // The quarter of the close: the target's cash less the cash paid for its shares, in investing.
      const quarter = buyer.statements.find((q) => q.period === "quarterly" && q.reportPeriod >= dateOf(day))!;
      const action = target.stock.actions.find((a) => a.action_type === "acquisition")!;
      const paid = Math.round(((action.details.cash_per_share as number) * target.stock.shares[d.ends!]) / 1000) * 1000;
      const last = target.statements.filter((q) => q.period === "quarterly").at(-1)!;
      expect(quarter.cashFlow.business_acquisitions_and_disposals).toBe(last.balance.cash_and_equivalents - paid);
    }
  });

  it("keeps its insiders out of the market from before the announcement to the day after it, and stays in the world", () => {
    for (const d of inWorld()) {
      const buyer = companyOf(d.buyer.ticker!);
      expect(buyer.closing).toBeUndefined();
      const [from, to] = [dateOf(d.announced - 20), dateOf(d.announced + 1)];
      const discretionary = buyer.insiderTrades.filter(
        (t) =>
          t.transaction_date >= from &&
          t.transaction_date <= to &&
          ["buy", "sell"].includes(t.transaction_type) &&
          t.details.plan !== "10b5-1",
      );
      expect(discretionary).toEqual([]);
    }
  });
});

describe("a company that fails", () => {
  const failed = () => failing.perCompany.filter((c) => c.closing?.reason === "bankruptcy");
  const day = (i: number) => failing.days[i];

  it("declines into its filing, falls on it, and ends a few days later at a fraction of its value when its distress began", () => {
    expect(failed().length).toBeGreaterThanOrEqual(2);
    for (const c of failed()) {
      const closing = c.closing!;
      if (closing.reason !== "bankruptcy") continue;
      const { failure, lastDay } = closing;
      const bars = c.stock.bars;
      expect(bars.at(-1)!.time).toBe(day(lastDay));
      const filed = failure.filed!;
      expect(bars[filed].close / bars[filed - 1].close).toBeLessThan(0.85);
      // From the onset, as the model draws the decline (failures.ts): a year before the filing
      // measured it too, until a world whose distress fell early and rebounded with the market
      // (crisis-cycle-2005 at generator 0.65.0: VRTX at 0.75 of its price a year before, 0.38 of
      // its price at the onset 16 months before).
      expect(bars[lastDay].close / bars[failure.onset].close).toBeLessThan(0.4);
      const told = c.events.filter((e) => ["bankruptcy_filing", "delisting"].includes(e.event_type));
      expect(told.map((e) => [e.event_type, e.event_date])).toEqual([
        ["bankruptcy_filing", day(filed)],
        ["delisting", day(lastDay)],
      ]);
      const eightK = c.filings.find((f) => f.items.includes("Item-1.03"));
      expect(eightK?.filing_date).toBe(day(filed));
      const action = c.stock.actions.find((a) => a.action_type === "delisting")!;
      expect(action.ex_date).toBe(day(lastDay + 1));
      expect(action.details.cash_per_share as number).toBeLessThanOrEqual(bars[lastDay].close);
    }
  });

  it("deteriorates first: losses, a dividend cut then none, and a going-concern paragraph where the numbers call for one", () => {
    let goingConcern = 0;
    for (const c of failed()) {
      const distress = c.distress!;
      const quarters = c.statements.filter((s) => s.period === "quarterly");
      const lastFour = quarters.slice(-4).reduce((a, s) => a + s.income.net_income, 0);
      expect(lastFour).toBeLessThan(0);
      const dividends = c.stock.actions.filter((a) => a.action_type === "dividend");
      expect(dividends.filter((a) => a.announcement_date >= distress.suspendFrom)).toEqual([]);
      const before = dividends.filter((a) => a.announcement_date < distress.from).at(-1);
      const first = dividends.find((a) => a.announcement_date >= distress.from);
      if (before && first) expect(first.details.amount as number).toBeLessThan(before.details.amount as number);
      goingConcern += c.filings.filter((f) => f.sections.some((s) => s.text.startsWith("Going concern."))).length;
    }
    expect(goingConcern).toBeGreaterThan(0);
  });

  it("is downgraded in its distress, never upgraded, and its notes say so", () => {
    const rank = { sell: 0, hold: 1, buy: 2 } as const;
    let downgrades = 0;
    for (const c of failed()) {
      const from = c.distress!.from;
      const last = new Map<string, keyof typeof rank>();
      for (const e of c.estimates) {
        const before = last.get(e.firm);
        last.set(e.firm, e.rating);
        if (!before || e.estimate_date < from) continue;
        expect(rank[e.rating]).toBeLessThanOrEqual(rank[before]);
        if (rank[e.rating] < rank[before]) downgrades++;
      }
      const notes = c.notes.filter((n) => n.date.slice(0, 10) >= from);
      expect(notes.every((n) => !/ upgrades /.test(n.title))).toBe(true);
    }
    expect(downgrades).toBeGreaterThan(2);
    expect(failed().some((c) => c.notes.some((n) => / downgrades /.test(n.title)))).toBe(true);
  });
});
