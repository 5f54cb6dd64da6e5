// Where bundle objects live. The worker reads through this interface only.
export interface BundleStore {
  /** The object's bytes, or null when the key does not exist. */
  get(key: string): Promise<Uint8Array | null>;
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
}

/**
 * Local default: the build's bundles directory, served to the worker by a service binding
 * (the start command backs it with the directory on disk, so a rebuild needs no upload step).
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
}
