// `npm start` as a user runs it: a child process in its own process group (as a terminal would start
// it), on a port above 8000, with its output collected; and the ports it needs or leaves free.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { ROOT } from "../../build/serve/worker-bundle.ts";

export interface LocalServer {
  child: ChildProcess;
  output: () => string;
  /** The process's own temp directory (TMPDIR), to see what it leaves there. */
  tmp: string;
}

/** A port above 8000 that nothing listens on now. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 8100 + Math.floor(Math.random() * 20_000);
    if (await portIsFree(port)) return port;
  }
}

export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** Starts `npm start` (or node on build/cli/start.ts) over `bundles`, keeping its key and local state in `state`. */
export function launch(
  how: "npm start" | "node build/cli/start.ts",
  options: { port: number; bundles: string; state: string; tmp: string; args?: string[] },
): LocalServer {
  const args = ["--bundles", options.bundles, "--state", options.state, ...(options.args ?? [])];
  mkdirSync(options.tmp, { recursive: true });
  const env = { ...process.env, PORT: String(options.port), TMPDIR: options.tmp };
  const child =
    how === "npm start"
      ? spawn("npm", ["start", "--", ...args], { cwd: ROOT, env, detached: true })
      : spawn(process.execPath, [join("build", "cli", "start.ts"), ...args], { cwd: ROOT, env, detached: true });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  return { child, output: () => output, tmp: options.tmp };
}

export async function waitForOutput(server: LocalServer, pattern: RegExp): Promise<RegExpExecArray> {
  for (;;) {
    const match = pattern.exec(server.output());
    if (match) return match;
    if (server.child.exitCode !== null || server.child.signalCode !== null)
      throw new Error(`exited before printing ${pattern}:\n${server.output()}`);
    await sleep(50);
  }
}

/** The address and local key that a started server prints. */
export async function servedAt(server: LocalServer): Promise<{ base: string; key: string }> {
  const [, base, key] = await waitForOutput(server, /API on (\S+)\nLocal API key \([^)]*\): (\S+)/);
  return { base, key };
}
