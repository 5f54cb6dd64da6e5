import { describe, expect, it, vi } from "vitest";

// The Durable Object class imports the workerd runtime; the window it wraps is plain code.
vi.mock("cloudflare:workers", () => ({ DurableObject: class {} }));
const { SlidingWindow, WINDOW_MS } = await import("../src/ratelimit.ts");

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
  /** An in-memory stand-in for the Durable Object's SQLite table. */
  function memoryLog() {
    let rows: number[] = [];
    return {
      rows: () => rows,
      load: (since: number) => rows.filter((t) => t > since),
      append: (t: number) => void rows.push(t),
      forget: (until: number) => void (rows = rows.filter((t) => t > until)),
    };
  }

  it("continues the same window in a new object (eviction) and forgets what left it", () => {
    const log = memoryLog();
    const before = new SlidingWindow(log);
    expect([0, 1, 2, 3].map((t) => before.hit(t, 3).allowed)).toEqual([true, true, true, false]);
    const after = new SlidingWindow(log); // the object was evicted and comes back
    expect(after.hit(12_000, 3)).toMatchObject({ allowed: false, remaining: 0 });
    expect(after.hit(WINDOW_MS + 1, 3)).toMatchObject({ allowed: true, remaining: 1 }); // t=0 and t=1 have left
    expect(log.rows()).toEqual([2, WINDOW_MS + 1]);
  });
});
