// The funds family's MCP tools: its routes under financialdatasets' MCP tool names.
import type { Tool } from "../../contract/tool.ts";

export const FUNDS_TOOLS: readonly Tool[] = [
  {
    name: "get_index_fund",
    path: "/index-funds",
    rows: "index_funds",
    use: "An index fund's composition, or the funds that hold a company.",
  },
];
