// API keys are stored in KV only as SHA-256 hashes, each mapped to its account and per-minute limit.
// Shared by the worker (lookup) and the key-management scripts (create, list, revoke).

export interface KeyRecord {
  account_id: string;
  rate_limit_per_minute: number;
  label: string;
  created: string;
  /** A clock key's binding (docs/clock-keys.md); absent for an ordinary key. */
  clock?: Clock;
  /** A run key's run (docs/runs.md): its clock's horizon is the run's day, read from the run at each request. */
  run?: { run_id: string };
}

/**
 * A clock key reads one scenario, and nothing after its horizon: an evaluator's agent cannot see
 * the future even by asking for a later date. The horizon moves forward only.
 */
export interface Clock {
  scenario_id: string;
  /** YYYY-MM-DD: the last date any answer to the key may show. */
  horizon: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `text` if it is a real calendar date (YYYY-MM-DD); an Error naming `what` otherwise. */
export function calendarDate(text: string, what: string): string {
  const time = DATE.test(text) ? Date.parse(`${text}T00:00:00Z`) : NaN;
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== text)
    throw new Error(`${what} must be a date (YYYY-MM-DD), not '${text}'`);
  return text;
}

/** The clock moved to `to`: an Error for a date that is not one, or earlier than its horizon (a clock never goes back). */
export function advancedClock(clock: Clock, to: string): Clock {
  calendarDate(to, "the new horizon");
  if (to < clock.horizon) throw new Error(`a clock moves forward only: ${to} is before its horizon ${clock.horizon}`);
  return { ...clock, horizon: to };
}

export const DEFAULT_RATE_LIMIT_PER_MINUTE = 60;

export async function hashApiKey(key: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(key));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export function keyRecordName(hash: string): string {
  return `key:${hash}`;
}

/** Writes a key's record under its name, with the record as the entry's metadata (what a key listing reads). */
export function putKeyRecord(
  kv: { put(name: string, value: string, options: { metadata: unknown }): Promise<void> },
  name: string,
  record: KeyRecord,
): Promise<void> {
  return kv.put(name, JSON.stringify(record), { metadata: record });
}

/** Stores a key (only its SHA-256 is kept) with its record. */
export async function storeKey(kv: Parameters<typeof putKeyRecord>[0], key: string, record: KeyRecord): Promise<void> {
  await putKeyRecord(kv, keyRecordName(await hashApiKey(key)), record);
}

/** A new key's secret: 24 random bytes, base64url, after `sm_` (shown once; only its hash is kept). */
export function newKeySecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return `sm_${btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "")}`;
}

/** A new key's record: a clock key when given a scenario and a horizon (both or neither; an Error otherwise). */
export function newKeyRecord(fields: {
  account_id: string;
  rate_limit_per_minute?: number;
  label?: string;
  scenario_id?: string;
  horizon?: string;
}): KeyRecord {
  if (Boolean(fields.scenario_id) !== Boolean(fields.horizon))
    throw new Error("a clock key needs both a scenario and a horizon");
  return {
    account_id: fields.account_id,
    rate_limit_per_minute: fields.rate_limit_per_minute ?? DEFAULT_RATE_LIMIT_PER_MINUTE,
    label: fields.label ?? "",
    created: new Date().toISOString().slice(0, 10),
    ...(fields.scenario_id
      ? { clock: { scenario_id: fields.scenario_id, horizon: calendarDate(fields.horizon!, "the horizon") } }
      : {}),
  };
}
