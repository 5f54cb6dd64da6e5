// The macro family's MCP tools: its routes under financialdatasets' MCP tool names.
import type { Tool } from "../../contract/tool.ts";

export const MACRO_TOOLS: readonly Tool[] = [
  {
    name: "get_interest_rates",
    path: "/macro/interest-rates",
    rows: "interest_rates",
    use: "A central bank's policy-rate decisions.",
  },
  { name: "get_macro", path: "/macro", rows: "macro_data", use: "The daily macro tape (rates, inflation, spreads)." },
];
