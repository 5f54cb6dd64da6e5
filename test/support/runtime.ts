// The real worker in workerd (miniflare), serving freshly built bundles, with keys of known limits.
import type { Miniflare } from "miniflare";
import { registerKey, startLocalRuntime, type LocalRuntimeOptions } from "../../build/serve/local-runtime.ts";
import type { Clock } from "../../src/keys.ts";
import { fetchRead } from "./fetch.ts";

export interface TestRuntime {
  mf: Miniflare;
  /** The worker's own port, as `npm start` serves it. */
  base: string;
  /** Miniflare's entry socket of the same workerd: absolute request URLs, as on Cloudflare. */
  entryBase: string;
  get(path: string, key?: string | null, headers?: Record<string, string>): Promise<Response>;
  addKey(key: string, limit: number, account?: string, clock?: Clock): Promise<void>;
  stop(): Promise<void>;
}

export async function startTestRuntime(options: LocalRuntimeOptions): Promise<TestRuntime> {
  const { mf, url, entryUrl, stop } = await startLocalRuntime(options);
  const base = url.href.replace(/\/$/, "");
  return {
    mf,
    base,
    entryBase: entryUrl.href.replace(/\/$/, ""),
    get: (path, key, headers = {}) => fetchRead(base + path, { headers: key ? { "X-API-KEY": key, ...headers } : headers }),
    addKey: (key, limit, account = `acct-${key.slice(-6)}`, clock) =>
      registerKey(mf, key, {
        account_id: account,
        rate_limit_per_minute: limit,
        label: "test",
        created: "test",
        ...(clock ? { clock } : {}),
      }),
    stop: () => stop(),
  };
}
