import { describe, expect, it } from "vitest";
import {
  LEASE_MS,
  reservation,
  SlidingWindow,
  WINDOW_MS,
  type WindowSnapshot as Snapshot,
} from "../../src/rate-window.ts";

describe("rolling 60-second window", () => {
  it("admits exactly `limit` requests with decreasing remaining, then refuses", () => {
    const w = new SlidingWindow();
    const decisions = Array.from({ length: 5 }, (_, i) => w.hit(1000 + i, 3));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false, false]);
    expect(decisions.map((d) => d.remaining)).toEqual([2, 1, 0, 0, 0]);
  });

  it("frees slots as the oldest requests leave the window, not all at once", () => {
    const w = new SlidingWindow();
    w.hit(0, 2);
    w.hit(30_000, 2);
    const refused = w.hit(59_000, 2);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfter).toBe(1); // the request at t=0 leaves at t=60s
    expect(w.hit(WINDOW_MS, 2).allowed).toBe(true); // t=0 has left
    expect(w.hit(WINDOW_MS + 1, 2).allowed).toBe(false); // t=30s still inside
    expect(w.hit(30_000 + WINDOW_MS, 2).allowed).toBe(true);
  });

  it("reports Retry-After up to the full window", () => {
    const w = new SlidingWindow();
    w.hit(0, 1);
    expect(w.hit(1, 1).retryAfter).toBe(60);
  });
});

describe("window held in durable storage", () => {
  /** An in-memory stand-in for the Durable Object's storage that counts writes. */
  function memoryStore() {
    const store = {
      snapshot: undefined as Snapshot | undefined,
      writes: 0,
      load: () => store.snapshot,
      save: (s: Snapshot) => {
        store.writes++;
        store.snapshot = structuredClone(s);
      },
    };
    return store;
  }

  it("continues the same window in a new object after eviction", () => {
    const store = memoryStore();
    const before = new SlidingWindow(store);
    expect([0, 1, 2, 3].map((t) => before.hit(t, 3).allowed)).toEqual([true, true, true, false]);
    before.settle(1_000);
    const after = new SlidingWindow(store); // evicted after idling, then asked again
    expect(after.hit(12_000, 3)).toMatchObject({ allowed: false, remaining: 0 });
    expect(after.hit(WINDOW_MS + 1_000, 3)).toMatchObject({ allowed: true, remaining: 2 }); // all three have left
  });

  it("never admits more than the limit across an abrupt restart, losing at most one reserved block", () => {
    for (const limit of [3, 20, 100, 1000]) {
      for (const admittedBefore of [1, Math.floor(limit / 2), limit - 1]) {
        const store = memoryStore();
        const before = new SlidingWindow(store);
        for (let i = 0; i < admittedBefore; i++) expect(before.hit(1_000 + i, limit).allowed).toBe(true);
        const after = new SlidingWindow(store); // restarted with no settle
        let admitted = 0;
        while (after.hit(5_000, limit).allowed) admitted++;
        expect(admittedBefore + admitted, `${limit}/${admittedBefore}`).toBeLessThanOrEqual(limit);
        expect(admittedBefore + admitted, `${limit}/${admittedBefore}`).toBeGreaterThanOrEqual(
          limit - reservation(limit),
        );
      }
    }
  });

  it("restores tokens logged ahead no earlier than they were logged", () => {
    const store = memoryStore();
    const before = new SlidingWindow(store);
    before.hit(0, 3, 3); // the caller at 0, two tokens at LEASE_MS
    before.settle(0);
    const after = new SlidingWindow(store); // restarted before the tokens' time
    after.hit(500, 1_000); // reads the log back
    // At 61.5 s the first caller (logged at 0) has left; the two tokens (logged at 1 s) and the
    // admission after the restart (logged after them) have not: 3 of 4 used.
    expect(after.hit(WINDOW_MS + 1_500, 4)).toMatchObject({ allowed: true, remaining: 0 });
  });

  it("writes once per reserved block, and once more to settle", () => {
    const store = memoryStore();
    const w = new SlidingWindow(store);
    for (let i = 0; i < 1000; i++) w.hit(i, 10_000);
    expect(store.writes).toBe(1000 / reservation(10_000));
    w.settle(2_000);
    expect(store.writes).toBe(1000 / reservation(10_000) + 1);
    expect(store.snapshot?.ahead).toBe(0);
    w.settle(2_500);
    expect(store.writes).toBe(1000 / reservation(10_000) + 1); // nothing new to write
  });
});

describe("admissions granted ahead", () => {
  it("grants the caller and tokens up to the room left, counting all of them", () => {
    const w = new SlidingWindow();
    expect(w.hit(0, 10, 4)).toEqual({ allowed: true, limit: 10, remaining: 6, retryAfter: 0, granted: 4 });
    expect(w.hit(1, 10, 8)).toMatchObject({ allowed: true, remaining: 0, granted: 6 });
    expect(w.hit(2, 10, 3)).toMatchObject({ allowed: false, remaining: 0, granted: 0 });
  });

  it("logs tokens at the end of their lease: they leave the window that much later than the caller", () => {
    const w = new SlidingWindow();
    w.hit(0, 3, 3); // the caller at 0, two tokens at LEASE_MS
    expect(w.hit(WINDOW_MS, 3)).toMatchObject({ allowed: true, granted: 1 }); // the caller has left
    expect(w.hit(WINDOW_MS + LEASE_MS - 1, 3).allowed).toBe(false); // the tokens have not
    expect(w.hit(WINDOW_MS + LEASE_MS, 3)).toMatchObject({ allowed: true, granted: 1 });
  });

  it("never logs an admission before one already logged, so the log stays in order", () => {
    const w = new SlidingWindow();
    w.hit(0, 4, 2); // a token at LEASE_MS
    w.hit(10, 4); // logged at LEASE_MS too, not 10
    expect(w.hit(WINDOW_MS + 10, 4)).toMatchObject({ allowed: true, remaining: 1 }); // 0 has left; two at LEASE_MS remain
    expect(w.hit(WINDOW_MS + LEASE_MS, 4)).toMatchObject({ allowed: true, remaining: 2 }); // and now they have too
  });
});
