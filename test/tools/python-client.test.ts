// The Python client (clients/python) installed as its README says, in a fresh virtual environment,
// and its pytest suite run against the shared runtime: it must pass, and must have run tests.
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { base, BRANCH, MEGACAP } from "../e2e/client.ts";
import { KEYS } from "../e2e/keys.ts";

const run = promisify(execFile);
const ROOT = new URL("../../", import.meta.url).pathname;

/** A command's exit code and output, whatever the code. */
async function sh(command: string, args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(command, args, { cwd: ROOT, env: { ...process.env, ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

const dir = mkdtempSync(join(tmpdir(), "python-client-"));
const python = join(dir, "venv", "bin/python");

it("installs with its pandas extra and passes its pytest suite against the runtime", async () => {
  // The venv lives in the run's temp directory (removed with it). The sources are copied there
  // first: setuptools builds in the source tree and would leave build/ and egg-info behind.
  const source = join(dir, "synthmarket");
  cpSync(join(ROOT, "clients/python"), source, {
    recursive: true,
    filter: (p) => !/(__pycache__|\.egg-info|\/build)$/.test(p),
  });
  const venv = join(dir, "venv");
  // System site packages: pytest comes from the machine's Python, httpx and pandas from pip.
  const made = await sh("python3", ["-m", "venv", "--system-site-packages", venv]);
  expect(made.code, made.stderr).toBe(0);
  const install = await sh(python, ["-m", "pip", "install", "--retries", "0", "-q", `${source}[pandas]`]);
  expect(install.code, install.stderr).toBe(0);

  const tests = await sh(python, ["-m", "pytest", "clients/python/tests", "-q", "-p", "no:cacheprovider"], {
    PYTHONDONTWRITEBYTECODE: "1",
    SYNTH_BASE: base,
    SYNTH_KEY: KEYS.python.key,
    SYNTH_TINY_KEY: KEYS.pythonTiny.key,
    SYNTH_SCENARIO: MEGACAP,
    SYNTH_BRANCH: BRANCH,
  });
  const output = tests.stdout + tests.stderr;
  expect(tests.code, output).toBe(0);
  // Every collected test passed: nothing skipped, and a suite that ran none does not count.
  const summary = output.trim().split("\n").at(-1) ?? "";
  expect(summary, output).toMatch(/^\d+ passed in /);
  expect(Number(summary.split(" ")[0])).toBeGreaterThan(0);
}, 300_000);

it("runs examples/agent_loop.py, which logs the same decisions as examples/agent-loop.ts", async () => {
  const env = {
    SYNTH_BASE: base,
    SYNTH_KEY: KEYS.python.key,
    SYNTH_SCENARIO: MEGACAP,
    SYNTH_START: "2023-07-20",
    SYNTH_DAYS: "8",
  };
  const logs = { py: join(dir, "py.jsonl"), ts: join(dir, "ts.jsonl") };
  const py = await sh(python, [join(ROOT, "examples/agent_loop.py")], { ...env, SYNTH_LOG: logs.py });
  expect(py.code, py.stderr).toBe(0);
  const ts = await sh(process.execPath, [join(ROOT, "examples/agent-loop.ts")], { ...env, SYNTH_LOG: logs.ts });
  expect(ts.code, ts.stderr).toBe(0);
  expect(JSON.parse(py.stdout)).toEqual({ scenario: MEGACAP, ticker: "AAPL", days: 8, log: logs.py });
  const read = (file: string) =>
    readFileSync(file, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
  expect(read(logs.py)).toEqual(read(logs.ts));
  expect(read(logs.py)).toHaveLength(8);
}, 120_000);
