import type { BundleReader } from "./bundle/reader.ts";
import type { Clock, KeyRecord } from "./keys.ts";
import type { RateLimiter } from "./ratelimit.ts";
import type { AccountRuns } from "./runs/account-runs.ts";
import type { RunObject } from "./runs/run-object.ts";

export interface Env {
  /** Deployment store (R2). */
  BUNDLES?: R2Bucket;
  /** Local default store: the bundles directory behind a service binding (workerd's disk service). */
  BUNDLE_FILES?: Fetcher;
  KEYS: KVNamespace;
  RATE_LIMITER: DurableObjectNamespace<RateLimiter>;
  /** One object per run: its book, ledger and clock (docs/runs.md). */
  RUNS: DurableObjectNamespace<RunObject>;
  /** One object per account: the runs it opened. */
  ACCOUNT_RUNS: DurableObjectNamespace<AccountRuns>;
  ENVIRONMENT?: string;
  /** The credential of key management on a deployment (a secret: README, "Keys"); `local` needs none. */
  OPERATOR_KEY?: string;
  /** Isolate cache bound for decoded bundle objects, in MB. */
  BUNDLE_CACHE_MB?: string;
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
