// The library's sources, checked statically (before anything is generated): every theme expands,
// names are unique, twins are consistent, historical stories agree with the real policy decisions.
import { describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LIBRARY_FILE, renderLibrary } from "../../build/docs/library.ts";
import { DEFAULT_SRC_DIR } from "../../build/pipeline/library.ts";
import { writeReplicas } from "../../build/pipeline/replica-seeds.ts";
import { expandTheme, libraryProblems, loadScenarioSources, ThemeSource } from "../../build/pipeline/theme-source.ts";

const library = loadScenarioSources(DEFAULT_SRC_DIR);

/** A minimal theme, with parts replaced. */
function theme(over: Record<string, unknown> = {}) {
  return ThemeSource.parse({
    title: "t",
    dataset_split: "train",
    path_mode: "historical_context",
    scenario_type: "t",
    macro_regime: "expansion",
    scenario_title: "t",
    market_description: "t",
    agent_task: "t",
    market_mechanics: ["t"],
    window: { start: "2008-01-02", end: "2009-12-31" },
    scenarios: [{ name: "a", seed: 1, count: 10 }],
    ...over,
  });
}
const loaded = (file: string, over: Record<string, unknown>) =>
  expandTheme(file, theme(over)).map((source) => ({ file, source, hash: "" }));

describe("the library's sources", () => {
  it("load: every theme expands, and the library contradicts itself nowhere", () => {
    expect(library.length).toBeGreaterThan(0);
    expect(libraryProblems(library)).toEqual([]);
  });

  it("are listed in docs/library.md as `npm run docs:library` writes it", () => {
    expect(
      readFileSync(LIBRARY_FILE, "utf8") === renderLibrary(),
      "docs/library.md is stale: run npm run docs:library",
    ).toBe(true);
  });

  it("give every scenario of a theme the theme's split", () => {
    const splits = new Map<string, Set<string>>();
    for (const { source } of library)
      splits.set(source.theme, (splits.get(source.theme) ?? new Set()).add(source.dataset_split));
    for (const [theme, set] of splits) expect(set.size, theme).toBe(1);
  });
});

describe("replica seeds written into a theme's file (library:find-seed --write)", () => {
  // Two entries as the library writes them: a flow mapping on one line, and a block.
  const text = [
    "title: t",
    "scenarios:",
    "- {name: flat-quick, seed: 2019, count: 10, replicas: [1, 2, 4]}",
    "- name: block-quick",
    "  replicas: [3, 5]",
    "  seed: 2020 # kept",
    "  count: 10",
    "",
  ].join("\n");
  const written = (name: string, seeds: number[]) => {
    const dir = mkdtempSync(join(tmpdir(), "replica-seeds-"));
    writeFileSync(join(dir, "t.yaml"), text);
    return readFileSync(writeReplicas(dir, "t.yaml", name, seeds), "utf8");
  };

  it("put a repaired seed in its replica's place, so -r2 stays the second, and change nothing else", () => {
    expect(written("flat-quick", [1, 11, 4])).toBe(text.replace("[1, 2, 4]", "[1, 11, 4]"));
    expect(written("block-quick", [12, 5])).toBe(text.replace("[3, 5]", "[12, 5]"));
  });

  it("add new seeds after the ones a scenario has", () => {
    expect(written("flat-quick", [1, 2, 4, 6])).toBe(text.replace("[1, 2, 4]", "[1, 2, 4, 6]"));
  });
});

describe("the static checks", () => {
  it("refuse a historical story whose policy window contradicts the real decisions", () => {
    // The FED cut from 5.25% to 0-0.25% in 2008: a 'hold' or 'hike' window then is not history.
    const sources = loaded("held", {
      story: { policy: [{ bank: "FED", from: "2008-01-02", to: "2008-12-31", direction: "hold" }] },
    });
    expect(libraryProblems(sources)).toEqual([
      expect.stringMatching(
        /held: a: story.policy says FED holds 2008-01-02..2008-12-31; the real FED moved -0.75, -0.50, .*-0.75 then/,
      ),
    ]);
    const cut = loaded("cut", {
      story: { policy: [{ bank: "FED", from: "2008-01-02", to: "2008-12-31", direction: "cut" }] },
    });
    expect(libraryProblems(cut)).toEqual([]);
    // A future branch's windows are its own.
    const future = loaded("future", {
      path_mode: "future_branch",
      window: { start: "2008-01-02", current: "2008-06-30", end: "2009-12-31" },
      story: { policy: [{ bank: "FED", from: "2008-01-02", to: "2008-12-31", direction: "hold" }] },
    });
    expect(libraryProblems(future)).toEqual([]);
  });

  it("refuse a name used twice, across themes", () => {
    expect(libraryProblems([...loaded("one", {}), ...loaded("two", {})])).toEqual([
      "two: a is also the name of another scenario",
    ]);
  });

  it("make a twin of the same world, seed and window, named back, with its catalyst after the branch", () => {
    const catalyst = { date: "2008-09-15", regime: "crisis", summary: "A bank fails.", market_jump: -0.05 };
    const [a, b] = expandTheme(
      "twins",
      theme({
        catalyst,
        story: { catalyst: { sectors: ["Financials"], excess_move: -0.04 }, market: "falling" },
        scenarios: [
          { name: "a", seed: 3, count: 10 },
          { name: "b", twin_of: "a", branch: { date: "2008-09-15", catalyst: null, story: { market: "rising" } } },
        ],
      }),
    );
    expect(a.twin).toEqual({ name: "b", branch_date: "2008-09-15", counterfactual: false });
    expect(b.twin).toEqual({ name: "a", branch_date: "2008-09-15", counterfactual: true });
    expect([b.world, b.seed, b.start_date, b.end_date, b.universe.count]).toEqual([
      a.world,
      3,
      a.start_date,
      a.end_date,
      10,
    ]);
    expect(b.catalyst).toBeUndefined();
    expect(b.story).toEqual({ policy: [], market: "rising" });
    // Both universes hold the sectors either story names.
    expect(a.universe.required_sectors).toEqual(["Financials"]);
    expect(b.universe.required_sectors).toEqual(["Financials"]);
    // A branch after its twin's catalyst is no branch: the two would differ before it.
    const late = expandTheme(
      "late",
      theme({
        catalyst,
        scenarios: [
          { name: "a", seed: 3, count: 10 },
          { name: "b", twin_of: "a", branch: { date: "2008-10-01", catalyst: null } },
        ],
      }),
    ).map((source) => ({ file: "late", source, hash: "" }));
    expect(libraryProblems(late)).toEqual([
      expect.stringMatching(/late: a: its catalyst \(2008-09-15\) comes before the branch date 2008-10-01/),
    ]);
  });
});
