// The local serving path: the bundled worker in workerd through miniflare, on a port of its own
// (build/serve/serve-worker.ts), with local KV and Durable Objects, and the bundles directory as its store
// (a service binding that reads files). Used by `npm start`, the end-to-end tests and the benchmark alike.
import { Miniflare, Response as MfResponse } from "miniflare";
import { readFile } from "node:fs/promises";
import { join, normalize } from "node:path";
import { hashApiKey, keyRecordName, type KeyRecord } from "../../src/keys.ts";
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

function directoryService(root: string) {
  return async (request: Request): Promise<MfResponse> => {
    const key = decodeURIComponent(new URL(request.url).pathname.slice(1));
    const path = normalize(join(root, key));
    if (!path.startsWith(root) || key.includes("..")) return new MfResponse("bad key", { status: 400 });
    let bytes: Buffer;
    try {
      bytes = await readFile(path);
    } catch {
      return new MfResponse("not found", { status: 404 });
    }
    // One range `bytes=a-b`, as FetcherBundleStore.stream asks (the worker checks it against the object's size).
    const range = /^bytes=(\d+)-(\d+)$/.exec(request.headers.get("range") ?? "");
    if (!range) return new MfResponse(bytes);
    const [from, to] = [Number(range[1]), Math.min(Number(range[2]), bytes.length - 1)];
    return new MfResponse(bytes.subarray(from, to + 1), {
      status: 206,
      headers: { "Content-Range": `bytes ${from}-${to}/${bytes.length}` },
    });
  };
}

export async function startLocalRuntime(options: LocalRuntimeOptions): Promise<ServedWorker> {
  const scriptPath = await bundleWorker();
  const root = normalize(options.bundlesDir + "/");
  const miniflareOptions = {
    modules: true,
    scriptPath,
    compatibilityDate: compatibilityDate(),
    kvNamespaces: ["KEYS"],
    durableObjects: { RATE_LIMITER: { className: "RateLimiter", useSQLite: true } },
    ...(options.useR2 || options.r2PersistDir
      ? { r2Buckets: ["BUNDLES"], ...(options.r2PersistDir ? { r2Persist: options.r2PersistDir } : {}) }
      : { serviceBindings: { BUNDLE_FILES: directoryService(root) } }),
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
  const kv = await mf.getKVNamespace("KEYS");
  await kv.put(keyRecordName(await hashApiKey(key)), JSON.stringify(record), { metadata: record });
}
