// `npm run report [-- --out DIR] [name-or-id...]`: print the validation reports of built scenarios,
// each check's observed value against its band.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { unpack } from "msgpackr";
import { CATALOG_KEY, validationKey } from "../../src/bundle/layout.ts";
import type { Catalog, ValidationReport } from "../../src/bundle/types.ts";
import { DEFAULT_OUT_DIR } from "../pipeline/library.ts";

const { values, positionals } = parseArgs({ allowPositionals: true, options: { out: { type: "string" } } });
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
