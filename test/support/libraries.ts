// The scenario libraries the tests read, each built once per change of what builds it into
// .cache/test-libraries/ (git-ignored), and never at a test file's import. A library's directory is
// named by a hash of its inputs: the modules its build runs (esbuild follows their imports, as
// build/pipeline/generator-inputs.ts does for a scenario), the files those read beside their imports
// (the scenario sources, the dashboard's assets, the lockfile's packages) and the fixture's own name.
// A build writes to a staging directory renamed into place when it is complete, so a library's
// directory is whole or absent, and never changes once there; one build at a time takes a lock, so
// test workers asking for the same library at once wait for one build instead of making two.
import { createHash } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join, relative } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { inputsHash } from "../../build/pipeline/generator-inputs.ts";
import { processAlive } from "../../build/serve/process-alive.ts";
import { ROOT } from "../../build/serve/worker-bundle.ts";

export const CACHE_DIR = join(ROOT, ".cache", "test-libraries");

export interface FixtureLibrary {
  name: string;
  /** The modules whose imports build it (relative to the root). */
  entries: readonly string[];
  /** Files and directories its build reads besides the modules it imports (relative to the root). */
  data: readonly string[];
  /** Builds it into `outDir`, an empty directory. */
  build(outDir: string): Promise<void>;
}

/** Where a library built by `fixture` from today's inputs lives (built or not). */
export function libraryPath(fixture: FixtureLibrary): string {
  const hash = createHash("sha256").update(fixture.name).update(inputsHash(fixture.entries));
  for (const path of fixture.data.flatMap((p) => filesUnder(join(ROOT, p))))
    hash.update(relative(ROOT, path)).update(readFileSync(path));
  return join(CACHE_DIR, `${fixture.name}-${hash.digest("hex").slice(0, 16)}`);
}

/** The directory of `fixture`'s library, built first if today's inputs have none yet. */
export async function fixtureLibrary(fixture: FixtureLibrary): Promise<string> {
  const dir = libraryPath(fixture);
  while (!existsSync(dir)) {
    const lock = `${dir}.lock`;
    if (!takeLock(lock)) {
      await sleep(500); // another worker is building it
      continue;
    }
    try {
      if (!existsSync(dir)) await buildInto(fixture, dir);
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  return dir;
}

async function buildInto(fixture: FixtureLibrary, dir: string): Promise<void> {
  const staging = `${dir}.building`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const started = performance.now();
  await fixture.build(staging);
  renameSync(staging, dir);
  removeOlderVersions(fixture, dir);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.error(`[test libraries] built ${relative(ROOT, dir)} in ${seconds} s`);
}

/**
 * The lock is a directory (made atomically) holding the builder's pid. A lock is taken over when its
 * process has gone, or when it is older than any build (a pid the system has since given to another).
 */
function takeLock(lock: string): boolean {
  mkdirSync(CACHE_DIR, { recursive: true });
  try {
    mkdirSync(lock);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    if (lockHeld(lock)) return false;
    rmSync(lock, { recursive: true, force: true });
    return false; // try again after the pause: someone else may take it first
  }
  writeFileSync(join(lock, String(process.pid)), "");
  return true;
}

/** A lock's longest life: far beyond the longest fixture build. */
const LOCK_LIFE_MS = 30 * 60_000;

function lockHeld(lock: string): boolean {
  let age: number;
  let owner: number;
  try {
    age = Date.now() - statSync(lock).mtimeMs;
    owner = Number(readdirSync(lock).at(0));
  } catch {
    return false; // released meanwhile
  }
  if (age > LOCK_LIFE_MS) return false;
  // No pid yet: its builder is between making the directory and writing into it.
  return Number.isNaN(owner) ? age < 10_000 : processAlive(owner);
}

/** A library's earlier versions (other inputs) are of no more use. */
function removeOlderVersions(fixture: FixtureLibrary, keep: string): void {
  for (const name of readdirSync(CACHE_DIR))
    if (name.startsWith(`${fixture.name}-`) && /^[0-9a-f]{16}$/.test(name.slice(fixture.name.length + 1)))
      if (join(CACHE_DIR, name) !== keep) rmSync(join(CACHE_DIR, name), { recursive: true, force: true });
}

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => filesUnder(join(path, name)));
}

/**
 * A copy of a library that a test may add to (a build, exports): a scenario's objects are written
 * once under its own id and never rewritten in place, so they are hard links to the library's;
 * every other file (the catalog, the versions, the assets, which a build rewrites) is copied.
 */
export function writableCopy(from: string, to: string): void {
  const walk = (dir: string, linked: boolean) => {
    mkdirSync(join(to, relative(from, dir)), { recursive: true });
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      const target = join(to, relative(from, path));
      if (entry.isDirectory()) walk(path, linked || relative(from, path) === "scenarios");
      else if (linked) linkSync(path, target);
      else copyFileSync(path, target);
    }
  };
  walk(from, false);
}
