// Real starting points: a company's size, price level, trading volume, volatility level and dividend
// status at a scenario's start come from reference anchors (build/refdata, provenance in SOURCES.md),
// and a company enters a world only once it trades. The rules are in docs/generator.md ("Starting
// points"); everything after the first day is generated.
import { parse } from "csv-parse/sync";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { toDate } from "./calendar.ts";
import { normalizeTicker } from "../../src/contract/ticker.ts";
import { median } from "./statistics.ts";
import { refCompanies } from "./refdata.ts";
import type { Rng } from "../ground/rng.ts";

const REFDATA = fileURLToPath(new URL("../refdata/", import.meta.url));
const readCsv = (file: string) =>
  parse(readFileSync(REFDATA + file, "utf8"), { columns: true, skip_empty_lines: true }) as Record<string, string>[];

/** One S&P 500 snapshot row: raw (as-traded) price and whole-company market cap on `date`. */
interface Snapshot {
  date: string;
  price: number;
  cap: number | null;
  /** Trailing yield as a fraction (0: no dividend); null where the source does not say. */
  dividendYield: number | null;
  /** Market cap over trailing revenue, over book equity; trailing EBITDA (USD); null where unknown. */
  priceToSales?: number | null;
  priceToBook?: number | null;
  ebitda?: number | null;
  /** Trailing EPS (USD per share, at `price`); null where the source does not say. */
  eps?: number | null;
}

/** One calendar year of trading anchors (prices adjusted as of 2017-11). */
interface YearAnchor {
  year: number;
  adjCloseYearEnd: number;
  dollarVolume: number;
  vol: number | null;
  tradingDays: number;
}

interface Listing {
  firstTradeDate: string;
  /** The file starts at a coverage boundary: the security listed on or before that date. */
  coverageStart: boolean;
}

interface Anchors {
  snapshots: Map<string, Snapshot[]>;
  years: Map<string, YearAnchor[]>;
  listings: Map<string, Listing>;
  /** Market level by year (1990-2017), relative to 2012: the median adjusted-price ratio across tickers. */
  marketLevel: Map<number, number>;
}

/** Renamed companies (public record): today's ticker -> the tickers its reference rows carried before. */
const FORMER_TICKERS: Record<string, string[]> = {
  META: ["FB"], // Facebook, renamed Meta Platforms in 2022
  BKNG: ["PCLN"], // Priceline Group, renamed Booking Holdings in 2018
  CBRE: ["CBG"], // ticker changed in 2018
  ELV: ["ANTM", "WLP"], // WellPoint, renamed Anthem in 2014 and Elevance Health in 2022
  WELL: ["HCN"], // Health Care REIT, renamed Welltower (ticker changed 2018)
  COR: ["ABC"], // AmerisourceBergen, renamed Cencora in 2023
  GL: ["TMK"], // Torchmark, renamed Globe Life in 2019
  CTRA: ["COG"], // Cabot Oil & Gas, renamed Coterra Energy in 2021
};

/**
 * Reorganized equities whose trading anchors chain the old shares to the new (public record): years
 * before the new equity's first year say nothing about it and are dropped.
 */
const NEW_EQUITY_FROM: Record<string, number> = {
  DAL: 2007, // Delta Air Lines emerged from Chapter 11 in 2007; the old equity was cancelled
};

/**
 * Companies whose traded volume covers one share class of several (public record): their turnover
 * says nothing about a carried cap, so the broken-carry rule below does not apply to them.
 */
const ONE_CLASS_VOLUME = new Set(["BRK-B"]); // Berkshire's class A shares are about half its equity

const num = (s: string | undefined) => (s === undefined || s === "" ? null : Number(s));

let cached: Anchors | undefined;

