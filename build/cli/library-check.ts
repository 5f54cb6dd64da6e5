// `npm run library:check`: every scenario of the library, or those named, generated in memory and put
// through its error checks (build/pipeline/error-checks.ts), several at once. Exits 1 when one fails.
// Its options: `npm run library:check -- --help` (declared in build/cli/commands.ts).
import { commandLine } from "./command-line.ts";
import { LIBRARY_CHECK } from "./commands.ts";

const { values } = commandLine(LIBRARY_CHECK);
// The project's modules load once the command line is read, so that --help answers at once.
const { checkScenarios } = await import("../pipeline/error-checks.ts");
const { DEFAULT_SRC_DIR } = await import("../pipeline/library.ts");
const { loadScenarioSources } = await import("../pipeline/theme-source.ts");

const library = loadScenarioSources(values.src ?? DEFAULT_SRC_DIR).map((l) => l.source);
const unknown = (values.name ?? []).filter((name) => !library.some((s) => s.name === name));
if (unknown.length) {
  console.error(`no scenario named ${unknown.join(", ")}`);
  process.exit(2);
}
const sources = values.name ? library.filter((s) => values.name!.includes(s.name)) : library;

const started = performance.now();
let done = 0;
const checked = await checkScenarios(sources, {
  jobs: values.jobs === undefined ? undefined : Number(values.jobs),
  onChecked: ({ name, failed, seconds }) => {
    done += 1;
    const verdict = failed.length ? "fails" : "holds";
    console.log(`[${done}/${sources.length}] ${name} ${verdict} (${seconds.toFixed(1)} s)`);
    for (const f of failed) console.log(`  ${f}`);
  },
});
const failing = checked.filter((c) => c.failed.length);
const work = checked.reduce((sum, c) => sum + c.seconds, 0);
const wall = (performance.now() - started) / 1000;
console.log(
  `${checked.length - failing.length} of ${checked.length} scenarios hold every error check ` +
    `(${work.toFixed(0)} s of work in ${wall.toFixed(0)} s)` +
    (failing.length ? `; failing: ${failing.map((c) => c.name).join(", ")}` : ""),
);
if (failing.length) process.exitCode = 1;
