// The events family's MCP tools: its routes under financialdatasets' MCP tool names.
import type { Tool } from "../../contract/tool.ts";

export const EVENTS_TOOLS: readonly Tool[] = [
  { name: "get_events", path: "/events/timeline", rows: "events", use: "The event timeline, newest first." },
];
