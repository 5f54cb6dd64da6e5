// `npm run bench`: build the scenario library plus two ten-year bench scenarios into a temp dir, time
// the build, then load the local serving path (worker in workerd via miniflare) with autocannon.
//
// Side by side: every case is run in a pair with a bare hello-world worker on the same runtime (its
// own miniflare), the two in alternating order, for several rounds. A case's figure is the median
// over rounds of its ratio to the hello-world run it was paired with, so machine noise, which moves
// both alike, cancels; its ratio to the service's /health (itself a case) goes through the same
// anchor. Those cases go through miniflare's entry socket, as every earlier run did; the front
// door's cases go through the worker's own port (npm start's), each paired instead with the same
// load on the entry socket of the same workerd. workerd's CPU time is sampled around each run.
// Numbers are reported, not asserted (the issues' targets are printed as pass/fail); the run fails
// only when a case answers with wrong statuses, so a broken server cannot produce a pretty table.
//
// It takes no arguments; the environment sets it (BENCH_QUICK=1, BENCH_ONLY=a,b,c+, ...): `npm run bench
// -- --help` lists the variables (declared in build/cli/commands.ts).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { commandLine } from "../../build/cli/command-line.ts";
import { BENCH } from "../../build/cli/commands.ts";
import type { ServedWorker } from "../../build/serve/serve-worker.ts";
import type { Case, Runtime, Sample } from "./load.ts";
import type { CaseRounds, FrontDoorTarget, Target } from "./report.ts";

commandLine(BENCH);
// The bench's modules load once the command line is read, so that --help answers at once.
const { registerKey, startLocalRuntime } = await import("../../build/serve/local-runtime.ts");
const { buildCases, helloCase, KEY, LIMITED_KEY, LIMITED_PER_MINUTE } = await import("./cases.ts");
const { startHello } = await import("./hello.ts");
const { closeLoops, combine, measure, warm } = await import("./load.ts");
const { closeProbes } = await import("./probe.ts");
const { figures, frontDoorTable, frontDoorTargets, helloFigures, table, targets } = await import("./report.ts");
const { buildBenchScenarios } = await import("./scenarios.ts");

const env = process.env;
const QUICK = env.BENCH_QUICK === "1";
const ROUNDS = Number(env.BENCH_ROUNDS ?? (QUICK ? 2 : 5));
const SECONDS = Number(env.BENCH_SECONDS ?? (QUICK ? 1 : 2));
const SLICES = Math.max(1, Math.round(Number(env.BENCH_SLICES ?? (QUICK ? 2 : 4))));
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 16);
const WARMUP = Number(env.BENCH_WARMUP ?? (QUICK ? 100 : 300));
const ETAGS = Number(env.BENCH_ETAGS ?? (QUICK ? 1500 : 3000));
const ONLY = env.BENCH_ONLY ? new Set(env.BENCH_ONLY.split(",").map((s) => s.trim())) : null;
const KEEP = env.BENCH_BUNDLES;
const JSON_OUT = env.BENCH_JSON;
const STATE_DIR = env.BENCH_STATE_DIR;

const TARGETS: Target[] = [
  { label: "(b)  warm /prices one ticker-year", caseId: "b", min: 0.6 },
  { label: "(c)  ten years of one ticker, uncached", caseId: "c", min: 0.25 },
  { label: "(c+) ten years with components, uncached", caseId: "c+", maxCpuMs: 10 },
  { label: "(f)  market snapshot over 500 companies, uncached", caseId: "f", min: 0.3 },
  { label: "(y)  one ticker-day of minute bars, uncached, CPU", caseId: "y", maxCpuMs: 1 },
  { label: "(j') screener over 500 companies, uncached", caseId: "j'", min: 0.15 },
  { label: "(n') one company's news as of a date, uncached", caseId: "n'", min: 0.25 },
  { label: "(o') a news article's text, uncached", caseId: "o'", min: 0.25 },
  { label: "(o'') an earnings call's turns, uncached", caseId: "o''", min: 0.25 },
  { label: "(p') one company's filing sections of a fiscal year, uncached", caseId: "p'", min: 0.25 },
  { label: "(q') one company's analyst notes as of a date, uncached", caseId: "q'", min: 0.25 },
  { label: "(u)  a run's trading day (5 orders, then an advance; 50 positions), per request", caseId: "u", min: 0.25 },
  { label: "(v)  a read through a run key", caseId: "v", min: 0.25 },
];
const FRONT_DOOR_TARGETS: FrontDoorTarget[] = [
  { label: "(l) warm /prices at 16 connections, throughput x the entry socket", caseId: "l", minThroughput: 0.9 },
  { label: "(m) agent loop on one connection, median latency x the entry socket", caseId: "m", maxLatency: 1.15 },
];

const log = (s: string) => process.stderr.write(`[bench] ${s}\n`);

const srcDir = mkdtempSync(join(tmpdir(), "bench-src-"));
const outDir = KEEP ?? mkdtempSync(join(tmpdir(), "bench-bundles-"));
const runtimes: ServedWorker[] = [];
let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  closeProbes();
  closeLoops();
  for (const runtime of runtimes) await runtime.stop().catch(() => {});
  rmSync(srcDir, { recursive: true, force: true });
  if (!KEEP) rmSync(outDir, { recursive: true, force: true });
}
process.once("SIGINT", () => {
  log("interrupted, stopping the runtimes");
  void stop().finally(() => process.exit(130));
});

