// `npm run realism:discriminate` on its smallest useful configuration: one short scenario at two
// seeds (one 240-day block each, and grouped CV needs two per class). The report holds its rows, and
// the instrument is seen to work: it tells real index returns from an i.i.d. Gaussian with their
// mean and vol; the volatility index's sanity row is there. Makes the Python venv (.local/realism-venv) on first run, from the pip mirror.
//
// Then build/realism/panel_discriminate.py's choice of our stocks and windows (`npm run
// realism:panel`), in the same venv and so in this file: two files making it at once would race. A
// survivor whose price sits on a cent tick (unchanged most days, as a collapsed stock at $0.13 does)
// is left out, where its flat windows had stopped the report (a correlation matrix with a
// zero-variance column), and so is one whose close does not change for 20 days in a row. Our panel
// windows matched to the real windows' market volatility hold the real share of each fifth of it. Two real panels against each other (`--real-cross-check`): the
// second's names that the first holds too, and a stock stuck on a tick, are left out, and each of
// the first's names is paired with at most one of the second's of its sector. Ours are drawn to the
// real panel's sectors and, within a sector, to its stocks' size tiers. The panel windows' co-movement
// is given by fifth of the real windows' market volatility, both sides' medians in each.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { ensureVenv, PANEL_PYTHON } from "../../build/cli/realism-venv.ts";

const SCRIPT = `
import json, sys
import numpy as np
sys.path.insert(0, "build/realism")
import panel_discriminate as P
rng = np.random.default_rng(7)
n = 400
days = [str(d.date()) for d in __import__("pandas").bdate_range("2010-01-04", periods=n)]
stocks = [
    {"ticker": f"S{k}", "sector": "Technology", "start": 0, "adj_close": list(50 * np.exp(np.cumsum(rng.normal(0, 0.02, n))))}
    for k in range(24)
]
# A collapsed stock: at $0.13-0.14, on a cent tick, for most of its days.
stocks.append({"ticker": "STUCK", "sector": "Technology", "start": 0, "adj_close": [0.13] * 200 + [0.14] * 10 + [0.13] * 190})
# A price held flat for 25 days in a row (6% of its days), as a takeover target at its offer was.
held = list(50 * np.exp(np.cumsum(rng.normal(0, 0.02, n))))
held[100:126] = [held[100]] * 26
stocks.append({"ticker": "HELD", "sector": "Technology", "start": 0, "adj_close": held})
series = {"days": days, "stocks": stocks, "spy_close": list(100 * np.exp(np.cumsum(rng.normal(0, 0.01, n))))}
prices, market, sectors = P.our_panel(series, days[0], days[-1])
r = P.log_returns(prices)
rows = P.panel_windows(r, lambda g: list(r.columns), rng, "ours")
print(json.dumps({"tickers": list(prices.columns), "finite": bool(np.isfinite(rows.drop(columns="group").to_numpy()).all())}))
`;

// Real windows' vol spread evenly; ours mostly high (a world whose draws ran hot).
const MATCHING = `
import json, sys
import numpy as np, pandas as pd
sys.path.insert(0, "build/realism")
import panel_discriminate as P
rng = np.random.default_rng(3)
real_vol = rng.uniform(0.005, 0.02, 100)
vol = np.r_[rng.uniform(0.005, 0.02, 60), rng.uniform(0.015, 0.02, 240)]
rows = pd.DataFrame({"v": vol, "group": [f"ours/{k // 10}" for k in range(300)]})
kept = P.vol_matched(real_vol, rows, vol, rng)
edges = np.quantile(real_vol, [0.2, 0.4, 0.6, 0.8])
print(json.dumps({"kept": len(kept), "fifths": np.bincount(np.digitize(kept["v"], edges), minlength=5).tolist()}))
`;

