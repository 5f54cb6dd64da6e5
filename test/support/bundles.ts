// Builds the default scenario library into a temporary directory once per test file.
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { unpack } from "msgpackr";
import { buildScenarios, DEFAULT_SRC_DIR } from "../../build/pipeline/library.ts";
import { CATALOG_KEY } from "../../src/bundle/layout.ts";
import type { Catalog } from "../../src/bundle/types.ts";

export const MEGACAP = "7d3f1c2a-5b8e-4c61-9a0f-2e4b6d8c1a37";
export const RATE_SHOCK = "3b9e4a71-0c2d-4f58-8e63-9d1a7c5b2f04";
export const BRANCH = "c4a2e8f1-9b3d-4e7a-8f60-1d2c3b4a5e69";
export const CRISIS = "5e0c7b52-8d3a-4f19-b6e4-2a9d1c7f3b80";

export function buildTempBundles(srcDir = DEFAULT_SRC_DIR): { outDir: string; cleanup: () => void } {
  const outDir = mkdtempSync(join(tmpdir(), "bundles-"));
  buildScenarios({ srcDir, outDir, quiet: true });
  return { outDir, cleanup: () => rmSync(outDir, { recursive: true, force: true }) };
}

/** Every file of a bundles directory as store key -> bytes. */
export function readBundleObjects(outDir: string): Map<string, Uint8Array> {
  const objects = new Map<string, Uint8Array>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith(".mpk")) objects.set(relative(outDir, path), new Uint8Array(readFileSync(path)));
    }
  };
  walk(outDir);
  return objects;
}

export function readCatalog(outDir: string): Catalog {
  return unpack(readFileSync(join(outDir, CATALOG_KEY))) as Catalog;
}
