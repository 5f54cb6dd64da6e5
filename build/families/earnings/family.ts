// Analyst estimates, earnings releases and the earnings calendar, served once the stock's shares
// and prices exist. The numbers were settled before prices: the business (company family) gave each
// quarter, the analysts estimated it, and the release's surprise against their consensus moved the
// price. Here they get their per-share form, and each release's public summary is rewritten to
// state the reported EPS and revenue against the consensus (the events family serves the result).
import { SHARDS } from "../../../src/families/shards.ts";
import { listedOn } from "../../models/prices.ts";
import {
  publishedEstimatesRow,
  type PeriodFigures,
  type PublishedEstimates,
} from "../../../src/families/earnings/estimates.ts";
import {
  EARNINGS_BALANCE_LINES,
  EARNINGS_CASH_FLOW_LINES,
  type Earnings,
  type EarningsDate,
  type KpiGuidance,
} from "../../../src/families/earnings/rows.ts";
import { periodicForm } from "../../models/filing-ids.ts";
import {
  calendarRows,
  chooseGuiders,
  consensusOf,
  earningsRow,
  estimateRows,
  guidanceRows,
  releaseSummary,
  type Market,
  type ReleasedQuarter,
} from "./model.ts";
import { dayIndexOf, type WorldEvent } from "../../models/events.ts";
import type { PeriodStatements } from "../../models/statements.ts";
import { round2 } from "../../models/rounding.ts";
import { dollars } from "../../models/amounts.ts";
import { mean } from "../../models/statistics.ts";
import type { CompanyCore } from "../company/family.ts";
import type { CompanyExit } from "../exits/family.ts";
import type { CompanyEventsPart } from "../events/family.ts";
import type { Calendar, Checker, CompanyBase, Family } from "../../ground/family.ts";
import { byFirstColumn, emitTickerAndYears, groupBy, toRows } from "../../ground/rows.ts";
import type { CompanyStatements } from "../statements/family.ts";
import { balanceRow, cashFlowRow, incomeRow } from "../statements/rows.ts";
import type { Stock } from "../stocks/family.ts";
import type { Universe } from "../universe/family.ts";
import { RuleTally } from "../../ground/rules.ts";

export interface CompanyEarnings {
  /** Each analyst's publications: the quarter, its fiscal year and the next, EPS and revenue of each. */
  estimates: PublishedEstimates[];
  earnings: Earnings[];
  /** Full-year guidance given with the releases (companies that guide only). */
  guidance: KpiGuidance[];
  calendar: EarningsDate[];
  /** The company's events, its earnings releases' summaries now stating the numbers. */
  events: WorldEvent[];
}

type Company = CompanyBase & CompanyCore & CompanyEventsPart & Stock & CompanyStatements & CompanyEarnings;

/** Hidden: the companies that guide, chosen for the world (chooseGuiders). */
export interface Guiders {
  guiders: Set<string>;
}

export const earnings: Family<
  Calendar & Universe,
  Guiders,
  CompanyCore & CompanyExit & CompanyEventsPart & Stock & CompanyStatements,
  CompanyEarnings
