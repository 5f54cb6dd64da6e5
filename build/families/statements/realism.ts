// The fundamentals (docs/realism.md, "Fundamentals") as a cross-section, from each company's fiscal
// years (annual statements filed inside the world, valued at the close of their filing date), and
// the corporate actions' rates (dividend cuts, splits).
import type { ValidationCheck } from "../../../src/bundle/types.ts";
import type { Checker } from "../../ground/family.ts";
import type { NonGaap } from "../../../src/families/kpis/rows.ts";
import { isSp500Member, type SizeTier } from "../../models/anchors.ts";
import { UNUSUAL_ADJUSTMENTS } from "../../../src/families/kpis/rows.ts";
import { totalAssets, totalDebt, type PeriodStatements } from "../../models/statements.ts";
import { corr, median, quantile } from "../../models/statistics.ts";
import type { Company, World } from "../registry.ts";
import { fmt } from "../../models/rounding.ts";
import { bandCheck, skipped, type Band } from "../../realism/bands.ts";
import { CRISIS_MIN_DAYS, crisisEpisodes } from "../../realism/crises.ts";

/** Net margins a sector's median company keeps (Damodaran's industry tables, widened to a sector). */
const SECTOR_NET_MARGIN: Record<string, Band> = {
  "Information Technology": { min: 0.1, max: 0.3 },
  "Communication Services": { min: 0.08, max: 0.25 },
  "Health Care": { min: 0.08, max: 0.25 },
  Financials: { min: 0.1, max: 0.35 },
  Utilities: { min: 0.06, max: 0.16 },
  "Consumer Staples": { min: 0.03, max: 0.14 },
  "Consumer Discretionary": { min: 0.03, max: 0.12 },
  Industrials: { min: 0.05, max: 0.15 },
  Materials: { min: 0.05, max: 0.16 },
  Energy: { min: 0.03, max: 0.16 },
  "Real Estate": { min: 0.1, max: 0.45 },
};

/** A year's change in shares outstanding, splits aside, by size (Fama & French 2005). */
const SHARE_COUNT_CHANGE: Record<"large" | "small", Band> = {
  large: { min: -0.01, max: 0.01 },
  small: { min: 0.02, max: 0.06 },
};

/**
 * Share of fiscal years with a net loss. S&P 500 members: 3.4-10.5% had a negative trailing EPS in
 * each of the nine snapshots of build/refdata/sp500_snapshots.csv that state EPS (2013-2026); broad
 * universes 20-35% (docs/realism.md, "Fundamentals"; Fama & French 2000). A world's band mixes the
 * two by the share of its years that are members' (anchors.ts isSp500Member).
 */
export const LOSS_SHARE: Record<"member" | "other", { min: number; max: number }> = {
  member: { min: 0.03, max: 0.11 },
  other: { min: 0.2, max: 0.35 },
};

/** Fewer fiscal years than this say little about a cross-section. */
const MIN_YEARS = 100;
/** A sector's median needs this many of its company-years. */
const MIN_SECTOR_YEARS = 10;

interface Year {
  sector: string;
  /** Mega and large caps, or mid and small (anchors.ts sizeTier). */
  size: "large" | "small";
  /** An S&P 500 member's year (LOSS_SHARE). */
  member: boolean;
  /** Change in shares outstanding over the year before, splits aside; null without a year before. */
  shareChange: number | null;
  revenue: number;
  netIncome: number;
  /** Market D/(D+E) at the filing date's close; null without a close. */
  leverage: number | null;
  dividendsPerShare: number;
  eps: number;
  growth: number | null;
  holidayShare: number | null;
}

/** The fundamentals (realism tier 4) as a cross-section of every company's fiscal years. */
export class FundamentalsTally {
  private years: Year[] = [];
  /** Each company's ROA against its own mean, with the year before's. */
  private roa: [number, number][] = [];

