import { parse } from "csv-parse/sync";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { EarningsCycle, LOSS_SHARE, lossBand, type CycleQuarter } from "../../build/families/statements/realism.ts";
import type { ValidationCheck } from "../../src/bundle/types.ts";
import {
  acf,
  corr,
  excessKurtosis,
  hillAlpha,
  logReturns,
  mean,
  median,
  quantile,
  sd,
  skewness,
} from "../../build/models/statistics.ts";
import type { StockSeries } from "../../build/families/stocks/series.ts";
import { indexChecks, sectorOrderingCheck, stockChecks } from "../../build/families/stocks/realism-returns.ts";
import { crossSectionChecks, fundChecks } from "../../build/families/stocks/realism-cross-section.ts";
import { macroChecks, type MacroSeries } from "../../build/families/macro/realism.ts";
import { Rng } from "../../build/ground/rng.ts";

const emptySeries = (ticker: string, sector: string): StockSeries => ({
  ticker,
  sector,
  open: [],
  high: [],
  low: [],
  close: [],
  adjClose: [],
  volume: [],
  marketCap: [],
});

const draw = (rng: Rng, n: number, f: (r: Rng) => number) => Array.from({ length: n }, () => f(rng));

/**
 * A seeded universe on a market factor plus stock noise. "gbm": normal shocks, constant vol.
 * "garch": GJR-GARCH on Student-t shocks, which has heavy tails, clustering and leverage.
 */
function universe(seed: number, stocks: number, days: number, model: "gbm" | "garch"): StockSeries[] {
  const rng = new Rng(seed, `realism-${model}`);
  const garch = (r: Rng, omega: number, gamma: number) => {
    let h = omega / 0.04;
    return () => {
      const e = Math.sqrt(h) * r.studentT(5);
      h = omega + (0.02 + (e < 0 ? gamma : 0)) * e * e + 0.9 * h;
      return e;
    };
  };
  const mk = rng.fork("market");
  const marketShock = model === "gbm" ? () => 0.01 * mk.normal() : garch(mk, 2e-6, 0.12);
  const market = Array.from({ length: days }, () => marketShock());
  return Array.from({ length: stocks }, (_, i) => {
    const r = rng.fork(`stock-${i}`);
    const idio = model === "gbm" ? () => 0.013 * r.normal() : garch(r, 3e-6, 0.1);
    const s = emptySeries(`S${i}`, i % 2 ? "Energy" : "Utilities");
    let price = 50 + i;
    for (let t = 0; t < days; t++) {
      const ret = 0.0003 + (0.8 + 0.05 * i) * market[t] + idio();
      const open = price * Math.exp(0.5 * ret + 0.004 * r.normal());
      price *= Math.exp(ret);
      s.open.push(open);
      s.close.push(price);
      s.adjClose.push(price);
      s.high.push(Math.max(open, price) * Math.exp(0.006 * Math.abs(r.normal())));
      s.low.push(Math.min(open, price) * Math.exp(-0.006 * Math.abs(r.normal())));
      s.volume.push(Math.round(1e6 * Math.exp(0.3 * r.normal() + 20 * Math.abs(ret))));
      s.marketCap.push(price * 1e7 * (1 + i));
    }
    return s;
  });
}

function byName(checks: ValidationCheck[]): Map<string, ValidationCheck> {
  return new Map(checks.map((c) => [c.name, c]));
}

/** Every check is a well-formed warning, and no number anywhere in it is NaN or infinite. */
function expectWellFormed(checks: ValidationCheck[]) {
  const finite = (v: unknown): boolean =>
    typeof v === "number"
      ? Number.isFinite(v)
      : v !== null && typeof v === "object"
        ? Object.values(v).every(finite)
        : true;
  for (const c of checks) {
    expect(Object.keys(c).sort()).toEqual(["detail", "expected", "family", "name", "observed", "passed", "severity"]);
    expect(c.name).toMatch(/^[a-z0-9_]+$/);
    expect(c.severity).toBe("warning");
    expect(typeof c.passed).toBe("boolean");
    expect(c.observed === null || typeof c.observed === "number").toBe(true);
    expect(Object.keys(c.expected as object).sort()).toEqual(["max", "min"]);
    expect(c.detail.length).toBeGreaterThan(0);
    expect(finite(c)).toBe(true);
  }
  expect(new Set(checks.map((c) => c.name)).size).toBe(checks.length);
}

