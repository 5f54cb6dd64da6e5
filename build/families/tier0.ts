// Tier 0 rules: exact invariants of the data. A rule holds on every row, or it is an error and the
// scenario is unhealthy.
import type { ValidationCheck } from "../../src/bundle/types.ts";

/** A rule's check from its violations (described as "TICKER date" and the like) out of `rows` rows. */
export function ruleCheck(
  name: string,
  family: string,
  violations: string[],
  rows: number,
  rule: string,
): ValidationCheck {
  return {
    name,
    family,
    passed: violations.length === 0,
    severity: "error",
    observed: { violations: violations.length, rows },
    expected: { violations: 0 },
    detail:
      violations.length === 0
        ? `${rule}: holds on all ${rows} rows`
        : `${rule}: violated ${violations.length} times, e.g. ${violations.slice(0, 5).join(", ")}`,
  };
}
