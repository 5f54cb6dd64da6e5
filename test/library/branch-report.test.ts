// The validation report is public, so a future branch's report may only describe its context (the
// days up to current_date); its Tier 0 rules must still hold on the branch for it to be healthy.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { unpack } from "msgpackr";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { validationKey } from "../../src/bundle/layout.ts";
import type { ValidationReport } from "../../src/bundle/types.ts";
import { validateScenario } from "../../build/pipeline/validate.ts";
import { contextView, generateWorld, type WholeWorld } from "../../build/pipeline/world.ts";
import { defaultIds } from "../support/bundles.ts";
import { librarySource } from "../support/worlds.ts";

const source = librarySource("ai-capex-branch-2026");
const current = source.current_date;
/** The branch's whole world, generated in memory as the build generates it. */
let world: WholeWorld;
beforeAll(() => void (world = generateWorld(source)));
const validate = (w: WholeWorld, currentDate?: string) =>
  validateScenario({ scenarioId: BRANCH, generatorVersion: "test", calibrationVersion: "test", world: w, currentDate });

const libraryDir = inject("libraryDir");
const { BRANCH } = defaultIds(libraryDir);

function publishedReport(): ValidationReport {
  return unpack(readFileSync(join(libraryDir, validationKey(BRANCH)))) as ValidationReport;
}

const datesIn = (report: ValidationReport) => JSON.stringify(report).match(/\d{4}-\d{2}-\d{2}/g) ?? [];
const rowsOf = (report: ValidationReport) =>
  Object.fromEntries(
    report.checks.flatMap((c) => {
      const rows = (c.observed as { rows?: number } | null)?.rows;
      return rows === undefined ? [] : [[c.name, rows]];
    }),
  );

/** A copy of the world with bars of the first stock broken (high below close) on days `days`. */
function withBrokenBars(...days: number[]): WholeWorld {
  const first = world.perCompany[0];
  const bars = first.stock.bars.map((b, j) => (days.includes(j) ? { ...b, high: b.close - 1 } : b));
  return { ...world, perCompany: world.perCompany.with(0, { ...first, stock: { ...first.stock, bars } }) };
}

const compositions = (w: WholeWorld, i: number) => w.funds[i].compositions.years.flatMap(w.funds[i].compositions.of);

describe("the context view of a future branch", () => {
  let view: WholeWorld;
  let n: number;
  beforeAll(() => {
    view = contextView(world, current);
    n = world.days.filter((d) => d <= current).length;
  });

  it("keeps the days up to the current date and every daily series to them", () => {
    expect(view.days).toEqual(world.days.slice(0, n));
    const series = [
      view.regimes,
      view.inflation,
      view.market.returns,
      view.market.vol,
      view.market.monthVol,
      view.market.dispersion,
      view.market.eventReturns,
      ...[...view.sectors.values(), ...view.styles].flatMap((s) => [s.returns, s.vol]),
      ...view.perCompany.flatMap((c) => [c.stock.bars, c.stock.shares]),
      ...view.funds.flatMap((f) => [f.bars, f.benchmarkLevel]),
      ...view.warrants.map((w) => w.bars),
      view.macro,
    ];
    for (const s of series) expect(s).toHaveLength(n);
  });

  it("keeps what was public by then: events, actions, decisions and fund compositions", () => {
    const visible = <T>(items: T[], date: (item: T) => string) => items.filter((i) => date(i) <= current);
    expect(view.events).toEqual(visible(world.events, (e) => e.visible_from));
    view.perCompany.forEach(({ facts, events, stock }, i) => {
      expect(facts).toEqual(world.perCompany[i].facts);
      expect(events).toEqual(visible(world.perCompany[i].events, (e) => e.visible_from));
      expect(stock.actions).toEqual(visible(world.perCompany[i].stock.actions, (a) => a.announcement_date));
    });
    for (const [bank, decisions] of view.decisions)
      expect(decisions).toEqual(visible(world.decisions.get(bank)!, (d) => d.announced));
    view.funds.forEach((_, i) => {
      expect(compositions(world, i).length).toBeGreaterThan(compositions(view, i).length);
      expect(compositions(view, i)).toEqual(visible(compositions(world, i), (c) => c.as_of));
    });
    expect(view.companies).toEqual(world.companies);
  });
});

