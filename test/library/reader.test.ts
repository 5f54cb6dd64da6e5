import { describe, expect, inject, it } from "vitest";
import { BundleReader } from "../../src/bundle/reader.ts";
import { MemoryBundleStore } from "../../src/bundle/store.ts";
import { defaultIds, readBundleObjects } from "../support/bundles.ts";

const libraryDir = inject("libraryDir");
const { MEGACAP } = defaultIds(libraryDir);

/** A memory store that counts reads, to see what the reader's cache saves. */
class CountingStore extends MemoryBundleStore {
  reads = 0;
  override async get(key: string) {
    this.reads++;
    return super.get(key);
  }
}

describe("bundle reader over a store", () => {
  it("reads catalog, manifest and shards, and caches decoded shards", async () => {
    const store = new CountingStore(readBundleObjects(libraryDir));
    const reader = new BundleReader(store, 8 * 1024 * 1024);
    const catalog = await reader.catalog();
    expect(catalog.scenarios.map((e) => e.scenario.id)).toContain(MEGACAP);
    const manifest = (await reader.manifest(MEGACAP))!;
    // Two concurrent callers each read a cold shard (sharing one read across requests is unsafe in
    // workerd), and get the one decoded shard the first of them cached.
    const [a, b] = await Promise.all([reader.shard(manifest, "prices/AAPL"), reader.shard(manifest, "prices/AAPL")]);
    expect(a).toBe(b);
    const readsAfterFirstLoad = store.reads;
    expect(readsAfterFirstLoad).toBe(4); // catalog, manifest, the shard by each caller
    await reader.shard(manifest, "prices/AAPL");
    expect(store.reads).toBe(readsAfterFirstLoad);
    expect(await reader.shard(manifest, "prices/NOPE")).toBeNull();
    expect(await reader.manifest("missing")).toBeNull();
  });

  it("re-reads shards once the byte bound evicts them", async () => {
    const store = new CountingStore(readBundleObjects(libraryDir));
    const manifestBytes = store.objects.get(`scenarios/${MEGACAP}/manifest.mpk`)!.byteLength;
    const manifest = (await new BundleReader(store, 1e9).manifest(MEGACAP))!;
    const shardSize = async (name: string) => (await new BundleReader(store, 1e9).shard(manifest, name))!.byteSize;
    // Room for the manifest and one price shard, not two.
    const reader = new BundleReader(
      store,
      manifestBytes * 3 + (await shardSize("prices/AAPL")) + (await shardSize("prices/MSFT")) / 2,
    );
    const m = (await reader.manifest(MEGACAP))!;
    await reader.shard(m, "prices/AAPL");
    await reader.manifest(MEGACAP); // every request touches the manifest, keeping it recent
    await reader.shard(m, "prices/MSFT");
    const reads = store.reads;
    await reader.shard(m, "prices/AAPL");
    expect(store.reads).toBe(reads + 1);
    await reader.shard(m, "prices/AAPL");
    expect(store.reads).toBe(reads + 1); // now cached again
  });
});
