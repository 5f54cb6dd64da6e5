// `npm run build:scenarios [-- --force --src DIR --out DIR --jobs N]`: build the library
// (build/pipeline/library.ts); fails when a scenario fails its validation.
import { parseArgs } from "node:util";
import { buildLibrary } from "../pipeline/library.ts";

const { values } = parseArgs({
  options: {
    force: { type: "boolean", default: false },
    out: { type: "string" },
    src: { type: "string" },
    jobs: { type: "string" },
  },
});
const started = performance.now();
const jobs = values.jobs === undefined ? undefined : Number(values.jobs);
const result = await buildLibrary({ force: values.force, outDir: values.out, srcDir: values.src, jobs });
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.error(`[build] ${result.built.length} built, ${result.skipped.length} unchanged, in ${seconds}s`);
for (const [id, report] of result.reports) {
  if (!report.healthy) {
    console.error(`[build] scenario ${id} failed validation`);
    process.exitCode = 1;
  }
}
