// Stock prices from the factor model: return = beta x market + loading x sector + loadings x styles
// + idiosyncratic + event jumps, each part with its own volatility process; idiosyncratic
// volatility also follows the cross-section's dispersion. Corporate actions turn the total-return
// path into as-traded prices; OHLC comes from an overnight gap plus a Brownian-bridge session;
// volume follows latent volatility, the size of the move and events.
import type { CompanyFacts } from "../../src/bundle/types.ts";
import type { Rng } from "../ground/rng.ts";
import { corporateActions, expectedDividendYield, type ActionInput, type CorporateAction } from "./actions.ts";
import { inRegularSession, revenueStep, type WorldEvent } from "./events.ts";
import { MARKET_DIVIDEND_YIELD, TRADING_DAYS, type MarketFactor, type SectorFactor } from "./market.ts";
import type { Regime } from "./regimes.ts";
import { roundAdjusted } from "../../src/contract/adjusted-price.ts";
import { styleLoadings } from "./styles.ts";
import { STOCK_SHOCKS, shockPath, smooth, unitAr1 } from "./volatility.ts";
import { round10, round2, round6 } from "./rounding.ts";

export interface Bar {
  time: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  adjusted_close: number;
  market_return: number;
  sector_return: number;
  idiosyncratic_return: number;
  event_return: number;
  volatility: number;
  metadata: Record<string, unknown>;
}

/** Market beta by sector (docs/realism.md, "The cross-section": staples/utilities ~0.55, financials/energy > 1.3). */
export const SECTOR_BETA: Record<string, number> = {
  Utilities: 0.55,
  "Consumer Staples": 0.6,
  "Health Care": 0.85,
  "Real Estate": 0.95,
  "Communication Services": 1.0,
  Industrials: 1.05,
  Materials: 1.05,
  "Consumer Discretionary": 1.15,
  "Information Technology": 1.2,
  Financials: 1.3,
  Energy: 1.3,
};

/**
 * A single stock's beta to the market over its sector index's (SECTOR_BETA, which sector funds
 * follow): the real panel's median stock has a beta of 0.96 to the S&P 500 over 2005-2019 and 0.875
 * inside its 60-day windows, where ours had 1.08 and 0.99 at the sector's own, with an average
 * pairwise correlation above the real one in calm years (docs/realism-panel.md).
 */
const STOCK_BETA_SCALE = 0.88;

/**
 * Annual idiosyncratic volatility by sector, before the market's stress (IDIO_STRESS) and the
 * cross-section's dispersion lift it: with STOCK_BETA_SCALE, a day's spread across stocks as wide
 * as the real panel's (1.3%) where it was narrower (1.2%).
 */
const IDIO_VOL: Record<string, number> = {
  Utilities: 0.078,
  "Consumer Staples": 0.086,
  "Health Care": 0.135,
  "Real Estate": 0.107,
  "Communication Services": 0.135,
  Industrials: 0.107,
  Materials: 0.121,
  "Consumer Discretionary": 0.143,
  "Information Technology": 0.143,
  Financials: 0.1,
  Energy: 0.143,
};

export interface StockPath {
  bars: Bar[];
  actions: CorporateAction[];
  /** Shares outstanding per day, as traded: splits multiply them, buybacks and issuance move them. */
  shares: number[];
  /** Per day, how many shares one share of the first day has become by the splits gone ex by then. */
  splitMultiple: number[];
  /**
   * Index of its first public bar, where the company lists inside the world: the bars before are a
   * private company's hidden history (every series keeps the world's days).
   */
  first?: number;
}

/** The first public trading day of a stock that lists inside the world; "" for one there from the world's first day. */
export const listedOn = ({ bars, first }: Pick<StockPath, "bars" | "first">): string =>
  first === undefined ? "" : bars[first].time;

