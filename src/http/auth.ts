// X-API-KEY authentication and per-key rate limiting (SPEC Authentication, GAPS Rate limits).
import type { MiddlewareHandler } from "hono";
import type { AppEnv, Env } from "../env.ts";
import { hashApiKey, keyRecordName, type KeyRecord } from "../keys.ts";
import { ApiError } from "./errors.ts";

/** Key lookups are cached briefly in the isolate; a revoked key stops working within this time. */
const KEY_CACHE_MS = 30_000;
const KEY_CACHE_MAX = 10_000;
const keyCache = new Map<string, { record: KeyRecord; expires: number }>();

async function lookupKey(env: Env, hash: string, now: number): Promise<KeyRecord | null> {
  const cached = keyCache.get(hash);
  if (cached && cached.expires > now) return cached.record;
  const record = await env.KEYS.get<KeyRecord>(keyRecordName(hash), "json");
  if (!record) {
    keyCache.delete(hash);
    return null;
  }
  if (keyCache.size >= KEY_CACHE_MAX) keyCache.clear();
  keyCache.set(hash, { record, expires: now + KEY_CACHE_MS });
  return record;
}

export const requireApiKey: MiddlewareHandler<AppEnv> = async (c, next) => {
  const key = c.req.header("x-api-key");
  const hash = key ? await hashApiKey(key) : "";
  const record = key ? await lookupKey(c.env, hash, Date.now()) : null;
  if (!record) throw new ApiError(401, "Missing or invalid X-API-KEY header");

  const limiter = c.env.RATE_LIMITER.get(c.env.RATE_LIMITER.idFromName(hash));
  const decision = await limiter.hit(record.rate_limit_per_minute);
  c.header("X-RateLimit-Limit", String(decision.limit));
  c.header("X-RateLimit-Remaining", String(decision.remaining));
  c.header("X-Account-ID", record.account_id);
  if (!decision.allowed) {
    c.header("Retry-After", String(decision.retryAfter));
    throw new ApiError(429, "Rate limit exceeded");
  }
  await next();
};
