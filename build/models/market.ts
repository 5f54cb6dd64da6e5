// The market and sector factors: daily log returns driven by the regime (drift, volatility level)
// and by macro events (policy surprises, inflation prints, the catalyst). A crisis also pulls the
// market down to a depth drawn when it begins (a crisis draws down more than 20%: docs/realism.md,
// "Crisis depth").
import type { Rng } from "../ground/rng.ts";
import { inRegularSession, type WorldEvent } from "./events.ts";
import { REGIME_PARAMS, type Regime } from "./regimes.ts";
import { sd } from "./statistics.ts";
import { LEVEL_HALF_LIFE, MARKET_SHOCKS, SECTOR_SHOCKS, shockPath, smooth, smoothUpDown } from "./volatility.ts";

export const TRADING_DAYS = 252;

/** Annual volatility of each sector's own factor (beyond the market). */
export const SECTOR_VOL: Record<string, number> = {
  Utilities: 0.074,
  "Consumer Staples": 0.066,
  "Health Care": 0.081,
  "Real Estate": 0.112,
  "Communication Services": 0.089,
  Industrials: 0.074,
  Materials: 0.097,
  "Consumer Discretionary": 0.089,
  "Information Technology": 0.097,
  Financials: 0.112,
  Energy: 0.165,
};

/**
 * A crisis's fall: a depth (log points below the market's level when the crisis began) drawn
 * when it begins, approached along 1 - exp(-days / time scale); each day the drift closes `pull`
 * of the gap to that path. The target depends only on the days since the crisis began, never on
 * how long it will last (a regime's end is not known before it happens).
 */
export const CRISIS_FALL = { minDepth: 0.25, maxDepth: 0.42, timeScale: 18, pull: 0.06 };

/**
 * After a crisis the market rebounds: for `days` after it, whatever the regime, the pull goes on
 * toward a path that wins back `share` of the fall along 1 - exp(-days / time scale). Without it the recovery's
 * drift was slow against the volatility a crisis leaves (it fades with a half-life of 40 days then, 25 now),
 * and a pandemic world's market made new lows months after its crisis (3 seeds of 4). Real
 * rebounds: the S&P 500 won back about half its log fall in the nine months after March 2009, and
 * more in the five after March 2020.
 */
export const CRISIS_REBOUND = { share: 0.5, timeScale: 60, days: 240 };

/**
 * Below the aimed fall, how far the path's lowest point tends to go beneath its target, in units
 * of the pull's stationary noise (daily volatility / sqrt(2 pull)): the aim's target is set that
 * much shallower, so that the low, not the target, is the episode's fall.
 */
const AIMED_LOW_NOISE = 1;

/**
 * A crisis's fall and the rebound after it, as a daily pull on the market's return: the crisis
 * falls to a depth (log points below its first day's level), drawn, or its episode's where it is
 * aimed (crisis-episodes.ts); the target depends only on the days since the crisis began, never
 * on how long it will last (a regime's end is not known before it happens).
 */
class CrisisPath {
  private day = -1;
  private depth = 0;
  private timeScale: number = CRISIS_FALL.timeScale;
  private strength: number = CRISIS_FALL.pull;
  /** Log return since the crisis began. */
  private fallen = 0;
  /** Days since the crisis ended, in the recovery after it (-1: none). */
  private since = -1;

  private readonly rng: Rng;
  /** The aim of each day of an aimed crisis (aimsByDay). */
  private readonly aimOf: (CrisisAim | undefined)[];

  constructor(rng: Rng, aimOf: (CrisisAim | undefined)[]) {
    this.rng = rng;
    this.aimOf = aimOf;
  }

  /** Today's pull (daily log return) in `regime`. */
  pull(t: number, regime: Regime): number {
    if (regime === "crisis") {
      if (this.day < 0) this.begin(t);
      else this.day++;
      this.since = -1;
      const target = -this.depth * (1 - Math.exp(-(this.day + 1) / this.timeScale));
      return this.strength * (target - this.fallen);
    }
    if (this.day >= 0) this.since = 0;
    else if (this.since >= 0) this.since++;
    this.day = -1;
    if (this.since < 0 || this.since >= CRISIS_REBOUND.days) return 0;
    const won = CRISIS_REBOUND.share * (1 - Math.exp(-(this.since + 1) / CRISIS_REBOUND.timeScale));
    return this.strength * (-this.depth * (1 - won) - this.fallen);
  }

  add(r: number): void {
    this.fallen += r;
  }

