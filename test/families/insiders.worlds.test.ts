// Insider trades on a world built in memory: every rule holds, each fails on a world broken the way
// it guards against, and the behaviour statistics come out in their bands (docs/realism.md, "Insiders").
import { beforeAll, describe, expect, it } from "vitest";
import { insiders as insidersFamily } from "../../build/families/insiders/family.ts";
import { memoryScratch } from "../../build/ground/scratch.ts";
import { generateWorld, type WholeWorld } from "../../build/pipeline/world.ts";
import type { Company } from "../../build/families/registry.ts";
import { castOf, insiderCalendar, insiderTrades } from "../../build/families/insiders/model.ts";
import { Rng } from "../../build/ground/rng.ts";
import { insiderBehaviour } from "../../build/families/insiders/realism.ts";
import { librarySource } from "../support/worlds.ts";

// megacap-tech-2023's fourteen companies: the behaviour statistics need their trades (the small world
// of test/support/worlds.ts has too few).
const source = librarySource("megacap-tech-2023");
let world: WholeWorld;
let companies: Company[];
beforeAll(() => {
  world = generateWorld(source);
  companies = world.perCompany;
});
type Trade = Company["insiderTrades"][number];

function failing(perCompany: Company[]): string[] {
  const checker = insidersFamily.companyChecks!(world.days, memoryScratch());
  for (const c of perCompany) checker.company!(c);
  return checker
    .finish(world)
    .filter((c) => !c.passed)
    .map((c) => c.name);
}

/** The companies with the first trade `pick` chooses edited. */
function breakTrade(pick: (t: Trade) => boolean, edit: (t: Trade) => Partial<Trade>): Company[] {
  const k = companies.findIndex((c) => c.insiderTrades.some(pick));
  const c = companies[k];
  const i = c.insiderTrades.findIndex(pick);
  const t = c.insiderTrades[i];
  return companies.with(k, { ...c, insiderTrades: c.insiderTrades.with(i, { ...t, ...edit(t) }) });
}

const discretionarySale = (t: Trade) => t.transaction_type === "sell" && t.details.plan === null;

