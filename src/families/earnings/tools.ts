// The earnings family's MCP tools: its routes under financialdatasets' MCP tool names.
import type { Tool } from "../../contract/tool.ts";

export const EARNINGS_TOOLS: readonly Tool[] = [
  { name: "get_earnings", path: "/earnings", rows: "earnings", use: "Earnings releases with surprises." },
  {
    name: "get_analyst_estimates",
    path: "/analyst-estimates",
    rows: "analyst_estimates",
    use: "Consensus estimates as they stood.",
  },
];
