import { describe, expect, it } from "vitest";
import type { CompanyFacts } from "../../src/bundle/types.ts";
import { tradingDays } from "../../build/models/calendar.ts";
import { companyEvents, type WorldEvent } from "../../build/models/events.ts";
import type { SizeTier } from "../../build/models/anchors.ts";
import { companyWithTimeline } from "../support/company.ts";
import { Rng } from "../../build/ground/rng.ts";

const days = tradingDays("2005-01-03", "2019-12-31");
const company = (ticker: string, sector: string) => ({ ticker, name: ticker, sector }) as CompanyFacts;
/** A company's own events over `days`. */
const eventsOf = (facts: CompanyFacts, tier: SizeTier, rng: Rng) => companyEvents("s", days, facts, tier, rng);
/** Its whole timeline, earnings releases included: a $50bn company in a steady expansion. */
const timelineOf = (facts: CompanyFacts, tier: SizeTier, rng: Rng) =>
  companyWithTimeline({
    worldKey: "s",
    days,
    regimes: days.map(() => "expansion" as const),
    facts,
    marketCap: 50e9,
    tier,
    rng,
  }).events;
const ofType = (events: WorldEvent[], type: string) => events.filter((e) => e.event_type === type);

describe("company events", () => {
  it("never puts a mega-cap up for sale; smaller companies are, now and then", () => {
    let small = 0;
    for (let seed = 0; seed < 20; seed++) {
      const mega = eventsOf(company("AAPL", "Information Technology"), "mega", new Rng(seed, "e"));
      expect(ofType(mega, "merger_rumor")).toEqual([]);
      small += ofType(eventsOf(company("XYZ", "Industrials"), "small", new Rng(seed, "e")), "merger_rumor").length;
    }
    // 0.15 a year over 15 years and 20 companies: about 45.
    expect(small).toBeGreaterThan(20);
    expect(small).toBeLessThan(80);
  });

  it("gives utilities no product launches", () => {
    for (let seed = 0; seed < 10; seed++)
      expect(ofType(eventsOf(company("DUK", "Utilities"), "large", new Rng(seed, "e")), "product_launch")).toEqual([]);
  });

  it("reports on the company's fiscal calendar", () => {
    const releases = ofType(
      timelineOf(company("AAPL", "Information Technology"), "mega", new Rng(1, "e")),
      "earnings_release",
    );
    const q1 = releases.find((e) => e.public_summary.includes("fiscal Q1 2010"));
    // Apple's fiscal year ends in September: its first quarter ends in December.
    expect(["2010-01", "2010-02"]).toContain(q1?.event_date.slice(0, 7));
    const calendar = ofType(timelineOf(company("XYZ", "Industrials"), "mid", new Rng(1, "e")), "earnings_release");
    expect(calendar.some((e) => e.public_summary.includes(" Q4 2009 results"))).toBe(true);
  });

  it("beats the consensus about 70% of the time and lands within half a percent of it about 5%", () => {
    let beats = 0;
    let inLine = 0;
    let all = 0;
    for (let seed = 0; seed < 20; seed++) {
      for (const e of ofType(
        timelineOf(company("XYZ", "Industrials"), "mid", new Rng(seed, "e")),
        "earnings_release",
      )) {
        all++;
        if (e.effect.surprise > 0.005) beats++;
        if (Math.abs(e.effect.surprise) <= 0.005) inLine++;
      }
    }
    expect(beats / all).toBeGreaterThan(0.65);
    expect(beats / all).toBeLessThan(0.8);
    expect(inLine / all).toBeGreaterThan(0.02);
    expect(inLine / all).toBeLessThan(0.1);
  });
});
