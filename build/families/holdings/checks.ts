// The holdings family's checks. Tier 0 rules (errors): filing lags, shard visibility, index
// managers' weights against the broad index fund's composition, change_shares, values and weights,
// ownership against shares outstanding and its tier's band, companies only, Schedules 13G against
// the 13F lines (their lag and the 5% threshold). Warnings: quarterly turnover by kind of manager
// and mean ownership by size tier (docs/realism.md, "Institutional holdings"). Companies stream
// past: what a check needs of every company (values by manager-quarter, index lines, ownership by
// quarter) is summed by manager-quarter or spilled to scratch.
import { SHARDS } from "../../../src/families/shards.ts";
import { yearOf } from "../../../src/bundle/shards.ts";
import type { ValidationCheck } from "../../../src/bundle/types.ts";
import type { SizeTier } from "../../models/anchors.ts";
import {
  AMENDMENT_STEP,
  FILING_DEADLINE_DAYS,
  LARGE_STAKE,
  OWNERSHIP_BANDS,
  splitAdjusted,
  type Holding,
  type ManagerKind,
} from "./model.ts";
import { fmt, round2 } from "../../models/rounding.ts";
import type { RowSpill, Scratch } from "../../ground/scratch.ts";
import type { CompanyCore } from "../company/family.ts";
import type { Calendar, Checker, CompanyBase } from "../../ground/family.ts";
import type { Funds } from "../funds/family.ts";
import { holdingShardRows, stakeSummary, type CompanyHoldings, type Institutions } from "./rows.ts";
import type { Stock } from "../stocks/family.ts";
import { RuleTally } from "../../ground/rules.ts";
import type { Universe } from "../universe/family.ts";
import type { Warrants } from "../warrants/family.ts";

const FAMILY = "holdings";

type World = Calendar & Universe & Funds & Warrants & Institutions;
type Company = CompanyBase & CompanyCore & Stock & CompanyHoldings;

/** Mean quarterly turnover of each manager, by kind (docs/realism.md: active 10-30% a quarter, index ~0). */
export const TURNOVER_BANDS: Record<ManagerKind, { min: number; max: number }> = {
  index: { min: 0, max: 0.02 },
  active: { min: 0.1, max: 0.3 },
  hedge_fund: { min: 0.1, max: 0.3 },
};
/** Portfolio weights are compared with the fund's, which are rounded to 6 places. */
const WEIGHT_TOLERANCE = 1e-6;

/** The calendar quarter's end before `reportPeriod`'s. */
export function previousQuarterEnd(reportPeriod: string): string {
  const y = Number(reportPeriod.slice(0, 4));
  const m = Number(reportPeriod.slice(5, 7));
  return m === 3 ? `${y - 1}-12-31` : `${y}-${["03-31", "06-30", "09-30"][m / 3 - 2]}`;
}

/** Lines counted, with the first few of them named (a rule's detail names five at most). */
class Named {
  count = 0;
  readonly examples: string[] = [];
  add(example: string): void {
    this.count++;
    if (this.examples.length < 5) this.examples.push(example);
  }
  /** Each of them a violation of `tally`. */
  violate(tally: RuleTally): void {
    for (let k = 0; k < this.count; k++) tally.violation(this.examples[Math.min(k, this.examples.length - 1)]);
  }
}

/** What the checks keep of one manager-quarter across companies. */
interface ManagerQuarter {
  /** Sum of its lines' market values, and of what its totals row merges. */
  value: number;
  merged: number;
  /** Bought and sold since the quarter before, at this quarter's closes (shares split-adjusted). */
  purchases: number;
  sales: number;
  /** The rows of its shards by the day they are public from. */
  visibleFrom: Map<string, Named>;
  /** Its lines by change_shares: null (status null), right (as the quarter before gives), or wrong. */
  nulls: Named;
  rights: Named;
  wrongs: Named;
}

