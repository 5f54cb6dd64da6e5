// X-API-KEY authentication and per-key rate limiting (SPEC Authentication, GAPS Rate limits).
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env.ts";
import { ApiError } from "./errors.ts";
import { KeyDirectory } from "./key-directory.ts";

const keys = new KeyDirectory();

export const requireApiKey: MiddlewareHandler<AppEnv> = async (c, next) => {
  const key = c.req.header("x-api-key");
  const found = key ? await keys.lookup(c.env.KEYS, key, Date.now()) : null;
  if (!found) throw new ApiError(401, "Missing or invalid X-API-KEY header");
  const { hash, record } = found;

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
