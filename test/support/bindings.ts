// The worker's bindings faked in Node, for app.request(): a key store that knows every key (one
// record), a rate limiter that always allows, and a bundle store over `read` (store key -> bytes).
import type { KeyRecord } from "../../src/keys.ts";

const record: KeyRecord = { account_id: "acct", rate_limit_per_minute: 100_000, label: "t", created: "t" };

export function bindingsOver(read: (key: string) => Uint8Array | null) {
  return {
    ENVIRONMENT: "test",
    KEYS: { get: async () => record },
    RATE_LIMITER: {
      idFromName: () => "id",
      get: () => ({
        hit: async (limit: number) => ({ allowed: true, limit, remaining: 1, retryAfter: 0, granted: 1 }),
      }),
    },
    BUNDLE_FILES: {
      fetch: async (url: string) => {
        const bytes = read(new URL(url).pathname.slice(1));
        return bytes ? new Response(bytes) : new Response("not found", { status: 404 });
      },
    },
  };
}
