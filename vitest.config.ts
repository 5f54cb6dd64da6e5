import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    globalSetup: ["test/support/temp-dir.ts"],
    projects: [
      // Unit tests: the build, the shard format, the window, the parameters, the app's declarations.
      { extends: true, test: { name: "unit", include: ["test/*.test.ts"] } },
      // End to end: one workerd runtime over freshly built bundles, shared by every file.
      {
        extends: true,
        test: { name: "e2e", include: ["test/e2e/**/*.test.ts"], globalSetup: ["test/e2e/setup.ts"] },
      },
    ],
  },
});
