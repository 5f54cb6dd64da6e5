// The score of an evaluation run: pure arithmetic over the run's daily closes and its ledger.
//
// Where each definition comes from (252 periods a year throughout; the formulas are re-derived here,
// not ported):
// - Daily returns: simple returns between consecutive closes of the book (empyrical simple_returns).
// - Risk-free: each day's policy rate, annual percent, as a daily rate r/100/252, subtracted from that
//   day's return (empyrical's `risk_free` / `required_return` arguments, given per day).
// - total_return: last close over first close, minus one (empyrical cum_returns_final).
// - cagr: the total growth raised to 252/n, minus one, n the number of returns (empyrical annual_return).
// - annual_volatility: sample standard deviation (ddof 1) of the returns times sqrt(252) (empyrical
//   annual_volatility).
// - sharpe_ratio: mean over sample standard deviation of the excess returns, times sqrt(252) (empyrical
//   sharpe_ratio).
// - sortino_ratio: mean excess return times 252 over the annualised downside deviation, the root of the
//   mean of the squared shortfalls below the risk-free rate (days above it count as zero) times sqrt(252)
//   (empyrical sortino_ratio with downside_risk).
// - max_drawdown: the worst fall of the book's close from its running peak, as a negative fraction
//   (empyrical max_drawdown); calmar_ratio: cagr over its magnitude, undefined without a drawdown
//   (empyrical calmar_ratio).
// - beta: covariance of the excess returns of book and benchmark over the variance of the benchmark's
//   (empyrical beta); alpha: one plus the mean daily excess return left after beta, compounded over 252
//   days, minus one (empyrical alpha).
// - information_ratio: mean over sample standard deviation of the book's return less the benchmark's,
//   times sqrt(252) (empyrical excess_sharpe, which is not annualised there; annualised here).
// - appraisal_ratio (Treynor-Black): alpha over the annualised residual risk, the population standard
//   deviation of the regression's residuals times sqrt(252) (PerformanceAnalytics AppraisalRatio with
//   SpecificRisk, after Bacon 2008).
// - turnover: value of all fills, buys and sells both, over the book's mean close, annualised by 252/n;
//   replacing the whole book once counts 2 (pyfolio get_turnover with the portfolio-value denominator,
//   one common denominator for the run rather than each day's, so fills need not fall on scored days).
// - average_exposure: the mean over the scored days of gross exposure over the book's value (pyfolio
//   gross_lev).
// - round trips and hit_rate: FIFO lots per ticker, as pyfolio extract_round_trips matches them, but a
//   trip runs from flat back to flat (or until the position crosses zero), so partial closes stay in
//   their trip; hit_rate is the share of closed trips with pnl > 0 (pyfolio's "percent profitable").
//   A trip's pnl is its realised price pnl less the commissions of its fills (a fill that crosses zero
//   splits its commission by shares) plus dividends credited while it is open (or, if the ticker is flat
//   on the dividend's date, to the ticker's last trip).
// Anything undefined (too few returns, zero volatility, no trips, no drawdown) is null, as is any
// non-finite result (a book that reached zero).

/** One trading day of a run, at its close. */
export interface ScoredDay {
  date: string; // YYYY-MM-DD
  equity: number; // the book's value at the close (cash + marked positions), USD
  benchmark: number; // the benchmark's value at the close (a frictionless buy-and-hold of the same starting cash), USD
  risk_free_rate: number; // the policy rate in force that day, annual, in PERCENT (5.13 means 5.13%)
  gross_exposure: number; // sum of |position market value| at the close, USD
}

/** A fill as the ledger records it (shares are positive; side says the direction). */
export interface ScoredFill {
  date: string;
  ticker: string;
  side: "buy" | "sell";
  shares: number;
  price: number;
  commission: number;
}

/** A split on its ex-date: every held share of `ticker` becomes `ratio` shares (2 for a 2-for-1). */
export interface ScoredSplit {
  date: string;
  ticker: string;
  ratio: number;
}

/** A dividend as the book received it: cash received (+) or paid on a short (-), USD. */
export interface ScoredDividend {
  date: string;
  ticker: string;
  cash: number;
}

export interface ScoreInput {
  days: ScoredDay[]; // in date order; days[0] is the run's start day (its close = starting cash, before any fill)
  fills: ScoredFill[];
  splits: ScoredSplit[];
  dividends: ScoredDividend[];
  costs_paid: number; // commissions + spread + impact + borrow fees, USD (given: the book knows them)
}

