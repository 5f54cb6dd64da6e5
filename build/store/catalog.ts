// The catalog's links between entries, made the same way by the build (library.ts) and by a publish
// merging its catalog into the bucket's (publish.ts): the entries of one name are its versions in the
// order given (the last is current, the others are superseded by it), and a twin links to its twin's
// current version. Retired ids are left out.
import { existsSync, readFileSync } from "node:fs";
import { parse } from "yaml";
import { z } from "zod";
import type { CatalogEntry } from "../../src/bundle/types.ts";

/** Ids withdrawn on purpose, in scenarios-src/: no build or publish lists them again. */
export const RETIRED_FILE = "retired.yaml";

const Retired = z.array(z.object({ id: z.string(), name: z.string(), reason: z.string().min(1) }).strict());

/** The ids a retired file lists (none if there is no file). */
export function retiredIds(path: string): Set<string> {
  if (!existsSync(path)) return new Set();
  return new Set(Retired.parse(parse(readFileSync(path, "utf8")) ?? []).map((r) => r.id));
}

/** Entries grouped by name (names in order, each name's versions in their given order), linked. */
export function linkedEntries(entries: CatalogEntry[], retired: ReadonlySet<string> = new Set()): CatalogEntry[] {
  const byName = new Map<string, CatalogEntry[]>();
  for (const e of entries) {
    if (retired.has(e.scenario.id)) continue;
    const versions = (byName.get(e.scenario.name) ?? []).filter((v) => v.scenario.id !== e.scenario.id);
    byName.set(e.scenario.name, [...versions, e]);
  }
  const current = new Map([...byName].map(([name, versions]) => [name, versions[versions.length - 1].scenario.id]));
  return [...byName.keys()].sort().flatMap((name) =>
    byName.get(name)!.map((e) => {
      const newest = current.get(name)!;
      return {
        ...e,
        superseded_by: newest === e.scenario.id ? null : newest,
        twin_scenario_id: e.scenario.twin ? (current.get(e.scenario.twin.name) ?? null) : null,
      };
    }),
  );
}
