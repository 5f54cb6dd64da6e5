// The library build (`npm run build:library` and `npm run build:scenarios`, build/cli/build.ts;
// `npm start` builds the default subset): generate, validate and compile scenarios of
// scenarios-src/ into the bundles directory, several at once on worker threads (one per core). A
// scenario whose source, generator version and generator inputs (generator-inputs.ts) are unchanged
// since its last build is skipped. Each scenario is built the same way wherever it runs, so the output
// does not depend on the parallelism.
//
// A scenario's id is the hash of its content, so a rebuild that changes anything makes a new id
// beside the old one: every version stays in the bundles and in the catalog (the older ones marked
// `superseded_by`) until it is retired on purpose (scenarios-src/retired.yaml) or pruned locally.
// Each test-split scenario built or kept gets its masked twin (build/mask, docs/masked-twins.md),
// made again only when its original or the mask's code changes.
import { availableParallelism } from "node:os";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { pack, unpack } from "msgpackr";
import { z } from "zod";
import { assetKey, CATALOG_KEY, manifestKey, validationKey } from "../../src/bundle/layout.ts";
import { ASSETS } from "../../src/docs/assets.ts";
import type { Catalog, CatalogEntry, Manifest, ValidationReport } from "../../src/bundle/types.ts";
import type { BaselineScore } from "../../src/contract/scores.ts";
import { generationCost } from "../ground/scenario-source.ts";
import { readBaselines, writeBaselines } from "../runs/baselines.ts";
import { allFundTickers } from "../models/fund-universe.ts";
import { banks } from "../models/rates.ts";
import { maskedName, maskedStamp, maskScenario } from "../mask/mask-bundle.ts";
import { linkedEntries, RETIRED_FILE, retiredIds } from "../store/catalog.ts";
import { forgetUnlinkedObjects, storeIdenticalOnce, type DedupReport } from "../store/dedup.ts";
import { libraryProgress, type ScenarioProgress } from "./build-progress.ts";
import { generatorInputsHash } from "./generator-inputs.ts";
import { buildInto, STAMP_FILE, type BuildTask, type BuiltScenario, type TaskMessage } from "./scenario-build.ts";
import { loadScenarioSources, type LoadedSource } from "./theme-source.ts";
import type { Families } from "./world.ts";
import { GENERATOR_VERSION } from "./version.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const DEFAULT_SRC_DIR = join(ROOT, "scenarios-src");
export const DEFAULT_OUT_DIR = join(ROOT, "bundles");
/** Local to a bundles directory: each name's versions in the order they were built (the last is current). */
const VERSIONS_FILE = "versions.json";

export interface BuildResult {
  /** Names of the scenarios built, and of those already built. */
  built: string[];
  skipped: string[];
  /** Each scenario built: its report, and the error checks its hidden branch failed, by name; and each one's id. */
  reports: Map<string, ValidationReport>;
  branchFailures: Map<string, string[]>;
  ids: Map<string, string>;
  /** What storing identical shards once saved among those built (build/store/dedup.ts). */
  storedOnce?: DedupReport;
}

export interface BuildOptions {
  srcDir?: string;
  outDir?: string;
  /** Every scenario of the sources; without it, the default subset (`default: true`). */
  all?: boolean;
  /** Only the scenarios of these names (with `all` or not). */
  names?: string[];
  force?: boolean;
  quiet?: boolean;
  /** Delete the local versions that are not current: superseded ones and those of names no source has. */
  prune?: boolean;
  /** Sources already loaded, in place of srcDir's (a test's variants of the library's). */
  sources?: LoadedSource[];
  /** Make the masked twins of the test split (default: true; a test's library may need none). */
  maskedTwins?: boolean;
}

export interface ScenariosOptions extends BuildOptions {
  /** Another generator's families (a test's changed generator); `buildScenarios` only. */
  families?: Families;
}

interface Plan {
  options: BuildOptions;
  outDir: string;
  /** Every source of the library (the catalog links twins by name across all of them). */
  sources: LoadedSource[];
  selected: LoadedSource[];
  /** Ids of the selected scenarios already built from the same source and generator, by name. */
  unchanged: Map<string, string>;
  tasks: BuildTask[];
}

/** What a build of a source by this generator is: the same stamp, the same bytes (so the build is skipped). */
export const stampOf = (loaded: LoadedSource, inputsHash: string) =>
  JSON.stringify({
    name: loaded.source.name,
    source: loaded.hash,
    generator_version: GENERATOR_VERSION,
    code: inputsHash,
  });

