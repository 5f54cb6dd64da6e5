// The Python client (clients/python) installed as its README says, in a fresh virtual environment,
// and its pytest suite run against the shared runtime: it must pass, and must have run tests.
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { base, BRANCH, MEGACAP } from "./client.ts";
import { KEYS } from "./keys.ts";

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

it("installs with its pandas extra and passes its pytest suite against the runtime", async () => {
  // The venv lives in the run's temp directory (removed with it). The sources are copied there
  // first: setuptools builds in the source tree and would leave build/ and egg-info behind.
  const dir = mkdtempSync(join(tmpdir(), "python-client-"));
  const source = join(dir, "synthmarket");
  cpSync(join(ROOT, "clients/python"), source, {
    recursive: true,
    filter: (p) => !/(__pycache__|\.egg-info|\/build)$/.test(p),
  });
  const venv = join(dir, "venv");
  const python = join(venv, "bin/python");
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
