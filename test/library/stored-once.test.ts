// Objects stored once (docs/bundle-format.md, "Objects stored once"), on the library's counterfactual
// twin pairs built small: a month's market snapshot before a pair's branch is one object, kept under
// objects/ and hard-linked from both scenarios, while a month after it is each one's own; published
// to a local R2, each scenario's key holds a reference to the object uploaded once, and the worker
// over that R2 answers what it answers over the directory.
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pack, unpack } from "msgpackr";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openLocalR2Store } from "../../build/store/object-store.ts";
import { publishBundles } from "../../build/store/publish.ts";
import { CATALOG_KEY, objectKey, OBJECTS_DIR, REFERENCE_PREFIX, shardKey } from "../../src/bundle/layout.ts";
import type { Catalog } from "../../src/bundle/types.ts";
import { SMALL_TWINS_LIBRARY } from "../support/fixtures.ts";
import { fixtureLibrary } from "../support/libraries.ts";
import { startTestRuntime } from "../support/runtime.ts";

const KEY = "sm_test_stored_once_key_01234";
let dir: string;
const temp = mkdtempSync(join(tmpdir(), "stored-once-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

let ids: Record<string, string>;
beforeAll(async () => {
  dir = await fixtureLibrary(SMALL_TWINS_LIBRARY);
  const catalog = unpack(readFileSync(join(dir, CATALOG_KEY))) as Catalog;
  ids = Object.fromEntries(catalog.scenarios.map((e) => [e.scenario.name, e.scenario.id]));
}, 600_000);

/** A library of the twin pair alone, its files hard links to the fixture's (so to the same objects). */
function pairLibrary(names: string[]): string {
  const out = join(temp, "pair");
  mkdirSync(join(out, "scenarios"), { recursive: true });
  execFileSync("cp", ["-al", join(dir, OBJECTS_DIR), join(out, OBJECTS_DIR)]);
  for (const n of names) execFileSync("cp", ["-al", join(dir, "scenarios", ids[n]), join(out, "scenarios", ids[n])]);
  const catalog = unpack(readFileSync(join(dir, CATALOG_KEY))) as Catalog;
  const kept = catalog.scenarios.filter((e) => names.includes(e.scenario.name));
  writeFileSync(join(out, CATALOG_KEY), pack({ ...catalog, scenarios: kept }));
  return out;
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const shardFile = (name: string, shard: string) => join(dir, shardKey(ids[name], shard));

describe("identical objects", () => {
  it("are one file under objects/, linked from each twin, before the branch and not after it", () => {
    // september-2001 branches on 2001-09-17.
    const before = ["september-2001", "september-2001-no-attack"].map((n) => shardFile(n, "market/snapshots/2001-07"));
    const after = ["september-2001", "september-2001-no-attack"].map((n) => shardFile(n, "market/snapshots/2001-10"));
    const object = join(dir, objectKey(sha256(readFileSync(before[0]))));
    expect(new Set(before.map((p) => statSync(p).ino))).toEqual(new Set([statSync(object).ino]));
    expect(statSync(object).nlink).toBe(3);
    expect(statSync(after[0]).ino).not.toBe(statSync(after[1]).ino);
    expect(readFileSync(after[0]).equals(readFileSync(after[1]))).toBe(false);
    // Every object is named by its content and kept for at least two scenarios.
    for (const file of readdirSync(join(dir, OBJECTS_DIR))) {
      const path = join(dir, OBJECTS_DIR, file);
      expect(file).toBe(`${sha256(readFileSync(path))}.mpk`);
      expect(statSync(path).nlink).toBeGreaterThanOrEqual(3);
    }
  });

  it("are uploaded once, referred to from each scenario, and served from R2 as from the directory", async () => {
    const names = ["september-2001", "september-2001-no-attack"];
    const pair = pairLibrary(names);
    const r2 = join(temp, "r2");
    const store = await openLocalR2Store(r2);
    try {
      await publishBundles({ bundlesDir: pair, store, log: () => undefined });
      const key = (n: string) => shardKey(ids[n], "market/snapshots/2001-07");
      const object = objectKey(sha256(readFileSync(shardFile(names[0], "market/snapshots/2001-07"))));
      for (const n of names)
        expect(Buffer.from((await store.get(key(n)))!).toString()).toBe(`${REFERENCE_PREFIX}${object}`);
      expect(Buffer.from((await store.get(object))!).equals(readFileSync(join(dir, object)))).toBe(true);
    } finally {
      await store.close();
    }
    const paths = ["september-2001", "september-2001-no-attack"].flatMap((n) => [
      `/prices/snapshot/market?scenario_id=${ids[n]}&as_of=2001-07-31`,
      `/prices/snapshot/market?scenario_id=${ids[n]}&as_of=2001-10-31`,
    ]);
    const answers = async (source: { r2PersistDir: string } | { bundlesDir: string }) => {
      const rt = await startTestRuntime({ bundlesDir: "", ...source });
      try {
        await rt.addKey(KEY, 1_000_000);
        return await Promise.all(
          paths.map(async (p) => `${p} ${(await rt.get(p, KEY)).status} ${await (await rt.get(p, KEY)).text()}`),
        );
      } finally {
        await rt.stop();
      }
    };
    const fromR2 = await answers({ r2PersistDir: r2 });
    expect(fromR2).toEqual(await answers({ bundlesDir: pair }));
    expect(fromR2[0].split(" ")[1]).toBe("200");
    // The two twins' July is one object; their October is not.
    const body = (s: string) => s.slice(s.indexOf(" ", s.indexOf(" ") + 1));
    expect(body(fromR2[0])).toBe(body(fromR2[2]));
    expect(body(fromR2[1])).not.toBe(body(fromR2[3]));
  }, 180_000);
});