export interface Score {
  total_return: number | null;
  cagr: number | null;
  annual_volatility: number | null;
  sharpe_ratio: number | null;
  sortino_ratio: number | null;
  max_drawdown: number | null;
  calmar_ratio: number | null;
  beta: number | null;
  alpha: number | null;
  information_ratio: number | null;
  appraisal_ratio: number | null;
  turnover: number | null;
  costs_paid: number | null;
  hit_rate: number | null;
  round_trips: number | null;
  average_exposure: number | null;
  trading_days: number | null;
}

/** One round trip of a ticker: from flat until flat again (or across zero). `closed` is null while open. */
export interface RoundTrip {
  ticker: string;
  opened: string;
  closed: string | null;
  pnl: number;
}

const PERIODS_PER_YEAR = 252;
const SQRT_PERIODS = Math.sqrt(PERIODS_PER_YEAR);
/** A daily standard deviation below this is rounding noise: the series counts as constant. */
const ZERO_DEVIATION = 1e-12;
/** Share counts below this are rounding left by splits and partial closes: the lot is gone. */
const ZERO_SHARES = 1e-9;

const finiteOrNull = (x: number | null): number | null => (x !== null && Number.isFinite(x) ? x : null);
const mean = (xs: number[]) => xs.reduce((sum, x) => sum + x, 0) / xs.length;

/** Standard deviation with `ddof` degrees of freedom removed (1: sample, 0: population). */
function standardDeviation(xs: number[], ddof: 0 | 1): number {
  const m = mean(xs);
  const squares = xs.reduce((sum, x) => sum + (x - m) ** 2, 0);
  return Math.sqrt(squares / (xs.length - ddof));
}

/** Simple returns between consecutive values. */
function dailyReturns(values: number[]): number[] {
  return values.slice(1).map((value, i) => value / values[i] - 1);
}

/** Returns less a per-day risk-free rate, element by element. */
const excessOver = (returns: number[], riskFree: number[]) => returns.map((r, i) => r - riskFree[i]);

/** The worst fall from a running peak, as a negative fraction (0 if the curve never falls). */
function maxDrawdown(values: number[]): number {
  let peak = -Infinity;
  let worst = 0;
  for (const value of values) {
    peak = Math.max(peak, value);
    worst = Math.min(worst, value / peak - 1);
  }
  return worst;
}

/** Mean over sample deviation, annualised; null under two values or without variation. */
function annualisedMeanOverDeviation(xs: number[]): number | null {
  if (xs.length < 2) return null;
  const deviation = standardDeviation(xs, 1);
  return deviation < ZERO_DEVIATION ? null : (mean(xs) / deviation) * SQRT_PERIODS;
}

/** Sortino: annualised mean excess return over annualised downside deviation (shortfalls below zero excess). */
function sortino(excess: number[]): number | null {
  if (excess.length < 2) return null;
  const downside = Math.sqrt(mean(excess.map((x) => Math.min(x, 0) ** 2)));
  return downside < ZERO_DEVIATION ? null : (mean(excess) * PERIODS_PER_YEAR) / (downside * SQRT_PERIODS);
}

type ReturnStats = Pick<
  Score,
  "total_return" | "cagr" | "annual_volatility" | "sharpe_ratio" | "sortino_ratio" | "max_drawdown" | "calmar_ratio"
>;

/** The book's own return statistics, from its closes and the daily risk-free rates of its returns. */
function returnStats(equity: number[], riskFree: number[]): ReturnStats {
  const returns = dailyReturns(equity);
  const n = returns.length;
  if (n < 1) {
    const none = { total_return: null, cagr: null, annual_volatility: null, sharpe_ratio: null };
    return { ...none, sortino_ratio: null, max_drawdown: null, calmar_ratio: null };
  }
  const growth = equity[n] / equity[0];
  const cagr = growth ** (PERIODS_PER_YEAR / n) - 1;
  const drawdown = maxDrawdown(equity);
  const excess = excessOver(returns, riskFree);
  let volatility: number | null = null;
  if (n >= 2) {
    const deviation = standardDeviation(returns, 1);
    volatility = deviation < ZERO_DEVIATION ? 0 : deviation * SQRT_PERIODS;
  }
  // A book that never moved (cash) takes no risk to reward: the only spread of its excess returns
  // is the policy rate's steps, and a ratio over it would be a meaningless large number.
  const still = volatility === 0;
  return {
    total_return: growth - 1,
    cagr,
    annual_volatility: volatility,
    sharpe_ratio: still ? null : annualisedMeanOverDeviation(excess),
    sortino_ratio: still ? null : sortino(excess),
    max_drawdown: drawdown,
    calmar_ratio: drawdown < 0 ? cagr / -drawdown : null,
  };
}

