// The local development key (`npm start`, `npm run evaluate`): created once, kept in the state
// directory's api-key (git-ignored), and registered in the runtime's persisted KV before it serves.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { registerPersistedKey } from "./local-runtime.ts";

/** The local key gets a generous limit (docs/api-choices.md, "Keys and rate limits"); issued keys default to 60. */
const LOCAL_RATE_LIMIT = 100_000;

/** The key file of a state directory. */
export const keyFileOf = (stateDir: string) => join(stateDir, "api-key");

/** The state directory's local key, made on first use, and registered in its runtime's KV. */
export async function localKey(stateDir: string): Promise<string> {
  mkdirSync(stateDir, { recursive: true });
  const keyFile = keyFileOf(stateDir);
  if (!existsSync(keyFile))
    writeFileSync(keyFile, `sm_local_${randomBytes(24).toString("base64url")}\n`, { mode: 0o600 });
  const key = readFileSync(keyFile, "utf8").trim();
  await registerPersistedKey(join(stateDir, "state"), key, {
    account_id: "local",
    rate_limit_per_minute: LOCAL_RATE_LIMIT,
    label: "local development key",
    created: "local",
  });
  return key;
}
