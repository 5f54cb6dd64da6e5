// `npm run realism:discriminate` on its smallest useful configuration: one short scenario at two
// seeds (one 240-day block each, and grouped CV needs two per class). The report holds its rows, and
// the instrument is seen to work: it tells real index returns from an i.i.d. Gaussian with their
// mean and vol; the volatility index's sanity row is there. Makes the Python venv (.local/realism-venv) on first run, from the pip mirror.
//
// Then build/realism/panel_discriminate.py's choice of our stocks and windows (`npm run
// realism:panel`), in the same venv and so in this file: two files making it at once would race. A
// survivor whose price sits on a cent tick (unchanged most days, as a collapsed stock at $0.13 does)
// is left out, where its flat windows had stopped the report (a correlation matrix with a
// zero-variance column). Our panel windows matched to the real windows' market volatility hold the
// real share of each fifth of it.
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

/** What a script run in realism:panel's venv prints, as JSON. */
function pythonSays(script: string) {
  const python = ensureVenv(PANEL_PYTHON.packages, PANEL_PYTHON.modules);
  const run = spawnSync(python, ["-c", script], { encoding: "utf8", timeout: 120_000 });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout);
}

describe("the panel discriminator's stocks", () => {
  it("leaves out a survivor stuck on a cent tick, and its panel windows are all finite", () => {
    const { tickers, finite } = pythonSays(SCRIPT);
    expect(tickers).toHaveLength(24);
    expect(tickers).not.toContain("STUCK");
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
