// The rate-limit window lives in the Durable Object's storage: it survives the object being evicted
// or the runtime restarting mid-window (it used to live in memory and reset after ~10 s idle).
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

it("keeps a key's window across a restart of the runtime, exactly once it settled", async () => {
  const bundlesDir = inject("bundlesDir");
  const key = "sm_test_restart_limit_3";
  const path = `/prices?scenario_id=${MEGACAP}&ticker=AAPL&limit=1`;
  const settledKey = "sm_test_restart_limit_100";
  rt = await startTestRuntime({ bundlesDir, persistDir: state });
  await rt.addKey(key, 3);
  await rt.addKey(settledKey, 100);
  const first = [];
  for (let i = 0; i < 4; i++) first.push((await rt.get(path, key)).status);
  expect(first).toEqual([200, 200, 200, 429]);
  for (let i = 0; i < 8; i++) expect((await rt.get(path, settledKey)).status).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 1_500)); // SETTLE_MS (1 s) later the exact log is written
  await rt.stop();

  rt = await startTestRuntime({ bundlesDir, persistDir: state });
  const after = await rt.get(path, key);
  expect(after.status).toBe(429);
  expect(after.headers.get("x-ratelimit-remaining")).toBe("0");
  expect(Number(after.headers.get("retry-after"))).toBeGreaterThan(0);
  const settled = await rt.get(path, settledKey);
  expect(settled.status).toBe(200);
  // 100 - 8 - this one: none lost (unsettled, the reserved block would count 10)
  expect(settled.headers.get("x-ratelimit-remaining")).toBe("91");
});

it("stays exact across idle gaps longer than the time an idle object is kept", { timeout: 90_000 }, async () => {
  // The window used to live in memory only: after ~10 s idle the object was evicted and a key
  // with limit 3 got 200 again. Bursts of concurrent requests with 12 s gaps must never pass 3.
  const key = "sm_test_idle_gap_limit_3";
  const bundlesDir = inject("bundlesDir");
  const gapped = await startTestRuntime({ bundlesDir });
  try {
    await gapped.addKey(key, 3);
    const path = `/prices?scenario_id=${MEGACAP}&ticker=MSFT&limit=1`;
    const statuses: number[] = [];
    for (let burst = 0; burst < 3; burst++) {
      if (burst > 0) await new Promise((resolve) => setTimeout(resolve, 12_000));
      const answers = await Promise.all(Array.from({ length: 5 }, () => gapped.get(path, key)));
      statuses.push(...answers.map((r) => r.status));
    }
    // All three bursts fall inside one 60-second window: 3 admitted in all, the rest refused.
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12);
  } finally {
    await gapped.stop();
  }
});
