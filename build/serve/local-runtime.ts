// The local serving path: the bundled worker in workerd through miniflare, on a port of its own
// (build/serve/serve-worker.ts), with local KV and Durable Objects, and the bundles directory as its store
// (workerd's own disk service, bound as BUNDLE_FILES: files read in workerd, ranges answered 206, no
// round trip through Node). Used by `npm start`, the end-to-end tests and the benchmark alike.
import { Miniflare } from "miniflare";
import { join, resolve } from "node:path";
import { storeKey, type KeyRecord } from "../../src/keys.ts";
import { serveWorker, type ServedWorker } from "./serve-worker.ts";
import { bundleWorker, compatibilityDate } from "./worker-bundle.ts";

export interface LocalRuntimeOptions {
  bundlesDir: string;
  /** The worker's port on 127.0.0.1 (default 0: any free port). */
  port?: number;
  /** Directory for persisted KV and Durable Objects (rate-limit windows); omitted = in memory (tests). */
  persistDir?: string;
  /** Serve bundles from miniflare's local R2 instead of the directory (tests of the R2 store). */
  useR2?: boolean;
  /** Serve bundles from the local R2 persisted in this directory (what `publish:bundles --local DIR` fills). */
  r2PersistDir?: string;
  /** Variables of the worker instead of the local ones (tests of a deployment's key management). */
  bindings?: Record<string, string>;
}

export async function startLocalRuntime(options: LocalRuntimeOptions): Promise<ServedWorker> {
  const scriptPath = await bundleWorker();
  const miniflareOptions = {
    modules: true,
    scriptPath,
    compatibilityDate: compatibilityDate(),
    kvNamespaces: ["KEYS"],
    durableObjects: {
      RATE_LIMITER: { className: "RateLimiter", useSQLite: true },
      RUNS: { className: "RunObject", useSQLite: true },
      ACCOUNT_RUNS: { className: "AccountRuns", useSQLite: true },
    },
    ...(options.useR2 || options.r2PersistDir
      ? { r2Buckets: ["BUNDLES"], ...(options.r2PersistDir ? { r2Persist: options.r2PersistDir } : {}) }
      : { serviceBindings: { BUNDLE_FILES: { disk: { path: resolve(options.bundlesDir), writable: false } } } }),
    bindings: options.bindings ?? { ENVIRONMENT: "local" },
    ...(options.persistDir
      ? { kvPersist: join(options.persistDir, "kv"), durableObjectsPersist: join(options.persistDir, "do") }
      : {}),
  };
  return serveWorker(miniflareOptions, options.port ?? 0);
}

/** Only the persisted local KV (for managing keys of the local runtime while it is stopped). */
export async function openLocalKv(persistDir: string) {
  const mf = new Miniflare({
    modules: true,
    script: "export default { fetch() { return new Response(null, { status: 404 }) } }",
    kvNamespaces: ["KEYS"],
    kvPersist: join(persistDir, "kv"),
  });
  return { mf, kv: await mf.getKVNamespace("KEYS") };
}

/**
 * A key written into the persisted local KV while no runtime serves it, so that a runtime started on
 * it knows the key from its first request (one asked before would be refused, and the refusal cached).
 */
export async function registerPersistedKey(persistDir: string, key: string, record: KeyRecord): Promise<void> {
  const { mf, kv } = await openLocalKv(persistDir);
  try {
    await storeKey(kv, key, record);
  } finally {
    await mf.dispose();
  }
}

/** Only the local R2 persisted in a directory, the bucket a runtime with `r2PersistDir` serves. */
export async function openLocalR2(persistDir: string) {
  const mf = new Miniflare({
    modules: true,
    script: "export default { fetch() { return new Response(null, { status: 404 }) } }",
    r2Buckets: ["BUNDLES"],
    r2Persist: persistDir,
  });
  return { mf, bucket: await mf.getR2Bucket("BUNDLES") };
}

/** Store a key's hash and record in the runtime's KV. */
export async function registerKey(mf: Miniflare, key: string, record: KeyRecord): Promise<void> {
  await storeKey(await mf.getKVNamespace("KEYS"), key, record);
}
