// Admissions a key's Durable Object granted ahead, kept in the isolate for requests of the same key
// that arrive while others are in flight (until decided). A round trip to the object cost about
// 0.3 ms of CPU, a fifth of an uncached answer's; under concurrent load most requests are now decided
// without one. A client sending one request at a time asks the object every time, so what it sees
// stays exact; and the object logs tokens as used at the end of their lease (src/rate-window.ts), so
// no window admits more than the limit. A request the object refuses takes a token still held, so a
// burst that arrives all at once is admitted exactly up to the limit. A token left unused when its
// lease ends is lost, so a lease is sized to a quarter second of the rate at which the last was used.
import { LEASE_MS, reservation, type RateDecision, type RateGrant } from "../rate-window.ts";

interface Lease {
  /** Tokens granted with the asker's own admission. */
  granted: number;
  /** Tokens not handed out yet. */
  tokens: number;
  /** What the object had left after granting them: the last token's Remaining. */
  remaining: number;
  limit: number;
  /** When they were asked for, and when they can no longer be used (the object logged them then). */
  asked: number;
  expires: number;
}

interface KeyLeases {
  inFlight: number;
  /** Whether an ask for tokens ahead is out: one at a time, so a burst cannot lose a lease per request. */
  leasing: boolean;
  /** How many admissions the next call asks for when others are in flight (its own and tokens). */
  size: number;
  leases: Lease[];
}

/** The least a call asks for when others are in flight: its own admission and one token. */
const MIN_LEASE = 2;
/** Leases are sized to last this long at the rate the last one was used: tokens rarely outlive them. */
const LEASE_TARGET_MS = LEASE_MS / 4;

/**
 * The next lease's size: a quarter second of the rate at which `lease` served `used` tokens in `ms`,
 * at most twice the admissions it covered (the isolate's clock moves only with I/O: a lease used up "at once"
 * says little of the rate).
 */
const sized = (lease: Lease, used: number, ms: number) =>
  Math.min(
    Math.max(MIN_LEASE, Math.round((used * LEASE_TARGET_MS) / Math.max(ms, 1))),
    2 * (used + 1), // the tokens it served and its asker's own admission
    reservation(lease.limit),
  );

/** Keys with nothing in flight and no live lease are forgotten once this many are held. */
const SWEEP_AT = 1_000;

export class RateLeases {
  private readonly keys = new Map<string, KeyLeases>();

  /** A request of the key starts (every begin is followed by one end). */
  begin(hash: string): void {
    let key = this.keys.get(hash);
    if (!key) {
      if (this.keys.size >= SWEEP_AT) this.sweep(Date.now());
      this.keys.set(hash, (key = { inFlight: 0, leasing: false, size: MIN_LEASE, leases: [] }));
    }
    key.inFlight++;
  }

  end(hash: string): void {
    const key = this.keys.get(hash);
    if (key) key.inFlight--;
  }

  /**
   * A request's decision: a token held, else the object's (`ask`, for `count` admissions: tokens
   * ahead when others of the key are in flight). A request the object refuses takes a token held by
   * then, if any: asks that went out together come back refused while tokens granted to the first
   * of them are still held.
   */
  decide(
    hash: string,
    limit: number,
    clock: () => number,
    ask: (count: number) => Promise<RateGrant>,
  ): RateDecision | Promise<RateDecision> {
    const asked = clock();
    const held = this.take(hash, limit, asked);
    if (held) return held;
    const count = this.want(hash, limit);
    const leasing = count > 1 ? this.keys.get(hash) : undefined;
    if (leasing) leasing.leasing = true;
    const answered = leasing ? ask(count).finally(() => (leasing.leasing = false)) : ask(count);
    return answered.then((grant) => {
      const decision = this.keep(hash, grant, asked);
      return decision.allowed ? decision : (this.take(hash, limit, clock()) ?? decision);
    });
  }

  /** An admission from a live lease granted under the same limit, or undefined (ask the object). */
  private take(hash: string, limit: number, now: number): RateDecision | undefined {
    const key = this.keys.get(hash);
    if (!key) return undefined;
    this.expire(key, now);
    const lease = key.leases.find((l) => l.limit === limit);
    if (!lease) return undefined;
    lease.tokens--;
    if (lease.tokens === 0) {
      key.leases.splice(key.leases.indexOf(lease), 1);
      key.size = sized(lease, lease.granted, now - lease.asked);
    }
    return { allowed: true, limit, remaining: lease.remaining + lease.tokens, retryAfter: 0 };
  }

  /** How many admissions to ask the object for: one, unless others of the key are in flight and no ask for tokens is out. */
  private want(hash: string, limit: number): number {
    const key = this.keys.get(hash);
    return key && key.inFlight > 1 && !key.leasing ? Math.min(key.size, reservation(limit)) : 1;
  }

  /**
   * The object's grant, asked for at `asked`: the caller's own decision (the first of its slots),
   * the rest kept as a lease until LEASE_MS after the ask (the object logged them at that end).
   */
  private keep(hash: string, grant: RateGrant, asked: number): RateDecision {
    const { allowed, limit, remaining, retryAfter, granted } = grant;
    const key = this.keys.get(hash);
    if (granted > 1 && key)
      key.leases.push({
        granted: granted - 1,
        tokens: granted - 1,
        remaining,
        limit,
        asked,
        expires: asked + LEASE_MS,
      });
    return { allowed, limit, remaining: allowed ? remaining + granted - 1 : remaining, retryAfter };
  }

  /** Leases past their end are dropped, their tokens unused lost; the next is sized by what they served. */
  private expire(key: KeyLeases, now: number): void {
    for (const lease of key.leases.filter((l) => l.expires <= now)) {
      key.leases.splice(key.leases.indexOf(lease), 1);
      key.size = sized(lease, lease.granted - lease.tokens, LEASE_MS);
    }
  }

  private sweep(now: number): void {
    for (const [hash, key] of this.keys) {
      this.expire(key, now);
      if (key.inFlight === 0 && key.leases.length === 0) this.keys.delete(hash);
    }
  }
}
