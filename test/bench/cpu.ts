// CPU time of the workerd processes the bench started: utime + stime from /proc/<pid>/stat (all of
// the process's threads), sampled before and after a case. Linux only; elsewhere the figures are NaN.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

const TICK_MS = (() => {
  try {
    return 1000 / Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());
  } catch {
    return 10; // USER_HZ is 100 on every usual Linux
  }
})();

/** utime + stime of a process, in milliseconds; null if it is gone or this is not Linux. */
function readCpuMs(pid: number): number | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  // "pid (comm) state ppid ... utime stime ...": comm may hold spaces and parentheses.
  const rest = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return (Number(rest[11]) + Number(rest[12])) * TICK_MS;
}

/** CPU milliseconds the process has used so far (NaN when it cannot be read). */
export function cpuMs(pid: number | null): number {
  if (pid === null) return NaN;
  return readCpuMs(pid) ?? NaN;
}