export interface StockInput {
  company: CompanyFacts;
  days: string[];
  regimes: Regime[];
  market: MarketFactor;
  sector: SectorFactor;
  /** The style factors (styles.ts), in STYLE_FACTORS' order; none where absent. */
  styles?: SectorFactor[];
  /** This company's events (hidden effects are applied here). */
  events: WorldEvent[];
  /** Non-operating instruments (warrants) have no dividends or splits. */
  withActions: boolean;
  /** The starting point (anchors.ts for companies; warrants set their own); drawn where absent. */
  startPrice?: number;
  idioVolMultiplier?: number;
  shares?: number;
  /** Per day, the share count over the first day's, splits aside (share-count.ts); constant where absent. */
  shareCount?: number[];
  /** Typical daily dollar volume at the start. */
  dollarVolume?: number;
  /**
   * Per day, the log of the company's business value over day one's, beyond the growth the economy
   * gave every company and its events' steps: its own sales growth and earnings power
   * (fundamentals.ts, businessValueByDay); absent: the price follows no business.
   */
  businessGrowth?: number[];
  /** Trailing dividend yield at the start (0: not a payer); undefined or null: drawn by sector. */
  dividendYield?: number | null;
  /** The day a crisis hit its sector (business plan): its board cuts the dividend after it. */
  crisisHit?: string;
  /** Spans of days on which the price is held to levels (a takeover's target trades at the offer less a spread). */
  held?: HeldSpan[];
  /** Distress ahead of a failure: its dividends are cut, then suspended (actions.ts). */
  dividendDistress?: ActionInput["distress"];
  /** The first trading day of a company that lists inside the world: no action is declared before it. */
  listedFrom?: string;
  rng: Rng;
}

/**
 * A span of days on which the price follows set levels, not the factors: from `from`, the log price
 * over the last close before it, per day (no dividend or split goes ex in it). `release`: the log
 * level, over the same close, that the price falls back to on the day after the span, plus what the
 * market and its sector did meanwhile (a deal that breaks); absent: the span ends the stock.
 */
export interface HeldSpan {
  from: number;
  levels: number[];
  release?: number;
}

/**
 * The idiosyncratic volatility multiplier for a stock whose volatility level is `annualVol` where its
 * sector's median company has `sectorVol`: the idiosyncratic part is what the market (about 16% a
 * year times the sector's beta) and the sector (about 12%) leave of each, and the sector's median
 * company keeps the sector's default, to which the generator is calibrated.
 */
export function idioVolMultiplierFor(sector: string, annualVol: number, sectorVol: number): number {
  const systematic = ((SECTOR_BETA[sector] ?? 1) * 0.16) ** 2 + 0.12 ** 2;
  const idio = (v: number) => Math.sqrt(Math.max(v ** 2 - systematic, 0.08 ** 2));
  // Bounded: a few names with extreme histories would otherwise swamp their sector and the market.
  return Math.min(1.5, Math.max(0.5, idio(annualVol) / idio(sectorVol)));
}

/**
 * The share of a stock's distance from its business that fades each day where the price follows a
 * business: 0.2 a year, a half-life of about three and a half years, the pace at which a firm's
 * valuation ratios revert toward its peers' (Cohen, Polk and Vuolteenaho 2003). The distance is its
 * idiosyncratic noise and what news moved its price beyond what it moved its revenue. As a random
 * walk, the noise spread price-to-sales ratios apart: over fifteen years, from a quarter to nine
 * times their first value (10th to 90th percentile, one seed world).
 */
const VALUATION_PULL = 0.2 / TRADING_DAYS;

/**
 * Share of yesterday's idiosyncratic shock a stock gives back today: with the market's and the
 * factors' reversals, a stock's daily returns are slightly negatively autocorrelated, as real ones
 * are (median lag-1 ACF -0.04: skfolio's 20 S&P 500 stocks 2005-2019, docs/realism-panel.md).
 * Small: inside 60-day windows real stocks give back less (median -0.026), and at 0.06 ours gave
 * back -0.056.
 */
const IDIO_REVERSAL = 0.03;

