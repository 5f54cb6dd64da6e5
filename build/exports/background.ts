// `npm start`'s bulk exports (build/cli/start.ts, docs/exports.md): those of the scenarios it serves
// that have none, smallest first, built once it is serving and read through its runtime, on a
// worker thread (export-worker.ts). Each is marked as being built (layout.ts, EXPORTS_PENDING) from
// before workerd listens until its manifest is in place, so its export routes answer 503
// with Retry-After meanwhile rather than 404. A stop ends the thread at once and removes the markers
// left; a staging directory it was writing is removed by the next start (removeStale).
import { Worker } from "node:worker_threads";
import { clearPending, exportsToBuild, markPending, removeStale } from "./build-exports.ts";
import type { ExportTask } from "./export-worker.ts";

export interface BackgroundExports {
  /** The scenarios being exported, in their order. */
  names: string[];
  /** Exports them through the runtime at `through.base`; resolves once all are done, one failed, or it was stopped. */
  start(through: ExportTask["through"]): Promise<void>;
  /** Ends the export at once and removes the markers of the scenarios it did not finish. */
  stop(): Promise<void>;
}

/**
 * Marks the scenarios of `ids` that have no export (and removes what a killed run left), for
 * `start` to export: undefined when every one has its export already.
 */
export function backgroundExports(
  outDir: string,
  ids: readonly string[],
  log: (line: string) => void,
): BackgroundExports | undefined {
  removeStale(outDir);
  const todo = exportsToBuild(outDir, { ids });
  if (todo.length === 0) return undefined;
  markPending(outDir, todo);
  const pending = todo.map((e) => e.scenario.id);
  // However the process ends (a signal while miniflare starts workerd ends it at once), no marker of
  // an export it did not finish stays behind.
  process.once("exit", () => clearPending(outDir, pending));
  let worker: Worker | undefined;
  let stopped = false;
  const start = (through: ExportTask["through"]) =>
    new Promise<void>((resolve) => {
      if (stopped) return resolve();
      const task: ExportTask = { outDir, ids: pending, through };
      worker = new Worker(new URL("./export-worker.ts", import.meta.url), { workerData: task });
      worker.on("message", (line: string) => log(line));
      // A failed export is said, and the service goes on without the exports not yet built.
      worker.on("error", (error) => log(`[exports] failed: ${error.stack ?? error.message}`));
      worker.on("exit", () => {
        clearPending(outDir, pending);
        resolve();
      });
    });
  const stop = async () => {
    stopped = true;
    await worker?.terminate();
    clearPending(outDir, pending);
  };
  return { names: todo.map((e) => e.scenario.name), start, stop };
}
