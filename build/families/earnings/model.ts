// The served side of the earnings chain, once shares and prices exist: each analyst estimate in
// per-share terms with its rating and price target, each earnings release against the consensus of
// the day before, its press release and event summary with the same numbers, and the calendar.
import { hash } from "node:crypto";
import type { PeriodFigures, PublishedEstimates } from "../../../src/families/earnings/estimates.ts";
import type { CompanyFacts } from "../../../src/bundle/types.ts";
import type {
  AnalystEstimate,
  Earnings,
  EarningsDate,
  EARNINGS_SURPRISES,
  KpiGuidance,
} from "../../../src/families/earnings/rows.ts";
import type { BalanceSheet, CashFlowStatement, IncomeStatement } from "../../../src/families/statements/rows.ts";
import { billions, dollars, perShare } from "../../models/amounts.ts";
import { periodicForm } from "../../models/filing-ids.ts";
import { addDays, onOrAfterTradingDay } from "../../models/calendar.ts";
import type { Rng } from "../../ground/rng.ts";
import type { SizeTier } from "../../models/anchors.ts";
import { latestEstimates, type Coverage } from "../../models/estimates.ts";
import { beforeTheOpen, type WorldEvent } from "../../models/events.ts";
import type { BusinessPlan } from "../../models/fundamentals.ts";
import type { Bar } from "../../models/prices.ts";
import { round2, round4, thousands } from "../../models/rounding.ts";

type Rating = AnalystEstimate["rating"];

/** Ratings drawn at coverage and redrawn now and then after a release (buy 45-60%, sell < 10%: docs/realism.md). */
const RATINGS: [Rating, number][] = [
  ["buy", 0.53],
  ["hold", 0.41],
  ["sell", 0.06],
];
const RATING_CHANGE = 0.12;
/**
 * After a release in a distress (losses mounting before a failure), an analyst downgrades a notch with
 * this chance (buy to hold, hold to sell) and never upgrades: distressed names draw downgrades before
 * they fail (docs/exits.md).
 */
const DISTRESS_DOWNGRADE: Record<Rating, number> = { buy: 0.6, hold: 0.35, sell: 0 };
const DOWNGRADE: Record<Rating, Rating> = { buy: "hold", hold: "sell", sell: "sell" };
/** Price-target upside by rating (log). */
const UPSIDE: Record<Rating, number> = { buy: 0.16, hold: 0.05, sell: -0.1 };

const hashId = (prefix: string, parts: string[]) => `${prefix}_${hash("sha256", parts.join("|"), "hex").slice(0, 16)}`;

export interface Market {
  days: string[];
  bars: Bar[];
  /** Shares outstanding per day, as traded, and the split multiple (prices.ts). */
  shares: number[];
  splitMultiple: number[];
}

/**
 * An estimate's EPS: its net income over the shares as traded on its day. Buybacks or issuance
 * until the quarter's weighted count land in the surprise, as they do for real analysts.
 */
export const estimatedEps = ({ netIncome }: Pick<Figures, "netIncome">, day: number, market: Market) =>
  round2(netIncome / market.shares[day]);

type Figures = { netIncome: number; revenue: number };

/**
 * Per revision, EPS and revenue of the quarter, of its fiscal year (where the plan has all four
 * quarters) and of the next one (a fourth quarter's), oldest first, with the analyst's rating and
 * target that day.
 */