describe("a future branch's published validation report", () => {
  it("is a future branch with days after its current date", () => {
    expect(source.public_summary.path_mode).toBe("future_branch");
    expect(world.days.filter((d) => d > current).length).toBeGreaterThan(100);
  });

  it("mentions no date after the current date", () => {
    const report = publishedReport();
    for (const date of datesIn(report)) expect(date <= current, date).toBe(true);
  });

  it("counts the rows of the context only", () => {
    const report = publishedReport();
    const onOrBefore = (date: string) => date <= current;
    const contextDays = world.days.filter(onOrBefore).length;
    const instruments = world.perCompany.length + world.funds.length + world.warrants.length;
    const actions = world.perCompany.flatMap((c) => c.stock.actions);
    const events = [...world.events, ...world.perCompany.flatMap((c) => c.events)];
    const decisions = [...world.decisions.values()].map((ds) => ds.filter((d) => onOrBefore(d.announced)).length - 1);
    const perBar = instruments * contextDays;
    const filed = world.perCompany.map((c) => c.statements.filter((st) => onOrBefore(st.filingDate)));
    const periods = filed.flat().length;
    const quarterly = filed.map((list) => list.filter((st) => st.period === "quarterly"));
    const releases = world.perCompany.flatMap((c) => c.earnings).filter((e) => onOrBefore(e.filing_date)).length;
    const filings = world.perCompany.flatMap((c) => c.filings).filter((f) => onOrBefore(f.filing_date)).length;
    const articles = [...world.marketNews, ...world.perCompany.flatMap((c) => c.news)].filter((a) =>
      onOrBefore(a.visible_from),
    ).length;
    const notes = world.perCompany.flatMap((c) => c.notes).filter((n) => onOrBefore(n.visible_from)).length;
    const periodic = world.perCompany
      .flatMap((c) => c.filings)
      .filter((f) => (f.filing_type === "10-K" || f.filing_type === "10-Q") && onOrBefore(f.filing_date)).length;
    const calls = world.perCompany.flatMap((c) => c.transcripts).filter((t) => onOrBefore(t.visible_from)).length;
    const lines = world.perCompany.flatMap((c) => c.holdings).filter((h) => onOrBefore(h.filing_date));
    const trades = world.perCompany.flatMap((c) => c.insiderTrades).filter((t) => onOrBefore(t.filing_date));
    const ownership = world.perCompany.flatMap((c) => c.insiderOwnership).filter((o) => onOrBefore(o.filing_date));
    const schedules = world.perCompany.flatMap((c) => c.beneficialOwners).filter((b) => onOrBefore(b.filing_date));
    const { managers, quarters } = world.institutions;
    const filedByAll = quarters.filter((q) => managers.every((m) => q.filed[m.cik] && onOrBefore(q.filed[m.cik])));
    expect(rowsOf(report)).toEqual({
      ohlc_ordering: perBar,
      prices_positive: perBar,
      volume_integer_nonnegative: perBar,
      bars_on_trading_days: perBar,
      return_components_identity: perBar,
      adjusted_close_consistency: world.perCompany.length * (contextDays - 1),
      corporate_action_dates: actions.filter((a) => onOrBefore(a.announcement_date)).length,
      story_catalyst_failure: 0,
      // A company counts under the $1 rule unless it leaves by the current date.
      listing_minimum_price: world.perCompany.filter(
        (c) =>
          !c.stock.actions.some(
            (a) =>
              (a.action_type === "acquisition" || a.action_type === "delisting") && onOrBefore(a.announcement_date),
          ),
      ).length,
      takeover_consideration: actions.filter((a) => a.action_type === "acquisition" && onOrBefore(a.announcement_date))
        .length,
      events_point_in_time: events.filter((e) => onOrBefore(e.visible_from)).length,
      no_sale_rumours_on_mega_caps: events.filter((e) => e.event_type === "merger_rumor" && onOrBefore(e.visible_from))
        .length,
      policy_rate_steps: decisions.reduce((a, b) => a + b, 0),
      policy_rate_calendar: decisions.reduce((a, b) => a + b, 0),
      listing_dates: world.perCompany.length,
      income_statement_arithmetic: periods,
      eps_reconciliation: periods,
      balance_sheet_identity: periods,
      filing_calendar: periods,
      // A buyer's quarter of a close inside the world, by then (this theme asks for no exits: none).
      acquirer_consolidation: world.perCompany
        .flatMap((c) => c.acquiring)
        .filter((d) => d.completes && d.ends !== null && onOrBefore(world.days[d.ends])).length,
      metrics_recompute: periods,
      // Each period's cash, and each quarter's against the one before it.
      cash_reconciliation: periods + quarterly.reduce((a, q) => a + Math.max(0, q.length - 1), 0),
      ttm_and_annual_sums: periods - quarterly.flat().length,
      statement_dividends_match_actions: quarterly.flat().filter((q) => q.reportPeriod >= world.days[0]).length,
      // One earnings row per release by then, each checked against its estimates and its statement.
      consensus_point_in_time: releases,
      // Each publication estimates one quarter.
      estimates_after_previous_release: world.perCompany
        .flatMap((c) => c.estimates)
        .filter((e) => onOrBefore(e.estimate_date)).length,
      earnings_match_statements: releases,
      segment_sums: periods,
      // Quarters and fiscal years: no TTM.
      kpi_consistency: filed.flat().filter((st) => st.period !== "ttm").length,
      non_gaap_reconciliation: filed.flat().filter((st) => st.period !== "ttm").length,
      // Every filing by then: its lineage, its deadline and its numbers.
      filings_lineage: filings,
      filings_deadlines: filings,
      filings_numbers_match_records: filings,
      // Each broad fund's return against the market factor's; each composition by then.
      fund_benchmark_is_market: world.funds.filter((f) => f.spec.sector === null).length,
      fund_composition_outside_world: world.funds.reduce(
        (sum, f) =>
          sum + f.compositions.years.flatMap((y) => f.compositions.of(y)).filter((c) => onOrBefore(c.as_of)).length,
        0,
      ),
      // Articles published by the current date, each checked once by each rule.
      news_lineage: articles,
      news_numbers_match_records: articles,
      news_sentiment_agrees: articles,
      // Notes published by the current date.
      notes_match_estimates: notes,
      notes_numbers_match_records: notes,
      filings_risks_follow_situation: periodic,
      transcripts_follow_releases: calls,
      transcripts_numbers_match_records: calls,
      transcripts_speakers: calls,
      // 13F lines filed by the current date; each is in three shards, and each company in the tickers'.
      holdings_filing_lag: lines.length,
      holdings_visible_from_filing: 3 * lines.length + world.perCompany.length,
      holdings_index_weights: lines.filter((h) => h.details.manager_type === "index").length,
      holdings_change_shares: lines.length,
      holdings_weights_sum_to_one: lines.length,
      holdings_ownership_in_band: world.perCompany.length * filedByAll.length,
      holdings_companies_only: lines.length,
      holdings_stake_events: events.filter((e) => e.event_type === "stake_disclosure" && onOrBefore(e.visible_from))
        .length,
      // Form 4s filed by the current date; the blackout is about open-market trades.
      insider_holdings_chain: trades.length,
      insider_filing_lag: trades.length,
      insider_prices: trades.length,
      insider_blackout: trades.filter((t) => t.transaction_type === "buy" || t.transaction_type === "sell").length,
      insider_purchase_events: events.filter((e) => e.event_type === "insider_purchase" && onOrBefore(e.visible_from))
        .length,
      // Forms 3 and 5 filed by then; each tied out where its insider has a chain to tie to (Form 4s
      // by its date, or a Form 3 before a Form 5).
      insider_ownership_filing_lag: ownership.length,
      insider_ownership_tie_out: ownership.filter((o) => {
        const same = (x: { ticker: string; name: string }) => x.ticker === o.ticker && x.name === o.name;
        const own = trades.filter(same);
        if (o.form_type === "3") return own.length > 0;
        return (
          own.some((t) => t.transaction_date <= o.as_of_date) || ownership.some((x) => same(x) && x.form_type === "3")
        );
      }).length,
      // Schedules 13G filed by then; the threshold rule also replays each manager's stake at every
      // quarter of its 13F lines of the company (through its last one).
      beneficial_filing_lag: schedules.length,
      beneficial_threshold:
        schedules.length +
        world.perCompany.reduce((sum, c) => {
          const filed = c.holdings.filter((h) => onOrBefore(h.filing_date));
          const periods = [...new Set(filed.map((h) => h.report_period))];
          const through = new Map<string, string>();
          for (const h of filed) if (h.report_period > (through.get(h.cik) ?? "")) through.set(h.cik, h.report_period);
          const held = new Set(filed.map((h) => `${h.cik} ${h.report_period}`));
          let pairs = 0;
          for (const [cik, last] of through)
            for (const period of periods) if (held.has(`${cik} ${period}`) || period <= last) pairs++;
          return sum + pairs;
        }, 0),
      // The branch's story is its catalyst's targets, after the current date: nothing to count yet.
      story_sector_leadership: 0,
      story_inflation_direction: 0,
      story_market_direction: 0,
      story_catalyst_impact: 0,
      story_crisis_earnings: 0,
      story_catalyst_statements: 0,
      story_catalyst_news: 0,
      story_crisis_window: 0,
      story_crisis_episode: 0,
      story_takeovers: 0,
      story_failures: 0,
      story_listings: 0,
      story_listing_cycle: 0,
    });
    expect(report.checks).toEqual(validate(contextView(world, current)).checks);
  });

  it("shows a Tier 0 violation in the context with its date, but not one in the branch", () => {
    const before = world.days.indexOf(current) - 3;
    const after = world.days.length - 10;
    const ticker = world.perCompany[0].facts.ticker;
    const report = validate(withBrokenBars(before, after), current);
    const ohlc = report.checks.find((c) => c.name === "ohlc_ordering")!;
    expect(ohlc).toMatchObject({ passed: false, observed: { violations: 1 } });
    expect(ohlc.detail).toContain(`${ticker} ${world.days[before]}`);
    expect(datesIn(report)).toEqual([world.days[before]]);
    expect(report.healthy).toBe(false);
  });
});

