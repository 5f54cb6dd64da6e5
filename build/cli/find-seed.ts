// `npm run library:find-seed -- --name NAME` (its options: `-- --help`): the first seeds, from --from on
// (default: the scenario's own), whose world holds the scenario's story and every other error check,
// built in memory; a twin is tried with its twin, on the one seed they share. Some claims a story
// makes are not forced by the generator (a year's market direction is mostly noise: docs/generator.md,
// "A scenario's story"), so a source states them and keeps a seed whose world bears them out. With
// --replicas K it goes on until K seeds hold (skipping the scenario's own), and --write makes them the
// scenario's replicas in its theme's file (docs/scenarios.md, "Replicas").
import type { ScenarioSource } from "../ground/scenario-source.ts";
import { commandLine } from "./command-line.ts";
import { FIND_SEED } from "./commands.ts";

const { values } = commandLine(FIND_SEED);
// The project's modules load once the command line is read, so that --help answers at once.
const { DEFAULT_SRC_DIR } = await import("../pipeline/library.ts");
const { loadScenarioSources } = await import("../pipeline/theme-source.ts");
const { writeReplicas } = await import("../pipeline/replica-seeds.ts");
const { validateScenario } = await import("../pipeline/validate.ts");
const { generateWorld } = await import("../pipeline/world.ts");

const srcDir = values.src ?? DEFAULT_SRC_DIR;
const loaded = loadScenarioSources(srcDir);
const library = loaded.map((l) => l.source);
const scenario = library.find((s) => s.name === values.name);
if (!scenario) {
  console.error(`no scenario named ${values.name}`);
  process.exit(2);
}
const together = [scenario, ...library.filter((s) => s.twin && s.name === scenario.twin?.name)];

/** The error checks a world fails: the whole world's, and (for a future branch) its context's. */
function failures(source: ScenarioSource): string[] {
  const world = generateWorld(source);
  const fields = { scenarioId: source.name, generatorVersion: "", calibrationVersion: "" };
  const reports = [
    validateScenario({ ...fields, world }),
    validateScenario({ ...fields, world, currentDate: source.current_date }),
  ];
  return [
    ...new Set(
      reports.flatMap((r) =>
        r.checks.filter((c) => !c.passed && c.severity === "error").map((c) => `${c.name}: ${c.detail}`),
      ),
    ),
  ];
}

const wanted = values.replicas === undefined ? 1 : Number(values.replicas);
// A replica's seed is another world of the theme than any of its scenarios' (they are listed once each).
const taken = new Set(library.filter((s) => s.theme === scenario.theme).map((s) => s.seed));
const from = values.from === undefined ? scenario.seed : Number(values.from);
const held: number[] = [];
for (let seed = from; seed < from + Number(values.tries) && held.length < wanted; seed++) {
  if (values.replicas !== undefined && taken.has(seed)) continue;
  // A replica has a world of its own: the seed's, not a label the scenario may keep.
  const tried = (s: ScenarioSource) => ({ ...s, seed, ...(values.replicas !== undefined ? { world: undefined } : {}) });
  const failed = together.flatMap((s) => failures(tried(s)).map((f) => `${s.name} ${f}`));
  console.log(failed.length ? `seed ${seed}: fails\n  ${failed.join("\n  ")}` : `seed ${seed}: holds`);
  if (!failed.length) held.push(seed);
}
if (values.replicas !== undefined) {
  console.log(`${held.length} of ${wanted} replica seeds hold: [${held.join(", ")}]`);
  if (values.write && held.length) {
    const file = writeReplicas(srcDir, loaded.find((l) => l.source.name === scenario.name)!.file, scenario.name, held);
    console.log(`written to ${file}`);
  }
  if (held.length < wanted) process.exitCode = 1;
}
