// Institutional holdings (13F-HR, models/holdings.ts): invented managers file each calendar
// quarter what they held at its end, within 45 days. Each company's lines are written to its own
// shard (who holds it) and appended to its managers' yearly shards (what they hold) and to the
// merged totals (each manager-quarter's value, which portfolio weights are divided by when served).
// Stakes of 5% or more are also filed as Schedules 13G, stored by subject company and by filer.
import { worldKeyOf } from "../pipeline/scenario-source.ts";
import {
  BENEFICIAL_COLUMNS,
  filerHoldingKey,
  filerYear,
  holdingKey,
  holdingTotalKey,
  HOLDING_COLUMNS,
  SHARDS,
  yearOf,
} from "../../src/bundle/shards.ts";
import type { BeneficialOwner } from "../../src/contract/holdings.ts";
import {
  beneficialOwnersOf,
  filingQuarters,
  holdingsOf,
  largeStakesOf,
  managersOf,
  stakeFractions,
  type FilingQuarter,
  type Holding,
  type LargeStake,
  type Manager,
} from "../models/holdings.ts";
import { count, percent } from "../models/amounts.ts";
import { byDateThenId, filedEvent, type WorldEvent } from "../models/events.ts";
import type { CompanyCore } from "./company.ts";
import type { CompanyEventsPart } from "./events.ts";
import type { Calendar, Family } from "./family.ts";
import type { Funds } from "./funds.ts";
import { holdingsChecks } from "./holdings-checks.ts";
import { groupBy, toRows } from "./rows.ts";
import type { Stock } from "./stocks.ts";
import type { Universe } from "./universe.ts";
import type { Warrants } from "./warrants.ts";

/** The managers and the quarters they file in the world. */
export interface Institutions {
  institutions: { managers: Manager[]; quarters: FilingQuarter[] };
}

export interface CompanyHoldings {
  /** Its 13F lines, by report period then manager. */
  holdings: Holding[];
  /** Non-index stakes of 5% or more when first reported or crossing 5% (for news). */
  largeStakes: LargeStake[];
  /** The timeline with the stakes that were news. */
  events: WorldEvent[];
  /** Its Schedules 13G, in filing order. */
  beneficialOwners: BeneficialOwner[];
}

/** A new stake of 5% or more, or one grown past it, is news; a manager's first report in the world is not. */
const isNews = (s: LargeStake) => s.reason !== "first_report";

/** The public summary of a large stake: who holds how many shares, and what share of the company. */
export function stakeSummary(issuer: string, s: LargeStake): string {
  return (
    `${s.manager} reported holding ${count(s.shares)} shares of ${issuer} at the quarter's end, ` +
    `${percent(s.percent)} of its shares outstanding.`
  );
}

/** The large stakes that are news, as events public from their 13F's filing date. */
function stakeEvents(worldKey: string, issuer: string, stakes: LargeStake[], days: string[]): WorldEvent[] {
  return stakes.filter(isNews).map((s) =>
    filedEvent(worldKey, days, ["stake_disclosure", s.ticker, s.cik, s.report_period], {
      ticker: s.ticker,
      event_type: "stake_disclosure",
      date: s.filing_date,
      time: "17:00:00",
      summary: stakeSummary(issuer, s),
    }),
  );
}

type Reads = Calendar & Universe & Funds & Warrants;

/** A line as stored, under its shard's key. */
const rowOf = (key: string, h: Holding) => {
  const fields: Record<string, unknown> = { ...h, ...h.details };
  return [key, ...HOLDING_COLUMNS.slice(1).map((c) => fields[c])];
};

