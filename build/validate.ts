// The scenario validation report (GAPS.md structure). Each check states what it observed against
// what was expected; a failed error-level check makes the scenario unhealthy.
import type { ValidationCheck, ValidationReport } from "../src/bundle/types.ts";
import { isTradingDay } from "./calendar.ts";
import type { Bar } from "./generate/prices.ts";

export interface ValidationInput {
  scenarioId: string;
  generatorVersion: string;
  calibrationVersion: string;
  prices: Map<string, Bar[]>;
}

function countViolations(prices: Map<string, Bar[]>, bad: (bar: Bar, prev: Bar | undefined) => boolean) {
  let violations = 0;
  let rows = 0;
  const examples: string[] = [];
  for (const [ticker, bars] of prices) {
    bars.forEach((bar, i) => {
      rows++;
      if (bad(bar, bars[i - 1])) {
        violations++;
        if (examples.length < 5) examples.push(`${ticker} ${bar.time}`);
      }
    });
  }
  return { violations, rows, examples };
}

function invariant(name: string, family: string, rule: string, prices: Map<string, Bar[]>, bad: (bar: Bar, prev: Bar | undefined) => boolean): ValidationCheck {
  const { violations, rows, examples } = countViolations(prices, bad);
  return {
    name,
    family,
    passed: violations === 0,
    severity: "error",
    observed: { violations, rows },
    expected: { violations: 0 },
    detail: violations === 0 ? `${rule}: holds on all ${rows} bars` : `${rule}: violated on ${violations} bars, e.g. ${examples.join(", ")}`,
  };
}

export function validateScenario(input: ValidationInput): ValidationReport {
  const { prices } = input;
  const checks: ValidationCheck[] = [
    invariant("ohlc_ordering", "prices", "low <= min(open, close) <= max(open, close) <= high", prices, (b) =>
      !(b.low <= Math.min(b.open, b.close) && Math.max(b.open, b.close) <= b.high)),
    invariant("prices_positive", "prices", "open, high, low, close > 0", prices, (b) =>
      !(b.open > 0 && b.high > 0 && b.low > 0 && b.close > 0)),
    invariant("volume_integer_nonnegative", "prices", "volume is an integer >= 0", prices, (b) =>
      !(Number.isInteger(b.volume) && b.volume >= 0)),
    invariant("bars_on_trading_days", "prices", "one bar per trading day, ascending", prices, (b, prev) =>
      !isTradingDay(b.time) || (prev !== undefined && prev.time >= b.time)),
  ];
  const failed = checks.filter((c) => !c.passed && c.severity === "error").length;
  const warnings = checks.filter((c) => !c.passed && c.severity === "warning").length;
  return {
    scenario_id: input.scenarioId,
    healthy: failed === 0,
    generator_version: input.generatorVersion,
    calibration_version: input.calibrationVersion,
    summary: { passed: checks.filter((c) => c.passed).length, failed, warnings },
    checks,
  };
}
