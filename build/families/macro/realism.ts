// The macro tape (volatility index, credit spread, yield curve, breakevens) and the depth of every
// crisis of the hidden regime path as the tape and the stocks show it: docs/realism.md, "The macro
// tape" and "Crisis depth".
import type { ValidationCheck } from "../../../src/bundle/types.ts";
import type { Checker } from "../../ground/family.ts";
import type { Company, World } from "../registry.ts";
import type { RecordSpill, Scratch } from "../../ground/scratch.ts";
import { corr, logReturns, mean } from "../../models/statistics.ts";
import { fmt } from "../../models/rounding.ts";
import { bandCheck, skipped, type Band } from "../../realism/bands.ts";
import { CRISIS_MIN_DAYS, CRISIS_PEAK_LOOKBACK, crisisEpisodes, type CrisisEpisode } from "../../realism/crises.ts";
import { LONG_SAMPLE, stockSeries, type StockSeries } from "../stocks/series.ts";
import { CapWeightedIndex } from "../stocks/realism-returns.ts";

/** Rates and spreads in percent (4.5 = 4.5%), vix in index points, marketReturn a daily log return. */
export interface MacroSeries {
  vix: number[];
  creditSpread: number[];
  tenYear: number[];
  twoYear: number[];
  inflationExpectation: number[];
  marketReturn: number[];
}

export function macroChecks(m: MacroSeries): ValidationCheck[] {
  const family = "realism_tier5";
  const n = Math.min(
    m.vix.length,
    m.creditSpread.length,
    m.tenYear.length,
    m.twoYear.length,
    m.inflationExpectation.length,
    m.marketReturn.length,
  );
  const vix = m.vix.slice(0, n);
  const long = (name: string, band: Band, what: string, value: () => number, pct = false): ValidationCheck =>
    n >= LONG_SAMPLE
      ? bandCheck(family, name, band, value(), what, pct)
      : skipped(family, name, band, what, `long-run band, needs ${LONG_SAMPLE} days, have ${n}`);
  const short = (name: string, band: Band, what: string, value: () => number): ValidationCheck =>
    n >= 60
      ? bandCheck(family, name, band, value(), what)
      : skipped(family, name, band, what, `needs 60 days, have ${n}`);

  // dlog VIX of day t against the market return of day t.
  const dlogVix = logReturns(vix);
  const spread = m.tenYear.slice(0, n).map((ten, i) => ten - m.twoYear[i]);
  const breakeven = m.inflationExpectation.slice(0, n);
  return [
    long("vix_long_run_mean", { min: 17, max: 21 }, "mean VIX", () => mean(vix)),
    long(
      "vix_above_40_share",
      { min: 0.01, max: 0.05 },
      "share of days with VIX > 40",
      () => vix.filter((v) => v > 40).length / n,
      true,
    ),
    short("vix_market_return_corr", { min: -0.85, max: -0.65 }, "corr(dlog VIX, market return)", () =>
      corr(dlogVix, m.marketReturn.slice(1, n)),
    ),
    short("credit_spread_vix_corr", { min: 0.5, max: 0.85 }, "level corr(credit spread, VIX)", () =>
      corr(m.creditSpread.slice(0, n), vix),
    ),
    long("yield_curve_10y2y_mean", { min: 0.5, max: 1.5 }, "mean 10y-2y spread in pp", () => mean(spread)),
    long(
      "breakeven_in_band_share",
      { min: 0.8, max: 1 },
      "share of days with breakeven inflation in 1.5-2.6%",
      () => breakeven.filter((v) => v >= 1.5 && v <= 2.6).length / n,
      true,
    ),
  ];
}

// Crisis depth (docs/realism.md, "Crisis depth"): every crisis of the hidden regime path should
// read as one on the tape: VIX above 35 at its peak, average pairwise stock correlation above 0.5
// over the episode and an index drawdown beyond 20%.

/** Deepest fall of `level` on the episode's days below its high since `lookback` days before it began. */
export function episodeDrawdown(level: readonly number[], e: CrisisEpisode, lookback = CRISIS_PEAK_LOOKBACK): number {
  let peak = -Infinity;
  let worst = 0;
  for (let t = Math.max(0, e.start - lookback); t <= e.end; t++) {
    peak = Math.max(peak, level[t]);
    if (t >= e.start) worst = Math.max(worst, 1 - level[t] / peak);
  }
  return worst;
}

/**
 * Stocks stream past (their returns spilled, the cap-weighted index summed); `checks` takes the
 * regime path and the volatility index once they are known. Mean pairwise correlation over an
 * episode is (|sum of unit columns|^2 - stocks) / (stocks (stocks - 1)), as in cross-section.ts:
 * O(stocks x days), no correlation matrix.
 */
export class CrisisDepth {
  private readonly index: CapWeightedIndex;
  private readonly n: number;
  private readonly scratch: Scratch;
  private spill: RecordSpill | undefined;

  constructor(n: number, scratch: Scratch) {
    this.n = n;
    this.scratch = scratch;
    this.index = new CapWeightedIndex(n);
  }

