// The statements family's MCP tools: its routes under financialdatasets' MCP tool names.
import type { Tool } from "../../contract/tool.ts";

export const STATEMENTS_TOOLS: readonly Tool[] = [
  {
    name: "get_income_statements",
    path: "/financials/income-statements",
    rows: "income_statements",
    use: "A company's income statements, newest period first.",
  },
  {
    name: "get_balance_sheets",
    path: "/financials/balance-sheets",
    rows: "balance_sheets",
    use: "A company's balance sheets, newest period first.",
  },
  {
    name: "get_cash_flow_statements",
    path: "/financials/cash-flow-statements",
    rows: "cash_flow_statements",
    use: "A company's cash-flow statements, newest period first.",
  },
  {
    name: "get_segmented_financials",
    path: "/financials/segments",
    rows: "financials",
    use: "A company's statements broken out by business segment and region.",
  },
];
