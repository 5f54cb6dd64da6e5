// The MCP server at /mcp: Streamable HTTP, stateless (each POST stands alone, so any isolate answers
// it), from the official SDK's web-standard transport. Every message needs the X-API-KEY header; a
// tool call is one request to its route (src/mcp/tools.ts), so it is validated, rate-limited and
// answered exactly as over REST. Answers are compact: at most MAX_ROWS rows and about ANSWER_BYTES.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  type CallToolResult,
  type Tool as McpTool,
} from "@modelcontextprotocol/sdk/types.js";
import { CfWorkerJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/cfworker-provider.js";
import type { Context } from "hono";
import type { AppEnv } from "../env.ts";
import { authenticate } from "../http/auth.ts";
import { ApiError } from "../http/errors.ts";
import { innerFetch, type ApiApp } from "../http/route.ts";
import { openApiDocument } from "../routes/meta.ts";
import type { Tool } from "../contract/tool.ts";
import { TOOLS } from "./tools.ts";

/** Rows a call answers at most, and about how many bytes: a tool call cannot flood a context window. */
export const MAX_ROWS = 50;
export const ANSWER_BYTES = 20_000;
/** Longer texts (filing sections) are cut here, saying how much was left out. */
const MAX_TEXT = 4_000;
/** A row of a list inside one record (a call's turn) is read whole up to this: a page may hold one such row alone. */
const MAX_ROW_TEXT = 15_000;

const CLOCK =
  "`as_of` (YYYY-MM-DD, or YYYY-MM-DDTHH:MM in exchange time) is your clock: the answer holds only what was public " +
  "by then (default: the end of the scenario's current_date). Pass the moment you are deciding at, never a later one.";

type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; required?: string[] };
type Json = Record<string, unknown>;

/** A schema with every `$ref` to the document's components written out (tool schemas stand alone). */
function inline(schema: unknown, components: Record<string, unknown>): unknown {
  if (Array.isArray(schema)) return schema.map((s) => inline(s, components));
  if (!schema || typeof schema !== "object") return schema;
  const ref = (schema as { $ref?: string }).$ref;
  if (ref) return inline(components[ref.replace("#/components/schemas/", "")], components);
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, inline(v, components)]));
}

interface Described {
  tool: Tool;
  listed: McpTool;
  /** Paging of a list: the tool's default page, and the route's own maximum (0: it answers the whole list). */
  limit?: { default: number; maximum: number };
}

/**
 * A tool's input schema: a GET route's parameters, or a POST route's body and its path parameters.
 */
function inputOf(
  tool: Tool,
  op: { parameters?: Json[]; requestBody?: Json },
  components: Record<string, unknown>,
): Schema {
  let input: Schema = { type: "object", properties: {}, required: [] };
  if (tool.method === "POST" && op.requestBody) {
    const body = (op.requestBody as { content: { "application/json": { schema: unknown } } }).content;
    const schema = inline(body["application/json"].schema, components) as Schema;
    input = { ...schema, properties: { ...schema.properties }, required: [...(schema.required ?? [])] };
  }
  for (const p of op.parameters ?? []) {
    const name = p.name as string;
    if (name === "strict" || tool.omit?.includes(name) || (tool.method === "POST" && p.in !== "path")) continue;
    input.properties![name] = { ...(p.schema as Schema), description: (p.schema as Schema).description };
    if (p.required) input.required!.push(name);
  }
  return input;
}

