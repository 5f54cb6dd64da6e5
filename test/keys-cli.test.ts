// `npm run keys`: a command line it cannot read is answered with the usage in two lines, exit 2,
// never a stack trace (it reads no key store before that).
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

const keys = (...args: string[]) =>
  spawnSync(process.execPath, ["build/cli/keys.ts", ...args], { encoding: "utf8", timeout: 60_000 });

describe("the keys command", () => {
  it.each([["--help"], ["create", "--limt", "5"]])("answers %s with its usage, no stack trace", (...args) => {
    const run = keys(...args);
    expect(run.status).toBe(2);
    const lines = run.stderr.trim().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^Unknown option '--(help|limt)'$/);
    expect(lines[1]).toMatch(/^usage: npm run keys -- <create\|list\|revoke>/);
  });
});
