// A company's business, quarter by quarter: hidden drivers (revenue growth, margins, capital
// intensity, leverage), moved by the macro regime, turned into income statements (statements.ts
// adds the balance sheets and cash-flow statements). Sizes start from the company's real revenue,
// book equity and EBITDA margin (anchors.ts), costs from its sector's archetype (archetypes.ts).
import { archetypeOf, type Archetype } from "./archetypes.ts";
import type { BusinessAnchor, SizeTier } from "./anchors.ts";
import type { FiscalQuarter } from "./fiscal.ts";
import type { Regime } from "./regimes.ts";
import { REGIME_PARAMS } from "./regimes.ts";
import { thousands } from "./rounding.ts";
import type { Rng } from "../ground/rng.ts";

/** Income statement lines of one quarter (USD). */
export interface IncomeLines {
  revenue: number;
  cost_of_revenue: number;
  gross_profit: number;
  selling_general_and_administrative_expenses: number;
  research_and_development: number;
  operating_expense: number;
  operating_income: number;
  interest_expense: number;
  ebit: number;
  income_before_tax: number;
  income_tax_expense: number;
  net_income: number;
  depreciation_and_amortization: number;
}

/**
 * Effective income tax rate: the US statutory rate was cut from 35% to 21% from 2018. A REIT deducts
 * the income it distributes (at least 90% of it), so only its taxable subsidiaries and state taxes
 * remain.
 */
const taxRate = (fiscalYear: number, reit: boolean) => (reit ? 0.02 : fiscalYear >= 2018 ? 0.19 : 0.28);

/** What sizes a company's business and moves it: its sector, anchors, calendar, the regimes and its events. */
export interface IncomeInput {
  sector: string;
  /** A real estate investment trust (SIC 6798), taxed on almost none of its income; absent: not one. */
  reit?: boolean;
  anchor: BusinessAnchor;
  /** Market cap on the first day, for sizes the anchors do not give. */
  marketCap: number;
  /** Its size among the market's on the first day; absent: large. */
  tier?: SizeTier;
  quarters: FiscalQuarter[];
  /** The world's days and their regimes; quarters before the first day take the first day's regime. */
  days: string[];
  regimes: Regime[];
  /**
   * Company events that move the business: the annual revenue rate changes by `logRevenue` from `date`
   * on; public from `knownFrom` (default `date`), when a forecast made then takes it in (planSeenOn).
   */
  shocks: { date: string; logRevenue: number; knownFrom?: string }[];
  /** The scenario's tilt of the sector's sales growth from day one (log a year; families/market/family.ts); absent: none. */
  sectorGrowth?: number;
  /** The scenario's tilt of the sector's operating margin from day one (log a year); absent: none. */
  sectorMargin?: number;
  /** The day a crisis the story names hits the company's sector (CRISIS_CHARGES); absent: none. */
  crisisHit?: string;
  /** Distress ahead of a failure, from its onset to its filing (DISTRESS); absent: none. */
  distress?: Distress;
  rng: Rng;
}

/**
 * A business heading for failure: from `from`, each quarter its revenue rate falls by `revenueFall`
 * (log) beyond its course, its EBITDA margin by `marginFall` of revenue or `marginShare` of its level
 * if more (losses within a year or so),
 * and the debt it carries grows by `debtGrowth` (it borrows to fund them); the market values its
 * equity down to `decline` of its value by `to` (the filing), on top of what the business shows.
 */
export interface Distress {
  from: string;
  to: string;
  decline: number;
  revenueFall: number;
  /** The margin falls each quarter by the larger of `marginFall` and `marginShare` of its level. */
  marginFall: number;
  marginShare: number;
  debtGrowth: number;
}

/** One quarter of the hidden business: its income statement and the revenue run rate behind it. */
export interface OperatingQuarter {
  quarter: FiscalQuarter;
  income: IncomeLines;
  /**
   * Debt the business plans to carry at the quarter's end (hidden): day one's debt grown with the
   * annual revenue rate. The income statement pays interest on it; the balance sheet drifts toward it.
   */
  plannedDebt: number;
  /**
   * The log growth of the revenue rate since the first quarter beyond the economy's (hidden): its
   * sector's premium, its own and its noise, without the economy's (regimes: the market's trend
   * gives it to every price) or its events' (their own price moves).
   */
  ownGrowth: number;
  /**
   * The log of the pretax margin the market values (hidden): the company's normal margin, with its
   * earnings gap and part of its margin shock, not the regimes' swings (the market's own moves carry
   * them). Its price follows this and `ownGrowth` (businessValueByDay).
   */
  earningsPower: number;
  /** A restructuring charge inside SG&A, announced with the previous release; 0 in most quarters. */
  restructuring: number;
  /** Write-downs and loss-reserve builds of a crisis that hits the sector, inside SG&A; 0 in most quarters. */
  crisisCharges: number;
}

