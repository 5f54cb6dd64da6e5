// Crypto assets' daily paths: every calendar day (they trade 24/7), the day cut at 00:00 UTC. A
// shared crypto factor with its own cycle (booms, ordinary years, long winters), Student t shocks
// and jump days (fat tails), and a correlation with the equity market factor set by the equity
// regime, so it rises in stress. The equity session of a trading day falls inside that UTC day, so the crypto day
// meets the market factor of the same date; on days without a session that part is crypto's own.
import type { Rng } from "../../ground/rng.ts";
import { addDays } from "../../models/calendar.ts";
import { round2 } from "../../models/rounding.ts";
import type { MarketFactor } from "../../models/market.ts";
import type { Regime } from "../../models/regimes.ts";
import type { CryptoPriceBar as CryptoBar } from "../../../src/families/crypto/rows.ts";
import { CRYPTO, CRYPTO_REGIMES, type CryptoAsset, type CryptoRegime, type CryptoTable } from "./assets.ts";

export interface CryptoSeries {
  asset: CryptoAsset;
  /** Index in `calendar` of the asset's first bar. */
  start: number;
  /** Daily log returns, one per bar. */
  returns: number[];
  bars: CryptoBar[];
}

export interface CryptoPaths {
  /** Every calendar day from the world's first trading day to its last. */
  calendar: string[];
  /** Per calendar day: the index of its trading day, or -1 on a day without a session. */
  session: number[];
  /** Crypto's own regime per calendar day. */
  regimes: CryptoRegime[];
  /** Per calendar day: the crypto-wide jump in units of an asset's day's volatility, 0 on most days. */
  jumps: number[];
  /** The assets the world's era has, in the table's order. */
  assets: CryptoSeries[];
}

const DAYS_A_YEAR = 365;

/** Every calendar day from `first` to `last`, inclusive. */
export function calendarDays(first: string, last: string): string[] {
  const out: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) out.push(day);
  return out;
}

/** The real level on `date`: log-linear between the table's anchors, held flat beyond them. */
export function anchorPrice(asset: CryptoAsset, date: string): number {
  const a = asset.anchors;
  if (date <= a[0].date) return a[0].price;
  const next = a.findIndex((x) => x.date > date);
  if (next < 0) return a[a.length - 1].price;
  const [lo, hi] = [a[next - 1], a[next]];
  const span = dayNumber(hi.date) - dayNumber(lo.date);
  const w = (dayNumber(date) - dayNumber(lo.date)) / span;
  return Math.exp((1 - w) * Math.log(lo.price) + w * Math.log(hi.price));
}

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** Crypto's own regime chain: a switch a day with probability 1/duration, to a drawn next regime. */
export function cryptoRegimes(n: number, rng: Rng, table: CryptoTable = CRYPTO): CryptoRegime[] {
  const pick = (weights: Partial<Record<CryptoRegime, number>>): CryptoRegime => {
    const entries = CRYPTO_REGIMES.filter((r) => weights[r]).map((r) => [r, weights[r]!] as const);
    let u = rng.uniform() * entries.reduce((s, [, w]) => s + w, 0);
    for (const [r, w] of entries) if ((u -= w) < 0) return r;
    return entries[entries.length - 1][0];
  };
  // Starts where a long history would be: each regime as often as its mean duration makes it.
  let regime = pick(Object.fromEntries(CRYPTO_REGIMES.map((r) => [r, table.regimes[r].duration])));
  const out: CryptoRegime[] = [];
  let age = 0;
  for (let t = 0; t < n; t++) {
    const params = table.regimes[regime];
    const over = age >= (params.max_duration ?? Infinity);
    // The draw is made every day, so the stream does not depend on whether a regime ran out.
    if (t > 0 && (rng.uniform() < 1 / params.duration || over)) [regime, age] = [pick(params.next), 0];
    out.push(regime);
    age++;
  }
  return out;
}

/**
 * A volatility multiplier per day: exp of an AR(1) in logs, started from its stationary spread and
 * centred so its square averages 1 (the table's annual volatilities stay the level).
 */
export function volatilityClusters(n: number, rng: Rng, table: CryptoTable = CRYPTO): number[] {
  const phi = table.vol_persistence;
  const spread = table.vol_of_vol / Math.sqrt(1 - phi * phi);
  let h = spread * rng.normal();
  const out: number[] = [];
  for (let t = 0; t < n; t++) {
    if (t > 0) h = phi * h + table.vol_of_vol * rng.normal();
    out.push(Math.exp(h - spread * spread));
  }
  return out;
}

/**
 * Crypto-wide jump days (crashes and squeezes, as 2020-03-12 or 2022-11-09), shared by every asset
 * and sized in units of an asset's day's volatility: a Poisson arrival of at most one a day, its rate
 * by crypto's regime times the equity regime's multiplier, a fall with the regime's `down` chance,
 * its size the floor plus an exponential excess. Also each day's expected jump and its variance, which
 * the diffusion gives back so the regimes' drifts and volatilities stay the levels.
 */
export function cryptoJumps(
  regimes: readonly CryptoRegime[],
  equityRegimes: readonly Regime[],
  rng: Rng,
  table: CryptoTable = CRYPTO,
): { size: number[]; mean: number[]; variance: number[] } {
  const { rate, down, floor, excess } = table.jumps;
  // Moments of the size floor + Exp(excess): its mean and mean square.
  const [m1, m2] = [floor + excess, floor * floor + 2 * floor * excess + 2 * excess * excess];
  const out = { size: [] as number[], mean: [] as number[], variance: [] as number[] };
  regimes.forEach((regime, t) => {
    const p = 1 - Math.exp(-(rate[regime] * table.equity_regimes[equityRegimes[t]].jumps) / DAYS_A_YEAR);
    const falls = down[regime];
    // Three draws every day, so the stream does not depend on which days jump.
    const [arrives, fall, magnitude] = [
      rng.uniform() < p,
      rng.uniform() < falls,
      floor - excess * Math.log(1 - rng.uniform()),
    ];
    const mean = p * (1 - 2 * falls) * m1;
    out.size.push(arrives ? (fall ? -magnitude : magnitude) : 0);
    out.mean.push(mean);
    out.variance.push(p * m2 - mean * mean);
  });
  if (out.variance.some((v) => v >= 1)) throw new Error("crypto jumps: a day's jumps carry all of its variance");
  return out;
}

