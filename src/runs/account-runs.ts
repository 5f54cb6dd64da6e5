// The Durable Object of an account's runs: the ids it opened, in order, so that `GET /runs` lists
// them at once (a KV listing may lag its writes by a minute on a deployment); and the score of each
// run once finished, which `GET /leaderboard` reads in one call instead of one per run.
import { DurableObject } from "cloudflare:workers";
import type { Score } from "./score.ts";

/** The most runs an account lists (its newest). */
export const LISTED_RUNS = 200;

/** A finished run as the leaderboard reads it. */
export interface ScoredRun {
  run_id: string;
  agent: string;
  selection: string | null;
  scenario_id: string;
  start_date: string;
  end_date: string;
  score: Score;
}

const SCORED = "scored:";

export class AccountRuns extends DurableObject {
  add(runId: string): void {
    const ids = this.ctx.storage.kv.get<string[]>("runs") ?? [];
    if (!ids.includes(runId)) this.ctx.storage.kv.put("runs", [...ids, runId]);
  }

  /** Newest first. */
  list(): string[] {
    return [...(this.ctx.storage.kv.get<string[]>("runs") ?? [])].reverse().slice(0, LISTED_RUNS);
  }

  /** Keeps a finished run's score; written again by a retried finish, to the same value. */
  scored(run: ScoredRun): void {
    this.ctx.storage.kv.put(SCORED + run.run_id, run);
  }

  /** Every finished run's score, by run id. */
  scoredRuns(): ScoredRun[] {
    return [...this.ctx.storage.kv.list<ScoredRun>({ prefix: SCORED })].map(([, run]) => run);
  }
}
