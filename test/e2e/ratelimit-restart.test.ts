// The rate-limit window lives in the Durable Object's storage: it survives the object being evicted
// or the runtime restarting mid-window (it used to live in memory and reset after ~10 s idle).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, inject, it } from "vitest";
import { MEGACAP } from "../support/bundles.ts";
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
