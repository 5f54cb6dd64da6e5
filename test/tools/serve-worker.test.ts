// A worker on workerd's own port (build/serve/serve-worker.ts), stopped while it is busy: what a stop does
// to connections that reached the port before it, to idle connections, and to the port.
import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { serveWorker } from "../../build/serve/serve-worker.ts";
import { compatibilityDate } from "../../build/serve/worker-bundle.ts";
import { fetchRead } from "../support/fetch.ts";
import { RawClient, rawRequest } from "../support/raw-http.ts";

// `/spin` keeps workerd's only thread busy for a few hundred milliseconds: no connection is accepted meanwhile.
const BUSY_WORKER = `
export default {
  fetch(request) {
    if (new URL(request.url, "http://localhost").pathname === "/spin") {
      let x = 0;
      for (let i = 0; i < 3e8; i++) x = (x + i) % 1000003;
      return new Response(String(x));
    }
    return new Response("served");
  },
};`;

const start = () => serveWorker({ modules: true, script: BUSY_WORKER, compatibilityDate: compatibilityDate() });
const get = (path: string) => rawRequest(`GET ${path} HTTP/1.1`, ["Host: local"]);

/** Resolves once a connection to `port` is established or refused, with what happened. */
function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.on("connect", () => {
      socket.destroy();
      resolve("connected");
    });
    socket.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

describe.skipIf(process.platform === "win32")("stopping a served worker", () => {
  it("answers the connections that reached the port while workerd was too busy to accept them", async () => {
    const worker = await start();
    const port = Number(worker.url.port);
    const spinning = new RawClient(port).send(get("/spin"));
    await new Promise((resolve) => setTimeout(resolve, 100)); // workerd is inside /spin now
    const waiting = Array.from({ length: 32 }, () => new RawClient(port).send(get("/")));
    await new Promise((resolve) => setTimeout(resolve, 20)); // the kernel has completed their connections
    const stopped = worker.stop(5_000);
    const answers = await Promise.all([spinning, ...waiting]);
    await stopped;
    expect(answers.map((a) => ("failed" in a ? a.failed : a.status))).toEqual(Array(33).fill(200));
    expect(await tryConnect(port)).toBe("ECONNREFUSED");
  });

  it(
    "closes kept-alive idle connections, so workerd ends without waiting out the grace",
    { timeout: 30_000 },
    async () => {
      const worker = await start();
      const client = new RawClient(Number(worker.url.port));
      const first = await client.send(get("/"));
      expect("failed" in first ? first.failed : first.status).toBe(200);
      await worker.stop(120_000); // an idle connection kept open would hold workerd past the test's timeout
      expect(() => process.kill(worker.pid!, 0)).toThrow();
      client.close();
    },
  );
});

describe("a client that stalls past workerd's idle close", () => {
  it("reads again on a new connection when the kept-alive one was closed meanwhile (test/support/fetch.ts)", async () => {
    const worker = await start();
    try {
      for (let i = 0; i < 2; i++) {
        const answer = await fetchRead(worker.url); // read whole: its connection is kept for the next request
        expect([answer.status, await answer.text()]).toEqual([200, "served"]);
      }
      // Blocked past workerd's 5 s: the connection undici keeps is closed, and it learns so only by writing on it.
      const until = Date.now() + 5_600;
      while (Date.now() < until);
      const again = await fetchRead(worker.url);
      expect([again.status, await again.text()]).toEqual([200, "served"]);
    } finally {
      await worker.stop();
    }
  }, 20_000);
});
