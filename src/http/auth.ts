// X-API-KEY authentication and per-key rate limiting (docs/contract.md, "Authentication";
// docs/api-choices.md, "Keys and rate limits").
// The rate-limit decision (a round trip to the key's Durable Object, or a token it granted ahead:
// rate-leases.ts) runs while the request is answered, so its latency hides behind the work; a
// refused request still gets 429 and nothing else, since the answer is replaced once the decision
// says no.
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../env.ts";
import type { Clock } from "../keys.ts";
import type { RateDecision } from "../rate-window.ts";
import { CLOCK_HEADER } from "./clock.ts";
import { ApiError } from "./errors.ts";
import { KeyDirectory } from "./key-directory.ts";
import { RateLeases } from "./rate-leases.ts";

const keys = new KeyDirectory();
const leases = new RateLeases();

/** The whole answer to a refused request: nothing of the answer it replaces survives. */
function refused(decision: RateDecision): Response {
  return new Response(JSON.stringify(new ApiError(429, "Rate limit exceeded").body()), {
    status: 429,
    headers: { "Content-Type": "application/json", "Retry-After": String(decision.retryAfter) },
  });
}

/** The request's key, looked up: 401 for a missing or unknown one. Counts nothing. */
export async function authenticate(c: Context<AppEnv>) {
  const key = c.req.header("x-api-key");
  const found = key ? await keys.lookup(c.env.KEYS, key, Date.now()) : null;
  if (!found) throw new ApiError(401, "Missing or invalid X-API-KEY header");
  return found;
}

/** What the key check asks of the runs (src/runs/access.ts `RUN_CLOCKS`, given by the app). */
export interface RunClocks {
  /** Whether a path is a run route, which the run's own object answers at its day. */
  isRunRoute(path: string): boolean;
  /** A run key's clock: the run's scenario at the run's day, as the run's object says now. */
  clockOf(c: Context<AppEnv>, runId: string): Promise<Clock>;
}

/** The key check: a clock key's clock, a run key's from its run (asked on each request), the rate limit. */
export const requireApiKey =
  (runs: RunClocks): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const { hash, record } = await authenticate(c);
    // A run route is answered by the run's own object, which is the run's clock: no need to ask it twice.
    const clock = record.run
      ? runs.isRunRoute(c.req.path)
        ? undefined
        : await runs.clockOf(c, record.run.run_id)
      : record.clock;
    c.set("clock", clock);
    c.set("account", record.run ? { ...record, clock } : record);

    const limit = record.rate_limit_per_minute;
    leases.begin(hash);
    const deciding = leases.decide(hash, limit, Date.now, (count) =>
      c.env.RATE_LIMITER.get(c.env.RATE_LIMITER.idFromName(hash)).hit(limit, count),
    );
    try {
      await next();
    } finally {
      // In flight until decided: while a request awaits the object, another's ask takes tokens ahead.
      const decision = await Promise.resolve(deciding).finally(() => leases.end(hash));
      if (!decision.allowed) {
        c.res = undefined; // assigning over an answer would carry its headers (ETag...) into the 429
        c.res = refused(decision);
      }
      c.res.headers.set("X-RateLimit-Limit", String(decision.limit));
      c.res.headers.set("X-RateLimit-Remaining", String(decision.remaining));
      c.res.headers.set("X-Account-ID", record.account_id);
      if (clock) c.res.headers.set(CLOCK_HEADER, clock.horizon);
    }
  };
