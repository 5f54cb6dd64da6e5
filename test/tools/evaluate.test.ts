// `npm run evaluate` run as a user runs it (docs/evaluation.md): the three example agents through the
// harness on a small selection with a masked twin, against the shared runtime; the result file agrees
// with the service's runs and its own arithmetic; rules that read only numbers have no memorization
// gap; a process out of time is ended and its run completed; on counterfactual twins, an agent that
// reads the world only is found identical before the branch, and one that reads the scenario's id is
// flagged.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEFAULT_NAMES, maskedTwinId } from "../support/bundles.ts";
import { SMALL_TWINS_LIBRARY } from "../support/fixtures.ts";
import { fixtureLibrary } from "../support/libraries.ts";
import { startTestRuntime, type TestRuntime } from "../support/runtime.ts";
import { KEYS } from "../e2e/keys.ts";

const run = promisify(execFile);
const ROOT = new URL("../..", import.meta.url).pathname;
const KEY = KEYS.evaluate.key;
const NODE = process.execPath;
type Json = Record<string, any>;

/** The harness's command line against `base`; its result file and report. */
async function evaluate(base: string, agent: string, args: string[]) {
  const out = mkdtempSync(join(tmpdir(), "evaluate-"));
  const { stdout } = await run(
    NODE,
    ["build/cli/evaluate.ts", "--agent", agent, "--base-url", base, "--key", KEY, "--out", out, ...args],
    { cwd: ROOT, env: { ...process.env, PORT: "1" } },
  );
  return {
    stdout,
    results: JSON.parse(readFileSync(join(out, "results.json"), "utf8")) as Json,
    report: readFileSync(join(out, "report.md"), "utf8"),
    log: (name: string) => readFileSync(join(out, "logs", `${name}.log`), "utf8"),
  };
}

const agentCommand = (file: string) => `"${NODE}" ${join(ROOT, file)}`;
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const get = async (base: string, path: string) => {
  const res = await fetch(base + path, { headers: { "X-API-KEY": KEY } });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Json;
};

