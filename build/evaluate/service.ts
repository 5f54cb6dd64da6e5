// Where an evaluation runs: the service named (a deployment, with its key), else the one `npm start`
// serves on 127.0.0.1 if it answers, else a runtime of the evaluation's own over the bundles directory,
// with the same state directory (so its runs stay, and `npm start` lists them on its leaderboard later).
import { readFileSync } from "node:fs";
import { localKey, keyFileOf } from "../serve/local-key.ts";
import { startLocalRuntime } from "../serve/local-runtime.ts";
import { join } from "node:path";

export interface Service {
  baseUrl: string;
  key: string;
  stop(): Promise<void>;
}

export interface ServiceChoice {
  baseUrl?: string;
  key?: string;
  bundlesDir: string;
  stateDir: string;
}

export async function serviceFor(choice: ServiceChoice): Promise<Service> {
  const none = async () => undefined;
  if (choice.baseUrl) {
    const key = choice.key ?? process.env.SYNTH_KEY;
    if (!key) throw new Error("--base-url needs --key (or SYNTH_KEY): the account's key there");
    return { baseUrl: choice.baseUrl.replace(/\/+$/, ""), key, stop: none };
  }
  const local = `http://127.0.0.1:${process.env.PORT ?? 8787}`;
  if (await answers(local))
    return { baseUrl: local, key: choice.key ?? readFileSync(keyFileOf(choice.stateDir), "utf8").trim(), stop: none };
  const key = await localKey(choice.stateDir);
  const runtime = await startLocalRuntime({
    bundlesDir: choice.bundlesDir,
    persistDir: join(choice.stateDir, "state"),
  });
  return { baseUrl: runtime.url.href.replace(/\/$/, ""), key, stop: () => runtime.stop(1_000) };
}

/** Whether our service answers /health there. */
async function answers(base: string): Promise<boolean> {
  try {
    const res = await fetch(`${base}/health`, { signal: AbortSignal.timeout(2_000) });
    return res.ok;
  } catch {
    return false;
  }
}
