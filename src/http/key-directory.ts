// Which account an API key belongs to. Keys are stored in KV only as SHA-256 hashes; lookups are
// cached in the isolate, the misses too: a flood of invalid keys must not cost a KV read each and
// slow down every valid client. Both caches are bounded.
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
  private readonly known: ByteLruCache<{ record: KeyRecord; expires: number }>;
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
    if (!WELL_FORMED_KEY.test(key)) return null;
    const hash = await hashApiKey(key);
    const cached = this.known.get(hash);
    if (cached && cached.expires > now) return { hash, record: cached.record };
    const refusedUntil = this.unknown.get(hash);
    if (refusedUntil !== undefined && refusedUntil > now) return null;
    const record = (await kv.get(keyRecordName(hash), "json")) as KeyRecord | null;
    if (!record) {
      this.unknown.set(hash, now + UNKNOWN_KEY_CACHE_MS, 1);
      return null;
    }
    this.known.set(hash, { record, expires: now + KNOWN_KEY_CACHE_MS }, 1);
    return { hash, record };
  }
}