/** The last index of `days` on or before `date`, or -1. */
function dayOnOrBefore(days: string[], date: string): number {
  let lo = 0;
  let hi = days.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (days[mid] <= date) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/** The rules the checks tally, in the order the report lists them. */
function holdingsRules() {
  const rule = (name: string, text: string) => new RuleTally(name, FAMILY, text);
  return {
    lag: rule(
      "holdings_filing_lag",
      `every 13F line is filed on a trading day 1-${FILING_DEADLINE_DAYS} calendar days after its report period`,
    ),
    visibility: rule(
      "holdings_visible_from_filing",
      "every row of the holdings shards (its ticker's, its manager's, the totals') is public from its manager's filing of the quarter, never before, and a ticker is listed from its first filing",
    ),
    indexWeights: rule(
      "holdings_index_weights",
      "each index manager holds every member of the broad index fund at its composition weight among the world's members on the quarter's last trading day",
    ),
    changes: rule(
      "holdings_change_shares",
      "change_shares is the shares less the quarter before's restated for splits (a new position's: its shares; null in the manager's first quarter), and the position status agrees",
    ),
    weights: rule(
      "holdings_weights_sum_to_one",
      "every line is worth its shares at the quarter's last close, to the cent, and each manager-quarter's portfolio weights (value over its totals row) sum to 1",
    ),
    ownership: rule(
      "holdings_ownership_in_band",
      "each company's shares held by 13F filers at each quarter's end are fewer than its shares outstanding and inside its size tier's band",
    ),
    companiesOnly: rule(
      "holdings_companies_only",
      "every line is of an operating company of the universe, never a fund or a warrant",
    ),
    stakeNews: rule(
      "holdings_stake_events",
      "every stake_disclosure event restates a non-index line of 5% or more of the shares outstanding (new, or grown past 5%), public from its 13F's filing date, and every such line has one",
    ),
    scheduleLag: rule(
      "beneficial_filing_lag",
      `every Schedule 13G is filed on a trading day 1-${FILING_DEADLINE_DAYS} calendar days after its quarter's end, with its manager's 13F of the quarter when that has a line of the company`,
    ),
    threshold: rule(
      "beneficial_threshold",
      "each manager's Schedules 13G of a company follow its 13F lines: an SC 13G opens a stake of 5% or more, an SC 13G/A follows only a move of a point or more or a fall below 5% (which closes it), shares and percent as the line gives them; and at every quarter a manager filed, its stake is open within a point of a line of 5% or more, closed otherwise",
    ),
  };
}

const newQuarter = (): ManagerQuarter => ({
  value: 0,
  merged: 0,
  purchases: 0,
  sales: 0,
  visibleFrom: new Map(),
  nulls: new Named(),
  rights: new Named(),
  wrongs: new Named(),
});

export const holdingsChecks = (days: string[], scratch: Scratch): Checker<World, Company> =>
  new HoldingsChecks(days, scratch);

/** The state the checks keep while companies stream past, and a step for each company and for the end. */
class HoldingsChecks implements Checker<World, Company> {
  private readonly rules = holdingsRules();
  private readonly days: string[];
  private readonly dayIndex: Map<string, number>;
  private readonly quarters = new Map<string, ManagerQuarter>();
  /** Index managers' lines [cik, ticker, market value] by report period; each company's ownership by quarter. */
  private readonly indexLines: RowSpill;
  private readonly owned: RowSpill;
  private readonly tickers = new Set<string>();

  constructor(days: string[], scratch: Scratch) {
    this.days = days;
    this.dayIndex = new Map(days.map((d, i) => [d, i]));
    this.indexLines = scratch.rows();
    this.owned = scratch.rows();
  }

  private quarterOf(cik: string, period: string): ManagerQuarter {
    const key = `${cik} ${period}`;
    let q = this.quarters.get(key);
    if (!q) this.quarters.set(key, (q = newQuarter()));
    return q;
  }

  company = (company: Company): void => {
    this.stakeEvents(company);
    checkSchedules(company, this.dayIndex, this.rules.scheduleLag, this.rules.threshold);
    const { byManager, heldByPeriod } = this.lines(company);
    for (const [cik, own] of byManager) this.trades(company.stock, cik, own);
    for (const [period, held] of heldByPeriod) {
      const day = dayOnOrBefore(this.days, period);
      this.owned.append("ownership", [
        [company.facts.ticker, company.sizeTier, period, held / company.stock.shares[day]],
      ]);
    }
    if (company.holdings.length > 0) this.visibility(company);
  };

  /** Every stake_disclosure event against the large stakes that are news. */
  private stakeEvents({ facts, holdings: lines, largeStakes, events }: Company): void {
    const { stakeNews } = this.rules;
    const disclosed = new Map(
      largeStakes.filter((x) => x.reason !== "first_report").map((x) => [stakeSummary(facts.name, x), x]),
    );
    const told = events.filter((e) => e.event_type === "stake_disclosure");
    for (const e of told) {
      stakeNews.rows++;
      const stake = disclosed.get(e.public_summary);
      const line = stake && lines.find((h) => h.cik === stake.cik && h.report_period === stake.report_period);
      if (
        !stake ||
        !line ||
        line.details.manager_type === "index" ||
        line.shares !== stake.shares ||
        line.details.percent_of_shares_outstanding < LARGE_STAKE ||
        e.event_date !== line.filing_date ||
        e.visible_from !== line.filing_date
      )
        stakeNews.violation(`${facts.ticker} ${e.event_date} ${e.event_id}`);
    }
    if (told.length !== disclosed.size)
      stakeNews.violation(`${facts.ticker}: ${disclosed.size} stakes, ${told.length} events`);
  }

  /** Each 13F line's company, lag and value; the lines by manager and the shares held by quarter. */
  private lines({ facts, stock, holdings: lines }: Company) {
    const { companiesOnly, lag, weights } = this.rules;
    const byManager = new Map<string, Map<string, Holding>>();
    const heldByPeriod = new Map<string, number>();
    for (const h of lines) {
      const where = `${h.ticker} ${h.cik} ${h.report_period}`;
      const day = this.dayIndex.get(h.details.valuation_date);
      this.tickers.add(h.ticker);
      companiesOnly.rows++;
      if (h.ticker !== facts.ticker) companiesOnly.violation(where);
      lag.rows++;
      const lagDays = (Date.parse(h.filing_date) - Date.parse(h.report_period)) / 86_400_000;
      if (!this.dayIndex.has(h.filing_date) || !(lagDays >= 1 && lagDays <= FILING_DEADLINE_DAYS)) lag.violation(where);
      weights.rows++;
      const close = day === undefined ? NaN : stock.bars[day].close;
      const valued =
        day === dayOnOrBefore(this.days, h.report_period) &&
        h.reported_price === close &&
        h.shares > 0 &&
        Number.isInteger(h.shares) &&
        h.market_value === round2(h.shares * close);
      if (!valued) weights.violation(where);
      this.quarterOf(h.cik, h.report_period).value += h.market_value;
      const own = byManager.get(h.cik) ?? new Map<string, Holding>();
      own.set(h.report_period, h);
      byManager.set(h.cik, own);
      heldByPeriod.set(h.report_period, (heldByPeriod.get(h.report_period) ?? 0) + h.shares);
      if (h.details.manager_type === "index")
        this.indexLines.append(h.report_period, [[h.cik, h.ticker, h.market_value]]);
    }
    return { byManager, heldByPeriod };
  }

  /** A manager's changes and trades against its line of the quarter before (none: 0 shares). */
  private trades(stock: Stock["stock"], cik: string, own: Map<string, Holding>): void {
    const closes = stock.bars;
    for (const [period, h] of own) {
      const q = this.quarterOf(cik, period);
      const day = this.dayIndex.get(h.details.valuation_date)!;
      const before = own.get(previousQuarterEnd(period));
      const restated = before
        ? splitAdjusted(before.shares, stock.splitMultiple, this.dayIndex.get(before.details.valuation_date)!, day)
        : 0;
      const change = h.shares - restated;
      const status = !before ? "new" : change > 0 ? "increased" : change < 0 ? "decreased" : "unchanged";
      const where = `${h.ticker} ${cik} ${period}`;
      if (h.change_shares === null && h.details.position_status === null) q.nulls.add(where);
      else if (h.change_shares === change && h.details.position_status === status) q.rights.add(where);
      else q.wrongs.add(where);
      const price = closes[day].close;
      if (change > 0) q.purchases += change * price;
      else q.sales -= change * price;
    }
    // A position gone by the next quarter was sold at that quarter's close, or, where the company left
    // the world before it, cashed out at about its last close.
    for (const [period, h] of own) {
      const next = nextQuarterEnd(period);
      const day = Math.min(dayOnOrBefore(this.days, next), closes.length - 1);
      if (own.has(next) || next >= this.days[this.days.length - 1] || day < 0) continue;
      const from = this.dayIndex.get(h.details.valuation_date)!;
      this.quarterOf(cik, next).sales += splitAdjusted(h.shares, stock.splitMultiple, from, day) * closes[day].close;
    }
  }

  /** What each shard makes public, and from when (a row from the date its key starts with: every holdings kind is `visible: "key"`). */
  private visibility({ facts, holdings: lines }: Company): void {
    const { visibility } = this.rules;
    const rows = holdingShardRows(lines, (cik) => cik);
    const publicFrom = (q: ManagerQuarter, date: string, example: string) => {
      const named = q.visibleFrom.get(date) ?? new Named();
      named.add(example);
      q.visibleFrom.set(date, named);
    };
    const [cikColumn, periodColumn] = ["cik", "report_period"].map((c) =>
      SHARDS.holdings.columns.indexOf(c as (typeof SHARDS.holdings.columns)[number]),
    );
    for (const row of [...rows.byTicker, ...[...rows.byFiler.values()].flat()]) {
      visibility.rows++;
      const [cik, period] = [row[cikColumn] as string, row[periodColumn] as string];
      publicFrom(this.quarterOf(cik, period), (row[0] as string).slice(0, 10), `${facts.ticker} ${cik} ${period}`);
    }
    for (const [key, ticker, , , value] of rows.totals as [string, string, string, string, number][]) {
      visibility.rows++;
      const [filingDate, cik, period] = key.split(" ");
      const q = this.quarterOf(cik, period);
      q.merged += value;
      publicFrom(q, filingDate, `${ticker} ${cik} ${period} totals`);
    }
    visibility.rows++;
    const firstLine = lines.reduce((a, h) => (h.filing_date < a ? h.filing_date : a), lines[0].filing_date);
    if (rows.ticker[1] !== firstLine) visibility.violation(`${facts.ticker} first filed`);
  }

  finish = (world: World): ValidationCheck[] => {
    const { managers, quarters: filed } = world.institutions;
    const r = this.rules;
    this.managerQuarters(filed);
    checkIndexWeights(world, r.indexWeights, this.indexLines);
    const ownershipByTier = checkOwnership(world, r.ownership, this.owned.read("ownership"));
    const universe = new Set(world.companies.map((c) => c.ticker));
    const others = new Set([
      ...world.funds.map((f) => f.spec.ticker),
      ...world.warrants.map((w) => w.instrument.ticker),
    ]);
    for (const t of this.tickers) if (!universe.has(t) || others.has(t)) r.companiesOnly.violation(t);
    const turnover = turnoverByManager(filed, this.quarters);
    return [
      ...[r.lag, r.visibility, r.indexWeights, r.changes, r.weights, r.ownership, r.companiesOnly, r.stakeNews].map(
        (tally) => tally.check(),
      ),
      r.scheduleLag.check(),
      r.threshold.check(),
      ...(["index", "active", "hedge_fund"] as const).map((kind) =>
        turnoverCheck(
          kind,
          managers.filter((m) => m.kind === kind).map((m) => [m.name, turnover.get(m.cik)] as const),
        ),
      ),
      ownershipCheck(ownershipByTier),
    ];
  };

  /** Each manager-quarter's visibility, change_shares and weights, now that every company has passed. */
  private managerQuarters(filed: Institutions["institutions"]["quarters"]): void {
    const { visibility, changes, weights } = this.rules;
    const firstQuarter = new Map<string, string>();
    for (const q of filed)
      for (const cik of Object.keys(q.filed)) if (!firstQuarter.has(cik)) firstQuarter.set(cik, q.reportPeriod);
    const scheduled = new Map(filed.map((q) => [q.reportPeriod, q.filed]));
    for (const [key, q] of this.quarters) {
      const [cik, period] = key.split(" ");
      const filing = scheduled.get(period)?.[cik];
      for (const [date, named] of q.visibleFrom) if (date !== filing) named.violate(visibility);
      const lines = q.nulls.count + q.rights.count + q.wrongs.count;
      if (lines === 0) continue;
      changes.rows += lines;
      // Null in the manager's first quarter in the world, as the quarter before gives after it.
      if (firstQuarter.get(cik) === period) q.rights.violate(changes);
      else q.nulls.violate(changes);
      q.wrongs.violate(changes);
      // Weights are value over the merged total: they sum to 1 when the total is the lines' sum.
      if (Math.abs(q.value / round2(q.merged) - 1) > 1e-9) weights.violation(`${cik} ${period} weights`);
    }
  }
}

/** A company's Schedules 13G against its 13F lines, replayed manager by manager. */
function checkSchedules(company: Company, dayIndex: Map<string, number>, lag: RuleTally, threshold: RuleTally): void {
  const { facts, holdings: lines, beneficialOwners: schedules } = company;
  const lineOf = new Map(lines.map((h) => [`${h.cik} ${h.report_period}`, h]));
  const percentOf = (h: Holding | undefined) => (h ? h.details.percent_of_shares_outstanding * 100 : 0);
  const step = AMENDMENT_STEP * 100;
  /** Per manager, the percent of the stake's last filing while it is open. */
  const open = new Map<string, number>();
  for (const b of schedules) {
    const where = `${facts.ticker} ${b.filer_cik} ${b.event_date}`;
    const line = lineOf.get(`${b.filer_cik} ${b.event_date}`);
    lag.rows++;
    const wait = (Date.parse(b.filing_date) - Date.parse(b.event_date)) / 86_400_000;
    if (
      !dayIndex.has(b.filing_date) ||
      wait < 1 ||
      wait > FILING_DEADLINE_DAYS ||
      (line && line.filing_date !== b.filing_date)
    )
      lag.violation(where);
    threshold.rows++;
    const percent = percentOf(line);
    const last = open.get(b.filer_cik);
    const due =
      last === undefined
        ? b.form_type === "SC 13G" && percent >= LARGE_STAKE * 100
        : b.form_type === "SC 13G/A" && (percent < LARGE_STAKE * 100 || Math.abs(percent - last) >= step - 1e-7);
    if (!due || b.aggregate_amount_beneficially_owned !== (line?.shares ?? 0) || b.percent_of_class !== round2(percent))
      threshold.violation(where);
    if (percent < LARGE_STAKE * 100) open.delete(b.filer_cik);
    else open.set(b.filer_cik, percent);
  }
  // Each manager's stake at every quarter it is known to have filed (a line, or none between two
  // lines): open within a point of its line at 5% or more, closed below.
  const periods = [...new Set(lines.map((h) => h.report_period))].sort();
  const lastLine = new Map<string, string>();
  for (const h of lines) if (h.report_period > (lastLine.get(h.cik) ?? "")) lastLine.set(h.cik, h.report_period);
  for (const [cik, through] of lastLine)
    for (const period of periods) {
      const line = lineOf.get(`${cik} ${period}`);
      if (!line && period > through) continue;
      threshold.rows++;
      const percent = percentOf(line);
      const last = schedules.findLast((b) => b.filer_cik === cik && b.event_date <= period);
      // Its line's percent, unrounded (a 4.997% exit is filed as 5.00).
      const filed = last && percentOf(lineOf.get(`${cik} ${last.event_date}`));
      const isOpen = filed !== undefined && filed >= LARGE_STAKE * 100;
      const agrees =
        percent >= LARGE_STAKE * 100
          ? isOpen && (last!.event_date === period || Math.abs(percent - filed) < step - 1e-7)
          : !isOpen;
      if (!agrees) threshold.violation(`${facts.ticker} ${cik} ${period} stake`);
    }
}

function nextQuarterEnd(reportPeriod: string): string {
  const y = Number(reportPeriod.slice(0, 4));
  const m = Number(reportPeriod.slice(5, 7));
  return m === 12 ? `${y + 1}-03-31` : `${y}-${["06-30", "09-30", "12-31"][m / 3 - 1]}`;
}

/**
 * Index managers' weights (value over the manager-quarter's total) against the first broad fund's
 * composition on the quarter's last trading day (funds rebalance then), where the scenario has one.
 */
function checkIndexWeights(world: World, tally: RuleTally, lines: { read: (name: string) => unknown[][] }): void {
  const broad = world.funds.find((f) => f.spec.sector === null);
  if (!broad) return;
  const byYear = new Map<string, ReturnType<typeof broad.compositions.of>>();
  const indexManagers = world.institutions.managers.filter((m) => m.kind === "index");
  for (const quarter of world.institutions.quarters) {
    const date = world.days[quarter.day];
    const year = yearOf(date);
    if (!byYear.has(year)) byYear.set(year, broad.compositions.years.includes(year) ? broad.compositions.of(year) : []);
    const composition = byYear.get(year)!.find((c) => c.as_of === date);
    if (!composition) continue;
    const rows = lines.read(quarter.reportPeriod) as [string, string, number][];
    for (const m of indexManagers) {
      if (quarter.filed[m.cik] === undefined) continue;
      const own = rows.filter(([cik]) => cik === m.cik);
      const total = own.reduce((sum, [, , value]) => sum + value, 0);
      const weightOf = new Map(own.map(([, ticker, value]) => [ticker, value / total]));
      // The fund's weights are in its whole market; a 13F holds the world's members only.
      const members = composition.holdings.filter((h) => h.holding_ticker !== null);
      const inWorld = members.reduce((sum, h) => sum + h.weight, 0);
      for (const h of members) {
        tally.rows++;
        const w = weightOf.get(h.holding_ticker!);
        // Each served weight is rounded to 1e-6, so their sum is off by up to half that per member.
        const rounding = WEIGHT_TOLERANCE * (1 + (w ?? 0) * members.length);
        if (w === undefined || Math.abs(w * inWorld - h.weight) > rounding)
          tally.violation(`${m.cik} ${quarter.reportPeriod} ${h.holding_ticker}`);
      }
      if (own.length !== members.length) tally.violation(`${m.cik} ${quarter.reportPeriod} members`);
    }
  }
}

/**
 * Each company's ownership in the quarters every manager filed (a later quarter is only partly
 * filed by the world's end): below its shares outstanding and in its tier's band. Returns the
 * mean by tier.
 */
function checkOwnership(world: World, tally: RuleTally, rows: unknown[][]): Map<SizeTier, number[]> {
  const complete = new Set(
    world.institutions.quarters
      .filter((q) => world.institutions.managers.every((m) => q.filed[m.cik] !== undefined))
      .map((q) => q.reportPeriod),
  );
  const byTier = new Map<SizeTier, number[]>();
  for (const [ticker, tier, period, share] of rows as [string, SizeTier, string, number][]) {
    if (!complete.has(period)) continue;
    tally.rows++;
    const band = OWNERSHIP_BANDS[tier];
    if (!(share < 1 && share >= band.min - 1e-6 && share <= band.max + 1e-6)) tally.violation(`${ticker} ${period}`);
    byTier.set(tier, [...(byTier.get(tier) ?? []), share]);
  }
  return byTier;
}

/**
 * Each manager's mean quarterly turnover: min(purchases, sales) over the mean of the two quarters'
 * values, over the quarters it filed after one it filed; with the count of those quarters.
 */
function turnoverByManager(
  filed: World["institutions"]["quarters"],
  quarters: Map<string, ManagerQuarter>,
): Map<string, { mean: number; quarters: number }> {
  const sums = new Map<string, { sum: number; count: number }>();
  for (let k = 1; k < filed.length; k++) {
    for (const cik of Object.keys(filed[k].filed)) {
      if (filed[k - 1].filed[cik] === undefined) continue;
      const now = quarters.get(`${cik} ${filed[k].reportPeriod}`);
      const before = quarters.get(`${cik} ${filed[k - 1].reportPeriod}`);
      if (!now || !before || now.value + before.value <= 0) continue;
      const s = sums.get(cik) ?? { sum: 0, count: 0 };
      s.sum += Math.min(now.purchases, now.sales) / ((now.value + before.value) / 2);
      s.count++;
      sums.set(cik, s);
    }
  }
  return new Map([...sums].map(([cik, s]) => [cik, { mean: s.sum / s.count, quarters: s.count }]));
}

const KIND_NAMES: Record<ManagerKind, string> = {
  index: "index managers",
  active: "active managers",
  hedge_fund: "hedge funds",
};

/**
 * Quarter-to-quarter changes a turnover needs to be judged: over fewer, a manager holding a few
 * names trades one way some quarters and both ways others, and its mean is noise.
 */
export const TURNOVER_MIN_QUARTERS = 8;

/**
 * The turnover of a kind of manager: index managers each below 2%; active managers' and hedge
 * funds' mean within 10-30% (each manager's is in the detail).
 */
function turnoverCheck(
  kind: ManagerKind,
  byManager: (readonly [string, { mean: number; quarters: number } | undefined])[],
): ValidationCheck {
  const band = TURNOVER_BANDS[kind];
  const measured = byManager.flatMap(([name, t]) => (t ? [{ name, ...t }] : []));
  const name = `holdings_turnover_${kind}`;
  const what =
    kind === "index"
      ? `quarterly turnover of each of the ${KIND_NAMES[kind]} (min of purchases and sales over the mean value)`
      : `mean quarterly turnover of the ${KIND_NAMES[kind]} (min of purchases and sales over the mean value)`;
  if (measured.length === 0)
    return {
      name,
      family: FAMILY,
      passed: true,
      severity: "warning",
      observed: null,
      expected: band,
      detail: `${what}: skipped for lack of data (no manager filed two quarters)`,
    };
  const values = measured.map((m) => m.mean);
  const [min, max] = [Math.min(...values), Math.max(...values)];
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const changes = Math.max(...measured.map((m) => m.quarters));
  const judged = kind === "index" ? max : mean;
  const inBand = judged >= band.min && judged <= band.max;
  const each = measured.map((m) => `${m.name} ${fmt(m.mean, true)}`).join(", ");
  const bandText = `band ${fmt(band.min, true)} to ${fmt(band.max, true)}`;
  return {
    name,
    family: FAMILY,
    passed: inBand || changes < TURNOVER_MIN_QUARTERS,
    severity: "warning",
    observed: { mean: round4(mean), min: round4(min), max: round4(max), managers: measured.length, quarters: changes },
    expected: band,
    detail:
      changes < TURNOVER_MIN_QUARTERS
        ? `${what} ${fmt(judged, true)}, not judged over ${changes} quarter-to-quarter changes (needs ${TURNOVER_MIN_QUARTERS}); ${each}`
        : `${what} ${fmt(judged, true)}, ${bandText}; ${each}`,
  };
}

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

function ownershipCheck(byTier: Map<SizeTier, number[]>): ValidationCheck {
  const tiers = (["mega", "large", "mid", "small"] as const).filter((t) => byTier.has(t));
  const mean = (t: SizeTier) => byTier.get(t)!.reduce((a, b) => a + b, 0) / byTier.get(t)!.length;
  const observed = Object.fromEntries(tiers.map((t) => [t, round4(mean(t))]));
  const inBand = (t: SizeTier) => mean(t) >= OWNERSHIP_BANDS[t].min && mean(t) <= OWNERSHIP_BANDS[t].max;
  return {
    name: "institutional_ownership_by_tier",
    family: FAMILY,
    passed: tiers.every(inBand),
    severity: "warning",
    observed: tiers.length ? observed : null,
    expected: Object.fromEntries(tiers.map((t) => [t, OWNERSHIP_BANDS[t]])),
    detail:
      tiers.length === 0
        ? "mean share of each size tier's shares held by 13F filers: skipped for lack of data (no quarter filed by every manager)"
        : `mean share of each size tier's shares held by 13F filers: ${tiers
            .map(
              (t) =>
                `${t} ${fmt(mean(t), true)} (band ${fmt(OWNERSHIP_BANDS[t].min, true)} to ${fmt(OWNERSHIP_BANDS[t].max, true)})`,
            )
            .join(", ")}`,
  };
}