/** The scenarios built in a bundles directory, by id (staging directories of a build cut short left out). */
function builtIds(outDir: string): string[] {
  const dir = join(outDir, "scenarios");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((id) => !id.startsWith(".") && existsSync(join(outDir, manifestKey(id))))
    .sort();
}

/**
 * Which scenarios to build and which are unchanged since their last build: a directory holds a stamp
 * of the same source, generator version and generator inputs (`inputsHash`, generator-inputs.ts).
 */
function plan(options: BuildOptions, inputsHash = generatorInputsHash()): Plan {
  const outDir = options.outDir ?? DEFAULT_OUT_DIR;
  const sources = options.sources ?? loadScenarioSources(options.srcDir ?? DEFAULT_SRC_DIR);
  const names = options.names && new Set(options.names);
  for (const name of names ?? [])
    if (!sources.some((l) => l.source.name === name)) throw new Error(`no scenario named ${name}`);
  const selected = sources.filter((l) => (names ? names.has(l.source.name) : options.all || l.source.default));
  const stamps = builtStamps(outDir);
  const unchanged = new Map<string, string>();
  const tasks: BuildTask[] = [];
  for (const loaded of selected) {
    const stamp = stampOf(loaded, inputsHash);
    const id = stamps.get(stamp);
    if (!options.force && id) unchanged.set(loaded.source.name, id);
    else tasks.push({ loaded, outDir, stamp });
  }
  return { options, outDir, sources, selected, unchanged, tasks };
}

/** The names of the scenarios a build would build, given the generator inputs' hash. */
export function staleScenarios(options: BuildOptions, inputsHash: string): string[] {
  return plan(options, inputsHash).tasks.map((t) => t.loaded.source.name);
}

/** The result in the sources' order, whatever order scenarios finished in; then the catalog. */
async function finishLibrary(p: Plan, built: Map<string, BuiltScenario>): Promise<BuildResult> {
  const result: BuildResult = { built: [], skipped: [], reports: new Map(), branchFailures: new Map(), ids: new Map() };
  const versions = readVersions(p.outDir);
  const add = (name: string, id: string) => {
    result.ids.set(name, id);
    versions[name] = [...(versions[name] ?? []).filter((v) => v !== id), id];
  };
  for (const { source } of p.selected) {
    const fresh = built.get(source.name);
    const id = fresh ? fresh.manifest.scenario.id : p.unchanged.get(source.name)!;
    (fresh ? result.built : result.skipped).push(source.name);
    if (fresh) {
      result.reports.set(source.name, fresh.report);
      result.branchFailures.set(source.name, fresh.branchFailures);
    }
    add(source.name, id);
  }
  // The masked twins, made from the scenarios just built or kept.
  const stamps = builtStamps(p.outDir);
  for (const { source } of p.options.maskedTwins === false ? [] : p.selected.filter(hasMaskedTwin)) {
    const name = maskedName(source.name);
    const original = join(p.outDir, "scenarios", result.ids.get(source.name)!);
    const stamp = maskedStamp(readFileSync(join(original, STAMP_FILE), "utf8"));
    const kept = p.options.force ? undefined : stamps.get(stamp);
    if (kept) {
      result.skipped.push(name);
      add(name, kept);
      continue;
    }
    const started = performance.now();
    const twin = maskScenario(original, p.outDir);
    writeFileSync(join(p.outDir, "scenarios", twin.manifest.scenario.id, STAMP_FILE), stamp);
    if (!p.options.quiet)
      console.error(
        `[build] masked twin of ${source.name}: ${name} in ${((performance.now() - started) / 1000).toFixed(1)}s`,
      );
    result.built.push(name);
    result.reports.set(name, twin.report);
    add(name, twin.manifest.scenario.id);
  }
  // Every scenario's baselines, once, from its shards (a kept one has them already).
  for (const id of new Set(result.ids.values())) await writeBaselines(join(p.outDir, "scenarios", id));
  // The shards of what was built that are another's too, kept once.
  const builtIds = result.built.map((name) => result.ids.get(name)!);
  result.storedOnce = storeIdenticalOnce(p.outDir, builtIds);
  if (!p.options.quiet && result.storedOnce.linked)
    console.error(
      `[build] identical objects stored once: ${result.storedOnce.linked} of ${result.storedOnce.files} shards, ` +
        `${(result.storedOnce.savedBytes / 1e6).toFixed(1)} of ${(result.storedOnce.bytes / 1e6).toFixed(1)} MB`,
    );
  writeLibrary(p, versions);
  return result;
}