/**
 * Power of the market's volatility over its trailing year that idiosyncratic volatility follows:
 * below 1, so correlations rise in stress, but near it, so a crisis at 2008's 72% a year leaves
 * them near 2008's (at 0.4, crisis-cycle-2005's average pairwise correlation over the crisis was
 * 0.81-0.92, at 0.7 0.67 in 2008 and 0.71 in 2009; real S&P 500 stocks' 0.55 and 0.42,
 * docs/realism-panel.md).
 */
const IDIO_STRESS = 0.85;

/**
 * How a stock takes an earnings release: in proportion to its volatility of the day. Larger, calmer
 * companies move less on their releases (Atiase 1985), and a real stock's largest move in a 60-day
 * window is the same multiple of the window's sd whether the window is calm or wild (skfolio's 20
 * S&P 500 stocks, docs/realism-panel.md, "Generator 0.71.0"), where a reaction of one size for all
 * stood out in calm windows. The event's `jump` is the move of a stock at `referenceVol` a day (22%
 * a year), which keeps the mean reaction near 0.70.0's (3.1-3.75% in crisis-cycle-2005's worlds,
 * REALISM's band 3-6%; a calm world's can fall under it: 2.8% at one seed of long-bull-2010s, as its
 * real stocks' calm windows suggest, docs/realism-panel.md). Up to `cap` times it (3.5% a day, 56% a
 * year): beyond it a crash's days are the market's, and uncapped, the stocks' whole-sample kurtosis
 * rose from 10 to 16 (real 11).
 */
const EARNINGS_REACTION_SCALE = { referenceVol: 0.014, cap: 2.5 };

/** The multiple of an earnings release's jump a stock moves by, given its variance of the day. */
const reactionScale = (dayVariance: number) =>
  Math.min(EARNINGS_REACTION_SCALE.cap, Math.sqrt(dayVariance) / EARNINGS_REACTION_SCALE.referenceVol);

/**
 * A stock's beta drifts (since generator 0.77.0): beta × exp(spread × u − spread²/2), u a unit AR(1)
 * with a half-life of `halfLife` trading days on a stream of its own, so its mean stays the drawn
 * beta. Real 60-day betas persist over months and not over years: skfolio's 20 S&P 500 stocks,
 * 2005-2019, median lag-1 autocorrelation of a stock's betas over consecutive 60-day windows 0.29,
 * two windows apart 0.27, four 0.07, eight -0.02; with one beta for life ours' were about 0 at every
 * lag (the windows' sampling noise alone), and their sd across years 0.07-0.14 against a real 0.17
 * (docs/realism-panel.md, "Generator 0.77.0").
 */
const BETA_DRIFT = { spread: 0.2, halfLife: 250 };

/** Half-life, in trading days, of the trailing averages that "high" and "low" volatility are judged against. */
const NORMAL_LEVEL_HALF_LIFE = 250;

/** Extremes of a Brownian bridge from 0 to `end` with total variance `v` (exact distribution). */
function bridgeExtremes(rng: Rng, end: number, v: number): [number, number] {
  const up = (end + Math.sqrt(end * end - 2 * v * Math.log(1 - rng.uniform()))) / 2;
  const down = (end - Math.sqrt(end * end - 2 * v * Math.log(1 - rng.uniform()))) / 2;
  return [up, down];
}

/**
 * A stock's exposures: its beta to the market, its loadings on its sector and on the style
 * factors, its daily idiosyncratic volatility.
 */
interface Exposure {
  beta: number;
  loading: number;
  styleLoadings: number[];
  idioBase: number;
}

function exposureOf({ company, idioVolMultiplier, rng }: StockInput): Exposure {
  const beta = STOCK_BETA_SCALE * (SECTOR_BETA[company.sector] ?? 1) * Math.exp(0.22 * rng.normal());
  const loading = Math.exp(0.2 * rng.normal());
  const idioBase =
    ((IDIO_VOL[company.sector] ?? 0.2) * (idioVolMultiplier ?? 1) * Math.exp(0.25 * rng.normal())) /
    Math.sqrt(TRADING_DAYS);
  return { beta, loading, styleLoadings: styleLoadings(rng.fork("styles"), company.sector), idioBase };
}

