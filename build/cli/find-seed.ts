// `npm run library:find-seed -- --name NAME` (its options: `-- --help`): the first seeds, from --from on
// (default: the scenario's own), whose world holds the scenario's story and every other error check,
// built in memory; a twin is tried with its twin, on the one seed they share. Some claims a story
// makes are not forced by the generator (a year's market direction is mostly noise: docs/generator.md,
// "A scenario's story"), so a source states them and keeps a seed whose world bears them out. With
// --replicas K it goes on until K seeds hold (skipping the theme's scenarios' and replicas'), and --write
// adds them to the scenario's replicas in its theme's file (docs/scenarios.md, "Replicas"). With
// --repair it checks the replicas the scenario has and finds a new seed for each whose world fails
// (a new generator draws other worlds), which --write puts in its place: `-r3` stays the third.
import type { ScenarioSource } from "../ground/scenario-source.ts";
import { commandLine } from "./command-line.ts";
import { FIND_SEED } from "./commands.ts";

const { values } = commandLine(FIND_SEED);
// The project's modules load once the command line is read, so that --help answers at once.
const { DEFAULT_SRC_DIR } = await import("../pipeline/library.ts");
const { loadScenarioSources } = await import("../pipeline/theme-source.ts");
const { writeReplicas } = await import("../pipeline/replica-seeds.ts");
const { failedErrorChecks } = await import("../pipeline/error-checks.ts");

const srcDir = values.src ?? DEFAULT_SRC_DIR;
const loaded = loadScenarioSources(srcDir);
const library = loaded.map((l) => l.source);
const scenario = library.find((s) => s.name === values.name);
if (!scenario) {
  console.error(`no scenario named ${values.name}`);
  process.exit(2);
}
const together = [scenario, ...library.filter((s) => s.twin && s.name === scenario.twin?.name)];

const asReplica = values.replicas !== undefined || values.repair;
/** What the scenario (with its twin) fails at `seed`, printed; a replica has the seed's world, not a label the scenario may keep. */
function triedAt(seed: number, label = `seed ${seed}`): boolean {
  const tried = (s: ScenarioSource) => ({ ...s, seed, ...(asReplica ? { world: undefined } : {}) });
  const failed = together.flatMap((s) => failedErrorChecks(tried(s)).map((f) => `${s.name} ${f}`));
  console.log(failed.length ? `${label}: fails\n  ${failed.join("\n  ")}` : `${label}: holds`);
  return failed.length === 0;
}

// The seeds the scenario's replicas have now, in order (`-r1` first).
const replicaSeeds = library.filter((s) => s.replica_of === scenario.name).map((s) => s.seed);
// A replica's seed is another world of the theme than any of its scenarios' and replicas' (each is listed once).
const taken = new Set(library.filter((s) => s.theme === scenario.theme).map((s) => s.seed));
// With --repair, each replica whose world fails has its place taken by a new seed.
const failing = values.repair
  ? replicaSeeds.flatMap((seed, i) => (triedAt(seed, `${scenario.name}-r${i + 1} (seed ${seed})`) ? [] : [i]))
  : [];
const wanted = values.repair ? failing.length : values.replicas === undefined ? 1 : Number(values.replicas);
const from =
  values.from !== undefined ? Number(values.from) : values.repair ? Math.max(0, ...replicaSeeds) + 1 : scenario.seed;
const held: number[] = [];
for (let seed = from; seed < from + Number(values.tries) && held.length < wanted; seed++) {
  if (asReplica && taken.has(seed)) continue;
  if (triedAt(seed)) held.push(seed);
}
if (asReplica) {
  // The k-th failing replica takes the k-th seed found; one left without keeps its seed (the exit code says so).
  const all = values.repair
    ? replicaSeeds.map((seed, i) => held[failing.indexOf(i)] ?? seed)
    : [...replicaSeeds, ...held];
  console.log(
    `${held.length} of ${wanted} replica seeds hold: [${held.join(", ")}]; the replicas' seeds: [${all.join(", ")}]`,
  );
  if (values.write && held.length) {
    const file = writeReplicas(srcDir, loaded.find((l) => l.source.name === scenario.name)!.file, scenario.name, all);
    console.log(`written to ${file}`);
  }
  if (held.length < wanted) process.exitCode = 1;
}