/** The library ships a masked twin of each test-split scenario (docs/masked-twins.md). */
const hasMaskedTwin = (l: LoadedSource) => l.source.dataset_split === "test";

/** The scenarios built in a bundles directory, by the stamp beside them. */
function builtStamps(outDir: string): Map<string, string> {
  const stamps = new Map<string, string>();
  for (const id of builtIds(outDir)) {
    const path = join(outDir, "scenarios", id, STAMP_FILE);
    if (existsSync(path)) stamps.set(readFileSync(path, "utf8"), id);
  }
  return stamps;
}

const Versions = z.record(z.string(), z.array(z.string()));
type Versions = z.infer<typeof Versions>;

function readVersions(outDir: string): Versions {
  const path = join(outDir, VERSIONS_FILE);
  return existsSync(path) ? Versions.parse(JSON.parse(readFileSync(path, "utf8"))) : {};
}

/**
 * Drops retired scenarios (and, pruning, versions that are not current), then writes the catalog
 * last: every version still here, each name's newest current and the others superseded by it, twins
 * linked to each other's current version.
 */
function writeLibrary(p: Plan, versions: Versions): void {
  // A selection with nothing to build (no default scenario in the sources) still writes an empty library.
  mkdirSync(p.outDir, { recursive: true });
  const retired = retiredIds(join(p.options.srcDir ?? DEFAULT_SRC_DIR, RETIRED_FILE));
  const names = new Set(
    p.sources.flatMap((l) => [l.source.name, ...(hasMaskedTwin(l) ? [maskedName(l.source.name)] : [])]),
  );
  const scenariosDir = join(p.outDir, "scenarios");
  const current = new Map(Object.entries(versions).map(([name, ids]) => [name, ids[ids.length - 1]]));
  for (const entry of existsSync(scenariosDir) ? readdirSync(scenariosDir) : []) {
    const id = entry;
    const dir = join(scenariosDir, entry);
    const name = Object.entries(versions).find(([, ids]) => ids.includes(id))?.[0];
    const stale = p.options.prune && (!name || !names.has(name) || current.get(name) !== id);
    if (entry.startsWith(".") || retired.has(id) || stale) rmSync(dir, { recursive: true, force: true });
  }
  // An object kept once that no scenario links any more.
  if (p.options.prune) forgetUnlinkedObjects(p.outDir);
  const kept = new Set(builtIds(p.outDir));
  for (const [name, ids] of Object.entries(versions)) {
    const left = ids.filter((id) => kept.has(id));
    if (left.length) versions[name] = left;
    else delete versions[name];
  }
  writeFileSync(join(p.outDir, VERSIONS_FILE), JSON.stringify(versions, null, 1) + "\n");
  const manifests = [...kept].map((id) => unpack(readFileSync(join(p.outDir, manifestKey(id)))) as Manifest);
  const catalog: Catalog = {
    format: 3,
    index_funds: allFundTickers(),
    banks: banks(),
    scenarios: catalogEntries(
      manifests,
      versions,
      (m) => readReportHealth(p.outDir, m),
      retired,
      (m) => readStamp(p.outDir, m.scenario.id),
      (m) => readBaselines(join(p.outDir, "scenarios", m.scenario.id)),
    ),
  };
  mkdirSync(p.outDir, { recursive: true });
  writeDocsAssets(p.outDir);
  writeFileSync(join(p.outDir, CATALOG_KEY), pack(catalog));
}

/** Catalog entries of every version, each name's in build order (the last current), linked (catalog.ts). */
export function catalogEntries(
  manifests: Manifest[],
  versions: Versions,
  healthy: (m: Manifest) => boolean,
  retired: ReadonlySet<string> = new Set(),
  stamp: (m: Manifest) => string | undefined = () => undefined,
  baselines: (m: Manifest) => BaselineScore[] = () => [],
): CatalogEntry[] {
  const order = (m: Manifest) => (versions[m.scenario.name] ?? []).indexOf(m.scenario.id);
  const sorted = [...manifests].sort((a, b) => order(a) - order(b));
  const entries = sorted.map((m) => ({
    scenario: m.scenario,
    ticker_count: m.counts.instruments,
    day_count: m.day_count,
    healthy: healthy(m),
    content_hash: m.content_hash,
    ...(m.masked ? { masked: true as const } : {}),
    superseded_by: null,
    twin_scenario_id: null,
    ...(stamp(m) ? { build_stamp: stamp(m) } : {}),
    baselines: baselines(m),
  }));
  return linkedEntries(entries, retired);
}