try {
  // 1. Build: the library scenarios plus the two ten-year ones.
  log(`building scenarios into ${outDir} (the 500-company one takes about a minute)`);
  const built = await buildBenchScenarios(srcDir, outDir);
  const buildLine =
    `build: ${built.scenarios} scenarios (${built.built} built), ${built.bars} bars, ${built.seconds.toFixed(1)} s, ` +
    (built.built === built.scenarios
      ? `${Math.round(built.bars / built.seconds)} bars/s`
      : "some unchanged and skipped: no build throughput");
  log(buildLine);

  // 2. Serve: the service (one key that never limits, one that limits almost everything) and the anchor.
  const svc = await startLocalRuntime({ bundlesDir: outDir, port: 0, persistDir: STATE_DIR });
  runtimes.push(svc);
  const hel = await startHello();
  runtimes.push(hel);
  // The table's cases go through miniflare's entry sockets, as every earlier run did (the targets are
  // ratios on that path); the front door's cases go through npm start's port as well.
  const base = (url: URL) => url.href.replace(/\/$/, "");
  const service: Runtime = { name: "service", base: base(svc.entryUrl), pid: svc.pid };
  const port: Runtime = { name: "port", base: base(svc.url), pid: svc.pid };
  const hello: Runtime = { name: "hello", base: base(hel.entryUrl), pid: hel.pid };
  log(
    `service ${service.base} (npm start's kind of port ${port.base}, workerd ${service.pid ?? "?"}), ` +
      `hello-world ${hello.base} (workerd ${hello.pid ?? "?"})`,
  );
  const created = new Date().toISOString();
  await registerKey(svc.mf, KEY, {
    account_id: "acct-bench",
    rate_limit_per_minute: 10_000_000,
    label: "bench",
    created,
  });
  await registerKey(svc.mf, LIMITED_KEY, {
    account_id: "acct-bench-10",
    rate_limit_per_minute: LIMITED_PER_MINUTE,
    label: "bench",
    created,
  });

  // 3. Cases, each warmed first (shards loaded, warm bodies cached: the steady state).
  log(`probing, and fetching ${ETAGS} ETags for the 304 case`);
  const cases = (await buildCases({ service, port, etagCount: ETAGS })).filter((c) => !ONLY || ONLY.has(c.id));
  const anchor = helloCase(hello);
  await warm(anchor, CONNECTIONS, WARMUP);
  for (const c of cases) {
    log(`warming ${c.name}`);
    await warm(c, CONNECTIONS, WARMUP);
    if (c.anchor) await warm(c.anchor, CONNECTIONS, WARMUP);
  }

  // 4. Rounds: each case next to a hello-world run (or its own anchor), the pair cut into SLICES
  // alternating slices (so noise slower than a slice moves both alike), which one goes first
  // alternating by round.
  const rounds = new Map<string, CaseRounds>(cases.map((c) => [c.id, { id: c.id, name: c.name, rounds: [] }]));
  const started = performance.now();
  const slice = SECONDS / SLICES;
  for (let round = 0; round < ROUNDS; round++) {
    for (const c of cases) {
      const partner = c.anchor ?? anchor;
      const mine: Sample[] = [];
      const anchors: Sample[] = [];
      for (let i = 0; i < 2 * SLICES; i++) {
        if ((i + round) % 2 === 0) anchors.push(await measure(partner, CONNECTIONS, slice));
        else mine.push(await measure(c, CONNECTIONS, slice));
      }
      rounds.get(c.id)!.rounds.push({ sample: combine(mine, c.name), anchor: combine(anchors, partner.name) });
    }
    log(`round ${round + 1}/${ROUNDS} done (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }

  // 5. Report.
  const anchored = new Set(cases.filter((c) => c.anchor).map((c) => c.id));
  const all = [...rounds.values()].filter((c) => !anchored.has(c.id));
  const doors = [...rounds.values()].filter((c) => anchored.has(c.id));
  const health = rounds.get("a");
  const rows = [helloFigures(all), ...all.map((c) => figures(c, health))];
  console.log(buildLine);
  console.log(
    `load: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s per case, each paired with as much of ` +
      `the hello-world worker, the two alternating every ${slice.toFixed(2)} s; ${WARMUP} warm-up requests per case` +
      (QUICK ? " (quick mode)" : ""),
  );
  console.log(
    `figures: medians over rounds; x hello = case / its paired hello-world run, per round; x /health = ` +
      `that over (a)'s median x hello; range = min-max over rounds; CPU = workerd utime+stime / responses\n`,
  );
  console.log(table(rows));
  if (doors.length)
    console.log(
      "\nthe front door: npm start's port (workerd's own socket, straight to the worker) against the same load on " +
        `miniflare's entry socket of the same workerd, alternating; latencies of (m) timed per request\n\n${frontDoorTable(doors)}`,
    );
  const notes = cases.flatMap((c: Case) =>
    (c.notes ?? []).map((n) => `  ${/^\([^)]*\)/.exec(c.name)?.[0] ?? c.id} ${n}`),
  );
  if (notes.length) console.log(`\nnotes:\n${notes.join("\n")}`);
  if (JSON_OUT) writeFileSync(JSON_OUT, JSON.stringify({ build: built, rounds: [...rounds.values()], rows }, null, 1));
  console.log(
    `\nthe issues' targets (median over rounds, range in parentheses):\n${targets(TARGETS, rows)}\n` +
      frontDoorTargets(FRONT_DOOR_TARGETS, doors),
  );
} catch (err) {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exitCode = 1;
} finally {
  await stop();
}
