// The published validation report of crisis-cycle-2005 (docs/realism.md), read from the cached build
// of the default library: its crisis under crisis_depth, and the statistics judged against bands that
// follow the universe (share counts by size, guidance, loss years, the post-earnings drift).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { unpack } from "msgpackr";
import { describe, expect, inject, it } from "vitest";
import { LOSS_SHARE } from "../../build/families/statements/realism.ts";
import { validationKey } from "../../src/bundle/layout.ts";
import type { ValidationReport } from "../../src/bundle/types.ts";
import { defaultIds } from "../support/bundles.ts";

const libraryDir = inject("libraryDir");
const { CRISIS } = defaultIds(libraryDir);

describe("the validation report of crisis-cycle-2005", () => {
  let kept: ValidationReport | undefined;
  const crisisReport = () =>
    (kept ??= unpack(readFileSync(join(libraryDir, validationKey(CRISIS)))) as ValidationReport);

  it("reports the crisis (its catalyst) under the crisis_depth family", () => {
    const report = crisisReport();
    const depth = report.checks.filter((c) => c.family === "crisis_depth");
    expect(depth.map((c) => c.name)).toEqual(["crisis_vix_peak", "crisis_avg_pairwise_corr", "crisis_index_drawdown"]);
    for (const c of depth) {
      expect(c.observed, c.name).not.toBeNull();
      expect(c.detail).toContain("2008-09-15");
    }
    // Peaks and drawdowns hold in every episode; the catalyst's crisis is also above 0.5 in correlation.
    expect(depth.filter((c) => c.name !== "crisis_avg_pairwise_corr").every((c) => c.passed)).toBe(true);
    const catalystCorr = /([0-9.]+) \(\d+ days from 2008-09-15\)/.exec(depth[1].detail);
    expect(Number(catalystCorr?.[1])).toBeGreaterThan(0.5);
  });
  it("holds its crisis to the real 2008's volatility and fall, and to being its world's worst (story checks)", () => {
    const checks = new Map(crisisReport().checks.map((c) => [c.name, c]));
    for (const name of ["story_crisis_window", "story_crisis_episode"]) {
      const c = checks.get(name)!;
      expect(c.severity, name).toBe("error");
      expect(c.observed, `${name}: ${c.detail}`).toEqual({
        violations: 0,
        rows: name === "story_crisis_window" ? 2 : 1,
      });
    }
  });
  it("reports the share count by size and the guidance below the consensus, each against its band (docs/realism.md)", () => {
    const checks = new Map(crisisReport().checks.map((c) => [c.name, c]));
    for (const name of ["share_count_change_large", "share_count_change_small", "negative_guidance_share"]) {
      const c = checks.get(name)!;
      expect(c, name).toBeDefined();
      expect(typeof c.observed, `${name}: ${c.detail}`).toBe("number");
      expect(c.passed, `${name}: ${c.detail}`).toBe(true);
    }
  });
  it("judges loss years by the universe (S&P 500 members' 3-11%) and drift by its own standard error", () => {
    const checks = new Map(crisisReport().checks.map((c) => [c.name, c]));
    const losses = checks.get("unprofitable_share")!;
    expect(losses.expected).toEqual(LOSS_SHARE.member);
    expect(losses.passed, losses.detail).toBe(true);
    const drift = checks.get("post_earnings_drift")!;
    const band = drift.expected as { min: number; max: number };
    const error = Number(/standard errors of ([0-9.]+)%/.exec(drift.detail)?.[1]) / 100;
    // A few hundred releases a decile, 60 days of a stock's own moves: about a point.
    expect(error).toBeGreaterThan(0.003);
    expect(error).toBeLessThan(0.02);
    expect(band.min).toBeCloseTo(-0.01 - 2 * error, 3);
    expect(band.max).toBeCloseTo(0.01 + 2 * error, 3);
    expect(drift.passed, drift.detail).toBe(true);
  });
});
