// The scenario libraries the tests read, each built once per change of what builds it into
// .cache/test-libraries/ (git-ignored), and never at a test file's import. A library's directory is
// named by a hash of its inputs: the modules its build runs (esbuild follows their imports, as
// build/pipeline/generator-inputs.ts does for a scenario), the files those read beside their imports
// (the scenario sources, the dashboard's assets, the lockfile's packages), Node's version and the
// fixture's own name.
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
  utimesSync,
} from "node:fs";
import { join, relative } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { inputsHash } from "../../build/pipeline/generator-inputs.ts";
import { STAMP_FILE } from "../../build/pipeline/scenario-build.ts";
import { ROOT } from "../../build/serve/worker-bundle.ts";

const CACHE_DIR = join(ROOT, ".cache", "test-libraries");

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
function libraryPath(fixture: FixtureLibrary): string {
  const hash = createHash("sha256").update(fixture.name).update(process.version).update(inputsHash(fixture.entries));
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
    // The builder touches its lock while it works: a lock left untouched was left by one that died.
    const heartbeat = setInterval(() => utimesSync(lock, new Date(), new Date()), HEARTBEAT_MS);
    try {
      if (!existsSync(dir)) await buildInto(fixture, dir);
    } finally {
      clearInterval(heartbeat);
      rmSync(lock, { recursive: true, force: true });
    }
  }
  return dir;
}

async function buildInto(fixture: FixtureLibrary, dir: string): Promise<void> {
  const staging = `${dir}.building-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const started = performance.now();
  await fixture.build(staging);
  renameSync(staging, dir);
  removeOlderVersions(fixture, dir);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.error(`[test libraries] built ${relative(ROOT, dir)} in ${seconds} s`);
}

/** How often a builder touches its lock, and how long untouched one is left to a builder. */
const HEARTBEAT_MS = 5_000;
const LOCK_STALE_MS = 60_000; // a build's longest synchronous stretch (masking twins) is far shorter

/** The lock is a directory, made atomically; one untouched for LOCK_STALE_MS is taken over. */
function takeLock(lock: string): boolean {
  mkdirSync(CACHE_DIR, { recursive: true });
  try {
    mkdirSync(lock);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    if (!lockHeld(lock)) rmSync(lock, { recursive: true, force: true });
    return false; // try again after the pause: someone else may take it first
  }
}

function lockHeld(lock: string): boolean {
  try {
    return Date.now() - statSync(lock).mtimeMs < LOCK_STALE_MS;
  } catch {
    return false; // released meanwhile
  }
}

/** A library's other versions (other inputs), and what builds of them left behind, are of no more use. */
function removeOlderVersions(fixture: FixtureLibrary, keep: string): void {
  const version = new RegExp(`^${fixture.name}-[0-9a-f]{16}(\\.lock|\\.building-\\d+)?$`);
  for (const name of readdirSync(CACHE_DIR)) {
    const path = join(CACHE_DIR, name);
    if (!version.test(name) || path.startsWith(keep)) continue;
    if (name.endsWith(".lock") ? lockHeld(path) : existsSync(`${path.replace(/\.building-\d+$/, "")}.lock`)) continue;
    rmSync(path, { recursive: true, force: true });
  }
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
 * every other file (the catalog, the versions, the assets, a scenario's build stamp, which a build
 * rewrites) is copied. Appending to or rewriting a scenario's object in the copy would change the
 * library: a test that does so makes a real copy.
 */
export function writableCopy(from: string, to: string): void {
  const walk = (dir: string, linked: boolean) => {
    mkdirSync(join(to, relative(from, dir)), { recursive: true });
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      const target = join(to, relative(from, path));
      if (entry.isDirectory()) walk(path, linked || relative(from, path) === "scenarios");
      else if (linked && entry.name !== STAMP_FILE) linkSync(path, target);
      else copyFileSync(path, target);
    }
  };
  walk(from, false);
}
