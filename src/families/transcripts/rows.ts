// Earnings call transcripts (docs/contract.md, "Earnings call transcript"): a call as listed, and its
// detail with every turn. A call follows its earnings release the same day; what its speakers say of
// the quarter states the records' numbers (docs/transcripts.md).
import { z } from "zod";
import { day, field, ticker } from "../../contract/fields.ts";

export const CALL_ROLES = ["operator", "investor_relations", "executive", "analyst"] as const;

export const CallParticipant = z
  .object({
    name: field(z.string(), "The speaker (the operator is `Operator`; people are invented).", "Avery Dalberth"),
    role: field(z.enum(CALL_ROLES), "Who they are on the call.", "executive"),
    title: field(
      z.string().nullable(),
      "An executive's title (as the insider filings give it), or `Investor Relations`; null for the operator and analysts.",
      "Chief Financial Officer",
    ),
    firm: field(z.string().nullable(), "An analyst's firm (a covering firm of /analyst-estimates); else null.", null),
  })
  .meta({ id: "CallParticipant", description: "A speaker on an earnings call." });

export const EarningsCallTranscript = z
  .object({
    date: day("The call's date: the day of the earnings release it follows (public from then)."),
    transcript_id: field(
      z.string(),
      "Identifier (`ect_<yyyymmdd>_<ticker>`): `/earnings/transcripts/{transcript_id}` serves its turns.",
      "ect_20231102_AAPL",
    ),
    ticker: ticker("The company."),
    title: field(z.string(), "Title.", "Apple Inc. (AAPL) fiscal Q4 2023 earnings call"),
    fiscal_period: field(z.string(), "The quarter discussed, as /earnings labels it.", "fiscal Q4 2023"),
    fiscal_year: field(z.int(), "Its fiscal year.", 2023),
    fiscal_quarter: field(z.int().min(1).max(4), "Its fiscal quarter.", 4),
    report_period: day("Last day of the quarter."),
    call_datetime: field(
      z.string(),
      "When the call began, exchange time: after the release (`/earnings` `filing_datetime`).",
      "2023-11-02T17:00:00",
    ),
    visible_from: day("First date an as_of query sees it (the call's date)."),
    sentiment: field(
      z.enum(["positive", "negative", "neutral"]),
      "The quarter's tone: the EPS surprise's sign (neutral within 1% of the consensus, or without one).",
      "positive",
    ),
    participants: field(z.array(CallParticipant), "Everyone who speaks, in order of first turn."),
    word_count: field(z.int(), "Words in all the turns.", 7412),
    accession_number: field(
      z.string(),
      "The quarter's 10-Q (10-K) filed with the release, as /earnings gives it: the records the call's figures come from.",
      "0000320193-23-000106",
    ),
    source_event_id: field(
      z.string(),
      "The earnings_release event it follows (`/events/timeline`).",
      "evt_89bce83a69bffb07fd0d",
    ),
  })
  .meta({ id: "EarningsCallTranscript", description: "An earnings call, as listed." });

export const CallTurn = z
  .object({
    section: field(
      z.enum(["prepared_remarks", "question_and_answer"]),
      "The prepared remarks, or the question-and-answer session.",
      "prepared_remarks",
    ),
    speaker: field(z.string(), "A participant's name.", "Avery Dalberth"),
    role: field(z.enum(CALL_ROLES), "The participant's role.", "executive"),
    text: field(z.string(), "What they said: paragraphs separated by blank lines."),
  })
  .meta({ id: "CallTurn", description: "One speaker's turn on an earnings call." });

export const EarningsCallTranscriptDetail = EarningsCallTranscript.extend({
  turns: field(z.array(CallTurn), "The call, turn by turn."),
  validation: field(
    z.object({ numbers: z.array(z.string()), facts_from: z.array(z.string()) }),
    "What the build checked: the numbers the turns state (each one of its records' numbers) and the records.",
  ),
}).meta({ id: "EarningsCallTranscriptDetail", description: "An earnings call with its turns." });

/** A call as listed, with its turns when the list is asked for them (`include_turns=true`). */
export const ListedCall = EarningsCallTranscript.extend({
  turns: field(z.array(CallTurn), "The call, turn by turn: only with `include_turns=true`.").optional(),
  validation: field(
    z.object({ numbers: z.array(z.string()), facts_from: z.array(z.string()) }),
    "What the build checked (as the detail's): only with `include_turns=true`.",
  ).optional(),
}).meta({ id: "ListedEarningsCall", description: "An earnings call as listed, with its turns if asked." });

/** A transcript id: `ect_`, its date (`yyyymmdd`) and its company's ticker. */
const TRANSCRIPT_ID = /^ect_(\d{4})(\d{2})(\d{2})_([A-Z0-9][A-Z0-9-]{0,14})$/;

/** The date and ticker a transcript id carries, or undefined for what is no transcript id. */
export function transcriptOf(id: string): { date: string; ticker: string } | undefined {
  const m = TRANSCRIPT_ID.exec(id);
  return m ? { date: `${m[1]}-${m[2]}-${m[3]}`, ticker: m[4] } : undefined;
}

export const transcriptId = (date: string, ticker: string) => `ect_${date.replaceAll("-", "")}_${ticker}`;

export type CallParticipant = z.infer<typeof CallParticipant>;
export type CallTurn = z.infer<typeof CallTurn>;
export type EarningsCallTranscript = z.infer<typeof EarningsCallTranscript>;
export type EarningsCallTranscriptDetail = z.infer<typeof EarningsCallTranscriptDetail>;
export type ListedCall = z.infer<typeof ListedCall>;
