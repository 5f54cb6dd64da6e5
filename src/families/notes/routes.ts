// Analyst notes: what covering analysts' firms wrote with the estimates an event prompted, newest
// first; the targets restated for the splits gone ex by the horizon, as /analyst-estimates does.
import { NOTES_SHARDS } from "./shards.ts";
import { z } from "zod";
import { AnalystNote } from "./rows.ts";
import { asOf, endDate, page, scenarioId, startDate, tickers } from "../../contract/params.ts";
import { dataRoute, serve, type ApiApp } from "../../http/route.ts";
import { requireOrderedWindow } from "../../http/scenario.ts";

const notes = dataRoute({
  path: "/analyst-notes",
  tag: "Analyst estimates",
  summary: "Analyst notes",
  description:
    "Newest first, ties by id. One note with each publication of /analyst-estimates that an event prompted " +
    "(the company's results, or its other news): the firm's rating and target that day, its estimates, and after " +
    "results the reported figures. A note is visible from its date.",
  request: {
    query: z.object({
      scenario_id: scenarioId(),
      ticker: tickers("Only notes on these companies", "AAPL"),
      as_of: asOf("notes").optional(),
      start_date: startDate().optional(),
      end_date: endDate().optional(),
      ...page(10, 500),
    }),
  },
  response: z.object({ analyst_notes: z.array(AnalystNote) }),
});

const TEXT = new TextDecoder();
const TARGETS = ["target_price", "prior_target_price"] as const;

export function register(app: ApiApp): void {
  serve(
    app,
    notes,
    async (q, scenario) => {
      const out: AnalystNote[] = [];
      let skip = q.offset;
      const splits = await scenario.splits();
      for await (const { shard, index } of scenario.newestFirstIndexed(
        NOTES_SHARDS.notes,
        NOTES_SHARDS.notesIndex,
        q.ticker,
        q.start_date,
        q.end_date,
      )) {
        if (out.length >= q.limit) break;
        if (skip > 0) {
          skip--;
          continue;
        }
        // Decoded to restate the targets for the splits gone ex by the horizon.
        const note = JSON.parse(TEXT.decode(shard.json(index, index + 1))) as AnalystNote;
        out.push(splits.restate(note, note.ticker, note.date, TARGETS));
      }
      return { analyst_notes: out };
    },
    (q) => requireOrderedWindow(q.start_date, q.end_date),
  );
}
