// The insiders family's MCP tools: its routes under financialdatasets' MCP tool names.
import type { Tool } from "../../contract/tool.ts";

export const INSIDERS_TOOLS: readonly Tool[] = [
  {
    name: "get_insider_trades",
    path: "/insider-trades",
    rows: "insider_trades",
    use: "Form 4 trades of officers, directors and 10% owners.",
  },
  {
    name: "get_insider_ownership",
    path: "/insider-ownership",
    rows: "insider_ownership",
    use: "What insiders hold: Form 3 (on appointment) and Form 5 (each fiscal year end) statements.",
  },
];
