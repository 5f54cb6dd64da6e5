// How a route is declared: once, as an OpenAPI route (@hono/zod-openapi) with its parameter schemas,
// its 200 schema and the shared error answers. The worker validates requests with that declaration,
// `/openapi.json` is generated from it, and handlers get the validated input and must return the
// declared response body (checked by the type system; live answers are checked in the tests).
import { createRoute, type OpenAPIHono, type RouteConfig } from "@hono/zod-openapi";
import type { Context } from "hono";
import { z } from "zod";
import { bool, EXAMPLE_SCENARIO_ID, limitsOf, str } from "../contract/params.ts";
import { ErrorBody } from "../contract/resources.ts";
import type { AppEnv } from "../env.ts";
import { ApiError, type FieldError } from "./errors.ts";
import { concat, renderAnswer, type Answer } from "./json.ts";
import { clocked } from "./clock.ts";
import { answer, answeredBefore, identify, remember, seenBefore } from "./respond.ts";
import { Scenario } from "./scenario.ts";

export type ApiApp = OpenAPIHono<AppEnv>;

/** The name of the X-API-KEY scheme in the document. */
export const API_KEY_SCHEME = "ApiKey";

const errorAnswer = (description: string) => ({
  description,
  content: { "application/json": { schema: ErrorBody } },
});

const rateLimitHeaders = {
  "X-RateLimit-Limit": { description: "Requests allowed per rolling minute.", schema: { type: "integer" as const } },
  "X-RateLimit-Remaining": { description: "Requests left in the window.", schema: { type: "integer" as const } },
  "X-Account-ID": { description: "The account the key belongs to.", schema: { type: "string" as const } },
};

/** The horizon an answer applied, on every answer about a scenario. */
const asOfHeader = {
  "X-As-Of": {
    description:
      "The last date this answer could show: the earliest point-in-time parameter given (`as_of`, ...), else the " +
      "scenario's current_date, and never after its end_date, the world's last day (a later date answers as of " +
      "end_date). On every answer about a scenario.",
    schema: { type: "string" as const, format: "date" },
  },
  "X-Clock-Horizon": {
    description:
      "Only to a clock key (docs/clock-keys.md): its horizon. No answer to it shows a later date; a later `as_of` " +
      "gets this horizon, as X-As-Of says.",
    schema: { type: "string" as const, format: "date" },
  },
};

/** Error answers every keyed route can give (docs/api-choices.md, "Status codes and error bodies"). */
export const errorResponses = {
  400: errorAnswer("A combination that cannot be served (start_date after end_date, an interval not served, ...)."),
  401: errorAnswer("Missing or invalid X-API-KEY header."),
  403: errorAnswer(
    "A clock key (bound to one scenario and a horizon) asking for another scenario, the catalog, a validation report or a bulk export.",
  ),
  404: errorAnswer("Unknown scenario, or a ticker, bank, fund or route the scenario does not hold."),
  422: errorAnswer(
    "A required parameter missing or empty, a malformed value, or a single-valued parameter repeated with different values.",
  ),
  429: {
    ...errorAnswer("Rate limit exceeded: retry after Retry-After seconds."),
    headers: {
      ...rateLimitHeaders,
      "Retry-After": { description: "Seconds to wait.", schema: { type: "integer" as const } },
    },
  },
} as const;

/** The query parameters that set a route's point in time (their earliest); `as_of` unless a route says otherwise. */
const AS_OF = ["as_of"] as const;

interface DataRouteConfig<Request extends RouteConfig["request"], Response extends z.ZodType> {
  path: string;
  tag: string;
  summary: string;
  description?: string;
  request: Request;
  response: Response;
  /** The date parameters whose earliest is the horizon (default `as_of`); without any, the scenario's current_date. */
  pointInTime?: readonly string[];
  /** The answer describes whole windows (the catalog, a validation report, an export): refused to clock keys. */
  wholeWindow?: boolean;
}

/**
 * `strict=true`, taken by every data route with a query: unknown query parameters are then refused
 * (422) rather than ignored, so a misspelt filter cannot silently widen an answer.
 */
const STRICT = bool({
  description:
    "`true`: answer 422 naming any query parameter this route does not take, instead of ignoring it (the default).",
  example: "true",
}).optional();

