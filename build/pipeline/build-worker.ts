// A worker thread of the library build (library.ts): builds the scenarios it is sent, one
// at a time, reporting progress.
import { parentPort } from "node:worker_threads";
import { buildInto, type BuildTask, type TaskMessage } from "./scenario-build.ts";

const port = parentPort!;
const send = (message: TaskMessage) => port.postMessage(message);

port.on("message", (task: BuildTask) => {
  try {
    const result = buildInto(task, (done, total, step) => send({ type: "progress", done, total, step }));
    send({ type: "built", result });
  } catch (error) {
    send({ type: "error", error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
