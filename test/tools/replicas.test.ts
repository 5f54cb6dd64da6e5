// Replicas (docs/scenarios.md, "Replicas"): a test-split scenario of the library and two of its
// replicas, built with their masked twins and served. /scenarios names each replica's scenario and
// filters by it; a masked replica names its scenario's masked twin, never the original; the harness
// takes a theme with or without its replicas; the dashboard groups replicas under their scenario.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { maskedName } from "../../build/mask/mask-bundle.ts";
import { launchChromium, openDashboard, SHOTS } from "../support/chromium.ts";
import { REPLICAS_LIBRARY, REPLICATED } from "../support/fixtures.ts";
import { fixtureLibrary } from "../support/libraries.ts";
import { startTestRuntime, type TestRuntime } from "../support/runtime.ts";

const run = promisify(execFile);
const ROOT = new URL("../..", import.meta.url).pathname;
const KEY = "sm_test_replicas_key_0123456";
type Json = Record<string, any>;

let rt: TestRuntime;
let browser: Browser;
beforeAll(async () => {
  rt = await startTestRuntime({ bundlesDir: await fixtureLibrary(REPLICAS_LIBRARY) });
  await rt.addKey(KEY, 1_000_000, "acct-replicas");
  browser = await launchChromium();
}, 600_000);
afterAll(async () => {
  await browser?.close();
  await rt?.stop();
});

const names = async (query: string) =>
  ((await (await rt.get(`/scenarios?${query}`, KEY)).json()) as Json).scenarios.map((s: Json) => s.name).sort();

describe("replicas", () => {
  const replicas = [`${REPLICATED}-r1`, `${REPLICATED}-r2`];

  it("are listed with the scenario they replicate, and filtered by it", async () => {
    const listed = ((await (await rt.get("/scenarios?masked=false", KEY)).json()) as Json).scenarios as Json[];
    expect(Object.fromEntries(listed.map((s) => [s.name, s.replica_of]))).toEqual({
      [REPLICATED]: null,
      [replicas[0]]: REPLICATED,
      [replicas[1]]: REPLICATED,
    });
    // The same story and size at other seeds.
    const original = listed.find((s) => s.name === REPLICATED)!;
    for (const r of listed.filter((s) => s.replica_of)) {
      expect(r.seed).not.toBe(original.seed);
      expect([r.theme, r.start_date, r.end_date, r.dataset_split]).toEqual([
        original.theme,
        original.start_date,
        original.end_date,
        original.dataset_split,
      ]);
      expect(r.public_summary).toEqual(original.public_summary);
    }
    expect(await names(`replica_of=${REPLICATED}`)).toEqual(replicas);
    expect(await names("replicas=false&masked=false")).toEqual([REPLICATED]);
    expect(await names("replicas=true&masked=false")).toEqual(replicas);
  });

  it("have masked twins that name the masked twin of their scenario, not the original", async () => {
    const masked = ((await (await rt.get("/scenarios?masked=true", KEY)).json()) as Json).scenarios as Json[];
    expect(masked.map((s) => s.replica_of).sort()).toEqual([maskedName(REPLICATED), maskedName(REPLICATED), null]);
    expect(JSON.stringify(masked)).not.toContain("asian");
  });

  it("are run by the harness with their scenario, unless --no-replicas", async () => {
    const evaluate = async (...args: string[]) => {
      const out = mkdtempSync(join(tmpdir(), "evaluate-replicas-"));
      await run(
        process.execPath,
        ["build/cli/evaluate.ts", "--agent", "true", "--base-url", rt.base, "--key", KEY, "--out", out, ...args],
        { cwd: ROOT },
      );
      return JSON.parse(readFileSync(join(out, "results.json"), "utf8")) as Json;
    };
    const theme = "asian-crisis-1997";
    const all = await evaluate("--theme", theme);
    expect(all.runs.map((r: Json) => [r.scenario.name, r.scenario.replica_of])).toEqual([
      [REPLICATED, null],
      [replicas[0], REPLICATED],
      [replicas[1], REPLICATED],
    ]);
    expect(all.selection).toBe(`theme=${theme}`);
    const alone = await evaluate("--theme", theme, "--no-replicas");
    expect(alone.runs.map((r: Json) => r.scenario.name)).toEqual([REPLICATED]);
    expect(alone.selection).toBe(`theme=${theme} no-replicas`);
  });

  it("are grouped under their scenario on the dashboard, and listed by a click on the group", async () => {
    const { page, errors } = await openDashboard(browser, rt.base, "#/", KEY);
    await page.selectOption('select[name="masked"]', "false");
    await page.waitForFunction(`document.querySelectorAll("#scenarios tbody tr").length === 1`);
    const group = page.locator("#scenarios button.replicas");
    expect(await group.getAttribute("data-name")).toBe(REPLICATED);
    expect(await group.getAttribute("data-count")).toBe("2");
    await page.screenshot({ path: join(SHOTS, "replicas.png"), fullPage: true });
    await group.click();
    await page.waitForFunction(`document.querySelectorAll("#scenarios [data-replica-of]").length === 2`);
    const listed = await page.locator("#scenarios tbody tr td:first-child a").allTextContents();
    expect(listed.sort()).toEqual(replicas);
    expect(errors).toEqual([]);
    await page.close();
  });
});
