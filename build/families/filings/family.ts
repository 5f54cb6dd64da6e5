// Filings (model.ts, docs/filings.md): the 10-Q or 10-K filed with each earnings release
// inside the world, and the 8-K of each company event a company reports, each public from its
// filing date. Served per ticker, with a market-wide index per filing year. The checks read the
// filings and records they are given: lineage to the events, the SEC's deadlines, and every number
// written against the records.
import { ACQUIRER_EVENT_TYPES, EXIT_EVENT_TYPES } from "../../../src/contract/vocabulary.ts";
import { listedOn } from "../../models/prices.ts";
import { filingItemKey, filingItemsPart, filingKey } from "../../../src/families/filings/shards.ts";
import type { FilingItem, FilingSection } from "../../../src/families/filings/rows.ts";
import { SHARDS } from "../../../src/families/shards.ts";
import type { Earnings } from "../../../src/families/earnings/rows.ts";
import { numbersIn, dollars } from "../../models/amounts.ts";
import { dayIndexOf, type WorldEvent } from "../../models/events.ts";
import { accessionNumber } from "../../models/filing-ids.ts";
import {
  CURRENT_REPORT_BUSINESS_DAYS,
  currentReport,
  currentReportItem,
  deadlineDays,
  exhibitIn,
  FIRST_CURRENT_REPORT,
  labelNumbers,
  MDA_ITEM,
  periodicFiling,
  prospectus,
  prospectusNumbers,
  reportedNumbers,
  writtenValues,
  type FilingRecord,
  considerationText,
  goingConcern,
} from "./model.ts";
import type { PeriodReport } from "./mda.ts";
import { situationsOf, situationTitles, statedSituations } from "./risk-factors.ts";
import { SITUATIONS } from "./prose.ts";
import type { CompanySegments } from "../segments/family.ts";
import { UNUSUAL_ADJUSTMENTS } from "../../../src/families/kpis/rows.ts";
import type { Rng } from "../../ground/rng.ts";
import type { CompanyCore } from "../company/family.ts";
import type { CompanyEarnings } from "../earnings/family.ts";
import type { Calendar, Checker, CompanyBase, Family, Scenario } from "../../ground/family.ts";
import type { CompanyKpis } from "../kpis/family.ts";
import type { CompanyListing } from "../listings/family.ts";
import { offeringTerms } from "../listings/plan.ts";
import { LISTINGS } from "../listings/tables.ts";
import type { Stock } from "../stocks/family.ts";
import type { DealTerms } from "../stocks/deals.ts";
import type { CompanyExit } from "../exits/family.ts";
import { appendByYear, groupBy, keyedRows } from "../../ground/rows.ts";
import { balanceRow, cashFlowRow, incomeRow } from "../statements/rows.ts";
import type { CompanyStatements } from "../statements/family.ts";
import { RuleTally } from "../../ground/rules.ts";

export interface CompanyFilings {
  /** Its 10-Qs, 10-Ks and 8-Ks, each public from its filing date. */
  filings: FilingRecord[];
  /** The terms of its deals inside the world, as bought or as bought by (its 8-Ks quote them), each public from its announcement. */
  quotedTerms: DealTerms[];
}

type ReadsEach = CompanyCore &
  CompanyStatements &
  CompanySegments &
  CompanyKpis &
  CompanyEarnings &
  CompanyListing &
  CompanyExit &
  Stock;
type Company = CompanyBase & ReadsEach & CompanyFilings;