/** Each tool as MCP lists it: its route's parameters as its input schema, `limit` capped at MAX_ROWS. */
function describe(app: ApiApp): Map<string, Described> {
  const doc = openApiDocument(app) as unknown as {
    paths: Record<
      string,
      Record<string, { summary?: string; description?: string; parameters?: Json[]; requestBody?: Json }>
    >;
    components: { schemas: Record<string, unknown> };
  };
  const out = new Map<string, Described>();
  for (const tool of TOOLS) {
    const op = doc.paths[tool.path]?.[tool.method === "POST" ? "post" : "get"];
    if (!op) throw new Error(`tool ${tool.name}: no route ${tool.method ?? "GET"} ${tool.path}`);
    const input = inputOf(tool, op, doc.components.schemas);
    const props = input.properties!;
    const takesScenario = "scenario_id" in props && !tool.run;
    if (takesScenario && !("as_of" in props))
      props.as_of = {
        type: "string",
        format: "date",
        description: "Your clock, as on every tool; this list does not change with time, so it reads the same.",
      };
    let limit: Described["limit"];
    if (tool.rows) {
      // The route's own bounds when it pages; a list it answers whole is paged by the tool.
      const { default: d, maximum } = (props.limit ?? {}) as { default?: number; maximum?: number };
      limit = { default: Math.min(d ?? MAX_ROWS, MAX_ROWS), maximum: maximum ?? 0 };
      props.limit = {
        type: "integer",
        minimum: 1,
        maximum: MAX_ROWS,
        default: limit.default,
        description: `Rows to answer (at most ${MAX_ROWS}); the answer's \`page\` says how to ask for the next ones.`,
      };
      props.offset ??= { type: "integer", minimum: 0, default: 0, description: "Rows to skip." };
    }
    const description = [tool.use, op.summary && `${op.summary}.`, op.description, takesScenario && CLOCK]
      .filter(Boolean)
      .join(" ");
    out.set(tool.name, {
      tool,
      limit,
      listed: { name: tool.name, description, inputSchema: input as McpTool["inputSchema"] },
    });
  }
  return out;
}

/** Strings longer than MAX_TEXT cut, saying so. */
function clipped(value: unknown, max = MAX_TEXT): unknown {
  if (typeof value === "string" && value.length > max)
    return `${value.slice(0, max)} [... ${value.length - max} more characters cut: ask for one row]`;
  if (Array.isArray(value)) return value.map((v) => clipped(v, max));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clipped(v, max)]));
  return value;
}

/**
 * A JSON-RPC error, sent with the message as given: MCP (2025-11-25, "Tools", "Error Handling") answers an
 * unknown tool so, `{"code":-32602,"message":"Unknown tool: <name>"}`, where the SDK's McpError would
 * prefix the message with "MCP error -32602: ".
 */
const protocolError = (code: ErrorCode, message: string) => Object.assign(new Error(message), { code });

const toolError = (text: string): CallToolResult => ({ isError: true, content: [{ type: "text", text }] });
/** An argument the tool refuses before its route: worded as the route words one (422), so all read alike. */
const badArgument = (detail: string) => toolError(`422: ${detail}`);

/** The query string of a GET tool's arguments: lists as repeated parameters. */
function queryOf(args: Json, skip: Set<string>): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(args)) {
    if (skip.has(name) || value === undefined || value === null) continue;
    for (const v of Array.isArray(value) ? value : [value]) query.append(name, String(v));
  }
  return query;
}

