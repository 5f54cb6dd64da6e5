// The event timeline.
import { describe, expect, it } from "vitest";
import { EVENT_TYPE_NAMES, EVENT_TYPES } from "../../src/contract/vocabulary.ts";
import { BRANCH, body, CRISIS, get, json, MEGACAP, RATE_SHOCK } from "../e2e/client.ts";

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

  it("lists the event types, without a scenario, and every scenario's events are of them", async () => {
    const { event_types } = await body("/events/types");
    expect(event_types).toEqual(
      Object.entries(EVENT_TYPES).map(([event_type, description]) => ({ event_type, description })),
    );
    expect(await body(`/events/types?scenario_id=${MEGACAP}`)).toEqual({ event_types });
    for (const id of [MEGACAP, RATE_SHOCK, BRANCH, CRISIS]) {
      const seen = new Set<string>();
      for (let offset = 0; ; offset += 500) {
        const { events } = await body(`/events/timeline?scenario_id=${id}&as_of=2100-01-01&limit=500&offset=${offset}`);
        for (const e of events) seen.add(e.event_type);
        if (events.length < 500) break;
      }
      expect(EVENT_TYPE_NAMES).toEqual(expect.arrayContaining([...seen]));
    }
  });

  it("refuses an unknown event type, naming the known ones", async () => {
    for (const [query, name] of [
      ["event_type=earnings", "event_type.0"],
      ["event_type=lawsuit&event_type=Lawsuit", "event_type.1"],
    ]) {
      const res = await get(`${E}&${query}`);
      expect(res.status).toBe(422);
      expect((await json(res)).detail).toBe(`Query parameter '${name}' must be one of ${EVENT_TYPE_NAMES.join(", ")}`);
    }
  });
});
