// The takeover plan (build/families/exits/takeovers.ts): who is bought, when, by whom, on what terms.
import { describe, expect, it } from "vitest";
import { planExits } from "../../build/families/exits/plan.ts";
import { fallbackLevel, heldLevels, type PlanInput } from "../../build/families/exits/takeovers.ts";
import { TAKEOVERS } from "../../build/families/exits/tables.ts";
import { tradingDays } from "../../build/models/calendar.ts";
import { refCompanies } from "../../build/models/refdata.ts";
import type { Regime } from "../../build/models/regimes.ts";
import { Rng } from "../../build/ground/rng.ts";
import { tradesOn } from "../../build/models/anchors.ts";

const days = tradingDays("2005-01-03", "2014-12-31");
const companies = refCompanies()
  .filter((c) => c.inSp500 && tradesOn(c.facts.ticker, c.founded, days[0]) === "yes")
  .slice(0, 200)
  .map((c) => c.facts);

function input(fields: Partial<PlanInput> = {}): PlanInput {
  return {
    days,
    regimes: days.map((): Regime => "expansion"),
    companies,
    tierOf: () => "mid",
    capOf: () => 5e9,
    takeoverRate: 1,
    failureRate: 0,
    kept: new Set(),
    firstDay: () => 0,
    rng: new Rng(7, "exits-test"),
    ...fields,
  };
}

const planTakeovers = (input: PlanInput) =>
  new Map([...planExits(input)].map(([ticker, plan]) => [ticker, plan.takeovers] as const));
const deals = (plan: ReturnType<typeof planTakeovers>) => [...plan.values()].flat();

describe("the takeover plan", () => {
  it("is a function of its inputs, and none is drawn at rate 0 or for a company the scenario names", () => {
    expect(deals(planTakeovers(input()))).toEqual(deals(planTakeovers(input())));
    expect(planExits(input({ takeoverRate: 0, failureRate: 0 })).size).toBe(0);
    const named = new Set(companies.slice(0, 50).map((c) => c.ticker));
    const plan = planTakeovers(input({ kept: named }));
    expect([...plan.keys()].some((t) => named.has(t))).toBe(false);
  });

  it("announces at about the documented yearly rate, and more in expansions than in crises", () => {
    const years = days.length / 252;
    const rate = (regime: Regime) => deals(planTakeovers(input({ regimes: days.map(() => regime) }))).length;
    // First announcements only for the closed ones, so a little under the rate times the years.
    const expected = companies.length * years * TAKEOVERS.yearly_rate.mid * TAKEOVERS.regime_multiple.expansion;
    expect(rate("expansion")).toBeGreaterThan(0.5 * expected);
    expect(rate("expansion")).toBeLessThan(1.3 * expected);
    expect(rate("crisis")).toBeLessThan(0.6 * rate("expansion"));
  });

  it("gives each deal terms inside the table's bounds, a buyer outside the world that trades by then, and an end inside the world", () => {
    const inWorld = new Set(companies.map((c) => c.ticker));
    const founded = new Map(refCompanies().map((c) => [c.facts.ticker, c.founded]));
    const all = deals(planTakeovers(input({ takeoverRate: 3 })));
    expect(all.length).toBeGreaterThan(50);
    for (const d of all) {
      expect(d.premium).toBeGreaterThanOrEqual(TAKEOVERS.premium.min);
      expect(d.premium).toBeLessThanOrEqual(TAKEOVERS.premium.max);
      expect(d.announced).toBeGreaterThanOrEqual(TAKEOVERS.earliest_day);
      if (d.ends !== null) expect(d.ends).toBeLessThanOrEqual(days.length - 2);
      if (d.buyer.ticker === null) expect(TAKEOVERS.private_buyers).toContain(d.buyer.name);
      else {
        expect(inWorld.has(d.buyer.ticker)).toBe(false);
        expect(tradesOn(d.buyer.ticker, founded.get(d.buyer.ticker) ?? null, days[d.announced])).toBe("yes");
      }
    }
    const completed = all.filter((d) => d.ends !== null);
    const share = completed.filter((d) => d.completes).length / completed.length;
    expect(share).toBeGreaterThan(TAKEOVERS.completion - 0.08);
    // At most one deal of a company closes, and it is its last.
    for (const list of planTakeovers(input({ takeoverRate: 3 })).values())
      expect(list.slice(0, -1).every((d) => !d.completes && d.ends !== null)).toBe(true);
  });

  it("holds a target at the offer less a spread that closes by the last day; a broken deal falls back below the offer", () => {
    const all = deals(planTakeovers(input({ takeoverRate: 3 })));
    const closing = all.find((d) => d.completes && d.ends !== null)!;
    const levels = heldLevels(closing, days.length, new Rng(1, "held"));
    expect(levels).toHaveLength(closing.ends! - closing.announced + 1);
    expect(levels.at(-1)).toBeCloseTo(Math.log(1 + closing.premium), 10);
    expect(levels.every((l) => l <= Math.log(1 + closing.premium) + 1e-12)).toBe(true);
    const broken = all.find((d) => !d.completes && d.ends !== null)!;
    expect(heldLevels(broken, days.length, new Rng(1, "held"))).toHaveLength(broken.ends! - broken.announced);
    expect(fallbackLevel(broken)).toBeLessThan(Math.log(1 + broken.premium) / 2);
  });

  it("keeps a moving spread on a deal that runs past its expected close, to its break or the world's end", () => {
    const late = deals(planTakeovers(input({ takeoverRate: 3 }))).find((d) => !d.completes)!;
    const expected = late.announced + Math.round(TAKEOVERS.days_to_close.median);
    // Broken a year after it was expected to close, or still pending at the world's last day.
    for (const deal of [
      { ...late, ends: expected + 250 },
      { ...late, ends: null },
    ]) {
      const levels = heldLevels(deal, days.length, new Rng(1, "held"));
      const offer = Math.log(1 + deal.premium);
      expect(levels.length).toBeGreaterThan(expected + 100 - deal.announced);
      expect(levels.every((l) => l < offer)).toBe(true);
      // A target's close moves every day, as a spread's risk is repriced (it sat at the offer, unchanged, before).
      expect(levels.slice(1).every((l, k) => l !== levels[k])).toBe(true);
    }
  });
});

