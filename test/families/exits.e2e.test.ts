// Companies that leave, through the doors (docs/exits.md): a company taken over is listed and active
// to its last trading day, inactive after it with its history readable, out of the market snapshot
// and the screener, and paid out in an evaluation run at the deal's price; a company that fails files
// for Chapter 11, is delisted, and pays its holders its recovery.
import { beforeAll, describe, expect, it } from "vitest";
import { body, CRISIS, get, json, post } from "../e2e/client.ts";
import { KEYS } from "../e2e/keys.ts";

type Json = Record<string, any>;

interface Leaving {
  ticker: string;
  action: Json;
  last: string;
  ex: string;
}

/**
 * A company of the crisis cycle that left with an action of this type (after 2006: room for a run
 * before it), and paid in its buyer's shares where `inShares`.
 */
async function leaving(type: "acquisition" | "delisting", inShares = false): Promise<Leaving> {
  const inactive = (await body(`/companies?scenario_id=${CRISIS}&limit=500`)).companies.filter(
    (c: Json) => !c.is_active,
  );
  for (const c of inactive) {
    const actions = (await body(`/corporate-actions?scenario_id=${CRISIS}&ticker=${c.ticker}&limit=200`))
      .corporate_actions;
    const action = actions.find((a: Json) => a.action_type === type);
    if (!action || action.ex_date < "2006-01-01" || inShares !== action.details.exchange_ratio > 0) continue;
    const bars = (
      await body(
        `/prices?scenario_id=${CRISIS}&ticker=${c.ticker}&start_date=2005-01-01&end_date=2020-12-31&limit=5000`,
      )
    ).prices;
    return { ticker: c.ticker, action, last: bars.at(-1).time.slice(0, 10), ex: action.ex_date };
  }
  throw new Error(`no company of the crisis cycle left with a ${type} after 2006`);
}

/** A company taken over for cash, one paid in its buyer's shares, and one that failed. */
let target: Leaving;
let inShares: Leaving;
let failed: Leaving;

beforeAll(async () => {
  target = await leaving("acquisition");
  inShares = await leaving("acquisition", true);
  failed = await leaving("delisting");
});

const facts = async (asOf: string) =>
  (await body(`/company/facts?scenario_id=${CRISIS}&ticker=${target.ticker}&as_of=${asOf}`)).company_facts;

describe("a company taken over", () => {
  it("is active to its last trading day and inactive after, in its facts and in the company list", async () => {
    expect(target.last < target.ex).toBe(true);
    expect((await facts(target.last)).is_active).toBe(true);
    expect((await facts(target.ex)).is_active).toBe(false);
    const listed = async (asOf: string) =>
      (await body(`/companies?scenario_id=${CRISIS}&ticker=${target.ticker}&as_of=${asOf}`)).companies[0];
    expect((await listed(target.last)).is_active).toBe(true);
    expect((await listed(target.ex)).is_active).toBe(false);
  });

  it("announces the deal's close before it, and pays cash per share near its last close", async () => {
    const { action } = target;
    expect(action.announcement_date < target.last).toBe(true);
    expect(action.details).toMatchObject({
      consideration: "cash",
      currency: "USD",
      cash_per_share: expect.any(Number),
    });
    const early = (
      await body(`/corporate-actions?scenario_id=${CRISIS}&ticker=${target.ticker}&as_of=${action.announcement_date}`)
    ).corporate_actions;
    expect(early.some((a: Json) => a.id === action.id)).toBe(true);
    const before = (
      await body(
        `/corporate-actions?scenario_id=${CRISIS}&ticker=${target.ticker}&end_date=2030-01-01&as_of=${target.last.slice(0, 4)}-01-01`,
      )
    ).corporate_actions;
    expect(before.some((a: Json) => a.action_type === "acquisition")).toBe(false);
    const timeline = (await body(`/events/timeline?scenario_id=${CRISIS}&ticker=${target.ticker}&limit=500`)).events;
    // Newest first: the close, then the agreement before it.
    const deals = timeline.filter((e: Json) => e.event_type.startsWith("merger_"));
    expect(deals.slice(0, 2).map((e: Json) => e.event_type)).toEqual(["merger_completed", "merger_agreement"]);
    expect(deals[0].event_date).toBe(target.last);
  });

  it("has no bar after its last day, and leaves the market snapshot and the screener", async () => {
    const snapshot = async (asOf: string) =>
      (await body(`/prices/snapshot/market?scenario_id=${CRISIS}&as_of=${asOf}`)).snapshots.map((s: Json) => s.ticker);
    expect(await snapshot(target.last)).toContain(target.ticker);
    expect(await snapshot(target.ex)).not.toContain(target.ticker);
    const screened = async (asOf: string) =>
      (
        await body(`/financials/search/screener?scenario_id=${CRISIS}`, {
          as_of: asOf,
          filters: [{ field: "revenue", operator: "gt", value: 0 }],
          limit: 500,
        })
      ).results.map((r: Json) => r.ticker);
    expect(await screened(target.last)).toContain(target.ticker);
    expect(await screened(target.ex)).not.toContain(target.ticker);
  });
});