describe("realism helpers", () => {
  it("compute moments, quantiles and correlations on known inputs", () => {
    expect(mean([1, 2, 3, 4])).toBe(2.5);
    expect(sd([2, 4, 4, 4, 5, 5, 7, 9])).toBeCloseTo(2.138, 3);
    expect(median([3, 1, 2])).toBe(2);
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([1, NaN, 3], 1)).toBe(3);
    expect(corr([1, 2, 3, 4], [3, 5, 7, 9])).toBeCloseTo(1, 12);
    expect(corr([1, 2, 3], [5, 5, 5])).toBeNaN();
    expect(skewness([1, 2, 3])).toBeCloseTo(0, 12);
    expect(logReturns([100, 110, 0, 50])).toEqual([Math.log(1.1), NaN, NaN]);
    expect(mean([])).toBeNaN();
  });

  it("find -1 at lag 1 in an alternating series", () => {
    const x = Array.from({ length: 1000 }, (_, i) => (i % 2 ? 1 : -1));
    expect(acf(x, 1)).toBeCloseTo(-1, 2);
    expect(acf(x, 2)).toBeCloseTo(1, 2);
  });

  it("find near-zero skew and excess kurtosis in a large normal sample", () => {
    const x = draw(new Rng(11, "normal"), 50_000, (r) => r.normal());
    expect(Math.abs(excessKurtosis(x))).toBeLessThan(0.1);
    expect(Math.abs(skewness(x))).toBeLessThan(0.05);
    expect(Math.abs(acf(x, 1))).toBeLessThan(0.02);
  });

  it("recover the tail exponent of a Pareto sample with alpha 3", () => {
    // Symmetric Pareto: abs(x) = u^(-1/3) has P(abs x > s) = s^-3.
    const x = draw(new Rng(12, "pareto"), 40_000, (r) => (r.uniform() < 0.5 ? -1 : 1) * (1 - r.uniform()) ** (-1 / 3));
    expect(Math.abs(hillAlpha(x) - 3)).toBeLessThan(0.3);
    // A normal sample has a much thinner tail.
    expect(hillAlpha(draw(new Rng(13, "normal"), 40_000, (r) => r.normal()))).toBeGreaterThan(5);
  });
});

