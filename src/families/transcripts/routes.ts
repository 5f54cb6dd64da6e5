// Earnings call transcripts: calls newest first (one company's, several, or every company's), and one
// call with its turns. A call is public from its date, as the release it follows.
import { z } from "zod";
import { asOf, bool, endDate, int, page, scenarioId, startDate, tickers, withDefault } from "../../contract/params.ts";
import { notFound } from "../../http/errors.ts";
import { jsonArray, jsonObject } from "../../http/json.ts";
import { dataRoute, serve, type ApiApp } from "../../http/route.ts";
import { requireOrderedWindow, type Scenario } from "../../http/scenario.ts";
import { EarningsCallTranscriptDetail, ListedCall, transcriptOf } from "./rows.ts";
import { TRANSCRIPTS_SHARDS, turnsPart } from "./shards.ts";

const TAG = "Earnings call transcripts";

const list = dataRoute({
  path: "/earnings/transcripts",
  tag: TAG,
  summary: "Earnings call transcripts",
  description:
    "Newest first, ties by id: each company's call on the day of each earnings release, as listed (who spoke, the " +
    "quarter, its tone, its length). `/earnings/transcripts/{transcript_id}` serves a call's turns. `fiscal_year` and " +
    "`fiscal_quarter` keep the calls on that fiscal period; `include_turns=true` adds each call's turns (as its " +
    "detail). A call is visible from its date.",
  request: {
    query: z.object({
      scenario_id: scenarioId(),
      ticker: tickers("Only these companies' calls", "AAPL"),
      fiscal_year: int(
        { description: "Only calls on quarters of this fiscal year.", example: "2023" },
        1900,
        2200,
      ).optional(),
      fiscal_quarter: int(
        { description: "Only calls on this fiscal quarter (1 to 4).", example: "4" },
        1,
        4,
      ).optional(),
      include_turns: withDefault(
        bool({ description: "Add each call's turns and validation, as its detail serves them.", example: "false" }),
        false,
      ),
      as_of: asOf("calls").optional(),
      start_date: startDate().optional(),
      end_date: endDate().optional(),
      ...page(20, 100),
    }),
  },
  response: z.object({ earnings_call_transcripts: z.array(ListedCall) }),
});

const detail = dataRoute({
  path: "/earnings/transcripts/{transcript_id}",
  tag: TAG,
  summary: "One earnings call, turn by turn",
  description:
    "The call's prepared remarks and its question-and-answer session, each turn with its speaker. 404 when the id " +
    "is not a call of the scenario, or the call is not public by `as_of`.",
  request: {
    params: z.object({
      transcript_id: z.string().min(1).max(64).meta({ description: "The call's id.", example: "ect_20231102_AAPL" }),
    }),
    query: z.object({ scenario_id: scenarioId(), as_of: asOf("calls").optional() }),
  },
  response: z.object({ earnings_call_transcript: EarningsCallTranscriptDetail }),
});

const TEXT = new TextDecoder();

/** A call's detail as stored (its JSON text), found from its id alone; 404 when it is no call public by the horizon. */
async function turnsOf(scenario: Scenario, id: string): Promise<Uint8Array> {
  const call = transcriptOf(id);
  const notCall = () => notFound(`Earnings call transcript ${id} not found in scenario`);
  if (!call) throw notCall();
  const shard = await scenario.dated(TRANSCRIPTS_SHARDS.transcriptTurns, turnsPart(call.ticker, call.date));
  const i = shard ? shard.find(`${call.date} ${id}`) : -1;
  if (!shard || i < 0) throw notCall();
  return shard.json(i, i + 1);
}

export function register(app: ApiApp): void {
  serve(
    app,
    list,
    async (q, scenario) => {
      const period = q.fiscal_year !== undefined || q.fiscal_quarter !== undefined;
      const keep = period
        ? (row: Record<string, unknown>) =>
            (q.fiscal_year === undefined || row.fiscal_year === q.fiscal_year) &&
            (q.fiscal_quarter === undefined || row.fiscal_quarter === q.fiscal_quarter)
        : undefined;
      const rows = await scenario.newestFirstByTickerOrPeriod(TRANSCRIPTS_SHARDS.transcripts, q.ticker, {
        first: q.start_date,
        last: q.end_date,
        offset: q.offset,
        limit: q.limit,
        keep,
      });
      if (!q.include_turns) return { earnings_call_transcripts: jsonArray<ListedCall>(rows) };
      const details: Uint8Array[] = [];
      for (const row of rows)
        details.push(await turnsOf(scenario, (JSON.parse(TEXT.decode(row)) as ListedCall).transcript_id));
      return { earnings_call_transcripts: jsonArray<ListedCall>(details) };
    },
    (q) => requireOrderedWindow(q.start_date, q.end_date),
  );

  serve(app, detail, async (q, scenario) => ({
    earnings_call_transcript: jsonObject<EarningsCallTranscriptDetail>(await turnsOf(scenario, q.transcript_id)),
  }));
}
