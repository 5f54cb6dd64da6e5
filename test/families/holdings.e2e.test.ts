// Institutional holdings: who holds a company and what a manager holds, each line visible from its
// manager's filing date; index managers at the broad index fund's weights; weights summing to 1;
// change_shares across splits; the investors and tickers lists; and the error answers.
import { describe, expect, it } from "vitest";
import { filingText } from "../../src/families/holdings/rows.ts";
import { body, BRANCH, CRISIS, get, json, MEGACAP } from "../e2e/client.ts";

interface Line {
  id: string;
  manager_name: string;
  report_period: string;
  ticker: string;
  shares: number;
  market_value: number;
  portfolio_weight: number;
  change_shares: number | null;
  form_type: string;
  filing_date: string;
  filing_text: string;
  details: { manager_type: string; position_status: string | null; valuation_date: string };
  name_of_issuer: string;
  value_usd: number;
  filer_cik: string;
  filer_name: string;
  put_call: null;
  reported_price: number;
}
interface Investor {
  cik: string;
  name: string;
  type: string;
}

const H = (scenario: string) => `/institutional-holdings?scenario_id=${scenario}`;
const lines = async (path: string) => (await body(path)).institutional_holdings as Line[];
const investorsOf = async (scenario: string, query = "") =>
  (await body(`/institutional-holdings/investors?scenario_id=${scenario}${query}`)).investors as Investor[];

/** Every line of a query, walked page by page. */
async function walk(path: string, limit: number): Promise<Line[]> {
  const out: Line[] = [];
  for (let offset = 0; ; offset += limit) {
    const page = await lines(`${path}&limit=${limit}&offset=${offset}`);
    out.push(...page);
    if (page.length < limit) return out;
  }
}

/** Newest report period first; within one, market value descending, ties by `tie`. */
function expectOrdered(rows: Line[], tie: (l: Line) => string) {
  for (let i = 1; i < rows.length; i++) {
    const [a, b] = [rows[i - 1], rows[i]];
    if (a.report_period !== b.report_period) expect(a.report_period > b.report_period).toBe(true);
    else if (a.market_value !== b.market_value) expect(a.market_value).toBeGreaterThan(b.market_value);
    else expect(tie(a) < tie(b)).toBe(true);
  }
}

describe("who holds a company", () => {
  it("lists every manager's line, newest quarter first, by value, with the contract's fields and the 13F names", async () => {
    const aapl = await walk(`${H(MEGACAP)}&ticker=aapl`, 7);
    expect(aapl.length).toBeGreaterThan(20);
    expect(aapl).toEqual(await lines(`${H(MEGACAP)}&ticker=AAPL&limit=200`));
    expectOrdered(aapl, (l) => l.filer_cik);
    expect(new Set(aapl.map((l) => l.report_period))).toEqual(new Set(["2023-03-31", "2023-06-30", "2023-09-30"]));
    for (const l of aapl) {
      expect(l.ticker).toBe("AAPL");
      expect(l.form_type).toBe("13F-HR");
      expect(l.name_of_issuer).toBe(l.name_of_issuer.toUpperCase());
      expect([l.value_usd, l.filer_name, l.put_call]).toEqual([l.market_value, l.manager_name, null]);
      expect(l.market_value).toBeCloseTo(l.shares * l.reported_price, 1);
      expect(l.filing_date > l.report_period).toBe(true);
      expect(l.filer_cik).toMatch(/^\d{10}$/);
      for (const part of [l.manager_name, l.filer_cik, l.report_period, l.filing_date, l.name_of_issuer])
        expect(l.filing_text).toContain(part);
      expect(l.filing_text).toContain(l.shares.toLocaleString("en-US"));
      // The text is the contract's, composed from the line as served.
      expect(l.filing_text).toBe(filingText(l));
    }
    // Each quarter: the three index managers, and some active managers and hedge funds.
    const kinds = new Set(aapl.map((l) => l.details.manager_type));
    expect(kinds).toEqual(new Set(["index", "active", "hedge_fund"]));
  });

  it("prices each line at the close of the quarter's last trading day", async () => {
    const [line] = await lines(`${H(MEGACAP)}&ticker=MSFT&limit=1`);
    const day = line.details.valuation_date;
    const { prices } = await body(`/prices?scenario_id=${MEGACAP}&ticker=MSFT&start_date=${day}&end_date=${day}`);
    expect(prices[0].close).toBe(line.reported_price);
    expect(day <= line.report_period).toBe(true);
  });

  it("walks a company's holders back across years of filings, page by page and within windows", async () => {
    const { tickers } = await body(`/institutional-holdings/tickers?scenario_id=${CRISIS}`);
    const path = `${H(CRISIS)}&ticker=${tickers[0]}`;
    const all = await walk(path, 40);
    const years = [...new Set(all.map((l) => l.filing_date.slice(0, 4)))].sort();
    expect(years.length).toBeGreaterThan(2);
    expect(all.slice(0, 200)).toEqual(await lines(`${path}&limit=200`));
    expectOrdered(all, (l) => l.filer_cik);
    // The second half of a year: its fourth quarter is filed in the next year.
    const y = years[1];
    const [first, last] = [`${y}-07-01`, `${y}-12-31`];
    const half = await walk(`${path}&report_period_gte=${first}&report_period_lte=${last}`, 9);
    expect(half).toEqual(all.filter((l) => l.report_period >= first && l.report_period <= last));
    expect(new Set(half.map((l) => l.filing_date.slice(0, 4)))).toEqual(new Set([y, String(Number(y) + 1)]));
  });

  it("filters by report period, and answers a fund with an empty list", async () => {
    const q2 = await lines(`${H(MEGACAP)}&ticker=NVDA&report_period_gte=2023-04-01&report_period_lte=2023-06-30`);
    expect(q2.length).toBeGreaterThan(0);
    expect(new Set(q2.map((l) => l.report_period))).toEqual(new Set(["2023-06-30"]));
    expect(await lines(`${H(MEGACAP)}&ticker=SPY`)).toEqual([]);
  });
});

