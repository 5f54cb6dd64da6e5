// A scenario's story is data: the generator makes it happen, and the story checks fail when the data
// contradicts it.
import { describe, expect, it } from "vitest";
import { DEFAULT_SRC_DIR } from "../build/pipeline/library.ts";
import { loadScenarioSources } from "../build/pipeline/scenario-source.ts";
import { validateScenario } from "../build/pipeline/validate.ts";
import { generateWorld, type WholeWorld } from "../build/pipeline/world.ts";

const sources = loadScenarioSources(DEFAULT_SRC_DIR).map((l) => l.source);
const byName = (name: string) => sources.find((s) => s.name === name)!;
const STORY_CHECKS = ["story_sector_leadership", "story_inflation_direction", "story_catalyst_impact", "policy_story"];
const storyChecks = (world: WholeWorld) =>
  validateScenario({ scenarioId: "t", generatorVersion: "t", calibrationVersion: "t", world }).checks.filter((c) =>
    STORY_CHECKS.includes(c.name),
  );

describe("story", () => {
  // Whole worlds: a future branch's story (the catalyst's targets) is checked past its current date too.
  const worlds = new Map(
    ["megacap-tech-2023", "rate-shock-2022", "ai-capex-branch-2026"].map((n) => [n, generateWorld(byName(n))]),
  );

  it("holds in every short default scenario, on the whole world", () => {
    for (const [name, world] of worlds) {
      const checks = storyChecks(world);
      expect(checks.map((c) => c.name).sort(), name).toEqual([...STORY_CHECKS].sort());
      for (const c of checks)
        expect(c, `${name} ${c.name}: ${c.detail}`).toMatchObject({ passed: true, severity: "error" });
    }
    // The catalyst's targets were checked: the branch holds its catalyst day.
    const branch = storyChecks(worlds.get("ai-capex-branch-2026")!).find((c) => c.name === "story_catalyst_impact")!;
    expect(branch.detail).toMatch(/holds on all 4 rows/);
  });

  it("gives each sector the story speaks of at least two companies", () => {
    const world = worlds.get("rate-shock-2022")!;
    for (const sector of ["Energy", "Information Technology"])
      expect(world.companies.filter((c) => c.sector === sector).length, sector).toBeGreaterThanOrEqual(2);
  });

  it("fails when the data contradicts the story", () => {
    const world = worlds.get("megacap-tech-2023")!;
    const told = world.story;
    try {
      // The opposite of what was generated: technology lags, utilities lead, inflation rises.
      world.story = {
        ...told,
        sectors: { leading: ["Utilities"], lagging: ["Information Technology"] },
        inflation: "rising",
      };
      const failed = storyChecks(world)
        .filter((c) => !c.passed)
        .map((c) => c.name);
      expect(failed.sort()).toEqual(["story_inflation_direction", "story_sector_leadership"]);
    } finally {
      world.story = told;
    }
    const branch = worlds.get("ai-capex-branch-2026")!;
    const stated = branch.story;
    try {
      branch.story = { ...stated, catalyst: { ...stated.catalyst!, excess_move: 0.05 } };
      expect(storyChecks(branch).find((c) => c.name === "story_catalyst_impact")).toMatchObject({ passed: false });
    } finally {
      branch.story = stated;
    }
  });
});
