// Least-recently-used cache bounded by bytes rather than entries: isolates have 128 MB and shards
// vary from a few KB (one ticker-year) to megabytes (market-wide series).
export class ByteLruCache<V> {
  private readonly entries = new Map<string, { value: V; bytes: number }>();
  private used = 0;
  private readonly maxBytes: number;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key); // re-insert: Map order is recency order
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, bytes: number): void {
    const old = this.entries.get(key);
    if (old) {
      this.used -= old.bytes;
      this.entries.delete(key);
    }
    if (bytes > this.maxBytes) return; // never cache what would evict everything
    this.entries.set(key, { value, bytes });
    this.used += bytes;
    for (const [k, e] of this.entries) {
      if (this.used <= this.maxBytes) break;
      this.entries.delete(k);
      this.used -= e.bytes;
    }
  }

  get bytesUsed(): number {
    return this.used;
  }

  get size(): number {
    return this.entries.size;
  }
}
