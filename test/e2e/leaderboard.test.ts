// The leaderboard (GET /leaderboard, docs/evaluation.md): an account's finished runs grouped by agent
// and selection, each score's mean with its bootstrap interval beside the baselines' means over the
// same scenarios; only the account's own runs; refused to clock and run keys; a running run is not on it.
import { describe, expect, it } from "vitest";
import { BRANCH, get, json, MEGACAP, ok, post, RATE_SHOCK } from "./client.ts";
import { CLOCK_KEYS, KEYS } from "./keys.ts";

const OWNER = KEYS.runs.key;
const OTHER = KEYS.runsOther.key;
type Json = Record<string, any>;

/** A run bought into the fund and held through two months, finished: its book once scored. */
async function finishedRun(scenario: string, agent: string, selection: string, start: string, end: string) {
  const { run, run_key } = await ok(
    post("/runs", { scenario_id: scenario, agent, selection, start_date: start, end_date: end }, { key: OWNER }),
  );
  await ok(
    post(`/runs/${run.run_id}/orders`, { ticker: run.benchmark, side: "buy", notional: 500_000 }, { key: run_key }),
  );
  const step = await ok(post(`/runs/${run.run_id}/advance`, { to: end }, { key: run_key }));
  return { run: step.run as Json, key: run_key as string };
}

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

describe("the leaderboard", () => {
  it("groups finished runs by agent and selection: each score's mean and interval beside the baselines'", async () => {
    const runs = [
      await finishedRun(MEGACAP, "board-fund", "board-test", "2023-03-01", "2023-04-28"),
      await finishedRun(RATE_SHOCK, "board-fund", "board-test", "2022-03-01", "2022-04-29"),
    ];
    // Another selection of the same agent, and a run still running: neither is in the group.
    await finishedRun(MEGACAP, "board-fund", "board-other", "2023-03-01", "2023-03-31");
    await ok(
      post(
        "/runs",
        { scenario_id: MEGACAP, agent: "board-fund", selection: "board-test", start_date: "2023-03-01" },
        { key: OWNER },
      ),
    );

    const { leaderboard } = await ok(get("/leaderboard?agent=board-fund", OWNER));
    expect(leaderboard.map((e: Json) => e.selection).sort()).toEqual(["board-other", "board-test"]);
    const entry = leaderboard.find((e: Json) => e.selection === "board-test");
    expect(entry).toMatchObject({ agent: "board-fund", runs: 2, scenarios: 2 });
    for (const name of ["total_return", "sharpe_ratio", "max_drawdown"]) {
      const found = entry.scores.find((s: Json) => s.score === name);
      expect(found.mean).toBeCloseTo(mean(runs.map((r) => r.run.score[name])), 12);
      expect(found.n).toBe(2);
      expect(found.low).toBeLessThanOrEqual(found.mean);
      expect(found.high).toBeGreaterThanOrEqual(found.mean);
      // Two values: every resample's mean lies between them.
      expect(found.low).toBeGreaterThanOrEqual(Math.min(...runs.map((r) => r.run.score[name])) - 1e-12);
    }
    // The baselines' means over the same two scenarios, from the catalog.
    const catalog = (await ok(get("/scenarios?limit=1000", OWNER))).scenarios as Json[];
    const benchmarkOf = (id: string) =>
      catalog.find((s) => s.id === id)!.baselines.find((b: Json) => b.name === "benchmark").score.sharpe_ratio;
    const benchmark = entry.baselines.find((b: Json) => b.name === "benchmark");
    expect(benchmark.scores.find((s: Json) => s.score === "sharpe_ratio").mean).toBeCloseTo(
      mean([benchmarkOf(MEGACAP), benchmarkOf(RATE_SHOCK)]),
      12,
    );
    expect((await ok(get("/leaderboard?selection=board-other", OWNER))).leaderboard[0].runs).toBe(1);
  });

  it("lists only the account's own runs, and is refused to clock and run keys", async () => {
    const { key } = await finishedRun(BRANCH, "board-private", "board-private", "2025-03-03", "2025-04-30");
    const others = (await ok(get("/leaderboard", OTHER))).leaderboard as Json[];
    expect(others.some((e) => e.agent === "board-private")).toBe(false);
    for (const refused of [key, CLOCK_KEYS.megacap.key]) {
      const res = await get("/leaderboard", refused);
      expect(res.status).toBe(403);
      expect(Object.keys(await json(res))).toEqual(["detail"]);
    }
    const bad = await get("/leaderboard?agent=", OWNER);
    expect(bad.status).toBe(422);
  });
});
