// Analyst estimates, earnings, guidance and the calendar served by the worker: the consensus is
// recomputed from the estimates served as of the day before each release, the reported figures
// from the income statements, and nothing is visible before its own date.
import { describe, expect, it } from "vitest";
import { body, get, MEGACAP } from "../e2e/client.ts";

type Row = Record<string, any>;
const s = `scenario_id=${MEGACAP}`;
const rows = async (path: string, key: string): Promise<Row[]> => (await body(path))[key];
/** Every row of a list route, page by page (its maximum page is 200). */
async function allRows(path: string, key: string): Promise<Row[]> {
  const out: Row[] = [];
  for (let offset = 0; ; offset += 200) {
    const page = await rows(`${path}&limit=200&offset=${offset}`, key);
    out.push(...page);
    if (page.length < 200) return out;
  }
}
const dayBefore = (date: string) => new Date(Date.parse(date) - 86_400_000).toISOString().slice(0, 10);

describe("earnings", () => {
  it("report the income statement against the mean of each analyst's latest estimate before the release", async () => {
    const releases = await rows(`/earnings?${s}&ticker=MSFT&limit=4`, "earnings");
    expect(releases.length).toBe(4);
    for (const e of releases) {
      const estimates = await allRows(
        `/analyst-estimates?${s}&ticker=MSFT&period=quarterly&report_period=${e.report_period}&as_of=${dayBefore(e.filing_date)}`,
        "analyst_estimates",
      );
      // Newest first: the first row of each firm and metric is its latest.
      const latest = (metric: string) => {
        const seen = new Map<string, number>();
        for (const r of estimates) if (r.metric_name === metric && !seen.has(r.firm)) seen.set(r.firm, r.estimate);
        return [...seen.values()];
      };
      const eps = latest("earnings_per_share");
      const revenue = latest("revenue");
      expect(e.quarterly.analysts).toBe(eps.length);
      expect(e.quarterly.estimated_earnings_per_share).toBeCloseTo(eps.reduce((a, b) => a + b, 0) / eps.length, 2);
      expect(
        Math.abs(e.quarterly.estimated_revenue - revenue.reduce((a, b) => a + b, 0) / revenue.length),
      ).toBeLessThan(1000);
      const [income] = await rows(
        `/financials/income-statements?${s}&ticker=MSFT&report_period=${e.report_period}`,
        "income_statements",
      );
      expect(e.quarterly.revenue).toBe(income.revenue);
      expect(e.quarterly.net_income).toBe(income.net_income);
      expect(e.quarterly.earnings_per_share).toBe(income.earnings_per_share);
      expect(e.accession_number).toBe(income.accession_number);
      expect(e.filing_date).toBe(income.filing_date);
      const pct =
        (e.quarterly.earnings_per_share - e.quarterly.estimated_earnings_per_share) /
        Math.abs(e.quarterly.estimated_earnings_per_share);
      expect(e.quarterly.eps_surprise_pct).toBeCloseTo(pct, 4);
      expect(e.signals.eps_surprise).toBe(pct > 0 ? "beat" : pct < 0 ? "miss" : "in_line");
      expect(e.press_release).toContain(`$${income.net_income.toLocaleString("en-US")}`);
    }
  });

  it("are announced by an earnings_release event that states the same numbers", async () => {
    const [e] = await rows(`/earnings?${s}&ticker=NVDA&limit=1`, "earnings");
    const events = await rows(
      `/events/timeline?${s}&ticker=NVDA&event_type=earnings_release&as_of=${e.filing_date}&limit=1`,
      "events",
    );
    expect(events[0].event_id).toBe(e.source_event_id);
    expect(events[0].public_release_datetime).toBe(e.filing_datetime);
    const money = (x: number) => `$${x.toFixed(2)}`;
    expect(events[0].public_summary).toContain(
      `EPS ${money(e.quarterly.earnings_per_share)} against a consensus of ${money(e.quarterly.estimated_earnings_per_share)}`,
    );
    expect(events[0].public_summary).toContain(`revenue $${(e.quarterly.revenue / 1e9).toFixed(2)}bn`);
  });

  it("show nothing released after as_of, across every company", async () => {
    const all = await rows(`/earnings?${s}&as_of=2023-08-01&limit=500`, "earnings");
    expect(all.length).toBeGreaterThan(10);
    expect(new Set(all.map((e) => e.ticker)).size).toBeGreaterThan(5);
    for (const e of all) expect(e.filing_date <= "2023-08-01").toBe(true);
    const dates = all.map((e) => e.filing_date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("are empty for a fund, 404 for an unknown ticker, 422 without a ticker for estimates", async () => {
    expect((await body(`/earnings?${s}&ticker=SPY`)).earnings).toEqual([]);
    expect((await body(`/analyst-estimates?${s}&ticker=SPY`)).analyst_estimates).toEqual([]);
    expect((await get(`/earnings?${s}&ticker=NOPE`)).status).toBe(404);
    expect((await get(`/analyst-estimates?${s}`)).status).toBe(422);
    expect((await get(`/earnings/calendar?${s}&ticker=AAPL&limit=101`)).status).toBe(422);
    expect((await get(`/analyst-estimates?${s}&ticker=AAPL&metric_name=ebitda`)).status).toBe(422);
  });

  it("list the tickers that report", async () => {
    const tickers = (await body(`/earnings/tickers?${s}`)).tickers;
    expect(tickers).toContain("AAPL");
    expect(tickers).not.toContain("SPY");
  });
});

describe("earnings in financialdatasets' shape", () => {
  // The quarterly block's lines taken from the quarter's statements (`/financials`), by statement.
  const LINES = {
    income_statement: ["weighted_average_shares", "weighted_average_shares_diluted"],
    balance_sheet: ["cash_and_equivalents", "total_debt", "total_assets", "total_liabilities", "shareholders_equity"],
    cash_flow_statement: [
      "free_cash_flow",
      "net_cash_flow_from_operations",
      "capital_expenditure",
      "net_cash_flow_from_investing",
      "net_cash_flow_from_financing",
      "change_in_cash_and_equivalents",
    ],
  } as const;
  /** Each line of `release.quarterly` equals its statement's in `financials` (one period of /financials). */
  const expectLinesOf = (release: Row, financials: Row) => {
    for (const [statement, lines] of Object.entries(LINES)) {
      const st = financials[statement];
      expect(st.accession_number).toBe(release.accession_number);
      expect(st.filing_date <= release.filing_date).toBe(true);
      for (const line of lines) {
        expect(release.quarterly[line], `${release.ticker} ${release.report_period} ${line}`).toBe(st[line]);
        expect(release.quarterly[line]).not.toBeNull();
      }
    }
  };
  const everyRelease = () => rows(`/earnings?${s}&limit=500`, "earnings");

  it("name their source: the 10-Q, or the 10-K of a fourth quarter, that their accession number is at /filings", async () => {
    const all = await everyRelease();
    expect(all.length).toBeGreaterThan(40);
    const periodic = new Map(
      (await allRows(`/filings?${s}&filing_type=10-Q&filing_type=10-K`, "filings")).map((f) => [f.accession_number, f]),
    );
    const types = new Set<string>();
    for (const e of all) {
      expect(["8-K", "10-Q", "10-K"]).toContain(e.source_type);
      types.add(e.source_type);
      const filing = periodic.get(e.accession_number)!;
      expect(filing, `${e.ticker} ${e.report_period}`).toBeDefined();
      expect(e.source_type).toBe(filing.filing_type);
      expect(e.filing_date).toBe(filing.filing_date);
      expect(e.filing_datetime.slice(0, 10)).toBe(e.filing_date);
      expect(e.source_type === "10-K").toBe(/Q4 /.test(e.fiscal_period));
    }
    expect(types).toEqual(new Set(["10-Q", "10-K"]));
  });

  it("say BEAT, MISS or MEET as the reported figure stands against the consensus, as the surprise and the signals do", async () => {
    const words = { beat: "BEAT", miss: "MISS", in_line: "MEET" };
    const seen = new Set<string>();
    for (const e of await everyRelease()) {
      const q = e.quarterly;
      for (const [actual, expected, pct, word, signal] of [
        [q.revenue, q.estimated_revenue, q.revenue_surprise_pct, q.revenue_surprise, e.signals.revenue_surprise],
        [
          q.earnings_per_share,
          q.estimated_earnings_per_share,
          q.eps_surprise_pct,
          q.eps_surprise,
          e.signals.eps_surprise,
        ],
      ]) {
        if (expected === null) {
          expect(word).toBeNull();
          continue;
        }
        seen.add(word);
        expect(word).toBe(pct > 0 ? "BEAT" : pct < 0 ? "MISS" : "MEET");
        expect(words[signal as keyof typeof words]).toBe(word);
        // MEET: within 0.005% of the consensus (the fraction is 0 at four decimals); otherwise its side.
        if (word === "MEET") expect(Math.abs(actual - expected)).toBeLessThanOrEqual(0.00005 * Math.abs(expected));
        else expect(Math.sign(actual - expected)).toBe(word === "BEAT" ? 1 : -1);
      }
      // EPS are stated to the cent: MEET is equal to the cent.
      if (q.eps_surprise === "MEET") expect(q.earnings_per_share).toBe(q.estimated_earnings_per_share);
    }
    expect(seen).toContain("BEAT");
    expect(seen).toContain("MISS");
  });

  it("carry the same quarter's diluted shares, balance sheet and cash flows, as /financials serves them", async () => {
    const tickers: string[] = (await body(`/earnings/tickers?${s}`)).tickers;
    let checked = 0;
    for (const ticker of tickers) {
      const releases = await rows(`/earnings?${s}&ticker=${ticker}&limit=20`, "earnings");
      const periods = new Map(
        (await rows(`/financials?${s}&ticker=${ticker}&period=quarterly&limit=40`, "financials")).map((f) => [
          f.report_period,
          f,
        ]),
      );
      for (const e of releases) {
        expectLinesOf(e, periods.get(e.report_period)!);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(40);
    // Share counts are restated for the splits gone ex by the horizon, as the statements' are:
    // NVDA splits 2-for-1 with ex-date 2023-05-02 in this world.
    const release = async (q: string) =>
      (await rows(`/earnings?${s}&ticker=NVDA&limit=20${q}`, "earnings")).find(
        (e) => e.report_period === "2023-01-31",
      )!;
    const [before, after] = await Promise.all([release("&as_of=2023-04-28"), release("")]);
    expect(after.quarterly.weighted_average_shares_diluted).toBe(2 * before.quarterly.weighted_average_shares_diluted);
    const [statementBefore] = await rows(
      `/financials?${s}&ticker=NVDA&report_period=2023-01-31&filing_date_lte=2023-04-28`,
      "financials",
    );
    expectLinesOf(before, statementBefore);
  });

  it("fill no line whose statement is not public at the horizon: a row and its statements are public together", async () => {
    // Each quarter's statements are filed with its release, so a served row's lines are never
    // waiting on a later filing: at every horizon each served row's statements are public too, and
    // the day before a release neither the row nor its statements are.
    const horizon = "2023-08-01";
    const served = await rows(`/earnings?${s}&as_of=${horizon}&limit=500`, "earnings");
    expect(served.length).toBeGreaterThan(10);
    for (const e of served) {
      const path = `/financials?${s}&ticker=${e.ticker}&report_period=${e.report_period}`;
      const [statements] = await rows(`${path}&as_of=${horizon}`, "financials");
      expect(statements, `${e.ticker} ${e.report_period}`).toBeDefined();
      expect(statements.filing_date <= horizon).toBe(true);
      expectLinesOf(e, statements);
    }
    for (const e of served.filter((x) => x.ticker === "MSFT")) {
      const before = dayBefore(e.filing_date);
      const releases = await rows(`/earnings?${s}&ticker=MSFT&as_of=${before}&limit=20`, "earnings");
      expect(releases.map((r) => r.report_period)).not.toContain(e.report_period);
      expect(
        await rows(`/financials?${s}&ticker=MSFT&report_period=${e.report_period}&as_of=${before}`, "financials"),
      ).toEqual([]);
    }
  });
});

describe("analyst estimates", () => {
  it("are public from their date, each prompted by an event already public then", async () => {
    const estimates = await rows(`/analyst-estimates?${s}&ticker=AAPL&as_of=2023-09-15&limit=200`, "analyst_estimates");
    expect(estimates.length).toBeGreaterThan(50);
    const events = new Map(
      (await rows(`/events/timeline?${s}&ticker=AAPL&as_of=2023-09-15&limit=500`, "events")).map((e) => [
        e.event_id,
        e.visible_from,
      ]),
    );
    for (const e of estimates) {
      expect(e.estimate_date <= "2023-09-15").toBe(true);
      if (e.metadata.source_event_id === null) expect(e.metadata.reason).not.toBe("post_earnings");
      else expect(events.get(e.metadata.source_event_id) < e.estimate_date).toBe(true);
      expect(["buy", "hold", "sell"]).toContain(e.rating);
      expect(e.target_price).toBeGreaterThan(0);
    }
    const firms = new Set(estimates.map((e) => e.firm));
    expect(firms.size).toBeGreaterThanOrEqual(10);
  });

  it("estimate the fiscal year too: in its last quarter, the three reported quarters and the fourth's estimate", async () => {
    const revenue = (period: string) =>
      allRows(`/analyst-estimates?${s}&ticker=MSFT&period=${period}&metric_name=revenue`, "analyst_estimates");
    const [annual, quarterly] = await Promise.all([revenue("annual"), revenue("quarterly")]);
    const income = await rows(
      `/financials/income-statements?${s}&ticker=MSFT&period=quarterly&limit=40`,
      "income_statements",
    );
    let checked = 0;
    for (const a of annual) {
      expect(a.fiscal_period).toMatch(/^FY \d{4}$/);
      const q = quarterly.find((x) => x.firm === a.firm && x.estimate_date === a.estimate_date);
      if (!q) throw new Error(`no quarterly estimate with ${a.firm} ${a.estimate_date}`);
      if (q.report_period !== a.report_period) continue; // not the year's fourth quarter
      const year = a.fiscal_period.slice(3);
      const reported = income.filter((i) => i.fiscal_period.endsWith(` ${year}`) && i.report_period < a.report_period);
      if (reported.length !== 3) continue;
      const sum = reported.reduce((x, i) => x + i.revenue, 0);
      expect(Math.abs(a.estimate - q.estimate - sum)).toBeLessThanOrEqual(1000);
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
  });
});

describe("next year's estimates", () => {
  it("exist before a year's fourth quarter is released, beside that quarter's and that year's", async () => {
    // Microsoft's fiscal 2023 ends in June; its fourth quarter is released in July.
    const release = (await rows(`/earnings?${s}&ticker=MSFT&limit=20`, "earnings")).find(
      (e) => e.report_period === "2023-06-30",
    )!;
    const before = await allRows(
      `/analyst-estimates?${s}&ticker=MSFT&metric_name=earnings_per_share&as_of=${dayBefore(release.filing_date)}`,
      "analyst_estimates",
    );
    const next = before.filter((e) => e.fiscal_period === "FY 2024");
    expect(next.length).toBeGreaterThan(10);
    for (const e of next) {
      expect(e.period).toBe("annual");
      expect(e.report_period).toBe("2024-06-30");
      // The same firm, that day, also estimated the fourth quarter and fiscal 2023.
      expect(
        before
          .filter((x) => x.firm === e.firm && x.estimate_date === e.estimate_date)
          .map((x) => x.fiscal_period)
          .sort(),
      ).toEqual(["FY 2023", "FY 2024", "fiscal Q4 2023"]);
    }
  });
});

describe("guidance and the calendar", () => {
  it("guidance is public from its release, and the release's signal says how it moved", async () => {
    // Which companies guide is the world's draw (about a fifth of large and mega caps), not a fixed ticker.
    const tickers: string[] = (await body(`/company/facts/tickers?${s}`)).tickers;
    const guiding = [];
    for (const ticker of tickers) {
      const given = await rows(`/kpi/guidance?${s}&ticker=${ticker}&as_of=2023-09-01`, "kpi_guidance");
      if (given.length) guiding.push({ ticker, given });
    }
    expect(guiding.length).toBeGreaterThan(0);
    expect(guiding.length).toBeLessThan(tickers.length / 2);
    const [{ ticker, given: guidance }] = guiding;
    const releases = await rows(`/earnings?${s}&ticker=${ticker}&as_of=2023-09-01&limit=20`, "earnings");
    for (const g of guidance.filter((x) => x.metric_name === "earnings_per_share")) {
      expect(g.issued_date <= "2023-09-01").toBe(true);
      expect(g.low).toBeLessThanOrEqual(g.point_estimate);
      expect(g.high).toBeGreaterThanOrEqual(g.point_estimate);
      const release = releases.find((e) => e.source_event_id === g.source_event_id);
      expect(release?.signals.guidance).toBe(g.change_direction);
    }
  });

  it("the calendar shows the next release once announced, and not before", async () => {
    const calendar = await rows(`/earnings/calendar?${s}&ticker=MSFT&as_of=2023-10-10`, "earnings_calendar");
    const [next] = calendar;
    expect(next.earnings_date > "2023-10-10").toBe(true);
    expect(next.announcement_date <= "2023-10-10").toBe(true);
    const before = await rows(
      `/earnings/calendar?${s}&ticker=MSFT&as_of=${dayBefore(next.announcement_date)}`,
      "earnings_calendar",
    );
    expect(before.map((r) => r.earnings_date)).not.toContain(next.earnings_date);
  });
});