describe("npm run evaluate", () => {
  const base = inject("base");
  const selection = ["--name", DEFAULT_NAMES.MEGACAP, "--name", DEFAULT_NAMES.BRANCH, "--masked"];

  for (const agent of ["buy-and-hold", "momentum", "fundamentals"])
    it(`scores ${agent} on each scenario and its masked twin, as the service scored its runs`, async () => {
      const { results, report } = await evaluate(base, agentCommand(`examples/agents/${agent}.ts`), selection);
      const runs = results.runs as Json[];
      expect(runs.map((r) => r.scenario.name)).toEqual([
        DEFAULT_NAMES.BRANCH,
        expect.stringMatching(/^masked-/),
        DEFAULT_NAMES.MEGACAP,
      ]);
      expect(runs[1].scenario).toMatchObject({
        masks: DEFAULT_NAMES.BRANCH,
        id: maskedTwinId(inject("bundlesDir"), DEFAULT_NAMES.BRANCH),
      });
      for (const r of runs) {
        expect(r.agent_exit).toMatchObject({ exit_code: 0, timed_out: false });
        expect(r.error).toBeNull();
        // Over the baselines' window, scored as the service scored the run.
        const [baseline] = (await get(base, `/scenarios/${r.scenario.id}`)).scenario.baselines;
        expect([r.start_date, r.end_date]).toEqual([baseline.start_date, baseline.end_date]);
        const served = (await get(base, `/runs/${r.run_id}`)).run;
        expect(served).toMatchObject({ status: "finished", agent, start_date: r.start_date, end_date: r.end_date });
        expect(served.score).toEqual(r.score);
      }
      // The summary's arithmetic: means over the scenarios proper, excess as paired differences.
      const plain = runs.filter((r) => !r.scenario.masks);
      const s = results.summary;
      expect(s.overall.total_return.mean).toBeCloseTo(mean(plain.map((r) => r.score.total_return)), 12);
      expect(s.excess.benchmark.sharpe_ratio.mean).toBeCloseTo(
        mean(plain.map((r) => r.score.sharpe_ratio - r.baselines.benchmark.sharpe_ratio)),
        12,
      );
      expect(s.themes.map((t: Json) => t.theme).sort()).toEqual(plain.map((r) => r.scenario.theme).sort());
      // A rule that reads numbers only trades the masked world as the original: no memorization gap.
      expect(s.memorization_gap.pairs).toBe(1);
      for (const gap of Object.values(s.memorization_gap.gap) as Json[])
        expect(gap).toMatchObject({ mean: 0, low: 0, high: 0 });
      expect(report).toContain(`# Evaluation of ${agent}`);
      expect(report).toContain("## The memorization gap");
      for (const r of runs) expect(report).toContain(`| ${r.scenario.name}`);
      // The leaderboard holds the evaluation: the scenarios, and the masked twins apart.
      const board = (await get(base, `/leaderboard?agent=${agent}`)).leaderboard as Json[];
      expect(new Map(board.map((e) => [e.selection, e.runs]))).toEqual(
        new Map([
          [results.selection, 2],
          [`${results.selection} masked-twins`, 1],
        ]),
      );
    });

  it("drives the LLM agent skeleton over MCP to the run's end with its deterministic stand-in model", async () => {
    const { results, log } = await evaluate(base, agentCommand("examples/agents/llm-agent.ts"), selection);
    const runs = results.runs as Json[];
    for (const r of runs) {
      expect(r.agent_exit).toMatchObject({ exit_code: 0, timed_out: false });
      // The agent itself advanced its run to the end, through the MCP tools.
      expect(r.completed_by_harness).toBe(false);
      expect(r.score.average_exposure).toBeGreaterThan(0);
    }
    const lines = log(DEFAULT_NAMES.MEGACAP).trim().split("\n");
    expect(JSON.parse(lines.pop()!)).toMatchObject({ run: runs[2].run_id });
    const calls = lines.map((line) => line.split(" ")[0]);
    expect(new Set(calls)).toEqual(new Set(["get_portfolio", "get_stock_prices", "place_orders", "advance_day"]));
    const orders = (await get(base, `/runs/${runs[2].run_id}/orders`)).orders as Json[];
    expect(orders.length).toBe(calls.filter((c) => c === "place_orders").length);
    expect(results.summary.memorization_gap.gap.total_return).toMatchObject({ mean: 0 });
  });

  it("ends an agent out of time, and advances its run to the end, positions held", async () => {
    const { results } = await evaluate(base, "sleep 60", [
      "--name",
      DEFAULT_NAMES.MEGACAP,
      "--timeout",
      "1",
      "--label",
      "sleeper",
    ]);
    const [r] = results.runs as Json[];
    expect(r.agent_exit).toMatchObject({ timed_out: true, signal: "SIGTERM" });
    expect(r.completed_by_harness).toBe(true);
    expect(r.score.total_return).toBe(0); // it never traded: cash
    expect(results.summary).toMatchObject({ timed_out: 1, completed_by_harness: 1 });
  });
});

describe("the peeking check on counterfactual twins", () => {
  let twins: TestRuntime;
  beforeAll(async () => {
    twins = await startTestRuntime({ bundlesDir: await fixtureLibrary(SMALL_TWINS_LIBRARY) });
    await twins.addKey(KEY, 1_000_000, "acct-evaluate");
  }, 600_000);
  afterAll(() => twins?.stop());
  const pair = ["--name", "september-2001", "--name", "september-2001-no-attack"];

  it("finds an agent that reads the world alone identical before the branch", async () => {
    const { results, report } = await evaluate(twins.base, agentCommand("examples/agents/momentum.ts"), pair);
    expect(results.summary.peeking).toEqual([
      expect.objectContaining({
        scenario: "september-2001",
        twin: "september-2001-no-attack",
        branch_date: "2001-09-17",
        identical: true,
      }),
    ]);
    expect(results.summary.peeking[0].orders_before_branch).toBeGreaterThan(0);
    expect(report).toMatch(/\| september-2001 \| september-2001-no-attack \| 2001-09-17 \| \d+ \| yes \|/);
  });

  it("flags an agent whose orders before the branch depend on which scenario it is in", async () => {
    const { results, stdout } = await evaluate(twins.base, agentCommand("test/support/agents/name-aware.ts"), pair);
    const [check] = results.summary.peeking;
    expect(check).toMatchObject({ identical: false, orders_before_branch: 2 });
    expect(check.first_difference).toMatch(/^2001-06-01 \S+ buy \d+ market$/);
    expect(stdout).toContain("Peeking check: 1 twin pairs placed different orders before their branch.");
  });
});