  private begin(t: number): void {
    this.day = 0;
    this.fallen = 0;
    const drawn = this.rng.between(CRISIS_FALL.minDepth, CRISIS_FALL.maxDepth);
    const aim = this.aimOf[t];
    if (!aim) {
      this.depth = -Math.log(1 - drawn);
      this.timeScale = CRISIS_FALL.timeScale;
      this.strength = CRISIS_FALL.pull;
      return;
    }
    // An aimed crisis falls its episode's depth (the draw is made either way, for the stream),
    // its target shallower by the noise its lowest point adds.
    this.strength = AIMED_FALL.pull;
    this.timeScale = Math.min(AIMED_FALL.maxTimeScale, Math.max(AIMED_FALL.minTimeScale, aim.days / 3));
    const noise = (aim.peakVol / Math.sqrt(TRADING_DAYS) / Math.sqrt(2 * this.strength)) * AIMED_LOW_NOISE;
    this.depth = Math.max(0.05, -Math.log(1 - aim.drawdown) - noise);
  }
}

/** `x` below `knee`; above it, eased smoothly toward `knee + room` (so no run of days sits at a ceiling). */
export const easeAbove = (x: number, knee: number, room: number): number =>
  x <= knee ? x : knee + room * Math.tanh((x - knee) / room);

/**
 * Daily volatility eases above 3.5% toward 7% (about 110% a year: the S&P 500's 20-day realized
 * volatility peaked near 90% in October 2008, its quarter's near 73%), so feedback between
 * shocks, GARCH and the levels cannot spiral.
 */
const softCapVol = (v: number): number => easeAbove(v, 0.035, 0.035);

/**
 * The market's valuation returns toward day one's (the anchors' real-era level): each day the
 * drift closes this share, over a year, of the gap between the market's log total return and its
 * trend, the economy's log sales growth plus the dividend yield (half-life about 3.5 years).
 * Without it, that gap after 15 years of regimes spread like a random walk's (sd 0.52, median
 * +0.43); with it, sd 0.21 and median +0.14, a long expansion's drift still lifting the market as
 * real booms lift P/E.
 */
export const MARKET_VALUATION_PULL = 0.2;

/** The market's dividend yield: its total return is its price's plus this (S&P 500 2005-2019: about 2%). */
export const MARKET_DIVIDEND_YIELD = 0.02;

/** The size a day's diffusive market move eases toward (log return). */
const MAX_DIFFUSIVE_MOVE = 0.12;

/**
 * Share of yesterday's diffusive move the market gives back today: the real index's daily
 * returns are slightly negatively autocorrelated (S&P 500 1999-2018: median lag-1 ACF -0.05 over
 * 60-day windows), which a classifier of 60-day windows reads.
 */
export const DAILY_REVERSAL = 0.04;

/**
 * The market's rises revert over weeks: each day outside an aimed crisis gives back `share` of the
 * mean diffusive move of the last `days` days where that mean is a rise, less what it gives back on
 * average at the regime's volatility (so the drift is unchanged). The real S&P 500's variance ratio
 * over a month (the variance of 21-day sums of daily log returns over 21 times the daily variance; 1
 * for independent days) is 0.72-0.75 (skfolio's index 1990-2022, with or without its crises); ours
 * was 0.94 (crisis-cycle-2005, 16 seeds). Giving back 0.2 of falls too (0.73.0) brought it there but
 * slowed the fast falls as much as the slow rises: the wait for the index to rise 4.75 daily sd over
 * the wait to fall as far (Jensen et al. 2003; real 1.54-4.33 in every 15-year window, REALISM's
 * band at least 1.5) was in band at 32 of 60 seeds of crisis-cycle-2005; giving back rises only,
 * 42, at the same monthly variance ratio (docs/realism-panel.md, "Generator 0.74.0").
 */
export const WEEKLY_REVERSION = { share: 0.5, days: 21 };

/** WEEKLY_REVERSION's give-back for a mean move `mean` of the last days, centred at daily volatility `v`: E[max(m, 0)] = v / sqrt(2 pi days). */
const weeklyGiveBack = (mean: number, v: number): number =>
  WEEKLY_REVERSION.share * (Math.max(0, mean) - v / Math.sqrt(2 * Math.PI * WEEKLY_REVERSION.days));

/**
 * Outside a crisis, the market's fall from its highest close of the last quarter (not reaching back
 * into a crisis) beyond `depth` (log; a 30% fall) is pulled back at `pull` a year per unit of log
 * fall beyond it. The real S&P 500's deepest such fall outside its crisis episodes was 28% (July
 * 2002; skfolio's index 1990-2022), the next 21% (2022); ours reached 52% in a quarter (an
 * inflation shock, crisis-cycle-2005 at seed 10, deeper than its 2008), and 89 of 2,120 worlds
 * (the library at seeds 1-10) fell beyond 30% in one.
 */
const CALM_FALL = { depth: -Math.log(1 - 0.3), pull: 100 };

