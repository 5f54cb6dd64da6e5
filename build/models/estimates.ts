// Analysts and their estimates of each quarter: they know the business as it stands when they
// publish (fundamentals.ts planSeenOn: not the regimes, events or crisis still to come), start the
// quarter optimistic and walk their numbers down as it goes (-2% to -5%: docs/realism.md, "Earnings
// and analysts"), and end a little below what the company reports, so most releases beat. Each
// estimate is published the day after what prompted it: the previous earnings release, a company
// event that moves the business, or a preview before the release.
import type { SizeTier } from "./anchors.ts";
import type { BusinessPlan } from "./fundamentals.ts";
import { personName, BROKERS } from "./names.ts";
import type { Rng } from "../ground/rng.ts";

export interface Analyst {
  firm: string;
  analyst: string;
}

export type RevisionReason = "carried" | "post_earnings" | "event" | "preview";

/** One analyst's estimate of one quarter, and of its fiscal year, in dollars (per-share figures follow once shares are known). */
export interface EstimateRevision {
  analyst: number;
  /** Index of the trading day it was published. */
  day: number;
  /** Index of the quarter in the business plan. */
  quarter: number;
  netIncome: number;
  revenue: number;
  /** The quarter's fiscal year: the quarters reported before it, this estimate, and the quarters after it. */
  year: { netIncome: number; revenue: number } | null;
  /**
   * Estimating a fourth quarter, the next fiscal year too (its four quarters forecast alike), so that
   * it has a consensus before the year closes; null otherwise, or where the plan lacks its quarters.
   */
  nextYear: { netIncome: number; revenue: number } | null;
  reason: RevisionReason;
  /** The event that prompted it; null for estimates carried in from before the world's first day. */
  cause: string | null;
}

/** Covering analysts by size (large caps 10-40: docs/realism.md, "Earnings and analysts"). */
const COVERAGE: Record<SizeTier, [number, number]> = { mega: [24, 36], large: [12, 22], mid: [5, 11], small: [2, 5] };

/**
 * How analysts err, as fractions of the quarter's scale: they end `finalBias` below the truth on
 * average with a common error of `commonSd` and their own of `ownSd`, after walking down by `walk`
 * from where they started. Revenue is forecast more closely than earnings.
 */
export const ESTIMATE_ERRORS = {
  netIncome: { finalBias: 0.1, walk: 0.07, commonSd: 0.09, ownSd: 0.02 },
  revenue: { finalBias: 0.012, walk: 0.012, commonSd: 0.015, ownSd: 0.005 },
};

/**
 * The least earnings yield, on day one's price to sales, that a quarter's errors scale with: a
 * business's size bounds how closely it is forecast, not its earnings alone (nor its sales alone,
 * 3% of them). As a share of small earnings, a consensus matched them to the cent far too often:
 * seven seed worlds at 0.38.0 had 22% of releases in line at P/E above 50, 5% below 14.
 */
const VALUE_SCALE_YIELD = 0.025;

/** A company event that moves the business, as analysts see it: public on `day`. */
export interface BusinessEvent {
  day: number;
  date: string;
  eventId: string;
  logRevenue: number;
}

export interface CoverageInput {
  tier: SizeTier;
  plan: BusinessPlan;
  /** The business as known on a date (fundamentals.ts planSeenOn): what estimates are made from. */
  seenOn: (date: string) => BusinessPlan;
  days: string[];
  /** Each plan quarter's release day index in `days` (undefined: released before the first day or after the last). */
  releaseDay: (quarter: number) => number | undefined;
  /** Event id of each plan quarter's earnings release. */
  releaseEvent: (quarter: number) => string;
  /** Company events that move the business, by day. */
  events: BusinessEvent[];
  rng: Rng;
}

export interface Coverage {
  analysts: Analyst[];
  /** Ordered by day, then analyst. */
  revisions: EstimateRevision[];
}

/**
 * Estimates of every quarter released inside the world, and of the next one: each quarter's
 * window runs from the previous release (or the first day) to the day before its own release.
 */
