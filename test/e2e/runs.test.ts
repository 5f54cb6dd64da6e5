// Evaluation runs (docs/runs.md): the service keeps the clock, the book and the score. A run's key
// reads nothing after the run's day through any door; orders fill in the next session at documented
// prices and costs; refusals change nothing; the ledger replays to the equity curve to the cent.
import { describe, expect, it } from "vitest";
import { BRANCH, get, json, MEGACAP, ok, post } from "./client.ts";
import { CLOCK_KEYS, KEYS } from "./keys.ts";

const OWNER = KEYS.runs.key;
const OTHER = KEYS.runsOther.key;

type Json = Record<string, any>;

async function openRun(fields: Json = {}): Promise<{ id: string; key: string; run: Json }> {
  const answer = await ok(
    post(
      "/runs",
      { scenario_id: MEGACAP, agent: "e2e", start_date: "2023-03-01", end_date: "2023-06-30", ...fields },
      { key: OWNER },
    ),
  );
  return { id: answer.run.run_id, key: answer.run_key, run: answer.run };
}

const state = async (id: string, key = OWNER) => (await ok(get(`/runs/${id}`, key))).run as Json;

/** An instrument of the scenario that is neither a company nor an index fund: a warrant. */
async function aWarrant(): Promise<string> {
  const listed = (await ok(get(`/scenarios/${MEGACAP}`))).scenario.available_tickers as string[];
  const funds = new Set((await ok(get(`/index-funds/tickers?scenario_id=${MEGACAP}`))).tickers as string[]);
  for (const t of listed.filter((t) => !funds.has(t)))
    if ((await get(`/company/facts?scenario_id=${MEGACAP}&ticker=${t}`)).status === 404) return t;
  throw new Error("the scenario lists no warrant");
}

