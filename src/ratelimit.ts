// One Durable Object per API key holds that key's rolling 60-second window as a log of admitted
// request times. The log is kept in the object's SQLite storage, so it survives the object being
// evicted when idle and the runtime restarting; a copy in memory answers without reading it back.
// SQLite calls in a Durable Object are synchronous and `hit` never awaits, so each decision sees
// every earlier one: the limit is exact under any concurrency.
import { DurableObject } from "cloudflare:workers";

export const WINDOW_MS = 60_000;

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until a slot frees up (only meaningful when not allowed). */
  retryAfter: number;
}

/** Durable storage of the admitted times. */
export interface AdmissionLog {
  /** Admitted times after `since`, ascending. */
  load(since: number): number[];
  append(time: number): void;
  /** Forget times at or before `until`. */
  forget(until: number): void;
}

/** The window itself, free of the runtime so it can be unit-tested. */
export class SlidingWindow {
  private readonly log: AdmissionLog | undefined;
  private times: number[] | undefined;
  private head = 0;

  constructor(log?: AdmissionLog) {
    this.log = log;
  }

  hit(now: number, limit: number): RateDecision {
    const cutoff = now - WINDOW_MS;
    this.times ??= this.log?.load(cutoff) ?? [];
    const times = this.times;
    const expiredBefore = this.head;
    while (this.head < times.length && times[this.head] <= cutoff) this.head++;
    if (this.head > expiredBefore) this.log?.forget(cutoff);
    if (this.head > 1024 && this.head * 2 > times.length) {
      this.times = times.slice(this.head);
      this.head = 0;
    }
    const used = this.times.length - this.head;
    if (used >= limit) {
      const oldest = this.times[this.times.length - limit];
      const retryAfter = Math.max(1, Math.ceil((oldest + WINDOW_MS - now) / 1000));
      return { allowed: false, limit, remaining: 0, retryAfter };
    }
    this.times.push(now);
    this.log?.append(now);
    return { allowed: true, limit, remaining: limit - used - 1, retryAfter: 0 };
  }
}

/** The admission log in a SQLite-backed Durable Object's storage. */
function sqlLog(sql: SqlStorage): AdmissionLog {
  sql.exec("CREATE TABLE IF NOT EXISTS admitted (time INTEGER NOT NULL)");
  sql.exec("CREATE INDEX IF NOT EXISTS admitted_time ON admitted (time)");
  return {
    load: (since) =>
      sql
        .exec<{ time: number }>("SELECT time FROM admitted WHERE time > ? ORDER BY time", since)
        .toArray()
        .map((r) => r.time),
    append: (time) => void sql.exec("INSERT INTO admitted (time) VALUES (?)", time),
    forget: (until) => void sql.exec("DELETE FROM admitted WHERE time <= ?", until),
  };
}

export class RateLimiter extends DurableObject {
  private window: SlidingWindow | undefined;

  hit(limit: number): RateDecision {
    this.window ??= new SlidingWindow(sqlLog(this.ctx.storage.sql));
    return this.window.hit(Date.now(), limit);
  }
}