type BenchmarkStats = Pick<Score, "beta" | "alpha" | "information_ratio" | "appraisal_ratio">;

/** CAPM regression of the book's excess returns on the benchmark's, and the active-return ratio. */
function benchmarkStats(returns: number[], benchmark: number[], riskFree: number[]): BenchmarkStats {
  const information_ratio = annualisedMeanOverDeviation(returns.map((r, i) => r - benchmark[i]));
  const none = { beta: null, alpha: null, appraisal_ratio: null, information_ratio };
  if (returns.length < 2) return none;
  const book = excessOver(returns, riskFree);
  const market = excessOver(benchmark, riskFree);
  const marketMean = mean(market);
  const marketDeviation = standardDeviation(market, 0);
  if (marketDeviation < ZERO_DEVIATION) return none;
  const covariance = mean(market.map((m, i) => (m - marketMean) * book[i]));
  const beta = covariance / marketDeviation ** 2;
  const unexplained = book.map((b, i) => b - beta * market[i]);
  const alpha = (1 + mean(unexplained)) ** PERIODS_PER_YEAR - 1;
  const residualDeviation = standardDeviation(unexplained, 0);
  const appraisal_ratio = residualDeviation < ZERO_DEVIATION ? null : alpha / (residualDeviation * SQRT_PERIODS);
  return { beta, alpha, information_ratio, appraisal_ratio };
}

/** Annualised turnover and mean gross exposure, over the scored days (every day after the start). */
function tradingStats(days: ScoredDay[], fills: ScoredFill[]): Pick<Score, "turnover" | "average_exposure"> {
  const scored = days.slice(1);
  if (scored.length < 1) return { turnover: null, average_exposure: null };
  const traded = fills.reduce((sum, f) => sum + Math.abs(f.shares * f.price), 0);
  const meanEquity = mean(scored.map((d) => d.equity));
  const turnover = meanEquity > 0 ? (traded / meanEquity) * (PERIODS_PER_YEAR / scored.length) : null;
  const valued = scored.filter((d) => d.equity > 0);
  const average_exposure = valued.length > 0 ? mean(valued.map((d) => d.gross_exposure / d.equity)) : null;
  return { turnover, average_exposure };
}

/** The score's fields in the order they are reported. */
const SCORE_FIELDS: readonly (keyof Score)[] = [
  "total_return",
  "cagr",
  "annual_volatility",
  "sharpe_ratio",
  "sortino_ratio",
  "max_drawdown",
  "calmar_ratio",
  "beta",
  "alpha",
  "information_ratio",
  "appraisal_ratio",
  "turnover",
  "costs_paid",
  "hit_rate",
  "round_trips",
  "average_exposure",
  "trading_days",
];

/** Scores a finished run: the book's returns, its returns against the benchmark, its trading and its trips. */
export function scoreRun(input: ScoreInput): Score {
  const { days } = input;
  const equity = days.map((d) => d.equity);
  const returns = dailyReturns(equity);
  const benchmark = dailyReturns(days.map((d) => d.benchmark));
  const riskFree = days.slice(1).map((d) => d.risk_free_rate / 100 / PERIODS_PER_YEAR);
  const closed = roundTrips(input.fills, input.splits, input.dividends).filter((t) => t.closed !== null);
  const winners = closed.filter((t) => t.pnl > 0).length;
  const score: Score = {
    ...returnStats(equity, riskFree),
    ...benchmarkStats(returns, benchmark, riskFree),
    ...tradingStats(days, input.fills),
    costs_paid: input.costs_paid,
    hit_rate: closed.length > 0 ? winners / closed.length : null,
    round_trips: closed.length,
    trading_days: returns.length,
  };
  const ordered = {} as Score;
  for (const key of SCORE_FIELDS) ordered[key] = finiteOrNull(score[key]);
  return ordered;
}

// ---- Round trips ----

interface Lot {
  shares: number;
  price: number;
}

