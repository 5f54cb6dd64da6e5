// `npm start`: build the default scenario library, then serve it on 127.0.0.1 through workerd
// with a local API key (created once, kept in .local/api-key, git-ignored). Ctrl+C or SIGTERM
// stops it: requests in flight finish (for up to DRAIN_MS), then workerd is ended.
// `--bundles DIR` and `--state DIR` use other directories than bundles/ and .local/. `--r2 DIR`
// serves, without building, the local R2 in DIR that `npm run publish:bundles -- --local DIR` fills.
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { buildScenarios, DEFAULT_OUT_DIR } from "./build-scenarios.ts";
import { startFrontServer } from "./front-server.ts";
import { registerKey, startLocalRuntime } from "./local-runtime.ts";
import { ROOT } from "./worker-bundle.ts";

const LOCAL_DIR = join(ROOT, ".local");
export const LOCAL_KEY_FILE = join(LOCAL_DIR, "api-key");
/** The local development key gets a generous limit (GAPS.md); issued keys default to 60. */
const LOCAL_RATE_LIMIT = 100_000;
/** How long a stop waits for requests in flight before closing their connections. */
const DRAIN_MS = 5_000;

function localKey(keyFile: string): string {
  if (existsSync(keyFile)) return readFileSync(keyFile, "utf8").trim();
  const key = `sm_local_${randomBytes(24).toString("base64url")}`;
  writeFileSync(keyFile, `${key}\n`, { mode: 0o600 });
  return key;
}

/**
 * Ctrl+C signals the terminal's whole foreground process group, and workerd ends at once on
 * SIGINT, cutting the requests it is serving. So miniflare starts workerd through this shell
 * script, which ignores SIGINT (an ignored signal stays ignored across exec); this process ends
 * workerd itself once requests have drained.
 */
function workerdIgnoringSigint(dir: string): string {
  const fromMiniflare = createRequire(createRequire(import.meta.url).resolve("miniflare"));
  process.env.SYNTHMARKET_WORKERD ??=
    process.env.MINIFLARE_WORKERD_PATH ?? (fromMiniflare("workerd") as { default: string }).default;
  const script = join(dir, "workerd-ignoring-sigint");
  writeFileSync(script, `#!/bin/sh\ntrap '' INT\nexec "$SYNTHMARKET_WORKERD" "$@"\n`);
  chmodSync(script, 0o755);
  return script;
}

const { values: args } = parseArgs({
  options: { bundles: { type: "string" }, state: { type: "string" }, r2: { type: "string" } },
});
const bundlesDir = args.bundles ? resolve(args.bundles) : DEFAULT_OUT_DIR;
const r2PersistDir = args.r2 ? resolve(args.r2) : undefined;
const localDir = args.state ? resolve(args.state) : LOCAL_DIR;
const port = Number(process.env.PORT ?? 8787);

if (!r2PersistDir) buildScenarios({ outDir: bundlesDir });

// Signal handlers only from here: the build above is synchronous and starts no process, so a
// signal during it ends this process at once with nothing left behind. A signal during the rest of
// start-up stops it once the runtime is up (or, while miniflare is starting workerd, miniflare's
// exit hook ends workerd and this process at once).
let stopRequested = false;
let stop: (() => Promise<void>) | undefined;
const onSignal = (signal: NodeJS.Signals) => {
  if (stopRequested) return; // under npm one Ctrl+C arrives twice: from the terminal and from npm
  stopRequested = true;
  console.log(`\n${signal}: finishing requests in flight, then stopping.`);
  void stop?.();
};
process.on("SIGINT", onSignal);
process.on("SIGTERM", onSignal);

mkdirSync(localDir, { recursive: true });
if (process.platform !== "win32") process.env.MINIFLARE_WORKERD_PATH = workerdIgnoringSigint(localDir);
const { mf, url: internalUrl } = await startLocalRuntime({
  bundlesDir,
  port: 0,
  persistDir: join(localDir, "state"),
  r2PersistDir,
});
// miniflare's exit hook answers SIGINT and SIGTERM by killing workerd and exiting at once; here
// stopping is this process's job (the hook still runs on exit).
for (const signal of ["SIGINT", "SIGTERM"] as const)
  for (const listener of process.listeners(signal)) if (listener !== onSignal) process.off(signal, listener);
const front = await startFrontServer(internalUrl, port).catch(async (error) => {
  await mf.dispose(); // e.g. the port is in use: leave no workerd behind
  throw error;
});
stop = async () => {
  await front.close(DRAIN_MS);
  // The process then ends on its own: miniflare removes its temp directory after dispose
  // resolves, which an exit here would cut short.
  await mf.dispose();
};
if (stopRequested) await stop();

const keyFile = join(localDir, "api-key");
const key = localKey(keyFile);
await registerKey(mf, key, {
  account_id: "local",
  rate_limit_per_minute: LOCAL_RATE_LIMIT,
  label: "local development key",
  created: "local",
});
const base = front.url.href.replace(/\/$/, "");
console.log(`
Synthetic market data API on ${base}${r2PersistDir ? `, serving the local R2 in ${relative(process.cwd(), r2PersistDir) || "."}` : ""}
Local API key (also in ${relative(process.cwd(), keyFile)}): ${key}

  curl -H "X-API-KEY: ${key}" "${base}/scenarios"

Press Ctrl+C to stop.`);