describe("a Tier 0 violation after the current date", () => {
  it("makes the scenario unhealthy without showing in the report", () => {
    const i = world.days.length - 10;
    expect(world.days[i] > current).toBe(true);
    const report = validate(withBrokenBars(i), current);
    expect(report.healthy).toBe(false);
    expect(report.checks.find((c) => c.name === "ohlc_ordering")).toMatchObject({ passed: true });
    expect(report.checks).toEqual(validate(world, current).checks);
    expect(validate(world, current).healthy).toBe(true);
  });

  it("in a policy decision announced in the branch, too", () => {
    const fed = world.decisions.get("FED")!;
    const i = fed.findIndex((d) => d.announced > current);
    const broken = {
      ...world,
      decisions: new Map([...world.decisions, ["FED", fed.with(i, { ...fed[i], move: 0.1 })]]),
    };
    const report = validate(broken, current);
    expect(report.healthy).toBe(false);
    expect(report.checks.find((c) => c.name === "policy_rate_steps")).toMatchObject({ passed: true });
  });
});

describe("a historical scenario's report", () => {
  it("covers the whole world, its current date being its last day", () => {
    // A short one: the default subset's first historical scenario (crisis-cycle-2005) takes ten times as long.
    const historical = librarySource("megacap-tech-2023");
    expect(historical.public_summary.path_mode).toBe("historical_context");
    const w = generateWorld(historical);
    expect(historical.current_date).toBe(w.days[w.days.length - 1]);
    expect(validate(w, historical.current_date)).toEqual(validate(w));
  });
});