/** The trip a ticker is in: its record, its direction (1 long, -1 short) and its FIFO lots. */
interface OpenTrip {
  record: RoundTrip;
  direction: 1 | -1;
  lots: Lot[];
}

type LedgerEvent =
  | { kind: "split"; date: string; split: ScoredSplit }
  | { kind: "dividend"; date: string; dividend: ScoredDividend }
  | { kind: "fill"; date: string; fill: ScoredFill };

/** On one date a split goes first (the day trades post-split), then dividends (owed to the prior close's holder), then fills in ledger order. */
const EVENT_RANK = { split: 0, dividend: 1, fill: 2 } as const;

function ledgerEvents(fills: ScoredFill[], splits: ScoredSplit[], dividends: ScoredDividend[]): LedgerEvent[] {
  const events: LedgerEvent[] = [
    ...splits.map((split) => ({ kind: "split" as const, date: split.date, split })),
    ...dividends.map((dividend) => ({ kind: "dividend" as const, date: dividend.date, dividend })),
    ...fills.map((fill) => ({ kind: "fill" as const, date: fill.date, fill })),
  ];
  // Array.prototype.sort is stable: fills of one date keep the ledger's order.
  return events.sort((a, b) => a.date.localeCompare(b.date) || EVENT_RANK[a.kind] - EVENT_RANK[b.kind]);
}

const openShares = (trip: OpenTrip) => trip.lots.reduce((sum, lot) => sum + lot.shares, 0);

/** Takes `shares` off the trip's oldest lots at `price` and returns the price pnl they realise. */
function closeFifo(trip: OpenTrip, shares: number, price: number): number {
  let pnl = 0;
  let left = shares;
  while (left > ZERO_SHARES && trip.lots.length > 0) {
    const lot = trip.lots[0];
    const taken = Math.min(lot.shares, left);
    pnl += trip.direction * (price - lot.price) * taken;
    lot.shares -= taken;
    left -= taken;
    if (lot.shares <= ZERO_SHARES) trip.lots.shift();
  }
  return pnl;
}

/** Applies one fill: it first closes against an opposite trip, and what is left opens or adds to a trip. */
function applyFill(fill: ScoredFill, open: Map<string, OpenTrip>, trips: RoundTrip[]): void {
  if (!(fill.shares > 0)) return;
  const direction = fill.side === "buy" ? 1 : -1;
  let remaining = fill.shares;
  const current = open.get(fill.ticker);
  if (current && current.direction !== direction) {
    const closing = Math.min(remaining, openShares(current));
    current.record.pnl += closeFifo(current, closing, fill.price) - fill.commission * (closing / fill.shares);
    remaining -= closing;
    if (openShares(current) <= ZERO_SHARES) {
      current.record.closed = fill.date;
      open.delete(fill.ticker);
    }
  }
  if (remaining <= ZERO_SHARES) return;
  let trip = open.get(fill.ticker);
  if (!trip) {
    const record: RoundTrip = { ticker: fill.ticker, opened: fill.date, closed: null, pnl: 0 };
    trips.push(record);
    trip = { record, direction, lots: [] };
    open.set(fill.ticker, trip);
  }
  trip.lots.push({ shares: remaining, price: fill.price });
  trip.record.pnl -= fill.commission * (remaining / fill.shares);
}

/** A split multiplies the open lots' shares by its ratio and divides their prices by it. */
function applySplit(trip: OpenTrip | undefined, ratio: number): void {
  if (!trip || !(ratio > 0)) return;
  for (const lot of trip.lots) {
    lot.shares *= ratio;
    lot.price /= ratio;
  }
}

/** Round trips per ticker from the ledger, FIFO, in the order they opened; a trip still open has `closed: null`. */
export function roundTrips(fills: ScoredFill[], splits: ScoredSplit[], dividends: ScoredDividend[] = []): RoundTrip[] {
  const trips: RoundTrip[] = [];
  const open = new Map<string, OpenTrip>();
  for (const event of ledgerEvents(fills, splits, dividends)) {
    if (event.kind === "fill") applyFill(event.fill, open, trips);
    else if (event.kind === "split") applySplit(open.get(event.split.ticker), event.split.ratio);
    else {
      const ticker = event.dividend.ticker;
      const trip = open.get(ticker)?.record ?? trips.findLast((t) => t.ticker === ticker);
      if (trip) trip.pnl += event.dividend.cash;
    }
  }
  return trips;
}