/**
 * Event effects by reaction day: jumps (and what of them the business does not share), plus
 * volatility and volume boosts that decay.
 */
interface EventEffects {
  jumps: number[];
  beyondBusiness: number[];
  /**
   * Earnings reactions by day as the events give them (at EARNINGS_REACTION_SCALE's reference
   * volatility): returnParts scales each to the stock's day and adds it to `jumps` and `beyondBusiness`.
   */
  reactions: number[];
  /** The day's jump came outside the session: the open gaps by all of it. */
  overnightJump: boolean[];
  volBoost: number[];
  volumeBoost: number[];
  /** Lineage: the events each day reacts to. */
  sourceEvents: Map<number, string[]>;
  /** Days of a catalyst's impact on the company (returnParts: the catalyst is its sector's move that day). */
  catalystDays: Set<number>;
}

function eventEffects(events: WorldEvent[], n: number): EventEffects {
  const jumps = new Array<number>(n).fill(0);
  const beyondBusiness = new Array<number>(n).fill(0);
  const reactions = new Array<number>(n).fill(0);
  const overnightJump = new Array<boolean>(n).fill(false);
  const volBoost = new Array<number>(n).fill(1);
  const volumeBoost = new Array<number>(n).fill(1);
  const sourceEvents = new Map<number, string[]>();
  const catalystDays = new Set<number>();
  for (const e of events) {
    const d = e.effect.reactionDay;
    if (e.event_type === "catalyst_impact") catalystDays.add(d);
    sourceEvents.set(d, [...(sourceEvents.get(d) ?? []), e.event_id]);
    if (e.event_type === "earnings_release") reactions[d] += e.effect.jump;
    else {
      jumps[d] += e.effect.jump;
      beyondBusiness[d] += e.effect.jump - revenueStep(e);
    }
    overnightJump[d] = overnightJump[d] || !inRegularSession(e.public_release_datetime);
    for (let k = 0; k < 6 && d + k < n; k++) {
      volBoost[d + k] *= Math.pow(e.effect.volMultiplier, Math.exp(-k / 1.5));
      volumeBoost[d + k] *= Math.pow(e.effect.volumeMultiplier, Math.exp(-k / 1.2));
    }
  }
  return { jumps, beyondBusiness, reactions, overnightJump, volBoost, volumeBoost, sourceEvents, catalystDays };
}

/** Total (dividend-reinvested) log returns' parts by day, events' jumps aside, and their volatility. */
interface ReturnParts {
  marketPart: number[];
  /** Part of marketPart from market-wide events public during the session (served as metadata.market_event_return). */
  marketEventPart: number[];
  /** The sector's factor and the style factors. */
  sectorPart: number[];
  idioPart: number[];
  sigma: number[];
  /** Volatility of the day's session (its open gap and range): sigma, but quieter on held days. */
  sessionSigma: number[];
}

