// The news family's MCP tools: its routes under financialdatasets' MCP tool names.
import type { Tool } from "../../contract/tool.ts";

export const NEWS_TOOLS: readonly Tool[] = [
  { name: "get_news", path: "/news", rows: "news", use: "News articles, newest first." },
];
