// Reads catalog, manifests and shards from a store, caching decoded objects in the isolate.
import { unpack } from "msgpackr";
import { ByteLruCache } from "./cache.ts";
import type { z } from "zod";
import type { ExportManifest as ExportManifestSchema } from "../contract/exports.ts";
import { assetKey, CATALOG_KEY, exportKey, EXPORTS_MANIFEST, manifestKey, shardKey, validationKey } from "./layout.ts";
import { Shard } from "./shard.ts";
import type { BundleStore, ByteRange } from "./store.ts";
import type { Catalog, CatalogEntry, Manifest, ValidationReport } from "./types.ts";

type ExportManifest = z.output<typeof ExportManifestSchema>;

/** The catalog may grow when scenarios are published; re-read it after this long. */
const CATALOG_TTL_MS = 30_000;

export class BundleReader {
  private readonly store: BundleStore;
  private readonly cache: ByteLruCache<unknown>;
  private loadedCatalog:
    { value: Catalog; expires: number; entries: Map<string, CatalogEntry>; hash: string } | undefined;

  constructor(store: BundleStore, cacheBytes: number) {
    this.store = store;
    this.cache = new ByteLruCache(cacheBytes);
  }

  /** The catalog with its index, re-read once it is older than CATALOG_TTL_MS. */
  private async loaded(now = Date.now()) {
    if (this.loadedCatalog && this.loadedCatalog.expires > now) return this.loadedCatalog;
    const bytes = await this.store.get(CATALOG_KEY);
    const value: Catalog = bytes
      ? (unpack(bytes) as Catalog)
      : { format: 3, scenarios: [], index_funds: [], banks: [] };
    const entries = new Map(value.scenarios.map((e) => [e.scenario.id, e]));
    const hash = value.scenarios
      .map((e) => `${e.content_hash}:${e.superseded_by ?? ""}:${e.twin_scenario_id ?? ""}`)
      .join(",");
    this.loadedCatalog = { value, expires: now + CATALOG_TTL_MS, entries, hash };
    return this.loadedCatalog;
  }

  async catalog(now = Date.now()): Promise<Catalog> {
    return (await this.loaded(now)).value;
  }

  /** The catalog entry of a scenario, or undefined. */
  async catalogEntry(scenarioId: string): Promise<CatalogEntry | undefined> {
    return (await this.loaded()).entries.get(scenarioId);
  }

  /** A hash naming the catalog's content, for responses derived from it. */
  async catalogHash(): Promise<string> {
    return (await this.loaded()).hash;
  }

  /** A scenario's manifest, or null when the scenario does not exist. Manifests never change. */
  manifest(scenarioId: string): Promise<Manifest | null> {
    return this.load(manifestKey(scenarioId), (bytes) => {
      const manifest = unpack(bytes) as Manifest;
      return { value: manifest, bytes: bytes.byteLength * 3 };
    });
  }

  validation(scenarioId: string): Promise<ValidationReport | null> {
    return this.load(validationKey(scenarioId), (bytes) => ({
      value: unpack(bytes) as ValidationReport,
      bytes: bytes.byteLength * 3,
    }));
  }

  /** A named shard of a scenario (`prices/AAPL`), or null when the scenario has no such shard. */
  shard(manifest: Manifest, name: string): Promise<Shard | null> {
    return this.load(shardKey(manifest.scenario.id, name), (bytes) => {
      const shard = new Shard(bytes);
      return { value: shard, bytes: shard.byteSize };
    });
  }

  /**
   * A scenario's export manifest, or null when none was built. Not remembered as missing: exports are
   * built after their scenario (`npm run build:library`), also while the service runs.
   */
  exportManifest(scenarioId: string): Promise<ExportManifest | null> {
    return this.load(
      exportKey(scenarioId, EXPORTS_MANIFEST),
      (bytes) => ({ value: JSON.parse(new TextDecoder().decode(bytes)) as ExportManifest, bytes: bytes.byteLength * 2 }),
      false,
    );
  }

  /** A file of a scenario's export, streamed (all of it, or a range); never cached, being large. */
  exportFile(scenarioId: string, name: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | null> {
    return this.store.stream(exportKey(scenarioId, name), range);
  }

  /** A static file the worker serves (see layout.ts `assetKey`), or null. */
  asset(name: string): Promise<Uint8Array | null> {
    return this.load(assetKey(name), (bytes) => ({ value: bytes, bytes: bytes.byteLength }));
  }

  /**
   * An object decoded once and kept while the cache has room. Bundles never change, so a missing
   * object stays missing: that is remembered too, unless `rememberMissing` is false (an object written
   * later, such as an export). Concurrent requests for a cold object each read
   * it: workerd cancels a request's continuation on a promise another request's I/O resolves once
   * that request has ended, which answered 500 under load (bench h', uncached statements).
   */
  private async load<T>(
    key: string,
    decode: (bytes: Uint8Array) => { value: T; bytes: number },
    rememberMissing = true,
  ): Promise<T | null> {
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached === MISSING ? null : (cached as T);
    const bytes = await this.store.get(key);
    if (!bytes) {
      if (rememberMissing) this.cache.set(key, MISSING, 64);
      return null;
    }
    const again = this.cache.get(key);
    if (again !== undefined) return again === MISSING ? null : (again as T);
    const { value, bytes: size } = decode(bytes);
    this.cache.set(key, value, size);
    return value;
  }
}

const MISSING = Symbol("missing");
