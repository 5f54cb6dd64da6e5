// The transcripts family's shards: calls as listed, and their turns per company and year.
import { identity, kind, perPart } from "../../bundle/shards.ts";
import { EarningsCallTranscript } from "./rows.ts";

/** A call's listed fields (its date first, the shard key, and its id second, for ties). */
export const TRANSCRIPT_COLUMNS = Object.keys(EarningsCallTranscript.shape) as (keyof EarningsCallTranscript)[];

/** The part of a company's turns of a year: `AAPL/2023`. */
export const turnsPart = (ticker: string, date: string) => `${ticker}/${date.slice(0, 4)}`;

/** A call is public from the minute it begins (its text as if followed live). */
const CALL_BEGAN = { column: "call_datetime" } as const;

export const TRANSCRIPTS_SHARDS = {
  /** As listed: per ticker, and per month of every company's (`all/2023-06`), by date then id. */
  transcripts: kind(perPart("earnings-transcripts"), TRANSCRIPT_COLUMNS, {
    visible: "key",
    publicAt: CALL_BEGAN,
    period: "month",
    served: identity,
  }),
  /**
   * Per company and year (`AAPL/2023`): each call with its turns and validation, keyed by date then
   * id, so a detail is found from its id alone (the id names both). A call's text is stored once, here.
   */
  transcriptTurns: kind(perPart("earnings-transcripts-text"), ["key", ...TRANSCRIPT_COLUMNS, "turns", "validation"], {
    visible: "key",
    publicAt: CALL_BEGAN,
    served: { hidden: ["key"] },
  }),
} as const;