export const filings: Family<Calendar, object, ReadsEach, CompanyFilings> = {
  name: "filings",
  context: () => ({}),
  company: (world, company, scenario) => {
    const quotedTerms = termsQuoted(world.days, company, scenario);
    return {
      filings: companyFilings(world.days, company, quotedTerms, scenario.rng.fork(`filings/${company.facts.ticker}`)),
      quotedTerms,
    };
  },
  companyContext: ({ filings, quotedTerms }, cut) => ({
    filings: filings.filter((f) => f.filing_date <= cut.date),
    quotedTerms: quotedTerms.filter((t) => t.announced <= cut.date),
  }),
  companySince: ({ filings, quotedTerms }, since) => ({
    filings: filings.filter((f) => f.filing_date >= since.date),
    quotedTerms,
  }),
  companyShards: (_, { facts, filings }, emit) => {
    if (filings.length === 0) return;
    const keyed = filings.map((f): [string, FilingRecord] => [filingKey(f.filing_date, f.accession_number), f]);
    emit.write(SHARDS.filings, facts.ticker, keyedRows(SHARDS.filings.columns, keyed));
    for (const [part, ofPart] of groupBy(keyed, ([, f]) => filingItemsPart(facts.ticker, f.fiscal_year)))
      emit.write(
        SHARDS.filingItems,
        part,
        keyedRows(
          SHARDS.filingItems.columns,
          ofPart.flatMap(([key, f]) =>
            f.sections.map((s, k): [string, FilingItem] => [
              filingItemKey(key, k, { filingType: f.filing_type, item: s.item, quarter: f.fiscal_quarter }),
              servedItem(f, s),
            ]),
          ),
        ),
      );
    appendByYear(
      emit,
      SHARDS.filingsIndex,
      keyed.map(([key]) => [key, facts.ticker]),
    );
  },
  companyChecks: (days) => filingChecks(days),
};

/** A section as /filings/items serves it: with its filing's identity and what the build checked of it. */
function servedItem(f: FilingRecord, s: FilingSection): FilingItem {
  return {
    artifact_id: `${f.accession_number}:${s.item}`,
    ticker: f.ticker,
    cik: f.cik,
    filing_type: f.filing_type,
    item: s.item,
    item_name: s.item_name,
    filing_date: f.filing_date,
    report_period: f.report_period,
    text: s.text,
    accession_number: f.accession_number,
    source_event_id: f.source_event_ids[0] ?? null,
    validation: { numbers_checked: numbersIn(s.text).length, lineage: f.source_event_ids.length > 0 },
  };
}

/**
 * What a 10-Q (a quarter) or 10-K (a fiscal year) filed with a release reports, from the company's
 * statements, segments, non-GAAP rows and the guidance given with the release: null when it has no
 * statements of that period.
 */
function periodReport(
  company: CompanyBase & ReadsEach,
  period: "quarterly" | "annual",
  reportPeriod: string,
  releaseEvent: string,
): PeriodReport | null {
  const { facts, statements, nonGaap } = company;
  const s = statements.find((x) => x.period === period && x.reportPeriod === reportPeriod);
  if (!s) return null;
  const before = statements.find(
    (x) =>
      x.period === period &&
      x.fiscalYear === s.fiscalYear - 1 &&
      x.fiscalQuarter === s.fiscalQuarter &&
      x.filingDate <= s.filingDate,
  );
  const reconciliation = nonGaap.find((r) => r.period === period && r.report_period === reportPeriod);
  const segmentsOf = (end: string | undefined) =>
    company.segments
      .find((p) => p.period === period && p.reportPeriod === end)
      ?.segments.filter((x) => x.segment_type === "business") ?? [];
  return {
    rows: { income: incomeRow(facts, s), balance: balanceRow(facts, s), cashFlow: cashFlowRow(facts, s) },
    prior: before ? incomeRow(facts, before) : null,
    charges:
      period === "annual"
        ? (reconciliation?.adjustments ?? []).filter((a) => UNUSUAL_ADJUSTMENTS.includes(a.item) && a.amount !== 0)
        : [],
    segments: segmentsOf(reportPeriod),
    priorSegments: segmentsOf(before?.reportPeriod),
    guidance: company.guidance.filter((g) => g.source_event_id === releaseEvent),
  };
}

/**
 * What a report's records say of the company's situation by its filing date (risk-factors.ts): its
 * public events from its first trading day (a company that lists inside the world keeps no event of
 * its private days).
 */
function reportSituations(company: CompanyBase & ReadsEach, report: PeriodReport, filingDate: string) {
  const listed = listedOn(company.stock);
  const end = report.rows.income.report_period;
  const yearEnded =
    company.statements
      .filter((s) => s.period === "annual" && s.reportPeriod < end)
      .map((s) => s.reportPeriod)
      .sort()
      .at(-1) ?? "";
  return situationsOf({
    rows: report.rows,
    prior: report.prior,
    goingConcern: goingConcern(report.rows) !== "",
    events: company.events.filter((e) => e.visible_from >= listed && e.visible_from <= filingDate),
    yearEnded,
    filingDate,
  });
}

