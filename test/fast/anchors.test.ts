import { describe, expect, it } from "vitest";
import { businessAnchor, startingPoint, tradesOn } from "../../build/models/anchors.ts";
import { selectUniverse } from "../../build/families/universe/model.ts";
import { pickWarrants } from "../../build/families/warrants/model.ts";
import { refCompanies } from "../../build/models/refdata.ts";
import { Rng } from "../../build/ground/rng.ts";

const universe = (over: object) => ({
  tickers: [],
  sectors: [],
  required_sectors: [],
  count: 60,
  index_funds: true,
  warrants: 0,
  ...over,
});
const founded = (ticker: string) => refCompanies().find((c) => c.facts.ticker === ticker)?.founded ?? null;

describe("listings", () => {
  it("keeps companies out of worlds that begin before they trade", () => {
    for (const t of ["CRWD", "MRNA", "PYPL", "META"]) expect(tradesOn(t, founded(t), "2005-01-03")).not.toBe("yes");
    expect(tradesOn("UBER", founded("UBER"), "2010-01-04")).not.toBe("yes");
    for (const t of ["AAPL", "XOM", "MSFT", "KO"]) expect(tradesOn(t, founded(t), "1995-01-03")).toBe("yes");
    // Facebook's rows sit under its former ticker.
    expect(tradesOn("META", founded("META"), "2013-01-02")).toBe("yes");
  });

  it("draws only companies that trade on the first day, and refuses a named one that does not", () => {
    for (const seed of [1, 2, 3]) {
      const drawn = selectUniverse(universe({}), "2005-01-03", new Rng(seed, "u"));
      expect(drawn).toHaveLength(60);
      for (const c of drawn) expect(tradesOn(c.ticker, founded(c.ticker), "2005-01-03")).toBe("yes");
    }
    expect(() => selectUniverse(universe({ tickers: ["UBER"], count: 5 }), "2010-01-04", new Rng(1, "u"))).toThrow(
      /UBER does not trade on 2010-01-04/,
    );
  });
});