function anchors(): Anchors {
  if (cached) return cached;
  const snapshots = new Map<string, Snapshot[]>();
  for (const r of readCsv("sp500_snapshots.csv")) {
    const price = num(r.price);
    if (price === null) continue;
    const ticker = normalizeTicker(r.ticker);
    const list = snapshots.get(ticker) ?? [];
    list.push({
      date: r.price_as_of,
      price,
      cap: num(r.market_cap_usd),
      dividendYield: num(r.dividend_yield),
      priceToSales: num(r.price_to_sales),
      priceToBook: num(r.price_to_book),
      ebitda: num(r.ebitda_usd),
      eps: num(r.eps),
    });
    snapshots.set(ticker, list);
  }
  // Hand-written estimates bridge the 2018-2024 gap for the largest names and replace a broken cap.
  for (const r of readCsv("market_cap_estimates.csv")) {
    const ticker = normalizeTicker(r.ticker);
    const list = (snapshots.get(ticker) ?? []).filter((s) => s.date !== r.price_as_of);
    list.push({ date: r.price_as_of, price: Number(r.price), cap: Number(r.market_cap_usd), dividendYield: null });
    snapshots.set(ticker, list);
  }
  for (const list of snapshots.values()) {
    list.sort((a, b) => (a.date < b.date ? -1 : 1));
    // A priced row without a cap (BRK.B 2013-2016) takes the share count of the nearest capped one.
    for (const s of list) {
      const capped =
        s.cap === null
          ? nearestTo(
              list.filter((o) => o.cap !== null),
              s.date,
            )
          : undefined;
      if (capped) s.cap = s.price * (capped.cap! / capped.price);
    }
  }
  const years = new Map<string, YearAnchor[]>();
  for (const r of readCsv("yearly_trading_anchors.csv")) {
    const ticker = normalizeTicker(r.ticker);
    if (Number(r.year) < (NEW_EQUITY_FROM[ticker] ?? 0)) continue;
    const list = years.get(ticker) ?? [];
    list.push({
      year: Number(r.year),
      adjCloseYearEnd: Number(r.adj_close_year_end),
      dollarVolume: Number(r.median_daily_dollar_volume),
      vol: num(r.annualized_volatility),
      tradingDays: Number(r.trading_days),
    });
    years.set(ticker, list);
  }
  const listings = new Map<string, Listing>();
  for (const r of readCsv("listing_dates.csv")) {
    // A file held in 2017 by another company, or a fragment, says nothing about this one.
    if (r.asset_type !== "stock" || r.identity_check === "different_company" || r.identity_check === "unreliable")
      continue;
    listings.set(normalizeTicker(r.ticker), {
      firstTradeDate: r.first_trade_date,
      coverageStart: r.first_date_likely_coverage_start === "true",
    });
  }
  // Older rows of renamed companies sit under their former tickers.
  for (const [ticker, formers] of Object.entries(FORMER_TICKERS)) {
    for (const former of formers) {
      const shots = [...(snapshots.get(ticker) ?? []), ...(snapshots.get(former) ?? [])];
      snapshots.set(
        ticker,
        shots.sort((a, b) => (a.date < b.date ? -1 : 1)),
      );
      if (!years.has(ticker) && years.has(former)) years.set(ticker, years.get(former)!);
      if (!listings.has(ticker) && listings.has(former)) listings.set(ticker, listings.get(former)!);
    }
  }
  cached = { snapshots, years, listings, marketLevel: marketLevels(years) };
  return cached;
}

/** Chain-linked median of year-on-year adjusted-price ratios across tickers, 1 in 2012. */
function marketLevels(years: Map<string, YearAnchor[]>): Map<number, number> {
  const ratios = new Map<number, number[]>();
  for (const list of years.values()) {
    for (let i = 1; i < list.length; i++) {
      const [a, b] = [list[i - 1], list[i]];
      if (b.year !== a.year + 1 || a.tradingDays < 200 || b.tradingDays < 200) continue;
      (ratios.get(b.year) ?? ratios.set(b.year, []).get(b.year)!).push(b.adjCloseYearEnd / a.adjCloseYearEnd);
    }
  }
  const level = new Map<number, number>([[2012, 1]]);
  for (let y = 2013; y <= 2016; y++) level.set(y, level.get(y - 1)! * median(ratios.get(y) ?? [1]));
  for (let y = 2011; y >= 1990; y--) level.set(y, level.get(y + 1)! / median(ratios.get(y + 1) ?? [1]));
  return level;
}