/**
 * Outside a crisis the market's shock scale (its volatility multiplier, mean square 1) eases above
 * `knee` toward `knee + room`. The real S&P 500's loudest quarter outside 2008-2009 and 2020 ran at
 * 38% a year (2002; skfolio's index 1990-2022); 69 of 9,421 of ours without a crisis day ran above
 * 40% (the library's crisis stories at seeds 1-40), up to 61% in ipo-cycle-2006's inflation shock at
 * seed 3, louder than its story's crisis; 39 with this ceiling and WEEKLY_REVERSION.
 */
const CALM_SCALE_CEILING = { knee: 1.6, room: 0.6 };

/**
 * The scenario's market volatility is scaled by this: the market's volatility level is
 * log-normal with a wide spread (its slow components), so its mean square sits well above its
 * median, and at the scenario's nominal level the typical 60-day window of a 2005-2019 world
 * would be calmer than 15% but the whole sample wilder than the real index's (about 18%).
 */
export const MARKET_VOL_SCALE = 0.9;

/**
 * Share of yesterday's shock a sector's or a style's factor gives back today, as the market's
 * DAILY_REVERSAL: real stocks' daily returns are slightly negatively autocorrelated (skfolio's 20
 * S&P 500 stocks 2005-2019: median lag-1 ACF -0.04, docs/realism-panel.md).
 */
export const FACTOR_REVERSAL = 0.05;

/**
 * The cross-section's dispersion: a multiplier of every stock's idiosyncratic volatility, shared by
 * the day. Its log is a slow AR(1) (`phi`, `sd`) fed by the market's absolute shock (`memory`),
 * plus the same day's absolute shock (`sameDay`): on a big market day stocks spread apart, and
 * the spread lasts. Real dispersion (sd across 20 S&P 500 stocks' daily returns, 2005-2019) has a
 * lag-1 autocorrelation of 0.48 and a correlation of 0.44 with the market's absolute return; with
 * idiosyncratic volatility of each stock's own, ours had 0.26 and 0.18 (docs/realism-panel.md).
 */
export const DISPERSION = { phi: 0.98, sd: 0.05, memory: 0.02, sameDay: 0.15 };

/** E|z| and var|z| of the market's unit-variance shock (Student t, 10 degrees of freedom). */
const MEAN_ABS_SHOCK = 0.78;
const VAR_ABS_SHOCK = 1 - MEAN_ABS_SHOCK ** 2;

/** The dispersion multiplier by day (mean square about 1) from the market's shocks. */
export function dispersionPath(rng: Rng, marketShocks: number[]): number[] {
  const { phi, sd, memory, sameDay } = DISPERSION;
  // Stationary variance of the log multiplier: dividing by exp(var) keeps its mean square near 1.
  const variance = (sd ** 2 + memory ** 2 * VAR_ABS_SHOCK) / (1 - phi ** 2) + sameDay ** 2 * VAR_ABS_SHOCK;
  let h = 0;
  return marketShocks.map((z) => {
    const move = Math.abs(z) - MEAN_ABS_SHOCK;
    h = phi * h + memory * move + sd * rng.normal();
    return Math.exp(h + sameDay * move - variance);
  });
}

/** Regime volatility level above which a quiet shock scale is lifted (only a crisis's is). */
const CRISIS_DAMPING_LEVEL = 0.8;

export interface MarketFactor {
  /** Daily log return of the market factor (beta 1), macro event jumps included. */
  returns: number[];
  /** Part of `returns` that came from macro events. */
  eventReturns: number[];
  /**
   * Part of `eventReturns` from events public during the regular session (a Fed decision at 14:00),
   * which the intraday path makes at their minute (src/families/prices/session-news.ts).
   */
  sessionEventReturns: number[];
  /** Conditional daily volatility. */
  vol: number[];
  /**
   * Daily volatility of a calm market (an expansion's level) at the scenario's base: what stress is
   * judged against before a world has a history of its own.
   */
  calmVol: number;
  /** Daily volatility expected over the next month (21 trading days), known at today's close. */
  monthVol: number[];
  /** Multiplier of every stock's idiosyncratic volatility by day (dispersionPath). */
  dispersion: number[];
  /**
   * The daily log total return the economy gives a company that grows with it and pays the market's
   * yield: its sales growth plus the yield. `returns` swing around it; a stock's beta scales the swings.
   */
  trend: number[];
}

/**
 * A crisis that stands for a real one (crisis-episodes.ts): from its first day, its volatility
 * level is the one that reaches `peakVol` over its worst quarter, and its fall is `drawdown`.
 */
export interface CrisisAim {
  start: number;
  peakVol: number;
  drawdown: number;
  /** Trading days the real episode took from its first day to its low. */
  days: number;
}