function returnParts(input: StockInput, exposure: Exposure, effects: EventEffects): ReturnParts {
  const { company, market, sector, rng } = input;
  const { beta, loading, idioBase } = exposure;
  const n = input.days.length;
  const idioShocks = shockPath(rng.fork("idio"), n, STOCK_SHOCKS);
  // Idiosyncratic volatility rises less than the market's in stress, so correlations rise with volatility.
  // It also follows the market's own volatility (IDIO_STRESS: crises lift correlations above 0.5),
  // which lends it long memory. Stress is measured against a trailing year (never the whole
  // scenario, which would reach into the future) that starts from a calm market's level: a world
  // that opens in stress has its stocks' own volatility raised with its market's.
  const marketVolNorm = smooth(market.vol, NORMAL_LEVEL_HALF_LIFE, market.calmVol);
  const stress = market.vol.map((v, t) => Math.pow(v / marketVolNorm[t], IDIO_STRESS));
  const styles = (input.styles ?? []).map((f, k) => ({ factor: f, loading: exposure.styleLoadings[k] }));
  const { spread, halfLife } = BETA_DRIFT;
  const betas = unitAr1(rng.fork("beta-drift"), n, halfLife).map(
    (u) => beta * Math.exp(spread * u - (spread * spread) / 2),
  );
  const marketPart: number[] = [];
  const marketEventPart = market.sessionEventReturns.map((r, t) => betas[t] * r);
  const sectorPart: number[] = [];
  const idioPart: number[] = [];
  const sigma: number[] = [];
  // The market part: the economy's trend, which reaches every company's sales alike, with its own
  // dividend yield in place of the market's (none for an instrument without dividends), plus beta
  // times the market's swings around the trend.
  const anchoredYield = input.dividendYield ?? (input.withActions ? null : 0);
  const ownYield = expectedDividendYield(company.sector, anchoredYield) - MARKET_DIVIDEND_YIELD;
  // The idiosyncratic part: the business's own growth per share (the business is valued whole, so
  // shares issued dilute it and shares bought back concentrate it), plus noise that pulls the price
  // back toward the business when it has strayed (by the noise, or by news the business did not share).
  const growth = input.businessGrowth?.map((g, t) => g - Math.log(input.shareCount?.[t] ?? 1));
  let strayed = 0;
  let prevShock = 0;
  for (let t = 0; t < n; t++) {
    // Capped so that no draw, however extreme, can take a price to zero or infinity.
    // What the sector does not carry on a calm day (SECTOR_FOLLOWS_MARKET) the stock moves by on its own.
    const ownVol = idioBase * stress[t] * market.dispersion[t] * idioShocks.scale[t];
    const idioVol = Math.min(
      0.15,
      Math.sqrt(ownVol ** 2 + loading ** 2 * (sector.shed?.[t] ?? 0)) * effects.volBoost[t],
    );
    const trend = market.trend[t] + ownYield / TRADING_DAYS;
    marketPart.push(trend + betas[t] * (market.returns[t] - market.trend[t]));
    let styleReturn = 0;
    let styleVariance = 0;
    for (const s of styles) {
      styleReturn += s.loading * s.factor.returns[t];
      styleVariance += (s.loading * s.factor.vol[t]) ** 2;
    }
    // A catalyst that hits the company is its sector's news of the day: its move against the market
    // is the catalyst's, not the catalyst's less a sector factor that happens to fall that day.
    sectorPart.push((effects.catalystDays.has(t) ? 0 : loading * sector.returns[t]) + styleReturn);
    const systematicVariance = (betas[t] * market.vol[t]) ** 2 + (loading * sector.vol[t]) ** 2 + styleVariance;
    if (effects.reactions[t] !== 0) {
      // Scaled to the day's volatility before the boosts of the day's events.
      const reaction = effects.reactions[t] * reactionScale(systematicVariance + (idioVol / effects.volBoost[t]) ** 2);
      effects.jumps[t] += reaction;
      effects.beyondBusiness[t] += reaction;
    }
    const shock = idioVol * idioShocks.z[t];
    const noise = shock - IDIO_REVERSAL * prevShock - (idioVol * idioVol) / 2 - (growth ? VALUATION_PULL * strayed : 0);
    prevShock = shock;
    strayed += noise + effects.beyondBusiness[t];
    idioPart.push(noise + (growth && t > 0 ? growth[t] - growth[t - 1] : 0));
    sigma.push(Math.sqrt(systematicVariance + idioVol ** 2));
  }
  return { marketPart, marketEventPart, sectorPart, idioPart, sigma, sessionSigma: [...sigma] };
}

/** A held target trades in a narrow range around its level (daily volatility of the spread). */
const HELD_SESSION_SIGMA = 0.004;

/** A held span as the as-traded path follows it: levels by day, and the release's level with the factors' move. */
interface HeldDays {
  /** Log level over the close before the span, by day index. */
  levels: Map<number, number>;
  /** The first day of the span each held day belongs to. */
  spanStart: Map<number, number>;
  /** Days whose move is an event's: each span's first, and the fall back after a break. */
  moves: Set<number>;
}

