// Published scenarios never change: a scenario rebuilt by a changed generator gets a new id beside the
// old one, and the old id answers every request as it did, byte for byte, through the real worker.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import type { Calendar, Family } from "../../build/ground/family.ts";
import { FAMILIES } from "../../build/families/registry.ts";
import { buildScenarios } from "../../build/pipeline/library.ts";
import { familiesOf } from "../../build/pipeline/world.ts";
import { kind, only } from "../../src/bundle/shards.ts";
import { crawl } from "../support/crawl.ts";
import { readCatalog } from "../support/bundles.ts";
import { writableCopy } from "../support/libraries.ts";
import { startTestRuntime } from "../support/runtime.ts";

const KEY = "sm_versions_test_key_0123456789";
const NAME = "megacap-tech-2023";
const outDir = join(mkdtempSync(join(tmpdir(), "versions-")), "bundles");
afterAll(() => rmSync(join(outDir, ".."), { recursive: true, force: true }));

/** A changed generator: every family as before, and one more that writes a shard of its own. */
const NOTE = kind(only("generator-note"), ["note"], { visible: "always" });
const note: Family<Calendar, object> = {
  name: "note",
  context: () => ({}),
  shards: (_, emit) => emit.write(NOTE, undefined, [["a changed generator"]]),
};
const CHANGED = familiesOf(FAMILIES.add(note));

/** Every answer about one scenario as of its current date, and its record and report, from a fresh runtime. */
async function answersOf(id: string, currentDate: string) {
  const rt = await startTestRuntime({ bundlesDir: outDir });
  try {
    await rt.addKey(KEY, 1e9);
    const { answers } = await crawl(rt.base, KEY, id, currentDate);
    for (const path of [`/scenarios/${id}`, `/scenarios/${id}/validation`]) {
      const res = await rt.get(path, KEY);
      answers.set(path, `${res.status} ${await res.text()}`);
    }
    const listed = (await (await rt.get(`/scenarios?name=${NAME}&include_superseded=true`, KEY)).json()) as {
      scenarios: { id: string; superseded_by: string | null }[];
    };
    return { answers, listed: listed.scenarios };
  } finally {
    await rt.stop();
  }
}

describe("a scenario rebuilt by a changed generator", () => {
  it("gets a new id, and the old id serves what it served, byte for byte", async () => {
    // The default library as built: this build finds its scenario there, unchanged.
    writableCopy(inject("libraryDir"), outDir);
    const first = await buildScenarios({ outDir, names: [NAME], quiet: true });
    expect(first.skipped).toEqual([NAME]);
    const old = first.ids.get(NAME)!;
    const { current_date } = readCatalog(outDir).scenarios.find((e) => e.scenario.id === old)!.scenario;
    const before = await answersOf(old, current_date);
    expect(before.answers.size).toBeGreaterThan(500);
    expect(before.listed).toEqual([{ ...before.listed[0], id: old, superseded_by: null }]);

    const second = await buildScenarios({ outDir, names: [NAME], quiet: true, force: true, families: CHANGED });
    const fresh = second.ids.get(NAME)!;
    expect(fresh).not.toBe(old);

    const after = await answersOf(old, current_date);
    expect([...after.answers.keys()]).toEqual([...before.answers.keys()]);
    for (const [request, answer] of before.answers) expect(after.answers.get(request), request).toBe(answer);
    expect(after.listed.map((s) => [s.id, s.superseded_by])).toEqual([
      [old, fresh],
      [fresh, null],
    ]);
  }, 300_000);
});
