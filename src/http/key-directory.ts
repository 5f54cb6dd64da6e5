// Which account an API key belongs to. Keys are stored in KV only as SHA-256 hashes; lookups are
// cached in the isolate by the key as sent (so a known key is not even hashed again), the misses
// too: a flood of invalid keys must not cost a KV read each and slow down every valid client. Both
// caches are bounded.
import { ByteLruCache } from "../bundle/cache.ts";
import { hashApiKey, keyRecordName, type KeyRecord } from "../keys.ts";

/** A known key is re-read after this long, so a revoked key stops working within it. */
export const KNOWN_KEY_CACHE_MS = 30_000;
/** A refused key is refused without a read for this long, so a key created just after it was tried works within it. */
export const UNKNOWN_KEY_CACHE_MS = 10_000;
/** Keys are base64url-ish tokens; anything else is refused without hashing or a read. */
const WELL_FORMED_KEY = /^[A-Za-z0-9_-]{8,128}$/;

type KeyNamespace = { get(name: string, type: "json"): Promise<unknown> };

export class KeyDirectory {
  private readonly known: ByteLruCache<{ hash: string; record: KeyRecord; expires: number }>;
  private readonly unknown: ByteLruCache<number>;

  constructor(options: { maxKnown?: number; maxUnknown?: number } = {}) {
    // Entries cost 1 "byte" each: the caches are bounded by entry count.
    this.known = new ByteLruCache(options.maxKnown ?? 10_000);
    this.unknown = new ByteLruCache(options.maxUnknown ?? 50_000);
  }

  get unknownHeld(): number {
    return this.unknown.size;
  }

  async lookup(kv: KeyNamespace, key: string, now: number): Promise<{ hash: string; record: KeyRecord } | null> {
    const cached = this.known.get(key);
    if (cached && cached.expires > now) return { hash: cached.hash, record: cached.record };
    if (!WELL_FORMED_KEY.test(key)) return null;
    const refusedUntil = this.unknown.get(key);
    if (refusedUntil !== undefined && refusedUntil > now) return null;
    const hash = await hashApiKey(key);
    const record = (await kv.get(keyRecordName(hash), "json")) as KeyRecord | null;
    if (!record) {
      this.unknown.set(key, now + UNKNOWN_KEY_CACHE_MS, 1);
      return null;
    }
    this.known.set(key, { hash, record, expires: now + KNOWN_KEY_CACHE_MS }, 1);
    return { hash, record };
  }
}