/**
 * Prepares the held spans: market and sector parts are nil on held days, the first day's move is
 * the event's (the announcement) and the rest the spread's noise; the day after a span with a
 * release, the price falls back there plus what the market and the sector did meanwhile.
 */
function holdDays(spans: HeldSpan[], parts: ReturnParts, n: number): HeldDays {
  const held: HeldDays = { levels: new Map(), spanStart: new Map(), moves: new Set() };
  for (const span of spans) {
    let factorsMove = 0;
    held.moves.add(span.from);
    span.levels.forEach((level, k) => {
      const t = span.from + k;
      if (t >= n) return;
      factorsMove += parts.marketPart[t] + parts.sectorPart[t];
      parts.marketPart[t] = 0;
      parts.marketEventPart[t] = 0;
      parts.sectorPart[t] = 0;
      parts.sessionSigma[t] = Math.min(parts.sigma[t], HELD_SESSION_SIGMA);
      held.levels.set(t, level);
      held.spanStart.set(t, span.from);
    });
    const t = span.from + span.levels.length;
    if (span.release === undefined || t >= n) continue;
    held.levels.set(t, span.release + factorsMove + parts.marketPart[t] + parts.sectorPart[t]);
    held.spanStart.set(t, span.from);
    held.moves.add(t);
  }
  return held;
}

/**
 * Actions a hold leaves out: those declared on a held day, and after a span that ends the stock
 * (a deal that closes), any declared since it began or going ex after its last day.
 */
const heldBack = (spans: HeldSpan[], dayIndex: Map<string, number>, a: CorporateAction) => {
  const announced = dayIndex.get(a.announcement_date) ?? -1;
  const ex = dayIndex.get(a.ex_date) ?? Infinity;
  return spans.some((span) => {
    const end = span.from + span.levels.length;
    if (announced >= span.from && announced < end) return true;
    return span.release === undefined && (announced >= span.from || ex >= end);
  });
};

export function stockPath(input: StockInput): StockPath {
  const { company, days, rng } = input;
  const effects = eventEffects(input.events, days.length);
  const parts = returnParts(input, exposureOf(input), effects);
  const totalReturn = parts.marketPart.map((m, t) => m + parts.sectorPart[t] + parts.idioPart[t] + effects.jumps[t]);
  const held = holdDays(input.held ?? [], parts, days.length);
  const trPrice: number[] = [];
  let level = 1;
  for (const r of totalReturn) trPrice.push((level *= Math.exp(r)));

  const startPrice = input.startPrice ?? Math.exp(rng.between(Math.log(25), Math.log(450)));
  const dayIndex = new Map(days.map((d, t) => [d, t]));
  const actions = input.withActions
    ? corporateActions({
        company,
        days,
        totalReturnPrice: trPrice,
        startPrice,
        dividendYield: input.dividendYield,
        crisisHit: input.crisisHit,
        distress: input.dividendDistress,
        listedFrom: input.listedFrom,
        rng: rng.fork("actions"),
      })
        .filter((a) => !heldBack(input.held ?? [], dayIndex, a))
        // A private company declares nothing the market sees: its actions begin with its listing.
        .filter((a) => input.listedFrom === undefined || a.announcement_date >= input.listedFrom)
    : [];
  const dividendOn = new Map<string, number>();
  const splitOn = new Map<string, number>();
  for (const a of actions) {
    if (a.action_type === "dividend") dividendOn.set(a.ex_date, a.details.amount as number);
    else splitOn.set(a.ex_date, a.details.ratio as number);
  }

  const baseShares = input.shares ?? Math.round(Math.exp(rng.between(Math.log(2e8), Math.log(6e9))));
  const baseVolume =
    input.dollarVolume !== undefined
      ? input.dollarVolume / startPrice
      : baseShares * Math.exp(rng.between(Math.log(0.004), Math.log(0.012)));
  const traded = new AsTradedPath(
    {
      ...parts,
      ...effects,
      days,
      totalReturn,
      dividendOn,
      splitOn,
      baseShares,
      baseVolume,
      shareCount: input.shareCount,
      held,
      rng,
    },
    startPrice,
  );
  for (let t = 0; t < days.length; t++) traded.step(t);
  adjustCloses(traded.bars, dividendOn, splitOn, traded.firstPrevClose);
  return { bars: traded.bars, actions, shares: traded.shares, splitMultiple: traded.splitMultiples };
}