/**
 * The business as anyone can see it on a date, outside the company (an analyst) or inside it
 * (management guiding): the plan made of what is known then, with the plan's own draws (`rng` gives
 * the plan's stream afresh): the regimes up to the date, that day's assumed to last; the company's
 * news public by then; a crisis's charges once it has hit. Forecasts are made from it, never from
 * the path after the date, so twins that part on a day forecast alike before it. What is known
 * changes only with a regime, a piece of news or the crisis, so the plans are made once per change.
 */
export function planSeenOn(input: Omit<IncomeInput, "rng">, rng: () => Rng): (date: string) => BusinessPlan {
  const { days, regimes } = input;
  const segment: number[] = [];
  regimes.forEach((r, t) => segment.push(t === 0 ? 0 : segment[t - 1] + (r === regimes[t - 1] ? 0 : 1)));
  const shocks = [...input.shocks].sort((a, b) =>
    (a.knownFrom ?? a.date) < (b.knownFrom ?? b.date) ? -1 : (a.knownFrom ?? a.date) > (b.knownFrom ?? b.date) ? 1 : 0,
  );
  const plans = new Map<string, BusinessPlan>();
  return (date) => {
    const t = dayOn(days, date);
    let known = 0;
    while (known < shocks.length && (shocks[known].knownFrom ?? shocks[known].date) <= date) known++;
    const crisisHit = input.crisisHit !== undefined && input.crisisHit <= date ? input.crisisHit : undefined;
    const distress = input.distress && input.distress.from <= date ? input.distress : undefined;
    const key = `${segment[t]} ${known} ${crisisHit ?? ""} ${distress ? "distress" : ""}`;
    let plan = plans.get(key);
    if (!plan) {
      const seenRegimes = regimes.map((r, i) => (i <= t ? r : regimes[t]));
      plan = businessPlan({
        ...input,
        regimes: seenRegimes,
        shocks: shocks.slice(0, known),
        crisisHit,
        distress,
        rng: rng(),
      });
      plans.set(key, plan);
    }
    return plan;
  };
}

/**
 * A company's hidden business: its sizes on the first day and every quarter's income statement.
 * It comes first: analysts estimate these quarters, the earnings releases report them, and only
 * then do prices, dividends and splits follow (which the balance sheet and cash flows need).
 */
export interface BusinessPlan {
  sector: string;
  /** Market cap on the first day. */
  marketCap: number;
  revenue0: number;
  book0: number;
  debt0: number;
  grossMargin: number;
  /** D&A and capital spending as shares of revenue. */
  depreciationShare: number;
  capexShare: number;
  /**
   * Net income the anchors give the four quarters released by day one; null without one. The margin
   * gap is bounded, so the quarters may fall short of it.
   */
  dayOneEarnings: number | null;
  /** First quarter: its income opens the books and is not reported. */
  quarters: OperatingQuarter[];
  /** The day a crisis hit the sector (its write-downs are public from then on); absent: none. */
  crisisHit?: string;
}

