// Point in time: nothing after a request's horizon (its as_of, or the scenario's current_date) is
// served. A future branch is revealed only to an explicit later as_of, and nothing public about a
// scenario describes its branch.
import { beforeAll, describe, expect, it } from "vitest";
import { body, BRANCH, get, MEGACAP, post } from "./client.ts";

const END = "2026-06-30";
let current: string;
let catalystId: string;
beforeAll(async () => {
  current = (await body(`/scenarios/${BRANCH}`)).scenario.current_date;
  const { events } = await body(`/events/timeline?scenario_id=${BRANCH}&as_of=${END}&event_type=macro_catalyst`);
  catalystId = events[0].event_id;
});
const q = `scenario_id=${BRANCH}`;
const dates = (rows: Record<string, string>[], field: string) => rows.map((r) => r[field]);

describe("a future branch", () => {
  it("is not served by default: every endpoint stops at current_date", async () => {
    expect(current < END).toBe(true);
    const prices = (await body(`/prices?${q}&ticker=NVDA`)).prices;
    expect(dates(prices, "time").at(-1)).toBe(current);
    const macro = (await body(`/macro?${q}&limit=10000`)).macro_data;
    expect(dates(macro, "time").at(-1)).toBe(current);
    const events = (await body(`/events/timeline?${q}&limit=500`)).events;
    expect(dates(events, "visible_from").every((d) => d <= current)).toBe(true);
    expect(events.some((e: { event_type: string }) => e.event_type === "macro_catalyst")).toBe(false);
    const actions = (await body(`/corporate-actions?${q}&limit=200`)).corporate_actions;
    expect(dates(actions, "announcement_date").every((d) => d <= current)).toBe(true);
    const rates = (await body(`/macro/interest-rates?${q}&bank=FED`)).interest_rates;
    expect(dates(rates, "announcement_date").every((d) => d <= current)).toBe(true);
    const rate = (await body(`/macro/interest-rates/snapshot?${q}&bank=FED`)).interest_rate;
    expect(rate.effective_date <= current).toBe(true);
    const market = await body(`/prices/snapshot/market?${q}`);
    expect(market.as_of).toBe(current);
    expect(market.snapshots.every((s: { time: string }) => s.time <= current)).toBe(true);
    const funds = (await body(`/index-funds?${q}&limit=1000`)).index_funds;
    expect(funds.length).toBeGreaterThan(0);
    expect(dates(funds, "as_of").every((d) => d <= current)).toBe(true);
    const trades = (await body(`/insider-trades?${q}&limit=200`)).insider_trades;
    expect(trades.length).toBeGreaterThan(0);
    expect(dates(trades, "filing_date").every((d) => d <= current)).toBe(true);
    const later = (await body(`/insider-trades?${q}&as_of=${END}&limit=200`)).insider_trades;
    expect(dates(later, "filing_date").some((d) => d > current)).toBe(true);
  });

  it("shows no article of the branch by default: news, filings, their items and analyst notes", async () => {
    const news = (await body(`/news?${q}&limit=500`)).news;
    expect(news.length).toBeGreaterThan(0);
    expect(dates(news, "visible_from").every((d) => d <= current)).toBe(true);
    expect(news.some((a: { source_event_id: string }) => a.source_event_id === catalystId)).toBe(false);
    const filings = (await body(`/filings?${q}&limit=500`)).filings;
    expect(filings.length).toBeGreaterThan(0);
    expect(dates(filings, "filing_date").every((d) => d <= current)).toBe(true);
    const items = (await body(`/filings/items?${q}&limit=100`)).filing_items;
    expect(dates(items, "filing_date").every((d) => d <= current)).toBe(true);
    // One company's fiscal year is read from its sections' keys alone: it stops at current_date too,
    // and an explicit later as_of reveals the branch's filings.
    const ofYears = async (asOf: string) => {
      const year = Number(current.slice(0, 4));
      const paths = [year, year + 1].map((y) => `/filings/items?${q}&ticker=${items[0].ticker}&year=${y}${asOf}`);
      return (await Promise.all(paths.map(async (p) => (await body(p)).filing_items))).flat();
    };
    expect(dates(await ofYears(""), "filing_date").every((d) => d <= current)).toBe(true);
    expect(dates(await ofYears(`&as_of=${END}`), "filing_date").some((d) => d > current)).toBe(true);
    const notes = (await body(`/analyst-notes?${q}&limit=500`)).analyst_notes;
    expect(notes.length).toBeGreaterThan(0);
    expect(dates(notes, "visible_from").every((d) => d <= current)).toBe(true);
    // Revealed to an explicit later as_of: the catalyst's news.
    const later = (await body(`/news?${q}&as_of=${END}&market_only=true&limit=500`)).news;
    expect(later.some((a: { source_event_id: string }) => a.source_event_id === catalystId)).toBe(true);
  });

  it("is revealed to an explicit as_of after current_date", async () => {
    const later = `${q}&as_of=${END}`;
    expect(dates((await body(`/prices?${later}&ticker=NVDA`)).prices, "time").at(-1)).toBe(END);
    expect(dates((await body(`/macro?${later}&limit=10000`)).macro_data, "time").at(-1)).toBe(END);
    expect((await body(`/events/timeline?${later}&event_type=macro_catalyst`)).events).toHaveLength(1);
  });

  it("restates adjusted closes only for the actions gone ex by the horizon", async () => {
    const all = (await body(`/corporate-actions?${q}&as_of=${END}&limit=200`)).corporate_actions;
    // A split in the branch if the path made one (it restates by its ratio), else a dividend.
    type Action = { action_type: string; ex_date: string; ticker: string };
    const inBranch = all.filter((a: Action) => a.ex_date > current);
    const split = inBranch.find((a: Action) => a.action_type === "split") ?? inBranch[0];
    expect(split, "the branch scenario has a corporate action after current_date").toBeDefined();
    const p = `/prices?${q}&ticker=${split.ticker}&include_components=true`;
    const now = (await body(p)).prices;
    expect(await body(`${p}&as_of=${current}`)).toEqual({ ticker: split.ticker, prices: now });
    const last = now.at(-1);
    expect(last.time).toBe(current);
    expect(last.adjusted_close).toBe(last.close); // nothing after the horizon is restated
    const sameDay = (await body(`${p}&as_of=${END}`)).prices.find((b: { time: string }) => b.time === current);
    expect(sameDay.close).toBe(last.close);
    // The action restates it: a split by its ratio, a dividend by a few percent at most.
    expect(sameDay.adjusted_close).toBeLessThan(last.adjusted_close / (split.action_type === "split" ? 1.5 : 1));
    for (const b of now) {
      const sum = b.market_return + b.sector_return + b.idiosyncratic_return + b.event_return;
      expect(Math.abs(sum - Math.log(b.adjusted_close / b.metadata.previous_adjusted_close))).toBeLessThan(1e-9);
    }
  });

  it("is described nowhere public: neither in the validation report nor in the summary", async () => {
    const { validation } = await body(`/scenarios/${BRANCH}/validation`);
    const mentioned = JSON.stringify(validation).match(/\d{4}-\d{2}-\d{2}/g) ?? [];
    expect(mentioned.filter((d) => d > current)).toEqual([]);
    const { scenario } = await body(`/scenarios/${BRANCH}`);
    expect(scenario.public_summary.market_description).not.toMatch(/pause/i);
  });
});

