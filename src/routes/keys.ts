// Keys (docs/dashboard.md): `GET /account` tells a key its own record (its limit and what is left are
// the answer's rate-limit headers); `/keys` manages keys for the dashboard's key page, as
// `npm run keys` does from a shell. Management is open on the local runtime (ENVIRONMENT=local) and
// needs the operator credential (the OPERATOR_KEY secret, header X-Operator-Key) on a deployment.
// A key's secret is returned once, on creation; KV holds only its SHA-256.
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { day, field } from "../contract/fields.ts";
import type { AppEnv } from "../env.ts";
import { ApiError } from "../http/errors.ts";
import { StaticAnswer } from "../http/respond.ts";
import { API_KEY_SCHEME, errorResponses, honoPath, jsonBody, validationError, type ApiApp } from "../http/route.ts";
import {
  advancedClock,
  hashApiKey,
  keyRecordName,
  newKeyRecord,
  newKeySecret,
  putKeyRecord,
  type KeyRecord,
} from "../keys.ts";

const TAG = "Keys";
const OPERATOR_HEADER = "X-Operator-Key";
/** Keys are named by this many hex digits of their hash (as `npm run keys -- list` prints them). */
const PREFIX = 12;

const Clock = z
  .object({
    scenario_id: field(z.string(), "The one scenario the key reads.", "0126f9b8-e2d9-8186-aac8-f2936bb28fd8"),
    horizon: day("The last date any answer to the key shows."),
  })
  .meta({ id: "Clock", description: "A clock key's binding (docs/clock-keys.md)." });

const Account = z
  .object({
    account_id: field(z.string(), "The account the key belongs to.", "acme"),
    label: field(z.string(), "A note on the key.", "Acme research"),
    rate_limit_per_minute: field(z.number().int(), "Requests allowed per rolling minute.", 60),
    created: field(z.string(), "The day it was created.", "2026-11-28"),
    clock: field(Clock.nullable(), "A clock key's binding; null for an ordinary key."),
  })
  .meta({ id: "Account", description: "A key's record (never its secret)." });

const KeyEntry = Account.extend({
  hash_prefix: field(z.string(), `The first ${PREFIX} hex digits of the key's SHA-256: its name here.`, "e7f74cf2444e"),
}).meta({ id: "KeyEntry", description: "A key as listed: its hash prefix and record." });

const NewKey = z
  .object({
    account_id: field(z.string().min(1).max(64), "The account the key belongs to.", "acme"),
    label: field(z.string().max(200), "A note on the key.", "Acme research").optional(),
    rate_limit_per_minute: field(
      z.number().int().min(1).max(1_000_000),
      "Requests per rolling minute (default 60).",
      60,
    ).optional(),
    scenario_id: field(
      z.string().min(1).max(64),
      "A clock key's scenario (with `horizon`).",
      "0126f9b8-e2d9-8186-aac8-f2936bb28fd8",
    ).optional(),
    horizon: field(z.string(), "A clock key's horizon, YYYY-MM-DD (with `scenario_id`).", "2023-06-30").optional(),
  })
  .strict()
  .meta({ id: "NewKey", description: "A key to create; `scenario_id` with `horizon` makes a clock key." });

const Horizon = z
  .object({ horizon: field(z.string(), "The new horizon, YYYY-MM-DD: not before the current one.", "2023-07-31") })
  .strict()
  .meta({ id: "NewHorizon", description: "Where a clock key's horizon moves to." });

const operatorSecurity = [{ Operator: [] }];
const json = (schema: z.ZodType, description: string) => ({ description, content: { "application/json": { schema } } });
const hashParam = z.object({
  hash_prefix: field(
    z.string().regex(/^[0-9a-f]{6,64}$/),
    "A prefix of the key's hash naming one key.",
    "e7f74cf2444e",
  ),
});

