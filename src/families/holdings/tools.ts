// The holdings family's MCP tools: its routes under financialdatasets' MCP tool names.
import type { Tool } from "../../contract/tool.ts";

export const HOLDINGS_TOOLS: readonly Tool[] = [
  {
    name: "get_beneficial_ownership",
    path: "/beneficial-ownership",
    rows: "beneficial_owners",
    use: "Holders of more than 5% of a company (Schedules 13G/13D), by ticker or by filer_cik.",
  },
  {
    name: "get_institutional_holdings",
    path: "/institutional-holdings",
    rows: "institutional_holdings",
    use: "13F holdings of institutional managers, by ticker or by manager (filer_cik).",
  },
  {
    name: "get_institutional_investors",
    path: "/institutional-holdings/investors",
    rows: "investors",
    use: "The institutional managers that file 13F reports, with their filer_cik.",
  },
];
