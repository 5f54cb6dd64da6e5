// `npm run report [-- --out DIR] [name-or-id...]`: print the validation reports of built scenarios,
// each check's observed value against its band. Its options: `npm run report -- --help`.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Catalog, ValidationReport } from "../../src/bundle/types.ts";
import { commandLine } from "./command-line.ts";
import { REPORT } from "./commands.ts";

const { values, positionals } = commandLine(REPORT);
// The project's modules load once the command line is read, so that --help answers at once.
const { unpack } = await import("msgpackr");
const { CATALOG_KEY, validationKey } = await import("../../src/bundle/layout.ts");
const { DEFAULT_OUT_DIR } = await import("../pipeline/library.ts");

const outDir = values.out ?? DEFAULT_OUT_DIR;
const catalog = unpack(readFileSync(join(outDir, CATALOG_KEY))) as Catalog;
const show = (v: unknown) => (typeof v === "object" && v !== null ? JSON.stringify(v) : String(v));
for (const entry of catalog.scenarios) {
  const { id, name } = entry.scenario;
  if (positionals.length && !positionals.includes(id) && !positionals.includes(name)) continue;
  const report = unpack(readFileSync(join(outDir, validationKey(id)))) as ValidationReport;
  console.log(`\n${name} (${id}): ${report.healthy ? "healthy" : "UNHEALTHY"}; ${JSON.stringify(report.summary)}`);
  for (const c of report.checks) {
    const mark = c.passed ? "ok  " : c.severity === "error" ? "FAIL" : "warn";
    console.log(
      `  ${mark} ${c.family.padEnd(16)} ${c.name.padEnd(32)} ${show(c.observed).padEnd(28)} ${show(c.expected)}`,
    );
  }
}
