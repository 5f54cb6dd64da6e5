// What the holdings family stores and says, shared by its steps (holdings.ts) and its checks
// (holdings-checks.ts): the parts it adds, a large stake's public summary, and a company's rows of
// each holdings shard.
import {
  filerHoldingKey,
  filerYear,
  holdingKey,
  holdingTotalKey,
  HOLDING_COLUMNS,
} from "../../../src/families/holdings/shards.ts";
import { yearOf } from "../../../src/bundle/shards.ts";
import type { BeneficialOwner } from "../../../src/families/holdings/rows.ts";
import { count, percent } from "../../models/amounts.ts";
import type { WorldEvent } from "../../models/events.ts";
import type { FilingQuarter, Holding, LargeStake, Manager } from "./model.ts";
import { groupBy } from "../../ground/rows.ts";

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

/** The public summary of a large stake: who holds how many shares, and what share of the company. */
export function stakeSummary(issuer: string, s: LargeStake): string {
  return (
    `${s.manager} reported holding ${count(s.shares)} shares of ${issuer} at the quarter's end, ` +
    `${percent(s.percent)} of its shares outstanding.`
  );
}

/** A line as stored, under its shard's key. */
const rowOf = (key: string, h: Holding) => {
  const fields: Record<string, unknown> = { ...h, ...h.details };
  return [key, ...HOLDING_COLUMNS.slice(1).map((c) => fields[c])];
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