export function analystCoverage(input: CoverageInput): Coverage {
  const { plan, days, rng } = input;
  const [lo, hi] = COVERAGE[input.tier];
  const firms = rng.shuffle(BROKERS).slice(0, rng.int(lo, hi));
  const analysts = firms.map((firm) => ({ firm, analyst: personName(rng) }));
  const revisions: EstimateRevision[] = [];
  const last = days.length - 1;
  for (let q = 1; q < plan.quarters.length; q++) {
    const release = input.releaseDay(q);
    if (release === undefined && plan.quarters[q].quarter.release < days[0]) continue;
    // The next quarter's window is still open on the last day: its release lies beyond the world.
    const close = release ?? last + 1;
    // The window opens the day after the previous release, or on the first day if that came before it.
    const previous = input.releaseDay(q - 1);
    const opensAfterRelease = previous !== undefined;
    const open = opensAfterRelease ? previous + 1 : 0;
    // A release on the first day, or one the day after the previous (or on the last day, for the
    // quarter after it), leaves no day inside the world to estimate it on.
    if (close <= open) {
      if (release === undefined) break;
      continue;
    }
    const window = new QuarterWindow(input, { q, open, close }, analysts.length, revisions);
    window.publish(opensAfterRelease);
    if (release === undefined) break;
  }
  revisions.sort((x, y) => x.day - y.day || x.analyst - y.analyst || x.quarter - y.quarter);
  return { analysts, revisions };
}

/** An error in net income and in revenue, as fractions of a quarter's scale. */
interface EstimateError {
  netIncome: number;
  revenue: number;
}

/**
 * One quarter's estimating window, from day `open` to the day before `close`: its analysts' errors,
 * and the estimates they publish in it (to `revisions`).
 */
class QuarterWindow {
  private readonly input: CoverageInput;
  private readonly q: number;
  private readonly open: number;
  private readonly close: number;
  /** The plan quarters of the quarter's fiscal year, and of the next one when it is a fourth quarter. */
  private readonly year: number[];
  private readonly nextYear: number[];
  /** The error all analysts share, and each one's own. */
  private readonly common: EstimateError;
  private readonly own: EstimateError[];
  /** An analyst publishes once a day: a second prompt that day would repeat the same numbers. */
  private readonly published = new Set<string>();
  private readonly revisions: EstimateRevision[];

  constructor(
    input: CoverageInput,
    { q, open, close }: { q: number; open: number; close: number },
    analysts: number,
    revisions: EstimateRevision[],
  ) {
    const { plan, rng } = input;
    this.input = input;
    this.q = q;
    this.open = open;
    this.close = close;
    this.revisions = revisions;
    // The fiscal year's quarters: those before q are reported when its window opens.
    const { fiscalYear, quarter: fiscalQuarter } = plan.quarters[q].quarter;
    const quartersOf = (y: number) => plan.quarters.flatMap((x, k) => (x.quarter.fiscalYear === y ? [k] : []));
    this.year = quartersOf(fiscalYear);
    this.nextYear = fiscalQuarter === 4 ? quartersOf(fiscalYear + 1) : [];
    const e = ESTIMATE_ERRORS;
    this.common = { netIncome: e.netIncome.commonSd * rng.normal(), revenue: e.revenue.commonSd * rng.normal() };
    this.own = Array.from({ length: analysts }, () => ({
      netIncome: e.netIncome.ownSd * rng.normal(),
      revenue: e.revenue.ownSd * rng.normal(),
    }));
  }

  /**
   * Every analyst's estimates in the window: on its first day (after the previous release, or
   * carried in from before the world's first day), after the events that move the business, and in previews.
   */
  publish(opensAfterRelease: boolean): void {
    const { input, open, close, q } = this;
    const { rng } = input;
    const last = input.days.length - 1;
    const analysts = this.own.length;
    const causeAt = opensAfterRelease ? input.releaseEvent(q - 1) : null;
    for (let a = 0; a < analysts; a++) this.estimate(a, open, opensAfterRelease ? "post_earnings" : "carried", causeAt);
    // Events that move the business: about half the analysts revise on the next trading day. Each
    // event and each quarter's previews draw from streams of their own, so news after a day (a
    // twin's other path) never moves an estimate published before it.
    const inWindow = input.events.filter((ev) => ev.day >= open && ev.day + 1 < close && ev.day + 1 <= last);
    for (const ev of inWindow) {
      const revises = rng.fork(`revise/${ev.eventId}`);
      for (let a = 0; a < analysts; a++) if (revises.uniform() < 0.5) this.estimate(a, ev.day + 1, "event", ev.eventId);
    }
    // Previews in the last three weeks before the release, prompted by the latest news before them.
    const latestCause = (day: number) => inWindow.filter((ev) => ev.day < day).at(-1)?.eventId ?? causeAt;
    const previews = rng.fork(`previews/${q}`);
    for (let a = 0; a < analysts; a++) {
      const day = close - previews.int(3, 15);
      if (previews.uniform() < 0.4 && day > open && day <= last) this.estimate(a, day, "preview", latestCause(day));
    }
  }

