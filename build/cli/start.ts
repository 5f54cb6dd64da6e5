// `npm start`: build the default subset of the scenario library, then serve it on 127.0.0.1 through workerd
// with a local API key (created once, kept in .local/api-key, git-ignored); once serving, build the
// bulk exports those scenarios lack, in the background through the same runtime (docs/exports.md),
// their routes answering 503 with Retry-After until each is ready. Ctrl+C or SIGTERM stops it: the
// export build ends at once, requests in flight finish (for up to DRAIN_MS), then workerd is ended.
// Its options (other directories, a local R2 to serve): `npm start -- --help` (declared in build/cli/commands.ts).
import { join, relative, resolve } from "node:path";
import { createServer } from "node:net";
import { commandLine } from "./command-line.ts";
import { START } from "./commands.ts";

const { values: args } = commandLine(START);
// The project's modules load once the command line is read, so that --help answers at once.
const { buildLibrary, DEFAULT_OUT_DIR } = await import("../pipeline/library.ts");
const { startLocalRuntime } = await import("../serve/local-runtime.ts");
const { keyFileOf, localKey } = await import("../serve/local-key.ts");
const { backgroundExports } = await import("../exports/background.ts");
const { ROOT } = await import("../serve/worker-bundle.ts");

const LOCAL_DIR = join(ROOT, ".local");
/** How long a stop waits for requests in flight before closing their connections. */
const DRAIN_MS = 5_000;

const bundlesDir = args.bundles ? resolve(args.bundles) : DEFAULT_OUT_DIR;
const r2PersistDir = args.r2 ? resolve(args.r2) : undefined;
const localDir = args.state ? resolve(args.state) : LOCAL_DIR;
const port = Number(process.env.PORT ?? 8787);

// A busy port is said in one line before the library is built (workerd would fail after it, with
// its stack trace). Something may still take the port in between: then workerd's failure is caught below.
if (!(await portIsFree(port))) {
  console.error(
    `Port ${port} on 127.0.0.1 is in use: stop what serves there, or choose another port (PORT=${port + 1} npm start).`,
  );
  process.exit(1);
}

// The default subset, on worker threads (one per core); what else is built in the directory is served too.
const built = r2PersistDir ? undefined : await buildLibrary({ outDir: bundlesDir });

// Signal handlers only from here: the build above starts no process (its workers are threads of this
// one), so a signal during it ends this process at once with nothing left behind. A signal during
// the rest of start-up stops it once the runtime is up (or, while miniflare is starting workerd,
// miniflare's exit hook ends workerd and this process at once).
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

// The exports the default subset lacks (its scenarios and their masked twins), marked as being built
// before workerd listens, so that their routes say so from the first request.
const exportBuild =
  built && args.exports
    ? backgroundExports(bundlesDir, [...built.ids.values()], (line) => console.error(line))
    : undefined;

const persistDir = join(localDir, "state");
// The local key is in the runtime's KV before workerd listens: known from the first request.
const keyFile = keyFileOf(localDir);
const key = await localKey(localDir);
const runtime = await startLocalRuntime({ bundlesDir, port, persistDir, r2PersistDir }).catch((error: Error) => {
  console.error(`Could not serve on 127.0.0.1:${port}: ${error.message}`);
  process.exit(1);
});
// miniflare's exit hook answers SIGINT and SIGTERM by killing workerd and exiting at once; here
// stopping is this process's job (the hook still runs on exit).
for (const signal of ["SIGINT", "SIGTERM"] as const)
  for (const listener of process.listeners(signal)) if (listener !== onSignal) process.off(signal, listener);
// The process then ends on its own: miniflare removes its temp directory after the stop resolves,
// which an exit here would cut short. The export build goes first, freeing the cores for the drain.
stop = async () => {
  await exportBuild?.stop();
  await runtime.stop(DRAIN_MS);
};
if (stopRequested) await stop();
else {
  announce();
  void exportBuild?.start({ base: runtime.url.href.replace(/\/$/, ""), key });
}

/** Prints where to reach the service, and with which key. */
function announce(): void {
  const base = runtime.url.href.replace(/\/$/, "");
  const building = exportBuild
    ? `\nBulk exports of ${exportBuild.names.join(", ")}: being built in the background, smallest first;\n` +
      `until each is ready its /scenarios/{id}/exports routes answer 503 with Retry-After (docs/exports.md).\n`
    : "";
  console.log(`
Synthetic market data API on ${base}${r2PersistDir ? `, serving the local R2 in ${relative(process.cwd(), r2PersistDir) || "."}` : ""}
Local API key (also in ${relative(process.cwd(), keyFile)}): ${key}

  curl -H "X-API-KEY: ${key}" "${base}/scenarios"
  Dashboard: ${base}/ (give it the key on its key page)
${building}
Press Ctrl+C to stop.`);
}

/** Whether 127.0.0.1:port can be listened on now. */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}
