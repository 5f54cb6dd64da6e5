// The library build (`npm run build:scenarios`, build/cli/build.ts; `npm start` builds too):
// generate, validate and compile every scenario in scenarios-src/ into the bundles directory, several scenarios at once on worker threads (one per core). A scenario
// whose source, generator version and generator inputs (generator-inputs.ts) are unchanged since
// its last build is skipped. Each scenario is built the same way wherever it runs, so the output does not depend on
// the parallelism.
import { availableParallelism } from "node:os";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { pack, unpack } from "msgpackr";
import { assetKey, CATALOG_KEY, manifestKey, validationKey } from "../../src/bundle/layout.ts";
import { DOCS_ASSETS } from "../../src/docs/assets.ts";
import type { Catalog, Manifest, ValidationReport } from "../../src/bundle/types.ts";
import { allFundTickers } from "../models/funds.ts";
import { banks } from "../models/rates.ts";
import { libraryProgress, type ScenarioProgress } from "./build-progress.ts";
import { generatorInputsHash } from "./generator-inputs.ts";
import { buildInto, type BuildTask, type BuiltScenario, type TaskMessage } from "./scenario-build.ts";
import { loadScenarioSources, type LoadedSource } from "./scenario-source.ts";
import { GENERATOR_VERSION } from "./version.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const DEFAULT_SRC_DIR = join(ROOT, "scenarios-src");
export const DEFAULT_OUT_DIR = join(ROOT, "bundles");

export interface BuildResult {
  built: string[];
  skipped: string[];
  reports: Map<string, ValidationReport>;
}

export interface BuildOptions {
  srcDir?: string;
  outDir?: string;
  force?: boolean;
  quiet?: boolean;
}

interface Plan {
  outDir: string;
  sources: LoadedSource[];
  /** Manifests of the scenarios skipped, by id. */
  unchanged: Map<string, Manifest>;
  tasks: BuildTask[];
}

/**
 * Which scenarios to build and which are unchanged since their last build: same source, generator
 * version and generator inputs (`inputsHash`, generator-inputs.ts).
 */
function plan(options: BuildOptions, inputsHash = generatorInputsHash()): Plan {
  const outDir = options.outDir ?? DEFAULT_OUT_DIR;
  const sources = loadScenarioSources(options.srcDir ?? DEFAULT_SRC_DIR);
  const unchanged = new Map<string, Manifest>();
  const tasks: BuildTask[] = [];
  for (const loaded of sources) {
    const { id } = loaded.source;
    const stampPath = join(outDir, "scenarios", id, "build-stamp.json");
    const stamp = JSON.stringify({ source: loaded.hash, generator_version: GENERATOR_VERSION, code: inputsHash });
    const manifestPath = join(outDir, manifestKey(id));
    if (
      !options.force &&
      existsSync(stampPath) &&
      existsSync(manifestPath) &&
      readFileSync(stampPath, "utf8") === stamp
    ) {
      unchanged.set(id, unpack(readFileSync(manifestPath)) as Manifest);
    } else tasks.push({ loaded, outDir, stamp });
  }
  return { outDir, sources, unchanged, tasks };
}

/** The names of the scenarios a build would build, given the generator inputs' hash. */
export function staleScenarios(options: BuildOptions, inputsHash: string): string[] {
  return plan(options, inputsHash).tasks.map((t) => t.loaded.source.name);
}

/** The result in the sources' order, whatever order scenarios finished in; then the catalog. */
function finishLibrary(p: Plan, built: Map<string, BuiltScenario>): BuildResult {
  const result: BuildResult = { built: [], skipped: [], reports: new Map() };
  const manifests: Manifest[] = [];
  for (const { source } of p.sources) {
    const fresh = built.get(source.id);
    if (fresh) {
      result.built.push(source.name);
      result.reports.set(source.id, fresh.report);
      manifests.push(fresh.manifest);
    } else {
      result.skipped.push(source.name);
      manifests.push(p.unchanged.get(source.id)!);
    }
  }
  writeCatalog(p, manifests);
  return result;
}

/** Drops bundles of scenarios whose source is gone, then writes the catalog last. */
function writeCatalog(p: Plan, manifests: Manifest[]): void {
  const ids = new Set(p.sources.map((s) => s.source.id));
  const scenariosDir = join(p.outDir, "scenarios");
  if (existsSync(scenariosDir)) {
    for (const entry of readdirSync(scenariosDir))
      if (!ids.has(entry)) rmSync(join(scenariosDir, entry), { recursive: true });
  }
  const catalog: Catalog = {
    format: 2,
    index_funds: allFundTickers(),
    banks: banks(),
    scenarios: manifests.map((m) => ({
      scenario: m.scenario,
      ticker_count: m.counts.instruments,
      day_count: m.day_count,
      healthy: readReportHealth(p.outDir, m),
      content_hash: m.content_hash,
    })),
  };
  mkdirSync(p.outDir, { recursive: true });
  writeDocsAssets(p.outDir);
  writeFileSync(join(p.outDir, CATALOG_KEY), pack(catalog));
}

function readReportHealth(outDir: string, manifest: Manifest): boolean {
  return (unpack(readFileSync(join(outDir, validationKey(manifest.scenario.id)))) as ValidationReport).healthy;
}

/** The reference page's script and stylesheet, served by the worker from its store. */
function writeDocsAssets(outDir: string): void {
  const dist = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
  for (const name of Object.keys(DOCS_ASSETS)) {
    const path = join(outDir, assetKey(name));
    mkdirSync(dirname(path), { recursive: true });
    copyFileSync(join(dist, name), path);
  }
}

/**
 * A company's data lives across a few young-generation collections while it is generated, written
 * and checked; a larger young generation lets it die there instead of being promoted to the old
 * one (which costs major collections): about 100 MB more memory, half the time in GC.
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 192 };

/**
 * Builds the library in this thread, one scenario after another, synchronously: for callers that
 * must not start anything (`npm start` builds before serving). `buildLibrary` uses every core.
 */
export function buildScenarios(options: BuildOptions = {}): BuildResult {
  const p = plan(options);
  const progress = libraryProgress(p.tasks.length, options.quiet ?? false, true);
  const built = new Map<string, BuiltScenario>();
  try {
    for (const task of p.tasks) {
      const shown = progress.scenario(task.loaded.source.name);
      built.set(task.loaded.source.id, buildInto(task, shown.step));
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
  const queue = [...p.tasks];
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
          built.set(current.task.loaded.source.id, message.result);
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
