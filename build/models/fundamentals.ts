// A company's business, quarter by quarter: hidden drivers (revenue growth, margins, capital
// intensity, working capital, leverage), moved by the macro regime, turned into income statements,
// balance sheets and cash-flow statements whose identities hold exactly. Sizes start from the
// company's real revenue, book equity and EBITDA margin (anchors.ts); shares, splits and dividends
// are the stock's own, so per-share figures agree with /prices and /corporate-actions.
import type { CorporateAction } from "../../src/families/actions/rows.ts";
import type { BusinessAnchor, SizeTier } from "./anchors.ts";
import type { FiscalQuarter } from "./fiscal.ts";
import type { Regime } from "./regimes.ts";
import { REGIME_PARAMS } from "./regimes.ts";
import { thousands } from "./rounding.ts";
import type { Rng } from "../ground/rng.ts";

/** Statement lines of one quarter (USD; outflows negative in the cash-flow statement). */
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

export interface BalanceLines {
  cash_and_equivalents: number;
  current_investments: number;
  trade_and_non_trade_receivables: number;
  inventory: number;
  other_current_assets: number;
  property_plant_and_equipment: number;
  goodwill_and_intangible_assets: number;
  non_current_investments: number;
  tax_assets: number;
  other_non_current_assets: number;
  current_debt: number;
  trade_and_non_trade_payables: number;
  deferred_revenue: number;
  deposit_liabilities: number;
  other_current_liabilities: number;
  non_current_debt: number;
  tax_liabilities: number;
  other_non_current_liabilities: number;
  common_stock: number;
  retained_earnings: number;
  accumulated_other_comprehensive_income: number;
}

export interface CashFlowLines {
  share_based_compensation: number;
  change_in_working_capital: number;
  capital_expenditure: number;
  business_acquisitions_and_disposals: number;
  investment_acquisitions_and_disposals: number;
  issuance_or_repayment_of_debt_securities: number;
  issuance_or_purchase_of_equity_shares: number;
  dividends_and_other_cash_distributions: number;
  effect_of_exchange_rate_changes: number;
}

/** One fiscal quarter of a company's statements, before any later split restates its per-share figures. */
export interface QuarterStatements {
  quarter: FiscalQuarter;
  income: IncomeLines;
  balance: BalanceLines;
  cashFlow: CashFlowLines;
  /** Shares outstanding at the quarter's end, and weighted over it (basic, diluted), as traded then. */
  sharesOutstanding: number;
  /** The stock's split multiple at the quarter's end (prices.ts): restates per-share figures across splits. */
  splitBasis: number;
  weightedShares: number;
  weightedSharesDiluted: number;
  /** Dividends per share that went ex in the quarter, as declared. */
  dividendsPerShare: number;
  /** The restructuring charge inside SG&A (the plan's; the non-GAAP view adds it back). */
  restructuring: number;
  /** A crisis's write-downs of assets inside SG&A (the plan's; the non-GAAP view adds them back). */
  writeDowns: number;
}

/** How a sector's companies run (public industry ranges, Damodaran's margin and capital tables). */
interface Archetype {
  grossMargin: number;
  /** Shares of revenue. */
  researchAndDevelopment: number;
  depreciation: number;
  capex: number;
  shareBasedCompensation: number;
  /** Working capital, in days of annual revenue (receivables, deferred revenue) or cost (inventory, payables). */
  receivableDays: number;
  inventoryDays: number;
  payableDays: number;
  deferredRevenueDays: number;
  /**
   * Debt over debt plus market cap on day one (Damodaran's industry tables: software 2-8%,
   * utilities and telecoms 40-55%, the market 20-30%).
   */
  marketLeverage: number;
  /** EBITDA margin where the anchors have none. */
  ebitdaMargin: number;
  /** Revenue over market cap and book equity over market cap where the anchors have none. */
  salesToCap: number;
  bookToCap: number;
  /** Annual revenue growth beyond the economy's (log). */
  growth: number;
  /** Share of annual revenue in the holiday quarter (quarters ending December or January); 0.25 = flat. */
  holidayShare: number;
}

