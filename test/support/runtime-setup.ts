// Global setup of the end-to-end and tool projects: the real worker in workerd (miniflare) serving the
// cached default library with its exports (fixtures.ts, SERVED_LIBRARY), with the test keys; its
// address goes to every test file of the project.
import type { TestProject } from "vitest/node";
import { CLOCK_KEYS, KEYS } from "../e2e/keys.ts";
import { defaultIds } from "./bundles.ts";
import { SERVED_LIBRARY } from "./fixtures.ts";
import { fixtureLibrary } from "./libraries.ts";
import { startTestRuntime } from "./runtime.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Base URL of the shared runtime: the worker's own port, as `npm start` serves it. */
    base: string;
    /** The same runtime through miniflare's entry socket (absolute request URLs, as on Cloudflare). */
    entryBase: string;
    /** The bundles it serves, for tests that start a runtime of their own: read them, never write to them. */
    bundlesDir: string;
  }
}

export default async function setup(project: TestProject) {
  const bundlesDir = await fixtureLibrary(SERVED_LIBRARY);
  const rt = await startTestRuntime({ bundlesDir });
  for (const { key, limit, account } of Object.values(KEYS)) await rt.addKey(key, limit, account);
  const ids = defaultIds(bundlesDir);
  for (const { key, scenario, horizon } of Object.values(CLOCK_KEYS))
    await rt.addKey(key, 1_000_000, "acct-clock", { scenario_id: ids[scenario], horizon });
  project.provide("base", rt.base);
  project.provide("entryBase", rt.entryBase);
  project.provide("bundlesDir", bundlesDir);
  return () => rt.stop();
}
