// Global setup of the end-to-end project: build the default scenario library once (and two exports), serve it from the
// real worker in workerd (miniflare) with the test keys, and hand the address to every test file.
import type { TestProject } from "vitest/node";
import { buildExports } from "../../build/exports/build-exports.ts";
import { maskedName } from "../../build/mask/mask-bundle.ts";
import { buildTempBundles, DEFAULT_NAMES, defaultIds } from "../support/bundles.ts";
import { startTestRuntime } from "../support/runtime.ts";
import { CLOCK_KEYS, KEYS } from "./keys.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Base URL of the shared runtime: the worker's own port, as `npm start` serves it. */
    base: string;
    /** The same runtime through miniflare's entry socket (absolute request URLs, as on Cloudflare). */
    entryBase: string;
    /** The bundles it serves, for tests that start a runtime of their own. */
    bundlesDir: string;
  }
}

export default async function setup(project: TestProject) {
  const bundles = buildTempBundles();
  // The exports of two of them and of the masked twin of one (the others' take minutes: docs/exports.md), as the build writes them.
  await buildExports(bundles.outDir, {
    names: [DEFAULT_NAMES.MEGACAP, DEFAULT_NAMES.BRANCH, maskedName(DEFAULT_NAMES.BRANCH)],
  });
  const rt = await startTestRuntime({ bundlesDir: bundles.outDir });
  for (const { key, limit, account } of Object.values(KEYS)) await rt.addKey(key, limit, account);
  const ids = defaultIds(bundles.outDir);
  for (const { key, scenario, horizon } of Object.values(CLOCK_KEYS))
    await rt.addKey(key, 1_000_000, "acct-clock", { scenario_id: ids[scenario], horizon });
  project.provide("base", rt.base);
  project.provide("entryBase", rt.entryBase);
  project.provide("bundlesDir", bundles.outDir);
  return async () => {
    await rt.stop();
    bundles.cleanup();
  };
}
