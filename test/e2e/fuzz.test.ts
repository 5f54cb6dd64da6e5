// Fuzz of every documented route. Each parameter of each route (and an unknown one) is set to each
// of a list of odd values, then a seeded random mix of several mutations, other methods, bad keys
// and odd paths follows; a POST route's body fields likewise, with odd JSON values and bodies that
// are not JSON. Nothing a client sends may produce a 5xx; errors carry {detail}; no method but the
// route's own is ever answered (a 2xx there would be a cached answer leaking through). It runs
// through both doors of the runtime: the worker's own port (`npm start`'s, request targets as sent)
// and miniflare's entry socket (absolute URLs, as Cloudflare hands them to the worker).
import { expect, inject, it } from "vitest";
import { Rng } from "../../build/ground/rng.ts";
import { base, BRANCH, KEY, MEGACAP } from "./client.ts";
import { isRunRoute, openSampleRun, OPERATOR_ROUTES, POST_SAMPLES, runSamples, SAMPLES } from "./samples.ts";

const document = (await (await fetch(`${base}/openapi.json`)).json()) as {
  paths: Record<string, { get?: { parameters?: { name: string }[] }; post?: object }>;
};
const RANDOM_PER_ROUTE = 120;

const VALUES = [
  "",
  " ",
  "0",
  "-1",
  "1",
  "99999999999999999999",
  "1e3",
  "0x10",
  "2.5",
  "NaN",
  "true",
  "maybe",
  "2023-02-30",
  "2023-13-01",
  "2023-06-30",
  "2030-01-01",
  "1900-01-01",
  "20230630",
  "AAPL",
  "aapl",
  "brk.b",
  "SPY",
  "$$$",
  "../../etc/passwd",
  "%00",
  "Ω≈ç√",
  "x".repeat(300),
  "FED",
  "fed",
  "day",
  "week",
  MEGACAP,
  BRANCH,
  "00000000-0000-4000-8000-000000000000",
  "null",
  "[]",
  "{}",
  "'; drop table",
];

/** Body field values: the query's odd strings, and JSON's other kinds. */
const JSON_VALUES: unknown[] = [
  ...VALUES,
  null,
  0,
  -1,
  2.5,
  1e308,
  -1e308,
  true,
  [],
  {},
  ["AAPL", "brk.b"],
  ["$$$", 7],
  Array.from({ length: 2000 }, (_, i) => `T${i}`),
  { gt: 1 },
  { market_cap: { gt: 1, lt: "x" } },
  { revenue: { eq: null } },
  { constructor: { gt: 1 } },
  { toString: { lt: 2 } },
  { [`x${"y".repeat(300)}`]: { gt: 0 } },
];
/** Bodies that are not a JSON object of fields. */
const RAW_BODIES = [
  "",
  "{",
  "[]",
  "null",
  "42",
  '"x"',
  '{"__proto__": {"gt": 1}}',
  '{"filters": {"__proto__": {"gt": 1}}}',
];

interface Probe {
  url: URL;
  method: string;
  key: string | null;
  body?: string;
}

/** Every single-field mutation of a POST route's sample body, with the main key; then bodies that are no object. */
function systematicBodies(url: URL, sample: Record<string, unknown>): Probe[] {
  const fields = [...Object.keys(sample), "filters", "line_items", "unknown_field"];
  return [
    ...fields.flatMap((field) =>
      JSON_VALUES.map((value) => ({
        url,
        method: "POST",
        key: KEY,
        body: JSON.stringify({ ...sample, [field]: value }),
      })),
    ),
    ...RAW_BODIES.map((body) => ({ url, method: "POST", key: KEY, body })),
  ];
}

/** Several body mutations at once, other methods, bad keys, odd paths. */
function randomBodies(base: string, route: string, sample: Record<string, unknown>, rng: Rng): Probe[] {
  const fields = [...Object.keys(sample), "filters", "sector", "industry", "period", "offset", "unknown_field"];
  return Array.from({ length: RANDOM_PER_ROUTE }, () => {
    const body: Record<string, unknown> = { ...sample };
    for (let k = rng.int(1, 4); k > 0; k--) {
      const field = rng.pick(fields);
      if (rng.uniform() < 0.3) delete body[field];
      else body[field] = rng.pick(JSON_VALUES);
    }
    const url = new URL(route, base);
    if (rng.uniform() < 0.2) url.pathname += rng.pick(["/", "//", "/x", "%2F..", "/../health"]);
    const method = rng.pick(["POST", "POST", "POST", "GET", "HEAD", "PUT", "DELETE", "OPTIONS"]);
    const text = rng.uniform() < 0.1 ? rng.pick(RAW_BODIES) : JSON.stringify(body);
    return {
      url,
      method,
      key: rng.pick([KEY, KEY, null, "sm_bad_key_000000", "short"]),
      body: ["GET", "HEAD"].includes(method) ? undefined : text,
    };
  });
}

