// The worker bundle (build/serve/worker-bundle.ts) is rewritten by every local runtime that starts,
// while other test files' runtimes may be reading it: a reader must see the whole bundle or the one
// before, never a file half written (CI: miniflare failed to parse dist/worker.js, "Unterminated
// string constant", under load).
import { readFileSync, statSync } from "node:fs";
import { expect, it } from "vitest";
import { bundleWorker, WORKER_SCRIPT } from "../../build/serve/worker-bundle.ts";

it("is replaced whole: a reader polling while it is bundled again never reads part of it", async () => {
  await bundleWorker();
  const whole = statSync(WORKER_SCRIPT).size;
  const sizes: number[] = [];
  let polling = true;
  const poll = () => {
    sizes.push(readFileSync(WORKER_SCRIPT).length);
    if (polling) setImmediate(poll);
  };
  poll();
  for (let k = 0; k < 4; k++) await bundleWorker();
  polling = false;
  expect(sizes.length).toBeGreaterThan(100);
  expect(sizes.filter((n) => n !== whole)).toEqual([]);
});
