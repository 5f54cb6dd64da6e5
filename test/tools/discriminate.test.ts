// `npm run realism:discriminate` on its smallest useful configuration: one short scenario at two
// seeds (one 240-day block each, and grouped CV needs two per class). The report holds its rows, and
// the instrument is seen to work: it tells real index returns from an i.i.d. Gaussian with their
// mean and vol; the volatility index's sanity row is there. Makes the Python venv (.local/realism-venv) on first run, from the pip mirror.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

describe("the discriminator", () => {
  it("reports the sanity rows and the scenario's, and tells a Gaussian from the real index", () => {
    const run = spawnSync(
      process.execPath,
      // Four labelings for each null p95 instead of twenty: the nulls are not what this test reads.
      ["build/cli/discriminate.ts", "--scenario", "rate-shock-2022", "--seeds", "2", "--permutations", "4"],
      { encoding: "utf8", timeout: 300_000 },
    );
    expect(run.status, run.stderr).toBe(0);
    const row = (label: string) => {
      const line = run.stdout.split("\n").find((l) => l.startsWith(`| ${label}`));
      expect(line, label).toBeDefined();
      return line!.split("|").slice(2, 6).map(Number);
    };
    expect(row("sanity: real 1999-2008 vs real 2009-2018").every(Number.isFinite)).toBe(true);
    const [boosting, , logit] = row("sanity: real vs i.i.d. Gaussian");
    expect(boosting).toBeGreaterThanOrEqual(0.7);
    expect(logit).toBeGreaterThanOrEqual(0.7);
    expect(row("real vs rate-shock-2022, seeds 20220110, 20220111 pooled").every(Number.isFinite)).toBe(true);
    // The volatility index's windows: 2022 is outside the real VIX's years, so only its sanity row.
    expect(row("VIX sanity: real odd vs even blocks").every(Number.isFinite)).toBe(true);
    expect(run.stdout).not.toMatch(/\| VIX: real vs rate-shock-2022/);
    expect(run.stdout).toMatch(/\| rate-shock-2022 \| -?\d\.\d\d \| -?\d\.\d\d \|/);
  }, 300_000);
});
