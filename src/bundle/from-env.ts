// The bundle reader of the worker's bindings: deployment binds an R2 bucket, the local runtime the
// bundles directory. The app keeps one for its isolate, a run's object one for itself.
import type { Env } from "../env.ts";
import { BundleReader } from "./reader.ts";
import { FetcherBundleStore, R2BundleStore, type BundleStore } from "./store.ts";

const DEFAULT_CACHE_MB = 64;

/** `cacheMb`: the decoded objects it keeps (default BUNDLE_CACHE_MB, else 64). */
export function newReader(env: Env, cacheMb?: number): BundleReader {
  const chosen: BundleStore | null = env.BUNDLES
    ? new R2BundleStore(env.BUNDLES)
    : env.BUNDLE_FILES
      ? new FetcherBundleStore(env.BUNDLE_FILES)
      : null;
  if (!chosen) throw new Error("no bundle store bound: set BUNDLES (R2) or BUNDLE_FILES");
  const mb = cacheMb ?? (Number(env.BUNDLE_CACHE_MB ?? DEFAULT_CACHE_MB) || DEFAULT_CACHE_MB);
  return new BundleReader(chosen, mb * 1024 * 1024);
}