function readStamp(outDir: string, id: string): string | undefined {
  const path = join(outDir, "scenarios", id, STAMP_FILE);
  return existsSync(path) ? readFileSync(path, "utf8") : undefined;
}

function readReportHealth(outDir: string, manifest: Manifest): boolean {
  return (unpack(readFileSync(join(outDir, validationKey(manifest.scenario.id)))) as ValidationReport).healthy;
}

/** The reference page's and the dashboard's static files, served by the worker from its store. */
function writeDocsAssets(outDir: string): void {
  for (const [name, { from }] of Object.entries(ASSETS)) {
    const path = join(outDir, assetKey(name));
    mkdirSync(dirname(path), { recursive: true });
    // A package's file by its path in node_modules: some packages export no subpaths to resolve.
    copyFileSync(join(ROOT, from.startsWith("./") ? "" : "node_modules", from), path);
  }
}

/**
 * A company's data lives across a few young-generation collections while it is generated, written
 * and checked; a larger young generation lets it die there instead of being promoted to the old
 * one (which costs major collections): about 100 MB more memory, half the time in GC.
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 192 };

/**
 * Builds the library in this thread, one scenario after another, synchronously (tests, and a test's
 * changed generator). `buildLibrary` uses every core.
 */
export async function buildScenarios(options: ScenariosOptions = {}): Promise<BuildResult> {
  const p = plan(options);
  const progress = libraryProgress(p.tasks.length, options.quiet ?? false, true);
  const built = new Map<string, BuiltScenario>();
  try {
    for (const task of p.tasks) {
      const shown = progress.scenario(task.loaded.source.name);
      built.set(task.loaded.source.name, buildInto(task, shown.step, options.families));
      shown.built();
    }
  } finally {
    progress.stop();
  }
  return finishLibrary(p, built);
}

export interface LibraryOptions extends BuildOptions {
  /** Scenarios built at once (default: one per core). */
  jobs?: number;
}

/** Builds the library on worker threads, one scenario per thread at a time. */
export async function buildLibrary(options: LibraryOptions = {}): Promise<BuildResult> {
  const p = plan(options);
  const jobs = Math.max(1, Math.min(options.jobs ?? availableParallelism(), p.tasks.length));
  const progress = libraryProgress(p.tasks.length, options.quiet ?? false, false);
  const built = new Map<string, BuiltScenario>();
  // The longest first, so the last scenarios to finish are short ones.
  const queue = [...p.tasks].sort((a, b) => generationCost(b.loaded.source) - generationCost(a.loaded.source));
  /** One worker: takes scenarios from the queue until it is empty. */
  const runWorker = () =>
    new Promise<void>((resolve, reject) => {
      const worker = new Worker(new URL("./build-worker.ts", import.meta.url), { resourceLimits: WORKER_LIMITS });
      let current: { task: BuildTask; shown: ScenarioProgress } | undefined;
      const next = () => {
        const task = queue.shift();
        current = task && { task, shown: progress.scenario(task.loaded.source.name) };
        if (current) worker.postMessage(current.task);
        else void worker.terminate().then(() => resolve());
      };
      worker.on("message", (message: TaskMessage) => {
        if (!current) return;
        if (message.type === "progress") current.shown.step(message.done, message.total, message.step);
        else if (message.type === "built") {
          built.set(current.task.loaded.source.name, message.result);
          current.shown.built();
          next();
        } else {
          reject(new Error(`${current.task.loaded.source.name}: ${message.error}`));
          current = undefined;
          void worker.terminate();
        }
      });
      worker.on("error", reject);
      worker.on("exit", (code) => {
        if (current)
          reject(new Error(`build worker exited (code ${code}) building ${current.task.loaded.source.name}`));
      });
      next();
    });
  try {
    await Promise.all(Array.from({ length: jobs }, runWorker));
  } finally {
    progress.stop();
  }
  return finishLibrary(p, built);
}