/**
 * An aimed crisis:
 * - follows its fall more closely than a drawn one (`pull`), along a time scale of a third of its
 *   episode's days within these bounds (the 2020 crash took 21 trading days to its low, 2008's 120;
 *   capped at 18 days, 2008's fall came in days of 4% of drift, and the index's skewness fell below
 *   -1), and lasts at least as long as its episode (regimes.ts);
 * - damps its shock scale to the power `damp` whether quiet or loud;
 * - eases its volatility level from its peak toward a drawn crisis's (`levelHalfLife`, days): real
 *   2008's daily volatility was 80% a year in October and November and near 40% by February. Held
 *   at its peak for the crisis's 60-150 days, a world's VIX sat above 40 on 5-8% of its days (real
 *   2005-2019: about 4%);
 * - gives its shocks a random sign, and gives back `reversal` of the day before's move: a real
 *   crisis's days are wild both ways and give back much of the day before (the S&P 500 from
 *   2008-09-15 to 2009-03-09: skewness +0.15, lag-1 autocorrelation -0.16; 2020's crash -0.44),
 *   and the left-skewed t of the market's shocks, with its leverage, made 2008 the index's
 *   whole-sample skewness below -1 at two seeds of four.
 */
const AIMED_FALL = { pull: 0.1, minTimeScale: 5, maxTimeScale: 60, damp: 0.3, levelHalfLife: 30, reversal: 0.08 };

/**
 * A crisis's regime level that aims at an annual volatility: the level's multiple of the scaled
 * base, less what the shocks add over a quarter (their scale's mean square is about 1, but its
 * quiet draws are lifted in a crisis and its loud ones kept). Measured on the gfc-2008 and
 * pandemic-2020 themes' markets over eight seeds each; 1.3 since volatility comes down after a
 * crisis with a half-life of 25 days (LEVEL_HALF_LIFE; at 1.2 the worst gfc-2008 worlds' peak quarter
 * fell to 45% a year, under its tolerance).
 */
const CRISIS_AIM_SCALE = 1.3;

/**
 * A story's crisis that stands for no real episode (a future branch's, bank-run's) has no figures to
 * reach, but its story says it is the world's worst spell (story_crisis_window). At its first day,
 * where needed, its volatility is lifted so that its level's (a calm market's about 2.6 times) is
 * this multiple of the loudest quarter its world has had: known then, so the days before it do not
 * depend on it. A crisis's realized quarter runs under its level's volatility (a quiet shock scale is
 * only partly lifted, and the level rises over days), so the multiple is above 1: at 1.25 one
 * market of 119 still failed (the seven themes whose story crisis stands for none, at seventeen
 * seeds). Without the lift, 3 of those markets' crises were milder than a quarter before them, such
 * as future-pandemic's 32.6% a year in 2026 at seed 3 (docs/realism-panel.md, "The library's
 * stories"). After the crisis the lift fades with a half-life of `fadeDays`: at the level's own
 * (25 days) a lifted crisis's high-yield spread stayed in the crisis band 26 days after it, where
 * the credit cycle ends it within 20 (test/worlds/market.test.ts).
 */
const STORY_CRISIS_LIFT = { margin: 1.5, fadeDays: 10 };

/** Trading days in a quarter: the window of a crisis's peak volatility, and of the high its drawdown is measured from. */
export const QUARTER = 63;

/** Annualized volatility of `returns[end - QUARTER + 1 .. end]` (daily log returns; end >= 1). */
export const quarterVol = (returns: readonly number[], end: number): number =>
  sd(returns.slice(Math.max(0, end - QUARTER + 1), end + 1)) * Math.sqrt(TRADING_DAYS);

/** The annualized volatility of the loudest whole quarter of `returns` that ends before day `end`. */
function loudestQuarter(returns: readonly number[], end: number): number {
  let loudest = 0;
  for (let last = QUARTER - 1; last < end; last++) loudest = Math.max(loudest, quarterVol(returns, last));
  return loudest;
}

/** The aim of each day of an aimed crisis (from its first day while the regime stays a crisis); undefined elsewhere. */
function aimsByDay(regimes: Regime[], aims: CrisisAim[]): (CrisisAim | undefined)[] {
  const byDay: (CrisisAim | undefined)[] = regimes.map(() => undefined);
  for (const aim of aims) for (let t = aim.start; t < regimes.length && regimes[t] === "crisis"; t++) byDay[t] = aim;
  return byDay;
}

