// docs/library.md: the scenario library as its sources state it, theme by theme (its split, path mode and
// scenarios: size, window, twin). Written by `npm run docs:library`; test/fast/library.test.ts fails while
// the committed page differs.
import { DEFAULT_SRC_DIR } from "../pipeline/library.ts";
import type { ScenarioSource } from "../ground/scenario-source.ts";
import { loadScenarioSources } from "../pipeline/theme-source.ts";

export const LIBRARY_FILE = new URL("../../docs/library.md", import.meta.url);

const row = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;

export function renderLibrary(srcDir = DEFAULT_SRC_DIR): string {
  const sources = loadScenarioSources(srcDir).map((l) => l.source);
  const themes = new Map<string, ScenarioSource[]>();
  for (const s of sources) themes.set(s.theme, [...(themes.get(s.theme) ?? []), s]);
  const count = (pick: (s: ScenarioSource) => boolean) => sources.filter(pick).length;
  const splits = ["train", "validation", "test", "holdout"].map(
    (split) =>
      `${split} ${[...themes.values()].filter((t) => t[0].dataset_split === split).length} themes / ${count((s) => s.dataset_split === split)} scenarios`,
  );
  const out = [
    "# The scenario library",
    "",
    "Generated from `scenarios-src/` by `npm run docs:library` (the format: [scenarios.md](scenarios.md)).",
    `${sources.length} scenarios over ${themes.size} themes; ${count((s) => s.public_summary.path_mode === "future_branch")} future branches; ` +
      `${count((s) => s.twin?.counterfactual === true)} twin pairs; ${count((s) => Boolean(s.replica_of))} replicas ` +
      `(the same story at other seeds: [scenarios.md](scenarios.md), "Replicas"); ${count((s) => s.default)} in the default subset (*). ` +
      `By split: ${splits.join(", ")}.`,
    `Each test-split scenario also ships its masked twin (${count((s) => s.dataset_split === "test")} in all): the same world under pseudonyms and moved years ([masked-twins.md](masked-twins.md)).`,
    "",
    row(["theme", "split", "path mode", "title", "scenarios (companies, window; twin: branch date; replicas)"]),
    row(["---", "---", "---", "---", "---"]),
  ];
  for (const [theme, list] of [...themes].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const s0 = list[0];
    // Replicas are counted beside their scenario, not listed.
    const replicas = (name: string) => list.filter((r) => r.replica_of === name).length;
    const scenarios = list
      .filter((s) => !s.replica_of)
      .map((s) => {
        const window = `${s.start_date}..${s.current_date === s.end_date ? "" : `${s.current_date}..`}${s.end_date}`;
        const twin = s.twin?.counterfactual ? `; twin of ${s.twin.name} from ${s.twin.branch_date}` : "";
        const copies = replicas(s.name) ? `; ${replicas(s.name)} replicas` : "";
        return `${s.name}${s.default ? "*" : ""} (${s.universe.count}, ${window}${twin}${copies})`;
      });
    out.push(
      row([
        theme,
        s0.dataset_split,
        s0.public_summary.path_mode,
        s0.public_summary.scenario_theme,
        scenarios.join("<br>"),
      ]),
    );
  }
  return out.join("\n") + "\n";
}
