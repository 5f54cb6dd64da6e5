// Institutional holdings (13F-HR, families/holdings/model.ts): invented managers file each calendar
// quarter what they held at its end, within 45 days. Each company's lines are written to its own
// shard (who holds it) and appended to its managers' yearly shards (what they hold) and to the
// merged totals (each manager-quarter's value, which portfolio weights are divided by when served).
// Stakes of 5% or more are also filed as Schedules 13G, stored by subject company and by filer.
import { worldKeyOf } from "../../ground/scenario-source.ts";
import { BENEFICIAL_COLUMNS, filerYear } from "../../../src/families/holdings/shards.ts";
import { SHARDS } from "../../../src/families/shards.ts";
import { yearOf } from "../../../src/bundle/shards.ts";
import type { BeneficialOwner } from "../../../src/families/holdings/rows.ts";
import {
  beneficialOwnersOf,
  filingQuarters,
  holdingsOf,
  largeStakesOf,
  managersOf,
  stakeFractions,
  type LargeStake,
} from "./model.ts";
import { byDateThenId, filedEvent, type WorldEvent } from "../../models/events.ts";
import type { CompanyCore } from "../company/family.ts";
import type { CompanyEventsPart } from "../events/family.ts";
import type { Calendar, Family } from "../../ground/family.ts";
import type { Funds } from "../funds/family.ts";
import { holdingsChecks } from "./checks.ts";
import { holdingShardRows, stakeSummary, type CompanyHoldings, type Institutions } from "./rows.ts";
import { groupBy, toRows } from "../../ground/rows.ts";
import type { Stock } from "../stocks/family.ts";
import type { Universe } from "../universe/family.ts";
import type { Warrants } from "../warrants/family.ts";

/** A new stake of 5% or more, or one grown past it, is news; a manager's first report in the world is not. */
const isNews = (s: LargeStake) => s.reason !== "first_report";

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
      listed: stock.first,
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
  companyContext: (company, cut) => {
    // A company's last day keeps the filings of the quarters it traded through, filed after it (no
    // news of a stake in a company gone, though).
    // A quarter it traded through is one valued (at its last trading day) by the cut.
    const holdings = company.holdings.filter((h) => (cut.ends ? h.details.valuation_date : h.filing_date) <= cut.date);
    const periods = new Set(holdings.map((h) => h.report_period));
    return {
      holdings,
      largeStakes: company.largeStakes.filter((s) => s.filing_date <= cut.date),
      events: company.events.filter((e) => e.visible_from <= cut.date),
      beneficialOwners: company.beneficialOwners.filter((b) =>
        cut.ends ? periods.has(b.event_date) : b.filing_date <= cut.date,
      ),
    };
  },
  // Managers report it from the first quarter that ends after it lists.
  companySince: (company, since) => ({
    holdings: company.holdings.filter((h) => h.report_period >= since.date),
    largeStakes: company.largeStakes.filter((s) => s.filing_date >= since.date),
    events: company.events.filter((e) => e.visible_from >= since.date),
    beneficialOwners: company.beneficialOwners.filter((b) => b.event_date >= since.date),
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
