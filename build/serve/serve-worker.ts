// A worker in workerd (through miniflare) on a port of its own, and how it stops.
//
// workerd owns the port: nothing stands between a client and the worker (a proxy in Node doubled the
// latency of a sequential agent loop). The socket is in miniflare's "proxy" style, which hands the
// worker each request target as sent (src/http/admit.ts turns it into a URL), and it bypasses
// miniflare's entry worker; miniflare's own entry socket stays open on an ephemeral port.
//
// Stopping drains: miniflare's dispose() kills workerd with SIGKILL, cutting what it serves, but
// workerd drains on SIGTERM: it accepts the connections already waiting at its port, closes the port,
// answers each connection's request in flight, closes idle connections and exits
// (test/tools/serve-worker.test.ts holds it to that). workerd is started through a shell script that
// prints its pid and ignores SIGINT (Ctrl+C signals the terminal's whole process group; the stop is
// ours to run). On Windows there is no such script: a stop ends workerd at once.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { Miniflare, type MiniflareOptions } from "miniflare";
import { processAlive } from "./process-alive.ts";
import { ROOT } from "./worker-bundle.ts";

export interface ServedWorker {
  mf: Miniflare;
  /** The worker's own port (what `npm start` prints): workerd's socket straight to the worker. */
  url: URL;
  /** Miniflare's entry socket: through its entry worker, which hands the worker absolute URLs as Cloudflare does. */
  entryUrl: URL;
  /** workerd's process id (null on Windows). */
  pid: number | null;
  /** Let requests in flight finish (for up to `graceMs`), then end workerd; the port is free once this resolves. */
  stop(graceMs?: number): Promise<void>;
}

const HOST = "127.0.0.1";

const WORKERD: string =
  process.env.MINIFLARE_WORKERD_PATH ??
  (createRequire(createRequire(import.meta.url).resolve("miniflare"))("workerd") as { default: string }).default;

/** What the launcher prints before it becomes workerd: its pid, which is then workerd's. */
const PID_LINE = "synthmarket workerd pid ";
const LAUNCHER = join(ROOT, "node_modules", ".cache", "synthmarket", "workerd-launcher");
const LAUNCHER_SCRIPT = `#!/bin/sh\ntrap '' INT\necho "${PID_LINE}$$"\nexec "$SYNTHMARKET_WORKERD" "$@"\n`;

/** The script miniflare runs instead of workerd, written once (atomically: test files start runtimes side by side). */
function launcher(): string {
  if (!existsSync(LAUNCHER) || readFileSync(LAUNCHER, "utf8") !== LAUNCHER_SCRIPT) {
    mkdirSync(dirname(LAUNCHER), { recursive: true });
    writeFileSync(`${LAUNCHER}.${process.pid}`, LAUNCHER_SCRIPT, { mode: 0o755 });
    renameSync(`${LAUNCHER}.${process.pid}`, LAUNCHER);
  }
  process.env.SYNTHMARKET_WORKERD = WORKERD;
  return LAUNCHER;
}

/**
 * workerd's output, as miniflare passes it on, but for the launcher's pid line (handed to `onPid`)
 * and the error (and its stack) that workerd logs whenever a client goes away before its answer is
 * written: that is the client's business.
 */
const passOutput = (onPid: (pid: number) => void) => (stdout: Readable, stderr: Readable) => {
  createInterface(stdout).on("line", (line) => {
    if (line.startsWith(PID_LINE)) onPid(Number(line.slice(PID_LINE.length)));
    else console.log(line);
  });
  let gone = false;
  createInterface(stderr).on("line", (line) => {
    const stackOfGone = gone && line.startsWith("stack: ");
    gone = /disconnected: .*(Broken pipe|Connection reset by peer)/.test(line);
    if (!gone && !stackOfGone) console.error(line);
  });
};

// miniflare reads MINIFLARE_WORKERD_PATH when it spawns workerd, so runtimes start one at a time.
let starting: Promise<unknown> = Promise.resolve();

/** Serves `options` (a miniflare worker) on `port` (0: any free port) of 127.0.0.1. */
export function serveWorker(options: MiniflareOptions, port = 0): Promise<ServedWorker> {
  const started = starting.then(() => start(options, port));
  starting = started.catch(() => {});
  return started;
}

async function start(options: MiniflareOptions, port: number): Promise<ServedWorker> {
  const posix = process.platform !== "win32";
  let onPid: (pid: number) => void = () => {};
  const launched = posix ? new Promise<number>((resolve) => (onPid = resolve)) : null;
  const previous = process.env.MINIFLARE_WORKERD_PATH;
  if (posix) process.env.MINIFLARE_WORKERD_PATH = launcher();
  const mf = new Miniflare({
    ...options,
    host: HOST,
    port: 0,
    unsafeDirectSockets: [{ host: HOST, port, proxy: true }],
    handleRuntimeStdio: passOutput(onPid),
  } as MiniflareOptions);
  let entryUrl: URL;
  let url: URL;
  try {
    entryUrl = await mf.ready;
    url = await mf.unsafeGetDirectURL();
  } catch (error) {
    await mf.dispose().catch(() => {});
    throw error;
  } finally {
    if (previous === undefined) delete process.env.MINIFLARE_WORKERD_PATH;
    else process.env.MINIFLARE_WORKERD_PATH = previous;
  }
  const pid = launched ? await launched : null;

  const drain = async (graceMs: number) => {
    const deadline = Date.now() + graceMs;
    if (pid !== null && processAlive(pid)) {
      process.kill(pid, "SIGTERM");
      while (processAlive(pid) && Date.now() < deadline) await sleep(20);
    }
    await mf.dispose(); // ends workerd if the grace ran out; removes miniflare's temp files
  };
  let stopped: Promise<void> | undefined;
  return { mf, url, entryUrl, pid, stop: (graceMs = 5_000) => (stopped ??= drain(graceMs)) };
}
