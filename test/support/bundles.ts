// Reading a built library: the default scenarios' ids, its catalog and its objects.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { unpack } from "msgpackr";
import { maskedName } from "../../build/mask/mask-bundle.ts";
import { CATALOG_KEY } from "../../src/bundle/layout.ts";
import type { Catalog } from "../../src/bundle/types.ts";

/** The default subset's scenarios, by the names the tests give them. */
export const DEFAULT_NAMES = {
  MEGACAP: "megacap-tech-2023",
  RATE_SHOCK: "rate-shock-2022",
  BRANCH: "ai-capex-branch-2026",
  CRISIS: "crisis-cycle-2005",
} as const;

/** The ids of the default scenarios in a built library: an id is a hash of content, so it is looked up by name. */
export function defaultIds(outDir: string): Record<keyof typeof DEFAULT_NAMES, string> {
  const { scenarios } = readCatalog(outDir);
  const idOf = (name: string) => {
    const entry = scenarios.find((e) => e.scenario.name === name && e.superseded_by === null);
    if (!entry) throw new Error(`${outDir} holds no scenario named ${name}`);
    return entry.scenario.id;
  };
  return {
    MEGACAP: idOf(DEFAULT_NAMES.MEGACAP),
    RATE_SHOCK: idOf(DEFAULT_NAMES.RATE_SHOCK),
    BRANCH: idOf(DEFAULT_NAMES.BRANCH),
    CRISIS: idOf(DEFAULT_NAMES.CRISIS),
  };
}

/** The id of the masked twin of a scenario of a built library (named so as not to name its original). */
export function maskedTwinId(outDir: string, name: string): string {
  const entry = readCatalog(outDir).scenarios.find(
    (e) => e.scenario.name === maskedName(name) && e.superseded_by === null,
  );
  if (!entry) throw new Error(`${outDir} holds no masked twin of ${name}`);
  return entry.scenario.id;
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
