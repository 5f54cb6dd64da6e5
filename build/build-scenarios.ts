// `npm run build:scenarios`: generate, validate and compile every scenario in scenarios-src/ into
// the bundles directory. A scenario whose source, generator version and generator code are
// unchanged since its last build is skipped.
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { SingleBar, Presets } from "cli-progress";
import { pack, unpack } from "msgpackr";
import { assetKey, CATALOG_KEY, manifestKey, validationKey } from "../src/bundle/layout.ts";
import { DOCS_ASSETS } from "../src/docs/assets.ts";
import type { Catalog, Manifest, ScenarioRecord, ValidationReport } from "../src/bundle/types.ts";
import { compileScenario } from "./compile.ts";
import { allFundTickers } from "./generate/funds.ts";
import { banks } from "./generate/rates.ts";
import { loadScenarioSources, type LoadedSource } from "./scenario-source.ts";
import { validateScenario } from "./validate.ts";
import { GENERATOR_VERSION } from "./version.ts";
import { generateWorld } from "./world.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const DEFAULT_SRC_DIR = join(ROOT, "scenarios-src");
export const DEFAULT_OUT_DIR = join(ROOT, "bundles");

/** What generation depends on besides the scenario source. */
const GENERATOR_INPUTS = [
  "build/families",
  "build/generate",
  "build/refdata",
  "build/calendar.ts",
  "build/compile.ts",
  "build/realism.ts",
  "build/refdata.ts",
  "build/rng.ts",
  "build/scenario-source.ts",
  "build/validate.ts",
  "build/version.ts",
  "build/world.ts",
  "src/bundle",
  "src/contract/ticker.ts",
];

/** Hash of the generator's own code, so an edit without a version bump still rebuilds. */
function generatorCodeHash(): string {
  const hash = createHash("sha256");
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".ts") || entry.name.endsWith(".csv"))
        hash.update(path.slice(ROOT.length)).update(readFileSync(path));
    }
  };
  for (const input of GENERATOR_INPUTS) {
    const path = join(ROOT, input);
    if (input.endsWith(".ts")) hash.update(input).update(readFileSync(path));
    else walk(path);
  }
  return hash.digest("hex");
}

function toRecord(loaded: LoadedSource): ScenarioRecord {
  const s = loaded.source;
  return {
    id: s.id,
    status: s.status,
    scenario_type: s.scenario_type,
    seed: s.seed,
    name: s.name,
    start_date: s.start_date,
    end_date: s.end_date,
    current_date: s.current_date,
    generator_version: GENERATOR_VERSION,
    calibration_version: s.calibration_version,
    dataset_split: s.dataset_split,
    public_summary: s.public_summary,
  };
}

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

export function buildScenarios(options: BuildOptions = {}): BuildResult {
  const srcDir = options.srcDir ?? DEFAULT_SRC_DIR;
  const outDir = options.outDir ?? DEFAULT_OUT_DIR;
  const sources = loadScenarioSources(srcDir);
  const codeHash = generatorCodeHash();
  const result: BuildResult = { built: [], skipped: [], reports: new Map() };
  const tty = !options.quiet && process.stderr.isTTY;
  const bar = tty
    ? new SingleBar({ format: "{bar} {value}/{total} steps | {scenario}: {step}" }, Presets.shades_classic)
    : null;
  bar?.start(sources.length * 3, 0, { scenario: "", step: "" });
  const say = (scenario: string, step: string) => {
    if (bar) bar.increment({ scenario, step });
    else if (!options.quiet) console.error(`[build] ${scenario}: ${step}`);
  };

  const manifests: Manifest[] = [];
  for (const loaded of sources) {
    const { id, name } = loaded.source;
    const dir = join(outDir, "scenarios", id);
    const stampPath = join(dir, "build-stamp.json");
    const stamp = JSON.stringify({ source: loaded.hash, generator_version: GENERATOR_VERSION, code: codeHash });
    const manifestPath = join(outDir, manifestKey(id));
    if (
      !options.force &&
      existsSync(stampPath) &&
      existsSync(manifestPath) &&
      readFileSync(stampPath, "utf8") === stamp
    ) {
      manifests.push(unpack(readFileSync(manifestPath)) as Manifest);
      result.skipped.push(name);
      bar?.increment(3, { scenario: name, step: "unchanged, skipped" });
      if (!bar && !options.quiet) console.error(`[build] ${name}: unchanged, skipped`);
      continue;
    }
    const record = toRecord(loaded);
    const world = generateWorld(loaded.source);
    say(name, `generated ${world.companies.length} companies x ${world.days.length} days`);
    const report = validateScenario({
      scenarioId: id,
      generatorVersion: GENERATOR_VERSION,
      calibrationVersion: record.calibration_version,
      world,
      currentDate: record.current_date,
    });
    result.reports.set(id, report);
    say(name, `validated: ${report.summary.passed} passed, ${report.summary.failed} failed`);
    const compiled = compileScenario(record, world, report);
    rmSync(dir, { recursive: true, force: true });
    for (const [key, bytes] of compiled.objects) {
      const path = join(outDir, key);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, bytes);
    }
    writeFileSync(stampPath, stamp);
    manifests.push(compiled.manifest);
    result.built.push(name);
    say(name, `compiled ${compiled.objects.size} objects`);
  }
  bar?.stop();

  // Drop bundles of scenarios whose source is gone, then write the catalog last.
  const ids = new Set(sources.map((s) => s.source.id));
  const scenariosDir = join(outDir, "scenarios");
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
      healthy: readReportHealth(outDir, m),
      content_hash: m.content_hash,
    })),
  };
  mkdirSync(outDir, { recursive: true });
  writeDocsAssets(outDir);
  writeFileSync(join(outDir, CATALOG_KEY), pack(catalog));
  return result;
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

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { force: { type: "boolean", default: false }, out: { type: "string" }, src: { type: "string" } },
  });
  const started = performance.now();
  const result = buildScenarios({ force: values.force, outDir: values.out, srcDir: values.src });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.error(`[build] ${result.built.length} built, ${result.skipped.length} unchanged, in ${seconds}s`);
  for (const [id, report] of result.reports) {
    if (!report.healthy) {
      console.error(`[build] scenario ${id} failed validation`);
      process.exitCode = 1;
    }
  }
}