  /** A quarter as it is known on a day. */
  private known(x: number, day: number) {
    return this.input.seenOn(this.input.days[day]).quarters[x].income;
  }

  /** How closely a quarter can be forecast on a day: by the size of its earnings as seen then. */
  private scaleOf(x: number, day: number): number {
    const { plan } = this.input;
    const { net_income, revenue } = this.known(x, day);
    return Math.max(
      Math.abs(net_income),
      0.03 * revenue,
      VALUE_SCALE_YIELD * (plan.marketCap / plan.revenue0) * revenue,
    );
  }

  /** The analyst's error, as a fraction of a quarter's scale, with `left` of the walk still to go. */
  private errorWith(analyst: number, left: number): EstimateError {
    const { common, own } = this;
    const e = ESTIMATE_ERRORS;
    return {
      netIncome: -e.netIncome.finalBias + common.netIncome + own[analyst].netIncome + e.netIncome.walk * left,
      revenue: -e.revenue.finalBias + common.revenue + own[analyst].revenue + e.revenue.walk * left,
    };
  }

  private estimate(analyst: number, day: number, reason: RevisionReason, cause: string | null): void {
    const { q, open, close } = this;
    if (this.published.has(`${analyst} ${day}`)) return;
    this.published.add(`${analyst} ${day}`);
    // This quarter has walked down as far as the day is into its window; later quarters keep the
    // optimism it opened with, and walk down in their own windows.
    const now = this.errorWith(analyst, Math.max(0, (close - day) / Math.max(1, close - open)));
    const ahead = this.errorWith(analyst, 1);
    const of = (x: number) => {
      if (x < q) return this.input.plan.quarters[x].income;
      const k = this.known(x, day);
      const err = x === q ? now : ahead;
      return {
        net_income: k.net_income + this.scaleOf(x, day) * err.netIncome,
        revenue: k.revenue * (1 + err.revenue),
      };
    };
    const mine = of(q);
    this.revisions.push({
      analyst,
      day,
      quarter: q,
      netIncome: mine.net_income,
      revenue: mine.revenue,
      year: yearSum(this.year, of),
      nextYear: yearSum(this.nextYear, of),
      reason,
      cause,
    });
  }
}

/** A fiscal year's estimate: its four quarters summed (null without four). */
function yearSum(
  quarters: number[],
  of: (x: number) => { net_income: number; revenue: number },
): { netIncome: number; revenue: number } | null {
  if (quarters.length !== 4) return null;
  const each = quarters.map(of);
  return {
    netIncome: each.reduce((a, x) => a + x.net_income, 0),
    revenue: each.reduce((a, x) => a + x.revenue, 0),
  };
}

/** Each analyst's latest estimate of a quarter published before `day`, as the consensus sees it then. */
export function latestEstimates(revisions: EstimateRevision[], quarter: number, day: number): EstimateRevision[] {
  const latest = new Map<number, EstimateRevision>();
  for (const r of revisions) if (r.quarter === quarter && r.day < day) latest.set(r.analyst, r);
  return [...latest.values()];
}

/** The point-in-time consensus of a quarter: the mean of the latest estimates published before `day`. */
export function consensus(revisions: EstimateRevision[], quarter: number, day: number) {
  const latest = latestEstimates(revisions, quarter, day);
  if (!latest.length) return null;
  const mean = (pick: (r: EstimateRevision) => number) => latest.reduce((a, r) => a + pick(r), 0) / latest.length;
  return { netIncome: mean((r) => r.netIncome), revenue: mean((r) => r.revenue), analysts: latest.length };
}

/** An earnings surprise: reported net income against the consensus, over the consensus (or 3% of revenue, if larger). */
export function earningsSurprise(netIncome: number, expected: { netIncome: number; revenue: number }): number {
  return (netIncome - expected.netIncome) / Math.max(Math.abs(expected.netIncome), 0.03 * expected.revenue);
}
