// `npm run keys -- <create|list|revoke|advance> [options]`: manage API keys. Keys live in the KEYS KV
// namespace only as SHA-256 hashes; the key itself is printed once, on creation, and nowhere else.
// Its subcommands and options: `npm run keys -- --help` (declared in build/cli/commands.ts).
import { execFileSync } from "node:child_process";
import { join, resolve } from "node:path";
import type { KeyRecord } from "../../src/keys.ts";
import { commandLine } from "./command-line.ts";
import { KEYS } from "./commands.ts";

const { subcommand: command, values } = commandLine(KEYS);
// The project's modules load once the command line is read, so that --help answers at once.
const { advancedClock, hashApiKey, keyRecordName, newKeyRecord, newKeySecret, putKeyRecord } =
  await import("../../src/keys.ts");
const { openLocalKv } = await import("../serve/local-runtime.ts");
const { ROOT } = await import("../serve/worker-bundle.ts");

interface KeyStore {
  put(name: string, record: KeyRecord): Promise<void>;
  list(): Promise<{ name: string; record: KeyRecord | undefined }[]>;
  remove(name: string): Promise<void>;
  close(): Promise<void>;
}

function wrangler(args: string[]): string {
  return execFileSync("wrangler", ["kv", "key", ...args, "--binding", "KEYS", "--remote"], {
    cwd: ROOT,
    encoding: "utf8",
  });
}

const remoteStore: KeyStore = {
  async put(name, record) {
    const json = JSON.stringify(record);
    wrangler(["put", name, json, "--metadata", json]);
  },
  async list() {
    const rows = JSON.parse(wrangler(["list", "--prefix", "key:"])) as { name: string; metadata?: KeyRecord }[];
    return rows.map((r) => ({ name: r.name, record: r.metadata }));
  },
  async remove(name) {
    wrangler(["delete", name]);
  },
  async close() {},
};

async function localStore(stateDir: string): Promise<KeyStore> {
  const { mf, kv } = await openLocalKv(join(stateDir, "state"));
  return {
    put: (name, record) => putKeyRecord(kv, name, record),
    async list() {
      const { keys } = await kv.list({ prefix: "key:" });
      return keys.map((k) => ({ name: k.name, record: k.metadata as KeyRecord | undefined }));
    },
    remove: (name) => kv.delete(name),
    close: () => mf.dispose(),
  };
}

const clockText = (record: KeyRecord) =>
  record.clock ? `  clock: scenario ${record.clock.scenario_id} up to ${record.clock.horizon}` : "";

/** The one key named by --key or --hash (a prefix). */
async function oneKey(command: string) {
  const hash = values.key ? await hashApiKey(values.key) : values.hash;
  if (!hash) throw new Error(`${command} needs --hash PREFIX or --key KEY`);
  const matches = (await store.list()).filter((k) => k.name.startsWith(keyRecordName(hash)));
  if (matches.length !== 1) throw new Error(`--hash matches ${matches.length} keys; give a longer prefix`);
  return matches[0];
}

const store = values.local ? await localStore(resolve(values.state ?? join(ROOT, ".local"))) : remoteStore;
try {
  if (command === "create") {
    if (!values.account) throw new Error("create needs --account");
    const limit = Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1) throw new Error("--limit must be a positive integer");
    const key = newKeySecret();
    const hash = await hashApiKey(key);
    const record = newKeyRecord({
      account_id: values.account,
      rate_limit_per_minute: limit,
      label: values.label,
      scenario_id: values.scenario,
      horizon: values.horizon,
    });
    await store.put(keyRecordName(hash), record);
    console.log(`key (shown once, store it now): ${key}`);
    console.log(
      `hash prefix: ${hash.slice(0, 12)}  account: ${record.account_id}  limit/min: ${limit}${clockText(record)}`,
    );
  } else if (command === "list") {
    for (const { name, record } of await store.list()) {
      const hash = name.slice("key:".length, "key:".length + 12);
      console.log(
        `${hash}  ${record?.account_id ?? "?"}  ${record?.rate_limit_per_minute ?? "?"}/min  ${record?.label ?? ""}  ${record?.created ?? ""}${record ? clockText(record) : ""}`,
      );
    }
  } else if (command === "revoke") {
    const { name, record } = await oneKey("revoke");
    await store.remove(name);
    console.log(`revoked ${name.slice(4, 16)} (account ${record?.account_id ?? "?"})`);
  } else if (command === "advance") {
    const { name, record } = await oneKey("advance");
    if (!record?.clock) throw new Error(`${name.slice(4, 16)} is not a clock key`);
    if (!values.to) throw new Error("advance needs --to DATE");
    const moved = { ...record, clock: advancedClock(record.clock, values.to) };
    await store.put(name, moved);
    console.log(`${name.slice(4, 16)}${clockText(moved)} (was ${record.clock.horizon}; answers follow within 30 s)`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await store.close();
}