/** A keyed GET route over bundle data: answered by `serve`, with strong ETags. */
export function dataRoute<const Request extends RouteConfig["request"], const Response extends z.ZodType>(
  config: DataRouteConfig<Request, Response>,
) {
  const query = config.request?.query as z.ZodObject | undefined;
  const route = createRoute({
    method: "get",
    path: config.path,
    tags: [config.tag],
    summary: config.summary,
    description: config.description,
    security: [{ [API_KEY_SCHEME]: [] }],
    middleware: [seenBefore] as const,
    request: (query ? { ...config.request, query: query.extend({ strict: STRICT }) } : config.request) as Request,
    responses: {
      200: {
        description: "OK. Scenario data never changes: the strong ETag answers If-None-Match with 304.",
        headers: {
          ...rateLimitHeaders,
          ...asOfHeader,
          ETag: { description: "Strong validator of this answer.", schema: { type: "string" as const } },
        },
        content: { "application/json": { schema: config.response } },
      },
      ...errorResponses,
    },
  });
  return { ...route, pointInTime: config.pointInTime ?? AS_OF, wholeWindow: config.wholeWindow ?? false };
}

type DataRoute = ReturnType<typeof dataRoute>;
type Validated<R, Target extends "query" | "params"> = R extends { request: Record<Target, infer S extends z.ZodType> }
  ? z.output<S>
  : unknown;
type ResponseBody<R> = R extends {
  responses: { 200: { content: { "application/json": { schema: infer S extends z.ZodType } } } };
}
  ? z.input<S>
  : never;

/** The scenario a request names, at its horizon; routes without `scenario_id` get none, and where it is optional, maybe none. */
type ScenarioOf<I> = I extends { scenario_id: string }
  ? Scenario
  : "scenario_id" extends keyof I
    ? Scenario | undefined
    : undefined;

/** Rules on the request alone (400 and 422 before anything is read: an unknown scenario is 404 after them). */
type Check<I> = (input: I) => void;

/** 422 naming the query parameters sent that the route does not declare (asked for with `strict=true`). */
function refuseUnknownParameters(c: Context<AppEnv>, path: string, declared: z.ZodObject): void {
  const taken = Object.keys(declared.shape);
  const unknown = Object.keys(c.req.queries()).filter((name) => !taken.includes(name));
  if (unknown.length === 0) return;
  throw new ApiError(
    422,
    `Query parameter '${unknown[0]}' is not taken by ${path} (strict=true); it takes ${taken.join(", ")}`,
    unknown.map((name) => ({ loc: ["query", name], msg: "is not taken by this route", type: "unrecognized_keys" })),
  );
}

/** The request's scenario at the earliest of its point-in-time parameters given, if it names one. */
async function scenarioOf(c: Context<AppEnv>, input: Record<string, unknown>, pointInTime: readonly string[]) {
  if (typeof input.scenario_id !== "string") return undefined;
  const dates = pointInTime.map((name) => input[name] as string | undefined);
  return Scenario.open(c.get("reader"), input.scenario_id, dates);
}

/**
 * Serve a data route. The handler gets the validated query and path parameters and the scenario they
 * name, opened at the request's horizon, and returns the declared body (fields may be JSON text
 * taken from shards). Before it runs, the request's identity answers a matching If-None-Match with
 * 304 and a repeated request from the isolate's body cache, so neither reads a shard.
 */
export function serve<R extends DataRoute>(
  app: ApiApp,
  route: R,
  handler: (
    input: Validated<R, "query"> & Validated<R, "params">,
    scenario: ScenarioOf<Validated<R, "query"> & Validated<R, "params">>,
    c: Context<AppEnv>,
  ) => Promise<Answer<ResponseBody<R>>>,
  check?: Check<Validated<R, "query"> & Validated<R, "params">>,
): void {
  const { pointInTime, wholeWindow, ...declaration } = route;
  app.openapi(
    declaration as R,
    (async (c: Context<AppEnv>) => {
      const req = c.req as unknown as { valid(target: string): { strict?: boolean } | undefined };
      const { strict, ...query } = req.valid("query") ?? {};
      if (strict) refuseUnknownParameters(c, route.path, route.request!.query as z.ZodObject);
      const input = clocked(c, { ...query, ...req.valid("param") }, pointInTime, wholeWindow) as Validated<R, "query"> &
        Validated<R, "params">;
      const identity = await identify(c, route.path, input as Record<string, unknown>, pointInTime);
      // A clock key's URL does not name its answer (its horizon does): never remembered by URL.
      if (identity && !c.get("clock")) remember(c, identity);
      const before = identity && answeredBefore(c, identity);
      if (before) return before;
      check?.(input);
      const scenario = await scenarioOf(c, input as Record<string, unknown>, pointInTime);
      return answer(c, identity, renderAnswer((await handler(input, scenario as never, c)) as Record<string, unknown>));
    }) as never,
  );
}

