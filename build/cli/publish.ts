// `npm run publish:bundles [-- options]`: publish the built bundles (build/store/publish.ts) to the
// deployment's R2 bucket, or to a local R2 with --local; the ids in scenarios-src/retired.yaml leave the
// catalog. Its options: `npm run publish:bundles -- --help` (declared in build/cli/commands.ts).
import { join, resolve } from "node:path";
import type { S3StoreConfig } from "../store/object-store.ts";
import type { PublishProgress } from "../store/publish.ts";
import { commandLine } from "./command-line.ts";
import { PUBLISH } from "./commands.ts";

const { values: args } = commandLine(PUBLISH);
// The project's modules load once the command line is read, so that --help answers at once.
const { openLocalR2Store, openS3Store, r2ConfigFromEnv } = await import("../store/object-store.ts");
const { ROOT } = await import("../serve/worker-bundle.ts");
const { RETIRED_FILE, retiredIds } = await import("../store/catalog.ts");
const { publishBundles, RefusedError } = await import("../store/publish.ts");

/** The build's default output (build/pipeline/library.ts); not imported, so publishing never loads the generator. */
const DEFAULT_BUNDLES_DIR = join(ROOT, "bundles");

const fail = (message: string): never => {
  console.error(message);
  process.exit(2);
};
const concurrency = Number(args.concurrency);
if (!Number.isInteger(concurrency) || concurrency < 1) fail("--concurrency takes a positive integer");
let config: S3StoreConfig | undefined;
try {
  if (!args.local) config = r2ConfigFromEnv();
} catch (error) {
  fail((error as Error).message);
}
const store = config ? openS3Store(config) : await openLocalR2Store(resolve(args.local!));
// Ctrl+C: start no more uploads, stop those in flight (a small local one finishes), list nothing
// new. A second one ends the process at once, which is as safe: an object is whole or absent.
const controller = new AbortController();
let signals = 0;
const onSignal = (signal: NodeJS.Signals) => {
  if (signals++ > 0) process.exit(130);
  console.error(`\n${signal}: stopping; nothing new gets listed. Run again to complete.`);
  controller.abort(new Error(`interrupted by ${signal}`));
};
// Miniflare (the local R2) ends the process at once on these signals; here this handler decides.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  for (const listener of process.listeners(signal)) process.off(signal, listener);
  process.on(signal, onSignal);
}
console.log(`publishing ${args.bundles ?? "bundles/"} to ${store.description}, ${concurrency} at once`);
try {
  const r = await publishBundles({
    bundlesDir: args.bundles ?? DEFAULT_BUNDLES_DIR,
    store,
    concurrency,
    signal: controller.signal,
    onProgress: progressPrinter(),
    retired: retiredIds(args.retired ? resolve(args.retired) : join(ROOT, "scenarios-src", RETIRED_FILE)),
  });
  console.log(
    `${r.published.length} published, ${r.skipped.length} already there; uploaded ${r.objects} objects, ` +
      `${(r.bytes / 1e6).toFixed(1)} MB in ${r.seconds.toFixed(1)}s` +
      (r.reused ? `; kept ${r.reused} objects already there with the same bytes` : ""),
  );
} catch (error) {
  console.error(`\npublish failed: ${(error as Error).message}`);
  if (error instanceof RefusedError) console.error("Nothing was uploaded.");
  else console.error("Published scenarios are unchanged and nothing new is listed; run again to complete.");
  process.exitCode = 1;
} finally {
  await store.close();
}

/** Progress lines: rewritten in place on a terminal, at most one a second otherwise. */
function progressPrinter(): (p: PublishProgress) => void {
  const tty = process.stdout.isTTY;
  let last = 0;
  let started = performance.now();
  let label = "";
  return (p) => {
    const now = performance.now();
    if (p.label !== label) [label, started, last] = [p.label, now, 0];
    const finished = p.done === p.total;
    if (!finished && now - last < (tty ? 100 : 1000)) return;
    last = now;
    const mb = (n: number) => (n / 1e6).toFixed(1);
    const rate = p.bytes / 1e6 / Math.max((now - started) / 1000, 1e-3);
    const line = `${p.label}: ${p.done}/${p.total} objects, ${mb(p.bytes)}/${mb(p.totalBytes)} MB, ${rate.toFixed(1)} MB/s`;
    if (tty) process.stdout.write(`\r${line}\x1b[K${finished ? "\n" : ""}`);
    else console.log(line);
  };
}