interface TradingInput extends ReturnParts, EventEffects {
  days: string[];
  totalReturn: number[];
  dividendOn: Map<string, number>;
  splitOn: Map<string, number>;
  baseShares: number;
  /** Typical daily volume, in the first day's shares. */
  baseVolume: number;
  shareCount?: number[];
  held: HeldDays;
  rng: Rng;
}

/** A bar's metadata for a market-wide event in its session: the part of its market return the event made. */
export const marketEventOf = (part: number) => (part === 0 ? {} : { market_event_return: round10(part) });

/**
 * As-traded prices day by day: the previous close, less the dividend and divided by the split going
 * ex today, grows by the day's total return.
 */
class AsTradedPath {
  readonly bars: Bar[] = [];
  readonly shares: number[] = [];
  readonly splitMultiples: number[] = [];
  /** The close of the day before the first, for the first bar's return. */
  readonly firstPrevClose: number;
  private readonly input: TradingInput;
  private readonly normalSigma: number[];
  private prevClose: number;
  /**
   * The previous close before its rounding to the cent: each day's close is today's price rounded,
   * not yesterday's rounded close compounded, so that cents lost or gained in rounding do not add
   * up (near $1 they did, by some 10% over years, and the $1 rule, which reads the unrounded price,
   * saw a stock above $1 that closed below it for a year and a half).
   */
  private prevPrice: number;
  private splitMultiple = 1;
  private volumeNoise = 0;
  /** The close before the current held span and the split multiple then: what its levels are over. */
  private heldFrom: { close: number; splitMultiple: number } | undefined;

  constructor(input: TradingInput, startPrice: number) {
    this.input = input;
    this.normalSigma = smooth(input.sigma, NORMAL_LEVEL_HALF_LIFE);
    this.prevPrice = startPrice / Math.exp(input.totalReturn[0]);
    this.firstPrevClose = round2(this.prevPrice);
    this.prevClose = this.firstPrevClose;
  }

  step(t: number): void {
    const { days, dividendOn, splitOn, jumps, sigma } = this.input;
    const day = days[t];
    const ratio = splitOn.get(day) ?? 1;
    this.splitMultiple *= ratio;
    const base = Math.max(0.01, (this.prevPrice - (dividendOn.get(day) ?? 0)) / ratio);
    this.hold(t, base);
    const { open, high, low, close, price } = this.prices(t, base);
    this.bars.push({
      time: day,
      open,
      high,
      low,
      close,
      volume: this.volume(t),
      adjusted_close: 0, // set once all actions are known (adjustCloses)
      market_return: round10(this.input.marketPart[t]),
      sector_return: round10(this.input.sectorPart[t]),
      idiosyncratic_return: 0,
      event_return: round10(jumps[t]),
      volatility: round6(sigma[t] * Math.sqrt(TRADING_DAYS)),
      metadata: {
        split_ratio: ratio,
        dividend: dividendOn.get(day) ?? 0,
        // Lineage: the events this bar's event_return reacts to.
        source_event_ids: this.input.sourceEvents.get(t) ?? [],
        ...marketEventOf(this.input.marketEventPart[t]),
      },
    });
    // Whole shares: a reverse split's multiple is a fraction.
    this.shares.push(
      Math.round(Math.round(this.input.baseShares * (this.input.shareCount?.[t] ?? 1)) * this.splitMultiple),
    );
    this.splitMultiples.push(this.splitMultiple);
    this.prevClose = close;
    this.prevPrice = price;
  }