interface PostRouteConfig<Body extends z.ZodType, Response extends z.ZodType> {
  path: string;
  tag: string;
  summary: string;
  description?: string;
  body: Body;
  response: Response;
  /** The body's date fields whose earliest is the horizon (default `as_of`). */
  pointInTime?: readonly string[];
}

/** Bodies larger than this are refused (422) before they are parsed. */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * A POST route's query: only `scenario_id`, for clients that add it to every request's URL (its
 * body's `scenario_id` when the body has none). Other query parameters are ignored, as on GET routes.
 */
const POST_QUERY = z.object({
  scenario_id: str(
    {
      description:
        "The scenario to read, for clients that send it in the URL: read when the body has no `scenario_id`; " +
        "given in both, the two must be the same (422 otherwise).",
      example: EXAMPLE_SCENARIO_ID,
    },
    64,
  ).optional(),
});

/** A keyed POST route over bundle data whose parameters are a JSON body: answered by `servePost`. */
export function postRoute<const Body extends z.ZodType, const Response extends z.ZodType>(
  config: PostRouteConfig<Body, Response>,
) {
  return {
    ...createRoute({
      method: "post",
      path: config.path,
      tags: [config.tag],
      summary: config.summary,
      description:
        `${config.description ?? ""} The body is JSON of at most ${MAX_BODY_BYTES} bytes, whatever its Content-Type.`.trim(),
      security: [{ [API_KEY_SCHEME]: [] }],
      request: {
        query: POST_QUERY,
        body: { required: true, content: { "application/json": { schema: config.body } } },
      },
      responses: {
        200: {
          description: "OK.",
          headers: { ...rateLimitHeaders, ...asOfHeader },
          content: { "application/json": { schema: config.response } },
        },
        ...errorResponses,
      },
    }),
    body: config.body,
    pointInTime: config.pointInTime ?? AS_OF,
  };
}

/** The body's bytes, or null for one above MAX_BODY_BYTES: read no further than that (it may be streamed). */
export async function boundedBody(req: Request): Promise<Uint8Array | null> {
  const declared = req.headers.get("content-length");
  if (Number(declared ?? 0) > MAX_BODY_BYTES) return null;
  // The runtime holds a body to its declared length: read it whole (streaming it costs more CPU).
  if (declared !== null) return new Uint8Array(await req.arrayBuffer());
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of req.body ?? []) {
    size += chunk.byteLength;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk);
  }
  return concat(chunks);
}

/**
 * The body's `scenario_id`, or the query's (POST_QUERY) when the body has none: 422 when both are
 * given and differ, or the query's is malformed (empty, repeated with different values).
 */
function withQueryScenario(c: Context<AppEnv>, body: Record<string, unknown>): Record<string, unknown> {
  const sent = c.req.queries("scenario_id");
  if (!sent) return body;
  const query = POST_QUERY.safeParse({ scenario_id: sent.length === 1 ? sent[0] : sent });
  if (!query.success) throw validationError("query", query.error);
  const id = query.data.scenario_id!;
  if (body.scenario_id === undefined) return { ...body, scenario_id: id };
  if (body.scenario_id !== id)
    throw new ApiError(
      422,
      "Query parameter 'scenario_id' and body field 'scenario_id' differ: name the scenario once, or the same in both",
      [
        { loc: ["query", "scenario_id"], msg: "differs from the body's", type: "conflict" },
        { loc: ["body", "scenario_id"], msg: "differs from the query's", type: "conflict" },
      ],
    );
  return body;
}

/** Bytes read as a JSON object, or null for anything else (not JSON, an array, a scalar). */
export function jsonObjectOf(bytes: Uint8Array): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The request's JSON body, validated, its `scenario_id` possibly from the query (withQueryScenario, the
 * default `prepare`; a body that names no scenario passes its own): 422 for one too large, not JSON,
 * not an object, or not as declared. With `emptyIsObject`, no body at all reads as `{}`.
 */
