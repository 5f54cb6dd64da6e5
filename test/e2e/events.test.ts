// The event timeline.
import { describe, expect, it } from "vitest";
import { body, MEGACAP } from "./client.ts";

const E = `/events/timeline?scenario_id=${MEGACAP}`;

describe("event timeline", () => {
  it("lists a company's events newest first, with earnings every quarter and no hidden effects", async () => {
    const { events } = await body(`${E}&ticker=aapl`);
    const dates = events.map((e: { event_date: string }) => e.event_date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(
      events.filter((e: { event_type: string }) => e.event_type === "earnings_release").length,
    ).toBeGreaterThanOrEqual(4);
    for (const e of events) {
      expect(Object.keys(e).sort()).toEqual([
        "event_date",
        "event_id",
        "event_type",
        "public_release_datetime",
        "public_summary",
        "ticker",
        "visible_from",
      ]);
      expect(e.visible_from >= e.event_date).toBe(true);
    }
  });

  it("never shows an event before it is visible, and pages the filtered list", async () => {
    const asOf = "2023-06-30";
    const { events } = await body(`${E}&as_of=${asOf}&limit=500`);
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e: { visible_from: string }) => e.visible_from <= asOf)).toBe(true);
    const policy = (await body(`${E}&as_of=${asOf}&event_type=policy_decision&limit=500`)).events;
    expect(policy.length).toBeGreaterThan(4);
    expect(policy.every((e: { event_type: string }) => e.event_type === "policy_decision")).toBe(true);
    const walked: unknown[] = [];
    for (let offset = 0; ; offset += 4) {
      const page = (await body(`${E}&as_of=${asOf}&event_type=policy_decision&limit=4&offset=${offset}`)).events;
      walked.push(...page);
      if (page.length < 4) break;
    }
    expect(walked).toEqual(policy);
  });

  it("answers an empty list for a fund, which has no events", async () => {
    expect((await body(`${E}&ticker=SPY`)).events).toEqual([]);
  });
});
