// Evaluation runs trading crypto (docs/runs.md, "Fills", "Costs", "Ledger"): an order for a crypto
// asset fills in the run's next session against that date's bar (00:00 to 24:00 UTC), in units to 8
// decimals, with the exchange's fee, the asset's half-spread and a square-root impact on its own
// volatility; an asset before its first day is refused as an unknown ticker; crypto is not shorted;
// the ledger replays to the cent with the closes of /prices and /crypto/prices.
import { describe, expect, it } from "vitest";
import { CRISIS, get, json, MEGACAP, ok, post } from "./client.ts";
import { KEYS } from "./keys.ts";

const OWNER = KEYS.runs.key;
type Json = Record<string, any>;

const cents = (x: number) => Math.round(x * 100);
const round8 = (x: number) => Math.round(x * 1e8) / 1e8;

async function openRun(fields: Json): Promise<{ id: string; key: string }> {
  const answer = await ok(post("/runs", { agent: "e2e-crypto", ...fields }, { key: OWNER }));
  return { id: answer.run.run_id, key: answer.run_key };
}

const state = async (id: string) => (await ok(get(`/runs/${id}`, OWNER))).run as Json;
const order = (id: string, body: Json) => post(`/runs/${id}/orders`, body, { key: OWNER });
const advance = (id: string, body: Json = {}) => ok(post(`/runs/${id}/advance`, body, { key: OWNER }));

/** A crypto asset's daily bars of a window, by date. */
async function cryptoBars(scenario: string, ticker: string, from: string, to: string): Promise<Map<string, Json>> {
  const answer = await ok(
    get(`/crypto/prices?scenario_id=${scenario}&ticker=${ticker}&start_date=${from}&end_date=${to}&limit=5000`),
  );
  return new Map((answer.prices as Json[]).map((b) => [b.time, b]));
}

/** Sample standard deviation of the simple returns of the closes (the impact's daily volatility). */
function volatility(closes: number[]): number {
  const r = closes.slice(1).map((c, i) => c / closes[i] - 1);
  const mean = r.reduce((s, x) => s + x, 0) / r.length;
  return Math.sqrt(r.reduce((s, x) => s + (x - mean) ** 2, 0) / (r.length - 1));
}