/** The regime's volatility level by day (before smoothing): an aimed crisis's from its first day on. */
function regimeLevels(regimes: Regime[], baseVol: number, aimOf: (CrisisAim | undefined)[]): number[] {
  return regimes.map((r, t) => {
    const aim = aimOf[t];
    if (!aim) return REGIME_PARAMS[r].volLevel;
    const peak = (CRISIS_AIM_SCALE * aim.peakVol) / baseVol;
    const floor = Math.min(peak, REGIME_PARAMS.crisis.volLevel);
    return floor + (peak - floor) * Math.pow(0.5, (t - aim.start) / AIMED_FALL.levelHalfLife);
  });
}

/**
 * Lifts a story crisis from its first day `start` so that its level's volatility is STORY_CRISIS_LIFT's
 * margin times `loudness` (the loudest quarter before it over the crisis level's volatility), if it
 * is not; after the crisis the lift fades (STORY_CRISIS_LIFT.fadeDays).
 */
function liftCrisis(lift: number[], regimes: Regime[], start: number, loudness: number): void {
  const by = Math.max(1, STORY_CRISIS_LIFT.margin * loudness);
  let t = start;
  for (; t < regimes.length && regimes[t] === "crisis"; t++) lift[t] = by;
  for (let k = 1; t < regimes.length; t++, k++) lift[t] = 1 + (by - 1) * Math.pow(0.5, k / STORY_CRISIS_LIFT.fadeDays);
}

/**
 * A story whose crisis is its world's worst spell (story_crisis_window) holds to that after the
 * crisis: from `after` days past its last day (a fall's low within a quarter of it counts as the
 * crisis's),
 * - a fall below the market's high beyond `floor` of the crisis's own (log) is pulled back, at
 *   `pull` a year per unit of log fall beyond it (a near floor: markets retested the 2009 and 2020
 *   lows and held);
 * - volatility eases above `volKnee` of the crisis's loudest quarter toward `volKnee + volRoom`.
 * Without it (and WEEKLY_REVERSION, CALM_SCALE_CEILING), 25 of 960 worlds (the library's 24 crisis
 * stories at seeds 1-40) fell deeper or ran louder after their crisis than in it: a long run of
 * one-signed shocks in an expansion (crisis-cycle-2005 at seed 3: 71% below its high against 49% in
 * 2008), or a recovery louder than a mild crisis that stands for no episode; with them, none
 * (docs/realism-panel.md, "Generator 0.73.0").
 */
const AFTER_STORY_CRISIS = { after: 42, floor: 0.8, pull: 100, volKnee: 0.8, volRoom: 0.1 };

/** The market after a story's crisis (AFTER_STORY_CRISIS): what the crisis reached, and the pull and the ease after it. */
class AfterStoryCrisis {
  /** The market's log level and its highest so far. */
  private level = 0;
  private high = 0;
  /** The crisis's deepest log fall below the high, and its loudest quarter (annualized). */
  private fall = 0;
  private loudest = 0;
  /** The crisis's last day so far. */
  private last = -Infinity;
  private readonly held: boolean;

  constructor(held: boolean) {
    this.held = held;
  }

  /** Before day t's move (returns holds days before t): notes the crisis's fall and its loudest quarter. */
  observe(t: number, regime: Regime, returns: readonly number[]): void {
    if (!this.held) return;
    if (regime === "crisis") {
      this.last = t;
      this.fall = Math.max(this.fall, this.high - this.level);
    }
    if (t - this.last <= AFTER_STORY_CRISIS.after && t > QUARTER)
      this.loudest = Math.max(this.loudest, quarterVol(returns, t - 1));
  }

  /** Today's pull (daily log return) back toward the floor. */
  pull(t: number): number {
    if (!this.after(t)) return 0;
    const beyond = this.high - this.level - AFTER_STORY_CRISIS.floor * this.fall;
    return (AFTER_STORY_CRISIS.pull / TRADING_DAYS) * Math.max(0, beyond);
  }

  /** A daily volatility, eased after the crisis. */
  vol(t: number, v: number): number {
    if (!this.after(t)) return v;
    const loudest = this.loudest / Math.sqrt(TRADING_DAYS);
    return easeAbove(v, AFTER_STORY_CRISIS.volKnee * loudest, AFTER_STORY_CRISIS.volRoom * loudest);
  }

  add(r: number): void {
    this.level += r;
    this.high = Math.max(this.high, this.level);
  }

  private after(t: number): boolean {
    return this.held && this.fall > 0 && t - this.last > AFTER_STORY_CRISIS.after;
  }
}

/** The market's log levels since its last crisis day, for CALM_FALL. */
class CalmFall {
  /** levels[t]: the log level before day t's move. */
  private readonly levels: number[] = [0];
  private lastCrisis = -1;

