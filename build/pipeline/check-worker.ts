// A worker thread of `checkScenarios` (error-checks.ts): checks the scenarios it is sent, one at a
// time. A world that cannot be generated fails with what was thrown, as a check would.
import { parentPort } from "node:worker_threads";
import type { ScenarioSource } from "../ground/scenario-source.ts";
import { type CheckedScenario, failedErrorChecks } from "./error-checks.ts";

const port = parentPort!;
port.on("message", (source: ScenarioSource) => {
  const started = performance.now();
  let failed: string[];
  try {
    failed = failedErrorChecks(source);
  } catch (error) {
    failed = [`generation failed: ${error instanceof Error ? error.message : String(error)}`];
  }
  const result: CheckedScenario = { name: source.name, failed, seconds: (performance.now() - started) / 1000 };
  port.postMessage(result);
});
