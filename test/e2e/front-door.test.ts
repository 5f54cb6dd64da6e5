// The port `npm start` prints, as a user gets it (build/cli/start.ts over this run's bundles): a seeded
// mix of ordinary requests and malformed ones (control bytes in a header, oversized headers and
// targets, 2,000 query parameters, raw UTF-8 in the path, absolute-form targets, `OPTIONS *`), sent
// as raw bytes over 16 kept-alive connections. Every request gets the answer it would get alone: no
// 5xx, and every error is JSON with a `detail`.
import { mkdtempSync, rmSync } from "node:fs";
import { once } from "node:events";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { Rng } from "../../build/ground/rng.ts";
import { freePort, launch, servedAt, type LocalServer } from "../support/local-server.ts";
import { writableCopy } from "../support/libraries.ts";
import { RawClient, rawRequest, type RawAnswer } from "../support/raw-http.ts";
import { MEGACAP } from "./client.ts";

const CONNECTIONS = 16;
const PER_CONNECTION = 200;

interface Probe {
  what: string;
  bytes: Buffer;
  method: string;
  status: number;
  /** A further condition on the answer, as the reason it fails. */
  check?: (answer: RawAnswer) => string | null;
}

const dir = mkdtempSync(join(tmpdir(), "front-door-"));
let server: LocalServer;
let port: number;
let key: string;

beforeAll(async () => {
  port = await freePort();
  const state = join(dir, "state");
  // `npm start` writes its catalog into the directory it serves: a copy of the cached library. No
  // exports: those it lacks would be built beside the other end-to-end files, for nothing here.
  const bundles = join(dir, "bundles");
  writableCopy(inject("bundlesDir"), bundles);
  server = launch("node build/cli/start.ts", { port, bundles, state, tmp: join(dir, "tmp"), args: ["--no-exports"] });
  ({ key } = await servedAt(server));
}, 120_000);