  /** Today's pull (daily log return) on a fall beyond CALM_FALL.depth from the last quarter's high. */
  pull(t: number, regime: Regime): number {
    if (regime === "crisis") {
      this.lastCrisis = t;
      return 0;
    }
    let high = -Infinity;
    for (let k = Math.max(0, t - QUARTER + 1, this.lastCrisis + 1); k <= t; k++) high = Math.max(high, this.levels[k]);
    return (CALM_FALL.pull / TRADING_DAYS) * Math.max(0, high - this.levels[t] - CALM_FALL.depth);
  }

  add(r: number): void {
    this.levels.push(this.levels.at(-1)! + r);
  }
}

/** The last `days` values added (missing days count as 0): the latest, for DAILY_REVERSAL, and their mean, for WEEKLY_REVERSION. */
class RecentMoves {
  private readonly values: number[] = [];
  private sum = 0;
  private readonly days: number;

  constructor(days: number) {
    this.days = days;
  }

  get mean(): number {
    return this.sum / this.days;
  }

  get last(): number {
    return this.values.at(-1) ?? 0;
  }

  add(x: number): void {
    this.values.push(x);
    this.sum += x;
    if (this.values.length > this.days) this.sum -= this.values.shift()!;
  }
}

/** What a scenario's story asks of its market's crises. */
export interface StoryCrises {
  /** The crises that stand for a real episode, and what each reaches (crisis-episodes.ts). */
  aims?: CrisisAim[];
  /** The first days of the story's crises that stand for none: each is lifted (STORY_CRISIS_LIFT). */
  unaimed?: number[];
  /** The story is a crisis: the market stays milder after it (AFTER_STORY_CRISIS). */
  held?: boolean;
}

export function marketFactor(
  rng: Rng,
  regimes: Regime[],
  baseAnnualVol: number,
  events: WorldEvent[],
  { aims = [], unaimed = [], held = false }: StoryCrises = {},
): MarketFactor {
  const n = regimes.length;
  const aimOf = aimsByDay(regimes, aims);
  const level = smoothUpDown(
    regimeLevels(regimes, MARKET_VOL_SCALE * baseAnnualVol, aimOf),
    LEVEL_HALF_LIFE.up,
    LEVEL_HALF_LIFE.down,
  );
  const drift = smooth(
    regimes.map((r) => REGIME_PARAMS[r].drift),
    5,
  );
  const shocks = shockPath(rng, n, MARKET_SHOCKS, true);
  const crisisPath = new CrisisPath(rng.fork("crisis-depth"), aimOf);
  const eventReturns = new Array<number>(n).fill(0);
  const sessionEventReturns = new Array<number>(n).fill(0);
  for (const e of events) {
    if (e.ticker !== null) continue;
    eventReturns[e.effect.reactionDay] += e.effect.jump;
    if (inRegularSession(e.public_release_datetime)) sessionEventReturns[e.effect.reactionDay] += e.effect.jump;
  }
  const base = (MARKET_VOL_SCALE * baseAnnualVol) / Math.sqrt(TRADING_DAYS);
  // In a crisis the regime's level dominates: a quiet shock scale (below 1) is lifted toward 1
  // (power below 1), so a crisis that begins in a calm spell still reaches crisis volatility; a
  // high one is kept, so the crisis's own shocks still raise volatility (leverage, tails).
  // An aimed crisis (crisis-episodes.ts) damps a loud scale too: its volatility is its episode's.
  const damp = level.map((l) => Math.min(1, CRISIS_DAMPING_LEVEL / l));
  // A story crisis without an episode is lifted above its world's loudest quarter (STORY_CRISIS_LIFT).
  const lift = new Array<number>(n).fill(1);
  const after = new AfterStoryCrisis(held);
  const scaleOf = (s: number, t: number) => {
    if (aimOf[t]) return Math.pow(s, Math.min(damp[t], AIMED_FALL.damp));
    if (s < 1) return Math.pow(s, damp[t]);
    return regimes[t] === "crisis" ? s : easeAbove(s, CALM_SCALE_CEILING.knee, CALM_SCALE_CEILING.room);
  };
  const volOf = (s: number, t: number) => after.vol(t, softCapVol(lift[t] * base * level[t] * scaleOf(s, t)));
  const vol: number[] = [];
  // Known at today's close: the month's expected shock scale, but today's regime level (tomorrow's regime is not public).
  const monthVol: number[] = [];
  const returns: number[] = [];
  const trend = regimes.map((r) => (REGIME_PARAMS[r].salesGrowth + MARKET_DIVIDEND_YIELD) / TRADING_DAYS);
  let valuation = 0; // the market's log total return less its trend, both since day one
  const recentMoves = new RecentMoves(WEEKLY_REVERSION.days);
  const calmFall = new CalmFall();
  const crisisSign = rng.fork("crisis-signs");
  for (let t = 0; t < n; t++) {
    if (unaimed.includes(t) && regimes[t] === "crisis")
      liftCrisis(
        lift,
        regimes,
        t,
        loudestQuarter(returns, t) / (base * Math.sqrt(TRADING_DAYS) * REGIME_PARAMS.crisis.volLevel),
      );
    after.observe(t, regimes[t], returns);
    const pull =
      (-MARKET_VALUATION_PULL / TRADING_DAYS) * valuation +
      crisisPath.pull(t, regimes[t]) +
      after.pull(t) +
      calmFall.pull(t, regimes[t]);
    const v = volOf(shocks.scale[t], t);
    vol.push(v);
    monthVol.push(volOf(shocks.monthScale[t], t));
    // A day's diffusive move eases toward 12% (real index days: -9% and +12% in 2008, -20% once in
    // 1987): at crisis volatility a t draw of 4-5 sd would otherwise be a 20-25% day.
    const z = aimOf[t] ? (crisisSign.uniform() < 0.5 ? -1 : 1) * Math.abs(shocks.z[t]) : shocks.z[t];
    const move = MAX_DIFFUSIVE_MOVE * Math.tanh((v * z) / MAX_DIFFUSIVE_MOVE);
    const reversal = aimOf[t]
      ? AIMED_FALL.reversal * recentMoves.last
      : DAILY_REVERSAL * recentMoves.last + weeklyGiveBack(recentMoves.mean, base * level[t]);
    const r = drift[t] / TRADING_DAYS + pull - (v * v) / 2 + move - reversal + eventReturns[t];
    recentMoves.add(move);
    crisisPath.add(r);
    after.add(r);
    calmFall.add(r);
    valuation += r - trend[t];
    returns.push(r);
  }
  const dispersion = dispersionPath(rng.fork("dispersion"), shocks.z);
  const calmVol = base * REGIME_PARAMS.expansion.volLevel;
  return { returns, eventReturns, sessionEventReturns, vol, calmVol, monthVol, dispersion, trend };
}