describe("buyers inside the world", () => {
  // Caps from $1bn to $200bn across the companies, so that larger ones can buy smaller ones.
  const capOf = (ticker: string) => 1e9 * 200 ** (companies.findIndex((c) => c.ticker === ticker) / companies.length);
  const sectorOf = new Map(companies.map((c) => [c.ticker, c.sector]));
  const plan = planExits(input({ capOf, takeoverRate: 3, failureRate: 1 }));
  const all = [...plan.values()].flatMap((p) => p.takeovers);
  const bought = all.filter((d) => d.buyer.inWorld);

  it("go to larger companies of the target's sector in some deals, paying cash, shares or both", () => {
    expect(bought.length).toBeGreaterThan(10);
    expect(new Set(bought.map((d) => d.consideration))).toEqual(new Set(["cash", "stock", "mixed"]));
    for (const d of bought) {
      expect(sectorOf.get(d.buyer.ticker!)).toBe(sectorOf.get(d.target));
      expect(capOf(d.buyer.ticker!)).toBeGreaterThanOrEqual(TAKEOVERS.buyer_size * capOf(d.target));
      expect(d.cashShare).toBe(d.consideration === "cash" ? 1 : d.consideration === "stock" ? 0 : 0.5);
    }
    // A buyer outside the world only ever pays cash.
    expect(all.filter((d) => !d.buyer.inWorld).every((d) => d.consideration === "cash" && d.reaction === 0)).toBe(true);
  });

  it("never leave the world once they agree to buy, and buy one company at a time", () => {
    for (const d of bought) {
      const own = plan.get(d.buyer.ticker!);
      expect(own?.takeovers.filter((t) => t.announced >= d.announced) ?? []).toEqual([]);
      expect(own?.failure === undefined || own.failure.onset < d.announced).toBe(true);
      const overlapping = bought.filter(
        (o) =>
          o !== d &&
          o.buyer.ticker === d.buyer.ticker &&
          o.announced >= d.announced &&
          (d.ends === null || o.announced <= d.ends),
      );
      expect(overlapping).toEqual([]);
    }
  });
});