  /**
   * A company's fiscal years; `capOn` is its market cap at a date's close (null outside the world),
   * `member` whether it is an S&P 500 member (LOSS_SHARE).
   */
  add(
    company: { sector: string; tier: SizeTier; member: boolean },
    statements: PeriodStatements[],
    capOn: (date: string) => number | null,
  ): void {
    const { sector, tier, member } = company;
    const unsplit = (s: PeriodStatements) => s.sharesOutstanding / s.splitBasis;
    const annual = statements.filter((s) => s.period === "annual");
    const quarters = statements.filter((s) => s.period === "quarterly");
    annual.forEach((s, k) => {
      const cap = capOn(s.filingDate);
      if (cap === null) return;
      const before = k > 0 && annual[k - 1].fiscalYear === s.fiscalYear - 1 ? annual[k - 1] : undefined;
      const holiday = quarters.find((q) => q.fiscalYear === s.fiscalYear && /-(12|01)-\d\d$/.test(q.reportPeriod));
      const debt = totalDebt(s.balance);
      this.years.push({
        sector,
        member,
        size: tier === "mega" || tier === "large" ? "large" : "small",
        shareChange: before ? unsplit(s) / unsplit(before) - 1 : null,
        revenue: s.income.revenue,
        netIncome: s.income.net_income,
        leverage: debt + cap > 0 ? debt / (debt + cap) : null,
        dividendsPerShare: s.dividendsPerShare,
        eps: s.income.net_income / s.weightedShares,
        growth: before ? s.income.revenue / before.income.revenue - 1 : null,
        holidayShare: holiday ? holiday.income.revenue / s.income.revenue : null,
      });
    });
    const roa = annual.map((s) => s.income.net_income / totalAssets(s.balance));
    const level = roa.reduce((a, b) => a + b, 0) / roa.length;
    for (let k = 1; k < annual.length; k++)
      if (annual[k - 1].fiscalYear === annual[k].fiscalYear - 1) this.roa.push([roa[k - 1] - level, roa[k] - level]);
  }

  checks(): ValidationCheck[] {
    return [
      this.shareChangeCheck("large"),
      this.shareChangeCheck("small"),
      this.sectorMarginCheck(),
      ...this.growthChecks(),
      ...this.balanceChecks(),
      this.lossCheck(),
      this.band(
        "roa_persistence",
        { min: 0.7, max: 0.8 },
        corr(
          this.roa.map((r) => r[0]),
          this.roa.map((r) => r[1]),
        ),
        "correlation of a company's ROA (about its own mean) with the year before",
        false,
      ),
    ];
  }

  /** A band on every fiscal year's statistics, skipped with too few years. */
  private band(name: string, b: Band, value: number, what: string, pct = true): ValidationCheck {
    const y = this.years;
    return y.length < MIN_YEARS
      ? skipped("realism_tier4", name, b, what, `${y.length} fiscal years, fewer than ${MIN_YEARS}`)
      : bandCheck("realism_tier4", name, b, value, `${what}, ${y.length} fiscal years`, pct);
  }

  /** The median yearly change in shares outstanding of one size's years. */
  private shareChangeCheck(size: "large" | "small"): ValidationCheck {
    const name = `share_count_change_${size}`;
    const what = `median annual change in shares outstanding (splits aside) of ${size === "large" ? "mega and large" : "mid and small"} caps`;
    const changes = this.years.flatMap((x) => (x.size === size && x.shareChange !== null ? [x.shareChange] : []));
    return changes.length < MIN_SECTOR_YEARS
      ? skipped("realism_tier4", name, SHARE_COUNT_CHANGE[size], what, `${changes.length} fiscal years`)
      : bandCheck(
          "realism_tier4",
          name,
          SHARE_COUNT_CHANGE[size],
          median(changes),
          `${what}, ${changes.length} fiscal years`,
          true,
        );
  }

  /** The share of sectors whose median net margin is in the sector's range. */
  private sectorMarginCheck(): ValidationCheck {
    const y = this.years;
    const sectors = Object.entries(SECTOR_NET_MARGIN).flatMap(([sector, b]) => {
      const margins = y.filter((x) => x.sector === sector).map((x) => x.netIncome / x.revenue);
      if (margins.length < MIN_SECTOR_YEARS) return [];
      const m = median(margins);
      return [{ sector, median: m, inRange: (b.min === null || m >= b.min) && (b.max === null || m <= b.max) }];
    });
    const outOfRange = sectors.filter((x) => !x.inRange).map((x) => `${x.sector} ${(100 * x.median).toFixed(1)}%`);
    return this.band(
      "sector_net_margins",
      { min: 0.75, max: null },
      sectors.filter((x) => x.inRange).length / sectors.length,
      `share of ${sectors.length} sectors whose median net margin is in the sector's range` +
        (outOfRange.length ? ` (out: ${outOfRange.join(", ")})` : ""),
    );
  }

  /** Revenue growth's quartiles, and retailers' holiday quarter. */
  private growthChecks(): ValidationCheck[] {
    const y = this.years;
    const growth = y.flatMap((x) => (x.growth === null ? [] : [x.growth]));
    const retail = y.flatMap((x) =>
      x.sector === "Consumer Discretionary" && x.holidayShare !== null ? [x.holidayShare] : [],
    );
    return [
      this.band("revenue_growth_median", { min: 0.04, max: 0.08 }, median(growth), "median annual revenue growth"),
      this.band(
        "revenue_growth_p25",
        { min: -0.06, max: 0 },
        quantile(growth, 0.25),
        "25th percentile of annual revenue growth",
      ),
      this.band(
        "revenue_growth_p75",
        { min: 0.1, max: 0.2 },
        quantile(growth, 0.75),
        "75th percentile of annual revenue growth",
      ),
      retail.length
        ? this.band(
            "retail_holiday_share",
            { min: 0.28, max: 0.35 },
            median(retail),
            "median holiday-quarter share of a consumer-discretionary year",
          )
        : skipped(
            "realism_tier4",
            "retail_holiday_share",
            { min: 0.28, max: 0.35 },
            "holiday-quarter share",
            "no consumer-discretionary years",
          ),
    ];
  }

