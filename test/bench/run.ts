// `npm run bench`: build the scenario library plus a 10-year bench scenario into a temp dir, time the
// build, then load the local serving path (worker in workerd via miniflare) with autocannon.
// Numbers are reported, not asserted; the run fails only when a case answers with wrong statuses,
// so a broken server cannot produce a pretty table.
import autocannon from "autocannon";
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { unpack } from "msgpackr";
import type { Miniflare } from "miniflare";
import { buildScenarios, DEFAULT_SRC_DIR } from "../../build/build-scenarios.ts";
import { registerKey, startLocalRuntime } from "../../build/local-runtime.ts";
import { manifestKey } from "../../src/bundle/layout.ts";
import type { Manifest } from "../../src/bundle/types.ts";

const MEGACAP = "7d3f1c2a-5b8e-4c61-9a0f-2e4b6d8c1a37";
const HISTORY = "8e741814-0dd8-4a47-b449-202dd4b6c16a";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const WARMUP_REQUESTS = 300;
const KEY = "sm_bench_unlimited_key_0123456789";
const LIMITED_KEY = "sm_bench_limit_10_key_0123456789";

// Same shape as scenarios-src/megacap-tech-2023.yaml; a count without tickers lets the generator pick 100.
const HISTORY_YAML = `# Bench only: ten years of 100 tickers, to measure long histories.
id: ${HISTORY}
name: bench-history
scenario_type: sector_focus
seed: 20140102
status: ready
start_date: "2014-01-02"
end_date: "2023-12-29"
current_date: "2023-12-29"
calibration_version: cal-2026.11
dataset_split: train
public_summary:
  scenario_theme: A decade of broad-market history
  path_mode: historical_context
  macro_regime: expansion
  scenario_title: Ten years across a mixed universe
  market_description: >-
    A long expansion with ordinary corrections, used to measure generation and serving of long
    price histories.
  agent_task: >-
    Allocate across the universe using only data visible as of each decision date.
  market_mechanics:
    - factor model with market, sector and stock-specific returns
    - volatility clustering with leverage
universe:
  count: 100
theme:
  sector_tilts: {}
regime:
  initial: expansion
  market_vol_annual: 0.16
`;

interface Case {
  name: string;
  path: string;
  key?: string;
  /**
   * Add a distinct, ignored parameter to every request, so the isolate's response cache never
   * answers and each request slices and serializes its shard.
   */
  uncached?: boolean;
  /** Statuses allowed, and the one that must make up at least `share` of the answers. */
  allowed: number[];
  main: number;
  share: number;
}

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
}

let nonce = 0;

function runCannon(url: string, c: Case, opts: { amount?: number; duration?: number }) {
  const path = new URL(url).pathname + new URL(url).search;
  return autocannon({
    url,
    connections: CONNECTIONS,
    headers: c.key ? { "X-API-KEY": c.key } : {},
    ...(c.uncached
      ? {
          requests: [
            { setupRequest: (req: autocannon.Request) => ({ ...req, path: `${path}&bench_nonce=${nonce++}` }) },
          ],
        }
      : {}),
    ...opts,
  });
}

/** Throws unless every answer had an allowed status and the expected one dominates. */
function check(c: Case, r: autocannon.Result): void {
  const counts: Record<string, number> = {};
  for (const [status, s] of Object.entries(r.statusCodeStats ?? {})) counts[status] = s.count ?? 0;
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const unexpected = Object.keys(counts).filter((s) => !c.allowed.includes(Number(s)));
  const mainShare = total ? (counts[String(c.main)] ?? 0) / total : 0;
  if (r.errors || r.timeouts || total === 0 || unexpected.length || mainShare < c.share) {
    throw new Error(
      `case ${c.name}: statuses ${JSON.stringify(counts)}, errors ${r.errors}, timeouts ${r.timeouts} ` +
        `(expected only ${c.allowed.join("/")}, at least ${c.share * 100}% ${c.main})`,
    );
  }
}