/** Per calendar day: its trading day's index or -1 (`session`), and the last trading day on or before it. */
function sessionsOf(days: string[], calendar: string[]): { session: number[]; lastSession: number[] } {
  const session: number[] = [];
  const lastSession: number[] = [];
  for (let t = 0, i = 0; t < calendar.length; t++) {
    while (i + 1 < days.length && days[i + 1] <= calendar[t]) i++;
    session.push(days[i] === calendar[t] ? i : -1);
    lastSession.push(i);
  }
  return { session, lastSession };
}

/** The world's crypto paths from its trading days, equity regimes and market factor. */
export function cryptoPaths(
  days: string[],
  equityRegimes: Regime[],
  market: Pick<MarketFactor, "returns" | "vol">,
  rng: Rng,
  table: CryptoTable = CRYPTO,
): CryptoPaths {
  const calendar = calendarDays(days[0], days[days.length - 1]);
  const { session, lastSession } = sessionsOf(days, calendar);
  const equity = lastSession.map((i) => equityRegimes[i]);
  const regimes = cryptoRegimes(calendar.length, rng.fork("regimes"), table);
  // Shared draws first, so an asset added to the table leaves the others' paths as they were.
  const factorRng = rng.fork("factor");
  const factor = calendar.map(() => factorRng.studentT(table.tail_dof));
  const offSession = calendar.map(() => factorRng.normal());
  const cluster = volatilityClusters(calendar.length, rng.fork("vol"), table);
  const jumps = cryptoJumps(regimes, equity, rng.fork("jumps"), table);
  const assets: CryptoSeries[] = [];
  for (const asset of table.assets) {
    const start = calendar.findIndex((d) => d >= asset.first_day);
    if (start < 0) continue;
    const own = rng.fork(`asset/${asset.ticker}`);
    const returns: number[] = [];
    const moves: number[] = [];
    const jumped: number[] = [];
    for (let t = start; t < calendar.length; t++) {
      const eq = table.equity_regimes[equity[t]];
      const mood = table.regimes[regimes[t]];
      // The day's volatility before clustering: the jumps' unit.
      const scale = (asset.annual_vol * mood.vol * eq.vol) / Math.sqrt(DAYS_A_YEAR);
      const i = session[t];
      const equityShock = i >= 0 && market.vol[i] > 0 ? market.returns[i] / market.vol[i] : offSession[t];
      const k = asset.crypto_correlation;
      const crypto = k * factor[t] + Math.sqrt(1 - k * k) * own.studentT(table.tail_dof);
      // The table's correlation is the whole day's, jumps included: the diffusion's is raised for them.
      const share = Math.sqrt(1 - jumps.variance[t]);
      const rho = Math.min(1, eq.correlation / share);
      const shock = rho * equityShock + Math.sqrt(1 - rho * rho) * crypto;
      const diffusion = cluster[t] * share * shock;
      moves.push(Math.abs(shock + jumps.size[t]));
      jumped.push(scale * jumps.size[t]);
      returns.push(mood.drift / DAYS_A_YEAR + scale * (diffusion + jumps.size[t] - jumps.mean[t]));
    }
    const bars = barsOf(asset, calendar.slice(start), { returns, moves, jumped }, own.fork("bars"), table);
    assets.push({ asset, start, returns, bars });
  }
  return { calendar, session, regimes, jumps: jumps.size, assets };
}

/**
 * Daily bars from the log returns: open at the close before (no gap in a 24/7 market), wicks that grow
 * with the day's move and, on a jump day, overshoot on the jump's side; volume higher on big days.
 */
function barsOf(
  asset: CryptoAsset,
  dates: string[],
  day: { returns: number[]; moves: number[]; jumped: number[] },
  rng: Rng,
  table: CryptoTable,
): CryptoBar[] {
  let close = anchorPrice(asset, dates[0]);
  return dates.map((time, t) => {
    const open = close;
    const r = day.returns[t];
    close = open * Math.exp(r);
    const wick = Math.abs(r) * 0.3 + 0.01 * asset.annual_vol;
    const overshoot = table.jumps.wick * Math.abs(day.jumped[t]);
    const up = day.jumped[t] > 0 ? overshoot : 0;
    const down = day.jumped[t] < 0 ? overshoot : 0;
    const high = Math.max(open, close) * Math.exp((wick + up) * Math.abs(rng.normal()));
    const low = Math.min(open, close) * Math.exp(-(wick + down) * Math.abs(rng.normal()));
    const volume = asset.coin_volume * Math.exp(0.35 * rng.normal()) * (0.7 + 0.3 * day.moves[t]);
    return {
      ticker: asset.ticker,
      time,
      open: roundPrice(open),
      high: roundPrice(high),
      low: roundPrice(low),
      close: roundPrice(close),
      volume: round2(volume),
    };
  });
}

/** Six significant digits or so, at least cents: a price under a dollar keeps its digits. */
export function roundPrice(p: number): number {
  const places = Math.max(2, 5 - Math.floor(Math.log10(p)));
  return Number(p.toFixed(Math.min(places, 10)));
}
