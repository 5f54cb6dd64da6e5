// Where bundle objects live. The worker reads through this interface only.
import { REFERENCE_PREFIX } from "./layout.ts";

export interface BundleStore {
  /** The object's bytes, or null when the key does not exist. */
  get(key: string): Promise<Uint8Array | null>;
  /**
   * The object's bytes as a stream, not held in memory (a bulk export can outgrow the isolate):
   * all of them, or `length` bytes from `offset` (within the object). Null when the key does not exist.
   */
  stream(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | null>;
}

export interface ByteRange {
  offset: number;
  length: number;
}

/** Deployment: an R2 bucket that `npm run publish:bundles` fills. */
export class R2BundleStore implements BundleStore {
  private readonly bucket: R2Bucket;
  constructor(bucket: R2Bucket) {
    this.bucket = bucket;
  }
  async get(key: string): Promise<Uint8Array | null> {
    const object = await this.bucket.get(key);
    return object ? new Uint8Array(await object.arrayBuffer()) : null;
  }
  async stream(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | null> {
    const object = await this.bucket.get(key, range ? { range } : undefined);
    return object ? (object.body as ReadableStream<Uint8Array>) : null;
  }
}

/**
 * Local default: the build's bundles directory behind a service binding (the local runtime binds
 * workerd's disk service over it, so a rebuild needs no upload step).
 */
export class FetcherBundleStore implements BundleStore {
  private readonly fetcher: Fetcher;
  constructor(fetcher: Fetcher) {
    this.fetcher = fetcher;
  }
  async get(key: string): Promise<Uint8Array | null> {
    const response = await this.fetcher.fetch(`http://bundles/${key}`);
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`bundle store answered ${response.status} for ${key}`);
    return new Uint8Array(await response.arrayBuffer());
  }
  async stream(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | null> {
    const headers: Record<string, string> = range
      ? { Range: `bytes=${range.offset}-${range.offset + range.length - 1}` }
      : {};
    const response = await this.fetcher.fetch(`http://bundles/${key}`, { headers });
    if (response.status === 404) return null;
    if (!response.ok || (range && response.status !== 206))
      throw new Error(`bundle store answered ${response.status} for ${key}${range ? " (a range)" : ""}`);
    return response.body;
  }
}

const REFERENCE = new TextEncoder().encode(REFERENCE_PREFIX);

/** The key an object refers to, if it is a reference (layout.ts, objectKey). */
function referenced(bytes: Uint8Array): string | null {
  if (bytes.byteLength > 200 || REFERENCE.some((b, i) => bytes[i] !== b)) return null;
  return new TextDecoder().decode(bytes.subarray(REFERENCE.byteLength));
}

/**
 * A store whose objects may be references to an object stored once (R2, docs/bundle-format.md): a
 * reference is followed, one step. Only shards are ever references, and shards are read whole;
 * streams (bulk exports) are passed through.
 */
export class ReferencingStore implements BundleStore {
  private readonly inner: BundleStore;
  constructor(inner: BundleStore) {
    this.inner = inner;
  }
  async get(key: string): Promise<Uint8Array | null> {
    const bytes = await this.inner.get(key);
    const target = bytes && referenced(bytes);
    return target ? this.inner.get(target) : bytes;
  }
  stream(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | null> {
    return this.inner.stream(key, range);
  }
}

/** Unit tests: objects held in a map. */
export class MemoryBundleStore implements BundleStore {
  readonly objects: Map<string, Uint8Array>;
  constructor(objects: Map<string, Uint8Array> = new Map()) {
    this.objects = objects;
  }
  async get(key: string): Promise<Uint8Array | null> {
    return this.objects.get(key) ?? null;
  }
  async stream(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | null> {
    const bytes = this.objects.get(key);
    if (!bytes) return null;
    const part = range ? bytes.subarray(range.offset, range.offset + range.length) : bytes;
    return new Response(part).body;
  }
}
