// One agent process of an evaluation: the command run by the shell, in a process group of its own,
// with the run's variables in its environment, its output kept in a log file, and ended (the whole
// group: SIGTERM, then SIGKILL after a grace period) when its wall time runs out.
import { spawn } from "node:child_process";
import { createWriteStream } from "node:fs";

/** How long a process has to stop after SIGTERM before it is killed. */
const GRACE_MS = 5_000;

export interface AgentExit {
  exit_code: number | null;
  signal: string | null;
  timed_out: boolean;
  wall_seconds: number;
}

export async function runAgent(
  command: string,
  env: Record<string, string>,
  limitSeconds: number,
  logFile: string,
): Promise<AgentExit> {
  const started = performance.now();
  const log = createWriteStream(logFile);
  const child = spawn(command, {
    shell: true,
    detached: true,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  let timedOut = false;
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // the group has already exited
    }
  };
  const timer = setTimeout(() => {
    timedOut = true;
    signalGroup("SIGTERM");
    setTimeout(() => signalGroup("SIGKILL"), GRACE_MS).unref();
  }, limitSeconds * 1000);
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => {
    child.once("error", (error) => {
      log.write(`could not start: ${error.message}\n`);
      resolve([null, null]);
    });
    child.once("close", (c, s) => resolve([c, s]));
  });
  clearTimeout(timer);
  await new Promise((resolve) => log.end(resolve));
  return { exit_code: code, signal, timed_out: timedOut, wall_seconds: (performance.now() - started) / 1000 };
}