export interface SectorFactor {
  returns: number[];
  vol: number[];
  /**
   * A sector's: the daily variance it does not carry where the market is calm (SECTOR_FOLLOWS_MARKET)
   * against its level of the regime, which its stocks move by on their own instead (prices.ts).
   */
  shed?: number[];
}

/**
 * A sector's co-movement follows its market's volatility: its factor's volatility is `share` times
 * the market's over the market's calm level, at most `ceiling`, times its SECTOR_VOL and its own
 * shock scale. What a calm market leaves of the sector's variance at the regime's level (factorPath)
 * is not lost: the sector's stocks move by it on their own (`shed`). In the real S&P 500 panel of
 * 2005-2014, the calmest fifth of 60-day windows had a residual correlation within a sector of
 * 0.18, where ours with a sector of fixed volatility had 0.45, and the real stocks spread apart
 * more (daily dispersion 0.012 against 0.010); in the loudest fifth the sectors carried more of the
 * co-movement than ours (second eigenvalue's share 0.090 against 0.070; docs/realism-panel.md,
 * "Generator 0.75.0").
 */
export const SECTOR_FOLLOWS_MARKET = { share: 0.55, ceiling: 1.6 };

/**
 * A sector's valuation against the market returns toward its trend at the market's pace: each day
 * its factor closes this share, over a year, of the gap between its log return and the scenario's
 * rerating of it. As a random walk, a sector's factor over 15 years spread by sd 0.32 (Financials),
 * and its companies' price-to-sales ratios with it.
 */
export const SECTOR_VALUATION_PULL = MARKET_VALUATION_PULL;

/**
 * The most a scenario's tilt of a sector moves the sector's valuation (its P/E) over the whole
 * scenario (log): technology's rose about 0.4 in 2023, while US financials' P/E against the market's
 * moved little from 2006 to 2018 (their lag ran through their earnings and their share issuance).
 */
export const SECTOR_RERATING_LIMIT = 0.5;

/**
 * The most the tilt then moves the sector's operating margins over the scenario (log), within what
 * keeps a sector's net margins in their range: US financials' net margins fell by about this much
 * from 2006 to 2010-2012.
 */
export const SECTOR_MARGIN_LIMIT = 0.4;

/**
 * The most the tilt then moves its companies' value per share through their share counts over the
 * scenario (log): a lagging sector issues shares, a leading one buys them back. US banks issued
 * about this much from 2008 to 2010 (Bank of America's count rose from 4.6 to 10.1 billion).
 */
export const SECTOR_SHARES_LIMIT = 0.5;

