import type { BundleBindings } from "./bundle/from-env.ts";
import type { BundleReader } from "./bundle/reader.ts";
import type { Clock, KeyRecord } from "./keys.ts";
import type { RateLimiter } from "./ratelimit.ts";

/**
 * The worker's bindings (wrangler.toml): those of the bundle store are BundleBindings'; the runs'
 * objects (RUNS, ACCOUNT_RUNS) are added by src/runs/access.ts, so that no layer below the runs imports them.
 */
export interface Env extends BundleBindings {
  KEYS: KVNamespace;
  RATE_LIMITER: DurableObjectNamespace<RateLimiter>;
  ENVIRONMENT?: string;
  /** The credential of key management on a deployment (a secret: README, "Keys"); `local` needs none. */
  OPERATOR_KEY?: string;
}

export interface AppEnv {
  Bindings: Env;
  Variables: {
    reader: BundleReader;
    /** The request's key is a clock key (set with the key, src/http/auth.ts). */
    clock: Clock | undefined;
    /** The request's key record (set with the key). */
    account: KeyRecord | undefined;
  };
}