describe("insider trades", () => {
  it("hold every rule on a generated world, and only companies have insiders", () => {
    expect(failing(companies)).toEqual([]);
    expect(companies.every((c) => c.insiderTrades.length > 0)).toBe(true);
    const tickers = new Set(companies.flatMap((c) => c.insiderTrades.map((t) => t.ticker)));
    for (const fund of world.funds) expect(tickers.has(fund.spec.ticker)).toBe(false);
  });

  it("fails insider_holdings_chain on a broken chain", () => {
    const broken = breakTrade(discretionarySale, (t) => ({
      shares_owned_after_transaction: t.shares_owned_after_transaction + 100,
    }));
    // The year's Form 5 states where the chain ends: it no longer ties out either.
    expect(failing(broken)).toEqual(["insider_holdings_chain", "insider_ownership_tie_out"]);
  });

  it("fails insider_filing_lag on a Form 4 filed three trading days late", () => {
    const late = breakTrade(discretionarySale, (t) => ({
      filing_date: world.days[world.days.indexOf(t.transaction_date) + 3],
    }));
    expect(failing(late)).toEqual(["insider_filing_lag"]);
  });

  it("fails insider_prices on a price above the day's high and on a value that is not shares x price", () => {
    const high = (t: Trade) => {
      const c = companies.find((x) => x.facts.ticker === t.ticker)!;
      return c.stock.bars[world.days.indexOf(t.transaction_date)].high;
    };
    const above = breakTrade(discretionarySale, (t) => {
      const price = high(t) + 1;
      return {
        price,
        transaction_price_per_share: price,
        value: Math.round(t.shares * price * 100) / 100,
        transaction_value: Math.round(t.transaction_shares * price * 100) / 100,
      };
    });
    expect(failing(above)).toEqual(["insider_prices"]);
    expect(failing(breakTrade(discretionarySale, (t) => ({ value: t.value + 10 })))).toEqual(["insider_prices"]);
  });

  it("fails insider_blackout on a discretionary sale the day after a release, not on a plan sale", () => {
    const c = companies.find((x) => x.insiderTrades.some(discretionarySale))!;
    const release = c.quarters.find((q) => world.days.includes(q.release) && q.release > world.days[5])!.release;
    const dayAfter = world.days[world.days.indexOf(release) + 1];
    const moved = breakTrade(
      (t) => t.ticker === c.facts.ticker && discretionarySale(t),
      () => ({ transaction_date: dayAfter, filing_date: dayAfter }),
    );
    // Moving it also breaks its price and chain; the blackout must be among what fails.
    expect(failing(moved)).toContain("insider_blackout");
    const planned = (t: Trade) => t.details.plan === "10b5-1";
    expect(companies.some((x) => x.insiderTrades.some(planned))).toBe(true);
  });

  it("fails insider_purchase_events on an event whose summary is not its Form 4's", () => {
    const k = companies.findIndex((c) => c.events.some((e) => e.event_type === "insider_purchase"));
    expect(k).toBeGreaterThanOrEqual(0);
    const c = companies[k];
    const i = c.events.findIndex((e) => e.event_type === "insider_purchase");
    const e = c.events[i];
    const wrong = companies.with(k, {
      ...c,
      events: c.events.with(i, { ...e, public_summary: e.public_summary.replace(/at \$[\d.]+/, "at $1.23") }),
    });
    expect(failing(wrong)).toEqual(["insider_purchase_events"]);
  });

  it("keep one chain for an officer named to a second role", () => {
    const c = companies.find((x) => x.sizeTier === "mega")!;
    const rng = () => new Rng(7, "insiders-test");
    const cfo = castOf(c.sizeTier, world.days, [], rng().fork("cast")).find(
      (s) => s.title === "Chief Financial Officer",
    )!;
    const day = world.days[120];
    const promotion = {
      ...c.events[0],
      event_type: "management_change" as const,
      event_date: day,
      visible_from: day,
      public_summary: `${c.facts.name} named ${cfo.name} as chief executive officer.`,
    };
    const { cast, trades, ownership } = insiderTrades({
      facts: c.facts,
      tier: c.sizeTier,
      days: world.days,
      quarters: c.quarters,
      events: [promotion],
      stock: c.stock,
      rng: rng(),
    });
    // Already an insider: no Form 3 for the second role.
    expect(ownership.filter((o) => o.name === cfo.name).map((o) => o.form_type)).not.toContain("3");
    expect(cast.filter((s) => s.name === cfo.name).map((s) => s.title)).toEqual([
      "Chief Financial Officer",
      "Chief Executive Officer",
    ]);
    const mine = trades.filter((t) => t.name === cfo.name);
    expect(mine.some((t) => t.title === "Chief Executive Officer")).toBe(true);
    for (let k = 1; k < mine.length; k++)
      expect(mine[k].shares_owned_before_transaction).toBe(mine[k - 1].shares_owned_after_transaction);
  });

  it("file a Form 3 from an appointee only, and a Form 5 per seat at each fiscal year's end", () => {
    const c = companies.find((x) => x.sizeTier === "mega")!;
    const day = world.days[120];
    const appointment = {
      ...c.events[0],
      event_type: "management_change" as const,
      event_date: day,
      visible_from: day,
      public_summary: `${c.facts.name} named Orla Quenneby as chief financial officer.`,
    };
    const { cast, trades, ownership } = insiderTrades({
      facts: c.facts,
      tier: c.sizeTier,
      days: world.days,
      quarters: c.quarters,
      events: [appointment],
      stock: c.stock,
      rng: new Rng(7, "insiders-test"),
    });
    const threes = ownership.filter((o) => o.form_type === "3");
    expect(threes.map((o) => [o.name, o.as_of_date])).toEqual([["Orla Quenneby", day]]);
    const first = trades.find((t) => t.name === "Orla Quenneby")!;
    expect(threes[0].shares_owned).toBe(first.shares_owned_before_transaction);
    const yearEnd = c.quarters.find((q) => q.quarter === 4 && q.end < world.days.at(-1)!)!.end;
    const seated = cast.filter(
      (s) => world.days[s.from] <= yearEnd && (s.until >= world.days.length || world.days[s.until] > yearEnd),
    );
    const fives = ownership.filter((o) => o.form_type === "5" && o.as_of_date === yearEnd);
    expect(fives.map((o) => o.name).sort()).toEqual(seated.map((s) => s.name).sort());
  });

  it("fails insider_ownership_tie_out on a Form 5 off its chain, insider_ownership_filing_lag on one filed late", () => {
    const k = companies.findIndex((c) => c.insiderOwnership.some((o) => o.form_type === "5"));
    const c = companies[k];
    const i = c.insiderOwnership.findIndex((o) => o.form_type === "5");
    const o = c.insiderOwnership[i];
    const edited = (edit: Partial<typeof o>) =>
      companies.with(k, { ...c, insiderOwnership: c.insiderOwnership.with(i, { ...o, ...edit }) });
    expect(failing(edited({ shares_owned: o.shares_owned + 500 }))).toEqual(["insider_ownership_tie_out"]);
    const late = world.days.find((d) => d > o.as_of_date && (Date.parse(d) - Date.parse(o.as_of_date)) / 864e5 > 45)!;
    expect(failing(edited({ filing_date: late }))).toEqual(["insider_ownership_filing_lag"]);
  });

  it("sell 3-10 times as often as they buy, trade after releases, buy after falls", () => {
    const checker = insiderBehaviour(world.days);
    for (const c of companies) checker.company!(c);
    const checks = Object.fromEntries(checker.finish(world).map((c) => [c.name, c]));
    for (const name of ["insider_sells_to_buys", "insider_trades_after_earnings"]) {
      expect(checks[name].passed, checks[name].detail).toBe(true);
      expect(checks[name].observed).not.toBeNull();
    }
    // Too few days after a fall in this short world for the report's band: the rate measured here.
    let buys = 0;
    let buysAfter = 0;
    let fallDays = 0;
    for (const c of companies) {
      fallDays += insiderCalendar(world.days, c.quarters, c.stock).afterFall.filter(Boolean).length;
      for (const t of c.insiderTrades.filter((x) => x.transaction_type === "buy")) {
        buys++;
        if (t.details.after_fall) buysAfter++;
      }
    }
    expect(fallDays).toBeGreaterThan(0);
    expect(buysAfter / fallDays / (buys / (world.days.length * companies.length))).toBeGreaterThan(2);
  });
});