  /** Leverage, and how many pay dividends and how much of their earnings. */
  private balanceChecks(): ValidationCheck[] {
    const y = this.years;
    const payers = y.filter((x) => x.dividendsPerShare > 0);
    const payout = payers.filter((x) => x.eps > 0).map((x) => x.dividendsPerShare / x.eps);
    return [
      this.band(
        "market_leverage_median",
        { min: 0.2, max: 0.3 },
        median(y.flatMap((x) => (x.leverage === null ? [] : [x.leverage]))),
        "median market D/(D+E)",
      ),
      this.band(
        "dividend_payer_share",
        { min: 0.75, max: 0.85 },
        payers.length / y.length,
        "share of fiscal years paying dividends",
      ),
      this.band(
        "payout_ratio_median",
        { min: 0.3, max: 0.5 },
        median(payout),
        "median payout ratio of profitable payers",
      ),
    ];
  }

  /** The share of loss years, against a band mixing S&P 500 members' and others' by their share. */
  private lossCheck(): ValidationCheck {
    const y = this.years;
    const members = y.length ? y.filter((x) => x.member).length / y.length : 1;
    return this.band(
      "unprofitable_share",
      lossBand(members),
      y.filter((x) => x.netIncome < 0).length / y.length,
      `share of fiscal years with a net loss (${(100 * members).toFixed(0)}% of them S&P 500 members')`,
    );
  }
}

/** The loss-year band of a world whose years are `members` S&P 500 members' and the rest others'. */
export const lossBand = (members: number): Band => ({
  min: members * LOSS_SHARE.member.min + (1 - members) * LOSS_SHARE.other.min,
  max: members * LOSS_SHARE.member.max + (1 - members) * LOSS_SHARE.other.max,
});

/**
 * Day one's earnings against the anchors' (the real trailing EPS over price, on the day-one cap):
 * the served TTM net income known on day one has their sign. Bounded margins may leave a company
 * short of a level the anchors call for, so this is a band, not a rule.
 */
export class DayOneEarnings {
  private signs: boolean[] = [];
  private misses: number[] = [];

  add(anchored: number | null, statements: PeriodStatements[], firstDay: string): void {
    const known = statements.filter((s) => s.period === "ttm" && s.filingDate <= firstDay).at(-1);
    if (anchored === null || !known) return;
    this.signs.push(Math.sign(known.income.net_income) === Math.sign(anchored));
    this.misses.push(Math.abs(known.income.net_income / anchored - 1));
  }

  check(): ValidationCheck {
    const name = "day_one_earnings_sign";
    const band = { min: 0.95, max: null };
    const what = "share of companies whose TTM net income on day one has the sign of the anchors' trailing EPS";
    return this.signs.length
      ? bandCheck(
          "statements",
          name,
          band,
          this.signs.filter(Boolean).length / this.signs.length,
          `${what} (${this.signs.length} anchored; median distance to the anchors' level ${(100 * median(this.misses)).toFixed(1)}%)`,
          true,
        )
      : skipped("statements", name, band, what, "no company with an anchored EPS");
  }
}

/** Aggregate earnings fall 20-45% peak to trough across a crisis (docs/realism.md, "Fundamentals"). */
const EARNINGS_CYCLE: Band = { min: 0.2, max: 0.45 };
/** Quarters before a crisis its peak is taken from, and after it its trough. */
const CYCLE_QUARTERS = 8;

/** The calendar quarter of a date (`2008Q4`). */
const quarterOf = (date: string) => `${date.slice(0, 4)}Q${Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1}`;

/** The calendar quarter a fiscal quarter mostly falls in: the one six weeks before its end (January's is December's). */
const calendarQuarter = (periodEnd: string) =>
  quarterOf(new Date(Date.parse(periodEnd) - 45 * 86_400_000).toISOString().slice(0, 10));

/** A calendar quarter `n` quarters after `quarter` (before, for negative `n`). */
function quarterPlus(quarter: string, n: number): string {
  const k = Number(quarter.slice(0, 4)) * 4 + Number(quarter.slice(5)) - 1 + n;
  return `${Math.floor(k / 4)}Q${(k % 4) + 1}`;
}

/** A company's quarter as the earnings cycle reads it: its net income, and its operating (non-GAAP adjusted) earnings. */
export interface CycleQuarter {
  end: string;
  net: number;
  operating: number;
}

