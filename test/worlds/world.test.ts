// The generator's own rules, checked on a world built in memory, and the validator shown to catch
// what it guards against.
import { beforeAll, describe, expect, it } from "vitest";
import { generateWorld, type WholeWorld } from "../../build/pipeline/world.ts";
import { validateScenario } from "../../build/pipeline/validate.ts";
import { tradingDays } from "../../build/models/calendar.ts";
import { meetingSchedule, policyDecisions } from "../../build/models/rates.ts";
import type { Regime } from "../../build/models/regimes.ts";
import { Rng } from "../../build/ground/rng.ts";
import { librarySource } from "../support/worlds.ts";

const rateShock = librarySource("rate-shock-2022");
let world: WholeWorld;
beforeAll(() => void (world = generateWorld(rateShock)));
const validate = (w: WholeWorld = world) =>
  validateScenario({ scenarioId: rateShock.name, generatorVersion: "test", calibrationVersion: "test", world: w });
const failed = (w: WholeWorld) =>
  validate(w)
    .checks.filter((c) => !c.passed && c.severity === "error")
    .map((c) => c.name);

describe("generated world", () => {
  it("holds eight scheduled meetings a year for each bank, FED ranges 25bp wide", () => {
    for (const [bank, decisions] of world.decisions) {
      expect(
        decisions.filter((d) => d.scheduled),
        bank,
      ).toHaveLength(8);
      for (const d of decisions) {
        expect(d.effective_date >= d.announced).toBe(true);
        if (bank === "FED") expect(d.target_high - d.target_low).toBeCloseTo(0.25, 9);
      }
    }
  });

  it("makes the emergency cut of a crisis that begins on a meeting day at that meeting", () => {
    // 2023: the BOE starts at 3.5%, well above the floor, whatever the rule did before the crisis.
    const days = tradingDays("2023-01-03", "2023-12-29");
    const meetingDay = meetingSchedule("BOE", days[0], days[days.length - 1])[3];
    const regimes: Regime[] = days.map((d) => (d < meetingDay ? "expansion" : "crisis"));
    const inflation = days.map(() => 2);
    const boe = policyDecisions("BOE", { days, regimes, inflation, rng: new Rng(1, "test") });
    expect(boe.filter((d) => d.scheduled)).toHaveLength(8);
    expect(boe.find((d) => d.announced === meetingDay)).toMatchObject({ decision: "cut", move: -0.5, scheduled: true });
    expect(boe.filter((d) => d.announced === meetingDay)).toHaveLength(1);
  });

  it("starts each bank at the real rate in force before the scenario", () => {
    // Reference data: the FED target range was 0-0.25% at the start of 2022, the BOE rate 0.25%.
    expect(world.decisions.get("FED")![0]).toMatchObject({ target_low: 0, target_high: 0.25 });
    expect(world.decisions.get("BOE")![0]).toMatchObject({ target_high: 0.25 });
  });

  it("switches to the catalyst regime on the catalyst day and releases the catalyst event", () => {
    const i = world.days.indexOf("2022-06-13");
    expect(world.regimes[i]).toBe(rateShock.catalyst!.regime);
    const catalyst = world.events.find((e) => e.event_type === "macro_catalyst")!;
    expect(catalyst.event_date).toBe("2022-06-13");
    // The market's event return that day is the sum of the macro events reacting on it, the catalyst's -4% among them.
    const sameDay = world.events.filter((e) => e.ticker === null && e.effect.reactionDay === i);
    expect(sameDay.map((e) => e.event_id)).toContain(catalyst.event_id);
    expect(world.market.eventReturns[i]).toBeCloseTo(
      sameDay.reduce((s, e) => s + e.effect.jump, 0),
      12,
    );
    expect(world.market.eventReturns[i]).toBeLessThan(-0.03);
  });

  it("reports each company's earnings four times a year", () => {
    expect(world.perCompany.map((c) => c.facts)).toEqual(world.companies);
    for (const { facts, events } of world.perCompany) {
      expect(events.every((e) => e.ticker === facts.ticker)).toBe(true);
      const earnings = events.filter((e) => e.event_type === "earnings_release");
      expect(earnings.length, facts.ticker).toBeGreaterThanOrEqual(3);
      expect(earnings.length, facts.ticker).toBeLessThanOrEqual(5);
    }
    expect(world.events.every((e) => e.ticker === null)).toBe(true);
  });

  it("is healthy", () => {
    expect(failed(world)).toEqual([]);
  });
});

/** The world with company `i`'s stock replaced. */
const withStock = (i: number, stock: (typeof world.perCompany)[number]["stock"]) => ({
  ...world,
  perCompany: world.perCompany.with(i, { ...world.perCompany[i], stock }),
});

describe("the validator catches what it guards", () => {
  it("flags a bar whose high is below its close", () => {
    const { stock } = world.perCompany[0];
    const bars = stock.bars.map((b, i) => (i === 5 ? { ...b, high: b.close - 1 } : b));
    expect(failed(withStock(0, { ...stock, bars }))).toContain("ohlc_ordering");
  });

  it("flags return components that do not add up", () => {
    const { stock } = world.perCompany[0];
    const bars = stock.bars.map((b, i) => (i === 9 ? { ...b, event_return: b.event_return + 0.01 } : b));
    expect(failed(withStock(0, { ...stock, bars }))).toContain("return_components_identity");
  });

  it("flags an adjusted close that ignores a dividend", () => {
    const i = world.perCompany.findIndex((c) => c.stock.actions.some((a) => a.action_type === "dividend"));
    const { stock } = world.perCompany[i];
    const actions = stock.actions.map((a) =>
      a.action_type === "dividend" ? { ...a, details: { ...a.details, amount: (a.details.amount as number) * 3 } } : a,
    );
    expect(failed(withStock(i, { ...stock, actions }))).toContain("adjusted_close_consistency");
  });

  it("flags a policy move that is not a multiple of 25bp", () => {
    const fed = world.decisions.get("FED")!.map((d, i) => (i === 2 ? { ...d, move: 0.1 } : d));
    const broken = { ...world, decisions: new Map([...world.decisions, ["FED", fed]]) };
    expect(failed(broken)).toContain("policy_rate_steps");
  });
});
