// The arguments of the realism CLIs that measure scenarios over seeds (`realism:discriminate`,
// `realism:bands`): `--scenario NAME` (repeated; default every source), `--seeds N` (the scenario's
// own seed and the next N-1; default 4) and `--out FILE`.
import { parseArgs } from "node:util";
import { DEFAULT_SRC_DIR } from "../pipeline/library.ts";
import { loadScenarioSources, type ScenarioSource } from "../pipeline/scenario-source.ts";

export function seededRun(): { sources: ScenarioSource[]; seeds: number; out: string | undefined } {
  const { values } = parseArgs({
    options: {
      scenario: { type: "string", multiple: true },
      seeds: { type: "string", default: "4" },
      out: { type: "string" },
    },
  });
  const seeds = Number(values.seeds);
  if (!Number.isInteger(seeds) || seeds < 1) throw new Error(`--seeds: a positive integer, not ${values.seeds}`);
  const sources = loadScenarioSources(DEFAULT_SRC_DIR)
    .map((l) => l.source)
    .filter((s) => !values.scenario || values.scenario.includes(s.name));
  if (values.scenario && sources.length !== values.scenario.length)
    throw new Error(`unknown scenario in ${values.scenario}`);
  return { sources, seeds, out: values.out };
}
