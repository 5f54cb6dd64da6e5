// Security: keys, accounts and rate limits in the real runtime (the 401 of every route is in
// every-route.test.ts).
import { describe, expect, it } from "vitest";
import { get, json, MEGACAP, request } from "./client.ts";
import { KEYS } from "./keys.ts";

describe("authentication", () => {
  it("serves /health without a key and without rate-limit headers", async () => {
    const res = await get("/health", null);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ status: "ok", environment: "local" });
    expect(res.headers.get("x-ratelimit-limit")).toBeNull();
  });

  it("answers 401 on an unknown path without a key, and 404 with one", async () => {
    const without = await get("/no-such-route", null);
    expect(without.status).toBe(401);
    expect(await json(without)).toEqual({ detail: "Missing or invalid X-API-KEY header" });
    const withKey = await get("/no-such-route");
    expect(withKey.status).toBe(404);
    expect(await json(withKey)).toEqual({ detail: "Not found: GET /no-such-route" });
  });

  it("never echoes a refused key", async () => {
    const key = "sm_secret_looking_key_42";
    const res = await get(`/prices?scenario_id=${MEGACAP}&ticker=AAPL`, key);
    expect(res.status).toBe(401);
    expect(await res.text()).not.toContain(key);
  });

  it("accepts a valid key in any header case and reports the account and limits", async () => {
    const res = await request("/scenarios", { key: null, headers: { "x-Api-KeY": KEYS.main.key } });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-account-id")).toBe("acct-main");
    expect(res.headers.get("x-ratelimit-limit")).toBe("1000000");
    expect(Number(res.headers.get("x-ratelimit-remaining"))).toBeLessThan(1_000_000);
  });
});

describe("rate limit", () => {
  it("lets exactly the limit through 150 concurrent requests, with distinct decreasing Remaining", async () => {
    const { key } = KEYS.limit100;
    const responses = await Promise.all(
      Array.from({ length: 150 }, () => get(`/prices?scenario_id=${MEGACAP}&ticker=MSFT&limit=1`, key)),
    );
    const ok = responses.filter((r) => r.status === 200);
    const limited = responses.filter((r) => r.status === 429);
    expect(ok).toHaveLength(100);
    expect(limited).toHaveLength(50);
    const remaining = ok.map((r) => Number(r.headers.get("x-ratelimit-remaining"))).sort((a, b) => b - a);
    expect(remaining).toEqual(Array.from({ length: 100 }, (_, i) => 99 - i));
    for (const r of limited) {
      expect(await json(r)).toEqual({ detail: "Rate limit exceeded" });
      expect(r.headers.get("x-ratelimit-limit")).toBe("100");
      expect(r.headers.get("x-ratelimit-remaining")).toBe("0");
      expect(r.headers.get("x-account-id")).toBe("acct-limit-100");
      const retry = Number(r.headers.get("retry-after"));
      expect(retry).toBeGreaterThanOrEqual(1);
      expect(retry).toBeLessThanOrEqual(60);
    }
  });

  it("keeps separate windows per key", async () => {
    expect((await get("/scenarios", KEYS.tinyA.key)).status).toBe(200);
    expect((await get("/scenarios", KEYS.tinyA.key)).status).toBe(429);
    expect((await get("/scenarios", KEYS.tinyB.key)).status).toBe(200);
  });
});