// Survivors of three sectors and four size tiers, drawn to a real panel's (sector, tier) mix over many
// draws: two mega and one large Health Care, one mega Energy (the world has none) and one Staples
// (the world has no Staples at all).
const SIZES = `
import json, sys
import numpy as np
sys.path.insert(0, "build/realism")
import panel_discriminate as P
tiers = {"H0": "mega", "H1": "small", "H2": "small", "H3": "mid", "H4": "large", "H5": "mega",
         "E0": "small", "E1": "mid", "T0": "mega", "T1": "small"}
sectors = {t: {"H": "Health Care", "E": "Energy", "T": "Technology"}[t[0]] for t in tiers}
tickers = list(tiers)
wanted = [("Health Care", "mega"), ("Health Care", "large"), ("Health Care", "mega"), ("Energy", "mega"), ("Consumer Staples", "mega")]
draws = [P.matched_pairs(tickers, sectors, tiers, wanted, np.random.default_rng(k)) for k in range(200)]
subset = P.matched_subset(tickers, sectors, tiers, wanted, np.random.default_rng(0))
untiered = P.matched_subset(tickers, sectors, {}, [(s, None) for s, _ in wanted], np.random.default_rng(0))
print(json.dumps({
    "health": sorted({",".join(sorted(t for w, t in d if w[0] == "Health Care")) for d in draws}),
    "large": sorted({t for d in draws for w, t in d if w == ("Health Care", "large")}),
    "energy": sorted({t for d in draws for w, t in d if w[0] == "Energy"}),
    "staples": sorted({t for d in draws for w, t in d if w[0] == "Consumer Staples"}),
    "subset": subset,
    "untiered": untiered,
}))
`;

// Two synthetic panels over 1000 shared days (four 240-day blocks: grouped CV needs five groups):
// A0-A5, a stuck STUCK and the shared S0, S1 against B0-B5 and S0, S1; A0 and B0 are Energy, A1,
// B1 and B2 Financials.
const CROSS_CHECK = `
import json, sys
import numpy as np, pandas as pd
sys.path.insert(0, "build/realism")
import panel_discriminate as P
rng = np.random.default_rng(5)
days = pd.bdate_range("1995-01-02", periods=1000)
walk = lambda: 30 * np.exp(np.cumsum(rng.normal(0, 0.015, len(days))))
shared = {"S0": walk(), "S1": walk()}
a = pd.DataFrame({**{f"A{k}": walk() for k in range(6)}, "STUCK": [1.0] * 500 + [1.01] * 500, **shared}, index=days)
b = pd.DataFrame({**{f"B{k}": walk() for k in range(6)}, **shared}, index=days)
index = pd.Series(walk(), index=days)
sectors = {"A0": "Energy", "B0": "Energy", "A1": "Financials", "B1": "Financials", "B2": "Financials"}
panels = [{"name": name, "prices": p, "index": index, "sectors": {t: sectors.get(t) for t in p.columns}} for name, p in (("a", a), ("b", b))]
section = P.cross_check(panels, 1)
pairs = P.sector_pairs(["A0", "A1", "A2"], ["B0", "B1", "B2", "B3"], sectors, np.random.default_rng(0))
rows = [l for l in section if l.startswith("| single-stock")]
print(json.dumps({"text": section[2], "rows": rows, "pairs": [list(x) for x in pairs]}))
`;

describe("the discriminator", () => {
  it("reports the sanity rows and the scenario's, and tells a Gaussian from the real index", () => {
    const run = spawnSync(
      process.execPath,
      // Four labelings for each null p95 instead of twenty: the nulls are not what this test reads.
      ["build/cli/discriminate.ts", "--scenario", "rate-shock-2022", "--seeds", "2", "--permutations", "4"],
      { encoding: "utf8", timeout: 300_000 },
    );
    expect(run.status, run.stderr).toBe(0);
    const row = (label: string) => {
      const line = run.stdout.split("\n").find((l) => l.startsWith(`| ${label}`));
      expect(line, label).toBeDefined();
      return line!.split("|").slice(2, 6).map(Number);
    };
    expect(row("sanity: real 1999-2008 vs real 2009-2018").every(Number.isFinite)).toBe(true);
    const [boosting, , logit] = row("sanity: real vs i.i.d. Gaussian");
    expect(boosting).toBeGreaterThanOrEqual(0.7);
    expect(logit).toBeGreaterThanOrEqual(0.7);
    expect(row("real vs rate-shock-2022, seeds 20220110, 20220111 pooled").every(Number.isFinite)).toBe(true);
    // The volatility index's windows: 2022 is outside the real VIX's years, so only its sanity row.
    expect(row("VIX sanity: real odd vs even blocks").every(Number.isFinite)).toBe(true);
    expect(run.stdout).not.toMatch(/\| VIX: real vs rate-shock-2022/);
    expect(run.stdout).toMatch(/\| rate-shock-2022 \| -?\d\.\d\d \| -?\d\.\d\d \|/);
  }, 300_000);
});

