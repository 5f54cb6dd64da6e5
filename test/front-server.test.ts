// The public port of `npm start` (build/front-server.ts) on its own, in front of a plain HTTP
// server: what a stop does to connections that reached the port before it.
import { createServer, type Server } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFrontServer } from "../build/front-server.ts";

let upstream: Server;
let target: URL;

beforeAll(async () => {
  upstream = createServer((_req, res) => res.end("served"));
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  target = new URL(`http://127.0.0.1:${(upstream.address() as { port: number }).port}`);
});
afterAll(() => new Promise<void>((resolve) => upstream.close(() => resolve())));

/** A raw GET on a new connection; resolves with the status line, or with what went wrong. */
function rawGet(port: number): Promise<string> {
  return new Promise((resolve) => {
    let received = "";
    const socket = connect(port, "127.0.0.1");
    socket.write("GET / HTTP/1.1\r\nHost: local\r\nConnection: close\r\n\r\n");
    socket.on("data", (chunk) => (received += chunk));
    socket.on("error", (error) => resolve(error.message));
    socket.on("close", () => resolve(received.split("\r\n")[0] || "closed without an answer"));
  });
}

/** Keeps this process from running anything else for `ms`: a machine too busy to schedule it. */
function busy(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until);
}

describe("the front server of npm start", () => {
  it("serves the connections that reached its port before a stop, even when the process was too busy to accept them", async () => {
    const front = await startFrontServer(target, 0);
    const port = Number(front.url.port);
    const answers = Array.from({ length: 8 }, () => rawGet(port));
    // The connects go out on the next tick; the kernel completes them while this process is busy.
    await new Promise<void>((resolve) => process.nextTick(resolve));
    const closed = front.close(2_000);
    busy(400); // longer than the moment the listener waits before it closes
    expect(await Promise.all(answers)).toEqual(Array(8).fill("HTTP/1.1 200 OK"));
    await closed;
  });

  it("refuses connections made after the stop", async () => {
    const front = await startFrontServer(target, 0);
    const port = Number(front.url.port);
    await front.close(2_000);
    expect(await rawGet(port)).toMatch(/ECONNREFUSED/);
  });
});