  /**
   * On a held day, today's return is what takes `base` to the span's level over the close before it
   * (restated for splits since): the first day's is the event's move, the others the spread's noise.
   */
  private hold(t: number, base: number): void {
    const { held, totalReturn, jumps, marketPart, sectorPart } = this.input;
    const level = held.levels.get(t);
    if (level === undefined) return;
    const from = held.spanStart.get(t)!;
    if (t === from) this.heldFrom = { close: this.prevClose, splitMultiple: this.splitMultiple };
    const anchor = this.heldFrom!;
    const target = (anchor.close * Math.exp(level) * anchor.splitMultiple) / this.splitMultiple;
    const r = Math.log(Math.max(0.01, round2(target)) / base);
    totalReturn[t] = r;
    jumps[t] = held.moves.has(t) ? r - marketPart[t] - sectorPart[t] : 0;
  }

  /** The day's OHLC and unrounded closing price from `base`, the previous price restated for today's actions. */
  private prices(t: number, base: number) {
    const { totalReturn, jumps, overnightJump, rng } = this.input;
    const sigma = this.input.sessionSigma;
    const r = totalReturn[t];
    // Overnight gap: a share of the day's move plus noise; events outside the session gap fully.
    const diffusive = r - jumps[t];
    const gap = 0.4 * diffusive + 0.3 * sigma[t] * rng.normal() + (overnightJump[t] ? jumps[t] : 0);
    const price = Math.max(0.01, base * Math.exp(r));
    const close = Math.max(0.01, round2(price));
    const open = Math.max(0.01, round2(base * Math.exp(gap)));
    const session = Math.log(close / open);
    const [up, down] = bridgeExtremes(rng, session, 0.8 * sigma[t] * sigma[t]);
    const high = Math.max(open, close, round2(open * Math.exp(up)));
    const low = Math.max(0.01, Math.min(open, close, round2(open * Math.exp(down))));
    return { open, high, low, close, price };
  }

  /** The day's volume: with latent volatility, the size of the move, events and persistent noise. */
  private volume(t: number): number {
    const { totalReturn, jumps, sigma, volumeBoost, rng } = this.input;
    const r = totalReturn[t];
    this.volumeNoise = 0.3 * this.volumeNoise + 0.28 * rng.normal();
    const logVolume =
      Math.log(this.input.baseVolume * this.splitMultiple) +
      0.8 * Math.log(sigma[t] / this.normalSigma[t]) +
      (0.15 * Math.abs(r - jumps[t])) / sigma[t] +
      this.volumeNoise +
      Math.log(volumeBoost[t]);
    return Math.round(Math.exp(logVolume));
  }
}

/**
 * adjusted_close restates history for every split and dividend in the scenario (as of its end);
 * each bar's log return ln(adj_t / adj_t-1) then equals, to floating-point precision,
 * market_return + sector_return + idiosyncratic_return + event_return: the idiosyncratic part is
 * defined as the remainder after rounding, so the identity holds on the served numbers.
 */
export function adjustCloses(
  bars: Bar[],
  dividendOn: Map<string, number>,
  splitOn: Map<string, number>,
  firstPrevClose: number,
): void {
  let factor = 1;
  for (let t = bars.length - 1; t >= 0; t--) {
    bars[t].adjusted_close = roundAdjusted(bars[t].close * factor);
    const prev = t > 0 ? bars[t - 1].close : firstPrevClose;
    const dividend = dividendOn.get(bars[t].time) ?? 0;
    factor *= (1 - dividend / prev) / (splitOn.get(bars[t].time) ?? 1);
  }
  // The day before the scenario, for the first bar's return.
  const adjBefore = roundAdjusted(firstPrevClose * factor);
  for (let t = 0; t < bars.length; t++) {
    const b = bars[t];
    const logReturn = Math.log(b.adjusted_close / (t > 0 ? bars[t - 1].adjusted_close : adjBefore));
    b.idiosyncratic_return = logReturn - b.market_return - b.sector_return - b.event_return;
    b.metadata.log_return = logReturn;
    b.metadata.previous_adjusted_close = t > 0 ? bars[t - 1].adjusted_close : adjBefore;
  }
}