const BASE: Archetype = {
  grossMargin: 0.35,
  researchAndDevelopment: 0.01,
  depreciation: 0.04,
  capex: 0.045,
  shareBasedCompensation: 0.008,
  receivableDays: 45,
  inventoryDays: 45,
  payableDays: 45,
  deferredRevenueDays: 5,
  marketLeverage: 0.2,
  ebitdaMargin: 0.18,
  salesToCap: 0.5,
  bookToCap: 0.3,
  growth: 0,
  holidayShare: 0.25,
};

const ARCHETYPES: Record<string, Partial<Archetype>> = {
  "Information Technology": {
    marketLeverage: 0.07,
    grossMargin: 0.6,
    researchAndDevelopment: 0.14,
    capex: 0.05,
    shareBasedCompensation: 0.05,
    receivableDays: 55,
    inventoryDays: 40,
    deferredRevenueDays: 30,
    ebitdaMargin: 0.28,
    salesToCap: 0.15,
    bookToCap: 0.12,
    growth: 0.04,
  },
  "Communication Services": {
    marketLeverage: 0.2,
    grossMargin: 0.55,
    researchAndDevelopment: 0.08,
    depreciation: 0.08,
    capex: 0.1,
    shareBasedCompensation: 0.03,
    inventoryDays: 10,
    deferredRevenueDays: 10,
    ebitdaMargin: 0.3,
    salesToCap: 0.3,
    growth: 0.02,
  },
  "Consumer Discretionary": {
    marketLeverage: 0.18,
    grossMargin: 0.38,
    inventoryDays: 65,
    receivableDays: 20,
    payableDays: 55,
    ebitdaMargin: 0.14,
    salesToCap: 0.6,
    bookToCap: 0.2,
    holidayShare: 0.3,
  },
  "Consumer Staples": {
    marketLeverage: 0.18,
    grossMargin: 0.33,
    inventoryDays: 45,
    receivableDays: 25,
    payableDays: 55,
    ebitdaMargin: 0.14,
    salesToCap: 0.6,
    bookToCap: 0.2,
    growth: -0.01,
    holidayShare: 0.27,
  },
  "Health Care": {
    marketLeverage: 0.13,
    grossMargin: 0.6,
    researchAndDevelopment: 0.12,
    shareBasedCompensation: 0.015,
    receivableDays: 55,
    inventoryDays: 100,
    ebitdaMargin: 0.25,
    salesToCap: 0.3,
    bookToCap: 0.2,
    growth: 0.02,
  },
  Financials: {
    marketLeverage: 0.35,
    grossMargin: 0.7,
    researchAndDevelopment: 0,
    depreciation: 0.03,
    capex: 0.03,
    receivableDays: 30,
    inventoryDays: 0,
    payableDays: 20,
    ebitdaMargin: 0.35,
    salesToCap: 0.3,
    bookToCap: 0.7,
  },
  Energy: {
    marketLeverage: 0.3,
    grossMargin: 0.32,
    researchAndDevelopment: 0.002,
    depreciation: 0.08,
    capex: 0.1,
    receivableDays: 35,
    inventoryDays: 25,
    payableDays: 50,
    ebitdaMargin: 0.2,
    salesToCap: 0.7,
    bookToCap: 0.6,
    growth: -0.01,
  },
  Utilities: {
    marketLeverage: 0.45,
    grossMargin: 0.45,
    researchAndDevelopment: 0,
    depreciation: 0.13,
    capex: 0.25,
    receivableDays: 40,
    inventoryDays: 30,
    payableDays: 50,
    ebitdaMargin: 0.38,
    salesToCap: 0.4,
    bookToCap: 0.55,
    growth: -0.02,
  },
  Industrials: {
    marketLeverage: 0.22,
    grossMargin: 0.3,
    researchAndDevelopment: 0.03,
    receivableDays: 60,
    inventoryDays: 70,
    ebitdaMargin: 0.17,
    salesToCap: 0.5,
    bookToCap: 0.25,
  },
  Materials: {
    marketLeverage: 0.25,
    grossMargin: 0.28,
    researchAndDevelopment: 0.02,
    depreciation: 0.06,
    capex: 0.07,
    inventoryDays: 60,
    ebitdaMargin: 0.2,
    salesToCap: 0.6,
    bookToCap: 0.4,
  },
  "Real Estate": {
    marketLeverage: 0.35,
    grossMargin: 0.65,
    researchAndDevelopment: 0,
    depreciation: 0.26,
    capex: 0.28,
    receivableDays: 15,
    inventoryDays: 0,
    payableDays: 20,
    ebitdaMargin: 0.55,
    salesToCap: 0.12,
    bookToCap: 0.5,
  },
};

