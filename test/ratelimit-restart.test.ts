// The rate-limit window lives in the Durable Object's storage: it survives the object being evicted
// or the runtime restarting mid-window (it used to live in memory and reset after ~10 s idle).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { buildTempBundles, MEGACAP } from "./support/bundles.ts";
import { startTestRuntime, type TestRuntime } from "./support/runtime.ts";

const bundles = buildTempBundles();
const state = mkdtempSync(join(tmpdir(), "runtime-state-"));
let rt: TestRuntime | undefined;
afterAll(async () => {
  await rt?.stop();
  bundles.cleanup();
  rmSync(state, { recursive: true, force: true });
});

it("keeps a key's window across a restart of the runtime", async () => {
  const key = "sm_test_restart_limit_3";
  const path = `/prices?scenario_id=${MEGACAP}&ticker=AAPL&limit=1`;
  rt = await startTestRuntime({ bundlesDir: bundles.outDir, persistDir: state });
  await rt.addKey(key, 3);
  const first = [];
  for (let i = 0; i < 4; i++) first.push(await rt.get(path, key));
  expect(first.map((r) => r.status)).toEqual([200, 200, 200, 429]);
  await rt.stop();

  rt = await startTestRuntime({ bundlesDir: bundles.outDir, persistDir: state });
  const after = await rt.get(path, key);
  expect(after.status).toBe(429);
  expect(after.headers.get("x-ratelimit-remaining")).toBe("0");
  expect(Number(after.headers.get("retry-after"))).toBeGreaterThan(0);
});
