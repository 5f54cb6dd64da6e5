// An MCP tool: one route of the API under a tool name (src/mcp/tools.ts lists them all).

export interface Tool {
  name: string;
  /** The route it calls: a GET path (`{scenario_id}` filled from the arguments), or a POST route. */
  path: string;
  method?: "POST";
  /**
   * The answer's list of rows, paged by the tool (at most MAX_ROWS a call): a key of the answer, or
   * `<key>.<list>` for a list inside one record (a call's `turns`), the record's other fields kept.
   */
  rows?: string;
  /** What the tool is for, in a sentence (the route's own summary and description follow). */
  use: string;
  /** Parameters the tool does not offer. */
  omit?: readonly string[];
  /** A tool of runs (docs/runs.md): it reads no scenario at a date, so it takes no `as_of`. */
  run?: true;
}
