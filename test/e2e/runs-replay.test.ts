// A whole run replayed independently (docs/runs.md, "Ledger"): from the ledger, /prices and
// /corporate-actions alone, every close's equity and the benchmark's buy-and-hold come out to the
// cent; every fill's price is the session's open (or its limit) moved against the order; every
// dividend is the shares held at the ex-date times the amount, paid on the payable date.
import { beforeAll, describe, expect, it } from "vitest";
import { body, get, MEGACAP, ok, post } from "./client.ts";
import { KEYS } from "./keys.ts";

type Json = Record<string, any>;
const OWNER = KEYS.runs.key;

const cents = (x: number) => Math.round(x * 100);

interface Replayed {
  run: Json;
  ledger: Json[];
  equity: Json[];
  bars: Map<string, Map<string, Json>>;
  actions: Json[];
}

/** A year of monthly rebalances: equal weights over the companies, a short in one, a limit order each month. */
async function tradeAYear(): Promise<Replayed> {
  const opened = await ok(
    post("/runs", { scenario_id: MEGACAP, agent: "replay", start_date: "2023-01-03" }, { key: OWNER }),
  );
  const id = opened.run.run_id as string;
  const listed = (await body(`/scenarios/${MEGACAP}`)).scenario.available_tickers as string[];
  // Companies only (funds and warrants have no facts), in the listing's order.
  const companies = await Promise.all(
    listed.map(async (t) =>
      (await get(`/company/facts?scenario_id=${MEGACAP}&ticker=${t}`)).status === 200 ? t : null,
    ),
  );
  const tickers = companies.filter((t): t is string => t !== null);
  const longs = tickers.slice(0, 8);
  const short = tickers[8];
  let month = "2023-01";
  for (;;) {
    const run = (await ok(get(`/runs/${id}`, OWNER))).run;
    if (run.status === "finished") break;
    if (run.day.slice(0, 7) !== month || run.day === "2023-01-03") {
      month = run.day.slice(0, 7);
      const orders = [
        ...longs.map((t) => ({ ticker: t, target_weight: 0.1 })),
        { ticker: short, target_weight: -0.1 },
        { ticker: "SPY", side: "buy", shares: 10, type: "limit", limit_price: 1 }, // never reached: expires
      ];
      await ok(post(`/runs/${id}/orders`, { orders }, { key: OWNER }));
    }
    await ok(post(`/runs/${id}/advance`, {}, { key: OWNER }));
  }
  const [run, ledger, equity] = await Promise.all([
    ok(get(`/runs/${id}`, OWNER)),
    ok(get(`/runs/${id}/ledger`, OWNER)),
    ok(get(`/runs/${id}/equity`, OWNER)),
  ]);
  const held = [...new Set([...tickers.slice(0, 9), "SPY"])];
  const bars = new Map<string, Map<string, Json>>();
  for (const t of held) {
    const rows = (await body(`/prices?scenario_id=${MEGACAP}&ticker=${t}&limit=5000`)).prices as Json[];
    bars.set(t, new Map(rows.map((b) => [b.time, b])));
  }
  const actions = (
    await body(`/corporate-actions?scenario_id=${MEGACAP}&${held.map((t) => `ticker=${t}`).join("&")}&limit=200`)
  ).corporate_actions as Json[];
  return { run: run.run, ledger: ledger.ledger, equity: equity.equity, bars, actions };
}

