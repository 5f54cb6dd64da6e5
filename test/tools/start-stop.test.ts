// Stopping `npm start` the ways a user does (SIGTERM to npm or to node, Ctrl+C to the terminal's
// process group) while requests are in flight: every request completes, then every process of the
// tree ends, the port is free for the next start and nothing is left in the temp directory. Also a
// stop while the library is being built.
import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { defaultIds } from "../support/bundles.ts";
import { writableCopy } from "../support/libraries.ts";
import {
  freePort,
  launch as launchServer,
  portIsFree,
  servedAt,
  waitForOutput,
  type LocalServer,
} from "../support/local-server.ts";

const IN_FLIGHT = 32;
const dir = mkdtempSync(join(tmpdir(), "start-stop-"));
const started: ChildProcess[] = [];
/** The library the stops serve: the cached default library, which `npm start` then finds built. */
const bundles = join(dir, "bundles");
beforeAll(() => writableCopy(inject("libraryDir"), bundles));

/** Starts the local server the way a user does; its key and state are kept in this file's directory. */
function launch(how: "npm start" | "node build/cli/start.ts", port: number, bundles: string): LocalServer {
  const server = launchServer(how, {
    port,
    bundles,
    state: join(dir, "state"),
    tmp: join(dir, `tmp-${started.length}`),
  });
  started.push(server.child);
  return server;
}

afterAll(() => {
  // Only if a test failed: whatever is left of the process groups this file started.
  for (const child of started) {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {}
  }
  rmSync(dir, { recursive: true, force: true });
});

function stat(pid: number): { state: string; ppid: number } | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return { state: fields[0], ppid: Number(fields[1]) };
  } catch {
    return null;
  }
}