describe("what a manager holds", () => {
  it("pages a quarter's lines by value, weights summing to 1 each quarter", async () => {
    const manager = (await investorsOf(MEGACAP)).find((m) => m.type === "active")!;
    const all = await walk(`${H(MEGACAP)}&filer_cik=${Number(manager.cik)}`, 5);
    expect(all.length).toBeGreaterThan(3);
    expectOrdered(all, (l) => l.ticker);
    expect(all.every((l) => l.filer_cik === manager.cik && l.manager_name === manager.name)).toBe(true);
    const weights = new Map<string, number>();
    for (const l of all) weights.set(l.report_period, (weights.get(l.report_period) ?? 0) + l.portfolio_weight);
    expect(weights.size).toBeGreaterThan(1);
    for (const sum of weights.values()) expect(sum).toBeCloseTo(1, 9);
  });

  it("gives index managers the broad index fund's relative weights on the same quarter-end day", async () => {
    const indexManagers = (await investorsOf(MEGACAP)).filter((m) => m.type === "index");
    expect(indexManagers).toHaveLength(3);
    const { index_funds } = await body(`/index-funds?scenario_id=${MEGACAP}&ticker=SPY&as_of=2023-06-30&limit=1000`);
    // The fund weighs the scenario's companies in the whole market; a 13F holds them alone, at
    // the same weights relative to each other.
    const members = index_funds.filter((r: { outside_scenario: boolean }) => !r.outside_scenario);
    const inScenario = members.reduce((s: number, r: { weight: number }) => s + r.weight, 0);
    expect(inScenario).toBeLessThan(1);
    const fund = new Map(members.map((r: { holding_ticker: string; weight: number }) => [r.holding_ticker, r.weight]));
    expect(index_funds[0].as_of).toBe("2023-06-30");
    for (const m of indexManagers) {
      const q2 = await lines(
        `${H(MEGACAP)}&filer_cik=${m.cik}&report_period_gte=2023-06-30&report_period_lte=2023-06-30&limit=200`,
      );
      expect(q2.map((l) => l.ticker).sort()).toEqual([...fund.keys()].sort());
      for (const l of q2)
        expect(Math.abs(l.portfolio_weight * inScenario - (fund.get(l.ticker) as number))).toBeLessThan(2e-6);
    }
  });

  it("restates the quarter before for a split in between when measuring change_shares", async () => {
    type Action = { action_type: string; ex_date: string; ticker: string; details: { ratio?: number } };
    let split: Action | undefined;
    for (let offset = 0; !split; offset += 200) {
      const page = (await body(`/corporate-actions?scenario_id=${CRISIS}&limit=200&offset=${offset}`))
        .corporate_actions as Action[];
      split = page.find((a) => a.action_type === "split" && a.ex_date > "2005-07-01" && a.ex_date < "2019-09-01");
      if (page.length < 200) break;
    }
    expect(split, "crisis-cycle-2005 has a split").toBeDefined();
    const ratio = split!.details.ratio!;
    // An index manager's lines (it holds every company every quarter) of the quarters about the split.
    const held = (await walk(`${H(CRISIS)}&ticker=${split!.ticker}`, 200)).filter(
      (l) => l.details.manager_type === "index",
    );
    const after = held.filter((l) => l.details.valuation_date >= split!.ex_date).at(-1)!; // the first quarter after it
    const before = held.find((l) => l.filer_cik === after.filer_cik && l.report_period < after.report_period)!;
    expect(before.details.valuation_date < split!.ex_date).toBe(true);
    expect(after.change_shares).toBe(after.shares - Math.round(before.shares * ratio));
  });
});

