// The scenario validation report (GAPS.md structure) from every family's checks. Tier 0 rules are
// errors: one violation makes the scenario unhealthy. Statistical targets (REALISM Tiers 1, 2 and 5)
// are warnings: each reports its observed value against its band.
import type { ValidationCheck, ValidationReport } from "../src/bundle/types.ts";
import { FAMILIES } from "./families/registry.ts";
import { contextView, type World } from "./world.ts";

export interface ValidationInput {
  scenarioId: string;
  generatorVersion: string;
  calibrationVersion: string;
  world: World;
  /**
   * The scenario's current date. The report is public, so when days follow it (a future branch) it
   * is computed on the world as of that date; the branch counts only through its Tier 0 rules, which
   * must hold on the whole world for the scenario to be healthy.
   */
  currentDate?: string;
}

/**
 * Tier 0 rules first, from the served rows back to what they derive from (reverse causal order),
 * then the realism targets in causal order, which is by tier: the order published reports have.
 */
function runChecks(world: World): ValidationCheck[] {
  const byFamily = FAMILIES.families.map((family) => family.checks?.(world) ?? []);
  return [
    ...byFamily.toReversed().flatMap((checks) => checks.filter((c) => c.severity === "error")),
    ...byFamily.flatMap((checks) => checks.filter((c) => c.severity !== "error")),
  ];
}

const failing = (checks: ValidationCheck[]) => checks.filter((c) => !c.passed && c.severity === "error");

export function validateScenario(input: ValidationInput): ValidationReport {
  const { world, currentDate } = input;
  const branch = currentDate !== undefined && currentDate < world.days[world.days.length - 1];
  const checks = runChecks(branch ? contextView(world, currentDate) : world);
  const branchFailed = branch && failing(runChecks(world)).length > 0;
  const failed = failing(checks).length;
  const warnings = checks.filter((c) => !c.passed && c.severity === "warning").length;
  return {
    scenario_id: input.scenarioId,
    healthy: failed === 0 && !branchFailed,
    generator_version: input.generatorVersion,
    calibration_version: input.calibrationVersion,
    summary: { passed: checks.filter((c) => c.passed).length, failed, warnings },
    checks,
  };
}