/** Whole-market capitalisation of the S&P 500 snapshots (USD), for sizing where no anchor exists. */
const SNAPSHOT_MARKET: [string, number][] = [
  ["2012-08-10", 13.07e12],
  ["2013-11-01", 16.28e12],
  ["2014-12-05", 18.94e12],
  ["2015-09-22", 17.45e12],
  ["2016-07-08", 19.75e12],
  ["2017-03-07", 21.76e12],
  ["2018-02-08", 24.87e12],
  ["2024-11-29", 55.14e12],
  ["2025-01-31", 55.94e12],
  ["2026-08-19", 71.23e12],
];

const yearFraction = (date: string) => {
  const d = toDate(date);
  const start = Date.UTC(d.getUTCFullYear(), 0, 1);
  return (d.getTime() - start) / (Date.UTC(d.getUTCFullYear() + 1, 0, 1) - start);
};
const time = (date: string) => toDate(date).getTime();

/**
 * The value at `date` between dated points: log-linear, or linear for values that change sign;
 * the nearest end outside them.
 */
function interpolate(points: [string, number][], date: string, scale: "log" | "linear" = "log"): number {
  if (date <= points[0][0]) return points[0][1];
  for (let i = 1; i < points.length; i++) {
    const [d1, v1] = points[i];
    if (date <= d1) {
      const [d0, v0] = points[i - 1];
      const w = (time(date) - time(d0)) / (time(d1) - time(d0));
      return scale === "linear" ? (1 - w) * v0 + w * v1 : Math.exp((1 - w) * Math.log(v0) + w * Math.log(v1));
    }
  }
  return points[points.length - 1][1];
}

/** Total S&P 500-like market cap on a date (USD): the snapshots, carried before 2012 by the market level. */
function marketCapOn(date: string): number {
  const first = SNAPSHOT_MARKET[0];
  if (date >= first[0]) return interpolate(SNAPSHOT_MARKET, date);
  const levels: [string, number][] = [...anchors().marketLevel]
    .sort(([a], [b]) => a - b)
    .map(([year, level]) => [`${year}-12-31`, level]);
  return first[1] * (interpolate(levels, date) / interpolate(levels, first[0]));
}

/**
 * The benchmark market's cap on `date` (USD): the S&P 500-like total, or, for a sector, its share of
 * it in the snapshot nearest the date (its members' caps over all members').
 */
export function indexMarketCap(date: string, sector: string | null): number {
  const total = marketCapOn(date);
  if (sector === null) return total;
  const sectorOf = sectorsByTicker();
  const [snapshotDate] = SNAPSHOT_MARKET.reduce((best, p) =>
    Math.abs(time(p[0]) - time(date)) < Math.abs(time(best[0]) - time(date)) ? p : best,
  );
  let all = 0;
  let own = 0;
  for (const [ticker, shots] of anchors().snapshots) {
    const cap = shots.find((s) => s.date === snapshotDate)?.cap;
    if (!cap) continue;
    all += cap;
    if (sectorOf.get(ticker) === sector) own += cap;
  }
  return all > 0 ? (total * own) / all : 0;
}

/**
 * Whether a company trades on `date`: "yes" from its first trading day (or when its data starts
 * at a coverage boundary and it was founded by then), "no" before a known first trading day or
 * founding year, "unknown" when no reference says (it may still appear when named explicitly).
 */
export function tradesOn(ticker: string, founded: string | null, date: string): "yes" | "no" | "unknown" {
  const { listings, snapshots } = anchors();
  // Founding years of merged companies are the merger's (XOM: 1999), so they only decide where no
  // first trading day does.
  const notFoundedYet = founded !== null && Number(founded.slice(0, 4)) > Number(date.slice(0, 4));
  const listing = listings.get(ticker);
  if (listing) {
    if (listing.firstTradeDate <= date) return "yes";
    return listing.coverageStart && !notFoundedYet ? "yes" : "no";
  }
  if (notFoundedYet) return "no";
  const first = snapshots.get(ticker)?.[0];
  return first && first.date <= date ? "yes" : "unknown";
}

/** The company's first trading day where the reference data knows it (not a coverage boundary). */
export function firstTradingDay(ticker: string): string | null {
  const listing = anchors().listings.get(ticker);
  return listing && !listing.coverageStart ? listing.firstTradeDate : null;
}