export const holdings: Family<Reads, Institutions, CompanyCore & CompanyEventsPart & Stock, CompanyHoldings> = {
  name: "holdings",
  generate: ({ days }, { rng }) => {
    const managers = managersOf(rng.fork("holdings/managers"));
    return { institutions: { managers, quarters: filingQuarters(days, managers, (label) => rng.fork(label)) } };
  },
  context: ({ institutions }, cut) => ({
    institutions: {
      managers: institutions.managers,
      quarters: institutions.quarters
        .map((q) => ({ ...q, filed: Object.fromEntries(Object.entries(q.filed).filter(([, d]) => d <= cut.date)) }))
        .filter((q) => Object.keys(q.filed).length > 0),
    },
  }),
  company: ({ days, institutions: { managers, quarters } }, { facts, sizeTier, stock, events }, { source, rng }) => {
    const fractions = stakeFractions(sizeTier, managers, quarters.length, rng.fork(`holdings/${facts.ticker}`));
    const lines = holdingsOf({
      ticker: facts.ticker,
      managers,
      quarters,
      fractions,
      closes: stock.bars.map((b) => b.close),
      shares: stock.shares,
      splitMultiple: stock.splitMultiple,
      days,
    });
    const largeStakes = largeStakesOf(lines, managers);
    const news = stakeEvents(worldKeyOf(source), facts.name, largeStakes, days);
    return {
      holdings: lines,
      largeStakes,
      events: news.length ? byDateThenId([...events, ...news]) : events,
      beneficialOwners: beneficialOwnersOf(facts.ticker, facts.name, lines, managers, quarters),
    };
  },
  companyContext: (company, cut) => ({
    holdings: company.holdings.filter((h) => h.filing_date <= cut.date),
    largeStakes: company.largeStakes.filter((s) => s.filing_date <= cut.date),
    events: company.events.filter((e) => e.visible_from <= cut.date),
    beneficialOwners: company.beneficialOwners.filter((b) => b.filing_date <= cut.date),
  }),
  companyShards: (world, { facts, holdings: lines, beneficialOwners: schedules }, emit) => {
    if (schedules.length > 0) {
      // In key order: filing date, then id (one filing per manager, company and day).
      const keyed = (group: BeneficialOwner[]) =>
        toRows(BENEFICIAL_COLUMNS, group).sort((a, b) => (`${a[0]} ${a[1]}` < `${b[0]} ${b[1]}` ? -1 : 1));
      emit.write(SHARDS.beneficialOwners, facts.ticker, keyed(schedules));
      for (const [part, group] of groupBy(schedules, (b) => filerYear(b.filer_cik, yearOf(b.filing_date))))
        emit.append(SHARDS.beneficialByFiler, part, keyed(group));
      const first = new Map<string, BeneficialOwner>();
      for (const b of schedules) if (!first.has(b.filer_cik)) first.set(b.filer_cik, b);
      emit.append(
        SHARDS.beneficialFilers,
        undefined,
        [...first.values()].map((b) => [
          `${b.filing_date} ${b.filer_cik} ${b.ticker}`,
          b.filer_cik,
          b.reporting_person_name,
        ]),
      );
    }
    if (lines.length === 0) return;
    const names = new Map(world.institutions.managers.map((m) => [m.cik, m.name]));
    const rows = holdingShardRows(lines, (cik) => names.get(cik)!);
    emit.write(SHARDS.holdings, facts.ticker, rows.byTicker);
    for (const [part, group] of rows.byFiler) emit.append(SHARDS.holdingsByFiler, part, group);
    emit.append(SHARDS.holdingsTotals, undefined, rows.totals);
    emit.append(SHARDS.holdingsTickers, undefined, [rows.ticker]);
  },
  shards: ({ institutions: { managers } }, emit) =>
    emit.write(
      SHARDS.holdingsInvestors,
      undefined,
      [...managers].sort((a, b) => (a.cik < b.cik ? -1 : 1)).map((m) => [m.cik, m.name, m.kind]),
    ),
  // Called, not referenced: holdings-checks.ts imports this module's row builder.
  companyChecks: (days, scratch) => holdingsChecks(days, scratch),
};

/**
 * A company's rows of each holdings shard: its own (sorted by key), its lines of each manager's
 * year, its parts of the manager-quarters' totals, and its row of the tickers with holdings. The
 * checks read the same rows (what each shard makes public, and when).
 */
export function holdingShardRows(lines: Holding[], managerName: (cik: string) => string) {
  const byTicker = lines
    .map((h) => rowOf(holdingKey(h.filing_date, h.report_period, h.cik), h))
    .sort((a, b) => ((a[0] as string) < (b[0] as string) ? -1 : 1));
  const byFiler = new Map(
    [...groupBy(lines, (h) => filerYear(h.cik, yearOf(h.report_period)))].map(([part, group]) => [
      part,
      group.map((h) => rowOf(filerHoldingKey(h.filing_date, h.report_period, h.market_value, h.ticker), h)),
    ]),
  );
  const totals = lines.map((h) => [
    holdingTotalKey(h.filing_date, h.cik, h.report_period),
    h.ticker,
    managerName(h.cik),
    h.details.manager_type,
    h.market_value,
  ]);
  const firstFiled = lines.reduce((first, h) => (h.filing_date < first ? h.filing_date : first), lines[0].filing_date);
  return { byTicker, byFiler, totals, ticker: [lines[0].ticker, firstFiled] };
}