afterAll(async () => {
  if (server.child.exitCode === null) {
    const exited = once(server.child, "exit");
    server.child.kill("SIGTERM");
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

function probes(): Probe[] {
  const host = `Host: 127.0.0.1:${port}`;
  const withKey = [host, `X-API-KEY: ${key}`];
  const get = (target: string, headers = withKey, method = "GET") =>
    rawRequest(`${method} ${target} HTTP/1.1`, headers);
  const prices = `/prices?scenario_id=${MEGACAP}&ticker=AAPL&limit=3`;
  const screener = JSON.stringify({ scenario_id: MEGACAP, as_of: "2023-08-15", limit: -5, filters: {} });
  const allowsAll = (a: RawAnswer) => (a.headers.allow === "GET, HEAD, POST" ? null : `Allow: ${a.headers.allow}`);
  return [
    // Ordinary requests.
    { what: "health", bytes: get("/health", [host]), method: "GET", status: 200 },
    { what: "prices", bytes: get(prices), method: "GET", status: 200 },
    { what: "HEAD prices", bytes: get(prices, withKey, "HEAD"), method: "HEAD", status: 200 },
    { what: "unknown scenario", bytes: get("/scenarios/zzz"), method: "GET", status: 404 },
    {
      what: "key header spelled x-API-key",
      bytes: get(`/earnings/tickers?scenario_id=${MEGACAP}`, [host, `x-API-key: ${key}`]),
      method: "GET",
      status: 200,
    },
    {
      what: "wrong key",
      bytes: get(`/prices?scenario_id=${MEGACAP}&ticker=FE`, [host, "X-API-KEY: sm_wrong_key_000000"]),
      method: "GET",
      status: 401,
    },
    {
      what: "screener with a negative limit",
      bytes: rawRequest(
        "POST /financials/search/screener HTTP/1.1",
        [...withKey, "Content-Type: application/json"],
        screener,
      ),
      method: "POST",
      status: 422,
    },
    { what: "DELETE", bytes: get("/scenarios", withKey, "DELETE"), method: "DELETE", status: 405 },
    // Bodies the worker refuses without reading them.
    {
      what: "PUT with a body",
      bytes: rawRequest("PUT /scenarios HTTP/1.1", [...withKey, "Content-Type: application/json"], screener),
      method: "PUT",
      status: 405,
    },
    {
      what: "POST on a GET route",
      bytes: rawRequest(`POST ${prices} HTTP/1.1`, withKey, "x".repeat(5_000)),
      method: "POST",
      status: 405,
    },
    {
      what: "screener with a wrong key",
      bytes: rawRequest(
        "POST /financials/search/screener HTTP/1.1",
        [host, "X-API-KEY: sm_wrong_key_000000"],
        screener,
      ),
      method: "POST",
      status: 401,
    },
    // Malformed ones.
    {
      what: "control byte in a header value",
      bytes: get("/scenarios", [...withKey, "X-Trace: a\x01b"]),
      method: "GET",
      status: 400,
    },
    {
      what: "40 KB of headers",
      bytes: get("/scenarios", [...withKey, `X-Pad: ${"p".repeat(40_000)}`]),
      method: "GET",
      status: 431,
    },
    { what: "40 KB target", bytes: get(`${prices}&pad=${"q".repeat(40_000)}`), method: "GET", status: 414 },
    {
      what: "2,000 query parameters",
      bytes: get(`/prices?scenario_id=${MEGACAP}${"&ticker=AAPL".repeat(2_000)}&limit=3`),
      method: "GET",
      status: 200,
    },
    { what: "raw UTF-8 in the path", bytes: get("/sc\xc3\xa9narios"), method: "GET", status: 404 },
    {
      what: "absolute-form target",
      bytes: get(`http://127.0.0.1:${port}/scenarios`),
      method: "GET",
      status: 200,
    },
    { what: "OPTIONS *", bytes: get("*", [host], "OPTIONS"), method: "OPTIONS", status: 405, check: allowsAll },
  ];
}

/** Why an answer is wrong, or null. */
function wrong(probe: Probe, answer: RawAnswer): string | null {
  if (answer.status !== probe.status) return `status ${answer.status} (${answer.body.slice(0, 80)})`;
  if (answer.status >= 400) {
    if (!/^application\/json/.test(answer.headers["content-type"] ?? ""))
      return `content-type ${answer.headers["content-type"]}`;
    try {
      if (typeof JSON.parse(answer.body).detail !== "string") return "no detail";
    } catch {
      return `not JSON: ${JSON.stringify(answer.body.slice(0, 80))}`;
    }
  }
  return probe.check?.(answer) ?? null;
}

it(
  "answers every request of a mixed, malformed load through the npm start port as it would alone",
  { timeout: 120_000 },
  async () => {
    const kinds = probes();
    const rng = new Rng(20261125, "front-door");
    const failures = new Map<string, { count: number; example: string }>();
    let sent = 0;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, c) => {
        const client = new RawClient(port);
        const sequence = rng.fork(`connection ${c}`);
        for (let i = 0; i < PER_CONNECTION; i++) {
          const probe = sequence.pick(kinds);
          const outcome = await client.send(probe.bytes, probe.method);
          sent++;
          const reason = "failed" in outcome ? outcome.failed : wrong(probe, outcome);
          if (!reason) continue;
          const seen = failures.get(probe.what) ?? { count: 0, example: reason };
          seen.count++;
          failures.set(probe.what, seen);
        }
        client.close();
      }),
    );
    const report = [...failures].map(([what, { count, example }]) => `${what}: ${count} wrong, e.g. ${example}`);
    console.log(
      `${sent} requests over ${CONNECTIONS} connections; ${report.length ? report.join("; ") : "all as expected"}`,
    );
    expect(report).toEqual([]);
    expect(sent).toBe(CONNECTIONS * PER_CONNECTION);
  },
);

// What never reaches the worker: workerd answers these itself, in plain text, and closes the
// connection (docs/api-choices.md, "The local port"). Listed here so that a runtime that changes
// them is noticed.
it.each([
  ["a method token HTTP does not define", "FOO /health HTTP/1.1\r\nHost: x\r\n\r\n", 501],
  ["CONNECT", "CONNECT 127.0.0.1:80 HTTP/1.1\r\nHost: x\r\n\r\n", 500],
  ["a request line without a version", "GET /health\r\nHost: x\r\n\r\n", 400],
  ["a NUL byte in a header value", "GET /health HTTP/1.1\r\nHost: x\r\nX-A: a\0b\r\n\r\n", 400],
  ["a request head over 128 KiB", `GET /health HTTP/1.1\r\nHost: x\r\nX-Pad: ${"p".repeat(131_072)}\r\n\r\n`, 431],
])("leaves %s to workerd, which answers it before the worker runs", async (_, request, status) => {
  const client = new RawClient(port);
  const answer = await client.send(Buffer.from(request, "latin1"));
  client.close();
  expect(answer).toMatchObject({ status, headers: { connection: "close" } });
});
