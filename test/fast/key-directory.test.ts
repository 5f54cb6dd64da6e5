// Key lookups against an in-memory stand-in for the KEYS namespace that counts its reads: unknown
// keys must not cost a read each (a flood of them once slowed every valid client).
import { describe, expect, it } from "vitest";
import { KeyDirectory, KNOWN_KEY_CACHE_MS, UNKNOWN_KEY_CACHE_MS } from "../../src/http/key-directory.ts";
import { hashApiKey, keyRecordName, type KeyRecord } from "../../src/keys.ts";

function countingKv() {
  const values = new Map<string, string>();
  const kv = {
    reads: 0,
    async get(name: string, _type: "json") {
      kv.reads++;
      const v = values.get(name);
      return v === undefined ? null : JSON.parse(v);
    },
    async put(key: string, record: KeyRecord) {
      values.set(keyRecordName(await hashApiKey(key)), JSON.stringify(record));
    },
  };
  return kv;
}

const record: KeyRecord = { account_id: "acct", rate_limit_per_minute: 60, label: "t", created: "t" };

describe("key directory", () => {
  it("sees a clock key's new horizon once its cached record is older than the documented lifetime", async () => {
    const kv = countingKv();
    const keys = new KeyDirectory();
    const key = "sm_clock_key_0123456789";
    await kv.put(key, { ...record, clock: { scenario_id: "s", horizon: "2008-06-30" } });
    expect((await keys.lookup(kv, key, 0))?.record.clock?.horizon).toBe("2008-06-30");
    await kv.put(key, { ...record, clock: { scenario_id: "s", horizon: "2008-07-31" } });
    expect((await keys.lookup(kv, key, KNOWN_KEY_CACHE_MS - 1))?.record.clock?.horizon).toBe("2008-06-30");
    expect((await keys.lookup(kv, key, KNOWN_KEY_CACHE_MS))?.record.clock?.horizon).toBe("2008-07-31");
  });

  it("reads the namespace once for a repeated unknown key", async () => {
    const kv = countingKv();
    const keys = new KeyDirectory();
    for (let i = 0; i < 1000; i++) expect(await keys.lookup(kv, "sm_not_a_real_key_000", 1000 + i)).toBeNull();
    expect(kv.reads).toBe(1);
  });

  it("refuses malformed keys without reading the namespace", async () => {
    const kv = countingKv();
    const keys = new KeyDirectory();
    for (const bad of ["", "short", "x".repeat(129), "sm_with space_1234", "sm_ünïcode_12345678"]) {
      expect(await keys.lookup(kv, bad, 0)).toBeNull();
    }
    expect(kv.reads).toBe(0);
  });

  it("bounds the memory held for unknown keys", async () => {
    const kv = countingKv();
    const keys = new KeyDirectory({ maxUnknown: 100 });
    for (let i = 0; i < 5000; i++) await keys.lookup(kv, `sm_unknown_key_${i}`, 0);
    expect(keys.unknownHeld).toBeLessThanOrEqual(100);
  });

  it("admits a key created after it was refused, once the refusal is older than the documented delay", async () => {
    const kv = countingKv();
    const keys = new KeyDirectory();
    const key = "sm_created_later_0123";
    expect(await keys.lookup(kv, key, 0)).toBeNull();
    await kv.put(key, record);
    expect(await keys.lookup(kv, key, UNKNOWN_KEY_CACHE_MS + 1)).toMatchObject({ record });
  });

  it("admits a new key at once when it was never refused, and caches known keys", async () => {
    const kv = countingKv();
    const keys = new KeyDirectory();
    await kv.put("sm_fresh_key_0123456", record);
    const found = await keys.lookup(kv, "sm_fresh_key_0123456", 0);
    expect(found?.record).toEqual(record);
    expect(found?.hash).toBe(await hashApiKey("sm_fresh_key_0123456"));
    await keys.lookup(kv, "sm_fresh_key_0123456", 1000);
    expect(kv.reads).toBe(1);
  });
});
