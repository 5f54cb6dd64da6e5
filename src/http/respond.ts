// Answers for bundle data. A scenario never changes, so the same request always yields the same
// bytes: the ETag is a hash of the scenario's content hash and the canonical request (validated
// parameters, defaults filled in, unknown ones dropped), a matching If-None-Match gets 304 before
// anything is read, and the isolate keeps recently served bodies so that a repeated request skips
// the work entirely.
import type { Context, MiddlewareHandler } from "hono";
import { ByteLruCache } from "../bundle/cache.ts";
import type { AppEnv } from "../env.ts";
import type { Bytes } from "./json.ts";
import { horizonOf } from "./scenario.ts";

/** Bump when the worker changes how it renders responses, so old ETags stop matching. */
export const API_REVISION = "5";

const IMMUTABLE = "private, max-age=31536000, immutable";
const REVALIDATE = "private, no-cache";
const BODY_CACHE_BYTES = 16 * 1024 * 1024;

const bodies = new ByteLruCache<Bytes>(BODY_CACHE_BYTES);

export interface Identity {
  etag: string;
  /** Scenario data never changes; catalog-level lists can grow. */
  immutable: boolean;
  /** What the answer is derived from: a scenario (by id) and its content, or the catalog. */
  scenarioId: string | undefined;
  contentHash: string;
  /** The horizon the answer applied (sent as X-As-Of); none for catalog answers. */
  horizon: string | undefined;
}

/** A strong ETag: the first 128 bits of the SHA-256 of `text`. */
async function strongTag(text: string | Uint8Array): Promise<string> {
  const bytes = typeof text === "string" ? new TextEncoder().encode(text) : text;
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return `"${[...new Uint8Array(digest).subarray(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join("")}"`;
}

/** JSON with object keys sorted and list values (any-of filters, sets) sorted: one text per meaning. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).sort().join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * What an answer is derived from: the scenario named by `scenario_id` (or the catalog, for routes
 * without one), at the horizon its `pointInTime` parameters set, and the validated request. Null for
 * an unknown scenario (its answer is an error).
 */
export async function identify(
  c: Context<AppEnv>,
  route: string,
  input: Record<string, unknown>,
  pointInTime: readonly string[],
): Promise<Identity | null> {
  const reader = c.get("reader");
  const id = typeof input.scenario_id === "string" ? input.scenario_id : undefined;
  const entry = id ? await reader.catalogEntry(id) : undefined;
  const contentHash = id ? entry?.content_hash : await reader.catalogHash();
  if (!contentHash) return null;
  const etag = await strongTag(`${API_REVISION}\n${contentHash}\n${route}\n${canonical(input)}`);
  const horizon = entry
    ? horizonOf(
        pointInTime.map((name) => input[name] as string | undefined),
        entry.scenario,
      )
    : undefined;
  return { etag, immutable: id !== undefined, scenarioId: id, contentHash, horizon };
}

/** Remember a GET request's identity by its URL, for `seenBefore` (a POST's URL does not name its answer). */
export function remember(c: Context<AppEnv>, identity: Identity): void {
  identities.set(requestText(c), identity, c.req.url.length + 200);
}

/**
 * Requests as sent -> their identity, learned when they were first validated: a repeated request
 * (agents replaying the same windows) is answered from the body cache or with 304 before it is even
 * validated, as long as the content it names is unchanged.
 */
const identities = new ByteLruCache<Identity>(4 * 1024 * 1024);
const requestText = (c: Context<AppEnv>) => {
  const url = c.req.url;
  return url.slice(url.indexOf("/", url.indexOf("//") + 2));
};

/** Route middleware of every data route: answer a request already seen, before its validation. */
export const seenBefore: MiddlewareHandler<AppEnv> = async (c, next) => {
  const identity = c.get("clock") ? undefined : identities.get(requestText(c));
  if (identity) {
    const reader = c.get("reader");
    const current = identity.scenarioId
      ? (await reader.catalogEntry(identity.scenarioId))?.content_hash
      : await reader.catalogHash();
    const before = current === identity.contentHash ? answeredBefore(c, identity) : undefined;
    if (before) return before;
  }
  await next();
};

/** Whether If-None-Match names this tag (weakly or not). `*` is not honoured: whether an answer exists is known only once it is made. */
export function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim();
    return t === etag || t === `W/${etag}`;
  });
}

/** Headers of every answer made from an identity: its validators (not on POST) and its horizon. */
function headersOf(c: Context<AppEnv>, identity: Identity): Record<string, string> {
  return {
    ...(conditional(c)
      ? {
          ETag: identity.etag,
          "Cache-Control": identity.immutable ? IMMUTABLE : REVALIDATE,
          // An edge that compresses keeps the encodings apart (Cloudflare also weakens the tag).
          Vary: "Accept-Encoding",
        }
      : {}),
    // So an agent can log what it saw: the last date the answer could show.
    ...(identity.horizon ? { "X-As-Of": identity.horizon } : {}),
  };
}

/** Bodies are kept per method and identity; HEAD is answered from GET's body (Hono drops it). */
const bodyKey = (c: Context<AppEnv>, identity: Identity) =>
  `${c.req.method === "HEAD" ? "GET" : c.req.method} ${identity.etag}`;

/**
 * GET and HEAD answers carry validators. A POST answer is not cached by HTTP and If-None-Match does
 * not apply to it, so it has none (this isolate still keeps its body).
 */
const conditional = (c: Context<AppEnv>) => c.req.method !== "POST";

/** 304 for a matching If-None-Match, or the body this isolate served for the same request. */
export function answeredBefore(c: Context<AppEnv>, identity: Identity): Response | undefined {
  if (conditional(c) && matches(c.req.header("if-none-match"), identity.etag))
    return c.body(null, 304, headersOf(c, identity));
  const body = bodies.get(bodyKey(c, identity));
  return body ? send(c, identity, body) : undefined;
}

/** A successful JSON answer: kept for the next identical request, sent with its validators. */
export function answer(c: Context<AppEnv>, identity: Identity | null, body: Bytes): Response {
  if (!identity) return c.body(body, 200, { "Content-Type": "application/json" });
  bodies.set(bodyKey(c, identity), body, body.byteLength);
  return send(c, identity, body);
}

function send(c: Context<AppEnv>, identity: Identity, body: Bytes): Response {
  return c.body(body, 200, { "Content-Type": "application/json", ...headersOf(c, identity) });
}

/** A fixed body (the OpenAPI document, the reference page and its assets): its ETag computed once. */
export class StaticAnswer {
  private readonly body: string | Bytes;
  private readonly headers: Record<string, string>;
  private etag: Promise<string> | undefined;

  constructor(body: string | Bytes, contentType: string, cacheControl = "public, max-age=300") {
    this.body = body;
    this.headers = { "Content-Type": contentType, "Cache-Control": cacheControl, Vary: "Accept-Encoding" };
  }

  async respond(c: Context<AppEnv>): Promise<Response> {
    this.etag ??= strongTag(this.body);
    const headers = { ...this.headers, ETag: await this.etag };
    if (matches(c.req.header("if-none-match"), headers.ETag)) return c.body(null, 304, headers);
    return c.body(this.body, 200, headers);
  }
}