export function estimateRows(
  facts: CompanyFacts,
  plan: BusinessPlan,
  coverage: Coverage,
  market: Market,
  rng: Rng,
  /** The day a distress begins (a failure ahead), where one does: the analysts' releases after it downgrade. */
  distressFrom?: string,
): PublishedEstimates[] {
  // Its own stream: the draws of a company without distress stay as they were.
  const distressed = rng.fork("distress");
  const state = coverage.analysts.map(() => ({
    rating: undefined as Rating | undefined,
    target: null as number | null,
    bias: 0.05 * rng.normal(),
  }));
  const previous = new Map<string, Figures>();
  const yearEnd = new Map(plan.quarters.map((x) => [x.quarter.fiscalYear, x.quarter.end]));
  return coverage.revisions.map((r) => {
    const who = coverage.analysts[r.analyst];
    const s = state[r.analyst];
    const inDistress = distressFrom !== undefined && market.days[r.day] >= distressFrom;
    if (s.rating && inDistress && r.reason === "post_earnings") {
      if (distressed.uniform() < DISTRESS_DOWNGRADE[s.rating]) s.rating = DOWNGRADE[s.rating];
    } else if (!s.rating || (r.reason === "post_earnings" && rng.uniform() < RATING_CHANGE)) s.rating = drawRating(rng);
    const prior = s.target;
    s.target = round2(market.bars[r.day].close * Math.exp(UPSIDE[s.rating] + s.bias + 0.04 * rng.normal()));
    const quarter = plan.quarters[r.quarter].quarter;
    const period = (label: string, end: string, figures: Figures): PeriodFigures => {
      // A fourth quarter and its year end on the same day: the label tells them apart.
      const before = previous.get(`${r.analyst} ${label}`);
      previous.set(`${r.analyst} ${label}`, figures);
      // Revisions in dollars: a split between two estimates does not read as one.
      const change = (pick: (f: Figures) => number) =>
        before ? round4(relativeChange(pick(figures), pick(before))) : null;
      return {
        fiscal_period: label,
        report_period: end,
        eps: estimatedEps(figures, r.day, market),
        revenue: thousands(figures.revenue),
        eps_revision_pct: change((f) => f.netIncome),
        revenue_revision_pct: change((f) => f.revenue),
      };
    };
    const year = (fiscalYear: number, figures: Figures | null) =>
      figures && period(`FY ${fiscalYear}`, yearEnd.get(fiscalYear)!, figures);
    const date = market.days[r.day];
    return {
      estimate_date: date,
      id: hashId("est", [facts.ticker, who.firm, date]),
      firm: who.firm,
      analyst: who.analyst,
      rating: s.rating,
      target_price: s.target,
      prior_target_price: prior,
      source_event_id: r.cause,
      reason: r.reason,
      quarter: period(quarter.label, quarter.end, r),
      year: year(quarter.fiscalYear, r.year),
      next_year: year(quarter.fiscalYear + 1, r.nextYear),
    };
  });
}

function drawRating(rng: Rng): Rating {
  let u = rng.uniform();
  for (const [rating, share] of RATINGS) if ((u -= share) < 0) return rating;
  return "hold";
}

/** Change against a base that may be negative (a smaller loss is an increase). */
const relativeChange = (now: number, before: number) => (now - before) / Math.abs(before);

/** Reported against the consensus: in line only when equal (to the cent for EPS). */
export const verdict = (pct: number | null): "beat" | "miss" | "in_line" =>
  pct === null || pct === 0 ? "in_line" : pct > 0 ? "beat" : "miss";

/**
 * The same in financialdatasets' words: the sign of the surprise fraction (`MEET` when it is 0 at
 * four decimals), of the difference where the consensus is 0 and has no fraction; null without one.
 */
export function surpriseWord(
  actual: number,
  expected: number | null | undefined,
  pct: number | null,
): (typeof EARNINGS_SURPRISES)[number] | null {
  if (expected === null || expected === undefined) return null;
  const sign = pct ?? actual - expected;
  return sign > 0 ? "BEAT" : sign < 0 ? "MISS" : "MEET";
}

/**
 * A released quarter's statements as served (`/financials`, period quarterly): the 10-Q's, or the
 * 10-K's for a fiscal year's fourth quarter.
 */
export interface ReleasedQuarter {
  income: IncomeStatement;
  balance: BalanceSheet;
  cashFlow: CashFlowStatement;
  fiscalQuarter: number;
}