// Each feature alone: real windows against two seeds' whose volatility runs higher and whose skew does not.
const FEATURES_ALONE = `
import json, sys
import numpy as np, pandas as pd
sys.path.insert(0, "build/realism")
import panel_discriminate as P
rng = np.random.default_rng(7)
real = pd.DataFrame({"vol": rng.normal(0.2, 0.02, 400), "skew": rng.normal(0, 1, 400), "group": "real/0"})
ours = [pd.DataFrame({"vol": rng.normal(0.3, 0.02, 200), "skew": rng.normal(0, 1, 200), "group": f"s{k}/0"}) for k in range(2)]
print(json.dumps({"rows": P.feature_table("window feature", real, ours)}))
`;

// The largest move by the window's vol: real windows' scale with their vol, ours' are a fixed jump (4% a day).
const LARGEST_BY_VOL = `
import json, sys
import numpy as np, pandas as pd
sys.path.insert(0, "build/realism")
import panel_discriminate as P
rng = np.random.default_rng(7)
vol = lambda n: rng.uniform(0.1, 0.5, n)
real = pd.DataFrame({"vol": vol(500), "largest_move_sd": rng.normal(3.3, 0.3, 500)})
ours = []
for k in range(2):
    v = vol(300)
    ours.append(pd.DataFrame({"vol": v, "largest_move_sd": np.maximum(2.8, 0.04 / (v / np.sqrt(252)))}))
print(json.dumps({"rows": P.largest_move_by_vol(real, ours)}))
`;

// Panel windows by their market's vol: the real second factor is the same in every fifth, ours
// falls as the market gets louder; both sides' correlation rises with it.
const PANEL_BY_VOL = `
import json, sys
import numpy as np, pandas as pd
sys.path.insert(0, "build/realism")
import panel_discriminate as P
rng = np.random.default_rng(7)
def rows(n, second):
    vol = rng.uniform(0.005, 0.025, n)
    frame = pd.DataFrame({f: rng.normal(0.3, 0.01, n) for f in P.BY_MARKET_VOL})
    frame["average_correlation"] = 10 * vol
    frame["eigen_2"] = second(vol)
    return frame.assign(group="g"), vol
real, real_vol = rows(500, lambda v: np.full(len(v), 0.1))
ours = [rows(300, lambda v: 0.2 - 6 * v) for _ in range(2)]
print(json.dumps({"rows": P.panel_by_market_vol(real, real_vol, [o for o, _ in ours], [v for _, v in ours])}))
`;

// Each seed's market: a real history even across its fifths, a calm seed and a loud one.
const MARKET_MIX = `
import json, sys
import numpy as np
sys.path.insert(0, "build/realism")
import panel_discriminate as P
rng = np.random.default_rng(11)
real = rng.uniform(0.005, 0.025, 500)
calm, loud = rng.uniform(0.004, 0.008, 200), rng.uniform(0.01, 0.03, 300)
print(json.dumps({"rows": P.market_vol_mix(real, [calm, loud], [1, 2])}))
`;

/** What a script run in realism:panel's venv prints, as JSON. */
function pythonSays(script: string) {
  const python = ensureVenv(PANEL_PYTHON.packages, PANEL_PYTHON.modules);
  const run = spawnSync(python, ["-c", script], { encoding: "utf8", timeout: 120_000 });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout);
}

