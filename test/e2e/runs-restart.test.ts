// A run's state lives in its Durable Object's storage (docs/runs.md, "Where a run lives"): stopped
// and started again mid-run, the runtime finds the book, the ledger, the equity curve, the orders and
// the run key's day unchanged, and the run goes on from there.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, inject, it } from "vitest";
import { MEGACAP } from "./client.ts";
import { startTestRuntime, type TestRuntime } from "../support/runtime.ts";

const state = mkdtempSync(join(tmpdir(), "runtime-state-"));
let rt: TestRuntime | undefined;
afterAll(async () => {
  await rt?.stop();
  rmSync(state, { recursive: true, force: true });
});

const KEY = "sm_test_runs_restart_key_01";

async function call(path: string, key: string, body?: object): Promise<Record<string, any>> {
  const res = await fetch(rt!.base + path, {
    method: body ? "POST" : "GET",
    headers: { "X-API-KEY": key, "Content-Type": "application/json" },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text}`);
  return JSON.parse(text) as Record<string, any>;
}

it("keeps a run's book, ledger, equity, orders and clock across a restart, and goes on from there", async () => {
  const bundlesDir = inject("bundlesDir");
  rt = await startTestRuntime({ bundlesDir, persistDir: state });
  await rt.addKey(KEY, 100_000, "acct-runs-restart");
  const opened = await call("/runs", KEY, { scenario_id: MEGACAP, agent: "restart", start_date: "2023-05-01" });
  const [id, runKey] = [opened.run.run_id as string, opened.run_key as string];
  await call(`/runs/${id}/orders`, runKey, {
    orders: [
      { ticker: "AAPL", side: "buy", shares: 300 },
      { ticker: "MSFT", side: "sell", shares: 50 },
    ],
  });
  await call(`/runs/${id}/advance`, runKey, { to: "2023-05-10" });
  await call(`/runs/${id}/orders`, runKey, {
    ticker: "NVDA",
    side: "buy",
    notional: 40_000,
    client_order_id: "before-restart",
  });
  const read = () =>
    Promise.all([
      call(`/runs/${id}`, runKey),
      call(`/runs/${id}/ledger`, runKey),
      call(`/runs/${id}/equity`, runKey),
      call(`/runs/${id}/orders`, runKey),
      call("/runs", KEY),
      fetch(`${rt!.base}/prices?scenario_id=${MEGACAP}&ticker=AAPL&limit=5000`, {
        headers: { "X-API-KEY": runKey },
      }).then((r) => r.headers.get("x-as-of")),
    ]);
  const before = await read();
  expect(before[0].run.day).toBe("2023-05-10");
  expect(before[0].run.open_orders).toHaveLength(1);
  expect(before[1].ledger.some((e: { kind: string }) => e.kind === "fill")).toBe(true);
  await rt.stop();

  rt = await startTestRuntime({ bundlesDir, persistDir: state });
  expect(await read()).toEqual(before);
  // The retried order is still known by its client id; the run goes on.
  const again = await call(`/runs/${id}/orders`, runKey, {
    ticker: "NVDA",
    side: "buy",
    notional: 40_000,
    client_order_id: "before-restart",
  });
  expect(again.orders[0].order_id).toBe(before[0].run.open_orders[0].order_id);
  const next = await call(`/runs/${id}/advance`, runKey, {});
  expect(next.run.day).toBe("2023-05-11");
  expect(
    next.ledger
      .filter((e: { kind: string; ticker: string }) => e.kind === "fill")
      .map((e: { ticker: string }) => e.ticker),
  ).toEqual(["NVDA"]);
}, 120_000);

it("keeps a finished run on the leaderboard across a restart, once however often it is finished", async () => {
  await rt?.stop();
  const bundlesDir = inject("bundlesDir");
  const fresh = mkdtempSync(join(tmpdir(), "runtime-state-"));
  try {
    rt = await startTestRuntime({ bundlesDir, persistDir: fresh });
    await rt.addKey(KEY, 100_000, "acct-runs-restart");
    const opened = await call("/runs", KEY, {
      scenario_id: MEGACAP,
      agent: "restart-board",
      selection: "restart",
      start_date: "2023-05-01",
      end_date: "2023-06-30",
    });
    const [id, runKey] = [opened.run.run_id as string, opened.run_key as string];
    await call(`/runs/${id}/orders`, runKey, { ticker: "AAPL", side: "buy", shares: 300 });
    await call(`/runs/${id}/advance`, runKey, { to: "2023-06-30", client_id: "to-the-end" });
    const before = await call("/leaderboard?agent=restart-board", KEY);
    expect(before.leaderboard).toHaveLength(1);
    expect(before.leaderboard[0]).toMatchObject({ selection: "restart", runs: 1 });
    await rt.stop();

    rt = await startTestRuntime({ bundlesDir, persistDir: fresh });
    expect(await call("/leaderboard?agent=restart-board", KEY)).toEqual(before);
    // The advance retried, and the run finished again: still one run on the board, with the same score.
    await call(`/runs/${id}/advance`, runKey, { to: "2023-06-30", client_id: "to-the-end" });
    await call(`/runs/${id}/finish`, runKey, {});
    expect(await call("/leaderboard?agent=restart-board", KEY)).toEqual(before);
  } finally {
    await rt?.stop();
    rt = undefined;
    rmSync(fresh, { recursive: true, force: true });
  }
}, 120_000);