/** In an S&P 500 snapshot of the reference data, or in the index today. */
export const isSp500Member = (ticker: string): boolean =>
  anchors().snapshots.has(ticker) || refCompanies().some((c) => c.facts.ticker === ticker && c.inSp500);

export interface StartingPoint {
  /** Market cap on the first day (USD). */
  marketCap: number;
  /** As-traded price on the first day. */
  price: number;
  shares: number;
  /** Typical daily dollar volume. */
  dollarVolume: number;
  /** Annualized volatility level of the years before the start; null where unknown. */
  annualVol: number | null;
  /** Trailing dividend yield (0: not a payer); null where unknown. */
  dividendYield: number | null;
  /** Which rule sized it. */
  source: "snapshot" | "trading" | "tier";
  /** Its size among the market's on the first day (sizeTier), which sets its coverage, events and guidance. */
  tier: SizeTier;
}

/** Adjusted close on a date, interpolated between year-ends (null outside the anchors). */
function adjustedOn(list: YearAnchor[], date: string): number | null {
  const year = Number(date.slice(0, 4));
  // The anchors end in November 2017: the 2018-02 snapshot is carried from their last close.
  const last = list.at(-1);
  if (last && year === last.year + 1 && last.year === 2017) return last.adjCloseYearEnd;
  const end = list.find((a) => a.year === year);
  const before = list.find((a) => a.year === year - 1);
  if (!end || !before) return null;
  const w = yearFraction(date);
  return Math.exp((1 - w) * Math.log(before.adjCloseYearEnd) + w * Math.log(end.adjCloseYearEnd));
}

let sectorVols: Map<string, number> | undefined;
let sectors: Map<string, string> | undefined;

/** Each reference company's sector, by ticker. */
const sectorsByTicker = () => (sectors ??= new Map(refCompanies().map((c) => [c.facts.ticker, c.facts.sector])));

/**
 * The median anchored volatility of a sector's companies (all years): the level the generator's
 * sector defaults stand for, against which a company's own level is scaled.
 */
export function sectorMedianVol(sector: string): number | null {
  if (!sectorVols) {
    const bySector = new Map<string, number[]>();
    const sectorOf = sectorsByTicker();
    for (const [ticker, list] of anchors().years) {
      const s = sectorOf.get(ticker);
      if (!s) continue;
      const vols = bySector.get(s) ?? bySector.set(s, []).get(s)!;
      for (const a of list) if (a.vol !== null && a.tradingDays >= 120) vols.push(a.vol);
    }
    sectorVols = new Map([...bySector].map(([s, v]) => [s, median(v)]));
  }
  return sectorVols.get(sector) ?? null;
}

/** Median daily turnover (dollar volume / market cap) of S&P 500 names in 2016 (SOURCES.md). */
const DAILY_TURNOVER = 0.0063;
/** Traded prices below this were restated by later splits; splits are undone (2:1) until above it. */
const RESTATED_BELOW = 10;

/** The company's cap and price on `date`, from its nearest snapshot (see startingPoint). */
function fromSnapshots(ticker: string, date: string): { cap: number; price: number; carried: boolean } | null {
  const withCap = (anchors().snapshots.get(ticker) ?? []).filter((s) => s.cap !== null);
  if (!withCap.length) return null;
  const history = anchors().years.get(ticker) ?? [];
  const nearest = nearestTo(withCap, date)!;
  const here = adjustedOn(history, date);
  const there = adjustedOn(history, nearest.date);
  // Carried by the company's own adjusted prices (restated for later splits: undone by the caller).
  if (here !== null && there !== null)
    return { cap: nearest.cap! * (here / there), price: nearest.price * (here / there), carried: true };
  if (date < withCap[0].date) return null;
  // The cap between two points is interpolated; the price keeps the nearest point's share count, so
  // it never blends prices from either side of a split.
  const cap = interpolate(
    withCap.map((s) => [s.date, s.cap!]),
    date,
  );
  return { cap, price: nearest.price * (cap / nearest.cap!), carried: false };
}

