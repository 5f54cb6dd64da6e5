// The arguments of the realism CLIs that measure scenarios over seeds (`realism:discriminate`,
// `realism:bands`): the scenarios, how many seeds of each and where the report goes (SEEDED_OPTIONS
// in build/cli/commands.ts; `-- --help` prints them).
import type { ScenarioSource } from "../pipeline/scenario-source.ts";
import { commandLine, type Command } from "./command-line.ts";
import type { SEEDED_OPTIONS } from "./commands.ts";

/** The command line of `command`, whose options are SEEDED_OPTIONS: the scenarios, the seeds of each, the report's file. */
export async function seededRun(command: Command<typeof SEEDED_OPTIONS, never>): Promise<{
  sources: ScenarioSource[];
  seeds: number;
  out: string | undefined;
}> {
  const { values } = commandLine(command);
  // The library's modules load once the command line is read, so that --help answers at once.
  const { DEFAULT_SRC_DIR } = await import("../pipeline/library.ts");
  const { defaultSources, loadScenarioSources } = await import("../pipeline/theme-source.ts");
  const seeds = Number(values.seeds);
  if (!Number.isInteger(seeds) || seeds < 1) throw new Error(`--seeds: a positive integer, not ${values.seeds}`);
  const sources = (values.scenario ? loadScenarioSources : defaultSources)(DEFAULT_SRC_DIR)
    .map((l) => l.source)
    .filter((s) => !values.scenario || values.scenario.includes(s.name));
  if (values.scenario && sources.length !== values.scenario.length)
    throw new Error(`unknown scenario in ${values.scenario}`);
  return { sources, seeds, out: values.out };
}
