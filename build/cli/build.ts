// `npm run build:library`: build every scenario of the library (build/pipeline/library.ts), several
// at once, then the bulk exports of those without one (build/exports); `npm run build:scenarios`
// builds the default subset only. Fails when a scenario fails its validation, naming the checks.
// Its options: `npm run build:library -- --help` (declared in build/cli/commands.ts).
import { commandLine } from "./command-line.ts";
import { BUILD } from "./commands.ts";

const { values } = commandLine(BUILD);
// The project's modules load once the command line is read, so that --help answers at once.
const { buildExports } = await import("../exports/build-exports.ts");
const { buildLibrary, DEFAULT_OUT_DIR } = await import("../pipeline/library.ts");

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
    const failed = report.checks
      .filter((c) => !c.passed && c.severity === "error")
      .map((c) => `${c.name} (${c.detail})`);
    const hidden = (result.branchFailures.get(name) ?? []).map((f) => `in its branch, ${f}`);
    console.error(`[build] ${name} failed validation: ${[...failed, ...hidden].join("; ")}`);
    process.exitCode = 1;
  }
}

if (values.exports && !process.exitCode) {
  const exporting = performance.now();
  // The names built, with the masked twins made of them.
  const names = values.name && [...result.ids.keys()];
  const written = await buildExports(values.out ?? DEFAULT_OUT_DIR, { names, log: (line) => console.error(line) });
  const bytes = written.flatMap((m) => m.files).reduce((n, f) => n + f.bytes, 0);
  console.error(
    `[exports] ${written.length} scenarios exported (${(bytes / 1e6).toFixed(1)} MB) in ${((performance.now() - exporting) / 1000).toFixed(1)}s`,
  );
}