const routes = {
  account: createRoute({
    method: "get",
    path: "/account",
    tags: [TAG],
    summary: "The key's own record",
    description: "What the key is: account, limit, clock. X-RateLimit-Remaining says what is left this minute.",
    security: [{ [API_KEY_SCHEME]: [] }],
    responses: { 200: json(z.object({ account: Account }), "The record."), ...errorResponses },
  }),
  list: createRoute({
    method: "get",
    path: "/keys",
    tags: [TAG],
    summary: "List keys (operator)",
    description: `Open locally; on a deployment needs ${OPERATOR_HEADER}.`,
    security: operatorSecurity,
    responses: { 200: json(z.object({ keys: z.array(KeyEntry) }), "Every key, by hash prefix."), ...errorResponses },
  }),
  create: createRoute({
    method: "post",
    path: "/keys/create",
    tags: [TAG],
    summary: "Create a key (operator)",
    description: "The answer holds the key's secret, this once; only its hash is stored.",
    security: operatorSecurity,
    request: { body: { required: true, content: { "application/json": { schema: NewKey } } } },
    responses: {
      200: json(z.object({ key: z.string(), entry: KeyEntry }), "The new key and its entry."),
      ...errorResponses,
    },
  }),
  revoke: createRoute({
    method: "post",
    path: "/keys/{hash_prefix}/revoke",
    tags: [TAG],
    summary: "Revoke a key (operator)",
    description: "It stops working within 30 seconds (the worker's key cache).",
    security: operatorSecurity,
    request: { params: hashParam },
    responses: { 200: json(z.object({ revoked: z.string() }), "The hash prefix revoked."), ...errorResponses },
  }),
  horizon: createRoute({
    method: "post",
    path: "/keys/{hash_prefix}/horizon",
    tags: [TAG],
    summary: "Move a clock key's horizon forward (operator)",
    description: "Never back (422). Answers follow within 30 seconds (the worker's key cache).",
    security: operatorSecurity,
    request: { params: hashParam, body: { required: true, content: { "application/json": { schema: Horizon } } } },
    responses: { 200: json(z.object({ entry: KeyEntry }), "The key's entry."), ...errorResponses },
  }),
};

const accountOf = (record: KeyRecord) => ({
  account_id: record.account_id,
  label: record.label,
  rate_limit_per_minute: record.rate_limit_per_minute,
  created: record.created,
  clock: record.clock ?? null,
});
const prefixOf = (name: string) => name.slice("key:".length, "key:".length + PREFIX);
const entryOf = (name: string, record: KeyRecord) => ({ hash_prefix: prefixOf(name), ...accountOf(record) });

/** Constant-time equality of two strings (the operator credential). */
function sameSecret(a: string, b: string): boolean {
  const [x, y] = [new TextEncoder().encode(a), new TextEncoder().encode(b)];
  let diff = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}

/** Local: open. A deployment: the operator credential, or 401; none configured, 403. */
function requireOperator(c: Context<AppEnv>): void {
  if (c.env.ENVIRONMENT === "local") return;
  const expected = c.env.OPERATOR_KEY;
  if (!expected)
    throw new ApiError(403, "Key management is off on this deployment: set the OPERATOR_KEY secret (README, Keys)");
  const given = c.req.header(OPERATOR_HEADER) ?? "";
  if (!sameSecret(given, expected)) throw new ApiError(401, `Missing or invalid ${OPERATOR_HEADER} header`);
}

/** A management body: JSON, validated; it names no scenario. */
const bodyOf = <T extends z.ZodType>(c: Context<AppEnv>, schema: T) => jsonBody(c, schema, (_, body) => body);

/** The one key whose hash starts with the prefix: 404 for none, 422 for several. */
async function oneKey(c: Context<AppEnv>, prefix: string): Promise<{ name: string; record: KeyRecord }> {
  const { keys } = await c.env.KEYS.list<KeyRecord>({ prefix: keyRecordName(prefix) });
  if (keys.length === 0) throw new ApiError(404, `No key's hash starts with ${prefix}`);
  if (keys.length > 1)
    throw new ApiError(422, `${keys.length} keys' hashes start with ${prefix}: give a longer prefix`);
  const record = (await c.env.KEYS.get(keys[0].name, "json")) as KeyRecord | null;
  if (!record) throw new ApiError(404, `No key's hash starts with ${prefix}`);
  return { name: keys[0].name, record };
}

