// The notes family's MCP tools: its routes under financialdatasets' MCP tool names.
import type { Tool } from "../../contract/tool.ts";

export const NOTES_TOOLS: readonly Tool[] = [
  {
    name: "get_analyst_notes",
    path: "/analyst-notes",
    rows: "analyst_notes",
    use: "Analysts' notes and rating changes.",
  },
];
