// The scenario validation report (its shape: docs/api-choices.md, "Response keys the contract
// leaves open"; its checks: docs/realism.md): every family's Tier 0 rules, which are errors (one
// violation makes the scenario unhealthy), and the realism statistics of build/realism/, which are
// warnings (each reports its observed value against its band). Checks are fed the companies as they
// stream past, then finished on the market-wide world.
import type { ValidationCheck, ValidationReport } from "../../src/bundle/types.ts";
import type { Checker } from "../ground/family.ts";
import { FAMILIES, type Company, type World } from "../families/registry.ts";
import { REALISM_CHECKERS } from "../families/realism.ts";
import { memoryScratch, type Scratch } from "../ground/scratch.ts";
import { contextCompany, contextWorld, cutAt, listedBy, type Families, type WholeWorld } from "./world.ts";

interface ReportFields {
  scenarioId: string;
  generatorVersion: string;
  calibrationVersion: string;
}

/** Every family's checks and every realism checker over one view of the world (the whole of it, or its context). */
function checkRun(days: string[], scratch: Scratch, families: Families) {
  const checkers = families.map((family) => family.companyChecks?.(days, scratch));
  const realism = families.map((family) =>
    REALISM_CHECKERS.filter((r) => r.after === family.name).map((r) => r.start(days, scratch)),
  );
  const all = [...checkers, ...realism.flat()].filter((c): c is Checker<World, Company> => c !== undefined);
  return {
    company: (company: Company) => {
      for (const checker of all) checker.company?.(company);
    },
    /**
     * Tier 0 rules first, from the served rows back to what they derive from (reverse causal order),
     * then the warnings in causal order: each family's, then the realism statistics of its rows.
     */
    finish: (world: World): ValidationCheck[] => {
      const byFamily = families.map((family, k) => [
        ...(checkers[k]?.finish(world) ?? []),
        ...(family.checks?.(world) ?? []),
        ...realism[k].flatMap((checker) => checker.finish(world)),
      ]);
      return [
        ...byFamily.toReversed().flatMap((checks) => checks.filter((c) => c.severity === "error")),
        ...byFamily.flatMap((checks) => checks.filter((c) => c.severity !== "error")),
      ];
    },
  };
}

const failing = (checks: ValidationCheck[]) => checks.filter((c) => !c.passed && c.severity === "error");

/**
 * A scenario's validation as its companies stream past. The report is public, so when days follow
 * the current date (a future branch) it is computed on the world as of that date; the branch counts
 * only through its Tier 0 rules, which must hold on the whole world for the scenario to be healthy.
 */
export class ScenarioValidation {
  private readonly whole: ReturnType<typeof checkRun>;
  private readonly context: { run: ReturnType<typeof checkRun>; cut: ReturnType<typeof cutAt> } | undefined;
  private readonly fields: ReportFields;
  private readonly families: Families;
  /** The branch's failed error checks (a future branch's whole world), which its public report leaves out. */
  branchFailures: ValidationCheck[] = [];

  constructor(
    fields: ReportFields,
    days: string[],
    scratch: Scratch,
    currentDate?: string,
    families: Families = FAMILIES.families,
  ) {
    this.fields = fields;
    this.families = families;
    this.whole = checkRun(days, scratch, families);
    if (currentDate !== undefined && currentDate < days[days.length - 1]) {
      const cut = cutAt(days, currentDate);
      this.context = { run: checkRun(days.slice(0, cut.days), scratch, families), cut };
    }
  }

  /** A company of the pass; the context leaves out one that lists after the current date (not public then). */
  company(world: World, company: Company): void {
    this.whole.company(company);
    if (this.context && listedBy(world, company, this.context.cut.date, this.families))
      this.context.run.company(contextCompany(company, this.context.cut, this.families));
  }

  finish(world: World): ValidationReport {
    const wholeChecks = this.whole.finish(world);
    const checks = this.context
      ? this.context.run.finish(contextWorld(world, this.context.cut, this.families))
      : wholeChecks;
    if (this.context) this.branchFailures = failing(wholeChecks);
    const branchFailed = this.branchFailures.length > 0;
    const failed = failing(checks).length;
    const warnings = checks.filter((c) => !c.passed && c.severity === "warning").length;
    return {
      scenario_id: this.fields.scenarioId,
      healthy: failed === 0 && !branchFailed,
      generator_version: this.fields.generatorVersion,
      calibration_version: this.fields.calibrationVersion,
      summary: { passed: checks.filter((c) => c.passed).length, failed, warnings },
      checks,
    };
  }
}

export interface ValidationInput extends ReportFields {
  world: WholeWorld;
  /** The scenario's current date: a future branch's report covers the days up to it (see ScenarioValidation). */
  currentDate?: string;
}

/** The report of a whole world held in memory. */
export function validateScenario(input: ValidationInput): ValidationReport {
  const { world } = input;
  const validation = new ScenarioValidation(input, world.days, memoryScratch(), input.currentDate);
  for (const company of world.perCompany) validation.company(world, company);
  return validation.finish(world);
}
