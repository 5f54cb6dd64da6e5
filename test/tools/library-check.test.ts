// `npm run library:check` over a small library of its own: a quiet year that holds, and a year whose
// story claims more Chapter 11 filings than it has companies, which no world can bear out: the command
// names the one that fails and its check, counts them, and exits 1; checking only the one that holds
// exits 0.
// `library:find-seed` runs the same checks (build/pipeline/error-checks.ts) on one scenario.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../build/serve/worker-bundle.ts";
import { themeYaml } from "../support/theme-source.ts";

const CLI = join(ROOT, "build/cli/library-check.ts");
const temp = mkdtempSync(join(tmpdir(), "library-check-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
const src = join(temp, "src");

/** A 2017 theme of one ten-company scenario at seed 4, with the extra lines given (YAML). */
const theme = (title: string, name: string, extra = "") =>
  themeYaml(title, "2017-01-03", "2017-12-29", `  - { name: ${name}, seed: 4, count: 10 }\n`, extra);

const check = (...args: string[]) =>
  spawnSync(process.execPath, [CLI, ...args, "--src", src, "--jobs", "2"], { encoding: "utf8" });

beforeAll(() => {
  mkdirSync(src, { recursive: true });
  writeFileSync(join(src, "quiet-year.yaml"), theme("A quiet year", "quiet-year"));
  const failures = "exits: { failures: 1 }\nstory: { membership: { failures: 11 } }\n";
  writeFileSync(join(src, "failing-year.yaml"), theme("Eleven failures of ten", "failing-year", failures));
});

describe("npm run library:check", () => {
  it("names the scenario whose world fails its story, with the check, and exits 1", () => {
    const all = check();
    expect(all.stderr).toBe("");
    expect(all.stdout).toMatch(/^\[\d\/2\] quiet-year holds \(/m);
    expect(all.stdout).toMatch(/^\[\d\/2\] failing-year fails \(.*\n {2}story_failures: /m);
    expect(all.stdout).toContain(`1 of 2 scenarios hold every error check`);
    expect(all.stdout).toContain("failing: failing-year");
    expect(all.status).toBe(1);

    const one = check("--name", "quiet-year");
    expect(one.stdout).toContain("1 of 1 scenarios hold every error check");
    expect(one.status).toBe(0);
  });

  it("refuses a name the library does not hold, with one line and exit 2", () => {
    const run = check("--name", "no-such-scenario");
    expect(run.stderr.trim()).toBe("no scenario named no-such-scenario");
    expect(run.status).toBe(2);
  });
});