describe("realism checks", () => {
  const gbm = universe(7, 8, 2520, "gbm");
  const stylized = [
    "excess_kurtosis",
    "hill_tail_alpha",
    "tail_frequency_3sd",
    "tail_frequency_5sd",
    "acf_abs_lag1",
    "acf_abs_lag10",
    "acf_abs_lag100",
    "abs_acf_decay_slope",
    "leverage_corr",
  ];

  it("fail GBM on heavy tails, volatility clustering and leverage", () => {
    const stocks = byName(stockChecks(gbm));
    const index = byName(indexChecks(gbm));
    for (const name of stylized) {
      expect(stocks.get(name)?.passed, name).toBe(false);
      expect(index.get(`index_${name}`)?.passed, `index_${name}`).toBe(false);
    }
    // The one fact GBM has.
    expect(stocks.get("acf_returns_lag1_10")?.passed).toBe(true);
    expect(stocks.get("excess_kurtosis")?.detail).toMatch(
      /^median excess kurtosis across 8 stocks -?[\d.]+, band 5 to 25$/,
    );
  });

  it("pass a GJR-GARCH-t universe on the facts GBM fails, but not on slow memory", () => {
    const garch = universe(7, 8, 2520, "garch");
    const stocks = byName(stockChecks(garch));
    const index = byName(indexChecks(garch));
    for (const name of ["excess_kurtosis", "hill_tail_alpha", "tail_frequency_5sd", "leverage_corr"]) {
      expect(stocks.get(name)?.passed, name).toBe(true);
    }
    for (const name of ["index_hill_tail_alpha", "index_acf_abs_lag1", "index_acf_abs_lag10"]) {
      expect(index.get(name)?.passed, name).toBe(true);
    }
    // GARCH memory decays exponentially: steeper than the power law of real data (docs/realism.md, "Returns of one series").
    expect(stocks.get("abs_acf_decay_slope")?.observed).toBeGreaterThan(0.45);
    expect(index.get("index_abs_acf_decay_slope")?.passed).toBe(false);
  });

  it("produce well-formed checks of the right families", () => {
    const checks = [...stockChecks(gbm), ...indexChecks(gbm), ...crossSectionChecks(gbm)];
    expectWellFormed(checks);
    expect(checks.filter((c) => c.family === "realism_tier1")).toHaveLength(19 + 15);
    const tier2 = byName(crossSectionChecks(gbm));
    expect([...tier2.values()].every((c) => c.family === "realism_tier2")).toBe(true);
    expect(tier2.get("beta_cap_weighted_mean")?.observed).toBeCloseTo(1, 1);
    // GBM has no sector factor: within- and across-sector correlations are alike.
    expect(tier2.get("sector_corr_gap")?.passed).toBe(false);
    expect(tier2.get("corr_rises_with_vol")?.observed).not.toBeNull();
  });

  it("skip what a one-year sample cannot support, without NaN", () => {
    const checks = [...stockChecks(universe(3, 4, 252, "gbm")), ...indexChecks(universe(3, 4, 252, "gbm"))];
    expectWellFormed(checks);
    const c = byName(checks);
    // Long-run bands the real index misses in most single years (the discriminator's last table).
    for (const name of [
      "excess_kurtosis",
      "hill_tail_alpha",
      "tail_frequency_3sd",
      "skewness",
      "acf_abs_lag1",
      "acf_abs_lag10",
      "acf_abs_lag100",
      "abs_acf_decay_slope",
      "tail_frequency_5sd",
      "leverage_corr",
      "aggregational_gaussianity_63d",
      "annualized_vol",
      "index_excess_kurtosis",
      "index_acf_abs_lag100",
    ]) {
      expect(c.get(name)?.passed, name).toBe(true);
      expect(c.get(name)?.observed, name).toBeNull();
      expect(c.get(name)?.detail, name).toMatch(/skipped for lack of data/);
    }
    // What a year does support.
    for (const name of ["acf_returns_lag1_10", "parkinson_ratio", "overnight_gap_share", "index_overnight_gap_share"])
      expect(c.get(name)?.observed, name).not.toBeNull();
  });

  it("judge leverage from two years, volatility clustering at lag 10 from five, tails and skew from ten", () => {
    const judged = (days: number) => {
      const c = byName([...stockChecks(universe(5, 4, days, "garch")), ...indexChecks(universe(5, 4, days, "garch"))]);
      return (name: string) => c.get(name)?.observed !== null;
    };
    const twoYears = judged(504);
    expect(twoYears("leverage_corr") && twoYears("index_leverage_corr")).toBe(true);
    expect(twoYears("acf_abs_lag10") || twoYears("hill_tail_alpha")).toBe(false);
    const fiveYears = judged(1260);
    expect(fiveYears("acf_abs_lag10") && fiveYears("hill_tail_alpha") && fiveYears("tail_frequency_3sd")).toBe(true);
    expect(fiveYears("excess_kurtosis") || fiveYears("skewness") || fiveYears("acf_abs_lag1")).toBe(false);
    const tenYears = judged(2520);
    expect(tenYears("excess_kurtosis") && tenYears("skewness") && tenYears("index_acf_abs_lag1")).toBe(true);
  });

  it("survive empty, single-stock and degenerate universes", () => {
    const flat = emptySeries("FLAT", "Utilities");
    for (let t = 0; t < 300; t++) {
      for (const k of ["open", "high", "low", "close", "adjClose"] as const) flat[k].push(10);
      flat.volume.push(0);
      flat.marketCap.push(1e9);
    }
    for (const stocks of [[], [flat], [flat, ...universe(5, 2, 300, "gbm")], universe(5, 1, 2, "gbm")]) {
      const checks = [...stockChecks(stocks), ...indexChecks(stocks), ...crossSectionChecks(stocks)];
      expectWellFormed(checks);
    }
    expect(byName(crossSectionChecks([flat])).get("avg_pairwise_corr")?.detail).toMatch(/skipped for lack of data/);
  });
});