/**
 * The consensus of a quarter from the latest estimates before its release day, per share on the
 * splits of the reported quarter's end (`splitBasis`: an estimate made before a split counts split).
 */
export function consensusOf(
  coverage: Coverage,
  quarter: number,
  releaseDay: number,
  splitBasis: number,
  market: Market,
) {
  const latest = latestEstimates(coverage.revisions, quarter, releaseDay);
  if (!latest.length) return null;
  const eps = latest.map((r) => (estimatedEps(r, r.day, market) * market.splitMultiple[r.day]) / splitBasis);
  return {
    eps: round2(eps.reduce((a, b) => a + b, 0) / eps.length),
    revenue: thousands(latest.reduce((a, r) => a + thousands(r.revenue), 0) / latest.length),
    analysts: latest.length,
  };
}

/**
 * The earnings row of a release: the income statement against the consensus of the day before,
 * sourced from the 10-Q or 10-K filed with it, whose balance-sheet and cash-flow lines it carries.
 * A line is filled only from a statement public by the row's filing date (null otherwise), so no
 * horizon that shows the row can show a figure not yet public.
 */
export function earningsRow(
  facts: CompanyFacts,
  { income, balance, cashFlow, fiscalQuarter }: ReleasedQuarter,
  event: WorldEvent,
  consensus: ReturnType<typeof consensusOf>,
  guidance: Earnings["signals"]["guidance"],
): Earnings {
  const surprise = (actual: number, expected: number | null | undefined) =>
    expected ? round4((actual - expected) / Math.abs(expected)) : null;
  const eps = income.earnings_per_share!;
  const epsPct = surprise(eps, consensus?.eps);
  const revenuePct = surprise(income.revenue!, consensus?.revenue);
  const b = balance.filing_date <= income.filing_date ? balance : null;
  const c = cashFlow.filing_date <= income.filing_date ? cashFlow : null;
  return {
    ticker: facts.ticker,
    report_period: income.report_period,
    fiscal_period: income.fiscal_period,
    filing_date: income.filing_date,
    filing_datetime: event.public_release_datetime,
    accession_number: income.accession_number,
    source_type: periodicForm(fiscalQuarter),
    currency: "USD",
    quarterly: {
      revenue: income.revenue!,
      estimated_revenue: consensus?.revenue ?? null,
      revenue_surprise_pct: revenuePct,
      revenue_surprise: surpriseWord(income.revenue!, consensus?.revenue, revenuePct),
      earnings_per_share: eps,
      estimated_earnings_per_share: consensus?.eps ?? null,
      eps_surprise_pct: epsPct,
      eps_surprise: surpriseWord(eps, consensus?.eps, epsPct),
      earnings_per_share_diluted: income.earnings_per_share_diluted!,
      net_income: income.net_income!,
      gross_profit: income.gross_profit!,
      operating_income: income.operating_income!,
      weighted_average_shares: income.weighted_average_shares!,
      weighted_average_shares_diluted: income.weighted_average_shares_diluted,
      free_cash_flow: c?.free_cash_flow ?? null,
      cash_and_equivalents: b?.cash_and_equivalents ?? null,
      total_debt: b?.total_debt ?? null,
      total_assets: b?.total_assets ?? null,
      total_liabilities: b?.total_liabilities ?? null,
      shareholders_equity: b?.shareholders_equity ?? null,
      net_cash_flow_from_operations: c?.net_cash_flow_from_operations ?? null,
      capital_expenditure: c?.capital_expenditure ?? null,
      net_cash_flow_from_investing: c?.net_cash_flow_from_investing ?? null,
      net_cash_flow_from_financing: c?.net_cash_flow_from_financing ?? null,
      change_in_cash_and_equivalents: c?.change_in_cash_and_equivalents ?? null,
      analysts: consensus?.analysts ?? 0,
    },
    signals: { revenue_surprise: verdict(revenuePct), eps_surprise: verdict(epsPct), guidance },
    press_release: pressRelease(facts, income),
    source_event_id: event.event_id,
  };
}

