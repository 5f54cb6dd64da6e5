// API keys are stored in KV only as SHA-256 hashes, each mapped to its account and per-minute limit.
// Shared by the worker (lookup) and the key-management scripts (create, list, revoke).

export interface KeyRecord {
  account_id: string;
  rate_limit_per_minute: number;
  label: string;
  created: string;
}

export const DEFAULT_RATE_LIMIT_PER_MINUTE = 60;

export async function hashApiKey(key: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(key));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export function keyRecordName(hash: string): string {
  return `key:${hash}`;
}
