// The request path in Node, over an in-memory fake of the runtime's bindings that counts reads of
// the bundle store: conditional requests answered before anything is read, ETags from the validated
// request, and a refused request that keeps nothing of the answer it replaces.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { createApp } from "../../src/app.ts";
import type { KeyRecord } from "../../src/keys.ts";
import type { RateDecision } from "../../src/rate-window.ts";
import { defaultIds } from "../support/bundles.ts";

const libraryDir = inject("libraryDir");
const { MEGACAP } = defaultIds(libraryDir);

const KEY = "sm_request_path_key_01";
const record: KeyRecord = { account_id: "acct", rate_limit_per_minute: 1000, label: "t", created: "t" };

/** Bindings: the bundles directory behind a counting fetcher, one key, a limiter deciding as told. */
function bindings(
  decide: (limit: number) => RateDecision = (limit) => ({ allowed: true, limit, remaining: 1, retryAfter: 0 }),
) {
  const reads: string[] = [];
  const env = {
    ENVIRONMENT: "test",
    KEYS: { get: async () => record },
    RATE_LIMITER: {
      idFromName: () => "id",
      // The object grants the caller alone (a request at a time), as it says in `granted`.
      get: () => ({
        hit: async (limit: number) => {
          const decision = decide(limit);
          return { ...decision, granted: decision.allowed ? 1 : 0 };
        },
      }),
    },
    BUNDLE_FILES: {
      fetch: async (url: string) => {
        const key = new URL(url).pathname.slice(1);
        reads.push(key);
        try {
          return new Response(readFileSync(join(libraryDir, key)));
        } catch {
          return new Response("not found", { status: 404 });
        }
      },
    },
  };
  return { env, reads };
}

const P = `/prices?scenario_id=${MEGACAP}&ticker=AAPL`;
const get = (app: ReturnType<typeof createApp>, env: object, path: string, headers: Record<string, string> = {}) =>
  app.request(path, { headers: { "X-API-KEY": KEY, ...headers } }, env);

describe("request path", () => {
  it("names an answer by its validated request: unknown parameters, defaults and ticker case do not matter", async () => {
    const { env } = bindings();
    const app = createApp();
    const tags = await Promise.all(
      [
        P,
        `${P}&utm_source=x`,
        `${P}&limit=5000&offset=0&interval=day`,
        P.replace("AAPL", "aapl"),
        P.replace("/prices?", "/prices/?"),
      ].map(async (path) => (await get(app, env, path)).headers.get("etag")),
    );
    expect(new Set(tags).size).toBe(1);
    expect((await get(app, env, `${P}&limit=4999`)).headers.get("etag")).not.toBe(tags[0]);
  });

  it("answers If-None-Match before reading any shard, even when the body is no longer kept", async () => {
    const first = bindings();
    const etag = (await get(createApp(), first.env, `${P}&start_date=2023-02-01`)).headers.get("etag")!;
    // Push that body out of the isolate's 16 MB body cache with other answers.
    const filler = createApp();
    for (let limit = 300; limit < 1000; limit++) await get(filler, first.env, `${P}&limit=${limit}`);

    const fresh = bindings();
    const app = createApp();
    const res = await get(app, fresh.env, `${P}&start_date=2023-02-01`, { "If-None-Match": etag });
    expect(res.status).toBe(304);
    expect(fresh.reads).toEqual(["catalog.mpk"]); // what names the scenario's content, nothing more
    const full = await get(app, fresh.env, `${P}&start_date=2023-02-01`);
    expect(full.status).toBe(200);
    expect(fresh.reads.length).toBeGreaterThan(2); // the body was not kept: manifest and shard read now
    expect(full.headers.get("vary")).toBe("Accept-Encoding");
  });

  it("replaces a refused request's answer entirely: a 429 and nothing else", async () => {
    const { env } = bindings((limit) => ({ allowed: false, limit, remaining: 0, retryAfter: 17 }));
    const res = await get(createApp(), env, P);
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ detail: "Rate limit exceeded" });
    expect(res.headers.get("retry-after")).toBe("17");
    expect(res.headers.get("x-ratelimit-remaining")).toBe("0");
    for (const h of ["etag", "cache-control", "vary"]) expect(res.headers.get(h), h).toBeNull();
  });
});