/**
 * The terms of the company's deals inside the world: its own as a target (its stock's), and those of
 * the companies it agreed to buy (theirs: the terms are struck from the target's close, Scenario.companyOf).
 */
function termsQuoted(days: string[], company: CompanyBase & ReadsEach, scenario: Scenario): DealTerms[] {
  const bought = company.acquiring.map((deal) => {
    const target = scenario.companyOf!(deal.target, "stocks") as Stock;
    return target.dealTerms.find((t) => t.announced === days[deal.announced])!;
  });
  return [...company.dealTerms, ...bought];
}

/** The terms of the deal an 8-K's event belongs to: the latest announced by its date on the company's side. */
const termsOf = (terms: DealTerms[], ticker: string, event: WorldEvent) =>
  terms.filter((t) => (t.target === ticker || t.acquirer === ticker) && t.announced <= event.event_date).at(-1);

/** The company's filings: a 10-Q or 10-K per earnings release, an 8-K per reported event, by filing date. */
function companyFilings(
  days: string[],
  company: CompanyBase & ReadsEach,
  terms: DealTerms[],
  rng: Rng,
): FilingRecord[] {
  const { facts, sizeTier, statements, earnings } = company;
  const quarters = new Map(statements.filter((s) => s.period === "quarterly").map((s) => [s.reportPeriod, s]));
  const periodic = earnings.map((release) => {
    const q = quarters.get(release.report_period)!;
    const period = q.fiscalQuarter === 4 ? "annual" : "quarterly";
    const report = periodReport(company, period, q.reportPeriod, release.source_event_id);
    // The statements hold three years before the world: every fiscal year released inside it is whole.
    if (!report) throw new Error(`${facts.ticker}: no statements of ${q.fiscalPeriod}'s fiscal year`);
    return periodicFiling({
      facts,
      tier: sizeTier,
      fiscalYear: q.fiscalYear,
      fiscalQuarter: q.fiscalQuarter,
      report,
      release,
      situations: reportSituations(company, report, release.filing_date),
      rng: rng.fork(release.accession_number),
    });
  });
  return [...periodic, ...currentReports(days, company, terms, rng.fork("8-K")), ...prospectusOf(company)].sort(
    (a, b) => (filingKey(a.filing_date, a.accession_number) < filingKey(b.filing_date, b.accession_number) ? -1 : 1),
  );
}

/** The sequence number of a prospectus's accession: before the year's 8-Ks, after its periodic reports. */
const PROSPECTUS_SEQUENCE = FIRST_CURRENT_REPORT - 1;

/** An entrant's prospectus, filed on its first trading day with its listing's event as its source. */
function prospectusOf(company: CompanyBase & ReadsEach): FilingRecord[] {
  const { facts, listing, events, quarters, stock, sizeTier } = company;
  const event = events.find((e) => e.event_type === "initial_public_offering");
  if (!listing || !event) return [];
  const q = quarters.find((x) => x.end >= event.event_date)!;
  return [
    prospectus({
      facts,
      tier: sizeTier,
      event,
      terms: offeringTerms(listing, stock, LISTINGS.gross_spread),
      underwriters: listing.underwriters,
      registration: listing.registration,
      lockupDays: LISTINGS.lockup_days,
      accession: accessionNumber(facts, event.event_date, PROSPECTUS_SEQUENCE),
      fiscalYear: q.fiscalYear,
      fiscalQuarter: q.quarter,
    }),
  ];
}

/**
 * An 8-K per event a company reports: an earnings release's on its day, any other 0-3 business days
 * after it (within the world), numbered per filing year in filing order from FIRST_CURRENT_REPORT.
 */
