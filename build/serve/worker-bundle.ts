// Bundles src/ into dist/worker.js, one ES module: what the local runtime and the tests run, and
// what `npm run deploy` uploads (wrangler.toml sets no_bundle). `node build/serve/worker-bundle.ts` builds it.
import { build, stop, type Plugin } from "esbuild";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const WORKER_SCRIPT = join(ROOT, "dist", "worker.js");

/** The compatibility date of wrangler.toml, so local runs and deployment agree. */
export function compatibilityDate(): string {
  const match = /^compatibility_date\s*=\s*"([^"]+)"/m.exec(readFileSync(join(ROOT, "wrangler.toml"), "utf8"));
  if (!match) throw new Error("wrangler.toml has no compatibility_date");
  return match[1];
}

/** zod re-exports the error messages of every language (a third of the bundle); the worker needs English. */
const zodEnglishOnly: Plugin = {
  name: "zod-english-only",
  setup(b) {
    b.onResolve({ filter: /\/locales\/index\.js$/ }, (args) =>
      args.importer.includes("/node_modules/zod/")
        ? { path: join(dirname(args.importer), args.path), namespace: "zod-locales" }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: "zod-locales" }, (args) => ({
      contents: 'export { default as en } from "./en.js";',
      resolveDir: dirname(args.path),
      loader: "js",
    }));
  },
};

let bundles = 0;

/**
 * Bundles the worker into WORKER_SCRIPT, replacing it whole: written beside it, then renamed over it,
 * since every local runtime bundles it as it starts while others (a test file's, `npm start`'s) may be
 * reading it; esbuild's own write truncates the file first, and a reader then parsed half a bundle.
 */
export async function bundleWorker(): Promise<string> {
  const { outputFiles } = await build({
    entryPoints: [join(ROOT, "src", "index.ts")],
    outfile: WORKER_SCRIPT,
    write: false,
    bundle: true,
    format: "esm",
    platform: "browser",
    conditions: ["workerd", "worker", "browser"],
    target: "es2022",
    external: ["cloudflare:*"],
    plugins: [zodEnglishOnly],
    minify: true,
    keepNames: true, // stack traces in the logs keep function names
    logLevel: "warning",
  }).finally(stop); // esbuild's service process otherwise keeps running
  const written = `${WORKER_SCRIPT}.${process.pid}.${++bundles}.tmp`;
  mkdirSync(dirname(WORKER_SCRIPT), { recursive: true });
  writeFileSync(written, outputFiles[0].contents);
  renameSync(written, WORKER_SCRIPT);
  return WORKER_SCRIPT;
}

if (import.meta.url === `file://${process.argv[1]}`) await bundleWorker();