/** The process and all its descendants, with their command lines. */
function processTree(root: number): Map<number, string> {
  const children = new Map<number, number[]>();
  for (const name of readdirSync("/proc").filter((n) => /^\d+$/.test(n))) {
    const ppid = stat(Number(name))?.ppid;
    if (ppid !== undefined) children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
  }
  const tree = new Map<number, string>();
  const visit = (pid: number) => {
    try {
      tree.set(pid, readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").trim());
    } catch {
      return; // ended meanwhile
    }
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(root);
  return tree;
}

const alive = (pid: number) => {
  const state = stat(pid)?.state;
  return state !== undefined && state !== "Z";
};

/** Still running after up to 10 s: the processes of the tree, as "pid command". */
async function leftOver(tree: Map<number, string>): Promise<string[]> {
  for (let i = 0; i < 100 && [...tree.keys()].some(alive); i++) await sleep(100);
  return [...tree].filter(([pid]) => alive(pid)).map(([pid, command]) => `${pid} ${command}`);
}

/** A GET whose request is on the wire once `sent` resolves; `done` is "200 full" or what went wrong. */
function get(url: string, key: string, expectedRows: number): { sent: Promise<void>; done: Promise<string> } {
  let sent!: () => void;
  const sentPromise = new Promise<void>((resolve) => (sent = resolve));
  const done = new Promise<string>((resolve) => {
    const req = request(url, { headers: { "X-API-KEY": key }, agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (body += chunk));
      res.on("error", (error) => resolve(`${res.statusCode} then ${error.message}`));
      res.on("end", () => {
        let rows: unknown;
        try {
          rows = JSON.parse(body).prices?.length;
        } catch {}
        resolve(
          res.statusCode === 200 && rows === expectedRows ? "200 full" : `${res.statusCode} ${body.slice(0, 100)}`,
        );
      });
    });
    req.on("finish", sent);
    req.on("close", sent);
    req.on("error", (error) => resolve(error.message));
    req.end();
  });
  return { sent: sentPromise, done };
}

/** Starts, sends IN_FLIGHT requests, signals once they are all sent, checks what follows. */
async function stopWhileServing(
  how: "npm start" | "node build/cli/start.ts",
  signal: "SIGTERM" | "Ctrl+C",
  port: number,
) {
  const server = launch(how, port, bundles);
  const { base, key } = await servedAt(server);
  expect(base).toBe(`http://127.0.0.1:${port}`);
  const tree = processTree(server.child.pid!);
  expect(
    [...tree.values()].some((command) => command.includes("workerd")),
    [...tree.values()].join("\n"),
  ).toBe(true);

  const { MEGACAP } = defaultIds(bundles);
  const prices = `${base}/prices?scenario_id=${MEGACAP}&ticker=AAPL&include_components=true`;
  const year = await fetch(`${prices}&limit=10000`, { headers: { "X-API-KEY": key } });
  const days = ((await year.json()) as { prices: unknown[] }).prices.length;
  expect(days).toBeGreaterThan(IN_FLIGHT);

  let completed = 0;
  const requests = Array.from({ length: IN_FLIGHT }, (_, i) => {
    const request = get(`${prices}&limit=${days - 1 - i}`, key, days - 1 - i); // distinct: none from the body cache
    void request.done.then(() => completed++);
    return request;
  });
  await Promise.all(requests.map((r) => r.sent));
  const completedBeforeSignal = completed;
  const exited = once(server.child, "exit");
  if (signal === "Ctrl+C") process.kill(-server.child.pid!, "SIGINT");
  else process.kill(server.child.pid!, "SIGTERM");

  const outcomes = await Promise.all(requests.map((r) => r.done));
  const [code] = await exited;
  console.log(
    `${how}, ${signal}: ${completedBeforeSignal} of ${IN_FLIGHT} complete when signalled; ` +
      `${outcomes.filter((o) => o === "200 full").length} of ${IN_FLIGHT} complete with 200 and full JSON; ` +
      `exit code ${code}; ${tree.size} processes in the tree`,
  );
  expect(completedBeforeSignal, "the requests should still be in flight when the signal is sent").toBeLessThan(
    IN_FLIGHT,
  );
  expect(outcomes, server.output()).toEqual(Array(IN_FLIGHT).fill("200 full"));
  expect(await leftOver(tree), server.output()).toEqual([]);
  expect(await portIsFree(port)).toBe(true);
  // npm keeps a compile cache of its own modules there, meant to outlive it.
  const left = readdirSync(server.tmp).filter((name) => name !== "node-compile-cache");
  expect(left, "left in its temp directory").toEqual([]);
}

describe.skipIf(process.platform !== "linux")("stopping the local server", () => {
  let port: number | undefined;

  it("npm start, SIGTERM to npm: drains requests in flight, ends every process, frees the port", async () => {
    port ??= await freePort();
    await stopWhileServing("npm start", "SIGTERM", port);
  }, 240_000);

  it("starts again on the same port; node build/cli/start.ts, SIGTERM to node: the same", async () => {
    port ??= await freePort(); // when run alone
    await stopWhileServing("node build/cli/start.ts", "SIGTERM", port);
  }, 120_000);

  it("starts again on the same port; npm start, Ctrl+C to the process group: the same", async () => {
    port ??= await freePort();
    await stopWhileServing("npm start", "Ctrl+C", port);
  }, 120_000);

  it("npm start, SIGTERM while the library is still being built: ends every process", async () => {
    const buildPort = await freePort();
    const server = launch("npm start", buildPort, join(dir, "fresh-bundles"));
    await waitForOutput(server, /\[build\]/);
    const tree = processTree(server.child.pid!);
    const exited = once(server.child, "exit");
    process.kill(server.child.pid!, "SIGTERM");
    await exited;
    expect(await leftOver(tree), server.output()).toEqual([]);
    expect(server.output()).not.toContain("API on");
    expect(await portIsFree(buildPort)).toBe(true);
  }, 120_000);
});

describe("starting on a busy port", () => {
  it("says so in one line, with no stack trace, before building anything", async () => {
    const port = await freePort();
    const busy = createServer().listen(port, "127.0.0.1");
    await once(busy, "listening");
    try {
      const server = launch("npm start", port, join(dir, "never-built"));
      const [code] = await once(server.child, "exit");
      expect(code).toBe(1);
      const lines = server
        .output()
        .split("\n")
        .filter((l) => l.trim() && !l.startsWith(">") && !/^npm (warn|error)/.test(l));
      expect(lines).toEqual([
        `Port ${port} on 127.0.0.1 is in use: stop what serves there, or choose another port (PORT=${port + 1} npm start).`,
      ]);
      expect(server.output()).not.toMatch(/\bat |stack|kj::/);
      expect(readdirSync(dir)).not.toContain("never-built");
    } finally {
      busy.close();
    }
  });
});
