// The kpis family's MCP tools: its routes under financialdatasets' MCP tool names.
import type { Tool } from "../../contract/tool.ts";

export const KPIS_TOOLS: readonly Tool[] = [
  { name: "get_kpi_metrics", path: "/kpi/metrics", rows: "kpi_metrics", use: "Sector KPIs per period." },
];