  add(s: StockSeries): void {
    this.index.add(s);
    const r = logReturns(s.adjClose.slice(0, this.n));
    if (r.length !== this.n - 1 || !r.every(Number.isFinite)) return;
    this.spill ??= this.scratch.records(this.n - 1);
    this.spill.append(r);
  }

  /** Each judged episode's VIX peak, mean pairwise correlation and index drawdown; `short` counts those too short to judge. */
  measure(
    regimes: readonly string[],
    vix: readonly number[],
  ): { episodes: { e: CrisisEpisode; vix: number; corr: number; drawdown: number }[]; short: number } {
    const all = crisisEpisodes(regimes.slice(0, this.n));
    const episodes = all.filter((e) => e.end - e.start + 1 >= CRISIS_MIN_DAYS && e.start >= 1);
    if (episodes.length === 0) return { episodes: [], short: all.length };
    const r = this.index.series().r;
    const level = [1];
    for (const x of r) level.push(level[level.length - 1] * Math.exp(Number.isFinite(x) ? x : 0));
    // Returns of days start..end are r[start - 1 .. end - 1].
    const sums = episodes.map((e) => new Float64Array(e.end - e.start + 1));
    let stocks = 0;
    for (const record of this.spill?.read() ?? []) {
      stocks++;
      episodes.forEach((e, k) => {
        const u = record.subarray(e.start - 1, e.end);
        const m = mean(Array.from(u));
        let ss = 0;
        for (const v of u) ss += (v - m) ** 2;
        const norm = Math.sqrt(ss);
        if (norm > 0) for (let t = 0; t < u.length; t++) sums[k][t] += (u[t] - m) / norm;
      });
    }
    return {
      short: all.length - episodes.length,
      episodes: episodes.map((e, k) => {
        let sq = 0;
        for (const v of sums[k]) sq += v * v;
        return {
          e,
          vix: Math.max(...vix.slice(e.start, e.end + 1)),
          corr: stocks >= 2 ? (sq - stocks) / (stocks * (stocks - 1)) : NaN,
          drawdown: episodeDrawdown(level, e),
        };
      }),
    };
  }

  /** `dates` name the episodes in the details. */
  checks(regimes: readonly string[], vix: readonly number[], dates: readonly string[]): ValidationCheck[] {
    const family = "crisis_depth";
    const rows = [
      { name: "crisis_vix_peak", band: { min: 35, max: null }, what: "lowest VIX peak over the crisis episodes" },
      {
        name: "crisis_avg_pairwise_corr",
        band: { min: 0.5, max: null },
        what: "lowest mean pairwise daily stock correlation over a crisis episode",
      },
      {
        name: "crisis_index_drawdown",
        band: { min: 0.2, max: null },
        what: `smallest index drawdown of a crisis episode (from the high of the ${CRISIS_PEAK_LOOKBACK} days before it)`,
        pct: true,
      },
    ];
    const { episodes: per, short } = this.measure(regimes, vix);
    const all = per.length + short;
    if (per.length === 0) {
      const reason =
        all === 0 ? "no crisis in the regime path" : `${all} crisis episodes, none of ${CRISIS_MIN_DAYS} days`;
      return rows.map((row) => skipped(family, row.name, row.band, row.what, reason));
    }
    const episodes = per.map((p) => p.e);
    const days = (e: CrisisEpisode) => `${e.end - e.start + 1} days from ${dates[e.start] ?? `day ${e.start}`}`;
    const list = (pick: (p: (typeof per)[number]) => number, pct = false) =>
      per.map((p) => `${fmt(pick(p), pct)} (${days(p.e)})`).join(", ");
    const note = `${episodes.length} episodes${short > 0 ? `, ${short} shorter than ${CRISIS_MIN_DAYS} days not judged` : ""}`;
    const values = [
      { v: Math.min(...per.map((p) => p.vix)), detail: list((p) => p.vix) },
      { v: Math.min(...per.map((p) => p.corr)), detail: list((p) => p.corr) },
      { v: Math.min(...per.map((p) => p.drawdown)), detail: list((p) => p.drawdown, true) },
    ];
    return rows.map((row, k) => {
      const check = bandCheck(family, row.name, row.band, values[k].v, `${row.what}, ${note}`, row.pct);
      return { ...check, detail: `${check.detail}; by episode: ${values[k].detail}` };
    });
  }
}

/** Crisis depth: needs the stocks (correlations, the index), the hidden regimes and the tape. */
export function crisisDepth(days: string[], scratch: Scratch): Checker<World, Company> {
  const depth = new CrisisDepth(days.length, scratch);
  return {
    company: (company) => depth.add(stockSeries(company)),
    finish: (world) =>
      depth.checks(
        world.regimes,
        world.macro.map((m) => m.volatility_index),
        world.days,
      ),
  };
}

/** The macro tape's statistics. */
export function macroTape(): Checker<World, Company> {
  return {
    finish: (world) =>
      macroChecks({
        vix: world.macro.map((m) => m.volatility_index),
        creditSpread: world.macro.map((m) => m.credit_spread),
        tenYear: world.macro.map((m) => m.ten_year_yield),
        twoYear: world.macro.map((m) => m.metadata.two_year_yield as number),
        inflationExpectation: world.macro.map((m) => m.inflation_expectation),
        marketReturn: world.market.returns,
      }),
  };
}
