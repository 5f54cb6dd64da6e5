// `npm run build:library [-- --prune --force --name NAME ... --src DIR --out DIR --jobs N]`: build every
// scenario of the library (build/pipeline/library.ts), several at once; `npm run build:scenarios`
// builds the default subset only. Fails when a scenario fails its validation, naming the checks.
import { parseArgs } from "node:util";
import { buildLibrary } from "../pipeline/library.ts";

const { values } = parseArgs({
  options: {
    all: { type: "boolean", default: false },
    name: { type: "string", multiple: true },
    force: { type: "boolean", default: false },
    prune: { type: "boolean", default: false },
    out: { type: "string" },
    src: { type: "string" },
    jobs: { type: "string" },
  },
});
const started = performance.now();
const jobs = values.jobs === undefined ? undefined : Number(values.jobs);
const result = await buildLibrary({
  all: values.all,
  names: values.name,
  force: values.force,
  prune: values.prune,
  outDir: values.out,
  srcDir: values.src,
  jobs,
});
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.error(`[build] ${result.built.length} built, ${result.skipped.length} unchanged, in ${seconds}s`);
for (const [name, report] of result.reports) {
  if (!report.healthy) {
    const failed = report.checks.filter((c) => !c.passed && c.severity === "error").map((c) => `${c.name} (${c.detail})`);
    const hidden = (result.branchFailures.get(name) ?? []).map((f) => `in its branch, ${f}`);
    console.error(`[build] ${name} failed validation: ${[...failed, ...hidden].join("; ")}`);
    process.exitCode = 1;
  }
}
