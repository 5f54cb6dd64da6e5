// The transcripts family's MCP tools: the list of calls, and one call's turns.
import type { Tool } from "../../contract/tool.ts";

export const TRANSCRIPTS_TOOLS: readonly Tool[] = [
  {
    name: "get_earnings_call_transcripts",
    path: "/earnings/transcripts",
    rows: "earnings_call_transcripts",
    use: "Earnings calls, newest first (who spoke, when, the quarter); get_earnings_call_transcript reads one.",
  },
  {
    name: "get_earnings_call_transcript",
    path: "/earnings/transcripts/{transcript_id}",
    rows: "earnings_call_transcript.turns",
    use: "One earnings call, turn by turn: prepared remarks, then questions from covering analysts.",
  },
];
