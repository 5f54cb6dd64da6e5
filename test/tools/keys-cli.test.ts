// `npm run keys`: `--help` prints its subcommands, options and examples (exit 0); a command line it cannot
// read is answered with the problem in one line, then the same help, on stderr (exit 2), never a stack
// trace (it reads no key store before that). Clock keys made, listed and moved on a local store.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openLocalKv } from "../../build/serve/local-runtime.ts";
import { hashApiKey, keyRecordName, type KeyRecord } from "../../src/keys.ts";

const keys = (...args: string[]) =>
  spawnSync(process.execPath, ["build/cli/keys.ts", ...args], { encoding: "utf8", timeout: 60_000 });

describe("the keys command", () => {
  it("answers --help with its subcommands, options and an example, exit 0", () => {
    const run = keys("--help");
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^usage: npm run keys -- <create\|list\|revoke\|advance> \[options\]\n/);
    for (const command of ["create", "list", "revoke", "advance"])
      expect(run.stdout).toMatch(new RegExp(`^  ${command}\\b`, "m"));
    for (const option of ["account", "limit", "label", "scenario", "horizon", "hash", "key", "to", "local", "state"])
      expect(run.stdout).toMatch(new RegExp(`^  --${option} `, "m"));
    expect(run.stdout).toMatch(/--limit N +create: its rate limit, requests per minute \(default: 60\)/);
    expect(run.stdout).toContain("\nExamples:\n  npm run keys -- create --account acme --limit 60\n");
  });

  it("answers create --limt 5 with the unknown option named, then the help, exit 2", () => {
    const run = keys("create", "--limt", "5");
    expect(run.status).toBe(2);
    expect(run.stdout).toBe("");
    const [problem, blank, ...help] = run.stderr.split("\n");
    expect(problem).toBe("Unknown option '--limt'");
    expect(blank).toBe("");
    expect(help.join("\n")).toBe(keys("--help").stdout);
    expect(run.stderr).not.toMatch(/^\s+at /m);
  });
});

describe("clock keys from the keys command", () => {
  it("creates one bound to a scenario and a horizon, moves it forward and never back", async () => {
    const state = mkdtempSync(join(tmpdir(), "keys-cli-"));
    try {
      const local = ["--local", "--state", state];
      const created = keys("create", "--account", "eval", "--scenario", "sc-1", "--horizon", "2008-06-30", ...local);
      expect(created.status, created.stderr).toBe(0);
      const key = /key \(shown once, store it now\): (\S+)/.exec(created.stdout)![1];
      expect(created.stdout).toContain("clock: scenario sc-1 up to 2008-06-30");

      const back = keys("advance", "--key", key, "--to", "2008-06-29", ...local);
      expect(back.status).toBe(1);
      expect(back.stderr.trim()).toBe("a clock moves forward only: 2008-06-29 is before its horizon 2008-06-30");
      expect(keys("advance", "--key", key, "--to", "2008-02-30", ...local).stderr.trim()).toBe(
        "the new horizon must be a date (YYYY-MM-DD), not '2008-02-30'",
      );
      const forward = keys("advance", "--key", key, "--to", "2008-07-31", ...local);
      expect(forward.status, forward.stderr).toBe(0);

      // What the worker reads: the record under the key's hash, its secret nowhere.
      const { mf, kv } = await openLocalKv(join(state, "state"));
      try {
        const record = (await kv.get(keyRecordName(await hashApiKey(key)), "json")) as KeyRecord;
        expect(record.clock).toEqual({ scenario_id: "sc-1", horizon: "2008-07-31" });
        const { keys: names } = await kv.list();
        expect(names.map((k) => k.name).join()).not.toContain(key);
      } finally {
        await mf.dispose();
      }
      expect(keys("create", "--account", "eval", "--scenario", "sc-1", ...local).stderr.trim()).toBe(
        "a clock key needs both a scenario and a horizon",
      );
    } finally {
      rmSync(state, { recursive: true, force: true });
    }
  }, 120_000);
});