describe("a run trading crypto", () => {
  it("buys BTC-USD in fractions at the next session's bar, past the weekend, with the fee, spread and impact", async () => {
    // 2023-03-03 is a Friday: the order fills in the next session, Monday's bar, not Saturday's.
    const { id, key } = await openRun({ scenario_id: MEGACAP, start_date: "2023-03-03", end_date: "2023-06-30" });
    const bars = await cryptoBars(MEGACAP, "BTC-USD", "2023-02-01", "2023-03-06");
    const friday = bars.get("2023-03-03")!;
    const placed = (await ok(order(id, { ticker: "btc-usd", side: "buy", notional: 50_000 }))).orders[0];
    const units = Math.floor((50_000 / friday.close) * 1e8) / 1e8;
    expect(placed).toMatchObject({ ticker: "BTC-USD", shares: units, placed_on: "2023-03-03" });
    expect(Number.isInteger(units)).toBe(false);

    const advanced = await advance(id);
    expect(advanced.run.day).toBe("2023-03-06");
    const fill = (advanced.ledger as Json[]).find((e) => e.kind === "fill")!;
    const monday = bars.get("2023-03-06")!;
    const closes = [...bars.values()].filter((b) => b.time <= "2023-03-03").map((b) => b.close as number);
    const impact = volatility(closes.slice(-21)) * Math.sqrt(units / monday.volume);
    expect(fill).toMatchObject({ date: "2023-03-06", ticker: "BTC-USD", shares: units, time: null });
    expect(fill.reference_price).toBe(monday.open);
    expect(fill.price).toBe(round8(monday.open * (1 + (1 / 10_000 + impact))));
    expect(fill.commission).toBe(cents((units * fill.price * 20) / 10_000) / 100);
    expect(fill.cash_change).toBe(-(cents(units * fill.price) + cents(fill.commission)) / 100);
    expect(fill.spread_cost + fill.impact_cost).toBeCloseTo((fill.price - monday.open) * units, 1);

    // Marked at its bar's close of the run's day; the run's key now reads the weekend's bars and Monday's.
    const run = advanced.run;
    expect(run.positions).toEqual([expect.objectContaining({ ticker: "BTC-USD", shares: units, close: monday.close })]);
    expect(cents(run.equity)).toBe(cents(run.cash) + cents(units * monday.close));
    const seen = (await ok(get(`/crypto/prices?scenario_id=${MEGACAP}&ticker=BTC-USD&start_date=2023-03-01`, key)))
      .prices as Json[];
    expect(seen.map((b) => b.time)).toEqual([
      "2023-03-01",
      "2023-03-02",
      "2023-03-03",
      "2023-03-04",
      "2023-03-05",
      "2023-03-06",
    ]);
  });

  it("refuses an asset before its first day like an unknown ticker, a short, a ninth decimal; and changes nothing", async () => {
    // Ether's first day is 2015-08-07: the crisis scenario runs through it.
    const { id } = await openRun({ scenario_id: CRISIS, start_date: "2015-07-01", end_date: "2015-12-31" });
    const before = await state(id);
    const cases: [Json, number, RegExp][] = [
      [{ ticker: "ETH-USD", side: "buy", shares: 1 }, 422, /does not list ticker ETH-USD/],
      [
        {
          orders: [
            { ticker: "BTC-USD", side: "buy", shares: 1 },
            { ticker: "ETH-USD", side: "buy", shares: 1 },
          ],
        },
        422,
        /ETH-USD/,
      ],
      [{ ticker: "BTC-USD", side: "sell", shares: 0.5 }, 409, /crypto trades spot, without shorts/],
      [{ ticker: "BTC-USD", target_weight: -0.1 }, 409, /without shorts/],
      [{ ticker: "BTC-USD", side: "buy", shares: 0.123456789 }, 422, /at most 8 decimals/],
      [{ ticker: "AAPL", side: "buy", shares: 1.5 }, 422, /whole number of shares/],
    ];
    for (const [body, status, detail] of cases) {
      const res = await order(id, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect((await json(res)).detail).toMatch(detail);
    }
    expect(await state(id)).toEqual(before);
    expect((await ok(get(`/runs/${id}/orders`, OWNER))).orders).toEqual([]);

    // From its first day, it trades.
    expect((await advance(id, { to: "2015-08-07" })).run.day).toBe("2015-08-07");
    await ok(order(id, { ticker: "ETH-USD", side: "buy", shares: 2.5 }));
    const fill = ((await advance(id)).ledger as Json[]).find((e) => e.kind === "fill")!;
    expect(fill).toMatchObject({ ticker: "ETH-USD", shares: 2.5, date: "2015-08-10" });
    expect(fill.reference_price).toBe(
      (await cryptoBars(CRISIS, "ETH-USD", "2015-08-10", "2015-08-10")).get("2015-08-10")!.open,
    );
  });

  it("replays its ledger to the cent: cash changes, units to 8 decimals, the closes of /prices and /crypto/prices", async () => {
    const { id } = await openRun({ scenario_id: MEGACAP, start_date: "2023-03-01", end_date: "2023-04-28" });
    const weights = [
      { "BTC-USD": 0.2, "ETH-USD": 0.1, "SOL-USD": 0.05, AAPL: 0.2 },
      { "BTC-USD": 0.05, "ETH-USD": 0.2, "SOL-USD": 0, AAPL: 0.1 },
    ];
    for (let week = 0; ; week++) {
      const run = await state(id);
      if (run.status === "finished") break;
      if (week % 5 === 0) {
        const target = weights[(week / 5) % 2];
        const orders: Json[] = Object.entries(target).map(([ticker, w]) => ({ ticker, target_weight: w }));
        const btc = run.positions.find((p: Json) => p.ticker === "BTC-USD");
        // A limit the day's range may or may not reach.
        if (btc) orders.push({ ticker: "ETH-USD", side: "buy", shares: 0.75, type: "limit", limit_price: 1000 });
        await ok(order(id, { orders }));
      }
      await advance(id);
    }
    const [ledger, equity] = [
      (await ok(get(`/runs/${id}/ledger`, OWNER))).ledger as Json[],
      (await ok(get(`/runs/${id}/equity`, OWNER))).equity as Json[],
    ];
    expect(ledger.filter((e) => e.kind === "fill").map((e) => e.ticker)).toEqual(
      expect.arrayContaining(["BTC-USD", "ETH-USD", "SOL-USD", "AAPL"]),
    );
    const closes = new Map<string, Map<string, Json>>();
    for (const t of ["BTC-USD", "ETH-USD", "SOL-USD"])
      closes.set(t, await cryptoBars(MEGACAP, t, "2023-03-01", "2023-04-28"));
    const aapl = (await ok(get(`/prices?scenario_id=${MEGACAP}&ticker=AAPL&start_date=2023-03-01&end_date=2023-04-28`)))
      .prices as Json[];
    closes.set("AAPL", new Map(aapl.map((b) => [b.time, b])));

    let cash = cents(1_000_000);
    const held = new Map<string, number>();
    for (const point of equity) {
      for (const e of ledger.filter((x) => x.date === point.date)) {
        cash += cents(e.cash_change);
        if (e.kind === "split") held.set(e.ticker, e.shares_after);
        if (e.kind !== "fill") continue;
        const sign = e.side === "buy" ? 1 : -1;
        expect(cents(e.cash_change)).toBe(-sign * cents(e.shares * e.price) - cents(e.commission));
        held.set(e.ticker, round8((held.get(e.ticker) ?? 0) + sign * e.shares));
      }
      let value = 0;
      for (const [t, n] of held) value += cents(n * closes.get(t)!.get(point.date)!.close);
      expect(cash + value, point.date).toBe(cents(point.equity));
    }
    expect([...held.values()].every((n) => n >= 0)).toBe(true);
  }, 120_000);
});