export async function jsonBody<T extends z.ZodType>(
  c: Context<AppEnv>,
  schema: T,
  prepare: (c: Context<AppEnv>, body: Record<string, unknown>) => Record<string, unknown> = withQueryScenario,
  emptyIsObject = false,
): Promise<z.output<T>> {
  const bytes = await boundedBody(c.req.raw);
  if (!bytes) throw new ApiError(422, `Request body must be at most ${MAX_BODY_BYTES} bytes`);
  const value = emptyIsObject && bytes.byteLength === 0 ? {} : jsonObjectOf(bytes);
  if (!value) throw new ApiError(422, "Request body must be a JSON object");
  const parsed = schema.safeParse(prepare(c, value));
  if (!parsed.success) throw validationError("json", parsed.error);
  return parsed.data as z.output<T>;
}

/**
 * Serve a POST route. Declared in the document like the others, but routed here rather than by
 * `app.openapi`, whose body validator answers a body that is not JSON, or sent without a JSON
 * Content-Type, with 400 and 415 where docs/api-choices.md ("Status codes and error bodies") asks for
 * 422 (and `curl -d` sends form data's type).
 * The isolate's body cache answers a repeated body, keyed by the validated body (its `scenario_id`
 * from the query or the body alike), not the URL.
 */
export function servePost<Body extends z.ZodType, Response extends z.ZodType>(
  app: ApiApp,
  route: ReturnType<typeof postRoute<Body, Response>>,
  handler: (input: z.output<Body>, scenario: Scenario, c: Context<AppEnv>) => Promise<Answer<z.input<Response>>>,
): void {
  const { body, pointInTime, ...declaration } = route;
  app.openAPIRegistry.registerPath(declaration);
  app.post(route.path, async (c) => {
    const input = clocked(c, (await jsonBody(c, body)) as Record<string, unknown>, pointInTime) as z.output<Body>;
    const identity = await identify(c, route.path, input as Record<string, unknown>, pointInTime);
    const before = identity && answeredBefore(c, identity);
    if (before) return before;
    const scenario = (await scenarioOf(c, input as Record<string, unknown>, pointInTime))!;
    return answer(c, identity, renderAnswer((await handler(input, scenario, c)) as Record<string, unknown>));
  });
}

/** A declared path as Hono routes it (`{name}` -> `:name`), for the routes routed by hand. */
export const honoPath = (path: string) => path.replace(/\{(\w+)\}/g, ":$1");

/** Validation failures become 422 {detail, errors}, the detail naming the first failed parameter. */
export function validationError(target: string, error: z.ZodError): ApiError {
  const where = target === "param" ? "path" : target === "json" ? "body" : target;
  const errors = error.issues.flatMap((issue): FieldError[] => {
    const path = issue.path.map((p) => (typeof p === "symbol" ? String(p) : p));
    // A strict body names each field it does not take.
    if (issue.code === "unrecognized_keys")
      return issue.keys.map((k) => ({ loc: [where, ...path, k], msg: "is not accepted", type: issue.code }));
    return [{ loc: [where, ...path], msg: issue.message, type: issue.code }];
  });
  const first = errors[0];
  const noun = where === "path" ? "Path parameter" : where === "body" ? "Body field" : "Query parameter";
  return new ApiError(422, `${noun} '${first.loc.slice(1).join(".")}' ${first.msg}`, errors);
}

/** The `limit` bounds of each GET route, read from its declaration (for the doors that page for their clients). */
export function routeLimits(app: ApiApp): Map<string, { defaultLimit: number; maxLimit: number }> {
  const out = new Map<string, { defaultLimit: number; maxLimit: number }>();
  for (const d of app.openAPIRegistry.definitions) {
    if (d.type !== "route" || d.route.method !== "get") continue;
    const query = d.route.request?.query as { shape?: Record<string, unknown> } | undefined;
    const limits = limitsOf(query?.shape?.limit);
    if (limits) out.set(d.route.path, limits);
  }
  return out;
}

/**
 * A request to this app from one of its doors (the financialdatasets paths, the MCP tools): routed
 * like any other, with the key and rate limit it carries.
 */
export function innerFetch(app: ApiApp, c: Context<AppEnv>, request: Request): Promise<Response> {
  let ctx: Context<AppEnv>["executionCtx"] | undefined;
  try {
    ctx = c.executionCtx;
  } catch {
    // tests' plain fetches have no execution context
  }
  return Promise.resolve(app.fetch(request, c.env, ctx));
}