function currentReports(
  days: string[],
  company: CompanyBase & ReadsEach,
  terms: DealTerms[],
  lags: Rng,
): FilingRecord[] {
  const { facts, sizeTier, quarters, statements, earnings, stock } = company;
  // A company that lists inside the world reports no event of its days as a private company.
  const listed = listedOn(stock);
  const events = company.events.filter((e) => e.event_date >= listed);
  const dayIndex = dayIndexOf(days);
  const releases = new Map(earnings.map((e) => [e.source_event_id, e]));
  const quarterly = new Map(statements.filter((s) => s.period === "quarterly").map((s) => [s.reportPeriod, s]));
  const drafts = events.flatMap((event): Draft[] => {
    const item = currentReportItem(event.event_type);
    if (!item) return [];
    if (event.event_type === "earnings_release") {
      const release = releases.get(event.event_id);
      if (!release) return [];
      const q = quarterly.get(release.report_period)!;
      return [
        {
          event,
          item,
          release,
          filingDate: event.event_date,
          fiscalYear: q.fiscalYear,
          fiscalQuarter: q.fiscalQuarter,
        },
      ];
    }
    // A deal's or an exit's 8-K is filed the day of its event (a close or a delisting is the company's last day).
    const deal = EXIT_EVENT_TYPES.has(event.event_type) || ACQUIRER_EVENT_TYPES.has(event.event_type);
    const lag = deal ? 0 : lags.int(0, 3);
    const filed = Math.min(dayIndex.get(event.event_date)! + lag, days.length - 1);
    // The fiscal quarter the event falls in.
    const q = quarters.find((x) => x.end >= event.event_date)!;
    return [
      {
        event,
        item,
        filingDate: days[filed],
        fiscalYear: q.fiscalYear,
        fiscalQuarter: q.quarter,
        terms: deal ? termsOf(terms, facts.ticker, event) : undefined,
      },
    ];
  });
  const order = (d: Draft) => `${d.filingDate} ${d.event.event_date} ${d.event.event_id}`;
  drafts.sort((a, b) => (order(a) < order(b) ? -1 : 1));
  const sequence = new Map<string, number>();
  return drafts.map((draft) => {
    const year = draft.filingDate.slice(0, 4);
    const next = sequence.get(year) ?? FIRST_CURRENT_REPORT;
    sequence.set(year, next + 1);
    return currentReport({
      ...draft,
      facts,
      tier: sizeTier,
      accession: accessionNumber(facts, draft.filingDate, next),
    });
  });
}

/** An 8-K before its accession number: the event, its item, when it is filed and the fiscal quarter it falls in. */
interface Draft {
  event: WorldEvent;
  item: string;
  release?: Earnings;
  terms?: DealTerms;
  filingDate: string;
  fiscalYear: number;
  fiscalQuarter: number;
}

function filingChecks(days: string[]): Checker<unknown, Company> {
  const lineage = new RuleTally(
    "filings_lineage",
    "filings",
    "every filing names its source events, each an event of the company public on or before the filing date",
  );
  const deadlines = new RuleTally(
    "filings_deadlines",
    "filings",
    "a 10-Q within 40 days of the quarter's end (45 for smaller filers), a 10-K within 60, 75 or 90 days of the " +
      "year's by filer size, an 8-K within 4 business days of its event, which must be one the company reports",
  );
  const numbers = new RuleTally(
    "filings_numbers_match_records",
    "filings",
    "every number a filing writes is a value of its records (statements, earnings release, non-GAAP charges) " +
      "formatted alike, or a period label; the MD&A states the period's revenue and net income; an earnings 8-K's " +
      "exhibit is the press release",
  );
  const risks = new RuleTally(
    "filings_risks_follow_situation",
    "filings",
    "a 10-K states the risk factors of every situation its records show by its filing date (a loss, leverage, a " +
      "pending sale, a lawsuit...) and of no other; a 10-Q those its events brought since the annual report",
  );
  const dayIndex = dayIndexOf(days);
  return {
    company: (company) => {
      const { facts, sizeTier, events, filings } = company;
      const eventsById = new Map(events.map((e) => [e.event_id, e]));
      for (const f of filings) {
        const where = `${facts.ticker} ${f.filing_type} ${f.accession_number}`;
        const order = `${f.filing_date} ${where}`;

        lineage.rows++;
        const sources = f.source_event_ids.map((id) => eventsById.get(id));
        if (!sources.length || sources.some((e) => !e || e.visible_from > f.filing_date))
          lineage.violation(where, order);

        deadlines.rows++;
        if (!withinDeadline(f, sizeTier, sources[0], dayIndex)) deadlines.violation(where, order);

        // A 10-Q's or 10-K's records, read once for both rules that need them.
        const periodic = f.filing_type === "10-K" || f.filing_type === "10-Q";
        const report = periodic
          ? periodReport(
              company,
              f.filing_type === "10-K" ? "annual" : "quarterly",
              f.report_period,
              f.source_event_ids[0],
            )
          : null;

        numbers.rows++;
        if (!numbersMatch(f, company, report)) numbers.violation(where, order);

        if (!periodic) continue;
        risks.rows++;
        if (!risksFollowSituation(f, company, report)) risks.violation(where, order);
      }
    },
    finish: () => [lineage.check(), deadlines.check(), numbers.check(), risks.check()],
  };
}