/** Every single-parameter mutation of a route's sample, with the main key. */
function systematic(sample: URL, names: string[]): Probe[] {
  return names.flatMap((name) =>
    VALUES.flatMap((value) =>
      (["set", "append"] as const).map((op) => {
        const url = new URL(sample);
        url.searchParams[op](name, value);
        return { url, method: "GET", key: KEY };
      }),
    ),
  );
}

/** Several mutations at once, other methods, bad keys, odd paths. */
function random(sample: URL, names: string[], rng: Rng): Probe[] {
  return Array.from({ length: RANDOM_PER_ROUTE }, () => {
    const url = new URL(sample);
    for (let k = rng.int(1, 4); k > 0; k--) {
      const name = rng.pick(names);
      const op = rng.pick(["set", "append", "delete"] as const);
      if (op === "delete") url.searchParams.delete(name);
      else url.searchParams[op](name, rng.pick(VALUES));
    }
    if (rng.uniform() < 0.2) url.pathname += rng.pick(["/", "//", "/x", "%2F..", "/../health"]);
    const method = rng.pick(["GET", "GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"]);
    return { url, method, key: rng.pick([KEY, KEY, null, "sm_bad_key_000000", "short"]) };
  });
}

const DOORS = [
  ["the npm start port", base],
  ["miniflare's entry socket", inject("entryBase")],
] as const;

it.each(DOORS)(
  "answers every mangled request of every route without a 5xx, through %s",
  { timeout: 300_000 },
  async (_, base) => {
    const rng = new Rng(20261122, "fuzz");
    const failures: string[] = [];
    let sent = 0;
    let expected = 0;
    for (const [route, item] of Object.entries(document.paths)) {
      if (OPERATOR_ROUTES.has(route)) continue; // keys-api.test.ts: fuzzing could revoke the keys other files use
      let probes: Probe[];
      // A run route on a run of this test's own (samples.ts, runSamples), each door its own.
      const run = isRunRoute(route) ? await openSampleRun() : undefined;
      const runs = run && runSamples(run.runId, run.orderId);
      if (item.get) {
        const names = [...(item.get.parameters ?? []).map((p) => p.name), "unknown_param"];
        const sample = new URL(runs ? runs.get[route] : SAMPLES[route], base);
        probes = [...systematic(sample, names), ...random(sample, names, rng)];
      } else {
        const { path, body: sample } = runs ? runs.post[route] : { path: route, body: POST_SAMPLES[route] };
        probes = [...systematicBodies(new URL(path, base), sample), ...randomBodies(base, path, sample, rng)];
      }
      // `/runs` takes POST too (to open a run): a GET probe's POST is answered by that route.
      const allowed = item.get ? ["GET", "HEAD", ...(item.post ? ["POST"] : [])] : ["POST"];
      expected += probes.length;
      for (let i = 0; i < probes.length; i += 64) {
        await Promise.all(
          probes.slice(i, i + 64).map(async ({ url, method, key, body: payload }) => {
            const res = await fetch(url, { method, headers: key ? { "X-API-KEY": key } : {}, body: payload });
            sent++;
            const body = method === "HEAD" ? "" : await res.text();
            const what = `${method} ${url.pathname}${url.search} ${payload?.slice(0, 100) ?? ""} -> ${res.status}`;
            if (res.status >= 500) failures.push(`${what} ${body.slice(0, 200)}`);
            if (!allowed.includes(method) && res.status < 300) failures.push(`${what}: not refused`);
            if (res.status >= 400 && method !== "HEAD") {
              const parsed = JSON.parse(body) as Record<string, unknown>;
              if (typeof parsed.detail !== "string") failures.push(`${what}: no detail`);
            }
          }),
        );
      }
    }
    expect(failures.slice(0, 20)).toEqual([]);
    expect(sent).toBe(expected);
    expect(sent).toBeGreaterThan(10_000);
  },
);
