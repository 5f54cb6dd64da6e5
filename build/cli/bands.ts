// `npm run realism:bands` (its options: `npm run realism:bands -- --help`): each scenario's validation
// report at its own seed and the next N-1 (default 4), built in memory and thrown away, as one
// Markdown table per scenario: every statistical check (the bands of docs/realism.md, crisis depth), every
// story check, and any other check that failed at some seed, observed per seed against its band.
// A band that holds at one seed may be luck; over four it is the generator.
import { writeFileSync } from "node:fs";
import type { ValidationCheck } from "../../src/bundle/types.ts";
import { BANDS } from "./commands.ts";
import { seededRun } from "./seeded-run.ts";

const { sources, seeds, out: outFile } = await seededRun(BANDS);
// The project's modules load once the command line is read, so that --help answers at once.
const { buildScenario, toRecord } = await import("../pipeline/scenario-build.ts");

/** The statistical families, shown whether they pass or not; rules only where one failed. */
const shown = (c: ValidationCheck) =>
  c.family.startsWith("realism_") || c.family === "crisis_depth" || c.family === "story" || c.name.startsWith("story");

/** Skipped where the world is too short or lacks what it measures: its observed value is null. */
const measured = (c: ValidationCheck | undefined) => c !== undefined && c.observed !== null;

const cell = (c: ValidationCheck | undefined): string => {
  if (!c || c.observed === null) return "n/a";
  const value = typeof c.observed === "object" && c.observed !== null ? JSON.stringify(c.observed) : String(c.observed);
  return c.passed ? value : `**${value}** ✗`;
};
const band = (e: unknown): string => {
  if (e && typeof e === "object" && "min" in e && "max" in e) {
    const { min, max } = e as { min: number | null; max: number | null };
    return `${min ?? "−∞"} .. ${max ?? "∞"}`;
  }
  return JSON.stringify(e);
};

const out: string[] = [];
for (const source of sources) {
  const reports = Array.from({ length: seeds }, (_, k) => {
    const seeded = { ...source, seed: source.seed + k };
    const started = performance.now();
    const { report } = buildScenario(seeded, toRecord(seeded), () => {});
    console.error(`[bands] ${source.name} seed ${seeded.seed}: ${((performance.now() - started) / 1000).toFixed(1)}s`);
    return { seed: seeded.seed, checks: new Map(report.checks.map((c) => [c.name, c])) };
  });
  const names = [...reports[0].checks.keys()].filter((name) =>
    reports.some((r) => {
      const c = r.checks.get(name);
      return measured(c) && (shown(c!) || !c!.passed);
    }),
  );
  out.push(`### ${source.name}, seeds ${reports.map((r) => r.seed).join(", ")}`, "");
  out.push(`| check | band | ${reports.map((r) => r.seed).join(" | ")} | in band |`);
  out.push(`| --- | --- | ${reports.map(() => "---").join(" | ")} | --- |`);
  for (const name of names) {
    const row = reports.map((r) => r.checks.get(name));
    const passed = row.filter((c) => measured(c) && c!.passed).length;
    const of = row.filter(measured).length;
    out.push(`| ${name} | ${band(row[0]?.expected)} | ${row.map(cell).join(" | ")} | ${passed}/${of} |`);
  }
  out.push("");
}
const report = out.join("\n");
if (outFile) writeFileSync(outFile, report);
process.stdout.write(report);
