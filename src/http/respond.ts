// Responses for scenario data. A scenario never changes, so the same request always yields the same
// bytes: the ETag is a hash of the scenario's content hash and the canonical request, and the
// response may be cached forever by the (authenticated) client.
import type { Context } from "hono";
import type { AppEnv } from "../env.ts";

/** Bump when the worker changes how it renders responses, so old ETags stop matching. */
export const API_REVISION = "1";

const IMMUTABLE = "private, max-age=31536000, immutable";
const REVALIDATE = "private, no-cache";

async function etagFor(contentHash: string, url: URL): Promise<string> {
  const path = url.pathname.replace(/\/+$/, "") || "/";
  const query = [...url.searchParams].sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1));
  const canonical = `${API_REVISION}\n${contentHash}\n${path}\n${new URLSearchParams(query)}`;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(canonical));
  const hex = [...new Uint8Array(digest).subarray(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `"${hex}"`;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t === etag || t === `W/${etag}`;
  });
}

/**
 * JSON for data derived only from `contentHash`. `immutable` marks scenario data (never changes);
 * the scenario list can grow, so it is served with revalidation instead.
 */
export async function cachedJson(c: Context<AppEnv>, contentHash: string, body: unknown, immutable = true) {
  const etag = await etagFor(contentHash, new URL(c.req.url));
  c.header("ETag", etag);
  c.header("Cache-Control", immutable ? IMMUTABLE : REVALIDATE);
  if (matches(c.req.header("if-none-match"), etag)) return c.body(null, 304);
  return c.json(body);
}
