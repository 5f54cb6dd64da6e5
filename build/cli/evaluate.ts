// `npm run evaluate`: an agent's evaluation over a selection of the library (docs/evaluation.md): the
// runs (build/evaluate/harness.ts), then the result file and the report (summary.ts, report.ts).
// Its options: `npm run evaluate -- --help` (declared in build/cli/commands.ts).
import { mkdirSync, writeFileSync } from "node:fs";
import { basename, join, relative, resolve } from "node:path";
import { commandLine } from "./command-line.ts";
import { EVALUATE } from "./commands.ts";

const { values: args } = commandLine(EVALUATE);
const { SingleBar, Presets } = await import("cli-progress");
const { createSynthClient } = await import("../../clients/typescript/src/index.ts");
const { evaluate } = await import("../evaluate/harness.ts");
const { describeSelection, selectScenarios } = await import("../evaluate/selection.ts");
const { summarize } = await import("../evaluate/summary.ts");
const { markdownReport, resultJson } = await import("../evaluate/report.ts");
const { serviceFor } = await import("../evaluate/service.ts");
const { ROOT } = await import("../serve/worker-bundle.ts");

const positive = (text: string, what: string) => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`--${what} must be a positive whole number (got ${text})`);
    process.exit(2);
  }
  return n;
};
const command = args.agent!; // required: the command line refuses to start without it
const parallel = positive(args.parallel, "parallel");
const timeoutSeconds = positive(args.timeout, "timeout");
const label = args.label ?? basename(command.trim().split(/\s+/).at(-1) ?? "agent").replace(/\.[a-z]+$/, "");
const options = {
  names: args.name ?? [],
  themes: args.theme ?? [],
  split: args.split,
  replicas: args.replicas,
  masked: args.masked,
};
const selection = describeSelection(options);
const startedAt = new Date();
const outDir = resolve(
  args.out ?? join(ROOT, "evaluations", `${label}-${startedAt.toISOString().replace(/[:.]/g, "-")}`),
);
const logDir = join(outDir, "logs");
mkdirSync(logDir, { recursive: true });

const service = await serviceFor({
  baseUrl: args["base-url"],
  key: args.key,
  bundlesDir: resolve(args.bundles ?? join(ROOT, "bundles")),
  stateDir: resolve(args.state ?? join(ROOT, ".local")),
});
try {
  const client = { baseUrl: service.baseUrl, apiKey: service.key };
  const catalog = [];
  for await (const listing of createSynthClient(client).paginate("/scenarios", "scenarios", {}, { pageSize: 1000 }))
    catalog.push(listing);
  const plan = selectScenarios(catalog, options);
  if (plan.length === 0)
    throw new Error(`No served scenario matches ${selection}: build it first (npm run build:library -- --name ...)`);
  console.log(`Evaluating ${label} on ${selection}: ${plan.length} runs, ${parallel} at a time, on ${service.baseUrl}`);
  const bar = new SingleBar(
    { format: " {bar} {value}/{total} runs | {eta_formatted} left | {last}", hideCursor: true },
    Presets.shades_classic,
  );
  bar.start(plan.length, 0, { last: "" });
  const runs = await evaluate(plan, {
    client,
    command,
    agent: label,
    selection,
    timeoutSeconds,
    parallel,
    logDir,
    onRunEnd: (r) =>
      bar.increment({
        last: `${r.scenario.name}: ${r.error ? "failed" : (r.score?.total_return ?? 0) >= 0 ? "up" : "down"}`,
      }),
  });
  bar.stop();
  const record = {
    agent: label,
    command,
    selection,
    base_url: service.baseUrl,
    started_at: startedAt.toISOString(),
    wall_seconds: (Date.now() - startedAt.getTime()) / 1000,
    parallel,
    timeout_seconds: timeoutSeconds,
    summary: summarize(runs),
    runs,
  };
  writeFileSync(join(outDir, "results.json"), resultJson(record));
  writeFileSync(join(outDir, "report.md"), markdownReport(record));
  const s = record.summary;
  console.log(
    `${s.scored} of ${s.runs} runs scored in ${record.wall_seconds.toFixed(0)} s; ` +
      `report: ${relative(process.cwd(), join(outDir, "report.md"))}, results: ${relative(process.cwd(), join(outDir, "results.json"))}`,
  );
  const peeked = s.peeking.filter((p) => !p.identical);
  if (peeked.length)
    console.log(`Peeking check: ${peeked.length} twin pairs placed different orders before their branch.`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await service.stop();
}