describe("a company that fails", () => {
  it("files for Chapter 11 (an 8-K, Item 1.03), is delisted days later, and leaves its holders nothing but the recovery", async () => {
    const timeline = (await body(`/events/timeline?scenario_id=${CRISIS}&ticker=${failed.ticker}&limit=500`)).events;
    const told = timeline.filter((e: Json) => ["bankruptcy_filing", "delisting"].includes(e.event_type));
    expect(told.map((e: Json) => e.event_type)).toEqual(["delisting", "bankruptcy_filing"]);
    expect(told[0].event_date).toBe(failed.last);
    const filed = told[1].event_date;
    const filings = (await body(`/filings?scenario_id=${CRISIS}&ticker=${failed.ticker}&filing_type=8-K&limit=100`))
      .filings;
    expect(filings.find((f: Json) => f.items.includes("Item-1.03"))?.filing_date).toBe(filed);
    expect(failed.action.details).toMatchObject({ reason: "bankruptcy", cash_per_share: expect.any(Number) });
    const facts = async (asOf: string) =>
      (await body(`/company/facts?scenario_id=${CRISIS}&ticker=${failed.ticker}&as_of=${asOf}`)).company_facts;
    expect((await facts(failed.last)).is_active).toBe(true);
    expect((await facts(failed.ex)).is_active).toBe(false);
  });
});

describe("an evaluation run holding it", () => {
  const key = KEYS.runs.key;
  const ok = async (res: Promise<Response>) => {
    const r = await res;
    const answer = await json(r);
    if (r.status !== 200) throw new Error(`${r.status} ${JSON.stringify(answer)}`);
    return answer;
  };

  /** A run opened ten sessions before the company's last day, 100 shares bought, advanced to its ex-date: its id and ledger. */
  async function holdThrough(leaving: Leaving): Promise<{ id: string; ledger: Json[] }> {
    const path = `/prices?scenario_id=${CRISIS}&ticker=${leaving.ticker}&end_date=${leaving.last}&start_date=2005-01-01&limit=5000`;
    const start = (await body(path)).prices.at(-10).time.slice(0, 10);
    const { run } = await ok(post("/runs", { scenario_id: CRISIS, agent: "exits", start_date: start }, { key }));
    const id = run.run_id;
    await ok(post(`/runs/${id}/orders`, { ticker: leaving.ticker, side: "buy", shares: 100 }, { key }));
    await ok(post(`/runs/${id}/advance`, { to: leaving.ex }, { key }));
    return { id, ledger: (await ok(get(`/runs/${id}/ledger`, key))).ledger };
  }

  it("is paid the cash per share on the ex-date, and may not trade it after", async () => {
    const { id, ledger } = await holdThrough(target);
    const paid = ledger.find((e: Json) => e.kind === "acquisition");
    expect(paid).toMatchObject({
      date: target.ex,
      ticker: target.ticker,
      shares: 100,
      cash_per_share: target.action.details.cash_per_share,
      cash_change: Math.round(100 * target.action.details.cash_per_share * 100) / 100,
    });
    const state = (await ok(get(`/runs/${id}`, key))).run;
    expect(state.positions.map((p: Json) => p.ticker)).not.toContain(target.ticker);
    const refused = await post(`/runs/${id}/orders`, { ticker: target.ticker, side: "buy", shares: 1 }, { key });
    expect(refused.status).toBe(422);
    expect((await json(refused)).detail).toMatch(/no longer trades/);
  });

  it("receives its buyer's whole shares where the deal paid in them, the fraction in cash at the buyer's open", async () => {
    const { id, ledger } = await holdThrough(inShares);
    const { exchange_ratio: ratio, acquirer_ticker: buyer, cash_per_share: cash } = inShares.action.details;
    const bar = (
      await body(
        `/prices?scenario_id=${CRISIS}&ticker=${buyer}&start_date=${inShares.ex}&end_date=${inShares.ex}&as_of=${inShares.ex}`,
      )
    ).prices[0];
    const whole = Math.trunc(100 * ratio);
    expect(ledger.find((e: Json) => e.kind === "acquisition")).toMatchObject({
      date: inShares.ex,
      ticker: inShares.ticker,
      shares: 100,
      cash_per_share: cash,
      received_ticker: buyer,
      exchange_ratio: ratio,
      received_shares: whole,
      exchange_price: bar.open,
      cash_change: Math.round((100 * cash + (100 * ratio - whole) * bar.open) * 100) / 100,
    });
    const positions = (await ok(get(`/runs/${id}`, key))).run.positions;
    expect(positions.map((p: Json) => [p.ticker, p.shares])).toEqual([[buyer, whole]]);
  });

  it("is paid a failed company's recovery on the ex-date, its shares gone", async () => {
    const { id, ledger } = await holdThrough(failed);
    const recovery = failed.action.details.cash_per_share;
    expect(ledger.find((e: Json) => e.kind === "delisting")).toMatchObject({
      date: failed.ex,
      ticker: failed.ticker,
      shares: 100,
      cash_per_share: recovery,
      cash_change: Math.round(100 * recovery * 100) / 100,
    });
    expect((await ok(get(`/runs/${id}`, key))).run.positions).toEqual([]);
  });
});