describe("starting points", () => {
  const capsOn = (date: string, tickers: string[]) =>
    new Map(tickers.map((t) => [t, startingPoint(t, date, new Rng(9, `anchor/${t}`)).marketCap]));

  it("gives a 2023 mega-cap universe the real order of its leaders and laggards", () => {
    const names = ["AAPL", "MSFT", "NVDA", "GOOGL", "AMZN", "META", "BRK-B", "JPM", "XOM", "JNJ"];
    const caps = capsOn("2023-01-03", names);
    const ranked = [...caps].sort((a, b) => b[1] - a[1]).map(([t]) => t);
    expect(ranked.slice(0, 2).sort()).toEqual(["AAPL", "MSFT"]);
    expect(ranked.indexOf("XOM")).toBeGreaterThanOrEqual(6);
    expect(caps.get("AAPL")!).toBeGreaterThan(1.5e12);
    expect(caps.get("AAPL")!).toBeLessThan(3e12);
  });

  it("bridges the 2018-2024 snapshot gap with year-end estimates: real 2023 sizes and traded prices", () => {
    // Real on 2022-12-30: AAPL $2.07T at $129.93, NVDA $0.36T at $146.14, META $0.32T at $120.34,
    // Berkshire $0.68T (B shares $308.90). Interpolated 2018 -> 2024 they came out at $210.70, $1.3T,
    // $1.0T, and BRK.B (whose source caps are blank or class B only) at $7bn.
    const at = (t: string) => startingPoint(t, "2023-01-03", new Rng(9, `anchor/${t}`));
    expect(at("AAPL").price).toBeGreaterThan(100);
    expect(at("AAPL").price).toBeLessThan(160);
    for (const t of ["NVDA", "META"]) {
      expect(at(t).marketCap).toBeGreaterThan(2e11);
      expect(at(t).marketCap).toBeLessThan(5.5e11);
    }
    expect(at("BRK-B").marketCap).toBeGreaterThan(5e11);
    expect(at("BRK-B").price).toBeGreaterThan(250);
    // Where a snapshot prices Berkshire without a cap (2013-2016), the share count of its capped one sizes it.
    expect(startingPoint("BRK-B", "2014-12-05", new Rng(9, "a")).marketCap).toBeGreaterThan(2.8e11);
    expect(startingPoint("BRK-B", "2005-01-03", new Rng(9, "a")).marketCap).toBeGreaterThan(1e11);
  });

  it("sizes a broad 2019 world like the index of its era: no name above 8%, AAPL among the largest", () => {
    const tickers = refCompanies()
      .filter((c) => c.inSp500 && c.facts.is_active && tradesOn(c.facts.ticker, c.founded, "2019-01-02") === "yes")
      .map((c) => c.facts.ticker);
    expect(tickers.length).toBeGreaterThan(400);
    const caps = capsOn("2019-01-02", tickers);
    const total = [...caps.values()].reduce((a, b) => a + b, 0);
    const ranked = [...caps].sort((a, b) => b[1] - a[1]);
    expect(ranked[0][1] / total).toBeLessThan(0.08);
    expect(ranked.slice(0, 5).map(([t]) => t)).toContain("AAPL");
    expect(total).toBeGreaterThan(15e12);
    expect(total).toBeLessThan(45e12);
  });

  it("does not carry a cap back across a share-count change (rescues, mergers, a bankruptcy)", () => {
    // Real 2005 caps: C about $245bn, AIG $170bn, BAC $190bn, DAL $1bn (old equity, bankrupt in
    // 2005); carried back by price alone they came out at $1.0T, $2.2T, $380bn and $1.1T.
    const caps = capsOn("2005-01-03", ["C", "AIG", "BAC", "DAL", "GE", "XOM", "MSFT"]);
    expect(caps.get("C")!).toBeLessThan(4.5e11);
    expect(caps.get("AIG")!).toBeLessThan(3.5e11);
    expect(caps.get("DAL")!).toBeLessThan(1e11);
    // GE, the largest company of 2005, stays the largest.
    const ranked = [...caps].sort((a, b) => b[1] - a[1]).map(([t]) => t);
    expect(ranked[0]).toBe("GE");
    for (const t of ["C", "AIG", "DAL"]) {
      const sp = startingPoint(t, "2005-01-03", new Rng(9, `anchor/${t}`));
      expect(sp.price).toBeLessThan(200);
    }
  });

  it("carries a 1995 price to the traded level, with shares that give its cap", () => {
    const sp = startingPoint("MSFT", "1995-01-03", new Rng(1, "a"));
    expect(sp.source).toBe("snapshot");
    expect(sp.price).toBeGreaterThanOrEqual(10);
    expect(sp.marketCap).toBeGreaterThan(2e10);
    expect(sp.marketCap).toBeLessThan(8e10);
    expect(Math.abs(sp.shares * sp.price - sp.marketCap) / sp.marketCap).toBeLessThan(1e-6);
    expect(sp.annualVol).toBeGreaterThan(0.15);
  });
});

describe("business anchors", () => {
  it("give trailing net income from the snapshots' EPS: between two linearly, outside at the nearest's yield", () => {
    // Apple: EPS 39.75 at $520.03 on a $467.9bn cap (2013-11-01), 6.45 at $115 on $674.5bn (2014-12-05).
    const [first, last] = [(39.75 / 520.03) * 467.9e9, (6.45 / 115) * 674.5e9];
    expect(businessAnchor("AAPL", "2013-11-01", 1).netIncome).toBeCloseTo(first, -3);
    const w =
      (Date.parse("2014-05-20") - Date.parse("2013-11-01")) / (Date.parse("2014-12-05") - Date.parse("2013-11-01"));
    expect(businessAnchor("AAPL", "2014-05-20", 1).netIncome).toBeCloseTo((1 - w) * first + w * last, -3);
    // Before the first snapshot: that snapshot's earnings yield on the cap given.
    expect(businessAnchor("AAPL", "2005-01-03", 100e9).netIncome).toBeCloseTo((39.75 / 520.03) * 100e9, -3);
    // A loss stays a loss (Chesapeake's 2015-2017 write-downs).
    expect(businessAnchor("CHK", "2016-01-04", 5e9).netIncome).toBeLessThan(0);
  });
});

describe("warrants", () => {
  it("appear only in worlds inside their lifetime", () => {
    expect(pickWarrants(2, "2005-01-03", "2019-12-31", new Rng(1, "w"))).toEqual([]);
    expect(pickWarrants(2, "2023-01-03", "2023-12-29", new Rng(1, "w"))).toHaveLength(2);
  });
});