/** The anchor year before `date`'s, where the anchors have a full enough year (120 trading days). */
function yearBefore(history: YearAnchor[], date: string): YearAnchor | undefined {
  const year = Number(date.slice(0, 4)) - 1;
  return history.find((a) => a.year === year && a.tradingDays >= 120);
}

const eraTurnovers = new Map<string, number>();

/** Median daily turnover of the companies whose cap is carried back to `date` by price. */
function eraTurnover(date: string): number {
  let turnover = eraTurnovers.get(date);
  if (turnover === undefined) {
    const ratios: number[] = [];
    for (const ticker of anchors().snapshots.keys()) {
      const point = fromSnapshots(ticker, date);
      const before = yearBefore(anchors().years.get(ticker) ?? [], date);
      if (point?.carried && before) ratios.push(before.dollarVolume / point.cap);
    }
    turnover = ratios.length ? median(ratios) : DAILY_TURNOVER;
    eraTurnovers.set(date, turnover);
  }
  return turnover;
}

/**
 * A carried cap implying a turnover below this share of the era's median has crossed a change of
 * share count (a rescue, a merger): price alone took C to $1.0T and AIG to $2.2T in 2005.
 */
const BROKEN_CARRY_TURNOVER = 0.25;
/** Such a company is sized from its dollar volume at this share of the era's median turnover (large caps trade less than the median). */
const LARGE_CAP_TURNOVER = 0.5;

/**
 * A company's starting point on `date`. Market cap and price come from the nearest S&P 500
 * snapshot, carried to the date by the company's own adjusted prices (1990-2017) or interpolated
 * between snapshots (later); without a snapshot, or when the carry crossed a change of share
 * count, from its dollar volume at a turnover; without either, from a size tier of the era's
 * market. Seeded noise of about 8% keeps ranks plausible without copying them.
 */
export function startingPoint(ticker: string, date: string, rng: Rng): StartingPoint {
  const { snapshots, years } = anchors();
  const shots = snapshots.get(ticker) ?? [];
  const inSp500 = isSp500Member(ticker);
  const history = years.get(ticker) ?? [];
  const noise = Math.exp(0.08 * rng.normal());
  const startYear = Number(date.slice(0, 4));

  // Volatility level: the median of the last five years of anchors before the start (a company's
  // level is persistent; five years keep one crisis year from setting it); dollar volume: the year
  // before the start, if the anchors reach it.
  const prior = history.filter((a) => a.year < startYear && a.tradingDays >= 120).slice(-5);
  const vols = prior.flatMap((a) => (a.vol === null ? [] : [a.vol]));
  const annualVol = vols.length ? median(vols) : null;
  const lastYear = yearBefore(history, date);

  let cap: number | null = null;
  let price: number | null = null;
  let source: StartingPoint["source"] = "tier";
  const point = fromSnapshots(ticker, date);
  const brokenCarry =
    point?.carried &&
    !ONE_CLASS_VOLUME.has(ticker) &&
    lastYear &&
    lastYear.dollarVolume / point.cap < BROKEN_CARRY_TURNOVER * eraTurnover(date);
  if (point && !brokenCarry) {
    ({ cap, price } = point);
    source = "snapshot";
  } else if (lastYear) {
    cap = lastYear.dollarVolume / (brokenCarry ? LARGE_CAP_TURNOVER * eraTurnover(date) : DAILY_TURNOVER);
    source = "trading";
  }
  if (cap === null) {
    // Size tiers, in shares of the era's market: S&P 500 members 0.01-0.12%, others 0.001-0.03%.
    const [lo, hi] = inSp500 ? [1e-4, 1.2e-3] : [1e-5, 3e-4];
    cap = marketCapOn(date) * Math.exp(rng.between(Math.log(lo), Math.log(hi)));
  } else rng.uniform(); // the same draws on every path, so one company's anchors never shift another's
  price ??= Math.exp(rng.between(Math.log(20), Math.log(120)));
  while (price < RESTATED_BELOW) price *= 2;
  cap *= noise;
  const dividendYield =
    nearestTo(
      shots.filter((s) => s.dividendYield !== null),
      date,
    )?.dividendYield ?? null;
  return {
    marketCap: cap,
    price,
    shares: Math.round(cap / price),
    dollarVolume: lastYear ? lastYear.dollarVolume * noise : cap * DAILY_TURNOVER,
    annualVol,
    dividendYield,
    source,
    tier: sizeTier(cap, date),
  };
}