/** A tool call: one request to its route, its answer paged and cut to size. */
async function call(app: ApiApp, c: Context<AppEnv>, described: Described, args: Json): Promise<CallToolResult> {
  const { tool, limit } = described;
  let pageSize: number | undefined;
  let offset = 0;
  const rest = { ...args };
  if (limit) {
    const asked = (rest.limit ?? limit.default) as number;
    offset = rest.offset === undefined ? 0 : (rest.offset as number);
    // Refused past the declared maximum rather than cut to it: an agent asking 500 learns it gets 50.
    if (!Number.isInteger(asked) || asked < 1 || asked > MAX_ROWS)
      return badArgument(`limit must be an integer from 1 to ${MAX_ROWS}`);
    if (!Number.isInteger(offset) || offset < 0) return badArgument("offset must be an integer from 0");
    pageSize = asked;
    // Ask for as many rows as the route gives from the offset, to tell the total (or a lower bound).
    if (limit.maximum > 0) {
      rest.limit = limit.maximum;
      rest.offset = offset;
    } else {
      delete rest.limit;
      delete rest.offset;
    }
  }

  const origin = new URL(c.req.url).origin;
  const headers = { "X-API-KEY": c.req.header("x-api-key")!, "Content-Type": "application/json" };
  const inPath = new Set<string>();
  const path = tool.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    inPath.add(name);
    return encodeURIComponent(String(rest[name] ?? ""));
  });
  let request: Request;
  if (tool.method === "POST") {
    const sent = Object.fromEntries(Object.entries(rest).filter(([name]) => !inPath.has(name)));
    request = new Request(`${origin}${path}`, { method: "POST", headers, body: JSON.stringify(sent) });
  } else {
    request = new Request(`${origin}${path}?${queryOf(rest, inPath)}`, { headers });
  }
  const res = await innerFetch(app, c, request);
  const body = (await res.json()) as Json;
  if (res.status !== 200) {
    const retry = res.headers.get("retry-after");
    return toolError(`${res.status}: ${body.detail}${retry ? ` (retry after ${retry} s)` : ""}`);
  }

  const answeredAsOf = res.headers.get("x-as-of") ?? undefined;
  // `rows` names a key of the answer, or a key of one of its objects (`<key>.<list>`: one record's list).
  const [key, nested] = (tool.rows ?? "").split(".");
  const holder = nested ? (body[key] as Json | undefined) : body;
  const rows = tool.rows && holder ? holder[nested ?? key] : undefined;
  if (!Array.isArray(rows) || pageSize === undefined)
    return answerOf({ answered_as_of: answeredAsOf, ...(clipped(body) as Json) });

  const out: Json = { answered_as_of: answeredAsOf };
  for (const [k, v] of Object.entries(body))
    // Other lists of rows (the searches' `search_results` repeats `results`) are left out.
    if (k !== key && !(Array.isArray(v) && typeof v[0] === "object")) out[k] = clipped(v);
  const around = nested ? (clipped({ ...holder, [nested]: undefined }) as Json) : undefined;
  const placed = (page: unknown[]) => (around ? { [key]: { ...around, [nested]: page } } : { [key]: page });
  // A route that answers its whole list: the rows from the offset are the tool's to page.
  const fromOffset = limit!.maximum > 0 ? rows : rows.slice(offset);
  const total = offset + fromOffset.length;
  const more = (shown: number) => shown < total || fromOffset.length === limit!.maximum;
  // Only the rows a page can show are clipped (the route was asked for its maximum, to count them).
  const shown = fromOffset.slice(0, pageSize).map((row) => clipped(row, nested ? MAX_ROW_TEXT : MAX_TEXT));
  const render = (count: number) =>
    JSON.stringify({
      ...out,
      ...placed(shown.slice(0, count)),
      page: {
        offset,
        returned: count,
        total: fromOffset.length === limit!.maximum ? `at least ${total}` : total,
        next: more(offset + count) ? `call ${tool.name} again with offset=${offset + count} for the next rows` : null,
      },
    });
  let n = shown.length;
  let text = render(n);
  for (let size = byteLength(text); n > 1 && size > ANSWER_BYTES; size = byteLength(text)) {
    n = Math.max(1, Math.min(n - 1, Math.floor((n * ANSWER_BYTES) / size)));
    text = render(n);
  }
  return { content: [{ type: "text", text }] };
}

const byteLength = (text: string) => new TextEncoder().encode(text).length;

const answerOf = (value: Json): CallToolResult => ({ content: [{ type: "text", text: JSON.stringify(value) }] });

export function register(app: ApiApp): void {
  let tools: Map<string, Described> | undefined;

  app.all("/mcp", async (c) => {
    if (c.req.method !== "POST") {
      c.header("Allow", "POST");
      throw new ApiError(
        405,
        `Method ${c.req.method} not allowed on /mcp; use POST (stateless MCP: no stream, no session)`,
      );
    }
    await authenticate(c);
    tools ??= describe(app);
    const known = tools;
    const server = new Server(
      { name: "synthmarket", version: "1" },
      { capabilities: { tools: {} }, jsonSchemaValidator: new CfWorkerJsonSchemaValidator() },
    );
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [...known.values()].map((t) => t.listed) }));
    server.setRequestHandler(CallToolRequestSchema, async ({ params }) => {
      const described = known.get(params.name);
      if (!described) throw protocolError(ErrorCode.InvalidParams, `Unknown tool: ${params.name}`);
      return call(app, c, described, (params.arguments ?? {}) as Json);
    });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(c.req.raw);
    } finally {
      await server.close();
    }
  });
}
