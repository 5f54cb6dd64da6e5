// Who joins a world and how (build/families/listings, universe/model.ts selectEntrants): reference
// companies whose IPO falls inside the window, each with its offering, quiet period and lock-up;
// and no exit of an entrant begins before its first trading day.
import { describe, expect, it } from "vitest";
import { planExits } from "../../build/families/exits/plan.ts";
import type { PlanInput } from "../../build/families/exits/takeovers.ts";
import { planListings } from "../../build/families/listings/plan.ts";
import { LISTINGS } from "../../build/families/listings/tables.ts";
import { selectEntrants } from "../../build/families/universe/model.ts";
import { addDays, tradingDays } from "../../build/models/calendar.ts";
import { refCompanies } from "../../build/models/refdata.ts";
import type { Regime } from "../../build/models/regimes.ts";
import { Rng } from "../../build/ground/rng.ts";
import { memoryScratch } from "../../build/ground/scratch.ts";
import { generateMarket } from "../../build/pipeline/world.ts";
import { librarySource } from "../support/worlds.ts";

const days = tradingDays("2005-01-03", "2011-12-30");
const universe = { tickers: [], sectors: [], count: 60, required_sectors: [], index_funds: true, warrants: 0 };
const entrants = (count: number, held = new Set<string>(), rng = new Rng(3, "entrants")) =>
  selectEntrants(universe, count, (d) => d > days[0] && d <= days.at(-1)!, held, rng);

describe("the companies that join a world", () => {
  it("are reference companies whose recorded listing falls inside the window, S&P 500 members first", () => {
    const chosen = entrants(12);
    expect(chosen).toHaveLength(12);
    const members = new Set(
      refCompanies()
        .filter((c) => c.inSp500)
        .map((c) => c.facts.ticker),
    );
    for (const c of chosen) {
      expect(c.listing_date! > days[0] && c.listing_date! <= days.at(-1)!).toBe(true);
    }
    // Members come first: a later one is a member only if every earlier one is.
    const flags = chosen.map((c) => members.has(c.ticker));
    expect(flags.indexOf(false) === -1 || flags.slice(flags.indexOf(false)).every((f) => !f)).toBe(true);
    // Visa's listing (2008-03-19) is one the window can draw.
    expect(entrants(500).map((c) => c.ticker)).toContain("V");
  });

  it("leave out companies the world already holds, and none list in a window no recorded IPO falls in", () => {
    const held = new Set(entrants(5).map((c) => c.ticker));
    expect(entrants(5, held).some((c) => held.has(c.ticker))).toBe(false);
    const in2019 = (d: string) => d > "2019-01-02" && d <= "2019-12-31";
    const late = selectEntrants(universe, 5, in2019, new Set(), new Rng(3, "entrants"));
    expect(late).toEqual([]);
  });
});

describe("a listing's plan", () => {
  const regimes = days.map((): Regime => "expansion");
  const joining = new Map(entrants(20).map((c) => [c.ticker, days.find((d) => d >= c.listing_date!)!]));
  const plan = planListings(days, regimes, joining, new Rng(5, "listings"));

  it("lists each entrant on its day, with its quiet period and lock-up counted in calendar days after it", () => {
    expect(plan.size).toBe(20);
    for (const [ticker, l] of plan) {
      expect(days[l.first]).toBe(joining.get(ticker));
      const quiet = addDays(days[l.first], LISTINGS.quiet_period_days);
      expect(days[l.quietEnd] >= quiet && days[l.quietEnd - 1] < quiet).toBe(true);
      const lockup = addDays(days[l.first], LISTINGS.lockup_days);
      if (l.lockupEnd < days.length) expect(days[l.lockupEnd] >= lockup && days[l.lockupEnd - 1] < lockup).toBe(true);
      expect(l.offered).toBeGreaterThanOrEqual(LISTINGS.offered.min);
      expect(l.offered).toBeLessThanOrEqual(LISTINGS.offered.max);
      expect(l.underwriters).toHaveLength(LISTINGS.lead_underwriters);
      expect(l.registration).toMatch(/^333-\d{6}$/);
    }
  });

  it("draws first days around the regime's mean, lower in a crisis, within the table's bounds", () => {
    // Over ten seeds of the twenty entrants: two hundred first days.
    const mean = (regime: Regime) => {
      const seeds = Array.from({ length: 10 }, (_, k) => k);
      const p = seeds.flatMap((k) => [
        ...planListings(
          days,
          days.map(() => regime),
          joining,
          new Rng(k, "listings"),
        ).values(),
      ]);
      const r = p.map((l) => Math.exp(l.firstDayJump) - 1);
      for (const x of r) {
        expect(x).toBeGreaterThanOrEqual(LISTINGS.first_day_return.min - 1e-12);
        expect(x).toBeLessThanOrEqual(LISTINGS.first_day_return.max + 1e-12);
      }
      return r.reduce((a, x) => a + x, 0) / r.length;
    };
    expect(mean("crisis")).toBeLessThan(mean("expansion"));
    expect(Math.abs(mean("expansion") - LISTINGS.first_day_return.mean.expansion)).toBeLessThan(0.05);
  });

  it("begins no exit of an entrant before its first trading day", () => {
    const companies = refCompanies()
      .filter((c) => joining.has(c.facts.ticker))
      .map((c) => c.facts);
    const input: PlanInput = {
      days,
      regimes,
      companies,
      tierOf: () => "small",
      capOf: () => 2e9,
      takeoverRate: 20,
      failureRate: 20,
      kept: new Set(),
      firstDay: (ticker) => plan.get(ticker)!.first,
      rng: new Rng(9, "exits"),
    };
    const exits = planExits(input);
    expect(exits.size).toBeGreaterThan(5);
    for (const [ticker, p] of exits) {
      const first = plan.get(ticker)!.first;
      for (const d of p.takeovers) expect(d.announced).toBeGreaterThan(first);
      if (p.failure) expect(p.failure.onset).toBeGreaterThan(first);
    }
  });
});

describe("listings in a future branch", () => {
  it("come on modelled days after the current date, from companies that went public once before the window", () => {
    const source = librarySource("future-productivity-boom");
    const { world } = generateMarket({ ...source, listings: { count: 8 } }, memoryScratch());
    const real = new Map(refCompanies().map((c) => [c.facts.ticker, c.facts.listing_date]));
    expect(world.entrants.size).toBeGreaterThan(2);
    for (const [ticker, date] of world.entrants) {
      expect(date > source.current_date && world.days.includes(date)).toBe(true);
      expect(real.get(ticker)! < world.days[0]).toBe(true);
    }
    // A historical window of the same years has no recorded listing inside it: none join.
    const historical = {
      ...source,
      public_summary: { ...source.public_summary, path_mode: "historical_context" as const },
    };
    expect(
      generateMarket({ ...historical, current_date: source.end_date, listings: { count: 8 } }, memoryScratch()).world
        .entrants.size,
    ).toBe(0);
  });
});