/**
 * A sector's tilt (log a year, over `years`) as a rerating of its valuation, a drift of its
 * companies' operating margins, of their share counts and of their sales growth, each taking what
 * the ones before leave up to its limit: a year's tilt is mostly a rerating, fifteen years' mostly
 * business. Each part is its contribution to the sector's return (negative: lagging).
 */
export function sectorTiltParts(
  tilt: number,
  years: number,
): { rerating: number; margin: number; shares: number; sales: number } {
  let left = tilt;
  const take = (limit: number) => {
    const part = Math.sign(left) * Math.min(Math.abs(left), limit / years);
    left -= part;
    return part;
  };
  const rerating = take(SECTOR_RERATING_LIMIT);
  const margin = take(SECTOR_MARGIN_LIMIT);
  const shares = take(SECTOR_SHARES_LIMIT);
  return { rerating, margin, shares, sales: left };
}

/**
 * A sector's own factor: its shocks around a trend of `rerating` (log a year), to which it returns,
 * at a volatility that follows the market's (SECTOR_FOLLOWS_MARKET).
 */
export function sectorFactor(
  rng: Rng,
  sector: string,
  regimes: Regime[],
  market: Pick<MarketFactor, "vol" | "calmVol">,
  rerating = 0,
): SectorFactor {
  const { share, ceiling } = SECTOR_FOLLOWS_MARKET;
  const follow = (t: number) => Math.min(ceiling, (share * market.vol[t]) / market.calmVol);
  return factorPath(rng, SECTOR_VOL[sector] ?? 0.12, regimes, rerating, follow);
}

/**
 * A factor beyond the market (a sector's, a style's): shocks of `annualVol` whose level rises
 * mildly with the regime's, around a trend of `rerating` (log a year) to which it returns; a
 * share of each day's shock is given back the next day (FACTOR_REVERSAL). With `follow`, day t's
 * level is follow(t) in place of the regime's, and the variance it leaves of the regime's is `shed`.
 */
export function factorPath(
  rng: Rng,
  annualVol: number,
  regimes: Regime[],
  rerating = 0,
  follow?: (t: number) => number,
): SectorFactor {
  const n = regimes.length;
  const level = smoothUpDown(
    regimes.map((r) => Math.pow(REGIME_PARAMS[r].volLevel, 0.25)),
    LEVEL_HALF_LIFE.up,
    LEVEL_HALF_LIFE.down,
  );
  const base = annualVol / Math.sqrt(TRADING_DAYS);
  const shocks = shockPath(rng, n, SECTOR_SHOCKS);
  const followed = follow ? level.map((_, t) => follow(t)) : level;
  const vol = shocks.scale.map((s, t) => base * followed[t] * s);
  const trend = rerating / TRADING_DAYS;
  let valuation = 0; // the factor's log return less its trend, since day one
  let prevShock = 0;
  const returns = vol.map((v, t) => {
    const shock = v * shocks.z[t];
    const r = trend - (SECTOR_VALUATION_PULL / TRADING_DAYS) * valuation + shock - FACTOR_REVERSAL * prevShock;
    prevShock = shock;
    valuation += r - trend;
    return r;
  });
  if (!follow) return { returns, vol };
  const shed = shocks.scale.map((s, t) => Math.max(0, (base * s) ** 2 * (level[t] ** 2 - followed[t] ** 2)));
  return { returns, vol, shed };
}

/** The scenario's tilt of a sector (its theme's, or its story's), split over a world of `days` trading days. */
export const sectorTilt = (source: { sector_tilts: Record<string, number> }, sector: string, days: number) =>
  sectorTiltParts(source.sector_tilts[sector] ?? 0, days / TRADING_DAYS);

/**
 * The yearly drift that makes a stated sector lead or lag: two standard deviations of a sector
 * group's cap-weighted excess return over the scenario's length. Its price noise (about 0.25 a
 * year, betas and stock noise included) returns toward its business at 0.2 a year; its business's
 * own growth differs from the rest's by about 5.5% a year for good (a company's premium is 6%, and
 * one or two large companies weigh most in a group): 0.47 a year for one year (energy led the
 * S&P 500 by about 75 points in 2022), 0.12 for fifteen. Over fifteen years this gives an sd of
 * 0.91; over 40 draws of crisis-cycle-2005 the financials' excess varied by sd 0.73.
 */
export function storyTilt(start: string, end: string): number {
  const years = Math.max(0.25, (Date.parse(end) - Date.parse(start)) / (365.25 * 86_400_000));
  const pull = SECTOR_VALUATION_PULL;
  const priceVariance = (0.25 ** 2 * (1 - Math.exp(-2 * pull * years))) / (2 * pull);
  const businessVariance = (0.055 * years) ** 2;
  return (2 * Math.sqrt(priceVariance + businessVariance)) / years;
}
