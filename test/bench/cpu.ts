// CPU time of the workerd processes the bench started: utime + stime from /proc/<pid>/stat (all of
// the process's threads), sampled before and after a case. Linux only; elsewhere the figures are NaN.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

const TICK_MS = (() => {
  try {
    return 1000 / Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());
  } catch {
    return 10; // USER_HZ is 100 on every usual Linux
  }
})();

interface ProcStat {
  pid: number;
  comm: string;
  ppid: number;
  cpuMs: number;
}

function readStat(pid: number): ProcStat | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null; // gone, or not Linux
  }
  // "pid (comm) state ppid ... utime stime ...": comm may hold spaces and parentheses.
  const open = text.indexOf("(");
  const close = text.lastIndexOf(")");
  const rest = text.slice(close + 2).split(" ");
  return {
    pid,
    comm: text.slice(open + 1, close),
    ppid: Number(rest[1]),
    cpuMs: (Number(rest[11]) + Number(rest[12])) * TICK_MS,
  };
}

/** The workerd processes below this one (miniflare spawns workerd as a child of node). */
export function workerdPids(): number[] {
  let entries: string[];
  try {
    entries = readdirSync("/proc").filter((e) => /^\d+$/.test(e));
  } catch {
    return [];
  }
  const stats = entries.map((e) => readStat(Number(e))).filter((s): s is ProcStat => s !== null);
  const children = new Map<number, ProcStat[]>();
  for (const s of stats) children.set(s.ppid, [...(children.get(s.ppid) ?? []), s]);
  const found: number[] = [];
  const walk = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      if (child.comm === "workerd") found.push(child.pid);
      walk(child.pid);
    }
  };
  walk(process.pid);
  return found.sort((a, b) => a - b);
}

/** The workerd that appeared while `start` ran (so two runtimes can be told apart). */
export async function startedWorkerd<T>(start: () => Promise<T>): Promise<{ value: T; pid: number | null }> {
  const before = new Set(workerdPids());
  const value = await start();
  const fresh = workerdPids().filter((p) => !before.has(p));
  return { value, pid: fresh.length === 1 ? fresh[0] : null };
}

/** CPU milliseconds the process has used so far (NaN when it cannot be read). */
export function cpuMs(pid: number | null): number {
  if (pid === null) return NaN;
  return readStat(pid)?.cpuMs ?? NaN;
}