describe("the panel discriminator's stocks", () => {
  it("leaves out a survivor stuck on a cent tick or held flat for weeks, and its panel windows are all finite", () => {
    const { tickers, finite } = pythonSays(SCRIPT);
    expect(tickers).toHaveLength(24);
    expect(tickers).not.toContain("STUCK");
    expect(tickers).not.toContain("HELD");
    expect(finite).toBe(true);
  }, 120_000);

  it("subsamples our panel windows to the real windows' mix of market volatility", () => {
    const { kept, fifths } = pythonSays(MATCHING);
    // The scarcest fifth of ours sets how many are kept, a fifth of them in each (unmatched: 10 / 18 / 14 / 71 / 187).
    expect(kept).toBeGreaterThanOrEqual(40);
    expect(kept).toBeLessThan(100);
    for (const n of fifths) expect(Math.abs(n - kept / 5)).toBeLessThanOrEqual(1);
  }, 120_000);
});

describe("the panel discriminator's features one at a time", () => {
  it("gives each feature's medians and spread on both sides and the AUC of the feature alone", () => {
    const { rows } = pythonSays(FEATURES_ALONE) as { rows: string[] };
    expect(rows[0]).toBe(
      "| window feature | real median | real p10 to p90 | ours median | ours p10 to p90 | AUC alone |",
    );
    const cells = (name: string) =>
      rows
        .find((r) => r.startsWith(`| ${name} |`))!
        .split("|")
        .map((c) => c.trim());
    const vol = cells("vol");
    expect(Number(vol[2])).toBeCloseTo(0.2, 1);
    expect(Number(vol[4])).toBeCloseTo(0.3, 1);
    expect(Number(vol[6])).toBeGreaterThan(0.99);
    expect(Math.abs(Number(cells("skew")[6]) - 0.5)).toBeLessThan(0.1);
    expect(rows.some((r) => r.startsWith("| group |"))).toBe(false);
    expect(rows).toHaveLength(4);
  }, 120_000);
});

describe("the panel discriminator's largest move by volatility", () => {
  it("bins both sides' windows by fifths of the real windows' vol and gives each fifth's largest move", () => {
    const { rows } = pythonSays(LARGEST_BY_VOL) as { rows: string[] };
    const bins = rows.slice(2).map((r) => r.split("|").map((c) => c.trim()));
    expect(bins).toHaveLength(5);
    expect(bins[0][1]).toMatch(/^below 0\.\d{3}$/);
    expect(bins[4][1]).toMatch(/^0\.\d{3} and above$/);
    // Every window in one fifth: a hundred real ones in each, all 600 of ours over the five.
    expect(bins.map((b) => Number(b[2]))).toEqual([100, 100, 100, 100, 100]);
    expect(bins.reduce((n, b) => n + Number(b[5]), 0)).toBe(600);
    // The real medians stay near 3.3 in every fifth; ours fall from the calmest fifth to the loudest.
    for (const b of bins) expect(Math.abs(Number(b[3]) - 3.3)).toBeLessThan(0.15);
    expect(Number(bins[0][6])).toBeGreaterThan(Number(bins[4][6]) + 1);
  }, 120_000);
});

describe("the panel discriminator's co-movement by market volatility", () => {
  it("gives each fifth of the real windows' market vol its window counts and both sides' medians", () => {
    const { rows } = pythonSays(PANEL_BY_VOL) as { rows: string[] };
    expect(rows[0]).toBe(
      "| market vol | windows | average_correlation | eigen_1 | eigen_2 | breadth_sd | dispersion |",
    );
    const bins = rows.slice(2).map((r) => r.split("|").map((c) => c.trim()));
    expect(bins).toHaveLength(5);
    // Daily vol 0.005-0.025 annualized: from about 8% to 40%, cut at the real quintiles.
    expect(bins[0][1]).toMatch(/^below \d+\.\d%$/);
    expect(bins[4][1]).toMatch(/^\d+\.\d% and above$/);
    const counts = bins.map((b) => b[2].split(" / ").map(Number));
    expect(counts.map(([real]) => real)).toEqual([100, 100, 100, 100, 100]);
    expect(counts.reduce((n, [, ours]) => n + ours, 0)).toBe(600);
    const medians = (column: number) => bins.map((b) => b[column].split(" / ").map(Number));
    // The second eigenvalue: real 0.1 in every fifth; ours above it in the calmest, below it in the loudest.
    const second = medians(5);
    for (const [real] of second) expect(real).toBeCloseTo(0.1, 3);
    expect(second[0][1]).toBeGreaterThan(0.11);
    expect(second[4][1]).toBeLessThan(0.09);
    // Correlation rises with the market's vol on both sides, and the sides agree in each fifth.
    const correlation = medians(3);
    for (let k = 1; k < 5; k++) expect(correlation[k][0]).toBeGreaterThan(correlation[k - 1][0]);
    for (const [real, ours] of correlation) expect(Math.abs(real - ours)).toBeLessThan(0.02);
  }, 120_000);
});