/**
 * Every number the filing writes is a value of its records (an 8-K's event among them) or a label; a 10-Q's or 10-K's MD&A states
 * the period's revenue and net income; an earnings 8-K's exhibit is the release's press release.
 */
function numbersMatch(f: FilingRecord, company: Company, report: PeriodReport | null): boolean {
  const { facts, earnings, events, listing, stock, quotedTerms } = company;
  const allowed = new Set(labelNumbers(f, facts));
  const add = (values: string[]) => values.forEach((v) => allowed.add(v));
  const type = f.filing_type;
  if (type === "424B4") {
    if (!listing) return false;
    add(
      prospectusNumbers(
        offeringTerms(listing, stock, LISTINGS.gross_spread),
        LISTINGS.lockup_days,
        listing.registration,
      ),
    );
    return f.sections.every((s) => numbersIn(s.text).every((n) => allowed.has(n)));
  }
  // An 8-K quotes its event (a deal's premium), and a deal inside the world's terms.
  const event = type === "8-K" ? events.find((e) => e.event_id === f.source_event_ids[0]) : undefined;
  if (event) add(numbersIn(event.public_summary));
  const terms = event && termsOf(quotedTerms, facts.ticker, event);
  if (terms) {
    add(numbersIn(considerationText(terms, "target")));
    add(numbersIn(`${terms.targetName} ${terms.acquirerName}`));
  }
  if (type !== "8-K") {
    if (!report) return false;
    add(reportedNumbers(report));
    const mda = f.sections.find((s) => s.item === MDA_ITEM[type])?.text ?? "";
    const { revenue, net_income } = report.rows.income;
    if (!mda.includes(dollars(revenue!)) || !mda.includes(dollars(net_income!))) return false;
  }
  if (f.items.includes("Item-2.02")) {
    const release = earnings.find((e) => e.source_event_id === f.source_event_ids[0]);
    const exhibit = f.sections.find((s) => s.item === "Item-9.01");
    if (!release || !exhibit || exhibitIn(exhibit.text) !== release.press_release) return false;
    add(writtenValues(release.quarterly));
  }
  return f.sections.every((s) => numbersIn(s.text).every((n) => allowed.has(n)));
}

/** A periodic report's Item 1A states the situational risks its records call for, and no others. */
function risksFollowSituation(f: FilingRecord, company: Company, report: PeriodReport | null): boolean {
  const annual = f.filing_type === "10-K";
  const text = f.sections.find((s) => s.item === "Item-1.01")?.text;
  if (!report || text === undefined) return false;
  const stated = new Set(statedSituations(reportSituations(company, report, f.filing_date), annual));
  return SITUATIONS.every((s) => situationTitles([s]).every((title) => text.includes(title) === stated.has(s)));
}

/** Filed by its deadline: a 10-Q or 10-K after its period's end, an 8-K within business days of its reported event. */
function withinDeadline(
  f: FilingRecord,
  tier: CompanyCore["sizeTier"],
  event: { event_type: string; event_date: string } | undefined,
  dayIndex: Map<string, number>,
): boolean {
  // A prospectus is filed the day its shares begin trading.
  if (f.filing_type === "424B4")
    return event?.event_type === "initial_public_offering" && f.filing_date === event.event_date;
  if (f.filing_type !== "8-K") {
    const days = (Date.parse(f.filing_date) - Date.parse(f.report_period)) / 86_400_000;
    return days >= 1 && days <= deadlineDays(tier, f.filing_type);
  }
  const item = event && currentReportItem(event.event_type);
  const [from, to] = [event && dayIndex.get(event.event_date), dayIndex.get(f.filing_date)];
  return (
    item !== undefined &&
    f.items.includes(item) &&
    f.report_period === event!.event_date &&
    from !== undefined &&
    to !== undefined &&
    to - from >= 0 &&
    to - from <= CURRENT_REPORT_BUSINESS_DAYS
  );
}