/**
 * The universe's aggregate TTM earnings by calendar quarter, and their fall across each crisis of
 * the regime path: from the highest of the quarters up to two years before the crisis began to the
 * lowest from its start to two years after it ended. The band is for operating earnings
 * (S&P's, which leave out unusual items such as write-downs and restructuring, and keep share-based
 * pay and amortization as costs): here net income with the non-GAAP reconciliation's restructuring
 * charges and write-downs added back; net income's fall is in the detail. Only quarters every
 * company reported count.
 */
export class EarningsCycle {
  private readonly quarters = new Map<string, { net: number; operating: number; companies: number }>();
  private companies = 0;

  /** One company's quarters, in order. */
  add(quarters: CycleQuarter[]): void {
    this.companies++;
    for (let k = 3; k < quarters.length; k++) {
      const key = calendarQuarter(quarters[k].end);
      const q = this.quarters.get(key) ?? { net: 0, operating: 0, companies: 0 };
      for (const x of quarters.slice(k - 3, k + 1)) {
        q.net += x.net;
        q.operating += x.operating;
      }
      q.companies++;
      this.quarters.set(key, q);
    }
  }

  check({ regimes, days }: { regimes: readonly string[]; days: readonly string[] }): ValidationCheck {
    const name = "earnings_cycle_drawdown";
    const what =
      "fall of the universe's aggregate TTM operating earnings from their peak before a crisis to their trough";
    const whole = [...this.quarters].filter(([, q]) => q.companies === this.companies);
    const episodes = crisisEpisodes(regimes.slice(0, days.length)).filter(
      (e) => e.end - e.start + 1 >= CRISIS_MIN_DAYS,
    );
    const falls: { from: string; operating: number; net: number }[] = [];
    for (const e of episodes) {
      const start = quarterOf(days[e.start]);
      const end = quarterOf(days[e.end]);
      const inRange = (from: string, to: string) => whole.filter(([k]) => k >= from && k <= to).map(([, q]) => q);
      const before = inRange(quarterPlus(start, -CYCLE_QUARTERS), start);
      const after = inRange(start, quarterPlus(end, CYCLE_QUARTERS));
      const fall = (pick: (q: { net: number; operating: number }) => number) => {
        const peak = Math.max(...before.map(pick));
        return peak > 0 ? 1 - Math.min(...after.map(pick)) / peak : NaN;
      };
      if (before.length && after.length && Math.max(...before.map((q) => q.operating)) > 0)
        falls.push({ from: days[e.start], operating: fall((q) => q.operating), net: fall((q) => q.net) });
    }
    if (!falls.length)
      return skipped(
        "realism_tier4",
        name,
        EARNINGS_CYCLE,
        what,
        episodes.length ? "no reported quarters around its crises" : "no crisis in the regime path",
      );
    const observed = falls.reduce((a, f) => a + f.operating, 0) / falls.length;
    const check = bandCheck(
      "realism_tier4",
      name,
      EARNINGS_CYCLE,
      observed,
      `mean ${what}, ${falls.length} crises of ${CRISIS_MIN_DAYS} days or more`,
      true,
    );
    const each = falls.map(
      (f) =>
        `${fmt(f.operating, true)}, net income ${Number.isFinite(f.net) ? fmt(f.net, true) : "n/a"} (from ${f.from})`,
    );
    return { ...check, detail: `${check.detail}; by crisis: ${each.join("; ")}` };
  }
}

/** A period's unusual items, after tax: what operating earnings add back to net income. */
const unusual = (r: NonGaap) =>
  r.adjustments.reduce((a, x) => a + (UNUSUAL_ADJUSTMENTS.includes(x.item) ? x.amount : 0), 0);

/** The fiscal years of every company, and day one's earnings against the anchors. */
export function fundamentals(): Checker<World, Company> {
  const tally = new FundamentalsTally();
  const dayOne = new DayOneEarnings();
  const cycle = new EarningsCycle();
  return {
    company: ({ facts, sizeTier, statements, stock, business, nonGaap }) => {
      dayOne.add(business.dayOneEarnings, statements, stock.bars[0].time);
      cycle.add(
        nonGaap
          .filter((r) => r.period === "quarterly")
          .map((r) => ({ end: r.report_period, net: r.gaap_net_income, operating: r.gaap_net_income + unusual(r) })),
      );
      const day = new Map(stock.bars.map((b, i) => [b.time, i]));
      const member = isSp500Member(facts.ticker);
      tally.add({ sector: facts.sector, tier: sizeTier, member }, statements, (date) => {
        const i = day.get(date);
        return i === undefined ? null : stock.bars[i].close * stock.shares[i];
      });
    },
    finish: (world) => [dayOne.check(), ...tally.checks(), cycle.check(world)],
  };
}