describe("a run", () => {
  it("opens on its first trading day with its cash, the benchmark, and a key", async () => {
    const { run, key } = await openRun({ start_date: "2023-03-04" }); // a Saturday
    expect(run).toMatchObject({
      day: "2023-03-06",
      start_date: "2023-03-06",
      end_date: "2023-06-30",
      status: "running",
      benchmark: "SPY",
    });
    expect(run.cash).toBe(1_000_000);
    expect(run.equity).toBe(1_000_000);
    expect(key).toMatch(/^sm_/);
    const listed = (await ok(get("/runs", OWNER))).runs as Json[];
    expect(listed.map((r) => r.run_id)).toContain(run.run_id);
    expect(((await ok(get("/runs", OTHER))).runs as Json[]).map((r) => r.run_id)).not.toContain(run.run_id);
  });

  it("is 404 to another account, and its key reaches only it and opens nothing", async () => {
    const { id, key } = await openRun();
    const { id: second } = await openRun();
    expect((await get(`/runs/${id}`, OTHER)).status).toBe(404);
    expect((await post(`/runs/${id}/advance`, {}, { key: OTHER })).status).toBe(404);
    expect((await get(`/runs/${second}`, key)).status).toBe(404);
    expect((await get(`/runs/${id}`, key)).status).toBe(200);
    const refused = await post("/runs", { scenario_id: MEGACAP, agent: "x", start_date: "2023-03-01" }, { key });
    expect(refused.status).toBe(403);
    expect((await json(refused)).detail).toMatch(/cannot open runs/);
    expect(((await ok(get("/runs", key))).runs as Json[]).map((r) => r.run_id)).toEqual([id]);
    // A clock key reaches no run: a run's book shows closes past its horizon.
    const clocked = await get(`/runs/${id}`, CLOCK_KEYS.megacap.key);
    expect(clocked.status).toBe(403);
    expect(
      (
        await post(
          "/runs",
          { scenario_id: MEGACAP, agent: "x", start_date: "2023-03-01" },
          { key: CLOCK_KEYS.megacap.key },
        )
      ).status,
    ).toBe(403);
  });

  it("key reads as of the run's day, and the very next read after an advance sees the next day", async () => {
    const { id, key } = await openRun();
    const bars = async () =>
      (
        (await ok(get(`/prices?scenario_id=${MEGACAP}&ticker=AAPL&as_of=2023-12-29&limit=5000`, key))).prices as Json[]
      ).map((b) => b.time);
    expect((await bars()).at(-1)).toBe("2023-03-01");
    await ok(post(`/runs/${id}/advance`, {}, { key }));
    expect((await bars()).at(-1)).toBe("2023-03-02");
    const fd = await ok(
      get(
        `/fd/${MEGACAP}/prices/?ticker=AAPL&interval=day&interval_multiplier=1&start_date=2023-01-01&end_date=2023-12-31`,
        key,
      ),
    );
    expect((fd.prices as Json[]).at(-1)!.time.slice(0, 10)).toBe("2023-03-02");
    expect((await get(`/scenarios`, key)).status).toBe(403);
  });

  it("fills a market order at the next open plus half a spread and impact, with a commission", async () => {
    const { id } = await openRun();
    const placed = await ok(post(`/runs/${id}/orders`, { ticker: "AAPL", side: "buy", shares: 100 }, { key: OWNER }));
    expect(placed.orders[0]).toMatchObject({ ticker: "AAPL", shares: 100, status: "open", placed_on: "2023-03-01" });
    const advanced = await ok(post(`/runs/${id}/advance`, {}, { key: OWNER }));
    const fill = (advanced.ledger as Json[]).find((e) => e.kind === "fill")!;
    const open = (await ok(get(`/prices?scenario_id=${MEGACAP}&ticker=AAPL&start_date=2023-03-02&end_date=2023-03-02`)))
      .prices[0];
    expect(fill.reference_price).toBe(open.open);
    expect(fill.price).toBeGreaterThan(open.open);
    expect(fill.commission).toBe(1); // 100 shares at $0.005 is below the $1 minimum
    expect(fill.cash_change).toBeCloseTo(-(100 * fill.price) - 1, 2);
    const run = advanced.run;
    expect(run.positions).toEqual([expect.objectContaining({ ticker: "AAPL", shares: 100, close: open.close })]);
    expect(run.equity).toBeCloseTo(run.cash + 100 * open.close, 2);
  });

  it("refuses with a reason and changes nothing", async () => {
    const { id } = await openRun();
    const before = await state(id);
    const warrant = await aWarrant();
    const cases: [Json, number, RegExp][] = [
      [{ ticker: warrant, side: "buy", shares: 1 }, 422, /warrants do not trade/],
      [{ ticker: "AAPL", side: "sell", notional: 2_500_000 }, 409, /gross exposure .* the cap is 2×/],
      [{ ticker: "AAPL", side: "buy", shares: 10, type: "limit" }, 422, /limit_price/],
      [{ ticker: "AAPL", shares: 10 }, 422, /side/],
      [{ ticker: "ZZZZ", side: "buy", shares: 1 }, 422, /does not list ticker ZZZZ/],
      [{ ticker: "AAPL", side: "buy", shares: 1.5 }, 422, /whole number/],
      [{ ticker: "AAPL", side: "buy", shares: 0 }, 422, /positive/],
      [{ ticker: "AAPL", side: "buy", shares: 1_000_000 }, 409, /more than the cash/],
      [
        {
          orders: [
            { ticker: "AAPL", side: "buy", shares: 10 },
            { ticker: "ZZZZ", side: "buy", shares: 1 },
          ],
        },
        422,
        /ZZZZ/,
      ],
    ];
    for (const [order, status, detail] of cases) {
      const res = await post(`/runs/${id}/orders`, order, { key: OWNER });
      expect(res.status, JSON.stringify(order)).toBe(status);
      expect((await json(res)).detail).toMatch(detail);
    }
    const back = await post(`/runs/${id}/advance`, { to: "2023-03-01" }, { key: OWNER });
    expect(back.status).toBe(422);
    expect(await state(id)).toEqual(before);
    await ok(post(`/runs/${id}/finish`, {}, { key: OWNER }));
    expect((await post(`/runs/${id}/orders`, { ticker: "AAPL", side: "buy", shares: 1 }, { key: OWNER })).status).toBe(
      409,
    );
    expect((await post(`/runs/${id}/advance`, {}, { key: OWNER })).status).toBe(409);
  });

  it("places a retried order once, and concurrent orders never spend the same cash twice", async () => {
    const { id } = await openRun();
    const order = { ticker: "MSFT", side: "buy", shares: 10, client_order_id: "retry-1" };
    const answers = await Promise.all([1, 2, 3].map(() => ok(post(`/runs/${id}/orders`, order, { key: OWNER }))));
    expect(new Set(answers.map((a) => a.orders[0].order_id)).size).toBe(1);
    // Each of these takes 19% of the cash: five fit beside the MSFT order, not six.
    const big = (n: number) =>
      post(
        `/runs/${id}/orders`,
        { ticker: "SPY", side: "buy", notional: 190_000, client_order_id: `big-${n}` },
        { key: OWNER },
      );
    const statuses = (await Promise.all([0, 1, 2, 3, 4, 5, 6, 7].map(big))).map((r) => r.status);
    expect(statuses.filter((s) => s === 200).length).toBe(5);
    expect(statuses.filter((s) => s === 409).length).toBe(3);
    expect((await state(id)).open_orders.length).toBe(6);
  });

  it("advances once for a retried client_id, and answers a retried order with its record after the day moved", async () => {
    const { id } = await openRun();
    const order = { ticker: "MSFT", side: "buy", shares: 10, client_order_id: "kept-1" };
    const placed = (await ok(post(`/runs/${id}/orders`, order, { key: OWNER }))).orders[0];
    const first = (await state(id)).day;
    const step = () => ok(post(`/runs/${id}/advance`, { client_id: "step-1" }, { key: OWNER }));
    const steps = await Promise.all([step(), step(), step()]);
    const moved = await state(id);
    expect(moved.day > first).toBe(true);
    expect(steps.map((s) => s.run.day)).toEqual([moved.day, moved.day, moved.day]);
    expect(steps.map((s) => s.ledger.length).sort()).toEqual([0, 0, 1]);
    expect((await step()).run).toEqual(moved);
    const retried = (await ok(post(`/runs/${id}/orders`, order, { key: OWNER }))).orders;
    expect(retried).toEqual([
      { ...placed, status: "filled", filled_shares: 10, average_fill_price: expect.any(Number) },
    ]);
    expect((await state(id)).open_orders).toEqual([]);
    const next = await ok(post(`/runs/${id}/advance`, { client_id: "step-2" }, { key: OWNER }));
    expect(next.run.day > moved.day).toBe(true);
  });

  it("is shown beside baselines that, on a future branch, stop at its current_date: the catalog tells no branch's future", async () => {
    const { scenario } = await ok(get(`/scenarios/${BRANCH}`));
    expect(scenario.current_date < scenario.end_date).toBe(true);
    expect(scenario.baselines.map((b: Json) => b.name)).toEqual(["cash", "benchmark", "equal_weight"]);
    for (const b of scenario.baselines as Json[]) {
      expect(b.end_date, b.name).toBe(scenario.current_date);
    }
    const listed = ((await ok(get(`/scenarios?limit=1000`))).scenarios as Json[]).find((s) => s.id === BRANCH)!;
    expect(listed.baselines).toEqual(scenario.baselines);
  });
});