/** The snapshot nearest the date (the earlier one of two as near). */
function nearestTo(shots: Snapshot[], date: string): Snapshot | undefined {
  const distance = (s: Snapshot) => Math.abs(time(s.date) - time(date));
  return shots.reduce<Snapshot | undefined>((best, s) => (!best || distance(s) < distance(best) ? s : best), undefined);
}

/** A company's market cap in the reference snapshot nearest `date`; null where it has none. */
export function snapshotCap(ticker: string, date: string): number | null {
  return nearestTo(anchors().snapshots.get(ticker) ?? [], date)?.cap ?? null;
}

export type SizeTier = "mega" | "large" | "mid" | "small";

/**
 * A company's size relative to its era's market (the S&P 500-like total): mega from 0.5% of it
 * (about $275bn in 2024, $65bn in 2012), large from 0.05%, mid from 0.01%.
 */
export function sizeTier(marketCap: number, date: string): SizeTier {
  const share = marketCap / marketCapOn(date);
  return share >= 5e-3 ? "mega" : share >= 5e-4 ? "large" : share >= 1e-4 ? "mid" : "small";
}

/** A company's business at a date as the snapshots saw it: the anchors of its statements. */
export interface BusinessAnchor {
  /** Trailing annual revenue (USD); null where unknown. */
  revenue: number | null;
  /** Book equity (USD); null where unknown or not positive. */
  bookEquity: number | null;
  /** EBITDA over revenue; null where unknown. */
  ebitdaMargin: number | null;
  /** Trailing annual net income (USD; negative for a loss); null where unknown. */
  netIncome: number | null;
}

/**
 * The company's revenue and book equity at `date`, for a company whose cap there is `cap`: between
 * two snapshots that state them (revenue = cap / P/S, book = cap / P/B), interpolated log-linearly
 * (they move more smoothly than caps); outside them, the nearest snapshot's ratio times `cap`. The
 * EBITDA margin is the nearest snapshot's. Net income (cap x EPS / price) is interpolated linearly
 * (it can change sign), and outside the snapshots that state EPS it is the nearest one's earnings
 * yield times `cap`.
 */
export function businessAnchor(ticker: string, date: string, cap: number): BusinessAnchor {
  const shots = (anchors().snapshots.get(ticker) ?? []).filter((s) => s.cap !== null && s.cap > 0);
  const level = (ratio: (s: Snapshot) => number | null | undefined): number | null => {
    const points = shots.filter((s) => (ratio(s) ?? 0) > 0);
    if (!points.length) return null;
    if (date >= points[0].date && date <= points[points.length - 1].date)
      return interpolate(
        points.map((s) => [s.date, s.cap! / ratio(s)!]),
        date,
      );
    const near = nearestTo(points, date)!;
    return cap / ratio(near)!;
  };
  const withMargin = shots.filter((s) => s.ebitda != null && (s.priceToSales ?? 0) > 0);
  const near = nearestTo(withMargin, date);
  return {
    revenue: level((s) => s.priceToSales),
    bookEquity: level((s) => s.priceToBook),
    ebitdaMargin: near ? near.ebitda! / (near.cap! / near.priceToSales!) : null,
    netIncome: netIncome(
      shots.filter((s) => s.eps != null),
      date,
      cap,
    ),
  };
}

/** Trailing net income at `date` from the snapshots that state EPS (see businessAnchor). */
function netIncome(shots: Snapshot[], date: string, cap: number): number | null {
  if (!shots.length) return null;
  const earningsYield = (s: Snapshot) => s.eps! / s.price;
  if (date < shots[0].date || date > shots[shots.length - 1].date) return earningsYield(nearestTo(shots, date)!) * cap;
  return interpolate(
    shots.map((s) => [s.date, earningsYield(s) * s.cap!]),
    date,
    "linear",
  );
}
