// Analyst notes: each agrees with the publication of /analyst-estimates it accompanies.
import { describe, expect, it } from "vitest";
import { body, get, MEGACAP } from "../e2e/client.ts";

const A = `/analyst-notes?scenario_id=${MEGACAP}`;

interface Note {
  artifact_id: string;
  ticker: string;
  date: string;
  visible_from: string;
  firm: string;
  analyst: string;
  rating: string;
  target_price: number;
  estimate_id: string;
  source_event_id: string;
  sentiment: string;
  text: string;
}

interface Estimate {
  id: string;
  estimate_date: string;
  firm: string;
  rating: string;
  target_price: number;
  metadata: { source_event_id: string | null };
}

describe("analyst notes", () => {
  it("states the rating and target its firm published that day in /analyst-estimates", async () => {
    const { analyst_notes } = (await body(`${A}&ticker=MSFT&limit=500`)) as { analyst_notes: Note[] };
    expect(analyst_notes.length).toBeGreaterThan(10);
    const dates = analyst_notes.map((n) => n.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const { analyst_estimates } = (await body(`/analyst-estimates?scenario_id=${MEGACAP}&ticker=MSFT&limit=200`)) as {
      analyst_estimates: Estimate[];
    };
    const byPublication = new Map(analyst_estimates.map((e) => [e.id.replace(/-\d+$/, ""), e]));
    let matched = 0;
    for (const n of analyst_notes) {
      const e = byPublication.get(n.estimate_id);
      if (!e) continue; // /analyst-estimates pages at 200 rows: older publications are beyond this page
      matched++;
      expect([e.estimate_date, e.firm, e.rating, e.target_price, e.metadata.source_event_id]).toEqual([
        n.date,
        n.firm,
        n.rating,
        n.target_price,
        n.source_event_id,
      ]);
      expect(n.text).toContain(`$${n.target_price.toFixed(2)}`);
    }
    expect(matched).toBeGreaterThan(5);
    expect(analyst_notes.every((n) => ["positive", "negative", "neutral"].includes(n.sentiment))).toBe(true);
  });

  it("shows nothing after as_of, and pages every company's notes", async () => {
    const asOf = "2023-03-31";
    const mid = ((await body(`${A}&as_of=${asOf}&limit=500`)) as { analyst_notes: Note[] }).analyst_notes;
    expect(mid.length).toBeGreaterThan(0);
    expect(mid.every((n) => n.visible_from <= asOf && n.date === n.visible_from)).toBe(true);
    const walked: Note[] = [];
    for (let offset = 0; ; offset += 50) {
      const page = ((await body(`${A}&as_of=${asOf}&limit=50&offset=${offset}`)) as { analyst_notes: Note[] })
        .analyst_notes;
      walked.push(...page);
      if (page.length < 50) break;
    }
    expect(walked).toEqual(mid);
  });

  it("answers an empty list for a fund and 404 for an unknown ticker", async () => {
    expect(((await body(`${A}&ticker=SPY`)) as { analyst_notes: Note[] }).analyst_notes).toEqual([]);
    expect((await get(`${A}&ticker=ZZZZ`)).status).toBe(404);
  });
});
