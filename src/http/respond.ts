// Responses for bundle data. A scenario never changes, so the same request always yields the same
// bytes: the ETag is a hash of the scenario's content hash and the canonical request, a matching
// If-None-Match gets 304, and the isolate keeps recently served bodies so a repeated request (agents
// replaying the same windows) skips decoding and serialization entirely.
import type { Context, MiddlewareHandler } from "hono";
import { ByteLruCache } from "../bundle/cache.ts";
import type { AppEnv } from "../env.ts";

/** Bump when the worker changes how it renders responses, so old ETags stop matching. */
export const API_REVISION = "3";

const IMMUTABLE = "private, max-age=31536000, immutable";
const REVALIDATE = "private, no-cache";
const BODY_CACHE_BYTES = 16 * 1024 * 1024;

const bodies = new ByteLruCache<string>(BODY_CACHE_BYTES);

export interface Identity {
  etag: string;
  /** Scenario data never changes; catalog-level lists can grow. */
  immutable: boolean;
}

/** A strong ETag: the first 128 bits of the SHA-256 of `text`. */
async function strongTag(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return `"${[...new Uint8Array(digest).subarray(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join("")}"`;
}

function scenarioIdOf(url: URL): string | null {
  return /^\/scenarios\/([^/]+)/.exec(url.pathname)?.[1] ?? url.searchParams.get("scenario_id");
}

/** What the response is derived from: one scenario's content, or the catalog. */
async function identify(c: Context<AppEnv>): Promise<Identity | null> {
  const url = new URL(c.req.url);
  const reader = c.get("reader");
  const id = scenarioIdOf(url);
  const contentHash = id ? (await reader.catalogEntry(id))?.content_hash : await reader.catalogHash();
  if (!contentHash) return null;
  const path = url.pathname.replace(/\/+$/, "") || "/";
  const query = [...url.searchParams].sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1));
  const canonical = `${API_REVISION}\n${contentHash}\n${path}\n${new URLSearchParams(query)}`;
  return { etag: await strongTag(canonical), immutable: id !== null };
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t === etag || t === `W/${etag}`;
  });
}

function send(c: Context<AppEnv>, identity: Identity, body: string) {
  c.header("ETag", identity.etag);
  c.header("Cache-Control", identity.immutable ? IMMUTABLE : REVALIDATE);
  if (matches(c.req.header("if-none-match"), identity.etag)) return c.body(null, 304);
  return c.body(body, 200, { "Content-Type": "application/json" });
}

/** Bodies are kept per method and identity; HEAD is answered from GET's body (Hono drops it). */
const bodyKey = (c: Context<AppEnv>, identity: Identity) =>
  `${c.req.method === "HEAD" ? "GET" : c.req.method} ${identity.etag}`;

/**
 * Route middleware of every data route (it runs only once the route and method matched): answer a
 * request this isolate has already served successfully from memory.
 */
export const servedBefore: MiddlewareHandler<AppEnv> = async (c, next) => {
  const identity = await identify(c);
  c.set("identity", identity);
  const body = identity ? bodies.get(bodyKey(c, identity)) : undefined;
  if (identity && body !== undefined) return send(c, identity, body);
  await next();
};

/** A successful JSON response for bundle data, with ETag and caching headers. */
export async function cachedJson(c: Context<AppEnv>, value: unknown) {
  const body = JSON.stringify(value);
  const identity = c.get("identity");
  if (!identity) return c.body(body, 200, { "Content-Type": "application/json" });
  bodies.set(bodyKey(c, identity), body, body.length * 2);
  return send(c, identity, body);
}

/** A fixed body (the OpenAPI document, the reference page and its assets): its ETag computed once. */
export class StaticAnswer {
  private readonly body: string;
  private readonly headers: Record<string, string>;
  private etag: Promise<string> | undefined;

  constructor(body: string, contentType: string, cacheControl = "public, max-age=300") {
    this.body = body;
    this.headers = { "Content-Type": contentType, "Cache-Control": cacheControl };
  }

  async respond(c: Context<AppEnv>): Promise<Response> {
    this.etag ??= strongTag(this.body);
    const headers = { ...this.headers, ETag: await this.etag };
    if (matches(c.req.header("if-none-match"), headers.ETag)) return c.body(null, 304, headers);
    return c.body(this.body, 200, headers);
  }
}
