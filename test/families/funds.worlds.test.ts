// Index funds track the whole market their benchmark stands for: a broad fund follows
// the market factor, its holdings weigh the world's companies as the part of that market they are,
// and the funds family's checks catch a fund that does not.
import { beforeAll, describe, expect, it } from "vitest";
import { funds } from "../../build/families/funds/family.ts";
import { generateWorld, type WholeWorld } from "../../build/pipeline/world.ts";
import { indexCapPath, MAX_START_COVERAGE } from "../../build/families/funds/model.ts";
import { corr } from "../../build/models/statistics.ts";
import { smallWorldSource } from "../support/worlds.ts";

const source = smallWorldSource();
let world: WholeWorld;
beforeAll(() => void (world = generateWorld(source)));
const checksOf = (w: WholeWorld) => Object.fromEntries(funds.checks!(w).map((c) => [c.name, c.passed]));

describe("index funds", () => {
  it("follow the market factor, not the basket of the world's companies", () => {
    const spy = world.funds.find((f) => f.spec.ticker === "SPY")!;
    const r = spy.bars.slice(1).map((b, i) => Math.log(b.close / spy.bars[i].close));
    expect(corr(r, world.market.returns.slice(1))).toBeGreaterThan(0.99);
    // The world's ten names are a fifth of the market or so, not all of it.
    for (const year of spy.compositions.years) {
      for (const c of spy.compositions.of(year)) {
        const outside = c.holdings.at(-1)!;
        expect(outside).toMatchObject({ holding_ticker: null, shares: null });
        expect(outside.weight).toBeGreaterThan(0.5);
        expect(c.holdings.reduce((s, h) => s + h.weight, 0)).toBeCloseTo(1, 5);
      }
    }
    expect(checksOf(world)).toEqual({ fund_benchmark_is_market: true, fund_composition_outside_world: true });
  });

  it("fail their checks when a fund follows its members or loses its outside line", () => {
    const stock = world.perCompany[0].stock.bars;
    const basket = world.funds.map((f) => (f.spec.ticker === "SPY" ? { ...f, bars: stock } : f));
    expect(checksOf({ ...world, funds: basket }).fund_benchmark_is_market).toBe(false);
    const clipped = world.funds.map((f) => ({
      ...f,
      compositions: {
        ...f.compositions,
        of: (y: string) => f.compositions.of(y).map((c) => ({ ...c, holdings: c.holdings.slice(0, -1) })),
      },
    }));
    expect(checksOf({ ...world, funds: clipped }).fund_composition_outside_world).toBe(false);
  });

  it("keep the members a part of their market, even members that outgrow it tenfold", () => {
    const days = 500;
    const members = Array.from({ length: days }, (_, t) => 1e12 * Math.exp((Math.log(10) * t) / days));
    // A benchmark that goes nowhere (its price return cancels the dividend yield).
    const cap = indexCapPath(0.5e12, new Array(days).fill(0.02 / 252), members);
    const weight = members.map((m, t) => m / cap[t]);
    expect(weight[0]).toBeCloseTo(MAX_START_COVERAGE, 10);
    expect(Math.max(...weight)).toBeLessThan(1);
    expect(weight[days - 1]).toBeGreaterThan(weight[0]);
  });
});
