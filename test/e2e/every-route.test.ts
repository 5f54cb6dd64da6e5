// One shared set of checks, run for every route of the live OpenAPI document: authentication,
// scenario_id, conditional requests, trailing slash, HEAD, other methods and repeated parameters
// (for a POST route: its body's scenario_id, bodies that are not JSON, and the same answer to the
// same request however it is written).
import { describe, expect, it } from "vitest";
import { base, json, KEY, post, request } from "./client.ts";
import { isRunRoute, OPEN_ROUTES, OPERATOR_ROUTES, POST_SAMPLES, runSamples, SAMPLES } from "./samples.ts";

interface Operation {
  parameters?: { name: string; in: string; required?: boolean }[];
}
const document = (await (await fetch(`${base}/openapi.json`)).json()) as {
  paths: Record<string, { get?: Operation; post?: Operation }>;
};
const shared = (p: string) => !OPERATOR_ROUTES.has(p) && !isRunRoute(p);
const routes = Object.keys(document.paths).filter((p) => document.paths[p].get && shared(p));
const postRoutes = Object.keys(document.paths).filter((p) => document.paths[p].post && shared(p));
const UNKNOWN = "00000000-0000-4000-8000-000000000000";

/** The route needs a scenario_id there (a catalog route may take one optionally: /index-funds/tickers). */
const takes = (path: string, where: string) =>
  (document.paths[path].get!.parameters ?? []).some((p) => p.name === "scenario_id" && p.in === where && p.required);
const declares = (path: string, name: string) =>
  (document.paths[path].get!.parameters ?? []).some((p) => p.name === name && p.in === "query");

/** Each scenario's current_date, the horizon of a request that names none. */
const currentDates = new Map<string, string>(
  ((await json(await request("/scenarios?limit=500"))).scenarios as { id: string; current_date: string }[]).map((s) => [
    s.id,
    s.current_date,
  ]),
);
/** The horizon a sample request should get: its earliest point-in-time parameter, else current_date. */
function expectedHorizon(path: string): string {
  const url = new URL(path, base);
  const id = url.searchParams.get("scenario_id") ?? url.pathname.split("/")[2];
  const given = ["as_of", "filing_date_lte"].flatMap((n) => url.searchParams.getAll(n)).sort();
  return given[0] ?? currentDates.get(id)!;
}

it("has a sample request for every documented route", () => {
  expect(routes.filter((r) => !SAMPLES[r])).toEqual([]);
  expect(postRoutes.filter((r) => !POST_SAMPLES[r])).toEqual([]);
  expect(postRoutes.filter((r) => document.paths[r].get)).toEqual([]);
  // The run routes, on a run: the fuzz and the contract test send these.
  const runs = runSamples("run_0000000000000000", "o000001");
  const paths = document.paths;
  expect(Object.keys(paths).filter((p) => isRunRoute(p) && paths[p].get && !runs.get[p])).toEqual([]);
  expect(Object.keys(paths).filter((p) => isRunRoute(p) && paths[p].post && !runs.post[p])).toEqual([]);
});

