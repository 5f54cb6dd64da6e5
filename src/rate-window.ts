// The rate-limit window, free of the runtime (src/ratelimit.ts is the Durable Object that holds it).
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
//
// A call may ask for more than one admission: the caller's, and tokens its isolate hands to requests
// of the same key that arrive while others are in flight (src/http/rate-leases.ts). Tokens are
// logged as admitted at the end of their lease, the latest they can be used, so no window ever
// admits more than the limit; a token never used is lost, never regained.
export const WINDOW_MS = 60_000;
/** How long a key is idle before its exact log is written. */
export const SETTLE_MS = 1_000;
/** How long tokens granted ahead may be used by the isolate that asked for them. */
export const LEASE_MS = 1_000;

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until a slot frees up (only meaningful when not allowed). */
  retryAfter: number;
}

/** A decision on a call for `count` admissions: how many were granted (the caller's first). */
export interface RateGrant extends RateDecision {
  granted: number;
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

  /**
   * Admits the caller and up to `count - 1` tokens ahead, as the window has room: the caller's
   * admission is logged now, tokens at the end of their lease (never before an entry already logged).
   */
  hit(now: number, limit: number, count = 1): RateGrant {
    const times = this.live(now);
    const used = times.length - this.head;
    if (used >= limit) {
      const oldest = times[times.length - limit];
      const retryAfter = Math.max(1, Math.ceil((oldest + WINDOW_MS - now) / 1000));
      return { allowed: false, limit, remaining: 0, retryAfter, granted: 0 };
    }
    const granted = Math.min(Math.max(1, count), limit - used);
    const last = times.length > this.head ? times[times.length - 1] : -Infinity;
    times.push(Math.max(now, last));
    for (let i = 1; i < granted; i++) times.push(Math.max(now + LEASE_MS, last));
    this.dirty = true;
    if (this.granted >= granted) this.granted -= granted;
    else {
      this.granted = reservation(limit) - 1;
      this.save(this.granted);
    }
    return { allowed: true, limit, remaining: limit - used - granted, retryAfter: 0, granted };
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

  /**
   * Logged admissions at the end of their second (tokens may be logged up to a lease ahead of now),
   * granted ones now or after the last logged: each no earlier than it was.
   */
  private restore(now: number): number[] {
    const snapshot = this.store?.load();
    if (!snapshot) return [];
    const times: number[] = [];
    for (const [second, count] of snapshot.seconds) {
      for (let i = 0; i < count; i++) times.push(second * 1000 + 999);
    }
    const granted = Math.max(now, times.length ? times[times.length - 1] : now);
    for (let i = 0; i < snapshot.ahead; i++) times.push(granted);
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