/** Cash and shares from the ledger's fills and fees, splits and dividends from /corporate-actions: each close's equity. */
function replayEquity({ run, ledger, equity, bars, actions }: Replayed): number[] {
  let cash = cents(run.starting_cash);
  const shares = new Map<string, number>();
  const owed: { pay: string; cents: number }[] = [];
  const out: number[] = [];
  for (const point of equity) {
    const d = point.date as string;
    for (const a of actions.filter((x) => x.ex_date === d)) {
      const n = shares.get(a.ticker) ?? 0;
      if (a.action_type === "split") {
        // A reverse split's fraction of a new share is paid in cash at the session's open.
        const exact = a.details.ratio < 1 ? n / a.details.split_from : n * a.details.ratio;
        const fraction = exact - Math.trunc(exact);
        shares.set(a.ticker, Math.trunc(exact));
        if (fraction !== 0) cash += cents(fraction * bars.get(a.ticker)!.get(d)!.open);
      } else if (n !== 0) owed.push({ pay: a.payable_date, cents: cents(n * a.details.amount) });
    }
    for (const o of owed.filter((x) => x.pay <= d)) cash += o.cents;
    owed.splice(0, owed.length, ...owed.filter((x) => x.pay > d));
    for (const e of ledger.filter((x) => x.date === d)) {
      if (e.kind === "fill") {
        const sign = e.side === "buy" ? 1 : -1;
        cash += -sign * cents(e.shares * e.price) - cents(e.commission);
        shares.set(e.ticker, (shares.get(e.ticker) ?? 0) + sign * e.shares);
      } else if (e.kind === "borrow_fee") cash += cents(e.cash_change);
    }
    let value = 0;
    for (const [t, n] of shares) {
      const closes = [...bars.get(t)!.values()].filter((b) => b.time <= d);
      value += cents(n * closes.at(-1)!.close);
    }
    out.push(cash + value);
  }
  return out;
}

describe("a year's run, replayed", () => {
  let replayed: Replayed;
  beforeAll(async () => {
    replayed = await tradeAYear();
  }, 240_000);

  it("ends on its end date, scored, with fills, dividends, a split or none, fees and expiries in its ledger", () => {
    const { run, ledger } = replayed;
    expect(run).toMatchObject({ status: "finished", finished_reason: "end_date", day: "2023-12-29" });
    expect(run.score.trading_days).toBe(replayed.equity.length - 1);
    for (const kind of ["fill", "dividend", "borrow_fee", "expired"])
      expect(
        ledger.some((e) => e.kind === kind),
        kind,
      ).toBe(true);
  });

  it("gives every close's equity to the cent from the ledger, the prices and the corporate actions", () => {
    expect(replayEquity(replayed)).toEqual(replayed.equity.map((p) => cents(p.equity)));
  });

  it("pays each dividend on the shares held at its ex-date, on its payable date", () => {
    for (const e of replayed.ledger.filter((x) => x.kind === "dividend")) {
      const action = replayed.actions.find((a) => a.id === e.action_id)!;
      expect(e.date >= action.payable_date).toBe(true);
      expect(e.cash_change).toBe(cents(e.shares * action.details.amount) / 100);
    }
  });

  it("fills at the session's open moved against the order, never past a limit", () => {
    for (const e of replayed.ledger.filter((x) => x.kind === "fill")) {
      const bar = replayed.bars.get(e.ticker)!.get(e.date)!;
      expect(e.reference_price).toBe(bar.open);
      if (e.side === "buy") expect(e.price).toBeGreaterThanOrEqual(bar.open);
      else expect(e.price).toBeLessThanOrEqual(bar.open);
      expect(e.shares).toBeLessThanOrEqual(Math.floor(bar.volume * 0.1));
    }
  });

  it("values the benchmark as a frictionless buy-and-hold of the starting cash, to the cent", () => {
    const { equity, bars, actions, run } = replayed;
    const spy = bars.get("SPY")!;
    let shares = run.starting_cash / spy.get(equity[0].date)!.close;
    let cash = 0;
    const owed: { pay: string; cents: number }[] = [];
    const values = equity.map((p) => {
      for (const a of actions.filter((x) => x.ticker === "SPY" && x.ex_date === p.date)) {
        if (a.action_type === "split") shares *= a.details.ratio;
        else owed.push({ pay: a.payable_date, cents: cents(shares * a.details.amount) });
      }
      for (const o of owed.filter((x) => x.pay <= p.date)) cash += o.cents;
      owed.splice(0, owed.length, ...owed.filter((x) => x.pay > p.date));
      return cash + Math.round(shares * spy.get(p.date)!.close * 100);
    });
    expect(values).toEqual(equity.map((p) => cents(p.benchmark)));
  });
});