describe("point in time", () => {
  it("shows no line before its manager's filing date, whatever its report period", async () => {
    // 2023-05-01: Q1 2023 is over, but only early filers have filed.
    const early = await lines(`${H(MEGACAP)}&ticker=AAPL&as_of=2023-05-01&limit=200`);
    const all = (await lines(`${H(MEGACAP)}&ticker=AAPL&limit=200`)).filter((l) => l.report_period === "2023-03-31");
    expect(early.every((l) => l.filing_date <= "2023-05-01")).toBe(true);
    expect(early.length).toBeLessThan(all.length);
    expect(early).toEqual(all.filter((l) => l.filing_date <= "2023-05-01"));
    expect(await lines(`${H(MEGACAP)}&ticker=AAPL&as_of=2023-04-03`)).toEqual([]);
  });

  it("hides a future branch's filings by default and reveals them to a later as_of", async () => {
    const { scenario } = await body(`/scenarios/${BRANCH}`);
    const current = scenario.current_date as string;
    const now = await walk(`${H(BRANCH)}&ticker=NVDA`, 200);
    expect(now.length).toBeGreaterThan(0);
    expect(now.every((l) => l.filing_date <= current)).toBe(true);
    const later = await walk(`${H(BRANCH)}&ticker=NVDA&as_of=2026-06-30`, 200);
    expect(later.some((l) => l.filing_date > current)).toBe(true);
    const manager = now[0].filer_cik;
    const filed = await walk(`${H(BRANCH)}&filer_cik=${manager}`, 200);
    expect(filed.every((l) => l.filing_date <= current)).toBe(true);
  });
});

describe("investors and tickers", () => {
  it("lists the managers by name, filtered case-insensitively, each with its lines", async () => {
    const all = await investorsOf(MEGACAP);
    expect(all).toHaveLength(19);
    expect(all.map((m) => m.name)).toEqual([...all.map((m) => m.name)].sort());
    const partners = await investorsOf(MEGACAP, "&name=PARTNERS");
    expect(partners.length).toBeGreaterThan(0);
    expect(partners).toEqual(all.filter((m) => m.name.toLowerCase().includes("partners")));
    const [first] = await lines(`${H(MEGACAP)}&filer_cik=${all[0].cik}&limit=1`);
    expect(first.manager_name).toBe(all[0].name);
  });

  it("lists the companies held, not the funds", async () => {
    const { tickers } = await body(`/institutional-holdings/tickers?scenario_id=${MEGACAP}`);
    const companies = (await body(`/company/facts/tickers?scenario_id=${MEGACAP}`)).tickers;
    expect(tickers).toEqual(companies);
    expect(tickers).not.toContain("SPY");
  });
});

describe("errors", () => {
  it.each([
    ["", 422, "Query parameter 'ticker' or 'filer_cik' is required"],
    ["&ticker=AAPL&filer_cik=1", 400, "Query parameters 'ticker' and 'filer_cik' cannot be combined"],
    ["&filer_cik=abc", 422, "Query parameter 'filer_cik' must be a CIK of up to 10 digits"],
    ["&filer_cik=12345678901", 422, "Query parameter 'filer_cik' must be at most 10 characters"],
    ["&filer_cik=42", 404, "Investor with CIK 0000000042 not found in scenario"],
    ["&ticker=ZZZZ", 404, "Ticker ZZZZ not found in scenario"],
    ["&ticker=AAPL&limit=201", 422, "Query parameter 'limit' must be at most 200"],
    [
      "&ticker=AAPL&report_period_gte=2023-07-01&report_period_lte=2023-03-31",
      400,
      "Query parameter 'report_period_gte' must not be after 'report_period_lte'",
    ],
    [
      "&ticker=AAPL&report_period_gte=2023-02-30",
      422,
      "Query parameter 'report_period_gte' must be a valid date YYYY-MM-DD",
    ],
  ])("%s -> %i", async (query, status, detail) => {
    const res = await get(`${H(MEGACAP)}${query}`);
    expect(res.status).toBe(status);
    expect((await json(res)).detail).toBe(detail);
  });
});

