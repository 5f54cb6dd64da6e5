import { describe, expect, it } from "vitest";
import { RateLeases } from "../../src/http/rate-leases.ts";
import { LEASE_MS, SlidingWindow, type RateDecision, type RateGrant } from "../../src/rate-window.ts";

// The isolate's side of rate limiting against the real window, as the key's Durable Object holds it:
// what each request is told, how often the object is asked, and that nothing beyond the limit passes.
function isolate(limit: number) {
  const window = new SlidingWindow();
  const leases = new RateLeases();
  let time = 0;
  let asks = 0;
  /** Asks sent and not answered yet: the object answers them in order (`answerAll`). */
  const pending: (() => void)[] = [];
  const ask = (count: number) => {
    asks++;
    const at = time;
    return new Promise<RateGrant>((resolve) => pending.push(() => resolve(window.hit(at, limit, count))));
  };
  // Each answer is its own event, as an I/O completion is in workerd: the isolate has done all it
  // does with one answer before it reads the next.
  let answering: Promise<void> | undefined;
  const answerAll = async () => {
    answering ??= (async () => {
      while (pending.length) {
        pending.shift()!();
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const driving = answering;
    await driving;
    if (answering === driving) answering = undefined;
  };
  /** A request starting at `at`, decided as requireApiKey does; in flight until `end`. */
  const start = (at: number) => {
    time = at;
    leases.begin("k");
    const deciding = Promise.resolve(leases.decide("k", limit, () => time, ask));
    return {
      async answer(): Promise<RateDecision> {
        await answerAll();
        return deciding;
      },
      end: () => leases.end("k"),
    };
  };
  return { start, asks: () => asks };
}

describe("tokens an isolate holds ahead", () => {
  it("asks the object for each request of a client that sends one at a time: every count exact", async () => {
    const { start, asks } = isolate(1000);
    const remaining: number[] = [];
    for (let i = 0; i < 30; i++) {
      const r = start(i * 10);
      remaining.push((await r.answer()).remaining);
      r.end();
    }
    expect(remaining).toEqual(Array.from({ length: 30 }, (_, i) => 999 - i));
    expect(asks()).toBe(30);
  });

  it("decides most requests of a concurrent stream from tokens, each with its own Remaining", async () => {
    const { start, asks } = isolate(100_000);
    const inFlight: ReturnType<typeof start>[] = [];
    const remaining: number[] = [];
    for (let i = 0; i < 2000; i++) {
      const r = start(Math.floor(i / 4)); // 16 in flight: one ends as each arrives
      remaining.push((await r.answer()).remaining);
      inFlight.push(r);
      if (inFlight.length >= 16) inFlight.shift()!.end();
    }
    expect(asks()).toBeLessThan(50);
    expect(new Set(remaining).size).toBe(2000);
    // Tokens not handed out yet are counted: at most one lease (a twentieth of the limit) below the truth.
    expect(Math.min(...remaining)).toBeGreaterThanOrEqual(100_000 - 2000 - 5000);
  });

  it("never refuses a concurrent stream below its key's limit: tokens outlive their leases only at its end", async () => {
    const { start } = isolate(1000);
    const inFlight: ReturnType<typeof start>[] = [];
    let refused = 0;
    for (let i = 0; i < 950; i++) {
      const r = start(i * 63); // 950 in 60 s, 16 at a time
      if (!(await r.answer()).allowed) refused++;
      inFlight.push(r);
      if (inFlight.length >= 16) inFlight.shift()!.end();
    }
    expect(refused).toBe(0);
  });

  it("loses at most one lease of a burst below the limit: one ask for tokens is out at a time", async () => {
    const { start } = isolate(60); // a lease is at most 3
    const burst = Array.from({ length: 12 }, () => start(0));
    const decisions = await Promise.all(burst.map((r) => r.answer()));
    expect(decisions.every((d) => d.allowed)).toBe(true);
    for (const r of burst) r.end();
    // 12 admitted and at most 2 tokens held unused: what a later request is told counts them.
    expect((await start(2 * LEASE_MS).answer()).remaining).toBeGreaterThanOrEqual(60 - 12 - 2 - 1);
  });

  it("admits exactly the limit of a burst whose asks all go out first: the refused take the tokens left", async () => {
    const { start, asks } = isolate(100);
    const burst = Array.from({ length: 150 }, () => start(0));
    const decisions = await Promise.all(burst.map((r) => r.answer()));
    expect(asks()).toBe(150);
    const ok = decisions.filter((d) => d.allowed);
    expect(ok).toHaveLength(100);
    expect(ok.map((d) => d.remaining).sort((a, b) => b - a)).toEqual(Array.from({ length: 100 }, (_, i) => 99 - i));
    expect(decisions.filter((d) => !d.allowed).every((d) => d.remaining === 0 && d.retryAfter > 0)).toBe(true);
  });

  it("hands out a token until its lease ends; one unused by then is lost, still counted", async () => {
    const used = isolate(1000);
    await used.start(0).answer(); // alone in flight: asks for itself only
    await used.start(0).answer(); // another in flight: asks for itself and a token
    expect(used.asks()).toBe(2);
    expect((await used.start(LEASE_MS - 1).answer()).remaining).toBe(997); // the token, no ask
    expect(used.asks()).toBe(2);

    const lost = isolate(1000);
    await lost.start(0).answer();
    await lost.start(0).answer();
    const late = await lost.start(LEASE_MS).answer(); // the lease has ended: asks again
    expect(lost.asks()).toBe(3);
    expect(late.remaining).toBe(1000 - 1 - 2 - 1); // the unused token is counted
  });
});
