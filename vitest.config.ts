import { readFileSync } from "node:fs";
import { defineConfig, type Plugin } from "vitest/config";

/** The worker imports Swagger UI's files as text (`with { type: "text" }`, esbuild); do the same here. */
const textImports: Plugin = {
  name: "swagger-ui-as-text",
  enforce: "pre",
  load(id) {
    if (/swagger-ui-dist\/swagger-ui(-bundle\.js|\.css)$/.test(id)) {
      return `export default ${JSON.stringify(readFileSync(id, "utf8"))};`;
    }
  },
};

export default defineConfig({
  plugins: [textImports],
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
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