describe("macro checks", () => {
  function macro(days: number): MacroSeries {
    const rng = new Rng(21, "macro");
    const m: MacroSeries = {
      vix: [],
      creditSpread: [],
      tenYear: [],
      twoYear: [],
      inflationExpectation: [],
      marketReturn: [],
    };
    let logVix = Math.log(18);
    for (let t = 0; t < days; t++) {
      const r = 0.01 * rng.normal();
      // dlog VIX about -4 x market return, mean-reverting to 18.
      logVix += -4 * r + 0.03 * rng.normal() + 0.02 * (Math.log(18) - logVix);
      const vix = Math.exp(logVix);
      m.marketReturn.push(r);
      m.vix.push(vix);
      m.creditSpread.push(2 + 0.15 * vix + 0.6 * rng.normal());
      m.tenYear.push(4 + 0.1 * rng.normal());
      m.twoYear.push(3 + 0.1 * rng.normal());
      m.inflationExpectation.push(2.1 + 0.1 * rng.normal());
    }
    return m;
  }

  it("compute the Tier 5 rows of a long tape", () => {
    const checks = macroChecks(macro(2520));
    expectWellFormed(checks);
    const c = byName(checks);
    expect([...c.keys()]).toEqual([
      "vix_long_run_mean",
      "vix_above_40_share",
      "vix_market_return_corr",
      "credit_spread_vix_corr",
      "yield_curve_10y2y_mean",
      "breakeven_in_band_share",
    ]);
    expect(checks.every((x) => x.family === "realism_tier5")).toBe(true);
    expect(c.get("vix_market_return_corr")?.passed).toBe(true);
    expect(c.get("credit_spread_vix_corr")?.passed).toBe(true);
    expect(c.get("yield_curve_10y2y_mean")?.observed).toBeCloseTo(1, 1);
    expect(c.get("breakeven_in_band_share")?.passed).toBe(true);
  });

  it("skip the long-run rows on a one-year tape", () => {
    const c = byName(macroChecks(macro(252)));
    for (const name of [
      "vix_long_run_mean",
      "vix_above_40_share",
      "yield_curve_10y2y_mean",
      "breakeven_in_band_share",
    ]) {
      expect(c.get(name)?.observed, name).toBeNull();
      expect(c.get(name)?.passed, name).toBe(true);
    }
    expect(c.get("vix_market_return_corr")?.observed).not.toBeNull();
    expectWellFormed(
      macroChecks({ vix: [], creditSpread: [], tenYear: [], twoYear: [], inflationExpectation: [], marketReturn: [] }),
    );
  });
});

describe("cross-section estimators", () => {
  /** Three sectors of four stocks on a market factor and a factor per sector, with varied betas and caps. */
  function sectored(seed: number, days: number): StockSeries[] {
    const rng = new Rng(seed, "sectored");
    const market = draw(rng.fork("market"), days, (r) => 0.01 * r.normal());
    const sectors = ["Energy", "Utilities", "Financials"];
    const factors = sectors.map((s) => draw(rng.fork(s), days, (r) => 0.007 * r.normal()));
    return Array.from({ length: 12 }, (_, i) => {
      const r = rng.fork(`stock-${i}`);
      const s = emptySeries(`S${i}`, sectors[i % 3]);
      let price = 40 + i;
      for (let t = 0; t < days; t++) {
        price *= Math.exp((0.6 + 0.1 * i) * market[t] + factors[i % 3][t] + 0.012 * r.normal());
        for (const k of ["open", "high", "low", "close", "adjClose"] as const) s[k].push(price);
        s.volume.push(1e6);
        s.marketCap.push(price * 1e7 * (1 + (i % 5)));
      }
      return s;
    });
  }

  /** The statistics from the whole correlation matrix, as the build computed them before it streamed. */
  function fromMatrix(stocks: StockSeries[]) {
    const returns = stocks.map((s) => logReturns(s.adjClose));
    const n = returns.length;
    const T = returns[0].length;
    const market = Array.from({ length: T }, (_, t) => {
      const w = stocks.reduce((a, s) => a + s.marketCap[t], 0);
      return Math.log(stocks.reduce((a, s) => a + s.marketCap[t] * (s.adjClose[t + 1] / s.adjClose[t]), 0) / w);
    });
    const pairMeans = (series: number[][]) => {
      const within: number[] = [];
      const across: number[] = [];
      for (let i = 0; i < n; i++)
        for (let j = i + 1; j < n; j++)
          (stocks[i].sector === stocks[j].sector ? within : across).push(corr(series[i], series[j]));
      return { within: mean(within), across: mean(across), all: mean([...within, ...across]) };
    };
    const residuals = returns.map((r) => {
      const beta = (corr(r, market) * sd(r)) / sd(market);
      const alpha = mean(r) - beta * mean(market);
      return r.map((v, t) => v - alpha - beta * market[t]);
    });
    // Top eigenvalue of the matrix, by many power steps.
    const c = returns.map((a) => returns.map((b) => corr(a, b)));
    let v = new Array<number>(n).fill(1 / Math.sqrt(n));
    let lambda = 0;
    for (let k = 0; k < 500; k++) {
      const w = c.map((row) => row.reduce((s, x, j) => s + x * v[j], 0));
      lambda = Math.sqrt(w.reduce((s, x) => s + x * x, 0));
      v = w.map((x) => x / lambda);
    }
    return { raw: pairMeans(returns), residual: pairMeans(residuals), eigenShare: lambda / n };
  }

  it("give the whole-matrix values without forming the matrix", () => {
    const stocks = sectored(9, 400);
    const c = byName(crossSectionChecks(stocks));
    const m = fromMatrix(stocks);
    const observed = (name: string) => c.get(name)?.observed as number;
    const expectNear = (name: string, value: number) =>
      expect(Math.abs(observed(name) - value), `${name}: ${observed(name)} vs ${value}`).toBeLessThanOrEqual(6e-5);
    expectNear("avg_pairwise_corr", m.raw.all);
    expectNear("sector_corr_gap", m.raw.within - m.raw.across);
    expectNear("residual_within_sector_corr", m.residual.within);
    expectNear("residual_across_sector_corr", m.residual.across);
    expectNear("top_eigenvalue_share", m.eigenShare);
    // A world with sector factors has what the GBM universe lacks.
    expect(c.get("sector_corr_gap")?.passed).toBe(true);
    expect(m.raw.within - m.raw.across).toBeGreaterThan(0.1);
  });
});

