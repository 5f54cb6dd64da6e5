// The company family's MCP tools: its routes under financialdatasets' MCP tool names.
import type { Tool } from "../../contract/tool.ts";

export const COMPANY_TOOLS: readonly Tool[] = [
  { name: "get_company_facts", path: "/company/facts", use: "A company's identity, sector and market cap." },
];
