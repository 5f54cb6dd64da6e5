import { describe, expect, it } from "vitest";
import type { CompanyFacts } from "../src/bundle/types.ts";
import { tradingDays } from "../build/calendar.ts";
import { companyEvents, type WorldEvent } from "../build/generate/events.ts";
import { fiscalQuarters } from "../build/generate/fiscal.ts";
import type { SizeTier } from "../build/generate/anchors.ts";
import { Rng } from "../build/rng.ts";

const days = tradingDays("2005-01-03", "2019-12-31");
const company = (ticker: string, sector: string) => ({ ticker, name: ticker, sector }) as CompanyFacts;
/** A company's events over `days`, on its fiscal calendar from 2004. */
const eventsOf = (facts: CompanyFacts, tier: SizeTier, rng: Rng) =>
  companyEvents("s", days, facts, fiscalQuarters(facts.ticker, 2004, 2019, rng.fork("fiscal")), tier, rng);
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
      eventsOf(company("AAPL", "Information Technology"), "mega", new Rng(1, "e")),
      "earnings_release",
    );
    const q1 = releases.find((e) => e.public_summary.includes("fiscal Q1 2010"));
    // Apple's fiscal year ends in September: its first quarter ends in December.
    expect(["2010-01", "2010-02"]).toContain(q1?.event_date.slice(0, 7));
    const calendar = ofType(eventsOf(company("XYZ", "Industrials"), "mid", new Rng(1, "e")), "earnings_release");
    expect(calendar.some((e) => e.public_summary.includes(" Q4 2009 results"))).toBe(true);
  });

  it("beats about 70% of the time and lands in line about 5%", () => {
    let beats = 0;
    let inLine = 0;
    let all = 0;
    for (let seed = 0; seed < 20; seed++) {
      for (const e of ofType(eventsOf(company("XYZ", "Industrials"), "mid", new Rng(seed, "e")), "earnings_release")) {
        all++;
        if (e.public_summary.includes("above expectations")) beats++;
        if (e.public_summary.includes("in line with")) inLine++;
      }
    }
    expect(beats / all).toBeGreaterThan(0.65);
    expect(beats / all).toBeLessThan(0.8);
    expect(inLine / all).toBeGreaterThan(0.02);
    expect(inLine / all).toBeLessThan(0.1);
  });
});