const archetypeOf = (sector: string): Archetype => ({ ...BASE, ...ARCHETYPES[sector] });

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
  rng: Rng;
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
    const key = `${segment[t]} ${known} ${crisisHit ?? ""}`;
    let plan = plans.get(key);
    if (!plan) {
      const seenRegimes = regimes.map((r, i) => (i <= t ? r : regimes[t]));
      plan = businessPlan({ ...input, regimes: seenRegimes, shocks: shocks.slice(0, known), crisisHit, rng: rng() });
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
function dayOn(days: string[], date: string): number {
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
const CRISIS_CHARGES = { size: [1.2, 2.4], schedule: [0.4, 0.3, 0.2, 0.1], writtenDown: 0.8 } as const;

/** Interest a year on a unit of debt at a credit spread (percent). */
const interestRate = (spread: number) => 0.025 + (0.3 * spread) / 100;

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
  const { rng } = input;
  const arch = archetypeOf(input.sector);
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
  // Every quarter's revenue, costs that are shares of it, interest and margin before the anchors'
  // gap: none of it depends on the gap, so it is drawn and computed once.
  const noise = input.quarters.map(() => ({ growth: rng.normal(), margin: rng.normal(), revenue: rng.normal() }));
  // The anchors size the business on the first day: the quarters before it start smaller.
  const yearsBefore = Math.max(
    0,
    (Date.parse(input.days[0]) - Date.parse(input.quarters[0]?.end ?? input.days[0])) / 3.156e10,
  );
  let runRate = revenue0 * Math.exp(-(0.05 + premium) * yearsBefore);
  let growthShock = 0;
  let ownGrowth = 0;
  let marginShock = 0;
  let marginTilt = 0; // the sector tilt's log change of the operating margin so far
  let previousEnd = "";
  const calmInterest = (debt0 / revenue0) * interestRate(REGIME_PARAMS.expansion.creditSpread);
  // The last quarter released by day one: where the anchors' earnings gap is whole. Stumbles and
  // charges come after it (before it, the anchors' earnings say what happened).
  const anchorQuarter = input.quarters.filter((q) => q.release <= input.days[0]).length - 1;
  const stumbleRng = rng.fork("stumbles");
  const stumbleChance = STUMBLES.chance[input.tier ?? "large"];
  const chargeRng = rng.fork("restructuring");
  // Drawn only for a company the crisis hits, so other companies' streams are unchanged.
  const crisisSize = input.crisisHit ? rng.fork("write-downs").between(...CRISIS_CHARGES.size) : 0;
  const hitQuarter = input.crisisHit ? input.quarters.findIndex((q) => q.end >= input.crisisHit!) : -1;
  const revenues: number[] = [];
  const drivers = input.quarters.map((quarter, q) => {
    const from = previousEnd || quarter.end;
    const when = conditions(input, from, quarter.end);
    growthShock = 0.5 * growthShock + 0.12 * noise[q].growth;
    const stepped = input.shocks
      .filter((s) => s.date > previousEnd && s.date <= quarter.end)
      .reduce((a, s) => a + s.logRevenue, 0);
    if (previousEnd) {
      // The scenario's tilt shapes the world from its first day, not the history before it.
      const tilted = quarter.end > input.days[0];
      const tilt = tilted ? (input.sectorGrowth ?? 0) : 0;
      runRate *= Math.exp((when.growth + premium + tilt + growthShock) / 4 + stepped);
      ownGrowth += (premium + tilt + growthShock) / 4;
      if (tilted) marginTilt += (input.sectorMargin ?? 0) / 4;
    }
    // The margin's level: the tilt scales what it leaves above D&A (the operating margin).
    const level = depreciationShare + (marginLevel - depreciationShare) * Math.exp(marginTilt);
    // The pretax margin of a normal quarter: the level less D&A and interest at a calm spread.
    const normalMargin = level - depreciationShare - calmInterest;
    const afterAnchor = q > anchorQuarter;
    const stumbleScale = Math.max(0.02, normalMargin);
    const stumble =
      afterAnchor && stumbleRng.uniform() < stumbleChance ? stumbleScale * stumbleRng.between(...STUMBLES.size) : 0;
    const stumbleCost = afterAnchor ? (stumbleChance * stumbleScale * (STUMBLES.size[0] + STUMBLES.size[1])) / 2 : 0;
    marginShock = MARGIN_PERSISTENCE * marginShock + 0.012 * noise[q].margin - stumble + stumbleCost;
    const revenue = thousands(runRate * seasonOf(arch, quarter.end) * Math.exp(0.02 * noise[q].revenue));
    const plannedDebt = debt0 * (runRate / revenue0);
    previousEnd = quarter.end;
    const shrinking = q >= 4 && revenue < revenues[q - 4];
    revenues.push(revenue);
    const restructuring =
      afterAnchor && chargeRng.uniform() < (shrinking ? RESTRUCTURING.chanceShrinking : RESTRUCTURING.chance)
        ? thousands(revenue * chargeRng.between(...RESTRUCTURING.size))
        : 0;
    const sinceHit = hitQuarter < 0 ? -1 : q - hitQuarter;
    const crisisCharges =
      sinceHit >= 0 && sinceHit < CRISIS_CHARGES.schedule.length
        ? thousands(
            4 *
              runRate *
              seasonOf(arch, quarter.end) *
              Math.max(0.02, normalMargin) *
              crisisSize *
              CRISIS_CHARGES.schedule[sinceHit],
          )
        : 0;
    return {
      quarter,
      plannedDebt,
      ownGrowth,
      marginShock,
      restructuring,
      crisisCharges,
      normalMargin,
      margin: level * (1 + when.margin) + marginShock,
      revenue,
      depreciation: thousands(revenue * depreciationShare),
      rnd: thousands(revenue * arch.researchAndDevelopment),
      sga: thousands(revenue * sgaShare),
      interest: thousands((plannedDebt * interestRate(when.spread)) / 4),
    };
  });

  /** The quarters with the margin `gap` off its level at the anchor quarter. */
  const quarters = (gap: number): OperatingQuarter[] =>
    drivers.map(
      (
        {
          quarter,
          plannedDebt,
          ownGrowth,
          marginShock,
          restructuring,
          crisisCharges,
          normalMargin,
          margin,
          revenue,
          depreciation,
          rnd,
          sga,
          interest,
        },
        q,
      ) => {
        const anchorGap = gap * MARGIN_PERSISTENCE ** Math.abs(q - anchorQuarter);
        // The market values a weaker quarter at no less than half the normal margin (a loss as a
        // business that will earn again), or at 2% of sales where even the normal margin is thin.
        const valued = Math.max(0.5 * normalMargin, 0.02, normalMargin + anchorGap + SHOCK_VALUE_WEIGHT * marginShock);
        // The margin's moves go through the cost of revenue (operating leverage); D&A sits inside the
        // costs. Restructuring charges and write-downs add to SG&A and come off operating income alone.
        const beforeCharge = thousands(revenue * (margin + anchorGap - depreciationShare));
        const cost = revenue - beforeCharge - rnd - sga;
        const charges = restructuring + crisisCharges;
        const operatingIncome = beforeCharge - charges;
        const pretax = operatingIncome - interest;
        const rate = taxRate(quarter.fiscalYear, input.reit ?? false);
        const tax = thousands(pretax * rate);
        return {
          quarter,
          plannedDebt,
          ownGrowth,
          earningsPower: Math.log(valued),
          restructuring,
          crisisCharges,
          income: {
            revenue,
            cost_of_revenue: cost,
            gross_profit: revenue - cost,
            selling_general_and_administrative_expenses: sga + charges,
            research_and_development: rnd,
            operating_expense: sga + charges + rnd,
            operating_income: operatingIncome,
            interest_expense: interest,
            ebit: operatingIncome,
            income_before_tax: pretax,
            income_tax_expense: tax,
            net_income: pretax - tax,
            depreciation_and_amortization: depreciation,
          },
        };
      },
    );

  const sizes = {
    crisisHit: input.crisisHit,
    sector: input.sector,
    marketCap: input.marketCap,
    revenue0,
    book0,
    debt0,
    grossMargin,
    depreciationShare,
    capexShare,
  };
  const unanchored = quarters(0);
  const dayOneEarnings = input.anchor.netIncome;
  if (dayOneEarnings === null || anchorQuarter < 3) return { ...sizes, dayOneEarnings: null, quarters: unanchored };
  // Net income is linear in the gap (up to rounding): one more run gives the slope.
  const trailing = (list: OperatingQuarter[]) =>
    list.slice(anchorQuarter - 3, anchorQuarter + 1).reduce((a, x) => a + x.income.net_income, 0);
  const slope = trailing(quarters(1)) - trailing(unanchored);
  // A gap keeps the cost of revenue at least 5% of revenue, and a loss within 40% of revenue.
  const gap = clamp((dayOneEarnings - trailing(unanchored)) / slope, -0.4, Math.max(0, 0.95 - grossMargin));
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

export interface BusinessInput {
  plan: BusinessPlan;
  /** Only quarters released on or before this day are reported. */
  lastDay: string;
  days: string[];
  /** Per day, the stock's shares outstanding (as traded), split multiple and close; its dividends and splits. */
  shares: number[];
  splitMultiple: number[];
  closes: number[];
  actions: CorporateAction[];
  rng: Rng;
}

/**
 * The reported quarters with their balance sheets and cash flows: capital spending and working
 * capital are shares of revenue; debt tracks the business, and a cash shortfall is met from the
 * long-term investments before debt; cash is
 * what the cash-flow statement leaves; shares and dividends are the stock's, and the shares it bought
 * back or issued each day are paid for at that day's close.
 */
export function businessQuarters(input: BusinessInput): QuarterStatements[] {
  const { rng, plan } = input;
  const arch = archetypeOf(plan.sector);
  const { revenue0, book0, debt0 } = plan;
  const dilution = 0.004 + arch.shareBasedCompensation * 0.3;
  const cashShare = 0.06 + 0.1 * rng.uniform();
  const firstDividend = (input.actions.find((a) => a.action_type === "dividend")?.details.amount as number) ?? 0;

  // The first quarter's balance sheet: working capital from revenue, plant from depreciation,
  // equity from the anchor, the rest of the assets or liabilities as the difference.
  const workingCapital = (annual: number, cost: number) => ({
    receivables: thousands((annual * arch.receivableDays) / 365),
    inventory: thousands((cost * arch.inventoryDays) / 365),
    payables: thousands((cost * arch.payableDays) / 365),
    deferredRevenue: thousands((annual * arch.deferredRevenueDays) / 365),
    otherCurrentAssets: thousands(annual * 0.02),
    otherCurrentLiabilities: thousands(annual * 0.05),
  });
  const wc0 = workingCapital(revenue0, revenue0 * (1 - plan.grossMargin));
  const balance: BalanceLines = {
    cash_and_equivalents: thousands(revenue0 * cashShare),
    current_investments: thousands(revenue0 * 0.03),
    trade_and_non_trade_receivables: wc0.receivables,
    inventory: wc0.inventory,
    other_current_assets: wc0.otherCurrentAssets,
    property_plant_and_equipment: thousands(revenue0 * plan.depreciationShare * 7),
    goodwill_and_intangible_assets: thousands(book0 * (0.15 + 0.3 * rng.uniform())),
    non_current_investments: thousands(revenue0 * 0.04),
    tax_assets: thousands(revenue0 * 0.01),
    other_non_current_assets: 0,
    current_debt: thousands(debt0 * 0.1),
    trade_and_non_trade_payables: wc0.payables,
    deferred_revenue: wc0.deferredRevenue,
    deposit_liabilities: 0,
    other_current_liabilities: wc0.otherCurrentLiabilities,
    non_current_debt: debt0 - thousands(debt0 * 0.1),
    tax_liabilities: thousands(revenue0 * 0.02),
    other_non_current_liabilities: 0,
    common_stock: thousands(book0 * 0.3),
    retained_earnings: thousands(book0) - thousands(book0 * 0.3),
    accumulated_other_comprehensive_income: 0,
  };
  const gap = totalAssets(balance) - totalLiabilities(balance) - equity(balance);
  if (gap > 0) balance.other_non_current_liabilities = gap;
  else balance.other_non_current_assets = -gap;

  const out: QuarterStatements[] = [];
  let previousEnd = "";
  let previousPlan = debt0;
  for (const { quarter, income, plannedDebt, restructuring, crisisCharges } of plan.quarters) {
    if (quarter.release > input.lastDay) break;
    const revenue = income.revenue;
    const cost = income.cost_of_revenue;
    const depreciation = income.depreciation_and_amortization;
    const debt = balance.current_debt + balance.non_current_debt;
    // Shares and dividends: the stock's, as traded in the quarter.
    const endDay = dayOn(input.days, quarter.end);
    const sharesOutstanding = input.shares[endDay];
    const { weightedShares, equityIssued } = shareFlows(
      input,
      previousEnd >= input.days[0] ? dayOn(input.days, previousEnd) + 1 : 0,
      endDay,
    );
    let dividendsPerShare = 0;
    let dividendsPaid = 0;
    if (quarter.end < input.days[0]) {
      // Before the world's first day there are no corporate actions: a payer paid its first
      // dividend's amount each quarter, so trailing figures on day one are a payer's.
      dividendsPerShare = firstDividend;
      dividendsPaid = firstDividend * sharesOutstanding;
    } else
      for (const a of input.actions) {
        if (a.action_type !== "dividend" || a.ex_date > quarter.end || a.ex_date <= previousEnd) continue;
        const amount = a.details.amount as number;
        dividendsPerShare += amount;
        dividendsPaid += amount * input.shares[dayOn(input.days, a.ex_date)];
      }

    const wc = workingCapital(revenue * 4, cost * 4);
    const changeInWorkingCapital =
      balance.trade_and_non_trade_receivables -
      wc.receivables +
      balance.inventory -
      wc.inventory +
      balance.other_current_assets -
      wc.otherCurrentAssets +
      wc.payables -
      balance.trade_and_non_trade_payables +
      wc.deferredRevenue -
      balance.deferred_revenue +
      wc.otherCurrentLiabilities -
      balance.other_current_liabilities;
    const sbc = thousands(revenue * arch.shareBasedCompensation);
    const capex = -thousands(revenue * plan.capexShare * Math.exp(0.15 * rng.normal()));
    const dividends = -thousands(dividendsPaid);
    const fx = thousands(revenue * 0.003 * rng.normal());
    const operating = income.net_income + depreciation + sbc + changeInWorkingCapital;
    // Liquidity, in order: cash down to two weeks of revenue, then the long-term investments, then
    // debt. Debt moves with its plan (a share of the business) and closes a tenth of its gap to it,
    // never borrowing past it; while it is above the plan, cash beyond the usual holding repays it;
    // cash beyond one and a half times the usual holding goes into investments, so debt raised in a
    // lean quarter is paid back rather than carried while cash piles up.
    const drift = Math.min(plannedDebt - previousPlan + 0.1 * (plannedDebt - debt), plannedDebt - debt);
    previousPlan = plannedDebt;
    const minimumCash = (revenue * 4 * 14) / 365;
    const usualCash = revenue * 4 * cashShare;
    const beforeDebt = balance.cash_and_equivalents + operating + capex + dividends + fx + equityIssued;
    const sold =
      beforeDebt < minimumCash
        ? Math.min(balance.non_current_investments, Math.ceil((minimumCash - beforeDebt) / 1000) * 1000)
        : 0;
    const liquid = beforeDebt + sold;
    const debtChange = thousands(
      liquid < minimumCash
        ? minimumCash - liquid + Math.max(0, drift)
        : drift >= 0
          ? drift
          : -Math.min(debt - plannedDebt, Math.max(-drift, liquid - usualCash), liquid - minimumCash),
    );
    const cashAfter = liquid + debtChange;
    const investmentFlow = sold - (cashAfter > 1.5 * usualCash ? thousands(cashAfter - usualCash) : 0);
    const cashFlow: CashFlowLines = {
      share_based_compensation: sbc,
      change_in_working_capital: changeInWorkingCapital,
      capital_expenditure: capex,
      business_acquisitions_and_disposals: 0,
      investment_acquisitions_and_disposals: investmentFlow,
      issuance_or_repayment_of_debt_securities: debtChange,
      issuance_or_purchase_of_equity_shares: equityIssued,
      dividends_and_other_cash_distributions: dividends,
      effect_of_exchange_rate_changes: fx,
    };

    if (previousEnd) {
      // Roll the balance sheet forward by exactly the flows above.
      const newDebt = debt + debtChange;
      balance.cash_and_equivalents += operating + capex + investmentFlow + debtChange + dividends + fx + equityIssued;
      balance.non_current_investments -= investmentFlow;
      balance.trade_and_non_trade_receivables = wc.receivables;
      balance.inventory = wc.inventory;
      balance.other_current_assets = wc.otherCurrentAssets;
      balance.property_plant_and_equipment += -capex - depreciation;
      balance.trade_and_non_trade_payables = wc.payables;
      balance.deferred_revenue = wc.deferredRevenue;
      balance.other_current_liabilities = wc.otherCurrentLiabilities;
      balance.current_debt = thousands(newDebt * 0.1);
      balance.non_current_debt = newDebt - balance.current_debt;
      balance.retained_earnings += income.net_income + dividends;
      balance.common_stock += sbc + equityIssued;
      balance.accumulated_other_comprehensive_income += fx;
      out.push({
        quarter,
        income,
        balance: { ...balance },
        cashFlow,
        sharesOutstanding,
        splitBasis: input.splitMultiple[endDay],
        weightedShares,
        weightedSharesDiluted: Math.round(weightedShares * (1 + dilution)),
        dividendsPerShare: Math.round(dividendsPerShare * 1e4) / 1e4,
        restructuring,
        writeDowns: thousands(crisisCharges * CRISIS_CHARGES.writtenDown),
      });
    }
    previousEnd = quarter.end;
  }
  return out;
}

/**
 * Over the trading days `from`..`to` of a quarter: the shares weighted by day, on the basis of its
 * last day's splits, and the cash the shares issued (positive) or bought back (negative) cost.
 */
function shareFlows(
  { shares, splitMultiple, closes }: BusinessInput,
  from: number,
  to: number,
): { weightedShares: number; equityIssued: number } {
  let weighted = 0;
  let issued = 0;
  for (let t = from; t <= to; t++) {
    weighted += shares[t] * (splitMultiple[to] / splitMultiple[t]);
    if (t > 0) issued += (shares[t] - shares[t - 1] * (splitMultiple[t] / splitMultiple[t - 1])) * closes[t];
  }
  return { weightedShares: Math.round(weighted / (to - from + 1)), equityIssued: thousands(issued) };
}

export const currentAssets = (b: BalanceLines) =>
  b.cash_and_equivalents +
  b.current_investments +
  b.trade_and_non_trade_receivables +
  b.inventory +
  b.other_current_assets;
export const nonCurrentAssets = (b: BalanceLines) =>
  b.property_plant_and_equipment +
  b.goodwill_and_intangible_assets +
  b.non_current_investments +
  b.tax_assets +
  b.other_non_current_assets;
export const currentLiabilities = (b: BalanceLines) =>
  b.current_debt +
  b.trade_and_non_trade_payables +
  b.deferred_revenue +
  b.deposit_liabilities +
  b.other_current_liabilities;
export const nonCurrentLiabilities = (b: BalanceLines) =>
  b.non_current_debt + b.tax_liabilities + b.other_non_current_liabilities;
export const totalAssets = (b: BalanceLines) => currentAssets(b) + nonCurrentAssets(b);
export const totalLiabilities = (b: BalanceLines) => currentLiabilities(b) + nonCurrentLiabilities(b);
export const equity = (b: BalanceLines) =>
  b.common_stock + b.retained_earnings + b.accumulated_other_comprehensive_income;

export type Period = "quarterly" | "annual" | "ttm";

/** Statements of one period: a quarter, a fiscal year (its four quarters) or the trailing four. */
export interface PeriodStatements extends Omit<QuarterStatements, "quarter"> {
  period: Period;
  /** Last day of the period, its label, and the filing that made it public (its last quarter's). */
  reportPeriod: string;
  fiscalPeriod: string;
  filingDate: string;
  fiscalYear: number;
  fiscalQuarter: number;
}

/**
 * Quarters, fiscal years and trailing twelve months. Flows of a year or a TTM are the sums of their
 * quarters, stocks the last quarter's (docs/realism.md, "Exact invariants"); per-share figures of
 * earlier quarters are restated to the last quarter's split basis first.
 */
export function periodStatements(quarters: QuarterStatements[]): PeriodStatements[] {
  const out: PeriodStatements[] = [];
  const single = (q: QuarterStatements, period: Period, fiscalPeriod: string): PeriodStatements => ({
    ...q,
    period,
    reportPeriod: q.quarter.end,
    fiscalPeriod,
    filingDate: q.quarter.release,
    fiscalYear: q.quarter.fiscalYear,
    fiscalQuarter: q.quarter.quarter,
  });
  quarters.forEach((q, i) => {
    out.push(single(q, "quarterly", q.quarter.label));
    if (i < 3) return;
    const four = quarters.slice(i - 3, i + 1);
    const sum = <T extends object>(pick: (x: QuarterStatements) => T): T => {
      const total = { ...pick(four[0]) } as Record<string, number>;
      for (const x of four.slice(1)) for (const [k, v] of Object.entries(pick(x))) total[k] += v as number;
      return total as T;
    };
    // Each quarter restated to the last quarter's splits (a split in between multiplies its shares).
    const basis = (x: QuarterStatements) => q.splitBasis / x.splitBasis;
    const summed: PeriodStatements = {
      ...single(q, "ttm", q.quarter.label),
      income: sum((x) => x.income),
      cashFlow: sum((x) => x.cashFlow),
      weightedShares: Math.round(four.reduce((a, x) => a + x.weightedShares * basis(x), 0) / 4),
      weightedSharesDiluted: Math.round(four.reduce((a, x) => a + x.weightedSharesDiluted * basis(x), 0) / 4),
      dividendsPerShare: Math.round(four.reduce((a, x) => a + x.dividendsPerShare / basis(x), 0) * 1e4) / 1e4,
      restructuring: four.reduce((a, x) => a + x.restructuring, 0),
      writeDowns: four.reduce((a, x) => a + x.writeDowns, 0),
    };
    out.push(summed);
    const yearOf = (x: QuarterStatements) => x.quarter.fiscalYear;
    if (q.quarter.quarter === 4 && four.every((x) => yearOf(x) === yearOf(q)))
      out.push({ ...summed, period: "annual", fiscalPeriod: `FY ${q.quarter.fiscalYear}` });
  });
  return out;
}
export const totalDebt = (b: BalanceLines) => b.current_debt + b.non_current_debt;

/** Cash from operations: net income, the non-cash charges and the change in working capital. */
export const operatingCashFlow = ({ income, cashFlow }: Pick<QuarterStatements, "income" | "cashFlow">) =>
  income.net_income +
  income.depreciation_and_amortization +
  cashFlow.share_based_compensation +
  cashFlow.change_in_working_capital;