describe("sector ordering and fund tracking", () => {
  it("passes when utilities are calmer than energy and fails when the order is reversed", () => {
    const stocks = universe(11, 6, 500, "gbm");
    // Odd stocks are labelled Energy; make their returns the calmer ones, then swap the labels.
    const calm = stocks.map((s, i) =>
      i % 2 ? { ...s, adjClose: s.adjClose.map((p) => 50 * Math.exp(0.2 * Math.log(p / s.adjClose[0]))) } : s,
    );
    expect(sectorOrderingCheck(calm).passed).toBe(false);
    const swapped = calm.map((s) => ({ ...s, sector: s.sector === "Energy" ? "Utilities" : "Energy" }));
    expect(sectorOrderingCheck(swapped).passed).toBe(true);
  });

  it("measures tracking error and the shortfall against the expense ratio", () => {
    const rng = new Rng(5, "fund");
    const bench = [1000];
    for (let t = 1; t < 1000; t++) bench.push(bench[t - 1] * Math.exp(0.01 * rng.normal()));
    const fee = 0.001;
    const close = bench.map((b, t) => (b / 10) * Math.exp((-fee * t) / 252 + 0.00003 * rng.normal()));
    const [te, shortfall] = fundChecks([{ ticker: "F", close, benchmarkLevel: bench, expenseRatio: fee }]);
    expect(te.passed).toBe(true);
    expect(te.observed as number).toBeCloseTo(0.00003 * Math.sqrt(2) * Math.sqrt(252), 3);
    expect(Math.abs(shortfall.observed as number)).toBeLessThan(0.001);
    const noisy = bench.map((b) => (b / 10) * Math.exp(0.002 * rng.normal()));
    expect(fundChecks([{ ticker: "F", close: noisy, benchmarkLevel: bench, expenseRatio: fee }])[0].passed).toBe(false);
  });
});

describe("Tier 4 bands", () => {
  it("hold the S&P 500's own loss-year share, as the reference snapshots state it", () => {
    const rows = parse(readFileSync("build/refdata/sp500_snapshots.csv", "utf8"), { columns: true }) as Record<
      string,
      string
    >[];
    const bySnapshot = new Map<string, number[]>();
    for (const r of rows)
      if (r.eps !== "") bySnapshot.set(r.snapshot_date, [...(bySnapshot.get(r.snapshot_date) ?? []), Number(r.eps)]);
    const shares = [...bySnapshot.values()].map((eps) => eps.filter((e) => e < 0).length / eps.length);
    expect(shares).toHaveLength(9);
    // The members' band is the snapshots' range, rounded out to the next point.
    expect(Math.min(...shares)).toBeGreaterThanOrEqual(LOSS_SHARE.member.min);
    expect(Math.min(...shares) - LOSS_SHARE.member.min).toBeLessThan(0.01);
    expect(Math.max(...shares)).toBeLessThanOrEqual(LOSS_SHARE.member.max);
    expect(LOSS_SHARE.member.max - Math.max(...shares)).toBeLessThan(0.01);
    // A broad universe keeps the band of docs/realism.md, "Fundamentals"; a mixed one sits between.
    expect(lossBand(0)).toEqual({ min: 0.2, max: 0.35 });
    expect(lossBand(1)).toEqual(LOSS_SHARE.member);
    expect(lossBand(0.5).min).toBeCloseTo(0.115, 9);
  });
});

