// One scenario's build, streamed: the market-wide world is generated and kept; then each company is
// generated, gathered into the index funds, written out and checked, and dropped; then the gathered
// parts, the market-wide shards, the report and the manifest. Memory holds the market-wide world,
// running sums and one company at a time; what needs every company waits in scratch files.
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Manifest, ScenarioRecord, ValidationReport } from "../../src/bundle/types.ts";
import { ScenarioCompiler, type ObjectSink } from "./compile.ts";
import type { ScenarioSource } from "../ground/scenario-source.ts";
import type { LoadedSource } from "./theme-source.ts";
import { diskScratch } from "../ground/scratch.ts";
import { ScenarioValidation } from "./validate.ts";
import { FAMILIES } from "../families/registry.ts";
import { GENERATOR_VERSION } from "./version.ts";
import { gather, generateCompanies, generateMarket, type Families } from "./world.ts";

export interface BuiltScenario {
  manifest: Manifest;
  report: ValidationReport;
  /** Error checks the whole world of a future branch failed, which its public report does not show (for the build's message). */
  branchFailures: string[];
}

/** Progress of one scenario: companies done of the universe, then the steps after the pass. */
export type Progress = (done: number, total: number, step: string) => void;

export function buildScenario(
  source: ScenarioSource,
  record: ScenarioRecord,
  out: ObjectSink,
  progress: Progress = () => {},
  families: Families = FAMILIES.families,
): BuiltScenario {
  const scratch = diskScratch();
  try {
    const { world, scenario } = generateMarket(source, scratch, families);
    const total = world.companies.length;
    progress(0, total, `generated the market, ${world.days.length} days`);
    const gathering = gather(world, scenario, families);
    const compiler = new ScenarioCompiler(record, out, scratch, families);
    const validation = new ScenarioValidation(
      { scenarioId: "", generatorVersion: GENERATOR_VERSION, calibrationVersion: record.calibration_version },
      world.days,
      scratch,
      record.current_date,
      families,
    );
    let done = 0;
    for (const company of generateCompanies(world, scenario, families)) {
      gathering.add(company);
      compiler.company(world, company);
      validation.company(world, company);
      progress(++done, total, "companies");
    }
    gathering.finish();
    progress(done, total, "validating");
    const unnamed = validation.finish(world);
    progress(done, total, "writing market-wide shards");
    const branchFailures = validation.branchFailures.map((c) => `${c.name} (${c.detail})`);
    return { ...compiler.finish(world, unnamed), branchFailures };
  } finally {
    scratch.dispose();
  }
}

/** Writes a scenario's objects as files under `dir`, by their path inside it. */
function directorySink(dir: string): ObjectSink {
  const made = new Set<string>();
  return (key, bytes) => {
    const path = join(dir, key);
    const parent = dirname(path);
    if (!made.has(parent)) {
      mkdirSync(parent, { recursive: true });
      made.add(parent);
    }
    writeFileSync(path, bytes);
  };
}

/** The Scenario resource of a source; its id is left empty for the build to fill in (compile.ts). */
export function toRecord(source: ScenarioSource): ScenarioRecord {
  return {
    id: "",
    status: "ready",
    scenario_type: source.scenario_type,
    seed: source.seed,
    name: source.name,
    theme: source.theme,
    twin: source.twin ?? null,
    replica_of: source.replica_of ?? null,
    start_date: source.start_date,
    end_date: source.end_date,
    current_date: source.current_date,
    generator_version: GENERATOR_VERSION,
    calibration_version: source.calibration_version,
    dataset_split: source.dataset_split,
    public_summary: source.public_summary,
  };
}

/** One scenario of a library build: what a worker thread is sent. */
export interface BuildTask {
  loaded: LoadedSource;
  outDir: string;
  /** Written last, so a build cut short is redone. */
  stamp: string;
}

/** What a worker thread answers. */
export type TaskMessage =
  | { type: "progress"; done: number; total: number; step: string }
  | { type: "built"; result: BuiltScenario }
  | { type: "error"; error: string };

/**
 * Builds a task's scenario into `scenarios/<id>/` of the bundles: generated into a directory of its
 * own, then renamed to the id its content gives. Content already built under that id is kept (it
 * is the same bytes); the stamp written last says which source and generator made it.
 */
export function buildInto(task: BuildTask, progress?: Progress, families: Families = FAMILIES.families): BuiltScenario {
  const { source } = task.loaded;
  const staging = join(task.outDir, "scenarios", `.building-${source.name}`);
  rmSync(staging, { recursive: true, force: true });
  const built = buildScenario(source, toRecord(source), directorySink(staging), progress, families);
  const dir = join(task.outDir, "scenarios", built.manifest.scenario.id);
  if (existsSync(dir)) rmSync(staging, { recursive: true });
  else renameSync(staging, dir);
  writeFileSync(join(dir, STAMP_FILE), task.stamp);
  return built;
}

/** A local file beside a built scenario's objects: which source and generator made it (never published). */
export const STAMP_FILE = "build-stamp.json";
