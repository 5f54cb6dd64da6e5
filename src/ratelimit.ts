// One Durable Object per API key holds that key's rolling 60-second window as a log of admitted
// request times. A Durable Object runs one call at a time and `hit` never awaits, so each decision
// sees every earlier one: the limit is exact under any concurrency.
import { DurableObject } from "cloudflare:workers";

export const WINDOW_MS = 60_000;

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until a slot frees up (only meaningful when not allowed). */
  retryAfter: number;
}

/** The window itself, free of the runtime so it can be unit-tested. */
export class SlidingWindow {
  private times: number[] = [];
  private head = 0;

  hit(now: number, limit: number): RateDecision {
    while (this.head < this.times.length && this.times[this.head] <= now - WINDOW_MS) this.head++;
    if (this.head > 1024 && this.head * 2 > this.times.length) {
      this.times = this.times.slice(this.head);
      this.head = 0;
    }
    const used = this.times.length - this.head;
    if (used >= limit) {
      const oldest = this.times[this.times.length - limit];
      const retryAfter = Math.max(1, Math.ceil((oldest + WINDOW_MS - now) / 1000));
      return { allowed: false, limit, remaining: 0, retryAfter };
    }
    this.times.push(now);
    return { allowed: true, limit, remaining: limit - used - 1, retryAfter: 0 };
  }
}

export class RateLimiter extends DurableObject {
  private readonly window = new SlidingWindow();

  hit(limit: number): RateDecision {
    return this.window.hit(Date.now(), limit);
  }
}
