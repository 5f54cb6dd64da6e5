// One Durable Object per API key holds that key's rolling 60-second window as a log of admitted
// request times, in memory, and a snapshot of it in the object's storage, so that it survives the
// object being evicted when idle and the runtime restarting. A Durable Object runs one call at a
// time and `hit` never awaits (storage calls are synchronous), so each decision sees every earlier
// one: the limit is exact under any concurrency.
//
// Writing the snapshot on every request would cost about a third of a request's time, so the
// snapshot reserves admissions ahead: it is written once per block of admissions, and counts the
// block as if admitted at the moment the log is read back. After an abrupt restart a key may thus
// lose up to one block (5% of its limit) for up to a minute, and can never gain any. Within a second
// of any admission the exact log is written too, so eviction (which only follows idleness) loses
// nothing.
import { DurableObject } from "cloudflare:workers";

export const WINDOW_MS = 60_000;
/** How long a key is idle before its exact log is written. */
export const SETTLE_MS = 1_000;

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until a slot frees up (only meaningful when not allowed). */
  retryAfter: number;
}

/** What storage holds: admitted times as [second, count], and admissions granted after them. */
export interface WindowSnapshot {
  seconds: [number, number][];
  ahead: number;
}

export interface WindowStore {
  load(): WindowSnapshot | undefined;
  save(snapshot: WindowSnapshot): void;
}

/** Admissions one snapshot may grant ahead: a twentieth of the limit. */
export const reservation = (limit: number) => Math.max(1, Math.floor(limit / 20));

/** The window itself, free of the runtime so it can be unit-tested. */
export class SlidingWindow {
  private readonly store: WindowStore | undefined;
  private times: number[] | undefined;
  private head = 0;
  /** Admissions the last snapshot still covers. */
  private granted = 0;
  /** Whether admissions happened since the last exact snapshot. */
  private dirty = false;

  constructor(store?: WindowStore) {
    this.store = store;
  }

  hit(now: number, limit: number): RateDecision {
    const times = this.live(now);
    const used = times.length - this.head;
    if (used >= limit) {
      const oldest = times[times.length - limit];
      const retryAfter = Math.max(1, Math.ceil((oldest + WINDOW_MS - now) / 1000));
      return { allowed: false, limit, remaining: 0, retryAfter };
    }
    times.push(now);
    this.dirty = true;
    if (this.granted > 0) this.granted--;
    else {
      this.granted = reservation(limit) - 1;
      this.save(this.granted);
    }
    return { allowed: true, limit, remaining: limit - used - 1, retryAfter: 0 };
  }

  /** Write the exact log (nothing granted ahead); the owner calls it shortly after admissions. */
  settle(now: number): void {
    if (!this.dirty) return;
    this.live(now);
    this.granted = 0;
    this.save(0);
    this.dirty = false;
  }

  /** The log without what has left the window; read from storage the first time. */
  private live(now: number): number[] {
    this.times ??= this.restore(now);
    const cutoff = now - WINDOW_MS;
    while (this.head < this.times.length && this.times[this.head] <= cutoff) this.head++;
    if (this.head > 1024 && this.head * 2 > this.times.length) {
      this.times = this.times.slice(this.head);
      this.head = 0;
    }
    return this.times;
  }

  /** Logged admissions at the end of their second, granted ones now: no earlier than they were. */
  private restore(now: number): number[] {
    const snapshot = this.store?.load();
    if (!snapshot) return [];
    const times: number[] = [];
    for (const [second, count] of snapshot.seconds) {
      for (let i = 0; i < count; i++) times.push(Math.min(second * 1000 + 999, now));
    }
    for (let i = 0; i < snapshot.ahead; i++) times.push(now);
    return times;
  }

  private save(ahead: number): void {
    if (!this.store || !this.times) return;
    const seconds: [number, number][] = [];
    for (let i = this.head; i < this.times.length; i++) {
      const second = Math.floor(this.times[i] / 1000);
      const last = seconds[seconds.length - 1];
      if (last && last[0] === second) last[1]++;
      else seconds.push([second, 1]);
    }
    this.store.save({ seconds, ahead });
  }
}

export class RateLimiter extends DurableObject {
  private window: SlidingWindow | undefined;
  private settleTimer: ReturnType<typeof setTimeout> | undefined;

  hit(limit: number): RateDecision {
    const kv = this.ctx.storage.kv;
    this.window ??= new SlidingWindow({
      load: () => kv.get<WindowSnapshot>("window"),
      save: (snapshot) => kv.put("window", snapshot),
    });
    const decision = this.window.hit(Date.now(), limit);
    if (decision.allowed && !this.settleTimer) {
      this.settleTimer = setTimeout(() => {
        this.settleTimer = undefined;
        this.window?.settle(Date.now());
      }, SETTLE_MS);
    }
    return decision;
  }
}
