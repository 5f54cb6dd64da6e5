// The import graph of src/ and build/ (docs/development.md, "Layout"), read by dependency-cruiser with
// type-only imports counted: a cycle between files fails the suite, whatever kind of import closes it.
import { cruise, type ICruiseResult } from "dependency-cruiser";
import { describe, expect, it } from "vitest";

async function cycles(): Promise<string[]> {
  const { output } = await cruise(["src", "build"], {
    tsPreCompilationDeps: true,
    includeOnly: "^(src|build)/",
    validate: true,
    ruleSet: { forbidden: [{ name: "no-circular", severity: "error", from: {}, to: { circular: true } }] },
  });
  const { summary } = output as ICruiseResult;
  return summary.violations.map((v) => [v.from, ...(v.cycle ?? []).map((step) => step.name)].join(" > "));
}

describe("imports", () => {
  it("form no cycle between files of src/ or build/", async () => {
    expect(await cycles()).toEqual([]);
  });
});