function pressRelease(facts: CompanyFacts, i: IncomeStatement): string {
  return (
    `${facts.name} (${facts.ticker}) today reported results for ${i.fiscal_period}, the quarter ended ${i.report_period}. ` +
    `Revenue was ${dollars(i.revenue!)}, gross profit ${dollars(i.gross_profit!)} and operating income ${dollars(i.operating_income!)}. ` +
    `Net income was ${dollars(i.net_income!)}, or ${perShare(i.earnings_per_share!)} per basic share and ` +
    `${perShare(i.earnings_per_share_diluted!)} per diluted share, on ${Math.round(i.weighted_average_shares!).toLocaleString("en-US")} ` +
    `weighted average basic shares.`
  );
}

/** The release's public summary: the reported EPS and revenue against the consensus. */
export function releaseSummary(facts: CompanyFacts, row: Earnings, event: WorldEvent): string {
  const q = row.quarterly;
  const when = beforeTheOpen(event.public_release_datetime) ? "before the open" : "after the close";
  const against = (actual: string, expected: string | null) =>
    expected === null ? actual : `${actual} against a consensus of ${expected}`;
  return (
    `${facts.name} reported ${row.fiscal_period} results ${when}: EPS ` +
    `${against(perShare(q.earnings_per_share), q.estimated_earnings_per_share === null ? null : perShare(q.estimated_earnings_per_share))}, ` +
    `revenue ${against(billions(q.revenue), q.estimated_revenue === null ? null : billions(q.estimated_revenue))}.`
  );
}

/** Companies announce their release dates about four weeks ahead. */
const ANNOUNCED_DAYS_BEFORE = 28;

/** The calendar: every release from the first day on, the next one beyond the last day included. */
export function calendarRows(
  facts: CompanyFacts,
  plan: BusinessPlan,
  days: string[],
  releaseTime: string,
): EarningsDate[] {
  const [first, last] = [days[0], days[days.length - 1]];
  const out: EarningsDate[] = [];
  for (const { quarter } of plan.quarters) {
    if (quarter.release < first) continue;
    out.push({
      ticker: facts.ticker,
      report_period: quarter.end,
      fiscal_period: quarter.label,
      earnings_date: quarter.release,
      filing_datetime: `${quarter.release}T${releaseTime}`,
      announcement_date: onOrAfterTradingDay(addDays(quarter.release, -ANNOUNCED_DAYS_BEFORE)),
    });
    if (quarter.release > last) break;
  }
  return out;
}

/** Share of companies that guide, by size (about 20% of large caps each quarter: docs/realism.md). */
const GUIDERS: Record<SizeTier, number> = { mega: 0.25, large: 0.22, mid: 0.15, small: 0.1 };

/**
 * The companies that guide: each size's share of its companies (the fraction left over by chance),
 * which ones drawn for the world. Drawn company by company, a small world's share wandered far from
 * its size's (a 60-company world's large caps: 9.5-32.6% across twelve seeds).
 */
export function chooseGuiders(tiers: Map<string, SizeTier>, rng: Rng): Set<string> {
  const guiders = new Set<string>();
  for (const tier of Object.keys(GUIDERS) as SizeTier[]) {
    const tickers = [...tiers].filter(([, t]) => t === tier).map(([ticker]) => ticker);
    const wanted = GUIDERS[tier] * tickers.length;
    const count = Math.floor(wanted) + (rng.uniform() < wanted % 1 ? 1 : 0);
    for (const ticker of rng.shuffle(tickers.sort()).slice(0, count)) guiders.add(ticker);
  }
  return guiders;
}