const srcDir = mkdtempSync(join(tmpdir(), "bench-src-"));
const outDir = mkdtempSync(join(tmpdir(), "bench-bundles-"));
let mf: Miniflare | undefined;
try {
  // 1. Build: the two library scenarios plus the 10-year one.
  for (const f of readdirSync(DEFAULT_SRC_DIR).filter((f) => f.endsWith(".yaml"))) {
    copyFileSync(join(DEFAULT_SRC_DIR, f), join(srcDir, f));
  }
  writeFileSync(join(srcDir, "bench-history.yaml"), HISTORY_YAML);
  const started = performance.now();
  const built = buildScenarios({ srcDir, outDir, quiet: true });
  const buildSeconds = (performance.now() - started) / 1000;
  const manifests = readdirSync(join(outDir, "scenarios")).map(
    (id) => unpack(readFileSync(join(outDir, manifestKey(id)))) as Manifest,
  );
  const bars = manifests.reduce((sum, m) => sum + m.tickers.prices.length * m.day_count, 0);
  const history = manifests.find((m) => m.scenario.id === HISTORY);
  if (!history) throw new Error("bench-history scenario was not built");
  const historyTicker = history.tickers.prices[0];

  // 2. Serve, with one key that never limits and one that limits almost everything.
  const runtime = await startLocalRuntime({ bundlesDir: outDir, port: 0 });
  mf = runtime.mf;
  const base = runtime.url.href.replace(/\/$/, "");
  const created = new Date().toISOString();
  await registerKey(mf, KEY, { account_id: "acct-bench", rate_limit_per_minute: 10_000_000, label: "bench", created });
  await registerKey(mf, LIMITED_KEY, {
    account_id: "acct-bench-10",
    rate_limit_per_minute: 10,
    label: "bench",
    created,
  });

  // 3. Cases, each warmed first so shards are cached and the measurement is the steady state.
  const ok = { allowed: [200], main: 200, share: 1 };
  const cases: Case[] = [
    { name: "(a) /health", path: "/health", ...ok },
    { name: "(b) /prices 1y", path: `/prices?scenario_id=${MEGACAP}&ticker=AAPL`, key: KEY, ...ok },
    {
      name: "(b') /prices 1y, uncached",
      path: `/prices?scenario_id=${MEGACAP}&ticker=AAPL`,
      key: KEY,
      uncached: true,
      ...ok,
    },
    {
      name: `(b'') /prices 1y of 10y, uncached`,
      path: `/prices?scenario_id=${HISTORY}&ticker=${encodeURIComponent(historyTicker)}&start_date=2019-01-01&end_date=2019-12-31`,
      key: KEY,
      uncached: true,
      ...ok,
    },
    {
      name: `(c) /prices 10y ${historyTicker}`,
      path: `/prices?scenario_id=${HISTORY}&ticker=${encodeURIComponent(historyTicker)}`,
      key: KEY,
      ...ok,
    },
    {
      name: `(c') /prices 10y, uncached`,
      path: `/prices?scenario_id=${HISTORY}&ticker=${encodeURIComponent(historyTicker)}`,
      key: KEY,
      uncached: true,
      ...ok,
    },
    { name: "(d) /company/facts", path: `/company/facts?scenario_id=${MEGACAP}&ticker=AAPL`, key: KEY, ...ok },
    // The limit-10 key: at most 10 of these can be 200 within the minute (warm-up spends them).
    {
      name: "(e) /prices 429",
      path: `/prices?scenario_id=${MEGACAP}&ticker=AAPL`,
      key: LIMITED_KEY,
      allowed: [200, 429],
      main: 429,
      share: 0.95,
    },
  ];
  const rows: Row[] = [];
  for (const c of cases) {
    check(c, await runCannon(base + c.path, c, { amount: WARMUP_REQUESTS }));
    const r = await runCannon(base + c.path, c, { duration: SECONDS });
    check(c, r);
    rows.push({ name: c.name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 });
  }

  // 4. Report.
  console.log(
    `build: ${manifests.length} scenarios (${built.built.length} built), ${bars} bars, ` +
      `${buildSeconds.toFixed(1)} s, ${Math.round(bars / buildSeconds)} bars/s`,
  );
  console.log(`load: ${CONNECTIONS} connections, ${SECONDS} s per case, after ${WARMUP_REQUESTS} warm-up requests\n`);
  const baseline = rows[0].rps;
  const width = Math.max(...rows.map((r) => r.name.length));
  console.log(
    `${"case".padEnd(width)}  ${"req/s".padStart(9)}  ${"p50 ms".padStart(7)}  ${"p99 ms".padStart(7)}  ${"vs (a)".padStart(6)}`,
  );
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(width)}  ${r.rps.toFixed(0).padStart(9)}  ${String(r.p50).padStart(7)}  ` +
        `${String(r.p99).padStart(7)}  ${(r.rps / baseline).toFixed(2).padStart(6)}`,
    );
  }
  console.log(`\n(b)/(a) = ${(rows[1].rps / baseline).toFixed(2)} (target >= 0.4)`);
} catch (err) {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exitCode = 1;
} finally {
  await mf?.dispose();
  rmSync(srcDir, { recursive: true, force: true });
  rmSync(outDir, { recursive: true, force: true });
}
