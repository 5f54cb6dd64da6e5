// The worker thread of `npm start`'s bulk exports (background.ts): buildExports over the scenarios
// it is given, read through the runtime already serving, each line of its log posted back, then one
// when all are done. A thread, so that a stop ends it at once, even inside a file's writing.
import { parentPort, workerData } from "node:worker_threads";
import { buildExports } from "./build-exports.ts";

export interface ExportTask {
  outDir: string;
  ids: string[];
  through: { base: string; key: string };
}

const { outDir, ids, through } = workerData as ExportTask;
const log = (line: string) => parentPort!.postMessage(line);
const started = performance.now();
const written = await buildExports(outDir, { ids, through, log });
const bytes = written.flatMap((m) => m.files).reduce((n, f) => n + f.bytes, 0);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
log(`[exports] done: ${written.length} scenarios exported (${(bytes / 1e6).toFixed(1)} MB) in ${seconds}s`);