describe("a large stake is news", () => {
  it("becomes an event on the timeline, from its 13F's filing date, that the news cites", async () => {
    const { events } = await body(`/events/timeline?scenario_id=${MEGACAP}&event_type=stake_disclosure&limit=100`);
    expect(events.length).toBeGreaterThan(0);
    let cited = 0;
    for (const e of events as { event_id: string; ticker: string; event_date: string; public_summary: string }[]) {
      const filed = (await walk(`${H(MEGACAP)}&ticker=${e.ticker}`, 200)).filter(
        (l) => l.filing_date === e.event_date && e.public_summary.startsWith(`${l.filer_name} reported holding`),
      );
      expect(filed, e.public_summary).toHaveLength(1);
      expect(filed[0].details.manager_type).not.toBe("index");
      expect(e.public_summary).toContain(`${filed[0].shares.toLocaleString("en-US")} shares`);
      const { news } = await body(
        `/news?scenario_id=${MEGACAP}&ticker=${e.ticker}&start_date=${e.event_date}&end_date=${e.event_date}`,
      );
      cited += (news as { source_event_id: string }[]).filter((a) => a.source_event_id === e.event_id).length;
    }
    expect(cited).toBeGreaterThan(0);
  });
});

describe("beneficial ownership (Schedules 13G)", () => {
  interface Schedule {
    filer_cik: string;
    ticker: string;
    form_type: string;
    event_date: string;
    filing_date: string;
    percent_of_class: number;
    aggregate_amount_beneficially_owned: number;
  }
  const B = `/beneficial-ownership?scenario_id=${MEGACAP}`;
  const schedules = async (query: string) => (await body(`${B}&${query}`)).beneficial_owners as Schedule[];

  it("files with the 13F the stake's line, at 5% or more, and keeps each stake's latest by default", async () => {
    const chain = await schedules("ticker=AAPL&history=true&limit=200");
    expect(chain.length).toBeGreaterThan(0);
    const held = await walk(`${H(MEGACAP)}&ticker=AAPL`, 200);
    for (const b of chain) {
      const line = held.find((l) => l.filer_cik === b.filer_cik && l.report_period === b.event_date);
      expect(b.filing_date).toBe(line ? line.filing_date : b.filing_date);
      expect(b.aggregate_amount_beneficially_owned).toBe(line?.shares ?? 0);
      if (b.form_type === "SC 13G") expect(b.percent_of_class).toBeGreaterThanOrEqual(5);
    }
    const latest = await schedules("ticker=AAPL&limit=200");
    const stakes = new Set(chain.map((b) => b.filer_cik));
    expect(latest.map((b) => b.filer_cik).sort()).toEqual([...stakes].sort());
    for (const b of latest) expect(b).toEqual(chain.find((c) => c.filer_cik === b.filer_cik));
  });

  it("lists a filer's stakes and the filers by name prefix, as of a date", async () => {
    const filers = (await body(`/beneficial-ownership/filers?scenario_id=${MEGACAP}&name=G`)).filers as {
      filer_cik: string;
      name: string;
    }[];
    expect(filers.length).toBeGreaterThan(0);
    expect(filers.every((f) => f.name.toLowerCase().startsWith("g"))).toBe(true);
    const own = await schedules(`filer_cik=${filers[0].filer_cik}&history=true&limit=200`);
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((b) => b.filer_cik === filers[0].filer_cik)).toBe(true);
    const early = await schedules("ticker=AAPL&history=true&limit=200&as_of=2023-05-01");
    expect(early.every((b) => b.filing_date <= "2023-05-01")).toBe(true);
    expect(await schedules("ticker=AAPL&type=activist")).toEqual([]);
  });

  it.each([
    ["", 422],
    ["&ticker=AAPL&filer_cik=1", 400],
    ["&filer_cik=42", 404],
    ["&ticker=ZZZZ", 404],
  ])("%s -> %i", async (query, status) => {
    expect((await get(`${B}${query}`)).status).toBe(status);
  });
});
