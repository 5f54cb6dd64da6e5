// The metrics family's MCP tools: its routes under financialdatasets' MCP tool names.
import type { Tool } from "../../contract/tool.ts";

export const METRICS_TOOLS: readonly Tool[] = [
  {
    name: "get_financial_metrics",
    path: "/financial-metrics",
    rows: "financial_metrics",
    use: "Valuation, profitability and growth metrics per period.",
  },
  {
    name: "get_financial_metrics_snapshot",
    path: "/financial-metrics/snapshot",
    rows: "financial_metrics",
    use: "The latest metrics of a company, valued at the close of as_of.",
  },
];