describe("a horizon after the world's end", () => {
  const LATER = "2031-01-01";

  it("is the world's end_date: X-As-Of never names a later day, and the answer is end_date's", async () => {
    const { scenario } = await body(`/scenarios/${MEGACAP}`);
    const facts = await get(`/company/facts?scenario_id=${MEGACAP}&ticker=AAPL&as_of=${LATER}`);
    expect(facts.headers.get("x-as-of")).toBe(scenario.end_date);
    const door = await get(`/fd/${MEGACAP}/company/facts/?ticker=AAPL&as_of=${LATER}`);
    expect(door.headers.get("x-as-of")).toBe(scenario.end_date);
    const screen = await post(`/financials/search/screener`, { scenario_id: MEGACAP, as_of: LATER });
    expect(screen.headers.get("x-as-of")).toBe(scenario.end_date);
    const items = { scenario_id: MEGACAP, tickers: ["AAPL"], end_date: LATER };
    expect((await post(`/financials/search/line-items`, items)).headers.get("x-as-of")).toBe(scenario.end_date);
    // The earnings calendar's next release beyond the world is announced after end_date: never served.
    for (const path of [
      `/earnings/calendar?${q}&ticker=NVDA&limit=100`,
      `/financial-metrics/snapshot?${q}&limit=5000`,
      `/prices/snapshot/market?${q}&limit=5000`,
    ]) {
      const [at, after] = await Promise.all([get(`${path}&as_of=${END}`), get(`${path}&as_of=${LATER}`)]);
      expect(after.headers.get("x-as-of"), path).toBe(END);
      expect(await after.text(), path).toBe(await at.text());
    }
  });
});

describe("the catalyst", () => {
  it("is marked on the macro tape from its own day on, and never before", async () => {
    const { events } = await body(`/events/timeline?${q}&as_of=${END}&event_type=macro_catalyst`);
    const day = events[0].visible_from;
    const tape = (await body(`/macro?${q}&as_of=${END}&start_date=2026-01-01&end_date=2026-04-30`)).macro_data;
    const at = tape.find((m: { time: string }) => m.time === day);
    expect(at.metadata).toMatchObject({ catalyst_window: true, trading_days_from_catalyst: 0 });
    expect(at.metadata.source_event_ids).toContain(events[0].event_id);
    const before = tape.filter((m: { time: string }) => m.time < day);
    expect(before.length).toBeGreaterThan(0);
    for (const m of before) {
      expect(JSON.stringify(m)).not.toMatch(/catalyst/);
      expect(m.metadata.source_event_ids).not.toContain(events[0].event_id);
    }
  });
});

describe("the ownership statements (Forms 3 and 5, Schedules 13G)", () => {
  const previousDay = (day: string) => new Date(Date.parse(day) - 86_400_000).toISOString().slice(0, 10);

  it.each([
    ["/insider-ownership", "insider_ownership", "ticker=NVDA"],
    ["/beneficial-ownership", "beneficial_owners", "ticker=NVDA&history=true"],
  ])("%s hides the branch by default, and a statement until its filing date", async (path, key, filter) => {
    const hidden = (await body(`${path}?${q}&${filter}&limit=200`))[key];
    expect(hidden.length).toBeGreaterThan(0);
    expect(dates(hidden, "filing_date").every((d) => d <= current)).toBe(true);
    const all = (await body(`${path}?${q}&${filter}&limit=200&as_of=${END}`))[key];
    const inBranch = all.filter((r: { filing_date: string }) => r.filing_date > current);
    expect(inBranch.length).toBeGreaterThan(0);
    // The newest statement: absent the day before it was filed, present from that day.
    const { id, filing_date } = all[0];
    const ids = async (asOf: string) =>
      (await body(`${path}?${q}&${filter}&limit=200&as_of=${asOf}`))[key].map((r: { id: string }) => r.id);
    expect(await ids(previousDay(filing_date))).not.toContain(id);
    expect(await ids(filing_date)).toContain(id);
  });
});
