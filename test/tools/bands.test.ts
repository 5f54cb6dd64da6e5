// `npm run realism:bands` on one short scenario at two seeds: a table with a column per seed, each
// statistic's value at both, and the count in band agreeing with the cells marked out of band.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

describe("the bands over seeds", () => {
  it("reports each check at every seed, out-of-band values marked and counted", () => {
    const run = spawnSync(process.execPath, ["build/cli/bands.ts", "--scenario", "rate-shock-2022", "--seeds", "2"], {
      encoding: "utf8",
      timeout: 120_000,
    });
    expect(run.status, run.stderr).toBe(0);
    const lines = run.stdout.split("\n");
    expect(lines).toContain("### rate-shock-2022, seeds 20220110, 20220111");
    const rows = lines.filter((l) => l.startsWith("| ") && !l.startsWith("| check") && !l.startsWith("| ---"));
    const cells = (l: string) =>
      l
        .split("|")
        .slice(1, -1)
        .map((c) => c.trim());
    const byName = new Map(rows.map((l) => [cells(l)[0], cells(l)]));
    // Measured on a one-year world at both seeds: the index's overnight gaps, the cross-section, the story.
    for (const name of ["index_overnight_gap_share", "avg_pairwise_corr", "story_sector_leadership"]) {
      const [, , a, b] = byName.get(name) ?? [];
      expect(a, name).not.toBe("n/a");
      expect(b, name).not.toBe("n/a");
    }
    expect(byName.get("index_overnight_gap_share")![1]).toBe("0.15 .. 0.4");
    // A long-run statistic is not judged on one year, so it is left out.
    expect(byName.has("index_excess_kurtosis")).toBe(false);
    for (const [name, [, , ...rest]] of byName) {
      const inBand = rest.pop()!;
      const seedCells = rest.filter((c) => c !== "n/a");
      const marked = seedCells.filter((c) => c.endsWith("✗")).length;
      expect(inBand, name).toBe(`${seedCells.length - marked}/${seedCells.length}`);
    }
  }, 120_000);
});