> = {
  name: "earnings",
  generate: ({ starts }, { rng }) => ({
    guiders: chooseGuiders(new Map([...starts].map(([ticker, start]) => [ticker, start.tier])), rng.fork("guiders")),
  }),
  context: (world) => ({ guiders: world.guiders }),
  company: (world, { facts, business, seenOn, coverage, events, stock, statements, distress }, { rng }) => {
    const market: Market = {
      days: world.days,
      bars: stock.bars,
      shares: stock.shares,
      splitMultiple: stock.splitMultiple,
    };
    const dayIndex = dayIndexOf(world.days);
    const releases = new Map(events.filter((e) => e.event_type === "earnings_release").map((e) => [e.event_date, e]));
    const quarterly = new Map(statements.filter((s) => s.period === "quarterly").map((s) => [s.reportPeriod, s]));
    // A company that lists inside the world released no results as a private company.
    const listed = listedOn(stock);
    const released = business.quarters.flatMap(({ quarter }, q) => {
      const event = releases.get(quarter.release);
      const s = quarterly.get(quarter.end);
      return event && s && event.event_date >= listed
        ? [{ quarter: q, event, day: dayIndex.get(quarter.release)!, statements: s }]
        : [];
    });
    const guidance = world.guiders.has(facts.ticker)
      ? guidanceRows(facts, business, seenOn, released, market, rng.fork(`guidance/${facts.ticker}`))
      : [];
    const guided = new Map(
      guidance
        .filter((g) => g.metric_name === "earnings_per_share")
        .map((g) => [g.source_event_id, g.change_direction]),
    );
    const rows: Earnings[] = [];
    const summaries = new Map<string, string>();
    for (const { quarter, event, day, statements: s } of released) {
      const consensus = consensusOf(coverage, quarter, day, s.splitBasis, market);
      const row = earningsRow(facts, releasedQuarter(facts, s), event, consensus, guided.get(event.event_id) ?? "none");
      rows.push(row);
      summaries.set(event.event_id, releaseSummary(facts, row, event));
    }
    const releaseTime = [...releases.values()][0]?.public_release_datetime.slice(11) ?? "16:05:00";
    return {
      estimates: estimateRows(facts, business, coverage, market, rng.fork(`estimates/${facts.ticker}`), distress?.from),
      earnings: rows,
      guidance,
      calendar: calendarRows(facts, business, world.days, releaseTime),
      events: events.map((e) => (summaries.has(e.event_id) ? { ...e, public_summary: summaries.get(e.event_id)! } : e)),
    };
  },
  companyContext: (company, cut) => ({
    estimates: company.estimates.filter((e) => e.estimate_date <= cut.date),
    earnings: company.earnings.filter((e) => e.filing_date <= cut.date),
    guidance: company.guidance.filter((g) => g.issued_date <= cut.date),
    calendar: company.calendar.filter((e) => e.announcement_date <= cut.date),
    events: company.events.filter((e) => e.visible_from <= cut.date),
  }),
  companySince: (company, since) => ({
    estimates: company.estimates.filter((e) => e.estimate_date >= since.date),
    earnings: company.earnings.filter((e) => e.filing_date >= since.date),
    guidance: company.guidance.filter((g) => g.issued_date >= since.date),
    calendar: company.calendar.filter((e) => e.announcement_date >= since.date),
    events: company.events.filter((e) => e.visible_from >= since.date),
  }),
  companyShards: (_, { facts, estimates, earnings, guidance, calendar }, emit) => {
    if (guidance.length)
      emit.write(SHARDS.guidance, facts.ticker, byFirstColumn(toRows(SHARDS.guidance.columns, guidance)));
    if (estimates.length)
      emit.write(SHARDS.estimates, facts.ticker, byFirstColumn(estimates.map(publishedEstimatesRow)));
    emitTickerAndYears(emit, SHARDS.earnings, facts.ticker, earnings);
    if (calendar.length)
      emit.write(
        SHARDS.earningsCalendar,
        facts.ticker,
        byFirstColumn(toRows(SHARDS.earningsCalendar.columns, calendar)),
      );
  },
  companyChecks: () => earningsChecks(),
};

function earningsChecks(): Checker<unknown, Company> {
  const pointInTime = new RuleTally(
    "consensus_point_in_time",
    "earnings",
    "each release's consensus = the mean of each analyst's latest estimate published before the release day; no estimate of a quarter on or after its release",
  );
  const reported = new RuleTally(
    "earnings_match_statements",
    "earnings",
    "reported revenue, net income and EPS = the quarter's income statement; the press release and the event summary state them; " +
      "source_type is the quarter's 10-Q or 10-K (of its accession number); revenue_surprise and eps_surprise are the signs of " +
      "their fractions; diluted shares and the balance-sheet and cash-flow lines = the quarter's statements, each public by the row's filing date",
  );
  const window = new RuleTally(
    "estimates_after_previous_release",
    "earnings",
    "each estimate of a quarter is published after the release of the quarter before: analysts estimate the next quarter to be released, never one further ahead",
  );
  return {
    company: (company) => {
      const { facts, earnings, estimates, statements, events } = company;
      const summaries = new Map(events.map((e) => [e.event_id, e.public_summary]));
      const quarters = new Map(
        statements.filter((s) => s.period === "quarterly").map((s) => [s.reportPeriod, releasedQuarter(facts, s)]),
      );
      const byPeriod = groupBy(periodEstimates(estimates, "quarterly"), (e) => e.report_period);
      // Releases in the order of their quarters: the latest before a quarter opens its window.
      const released = [...earnings].sort((a, b) => (a.report_period < b.report_period ? -1 : 1));
      for (const [period, list] of byPeriod) {
        const previous = released.findLast((r) => r.report_period < period)?.filing_date ?? "";
        for (const e of list) {
          window.rows++;
          if (e.estimate_date <= previous) window.violation(`${facts.ticker} ${e.fiscal_period} ${e.estimate_date}`);
        }
      }
      const splitsOn = splitMultipleByDate(company.stock);
      const splitBasis = new Map(statements.map((s) => [s.reportPeriod, s.splitBasis]));
      for (const row of earnings) {
        const where = `${facts.ticker} ${row.report_period}`;
        pointInTime.rows++;
        const mine = byPeriod.get(row.report_period) ?? [];
        if (mine.some((e) => e.estimate_date >= row.filing_date)) pointInTime.violation(where);
        // The latest EPS estimate of each analyst before the release day, on the quarter's split basis.
        const latest = new Map<string, PeriodEstimate>();
        for (const e of mine) if (e.estimate_date < row.filing_date) latest.set(e.firm, e);
        const basis = splitBasis.get(row.report_period)!;
        const eps = [...latest.values()].map((e) => (e.eps * splitsOn.get(e.estimate_date)!) / basis);
        const expected = eps.length ? round2(mean(eps)) : null;
        if (expected !== row.quarterly.estimated_earnings_per_share || latest.size !== row.quarterly.analysts)
          pointInTime.violation(where);
        reported.rows++;
        const quarter = quarters.get(row.report_period);
        const q = row.quarterly;
        const summary = summaries.get(row.source_event_id) ?? "";
        if (
          !quarter ||
          q.revenue !== quarter.income.revenue ||
          q.net_income !== quarter.income.net_income ||
          q.earnings_per_share !== quarter.income.earnings_per_share ||
          !row.press_release.includes(dollars(q.net_income)) ||
          !summary.includes(`$${Math.abs(q.earnings_per_share).toFixed(2)}`) ||
          !statementLinesMatch(row, quarter)
        )
          reported.violation(where);
      }
    },
    finish: () => [pointInTime.check(), window.check(), reported.check()],
  };
}