const put = (c: Context<AppEnv>, name: string, record: KeyRecord) => putKeyRecord(c.env.KEYS, name, record);

/** 422 for a record or a move that cannot be (the message of newKeyRecord or advancedClock). */
function dated<T>(make: () => T): T {
  try {
    return make();
  } catch (error) {
    throw new ApiError(422, error instanceof Error ? error.message : String(error));
  }
}

/** The operator's routes (before the key check: they have their own). */
export function registerManagement(app: ApiApp): void {
  app.openAPIRegistry.registerComponent("securitySchemes", "Operator", {
    type: "apiKey",
    in: "header",
    name: OPERATOR_HEADER,
    description: "Key management: open on the local runtime; on a deployment the OPERATOR_KEY secret.",
  });
  app.openapi(routes.list, (async (c: Context<AppEnv>) => {
    requireOperator(c);
    const entries = [];
    let cursor: string | undefined;
    do {
      const page = await c.env.KEYS.list<KeyRecord>({ prefix: "key:", cursor });
      for (const k of page.keys) if (k.metadata) entries.push(entryOf(k.name, k.metadata));
      cursor = page.list_complete ? undefined : page.cursor;
    } while (cursor);
    return c.json({ keys: entries });
  }) as never);

  app.openAPIRegistry.registerPath(routes.create);
  app.post(routes.create.path, async (c) => {
    requireOperator(c);
    const asked = await bodyOf(c, NewKey);
    const record = dated(() => newKeyRecord(asked));
    const key = newKeySecret();
    const name = keyRecordName(await hashApiKey(key));
    await put(c, name, record);
    return c.json({ key, entry: entryOf(name, record) });
  });

  app.openAPIRegistry.registerPath(routes.revoke);
  app.post(honoPath(routes.revoke.path), async (c) => {
    requireOperator(c);
    const prefix = hashParam.safeParse({ hash_prefix: c.req.param("hash_prefix") });
    if (!prefix.success) throw validationError("param", prefix.error);
    const { name } = await oneKey(c, prefix.data.hash_prefix);
    await c.env.KEYS.delete(name);
    return c.json({ revoked: prefixOf(name) });
  });

  app.openAPIRegistry.registerPath(routes.horizon);
  app.post(honoPath(routes.horizon.path), async (c) => {
    requireOperator(c);
    const prefix = hashParam.safeParse({ hash_prefix: c.req.param("hash_prefix") });
    if (!prefix.success) throw validationError("param", prefix.error);
    const { horizon } = await bodyOf(c, Horizon);
    const { name, record } = await oneKey(c, prefix.data.hash_prefix);
    if (!record.clock) throw new ApiError(422, `Key ${prefix.data.hash_prefix} is not a clock key`);
    if (record.run)
      throw new ApiError(
        422,
        `Key ${prefix.data.hash_prefix} is a run's key: its clock is the run's day (POST /runs/{id}/advance)`,
      );
    const moved = { ...record, clock: dated(() => advancedClock(record.clock!, horizon)) };
    await put(c, name, moved);
    return c.json({ entry: entryOf(name, moved) });
  });
}

/** The key's own record (after the key check). */
export function registerAccount(app: ApiApp): void {
  app.openapi(routes.account, (async (c: Context<AppEnv>) => {
    // Its ETag names the record, which changes only when the key's clock moves.
    const answer = new StaticAnswer(
      JSON.stringify({ account: accountOf(c.get("account")!) }),
      "application/json",
      "private, no-cache",
    );
    return answer.respond(c);
  }) as never);
}
