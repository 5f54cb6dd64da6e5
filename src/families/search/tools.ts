// The search family's MCP tools: its routes under financialdatasets' MCP tool names.
import type { Tool } from "../../contract/tool.ts";

export const SEARCH_TOOLS: readonly Tool[] = [
  {
    name: "screen_stocks",
    path: "/financials/search/screener",
    method: "POST",
    rows: "results",
    use: "Companies whose latest period meets bounds on metrics and statement lines.",
  },
  {
    name: "list_stock_screener_filters",
    path: "/financials/search/screener/filters",
    rows: "filters",
    use: "The fields screen_stocks can bound.",
  },
];