/** Index of the last day on or before `date` (0 before the first). */
export function dayOn(days: string[], date: string): number {
  let lo = 0;
  let hi = days.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (days[mid] <= date) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The regimes' average business conditions over a quarter's days. */
function conditions(input: IncomeInput, from: string, to: string): { growth: number; margin: number; spread: number } {
  const first = dayOn(input.days, from);
  const last = dayOn(input.days, to);
  let growth = 0;
  let margin = 0;
  let spread = 0;
  for (let t = first; t <= last; t++) {
    const r = input.regimes[t];
    growth += REGIME_PARAMS[r].salesGrowth;
    margin += REGIME_PARAMS[r].marginChange;
    spread += REGIME_PARAMS[r].creditSpread;
  }
  const n = last - first + 1;
  return { growth: growth / n, margin: margin / n, spread: spread / n };
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** Share of annual revenue that a quarter ending in `end` brings in. */
function seasonOf(arch: Archetype, end: string): number {
  const month = Number(end.slice(5, 7));
  return month === 12 || month === 1 ? arch.holidayShare : (1 - arch.holidayShare) / 3;
}

/** The margin's AR(1) coefficient a quarter (about 0.75 a year: the ROA persistence of docs/realism.md). */
const MARGIN_PERSISTENCE = 0.93;

/**
 * The share of a margin shock that the market values: the shock fades at MARGIN_PERSISTENCE (a
 * half-life of about two and a half years), so at 8% a year its earnings are worth about a quarter
 * of a lasting change's. Day one's earnings gap is valued whole: its fading is the business, not noise.
 */
const SHOCK_VALUE_WEIGHT = 0.25;

/**
 * Now and then a business stumbles (a failed product, a lost market, a commodity slump): its margin
 * falls at once by one to two times its normal pretax margin, a loss, and recovers at the margin's
 * pace over a few years. The other quarters carry the stumbles' expected cost back, so the margin
 * keeps its level on average: the anchors' margin is an average over good years and bad. S&P 500
 * members lose money in 3-11% of years (`sp500_snapshots.csv`); from the margin's normal swings
 * alone, seven seed worlds had 2.1-5.3% and a 500-company decade 4.7% (its band 6.0-15.2%). Being
 * persistent, stumbles keep ROA's persistence (one-off charges of a year's earnings took it from
 * 0.72-0.80 to 0.23-0.31).
 */
const STUMBLES = {
  chance: { mega: 0.002, large: 0.003, mid: 0.005, small: 0.008 } satisfies Record<SizeTier, number>,
  size: [1, 2],
} as const;

/**
 * Restructuring charges, as shares of a quarter's revenue: in a few quarters, more often when
 * revenue is below a year before.
 */
const RESTRUCTURING = { chance: 0.06, chanceShrinking: 0.25, size: [0.005, 0.03] } as const;

/**
 * A crisis the story names as hitting a sector (a credit crisis hitting banks and insurers) reaches
 * its companies' statements: write-downs of assets and builds of loss reserves, booked over the
 * four quarters from the one it hits, the largest first, in all `size` times a normal year's pretax
 * earnings (drawn per company), so the sector reports losses for a year and earns again after it
 * (financials in 2008: S&P Dow Jones Indices earnings history; docs/realism.md, "Fundamentals").
 * They are one-off charges, not the business: its price does not value them. `writtenDown` of them
 * are write-downs of assets, which the non-GAAP reconciliation adds back, as S&P's operating
 * earnings leave them out; the rest are loss-reserve builds, which stay in operating earnings.
 */
export const CRISIS_CHARGES = { size: [1.2, 2.4], schedule: [0.4, 0.3, 0.2, 0.1], writtenDown: 0.8 } as const;

/** Interest a year on a unit of debt at a credit spread (percent). */
const interestRate = (spread: number) => 0.025 + (0.3 * spread) / 100;

/** Day one's sizes and the shares of revenue the costs take: what the quarters grow from. */
interface BusinessShape {
  revenue0: number;
  book0: number;
  debt0: number;
  /** The EBITDA margin the business reverts to, before the sector tilt. */
  marginLevel: number;
  /** Annual revenue growth beyond the economy's (log): the sector's and the company's own. */
  premium: number;
  grossMargin: number;
  depreciationShare: number;
  capexShare: number;
  sgaShare: number;
}

/** Day one's sizes from the anchors (the archetype's where they have none), and the cost shares they leave. */
function businessShape(input: IncomeInput, arch: Archetype): BusinessShape {
  const { rng } = input;
  const revenue0 = clamp(
    input.anchor.revenue ?? input.marketCap * arch.salesToCap,
    0.02 * input.marketCap,
    5 * input.marketCap,
  );
  const book0 = clamp(
    input.anchor.bookEquity ?? input.marketCap * arch.bookToCap,
    0.03 * input.marketCap,
    1.5 * input.marketCap,
  );
  // Day one's market leverage: the sector's, spread between companies on the log-odds scale.
  const leverageOdds = (arch.marketLeverage / (1 - arch.marketLeverage)) * Math.exp(0.4 * rng.normal());
  const debt0 = thousands(input.marketCap * leverageOdds);
  const marginLevel = clamp(input.anchor.ebitdaMargin ?? arch.ebitdaMargin, -0.3, 0.75);
  const premium = arch.growth + 0.06 * rng.normal();
  // Gross margin high enough to leave SG&A of at least 4% of revenue above the EBITDA margin.
  const grossMargin = Math.min(0.97, Math.max(arch.grossMargin, marginLevel + arch.researchAndDevelopment + 0.04));
  // D&A takes at most half of EBITDA, as it does for the sector's low-margin members (hotels,
  // storage, grocers): a low anchored margin does not leave an operating loss by construction.
  // Capital spending scales with it, so the plant keeps its size.
  const depreciationShare = clamp(0.5 * marginLevel, 0.01, arch.depreciation);
  const capexShare = (arch.capex * depreciationShare) / arch.depreciation;
  const sgaShare = grossMargin - arch.researchAndDevelopment - marginLevel + depreciationShare;
  return { revenue0, book0, debt0, marginLevel, premium, grossMargin, depreciationShare, capexShare, sgaShare };
}

/** A quarter of the business before the anchors' earnings gap: none of it depends on the gap. */
interface QuarterBeforeGap {
  quarter: FiscalQuarter;
  plannedDebt: number;
  ownGrowth: number;
  marginShock: number;
  restructuring: number;
  crisisCharges: number;
  /** The pretax margin of a normal quarter: the margin's level less D&A and interest at a calm spread. */
  normalMargin: number;
  /** The EBITDA margin: its level moved by the regimes, and the margin shock. */
  margin: number;
  /** The log of what distress takes off the equity's value beyond the business (0 outside distress). */
  distressValue: number;
  revenue: number;
  depreciation: number;
  researchAndDevelopment: number;
  sga: number;
  interest: number;
}

/** The last quarter released by day one, where the anchors' earnings gap is whole (-1: none). */
const anchorQuarterOf = (input: IncomeInput) => input.quarters.filter((q) => q.release <= input.days[0]).length - 1;

/**
 * The hidden business as its quarters go by: the revenue run rate and its growth shock, the
 * margin's shock and tilt, and the streams its stumbles and charges are drawn from. `next` moves it
 * on by one quarter, the one after the last.
 */
class BusinessPath {
  private readonly input: IncomeInput;
  private readonly arch: Archetype;
  private readonly shape: BusinessShape;
  /** Every quarter's draws, made up front: revenue growth, the margin, revenue about its run rate. */
  private readonly noise: { growth: number; margin: number; revenue: number }[];
  /** Interest over revenue at day one's debt and a calm credit spread. */
  private readonly calmInterest: number;
  private readonly anchorQuarter: number;
  private readonly stumbleRng: Rng;
  private readonly stumbleChance: number;
  private readonly chargeRng: Rng;
  /** A crisis's charges in normal years' pretax earnings (0: none hits), and the quarter it hits (-1: none). */
  private readonly crisisSize: number;
  private readonly hitQuarter: number;
  /** The annual revenue rate. */
  private runRate: number;
  private growthShock = 0;
  private ownGrowth = 0;
  private marginShock = 0;
  /** The sector tilt's log change of the operating margin so far. */
  private marginTilt = 0;
  private previousEnd = "";
  private readonly revenues: number[] = [];
  /** Distress so far: the margin it took, and the debt's growth (log). */
  private distressMargin = 0;
  private distressDebt = 0;

  constructor(input: IncomeInput, arch: Archetype, shape: BusinessShape) {
    const { rng } = input;
    this.input = input;
    this.arch = arch;
    this.shape = shape;
    this.noise = input.quarters.map(() => ({ growth: rng.normal(), margin: rng.normal(), revenue: rng.normal() }));
    // The anchors size the business on the first day: the quarters before it start smaller.
    const yearsBefore = Math.max(
      0,
      (Date.parse(input.days[0]) - Date.parse(input.quarters[0]?.end ?? input.days[0])) / 3.156e10,
    );
    this.runRate = shape.revenue0 * Math.exp(-(0.05 + shape.premium) * yearsBefore);
    this.calmInterest = (shape.debt0 / shape.revenue0) * interestRate(REGIME_PARAMS.expansion.creditSpread);
    // Stumbles and charges come after the anchor quarter (before it, the anchors' earnings say what happened).
    this.anchorQuarter = anchorQuarterOf(input);
    this.stumbleRng = rng.fork("stumbles");
    this.stumbleChance = STUMBLES.chance[input.tier ?? "large"];
    this.chargeRng = rng.fork("restructuring");
    // Drawn only for a company the crisis hits, so other companies' streams are unchanged.
    this.crisisSize = input.crisisHit ? rng.fork("write-downs").between(...CRISIS_CHARGES.size) : 0;
    this.hitQuarter = input.crisisHit ? input.quarters.findIndex((q) => q.end >= input.crisisHit!) : -1;
  }

  /** The input's quarter `q`, the one after the last: its revenue, costs, margin and charges. */
  next(quarter: FiscalQuarter, q: number): QuarterBeforeGap {
    const { arch, shape } = this;
    const when = conditions(this.input, this.previousEnd || quarter.end, quarter.end);
    this.growRevenue(quarter, this.noise[q].growth, when.growth);
    // The margin's level: the tilt scales what it leaves above D&A (the operating margin).
    const level = shape.depreciationShare + (shape.marginLevel - shape.depreciationShare) * Math.exp(this.marginTilt);
    const distressValue = this.distressStep(quarter, level);
    const normalMargin = level - shape.depreciationShare - this.calmInterest;
    const afterAnchor = q > this.anchorQuarter;
    this.shockMargin(normalMargin, this.noise[q].margin, afterAnchor);
    const revenue = thousands(this.runRate * seasonOf(arch, quarter.end) * Math.exp(0.02 * this.noise[q].revenue));
    const plannedDebt = shape.debt0 * (this.runRate / shape.revenue0) * Math.exp(this.distressDebt);
    this.previousEnd = quarter.end;
    const shrinking = q >= 4 && revenue < this.revenues[q - 4];
    this.revenues.push(revenue);
    return {
      quarter,
      plannedDebt,
      ownGrowth: this.ownGrowth,
      marginShock: this.marginShock,
      restructuring: afterAnchor ? this.restructuringCharge(revenue, shrinking) : 0,
      crisisCharges: this.crisisCharges(quarter, q, normalMargin),
      normalMargin,
      margin: level * (1 + when.margin) + this.marginShock - this.distressMargin,
      distressValue,
      revenue,
      depreciation: thousands(revenue * shape.depreciationShare),
      researchAndDevelopment: thousands(revenue * arch.researchAndDevelopment),
      sga: thousands(revenue * shape.sgaShare),
      interest: thousands((plannedDebt * interestRate(when.spread)) / 4),
    };
  }

  /**
   * A quarter of distress (ending after its onset): the revenue rate falls, the margin and the debt
   * move on; returns the log of what it has taken off the equity's value by the quarter's end.
   */
  private distressStep(quarter: FiscalQuarter, level: number): number {
    const d = this.input.distress;
    if (!d || quarter.end <= d.from) return 0;
    this.runRate *= Math.exp(-d.revenueFall);
    this.ownGrowth -= d.revenueFall;
    this.distressMargin += Math.max(d.marginFall, d.marginShare * level);
    this.distressDebt += d.debtGrowth;
    const span = Date.parse(d.to) - Date.parse(d.from);
    const progress = Math.min(1, (Date.parse(quarter.end) - Date.parse(d.from)) / Math.max(1, span));
    return progress * Math.log(d.decline);
  }

  /** Grows the revenue rate over the quarter to `quarter.end` (the first quarter only sets it). */
  private growRevenue(quarter: FiscalQuarter, growthNoise: number, economyGrowth: number): void {
    const { input, shape } = this;
    this.growthShock = 0.5 * this.growthShock + 0.12 * growthNoise;
    if (!this.previousEnd) return;
    const stepped = input.shocks
      .filter((s) => s.date > this.previousEnd && s.date <= quarter.end)
      .reduce((a, s) => a + s.logRevenue, 0);
    // The scenario's tilt shapes the world from its first day, not the history before it.
    const tilted = quarter.end > input.days[0];
    const tilt = tilted ? (input.sectorGrowth ?? 0) : 0;
    this.runRate *= Math.exp((economyGrowth + shape.premium + tilt + this.growthShock) / 4 + stepped);
    this.ownGrowth += (shape.premium + tilt + this.growthShock) / 4;
    if (tilted) this.marginTilt += (input.sectorMargin ?? 0) / 4;
  }

  /**
   * Moves the margin's shock on: it fades, takes the quarter's noise and, after the anchor quarter,
   * a stumble now and then, less the stumbles' expected cost (so the margin keeps its level on average).
   */
  private shockMargin(normalMargin: number, marginNoise: number, afterAnchor: boolean): void {
    const { stumbleRng, stumbleChance } = this;
    const stumbleScale = Math.max(0.02, normalMargin);
    const stumble =
      afterAnchor && stumbleRng.uniform() < stumbleChance ? stumbleScale * stumbleRng.between(...STUMBLES.size) : 0;
    const stumbleCost = afterAnchor ? (stumbleChance * stumbleScale * (STUMBLES.size[0] + STUMBLES.size[1])) / 2 : 0;
    this.marginShock = MARGIN_PERSISTENCE * this.marginShock + 0.012 * marginNoise - stumble + stumbleCost;
  }

  /** A restructuring charge in a few quarters, more often when revenue is below a year before. */
  private restructuringCharge(revenue: number, shrinking: boolean): number {
    const { chargeRng } = this;
    return chargeRng.uniform() < (shrinking ? RESTRUCTURING.chanceShrinking : RESTRUCTURING.chance)
      ? thousands(revenue * chargeRng.between(...RESTRUCTURING.size))
      : 0;
  }

  /** The crisis's charges in the input's quarter `q`: its schedule's share of the company's drawn size. */
  private crisisCharges(quarter: FiscalQuarter, q: number, normalMargin: number): number {
    const sinceHit = this.hitQuarter < 0 ? -1 : q - this.hitQuarter;
    if (sinceHit < 0 || sinceHit >= CRISIS_CHARGES.schedule.length) return 0;
    return thousands(
      4 *
        this.runRate *
        seasonOf(this.arch, quarter.end) *
        Math.max(0.02, normalMargin) *
        this.crisisSize *
        CRISIS_CHARGES.schedule[sinceHit],
    );
  }
}

/**
 * A quarter with its margin `anchorGap` off its level (the anchors' earnings gap, faded to the
 * quarter): its income statement, and the margin the market values.
 */
function withGap(
  before: QuarterBeforeGap,
  anchorGap: number,
  depreciationShare: number,
  reit: boolean,
): OperatingQuarter {
  const { quarter, revenue, researchAndDevelopment, sga, interest, restructuring, crisisCharges, normalMargin } =
    before;
  // The market values a weaker quarter at no less than half the normal margin (a loss as a
  // business that will earn again), or at 2% of sales where even the normal margin is thin.
  const valued = Math.max(0.5 * normalMargin, 0.02, normalMargin + anchorGap + SHOCK_VALUE_WEIGHT * before.marginShock);
  // The margin's moves go through the cost of revenue (operating leverage); D&A sits inside the
  // costs. Restructuring charges and write-downs add to SG&A and come off operating income alone.
  const beforeCharge = thousands(revenue * (before.margin + anchorGap - depreciationShare));
  const cost = revenue - beforeCharge - researchAndDevelopment - sga;
  const charges = restructuring + crisisCharges;
  const operatingIncome = beforeCharge - charges;
  const pretax = operatingIncome - interest;
  const tax = thousands(pretax * taxRate(quarter.fiscalYear, reit));
  return {
    quarter,
    plannedDebt: before.plannedDebt,
    ownGrowth: before.ownGrowth,
    earningsPower: Math.log(valued) + before.distressValue,
    restructuring,
    crisisCharges,
    income: incomeLines({
      revenue,
      cost,
      sga: sga + charges,
      researchAndDevelopment,
      interest,
      tax,
      depreciation: before.depreciation,
    }),
  };
}

/** An income statement from its primary lines: every subtotal follows from them. */
export function incomeLines(p: {
  revenue: number;
  cost: number;
  /** SG&A with the quarter's charges inside it. */
  sga: number;
  researchAndDevelopment: number;
  interest: number;
  tax: number;
  depreciation: number;
}): IncomeLines {
  const operatingIncome = p.revenue - p.cost - p.sga - p.researchAndDevelopment;
  const pretax = operatingIncome - p.interest;
  return {
    revenue: p.revenue,
    cost_of_revenue: p.cost,
    gross_profit: p.revenue - p.cost,
    selling_general_and_administrative_expenses: p.sga,
    research_and_development: p.researchAndDevelopment,
    operating_expense: p.sga + p.researchAndDevelopment,
    operating_income: operatingIncome,
    interest_expense: p.interest,
    ebit: operatingIncome,
    income_before_tax: pretax,
    income_tax_expense: p.tax,
    net_income: pretax - p.tax,
    depreciation_and_amortization: p.depreciation,
  };
}

/**
 * The company's quarters, in order. Revenue runs at an annual rate that grows with the economy
 * (regime), the sector and a company premium, with noise and little persistence (docs/realism.md),
 * and steps with the company's events; the EBITDA margin reverts to the company's level (AR(1) 0.93
 * a quarter, about 0.75 a year) and falls in slowdowns and crises; costs are shares of revenue;
 * interest is paid on the debt the business plans to carry (a share of its size).
 *
 * Day one's earnings are the anchors' (sign and level): the margin sits off its level by the gap
 * that makes the four quarters released by day one earn the anchors' trailing net income,
 * and the gap fades away from day one at the margin's own pace (profitability reverts: a company
 * that lost money in its anchor year earns its sector's margins again within a few years).
 */
export function businessPlan(input: IncomeInput): BusinessPlan {
  const arch = archetypeOf(input.sector);
  const shape = businessShape(input, arch);
  // Every quarter's revenue, costs that are shares of it, interest and margin before the anchors'
  // gap: none of it depends on the gap, so it is drawn and computed once.
  const path = new BusinessPath(input, arch, shape);
  const beforeGap = input.quarters.map((quarter, q) => path.next(quarter, q));
  const anchorQuarter = anchorQuarterOf(input);
  const reit = input.reit ?? false;
  /** The quarters with the margin `gap` off its level at the anchor quarter, fading away from it. */
  const quarters = (gap: number): OperatingQuarter[] =>
    beforeGap.map((before, q) =>
      withGap(before, gap * MARGIN_PERSISTENCE ** Math.abs(q - anchorQuarter), shape.depreciationShare, reit),
    );

  const sizes = {
    crisisHit: input.crisisHit,
    sector: input.sector,
    marketCap: input.marketCap,
    revenue0: shape.revenue0,
    book0: shape.book0,
    debt0: shape.debt0,
    grossMargin: shape.grossMargin,
    depreciationShare: shape.depreciationShare,
    capexShare: shape.capexShare,
  };
  const unanchored = quarters(0);
  const dayOneEarnings = input.anchor.netIncome;
  if (dayOneEarnings === null || anchorQuarter < 3) return { ...sizes, dayOneEarnings: null, quarters: unanchored };
  // Net income is linear in the gap (up to rounding): one more run gives the slope.
  const trailing = (list: OperatingQuarter[]) =>
    list.slice(anchorQuarter - 3, anchorQuarter + 1).reduce((a, x) => a + x.income.net_income, 0);
  const slope = trailing(quarters(1)) - trailing(unanchored);
  // A gap keeps the cost of revenue at least 5% of revenue, and a loss within 40% of revenue.
  const gap = clamp((dayOneEarnings - trailing(unanchored)) / slope, -0.4, Math.max(0, 0.95 - shape.grossMargin));
  return { ...sizes, dayOneEarnings, quarters: quarters(gap) };
}

/**
 * The log of the business's value on each of `days` over day one's, beyond the economy's growth:
 * its own sales growth and its earnings power (`OperatingQuarter`). Between two quarter ends it
 * moves along a straight line, as the quarter comes in.
 */
export function businessValueByDay(plan: BusinessPlan, days: string[]): number[] {
  const ends = plan.quarters.map((q) => Date.parse(q.quarter.end));
  const level = plan.quarters.map((q) => q.ownGrowth + q.earningsPower);
  let k = 0; // the last quarter ended by the day
  const byDay = days.map((day) => {
    const t = Date.parse(day);
    while (k + 1 < ends.length && ends[k + 1] <= t) k++;
    if (t <= ends[k] || k + 1 === ends.length) return level[k];
    return level[k] + ((t - ends[k]) / (ends[k + 1] - ends[k])) * (level[k + 1] - level[k]);
  });
  return byDay.map((g) => g - byDay[0]);
}