describe("the panel discriminator's market of each seed", () => {
  it("gives each seed's share of windows in each fifth of the real windows' market vol", () => {
    const { rows } = pythonSays(MARKET_MIX) as { rows: string[] };
    const table = rows.filter((r) => r.startsWith("| real") || r.startsWith("| seed"));
    const shares = table.map((r) =>
      r
        .split("|")
        .slice(2, -1)
        .map((c) => Number(c.trim().replace("%", ""))),
    );
    expect(table.map((r) => r.split("|")[1].trim())).toEqual(["real", "seed 1", "seed 2"]);
    // The real side: a fifth in each by construction.
    for (const x of shares[0]) expect(Math.abs(x - 20)).toBeLessThanOrEqual(1);
    // The calm seed (at most 12.7% a year) has every window in the real calmest fifth; the loud
    // seed (16-48%) none there, and most of its windows in the loudest.
    expect(shares[1]).toEqual([100, 0, 0, 0, 0]);
    expect(shares[2][0]).toBe(0);
    expect(shares[2][4]).toBeGreaterThan(40);
    for (const row of shares) expect(Math.abs(row.reduce((a, b) => a + b, 0) - 100)).toBeLessThanOrEqual(2);
  }, 120_000);
});

describe("the panel discriminator's matching to the real panel", () => {
  it("draws each real stock's sector first and then, within it, a survivor of its size tier", () => {
    const { health, large, energy, staples, subset, untiered } = pythonSays(SIZES);
    // Health Care's two megas and its large every time, never a mid or small one of the sector.
    expect(health).toEqual(["H0,H4,H5"]);
    expect(large).toEqual(["H4"]);
    // No Energy mega: any Energy survivor; no Staples: any survivor left (a small or mid one of another sector too).
    expect(energy).toEqual(["E0", "E1"]);
    expect(staples.length).toBeGreaterThan(2);
    expect(staples).not.toContain("H0");
    expect(subset).toHaveLength(5);
    // Without tiers, the sector mix alone.
    expect(untiered.filter((t: string) => t.startsWith("H"))).toHaveLength(3);
  }, 120_000);
});

describe("the real panels against each other", () => {
  it("compares the first panel's names with the second's others, less a stuck one, and pairs them by sector", () => {
    const { text, rows, pairs } = pythonSays(CROSS_CHECK);
    expect(text).toMatch(
      /a's 8 stocks against b's 6 names that are not among them \(B0, B1, B2, B3, B4, B5; the 2 they share, S0, S1, are left out\)/,
    );
    expect(text).toMatch(/less STUCK, unchanged on more than 10% of the days/);
    expect(rows).toHaveLength(4);
    for (const row of rows) expect(row.split("|").slice(2, 6).map(Number).every(Number.isFinite), row).toBe(true);
    // A0 with B0 (Energy), A1 with B1 or B2 (Financials); A2 has no sector and no partner.
    const [mine, theirs] = pairs as [string[], string[]];
    expect(Object.fromEntries(mine.map((t, k) => [t, theirs[k]]))).toMatchObject({ A0: "B0" });
    expect([...mine].sort()).toEqual(["A0", "A1"]);
    expect(["B1", "B2"]).toContain(theirs[mine.indexOf("A1")]);
  }, 120_000);
});
