// The Durable Object of an API key: its rate-limit window (src/rate-window.ts), snapshotted in the
// object's synchronous key-value storage.
import { DurableObject } from "cloudflare:workers";
import { SETTLE_MS, SlidingWindow, type RateGrant, type WindowSnapshot } from "./rate-window.ts";

export class RateLimiter extends DurableObject {
  private window: SlidingWindow | undefined;
  private settleTimer: ReturnType<typeof setTimeout> | undefined;

  hit(limit: number, count = 1): RateGrant {
    const kv = this.ctx.storage.kv;
    this.window ??= new SlidingWindow({
      load: () => kv.get<WindowSnapshot>("window"),
      save: (snapshot) => kv.put("window", snapshot),
    });
    const decision = this.window.hit(Date.now(), limit, count);
    if (decision.allowed && !this.settleTimer) {
      this.settleTimer = setTimeout(() => {
        this.settleTimer = undefined;
        this.window?.settle(Date.now());
      }, SETTLE_MS);
    }
    return decision;
  }
}
