import { defineConfig } from "vitest/config";

/** Builds the default library into the test cache, once per change of its inputs (test/support/libraries.ts). */
const LIBRARY = "test/support/library-setup.ts";
/** The worker in workerd over the cached library with its exports, shared by a project's files. */
const RUNTIME = "test/support/runtime-setup.ts";

// Tests grouped by what they cost; a family's own tests sit in test/families/<name>.<project>.test.ts (docs/development.md, "Tests"). `npm test` runs every project;
// `npm run test:fast` the first, which needs no build.
export default defineConfig({
  test: {
    testTimeout: 60_000,
    // Two files at a time even on two cores: many tests wait on workerd, Python or a spawned command.
    maxWorkers: 2,
    hookTimeout: 120_000,
    globalSetup: ["test/support/temp-dir.ts"],
    projects: [
      // Units: the shard format, the window, the parameters, the models, the app's declarations.
      { extends: true, test: { name: "fast", include: ["test/fast/**/*.test.ts", "test/families/*.fast.test.ts"] } },
      // Small worlds generated in memory, and the models' statistics over many draws.
      {
        extends: true,
        test: {
          name: "worlds",
          include: ["test/worlds/**/*.test.ts", "test/families/*.worlds.test.ts", "test/adding-a-family.test.ts"],
        },
      },
      // The built library read as files: the build, its determinism, the reads at a horizon, twins.
      { extends: true, test: { name: "library", include: ["test/library/**/*.test.ts"], globalSetup: [LIBRARY] } },
      // End to end: one workerd runtime over the cached library, shared by every file.
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts", "test/families/*.e2e.test.ts"],
          globalSetup: [RUNTIME],
        },
      },
      // Tools: Python environments, Chromium, and command lines run as a user runs them.
      { extends: true, test: { name: "tools", include: ["test/tools/**/*.test.ts"], globalSetup: [LIBRARY, RUNTIME] } },
    ],
  },
});
