// The filings family's MCP tools: its routes under financialdatasets' MCP tool names.
import type { Tool } from "../../contract/tool.ts";

export const FILINGS_TOOLS: readonly Tool[] = [
  { name: "get_filings", path: "/filings", rows: "filings", use: "SEC-style filings (10-K, 10-Q, 8-K)." },
  {
    name: "get_filing_items",
    path: "/filings/items",
    rows: "filing_items",
    use: "Sections of filings (risk factors, MD&A...) with their text.",
  },
  { name: "list_filing_item_types", path: "/filings/items/types", use: "The filing items that can be asked for." },
];