describe("the earnings cycle", () => {
  // Companies' quarters (calendar quarter ends, 2006-2010) and a crisis regime from September 2008
  // to March 2009 on a daily calendar.
  const days: string[] = [];
  for (let t = Date.parse("2006-01-02"); t < Date.parse("2011-01-01"); t += 86_400_000)
    days.push(new Date(t).toISOString().slice(0, 10));
  const regimes = days.map((d) => (d >= "2008-09-15" && d <= "2009-03-31" ? "crisis" : "expansion"));
  const ends = days.filter((d) => /-(03-31|06-30|09-30|12-31)$/.test(d));
  const company = (net: (end: string) => number, writeDowns: (end: string) => number = () => 0): CycleQuarter[] =>
    ends.map((end) => ({ end, net: net(end), operating: net(end) + writeDowns(end) }));
  const cycle = (...companies: CycleQuarter[][]) => {
    const c = new EarningsCycle();
    for (const quarters of companies) c.add(quarters);
    return c.check({ regimes, days });
  };
  const crisisQuarter = (end: string) => end === "2008-12-31" || end === "2009-03-31";

  it("measures operating earnings' fall from the peak before a crisis to the trough after it, net income's beside it", () => {
    // 25 + 12.5 a quarter before (TTM 150). A bank's two crisis quarters: write-downs of 50 each, a
    // loss of 50 in each, no operating earnings. Operating TTM at the trough 100 + 25 (-16.7%); net
    // income 100 + 25 - 100 (-83.3%).
    const check = cycle(
      company(() => 25),
      company(
        (end) => (crisisQuarter(end) ? -50 : 12.5),
        (end) => (crisisQuarter(end) ? 50 : 0),
      ),
    );
    expect(check.observed).toBe(0.1667);
    expect(check.passed).toBe(false);
    expect(check.detail).toContain("16.7%, net income 83.3% (from 2008-09-15)");
  });

  it("passes a fall inside 20-45%, fails an economy that only keeps growing, skips a world without a crisis", () => {
    expect(cycle(company((end) => (crisisQuarter(end) ? 10 : 25))).observed).toBe(0.3);
    expect(cycle(company((end) => (crisisQuarter(end) ? 10 : 25))).passed).toBe(true);
    const growing = cycle(company((end) => 25 + Number(end.slice(0, 4)) - 2006));
    expect(growing.observed).toBe(0);
    expect(growing.passed).toBe(false);
    const calm = new EarningsCycle();
    calm.add(company(() => 25));
    const skipped = calm.check({ regimes: regimes.map(() => "expansion"), days });
    expect(skipped.observed).toBeNull();
    expect(skipped.detail).toContain("no crisis");
  });

  it("takes a crisis's quarters by its dates: one from 20 October starts in the fourth quarter", () => {
    const late = days.map((d) => (d >= "2008-10-20" && d <= "2009-02-10" ? "crisis" : "expansion"));
    // A record quarter to December (TTM 115), then two weak ones: the trough TTM is 70 in 2009Q4.
    const c = new EarningsCycle();
    c.add(company((end) => (end === "2008-12-31" ? 40 : end === "2009-03-31" || end === "2009-06-30" ? 10 : 25)));
    expect(c.check({ regimes: late, days }).observed).toBe(0.3913);
  });

  it("counts only quarters every company reported", () => {
    const c = new EarningsCycle();
    c.add(company(() => 25));
    // A second company whose only four quarters, in the crisis, lose money: not quarters of the universe.
    c.add(company(() => -90).filter((q) => q.end >= "2008-06-30" && q.end <= "2009-03-31"));
    expect(c.check({ regimes, days }).detail).toContain("no reported quarters");
  });
});
