// The arguments of the realism CLIs that measure scenarios over seeds (`realism:discriminate`,
// `realism:bands`): `--scenario NAME` (repeated, any of the library; default the default subset), `--seeds N` (the scenario's
// own seed and the next N-1; default 4) and `--out FILE`.
import { parseArgs } from "node:util";
import { DEFAULT_SRC_DIR } from "../pipeline/library.ts";
import { type ScenarioSource } from "../pipeline/scenario-source.ts";
import { defaultSources, loadScenarioSources } from "../pipeline/theme-source.ts";

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
  const sources = (values.scenario ? loadScenarioSources : defaultSources)(DEFAULT_SRC_DIR)
    .map((l) => l.source)
    .filter((s) => !values.scenario || values.scenario.includes(s.name));
  if (values.scenario && sources.length !== values.scenario.length)
    throw new Error(`unknown scenario in ${values.scenario}`);
  return { sources, seeds, out: values.out };
}
