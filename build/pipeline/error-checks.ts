// The error checks a scenario's world fails, built in memory (no bundle is written): what
// `library:find-seed` tries seeds against and `library:check` runs over the whole library, the same
// checks as a build's validation (docs/scenarios.md, "Replicas"; docs/development.md).
import { availableParallelism, totalmem } from "node:os";
import { Worker } from "node:worker_threads";
import { generationCost, type ScenarioSource } from "../ground/scenario-source.ts";
import { validateScenario } from "./validate.ts";
import { generateWorld } from "./world.ts";

/**
 * The error checks `source`'s world fails, each as "name: detail": the whole world's, and (for a
 * future branch) its context's up to the current date.
 */
export function failedErrorChecks(source: ScenarioSource): string[] {
  const world = generateWorld(source);
  const fields = { scenarioId: source.name, generatorVersion: "", calibrationVersion: "" };
  const reports = [
    validateScenario({ ...fields, world }),
    validateScenario({ ...fields, world, currentDate: source.current_date }),
  ];
  const failed = reports.flatMap((r) =>
    r.checks.filter((c) => !c.passed && c.severity === "error").map((c) => `${c.name}: ${c.detail}`),
  );
  return [...new Set(failed)];
}

/** One scenario's checks: what failed (empty: it holds) and the seconds its world took. */
export interface CheckedScenario {
  name: string;
  failed: string[];
  seconds: number;
}

/**
 * Checks `sources` on `jobs` worker threads (default one per core), the longest first; calls
 * `onChecked` as each finishes and resolves with all of them in the order given. A whole world is
 * held in memory (a 500-company decade takes several GB), so each thread may use an equal share of
 * four fifths of the machine's memory; a thread that dies (out of memory) fails its scenario with
 * the reason, and a new one goes on.
 */
export async function checkScenarios(
  sources: ScenarioSource[],
  options: { jobs?: number; onChecked?: (checked: CheckedScenario) => void } = {},
): Promise<CheckedScenario[]> {
  const queue = [...sources].sort((a, b) => generationCost(b) - generationCost(a));
  const jobs = Math.max(1, Math.min(options.jobs ?? availableParallelism(), queue.length));
  const resourceLimits = { maxOldGenerationSizeMb: Math.floor((0.8 * totalmem()) / 2 ** 20 / jobs) };
  const checked = new Map<string, CheckedScenario>();
  const record = (result: CheckedScenario) => {
    checked.set(result.name, result);
    options.onChecked?.(result);
  };
  /** One thread: takes scenarios from the queue until it is empty (or it dies: then a new one goes on). */
  const runWorker = (): Promise<void> =>
    new Promise((resolve) => {
      const worker = new Worker(new URL("./check-worker.ts", import.meta.url), { resourceLimits });
      let current: { source: ScenarioSource; started: number } | undefined;
      const next = () => {
        const source = queue.shift();
        current = source && { source, started: performance.now() };
        if (source) worker.postMessage(source);
        else void worker.terminate().then(() => resolve());
      };
      worker.on("message", (result: CheckedScenario) => {
        record(result);
        next();
      });
      worker.on("error", (error) => {
        if (current) {
          const seconds = (performance.now() - current.started) / 1000;
          record({ name: current.source.name, failed: [`generation failed: ${error.message}`], seconds });
        }
        current = undefined;
        resolve(queue.length ? runWorker() : undefined);
      });
      next();
    });
  await Promise.all(Array.from({ length: jobs }, runWorker));
  return sources.map((s) => checked.get(s.name)!);
}
