// The TypeScript client (clients/typescript) against workerd: its generated types are those of the
// live document, its calls are typed by the route declarations, `paginate` stops at the caller's
// limit, 429s are waited out as Retry-After says, and the clock only moves forward.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { CLIENT_TYPES, clientTypes } from "../../build/clients/types.ts";
import { ApiError, createSynthClient, retryingFetch, startRun } from "../../clients/typescript/src/index.ts";
import { base, body, BRANCH, KEY, MEGACAP } from "./client.ts";

/** A client whose requests are counted. */
function counted() {
  const sent: string[] = [];
  const client = createSynthClient({
    baseUrl: base,
    apiKey: KEY,
    fetch: (input, init) => {
      sent.push(new Request(input, init).url);
      return fetch(input, init);
    },
  });
  return { client, sent };
}

describe("the TypeScript client", () => {
  it("has the types of the live OpenAPI document (npm run build:client)", async () => {
    const live = await (await fetch(`${base}/openapi.json`)).json();
    expect(readFileSync(CLIENT_TYPES, "utf8")).toBe(await clientTypes(live as object));
  });

  it("calls routes typed by their declarations, and names the horizon applied", async () => {
    const { client } = counted();
    const { data, error } = await client.api.GET("/prices", {
      params: { query: { scenario_id: MEGACAP, ticker: "AAPL", limit: 5, as_of: "2023-06-30" } },
    });
    expect(error).toBeUndefined();
    expect(data!.prices.map((p) => p.time)).toEqual(
      (await body(`/prices?scenario_id=${MEGACAP}&ticker=AAPL&limit=5`)).prices.map((p: { time: string }) => p.time),
    );
    const facts = await client.get("/company/facts", { scenario_id: MEGACAP, ticker: "NVDA", as_of: "2023-05-01" });
    expect(facts.data.company_facts.ticker).toBe("NVDA");
    expect(facts.asOf).toBe("2023-05-01");
    await expect(client.get("/company/facts", { scenario_id: MEGACAP, ticker: "ZZZZ" })).rejects.toEqual(
      new ApiError(404, "Company ZZZZ not found in scenario"),
    );
  });

  it("paginates to exactly the caller's limit, and never asks again after a short page", async () => {
    const native = async (offset: number) =>
      (await body(`/insider-trades?scenario_id=${MEGACAP}&limit=200&offset=${offset}`)).insider_trades;
    const all = [...(await native(0)), ...(await native(200))];
    const { client, sent } = counted();
    const rows = [];
    for await (const row of client.paginate(
      "/insider-trades",
      "insider_trades",
      { scenario_id: MEGACAP },
      {
        limit: 250,
        pageSize: 100,
      },
    ))
      rows.push(row);
    expect(rows).toEqual(all.slice(0, 250));
    expect(sent).toHaveLength(3);
    expect(new URL(sent[2]).searchParams.get("limit")).toBe("50");

    const aapl = (await body(`/insider-trades?scenario_id=${MEGACAP}&ticker=AAPL&limit=200`)).insider_trades;
    const few = counted();
    const walked = [];
    for await (const row of few.client.paginate(
      "/insider-trades",
      "insider_trades",
      { scenario_id: MEGACAP, ticker: ["AAPL"] },
      { pageSize: 20 },
    ))
      walked.push(row);
    expect(walked).toEqual(aapl);
    expect(few.sent).toHaveLength(Math.floor(aapl.length / 20) + 1);
  });

  it("waits out a 429 for the seconds Retry-After says, then reads the answer", async () => {
    const seen: number[] = [];
    const server = createServer((_, res) => {
      seen.push(Date.now());
      if (seen.length === 1) res.writeHead(429, { "Retry-After": "1", "Content-Type": "application/json" });
      else res.writeHead(200, { "Content-Type": "application/json" });
      res.end(seen.length === 1 ? '{"detail":"Rate limit exceeded"}' : '{"ok":true}');
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/x`;
      const res = await retryingFetch()(url);
      expect(await res.json()).toEqual({ ok: true });
      expect(seen).toHaveLength(2);
      expect(seen[1] - seen[0]).toBeGreaterThanOrEqual(1000);
      // Retries spent: the 429 is the caller's, with the API's detail.
      seen.length = 0;
      const spent = await retryingFetch(fetch, 0)(url);
      expect(spent.status).toBe(429);
    } finally {
      server.close();
    }
  });

  it("steps a clock forward over trading days, asks as of today, and never goes back", async () => {
    const { client } = counted();
    const clock = await client.clock(MEGACAP, "2023-06-28", "2023-07-07");
    const days = [clock.today];
    for (let d = clock.step(); d; d = clock.step()) days.push(d);
    expect(days).toEqual(
      (await body(`/prices/trading-days?scenario_id=${MEGACAP}&start_date=2023-06-28&end_date=2023-07-07`))
        .trading_days,
    );
    expect(() => clock.set("2023-06-30")).toThrow(/does not go back/);
    clock.set("2023-07-07");
    expect(clock.today).toBe("2023-07-07");

    const early = await client.clock(MEGACAP, "2023-06-28");
    early.set("2023-07-04"); // a holiday: the last trading day before it, never the one after
    expect(early.today).toBe("2023-07-03");
    const { data, asOf } = await early.get("/prices", { ticker: "AAPL", start_date: "2023-06-01" });
    expect(asOf).toBe("2023-07-03");
    expect(data.prices.at(-1)!.time).toBe("2023-07-03");

    // A future branch's days are on the calendar only when asked for.
    const { scenario } = await body(`/scenarios/${BRANCH}`);
    const context = await client.clock(BRANCH, "2025-10-20");
    while (context.step());
    expect(context.today).toBe(scenario.current_date);
    const branch = await client.clock(BRANCH, "2025-10-20", "2025-11-14");
    while (branch.step());
    expect(branch.today > scenario.current_date).toBe(true);
  });

  it("opens a run, trades it with the run's key, reads as of its day, and gets its score", async () => {
    const run = await startRun(
      { baseUrl: base, apiKey: KEY },
      { scenario_id: MEGACAP, agent: "ts-client", start_date: "2023-09-01", end_date: "2023-09-29" },
    );
    expect(run.day).toBe("2023-09-01");
    const { data, asOf } = await run.data.get("/prices", { scenario_id: MEGACAP, ticker: "AAPL", as_of: "2023-12-29" });
    expect(asOf).toBe("2023-09-01");
    expect("prices" in data && data.prices.at(-1)!.time).toBe("2023-09-01");
    const placed = await run.orders([{ ticker: "AAPL", side: "buy", shares: 10, type: "market" }]);
    expect(placed.orders[0].client_order_id).toMatch(/^[0-9a-f-]{36}$/);
    const step = await run.advance();
    expect(step.run.day).toBe("2023-09-05");
    expect(step.ledger.map((e) => e.kind)).toEqual(["fill"]);
    await expect(run.orders([{ ticker: "NOPE", side: "buy", shares: 1, type: "market" }])).rejects.toThrow(ApiError);
    await run.advance("2023-09-29");
    expect(run.finished).toBe(true);
    const scored = await run.score();
    expect(scored.score!.trading_days).toBe((await run.equity()).length - 1);
    expect(scored.baselines.map((b) => b.name)).toEqual(["cash", "benchmark", "equal_weight"]);
  });
});