/** A quarter's statements as served, to source its earnings row from. */
const releasedQuarter = (facts: CompanyBase["facts"], s: PeriodStatements): ReleasedQuarter => ({
  income: incomeRow(facts, s),
  balance: balanceRow(facts, s),
  cashFlow: cashFlowRow(facts, s),
  fiscalQuarter: s.fiscalQuarter,
});

/** The row's lines sourced from its quarter's 10-Q or 10-K, each its statement's value (or null only while not public). */
function statementLinesMatch(row: Earnings, { income, balance, cashFlow, fiscalQuarter }: ReleasedQuarter): boolean {
  const q = row.quarterly as Record<string, unknown>;
  const sameLines = (statement: { filing_date: string }, lines: readonly string[]) =>
    lines.every((k) =>
      statement.filing_date <= row.filing_date ? q[k] === (statement as Record<string, unknown>)[k] : q[k] === null,
    );
  // The sign of the surprise fraction; of the difference where a consensus of 0 has no fraction.
  const word = (actual: number, expected: number | null, pct: number | null) => {
    if (expected === null) return null;
    const sign = Math.sign(pct ?? actual - expected);
    return sign > 0 ? "BEAT" : sign < 0 ? "MISS" : "MEET";
  };
  const { quarterly: r } = row;
  return (
    row.source_type === periodicForm(fiscalQuarter) &&
    row.accession_number === income.accession_number &&
    sameLines(income, ["weighted_average_shares_diluted"]) &&
    sameLines(balance, EARNINGS_BALANCE_LINES) &&
    sameLines(cashFlow, EARNINGS_CASH_FLOW_LINES) &&
    r.revenue_surprise === word(r.revenue, r.estimated_revenue, r.revenue_surprise_pct) &&
    r.eps_surprise === word(r.earnings_per_share, r.estimated_earnings_per_share, r.eps_surprise_pct)
  );
}

/** One period's figures of a publication, with the publication's date, firm and reason. */
export type PeriodEstimate = PeriodFigures & Pick<PublishedEstimates, "estimate_date" | "firm" | "reason">;

/** Each publication's estimates of quarters, or of fiscal years (its year's and the next), oldest first. */
export const periodEstimates = (estimates: PublishedEstimates[], period: "quarterly" | "annual"): PeriodEstimate[] =>
  estimates.flatMap(({ estimate_date, firm, reason, quarter, year, next_year }) =>
    (period === "quarterly" ? [quarter] : [year, next_year]).flatMap((f) =>
      f ? [{ ...f, estimate_date, firm, reason }] : [],
    ),
  );

/** The stock's split multiple on each trading day, by date: restates per-share figures between dates. */
export const splitMultipleByDate = (stock: Stock["stock"]) =>
  new Map(stock.bars.map((b, i) => [b.time, stock.splitMultiple[i]]));