/**
 * Full-year guidance of EPS and revenue, given with each release by a company that guides: the
 * year's reported quarters as reported, the rest as management sees them on the release day
 * (fundamentals.ts planSeenOn), shaded by its own caution (docs/realism.md, "Earnings and analysts",
 * has 55-70% of guidance below the consensus). Q4 releases guide the
 * next year. Within half a percent of the prior, maintained.
 */
export function guidanceRows(
  facts: CompanyFacts,
  plan: BusinessPlan,
  seenOn: (date: string) => BusinessPlan,
  releases: { quarter: number; event: WorldEvent; day: number }[],
  market: Market,
  rng: Rng,
): KpiGuidance[] {
  const caution = 0.1 + 0.015 * rng.normal();
  const out: KpiGuidance[] = [];
  const prior = new Map<string, { point: number; low: number; high: number; day: number }>();
  for (const { quarter: q, event, day } of releases) {
    const released = plan.quarters[q].quarter;
    const year = released.quarter === 4 ? released.fiscalYear + 1 : released.fiscalYear;
    // Each quarter as management sees it on the release day (a reported one as reported).
    const seen = seenOn(released.release);
    const quarters = plan.quarters.flatMap((x, k) =>
      x.quarter.fiscalYear !== year ? [] : [x.quarter.release <= released.release ? x : seen.quarters[k]],
    );
    if (quarters.length !== 4) continue;
    // Management's shading of what is still to come: earnings well below its own view, revenue a little.
    const shade = caution + 0.02 * rng.normal();
    const view = (pick: (x: (typeof quarters)[0]) => number, by: number) =>
      quarters.reduce((a, x) => {
        const v = pick(x);
        return a + (x.quarter.release <= released.release ? v : v - by * Math.abs(v));
      }, 0);
    const figures = [
      {
        metric: "earnings_per_share" as const,
        point: view((x) => x.income.net_income, shade) / market.shares[day],
        width: 0.02,
      },
      { metric: "revenue" as const, point: view((x) => x.income.revenue, shade / 5), width: 0.01 },
    ];
    for (const { metric, point, width } of figures) {
      const isEps = metric === "earnings_per_share";
      const round = isEps ? round2 : (x: number) => Math.round(x / 1e6) * 1e6;
      const before = prior.get(`${metric} ${year}`);
      // A split since the prior guidance: its per-share figures on today's basis.
      const basis = before && isEps ? market.splitMultiple[before.day] / market.splitMultiple[day] : 1;
      const priorPoint = before ? round(before.point * basis) : null;
      const change = priorPoint === null ? 0 : (point - priorPoint) / Math.abs(priorPoint);
      const direction =
        priorPoint === null ? "initiated" : change > 0.005 ? "raised" : change < -0.005 ? "cut" : "maintained";
      const [low, mid, high] =
        direction === "maintained"
          ? [round(before!.low * basis), priorPoint!, round(before!.high * basis)]
          : [round(point - Math.abs(point) * width), round(point), round(point + Math.abs(point) * width)];
      prior.set(`${metric} ${year}`, { point: mid, low, high, day });
      const fmt = isEps ? perShare : billions;
      out.push({
        ticker: facts.ticker,
        metric_name: metric,
        period: `FY ${year}`,
        period_type: "annual",
        unit: isEps ? "USD per share" : "USD",
        low,
        high,
        point_estimate: mid,
        prior_value: priorPoint,
        change_direction: direction,
        raw_text:
          `${facts.name} ${direction === "initiated" ? "expects" : `${direction} its outlook and now expects`} fiscal ${year} ` +
          `${isEps ? "earnings per share" : "revenue"} of ${fmt(low)} to ${fmt(high)}` +
          `${priorPoint === null || direction === "maintained" ? "" : `, against ${fmt(priorPoint)} at the midpoint before`}.`,
        source_url: null,
        issued_date: event.event_date,
        source_event_id: event.event_id,
      });
    }
  }
  return out;
}
