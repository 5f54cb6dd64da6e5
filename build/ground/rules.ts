// Tier 0 rules: exact invariants of the data. A rule holds on every row, or it is an error and the
// scenario is unhealthy.
import type { ValidationCheck } from "../../src/bundle/types.ts";

/** Violations a rule's detail names. */
const EXAMPLES = 5;

function rule(
  name: string,
  family: string,
  violations: number,
  examples: string[],
  rows: number,
  text: string,
): ValidationCheck {
  return {
    name,
    family,
    passed: violations === 0,
    severity: "error",
    observed: { violations, rows },
    expected: { violations: 0 },
    detail:
      violations === 0
        ? `${text}: holds on all ${rows} rows`
        : `${text}: violated ${violations} times, e.g. ${examples.slice(0, EXAMPLES).join(", ")}`,
  };
}

/** A rule's check from its violations (described as "TICKER date" and the like) out of `rows` rows. */
export function ruleCheck(
  name: string,
  family: string,
  violations: string[],
  rows: number,
  text: string,
): ValidationCheck {
  return rule(name, family, violations.length, violations, rows, text);
}

/**
 * A rule checked as companies stream past: counts rows and violations and keeps the first few
 * violations by `order` (a sort key, by default the description), so the detail names the same
 * ones whatever order the rows came in.
 */
export class RuleTally {
  rows = 0;
  private violations = 0;
  private readonly examples: { order: string; text: string }[] = [];
  private readonly name: string;
  private readonly family: string;
  private readonly text: string;

  constructor(name: string, family: string, text: string) {
    this.name = name;
    this.family = family;
    this.text = text;
  }

  violation(text: string, order = text): void {
    this.violations++;
    const at = this.examples.findIndex((e) => order < e.order);
    if (at === -1) this.examples.push({ order, text });
    else this.examples.splice(at, 0, { order, text });
    this.examples.length = Math.min(this.examples.length, EXAMPLES);
  }

  check(): ValidationCheck {
    const examples = this.examples.map((e) => e.text);
    return rule(this.name, this.family, this.violations, examples, this.rows, this.text);
  }
}
