// The Durable Object of an account's runs: the ids it opened, in order, so that `GET /runs` lists
// them at once (a KV listing may lag its writes by a minute on a deployment).
import { DurableObject } from "cloudflare:workers";

/** The most runs an account lists (its newest). */
export const LISTED_RUNS = 200;

export class AccountRuns extends DurableObject {
  add(runId: string): void {
    const ids = this.ctx.storage.kv.get<string[]>("runs") ?? [];
    if (!ids.includes(runId)) this.ctx.storage.kv.put("runs", [...ids, runId]);
  }

  /** Newest first. */
  list(): string[] {
    return [...(this.ctx.storage.kv.get<string[]>("runs") ?? [])].reverse().slice(0, LISTED_RUNS);
  }
}
