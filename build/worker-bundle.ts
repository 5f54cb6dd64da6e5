// Bundles src/ into dist/worker.js, one ES module: what the local runtime and the tests run, and
// what `npm run deploy` uploads (wrangler.toml sets no_bundle). `node build/worker-bundle.ts` builds it.
import { build, stop } from "esbuild";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const WORKER_SCRIPT = join(ROOT, "dist", "worker.js");

/** The compatibility date of wrangler.toml, so local runs and deployment agree. */
export function compatibilityDate(): string {
  const match = /^compatibility_date\s*=\s*"([^"]+)"/m.exec(readFileSync(join(ROOT, "wrangler.toml"), "utf8"));
  if (!match) throw new Error("wrangler.toml has no compatibility_date");
  return match[1];
}

export async function bundleWorker(): Promise<string> {
  await build({
    entryPoints: [join(ROOT, "src", "index.ts")],
    outfile: WORKER_SCRIPT,
    bundle: true,
    format: "esm",
    platform: "browser",
    conditions: ["workerd", "worker", "browser"],
    target: "es2022",
    external: ["cloudflare:*"],
    logLevel: "warning",
  }).finally(stop); // esbuild's service process otherwise keeps running
  return WORKER_SCRIPT;
}

if (import.meta.url === `file://${process.argv[1]}`) await bundleWorker();
