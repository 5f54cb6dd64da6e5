// The arguments of the realism CLIs that measure scenarios over seeds (`realism:discriminate`,
// `realism:bands`): the scenarios, how many seeds of each and where the report goes (SEEDED_OPTIONS
// in build/cli/commands.ts; `-- --help` prints them).
import type { ScenarioSource } from "../ground/scenario-source.ts";
import { commandLine, type Command, type Option, type Options, type Values } from "./command-line.ts";
import type { SEEDED_OPTIONS } from "./commands.ts";

/** An option's value as a positive integer; throws naming the option otherwise. */
export function positiveInteger(option: string, text: string | undefined): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${option}: a positive integer, not ${text}`);
  return value;
}

/**
 * The command line of `command`, whose options are SEEDED_OPTIONS' (their defaults may differ) and maybe more: the scenarios, the
 * seeds of each, the report's file, and every value read.
 */
export async function seededRun<O extends Options & Record<keyof typeof SEEDED_OPTIONS, Option>>(
  command: Command<O, never>,
): Promise<{ sources: ScenarioSource[]; seeds: number; out: string | undefined; values: Values<O> }> {
  const { values } = commandLine(command);
  const { scenario, seeds: seedsText, out } = values as Values<typeof SEEDED_OPTIONS>;
  // The library's modules load once the command line is read, so that --help answers at once.
  const { DEFAULT_SRC_DIR } = await import("../pipeline/library.ts");
  const { defaultSources, loadScenarioSources } = await import("../pipeline/theme-source.ts");
  const seeds = positiveInteger("--seeds", seedsText);
  const sources = (scenario ? loadScenarioSources : defaultSources)(DEFAULT_SRC_DIR)
    .map((l) => l.source)
    .filter((s) => !scenario || scenario.includes(s.name));
  if (scenario && sources.length !== scenario.length) throw new Error(`unknown scenario in ${scenario}`);
  return { sources, seeds, out, values };
}
