// The bundle reader of the worker's bindings: deployment binds an R2 bucket, the local runtime the
// bundles directory. The app keeps one for its isolate, a run's object one for itself.
import { BundleReader } from "./reader.ts";
import { FetcherBundleStore, R2BundleStore, ReferencingStore, type BundleStore } from "./store.ts";

const DEFAULT_CACHE_MB = 64;

/** The worker's bindings a reader is made from (src/env.ts declares them with the others). */
export interface BundleBindings {
  /** Deployment store (R2). */
  BUNDLES?: R2Bucket;
  /** Local default store: the bundles directory behind a service binding (workerd's disk service). */
  BUNDLE_FILES?: Fetcher;
  /** Isolate cache bound for decoded bundle objects, in MB. */
  BUNDLE_CACHE_MB?: string;
}

/** `cacheMb`: the decoded objects it keeps (default BUNDLE_CACHE_MB, else 64). */
export function newReader(env: BundleBindings, cacheMb?: number): BundleReader {
  // R2 holds a shard stored once as references to it; the bundles directory as hard links.
  const chosen: BundleStore | null = env.BUNDLES
    ? new ReferencingStore(new R2BundleStore(env.BUNDLES))
    : env.BUNDLE_FILES
      ? new FetcherBundleStore(env.BUNDLE_FILES)
      : null;
  if (!chosen) throw new Error("no bundle store bound: set BUNDLES (R2) or BUNDLE_FILES");
  const mb = cacheMb ?? (Number(env.BUNDLE_CACHE_MB ?? DEFAULT_CACHE_MB) || DEFAULT_CACHE_MB);
  return new BundleReader(chosen, mb * 1024 * 1024);
}
