// Objects stored once (docs/bundle-format.md): after a build, every shard of the scenarios just built
// that is byte for byte another's (a twin's months before its branch, a series two worlds share) is
// kept once, as `objects/<sha256>.mpk` in the bundles directory, and each scenario's file becomes a
// hard link to it: the same bytes at the same path for every reader, one copy on disk. Publishing
// uploads the object once and a reference in each scenario's place (publish.ts). A scenario's files
// are never rewritten with other bytes: a link has the bytes the file had.
import { createHash } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { objectKey, OBJECTS_DIR } from "../../src/bundle/layout.ts";

export interface DedupReport {
  /** Shard files of the scenarios looked at, and their bytes. */
  files: number;
  bytes: number;
  /** Files made links to an object kept once, and the bytes their own copies took. */
  linked: number;
  savedBytes: number;
}

/** Every file under dir. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

/** Links the identical shards of these scenarios (and any already kept once) to one object each. */
export function storeIdenticalOnce(outDir: string, scenarioIds: string[]): DedupReport {
  const byHash = new Map<string, string[]>();
  const report: DedupReport = { files: 0, bytes: 0, linked: 0, savedBytes: 0 };
  for (const id of scenarioIds)
    for (const path of filesUnder(join(outDir, "scenarios", id, "shards"))) {
      const hash = createHash("sha256").update(readFileSync(path)).digest("hex");
      byHash.set(hash, [...(byHash.get(hash) ?? []), path]);
      report.files++;
      report.bytes += statSync(path).size;
    }
  mkdirSync(join(outDir, OBJECTS_DIR), { recursive: true });
  for (const [hash, paths] of byHash) {
    const object = join(outDir, objectKey(hash));
    if (paths.length < 2 && !existsSync(object)) continue;
    if (!existsSync(object)) linkSync(paths[0], object);
    const { ino, size } = statSync(object);
    for (const path of paths) {
      if (statSync(path).ino === ino) continue;
      // Linked beside it, then renamed over it: the path never lacks its bytes. Its own copy is freed.
      linkSync(object, `${path}.link`);
      renameSync(`${path}.link`, path);
      report.linked++;
      report.savedBytes += size;
    }
  }
  return report;
}

/** The objects kept once in a bundles directory, by inode: what publishing uploads once and refers to. */
export function objectsByInode(outDir: string): Map<number, { key: string; path: string; size: number }> {
  const objects = new Map<number, { key: string; path: string; size: number }>();
  for (const path of filesUnder(join(outDir, OBJECTS_DIR))) {
    const { ino, size } = statSync(path);
    objects.set(ino, { key: `${OBJECTS_DIR}/${path.split("/").at(-1)}`, path, size });
  }
  return objects;
}

/** Deletes the objects kept once that no scenario's file links any more (after a prune). */
export function forgetUnlinkedObjects(outDir: string): void {
  for (const path of filesUnder(join(outDir, OBJECTS_DIR))) if (statSync(path).nlink === 1) rmSync(path);
}
