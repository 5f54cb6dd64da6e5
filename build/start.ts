// `npm start`: build the default scenario library, then serve it on 127.0.0.1 through workerd
// with a local API key (created once, kept in .local/api-key, git-ignored).
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildScenarios, DEFAULT_OUT_DIR } from "./build-scenarios.ts";
import { registerKey, startLocalRuntime } from "./local-runtime.ts";
import { ROOT } from "./worker-bundle.ts";

const LOCAL_DIR = join(ROOT, ".local");
export const LOCAL_KEY_FILE = join(LOCAL_DIR, "api-key");
/** The local development key gets a generous limit (GAPS.md); issued keys default to 60. */
const LOCAL_RATE_LIMIT = 100_000;

function localKey(): string {
  if (existsSync(LOCAL_KEY_FILE)) return readFileSync(LOCAL_KEY_FILE, "utf8").trim();
  mkdirSync(LOCAL_DIR, { recursive: true });
  const key = `sm_local_${randomBytes(24).toString("base64url")}`;
  writeFileSync(LOCAL_KEY_FILE, `${key}\n`, { mode: 0o600 });
  return key;
}

const port = Number(process.env.PORT ?? 8787);
buildScenarios();
const { mf, url } = await startLocalRuntime({
  bundlesDir: DEFAULT_OUT_DIR,
  port,
  persistDir: join(LOCAL_DIR, "state"),
});
const key = localKey();
await registerKey(mf, key, {
  account_id: "local",
  rate_limit_per_minute: LOCAL_RATE_LIMIT,
  label: "local development key",
  created: "local",
});
const base = url.href.replace(/\/$/, "");
console.log(`
Synthetic market data API on ${base}
Local API key (also in .local/api-key): ${key}

  curl -H "X-API-KEY: ${key}" "${base}/scenarios"

Press Ctrl+C to stop.`);

const stop = async () => {
  await mf.dispose();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