describe.each(routes)("%s", (route) => {
  const sample = SAMPLES[route];
  const keyed = !OPEN_ROUTES.has(route);
  const withQuery = (path: string, edit: (q: URLSearchParams) => void) => {
    const url = new URL(path, base);
    edit(url.searchParams);
    return `${url.pathname}${url.search}`;
  };

  if (keyed)
    it("answers 401 without a key or with an unknown one, naming no account", async () => {
      for (const key of [null, "sm_not_a_real_key_0000"]) {
        const res = await request(sample, { key });
        expect(res.status).toBe(401);
        expect(await json(res)).toEqual({ detail: "Missing or invalid X-API-KEY header" });
        expect(res.headers.get("x-account-id")).toBeNull();
        expect(res.headers.get("x-ratelimit-limit")).toBeNull();
      }
    });

  if (takes(route, "query"))
    it("answers 422 without scenario_id, and with an empty one", async () => {
      const missing = await request(withQuery(sample, (q) => q.delete("scenario_id")));
      expect(missing.status).toBe(422);
      expect((await json(missing)).detail).toBe("Query parameter 'scenario_id' is required");
      const empty = await request(withQuery(sample, (q) => q.set("scenario_id", "")));
      expect(empty.status).toBe(422);
      expect((await json(empty)).detail).toBe("Query parameter 'scenario_id' must not be empty");
    });

  if (takes(route, "query") || takes(route, "path"))
    it("answers 404 for an unknown scenario", async () => {
      const unknown = takes(route, "query")
        ? withQuery(sample, (q) => q.set("scenario_id", UNKNOWN))
        : sample.replace(/^\/scenarios\/[^/?]+/, `/scenarios/${UNKNOWN}`);
      const res = await request(unknown);
      expect(res.status).toBe(404);
      expect(await json(res)).toEqual({
        detail: `Scenario not found: no scenario has the id '${UNKNOWN}' (GET /scenarios lists them)`,
      });
      expect(res.headers.get("etag")).toBeNull();
      expect(res.headers.get("x-as-of")).toBeNull();
    });

  if (takes(route, "query") || takes(route, "path"))
    it("names the horizon it applied in X-As-Of, on 200, 304 and a repeated answer alike", async () => {
      const first = await request(sample);
      expect(first.status).toBe(200);
      const horizon = expectedHorizon(sample);
      expect(first.headers.get("x-as-of")).toBe(horizon);
      const again = await request(sample);
      expect(again.headers.get("x-as-of")).toBe(horizon);
      const revalidated = await request(sample, { headers: { "If-None-Match": first.headers.get("etag")! } });
      expect(revalidated.status).toBe(304);
      expect(revalidated.headers.get("x-as-of")).toBe(horizon);
      if (declares(route, "as_of")) {
        const earlier = withQuery(sample, (q) => q.set("as_of", "2001-01-02"));
        const res = await request(earlier);
        expect([200, 404]).toContain(res.status);
        if (res.status === 200) expect(res.headers.get("x-as-of")).toBe("2001-01-02");
      }
    });

  if (declares(route, "strict"))
    it("ignores an unknown parameter, unless strict=true, which refuses it with 422 naming it", async () => {
      const plain = await request(sample);
      const ignored = await request(withQuery(sample, (q) => q.set("tikcer", "AAPL")));
      expect(ignored.status).toBe(200);
      expect(await ignored.text()).toBe(await plain.text());
      const strict = await request(withQuery(sample, (q) => q.set("strict", "true")));
      expect(strict.status).toBe(200);
      expect(strict.headers.get("etag")).toBe(plain.headers.get("etag"));
      const refused = await request(
        withQuery(sample, (q) => {
          q.set("strict", "true");
          q.set("tikcer", "AAPL");
        }),
      );
      expect(refused.status).toBe(422);
      const body = await json(refused);
      expect(body.detail).toMatch(
        new RegExp(`^Query parameter 'tikcer' is not taken by ${route} \\(strict=true\\); it takes `),
      );
      expect(body.errors).toEqual([
        { loc: ["query", "tikcer"], msg: "is not taken by this route", type: "unrecognized_keys" },
      ]);
    });

  if (route !== "/health")
    it("sends a strong ETag and answers If-None-Match with 304 and no body", async () => {
      const first = await request(sample);
      expect(first.status).toBe(200);
      const etag = first.headers.get("etag");
      expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
      if (keyed) expect(first.headers.get("x-account-id")).toBe("acct-main");
      const again = await request(sample, { headers: { "If-None-Match": etag! } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe("");
      expect(again.headers.get("etag")).toBe(etag);
      const weak = await request(sample, { headers: { "If-None-Match": `W/${etag}` } });
      expect(weak.status).toBe(304);
      expect((await request(sample, { headers: { "If-None-Match": '"stale"' } })).status).toBe(200);
    });

  // The root is all slash.
  if (route !== "/")
    it("serves the same answer with a trailing slash", async () => {
      const plain = await request(sample);
      const url = new URL(sample, base);
      const slashed = await request(`${url.pathname}/${url.search}`);
      expect(slashed.status).toBe(200);
      expect(slashed.headers.get("etag")).toBe(plain.headers.get("etag"));
      expect(await slashed.text()).toBe(await plain.text());
    });

  it("answers HEAD with the status and validators of GET and no body", async () => {
    const got = await request(sample);
    const head = await request(sample, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("etag")).toBe(got.headers.get("etag"));
    expect(head.headers.get("content-type")).toBe(got.headers.get("content-type"));
    expect(await head.text()).toBe("");
  });

  it("refuses every other method with 405 and Allow, after the URL was served", async () => {
    expect((await request(sample)).status).toBe(200);
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
      const res = await request(sample, { method });
      expect(res.status, method).toBe(405);
      expect(res.headers.get("allow")).toBe("GET, HEAD");
      expect((await json(res)).detail).toMatch(new RegExp(`^Method ${method} not allowed on /`));
    }
  });

  it("gives the same answer when every parameter is repeated identically", async () => {
    const url = new URL(sample, base);
    const doubled = withQuery(sample, (q) => {
      for (const [k, v] of [...url.searchParams]) q.append(k, v);
    });
    const [once, twice] = await Promise.all([request(sample), request(doubled)]);
    expect(twice.status).toBe(200);
    expect(await twice.text()).toBe(await once.text());
  });
});

describe.each(postRoutes)("POST %s", (route) => {
  const sample = POST_SAMPLES[route];

  it("answers 401 without a key or with an unknown one, naming no account", async () => {
    for (const key of [null, "sm_not_a_real_key_0000"]) {
      const res = await post(route, sample, { key });
      expect(res.status).toBe(401);
      expect(await json(res)).toEqual({ detail: "Missing or invalid X-API-KEY header" });
      expect(res.headers.get("x-account-id")).toBeNull();
    }
  });

  it("answers 422 without scenario_id, and with an empty one", async () => {
    const { scenario_id: _, ...without } = sample;
    const missing = await post(route, without);
    expect(missing.status).toBe(422);
    expect((await json(missing)).detail).toBe("Body field 'scenario_id' is required");
    const empty = await post(route, { ...sample, scenario_id: "" });
    expect(empty.status).toBe(422);
    expect((await json(empty)).detail).toBe("Body field 'scenario_id' must not be empty");
  });

  it("answers 404 for an unknown scenario", async () => {
    const res = await post(route, { ...sample, scenario_id: UNKNOWN });
    expect(res.status).toBe(404);
    expect(await json(res)).toEqual({
      detail: `Scenario not found: no scenario has the id '${UNKNOWN}' (GET /scenarios lists them)`,
    });
  });

  it("names the horizon it applied in X-As-Of", async () => {
    const res = await post(route, sample);
    expect(res.status).toBe(200);
    const dates = ["as_of", "end_date"].map((k) => sample[k] as string | undefined).filter(Boolean) as string[];
    const horizon = dates.sort()[0] ?? currentDates.get(sample.scenario_id as string);
    expect(res.headers.get("x-as-of")).toBe(horizon);
  });

  it("answers 422 to a body that is not a JSON object, or is too large", async () => {
    for (const text of ["", "{", "not json", "[]", "null", '"x"', "42"]) {
      const res = await post(route, text);
      expect(res.status, text).toBe(422);
      expect(await json(res)).toEqual({ detail: "Request body must be a JSON object" });
    }
    const large = await post(route, { ...sample, padding: "x".repeat(70_000) });
    expect(large.status).toBe(422);
    expect((await json(large)).detail).toBe("Request body must be at most 65536 bytes");
    // Streamed without a Content-Length: refused once it runs past the maximum.
    const chunk = new TextEncoder().encode(`{"scenario_id": "${"x".repeat(10_000)}`);
    const streamed = await fetch(base + route, {
      method: "POST",
      headers: { "X-API-KEY": KEY },
      body: new ReadableStream({
        start(controller) {
          for (let i = 0; i < 10; i++) controller.enqueue(chunk);
          controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(await json(streamed)).toEqual({ detail: "Request body must be at most 65536 bytes" });
    expect(streamed.status).toBe(422);
  });

  it("reads the body as JSON whatever its Content-Type, and answers without validators", async () => {
    const plain = await post(route, sample);
    expect(plain.status).toBe(200);
    expect(plain.headers.get("content-type")).toMatch(/^application\/json/);
    expect(plain.headers.get("etag")).toBeNull();
    expect(plain.headers.get("x-account-id")).toBe("acct-main");
    const text = await plain.text();
    for (const type of ["application/x-www-form-urlencoded", "text/plain"]) {
      const res = await post(route, sample, { headers: { "Content-Type": type } });
      expect(res.status, type).toBe(200);
      expect(await res.text()).toBe(text);
    }
  });

  it("gives the same answer with a trailing slash, and to the same request written otherwise", async () => {
    const text = await (await post(route, sample)).text();
    expect(await (await post(`${route}/`, sample)).text()).toBe(text);
    // Fields, filters and list items in reverse order, tickers in lower case.
    const rewrite = (v: unknown, key = ""): unknown =>
      Array.isArray(v)
        ? v.map((x) => (key === "tickers" ? String(x).toLowerCase() : x)).reverse()
        : v && typeof v === "object"
          ? Object.fromEntries(
              Object.entries(v)
                .reverse()
                .map(([k, x]) => [k, rewrite(x, k)]),
            )
          : v;
    const again = await post(route, rewrite(sample) as object);
    expect(await again.text()).toBe(text);
  });

  it("refuses every other method with 405 and Allow, before the key is checked", async () => {
    for (const method of ["GET", "HEAD", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
      const res = await request(route, { method, key: null });
      expect(res.status, method).toBe(405);
      expect(res.headers.get("allow")).toBe("POST");
      if (method !== "HEAD")
        expect((await json(res)).detail).toBe(`Method ${method} not allowed on ${route}; use POST`);
    }
  });
});
