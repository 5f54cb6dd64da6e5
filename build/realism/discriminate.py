"""The classifier two-sample test of docs/realism-discriminator.md.

Usage: discriminate.py --bands BANDS.json [--permutations N] SERIES.json ...  (written by build/cli/discriminate.ts: the
validation report's Tier 1 index bands, and one file per scenario and seed). Prints a Markdown
report. Every random draw is seeded, so the report is reproducible.

Samples are 60-day windows of daily log returns, stride 20, inside 240-day blocks; the blocks are
the cross-validation groups, so no window straddles train and test. A classifier that tells the
real index's windows from ours out of fold (AUC well above 0.5) has found a difference.

The volatility index gets the same test over the five years arch ships of it (2014-2018), against
ours on the same dates: each window's level, range, premium over the index's realized volatility,
the log changes' volatility, shape and memory, and how they move with the index.
"""

import argparse
import json
from importlib.metadata import version

import arch.data.sp500
import arch.data.vix
import numpy as np
import pandas as pd
from sklearn.ensemble import GradientBoostingClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedGroupKFold
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

WINDOW, STRIDE, BLOCK = 60, 20, 240
# The real VIX covers five years: 240-day blocks would leave the folds five groups of it.
VIX_BLOCK = 120
FOLDS = 5
SEED = 0
TRADING_DAYS = 252

CLASSIFIERS = {
    "boosting": lambda: GradientBoostingClassifier(random_state=SEED),
    "logit": lambda: make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000)),
}


def acf(x, lag):
    return float(np.corrcoef(x[:-lag], x[lag:])[0, 1])


def features(r):
    """One window's statistics (r: daily log returns)."""
    sd = r.std(ddof=1)
    z = (r - r.mean()) / sd
    a = np.abs(r)
    log_price = np.cumsum(r)
    half = len(r) // 2
    return {
        "vol": sd * np.sqrt(TRADING_DAYS),
        "skew": float(np.mean(z**3)),
        "excess_kurtosis": float(np.mean(z**4) - 3),
        **{f"acf_r_{k}": acf(r, k) for k in (1, 5, 10)},
        **{f"acf_abs_{k}": acf(a, k) for k in (1, 5, 10)},
        # Leverage as in Cont (2001): corr(r_t, r_{t+1}^2), negative when falls raise volatility.
        "leverage": float(np.corrcoef(r[:-1], r[1:] ** 2)[0, 1]),
        "drawdown": float(np.max(np.maximum.accumulate(log_price) - log_price)),
        "largest_move_sd": float(np.max(np.abs(z))),
        "share_3sd": float(np.mean(np.abs(z) > 3)),
        "vol_ratio": float(r[half:].std(ddof=1) / r[:half].std(ddof=1)),
        "drift": float(r.mean() * TRADING_DAYS),
    }


def vix_features(v, r):
    """One window's statistics of the volatility index (v: levels) and the index's log returns r on the same days."""
    dv = np.diff(np.log(v))
    rr = r[1:]  # r[i] is the move into day i: dv[i - 1]'s day
    z = (dv - dv.mean()) / dv.std(ddof=1)
    return {
        "log_level": float(np.mean(np.log(v))),
        "level_range": float(np.log(v.max() / v.min())),
        "premium": float(np.mean(v) / (100 * r.std(ddof=1) * np.sqrt(TRADING_DAYS))),
        "vol_of_vol": float(dv.std(ddof=1) * np.sqrt(TRADING_DAYS)),
        "skew": float(np.mean(z**3)),
        "excess_kurtosis": float(np.mean(z**4) - 3),
        "acf_dv_1": acf(dv, 1),
        "acf_dv_5": acf(dv, 5),
        "corr_index": float(np.corrcoef(dv, rr)[0, 1]),
        "beta_index": float(np.polyfit(rr, dv, 1)[0]),
    }


def vix_windows(both, group):
    """Feature rows of a VIX and index frame (columns v, r; one row a day), by VIX_BLOCK-day blocks."""
    v, r = both["v"].to_numpy(), both["r"].to_numpy()
    rows = [
        {**vix_features(v[s : s + WINDOW], r[s : s + WINDOW]), "group": f"{group}/{block}"}
        for block, s in window_starts(len(v), VIX_BLOCK)
    ]
    return pd.DataFrame(rows)


def our_vix(s, first, last):
    """A run's VIX and SPY log returns by day, over the real VIX's dates; None where the run does not cover them."""
    days = pd.to_datetime(s["days"])
    both = pd.DataFrame({"v": s["vix"][1:], "r": log_returns(s["spy_close"])}, index=days[1:])
    if days[0] > first or days[-1] < last:
        return None
    return both.loc[first:last]


def vix_rows(real_both, by_scenario, permutations):
    """The VIX test's rows: a sanity row (real odd blocks against even ones) and real against ours, by seed."""
    real = vix_windows(real_both, "real-vix")
    block = real["group"].str.split("/").str[1].astype(int)
    odd, even = real[block % 2 == 1], real[block % 2 == 0]
    out = [auc_row("VIX sanity: real odd vs even blocks", compare(odd, even, permutations))]
    first, last = real_both.index[0], real_both.index[-1]
    pooled = {}
    for name, runs in by_scenario.items():
        ours = [(s, our_vix(s, first, last)) for s in runs]
        ours = [(s, both) for s, both in ours if both is not None]
        if not ours:
            continue
        per_seed = [vix_windows(both, f"{name}-{s['seed']}") for s, both in ours]
        results = [compare(real, w, permutations) for w in per_seed]
        pooled[name] = pd.concat(per_seed, ignore_index=True)
        for (s, _), result in zip(ours, results):
            out.append(auc_row(f"VIX: real vs {name}, seed {s['seed']}", result))
        if len(results) > 1 and all(results):
            out.append(median_row(f"VIX: real vs {name}, median over {len(results)} seeds", results))
    if not pooled:
        return out
    out += ["", "VIX feature medians over windows (ours: seeds pooled).", ""]
    return out + median_table(real, pooled, real.columns.drop("group"))


def median_table(real, ours, shown):
    """A Markdown table of each shown feature's median over windows: real's, then each of ours (name -> rows)."""
    out = ["| feature | real | " + " | ".join(ours) + " |", "|---|---" + "|---" * len(ours) + "|"]
    for f in shown:
        cells = [fmt(real[f].median(), 3)] + [fmt(w[f].median(), 3) for w in ours.values()]
        out.append(f"| {f} | " + " | ".join(cells) + " |")
    return out


def window_starts(n, block=BLOCK):
    """(block index, start) of each WINDOW-day window, stride STRIDE, inside `block`-day blocks of n days."""
    for b in range(0, n, block):
        for w in range(0, min(block, n - b) - WINDOW + 1, STRIDE):
            yield b // block, b + w


def windows(r, group):
    """Feature rows of one series, each tagged with its block ("group/block index")."""
    rows = [{**features(r[s : s + WINDOW]), "group": f"{group}/{block}"} for block, s in window_starts(len(r))]
    return pd.DataFrame(rows)


def out_of_fold_auc(make, X, y, groups):
    """AUC of the out-of-fold probabilities, pooled over the grouped folds."""
    cv = StratifiedGroupKFold(n_splits=FOLDS)
    p = np.zeros(len(y))
    for train, test in cv.split(X, y, groups):
        p[test] = make().fit(X[train], y[train]).predict_proba(X[test])[:, 1]
    return roc_auc_score(y, p)


def compare(a, b, permutations):
    """Both classifiers' AUC of a against b, and the p95 of each under block-shuffled labels."""
    data = pd.concat([a.assign(label=0), b.assign(label=1)], ignore_index=True)
    blocks = data.groupby("group")["label"].first()
    if min((blocks == 0).sum(), (blocks == 1).sum()) < 2:
        return None  # a class in one block: no fold could train on it and test on another
    X = data.drop(columns=["group", "label"]).to_numpy()
    y = data["label"].to_numpy()
    groups = data["group"].to_numpy()
    rng = np.random.default_rng(SEED)
    result = {}
    for name, make in CLASSIFIERS.items():
        null = []
        for _ in range(permutations):
            # Labels shuffled a block at a time: the null keeps the windows' dependence within blocks.
            shuffled = pd.Series(rng.permutation(blocks.to_numpy()), index=blocks.index)
            null.append(out_of_fold_auc(make, X, shuffled[groups].to_numpy(), groups))
        result[name] = (out_of_fold_auc(make, X, y, groups), float(np.percentile(null, 95)))
    return result


def log_returns(close):
    close = np.asarray(close, dtype=float)
    return np.diff(np.log(close))


def fmt(x, digits=2):
    return "n/a" if x is None or not np.isfinite(x) else f"{x:.{digits}f}"


def auc_row(label, result):
    if result is None:
        return f"| {label} | n/a | n/a | n/a | n/a |"
    (gb, gb95), (lg, lg95) = result["boosting"], result["logit"]
    return f"| {label} | {gb:.2f} | {gb95:.2f} | {lg:.2f} | {lg95:.2f} |"


def median_row(label, results):
    """The median over seeds of each classifier's AUC and null p95 (None when a seed has no result)."""
    if not results or any(r is None for r in results):
        return auc_row(label, None)
    return auc_row(label, {k: tuple(float(np.median([r[k][i] for r in results])) for i in (0, 1)) for k in results[0]})


def hill_alpha(r, share=0.05):
    """Hill estimator on the top 5% of abs z-scores (build/models/statistics.ts, hillAlpha)."""
    a = np.sort(np.abs((r - r.mean()) / r.std(ddof=1)))[::-1]
    k = int(len(a) * share)
    return k / float(np.sum(np.log(a[:k] / a[k])))


def tail_share(r, k):
    return float(np.mean(np.abs((r - r.mean()) / r.std(ddof=1)) > k))


# The validation report's Tier 1 statistics (build/families/stocks/realism-returns.ts) that a window of the real index
# can be judged on; the others need what this check does not compute.
REAL_STATISTICS = {
    "acf_returns_lag1_10": lambda r: max(abs(acf(r, k)) for k in range(1, 11)),
    "excess_kurtosis": lambda r: float(np.mean(((r - r.mean()) / r.std(ddof=0)) ** 4) - 3),
    "hill_tail_alpha": hill_alpha,
    "tail_frequency_3sd": lambda r: tail_share(r, 3),
    "tail_frequency_5sd": lambda r: tail_share(r, 5),
    "skewness": lambda r: float(np.mean(((r - r.mean()) / r.std(ddof=0)) ** 3)),
    "acf_abs_lag1": lambda r: acf(np.abs(r), 1),
    "acf_abs_lag10": lambda r: acf(np.abs(r), 10),
    "acf_abs_lag100": lambda r: acf(np.abs(r), 100),
    "leverage_corr": lambda r: float(np.corrcoef(r[:-1], np.abs(r[1:]))[0, 1]),
    "annualized_vol": lambda r: float(r.std(ddof=1) * np.sqrt(TRADING_DAYS)),
}


def real_in_band(real_r, bands):
    """The check of the checks: the real index's share of windows inside each index band, by length."""
    years = (1, 2, 5, 10)
    out = [
        "",
        "The validation report's Tier 1 index bands against the real index: the share of its windows "
        "(of 1, 2, 5 and 10 years, starting a year apart) whose statistic lies in the band, and the "
        "sample the report asks before judging the band. docs/realism.md, \"Checking the checks\": real data "
        "must pass a check.",
        "",
        "| statistic | band | " + " | ".join(f"{y} y" for y in years) + " | judged from |",
        "|---|---" + "|---" * len(years) + "|---|",
    ]
    for b in bands:
        f = REAL_STATISTICS.get(b["name"])
        if f is None:
            continue
        lo, hi = b["band"]["min"], b["band"]["max"]
        cells = []
        for y in years:
            n = y * TRADING_DAYS
            values = [f(real_r[i : i + n]) for i in range(0, len(real_r) - n + 1, TRADING_DAYS)]
            inside = [(lo is None or v >= lo) and (hi is None or v <= hi) for v in values]
            cells.append(f"{np.mean(inside):.2f}")
        band = f"{'−∞' if lo is None else lo} .. {'∞' if hi is None else hi}"
        out.append(f"| {b['name']} | {band} | " + " | ".join(cells) + f" | {b['minObs']} returns |")
    return out


def main(bands_path, paths, permutations):
    bands = json.load(open(bands_path))
    sp500 = arch.data.sp500.load()
    vix = arch.data.vix.load()
    real_r = pd.Series(log_returns(sp500["Adj Close"]), index=sp500.index[1:])
    real = windows(real_r.to_numpy(), "real")

    series = [json.load(open(p)) for p in paths]
    by_scenario = {}
    for s in series:
        by_scenario.setdefault(s["scenario"], []).append(s)

    out = ["# Index realism: classifier two-sample test", ""]
    out += [
        f"Real: S&P 500 daily, `arch.data.sp500` of the `arch` package {version('arch')} "
        f"(https://bashtage.github.io/arch/devel/data.html: \"Daily S&P 500 index, January 1999 to "
        f"December 2018\"), {real_r.index[0]:%Y-%m-%d} to {real_r.index[-1]:%Y-%m-%d}, "
        f"{len(real_r)} log returns of Adj Close (a price index: no dividends); VIX from "
        f"`arch.data.vix` (\"Daily VIX index, January 2014 to January 2019\"). "
        f"scikit-learn {version('scikit-learn')}, numpy {version('numpy')}, pandas {version('pandas')}.",
        "",
        f"Ours: SPY closes (log returns) up to each scenario's current_date. Windows of {WINDOW} days, "
        f"stride {STRIDE}, in {BLOCK}-day blocks; {FOLDS}-fold grouped CV over blocks "
        f"(StratifiedGroupKFold); null p95 over {permutations} block-shuffled labelings. "
        f"AUC: out-of-fold, pooled over folds.",
        "",
        "| comparison | AUC boosting | null p95 | AUC logit | null p95 |",
        "|---|---|---|---|---|",
    ]
    # Sanity rows: the instrument should call two real decades close and a Gaussian far.
    split = real_r.index < "2009-01-01"
    early = windows(real_r[split].to_numpy(), "real-early")
    late = windows(real_r[~split].to_numpy(), "real-late")
    out.append(auc_row("sanity: real 1999-2008 vs real 2009-2018", compare(early, late, permutations)))
    gauss = np.random.default_rng(SEED).normal(real_r.mean(), real_r.std(), len(real_r))
    out.append(auc_row("sanity: real vs i.i.d. Gaussian (same mean, vol)", compare(real, windows(gauss, "gauss"), permutations)))

    ours = {}
    for name, runs in by_scenario.items():
        per_seed = [windows(log_returns(s["spy_close"]), f"{name}-{s['seed']}") for s in runs]
        ours[name] = pd.concat(per_seed, ignore_index=True)
        seeds = ", ".join(str(s["seed"]) for s in runs)
        out.append(auc_row(f"real vs {name}, seeds {seeds} pooled", compare(real, ours[name], permutations)))
        if len(runs) > 1 and all(w["group"].nunique() >= 2 for w in per_seed):
            results = [compare(real, w, permutations) for w in per_seed]
            for s, result in zip(runs, results):
                out.append(auc_row(f"real vs {name}, seed {s['seed']}", result))
            out.append(median_row(f"real vs {name}, median over {len(runs)} seeds", results))

    both = pd.concat([real_r.rename("r"), vix["vix"].rename("v")], axis=1, join="inner").dropna()
    out += [
        "",
        f"The volatility index: real VIX and S&P 500 on their common days, {both.index[0]:%Y-%m-%d} to "
        f"{both.index[-1]:%Y-%m-%d}, against ours on the same dates (scenarios that cover them), windows in "
        f"{VIX_BLOCK}-day blocks. Features: mean log level, log range, mean level over the index's realized "
        "volatility, the log changes' volatility, skew, kurtosis and ACF at lags 1 and 5, and their "
        "correlation with and beta on the index's return.",
        "",
        "| comparison | AUC boosting | null p95 | AUC logit | null p95 |",
        "|---|---|---|---|---|",
    ]
    out += vix_rows(both, by_scenario, permutations)

    out += ["", "Feature medians over windows (ours: seeds pooled).", ""]
    shown = ["acf_abs_1", "acf_abs_5", "acf_abs_10", "largest_move_sd", "excess_kurtosis", "drift", "leverage", "vol"]
    out += median_table(real, ours, shown)

    # VIX figure: how tightly the volatility index moves against the index, day by day.
    both = both.assign(dv=np.log(both["v"]).diff()).dropna()
    out += [
        "",
        "Daily correlations (ours: days pooled over seeds): log VIX change with the index's log return; "
        "SPY's log return with the macro tape's market_return.",
        "",
        "| series | corr(d log VIX, index return) | corr(SPY, market_return) |",
        "|---|---|---|",
        f"| real {both.index[0]:%Y-%m-%d} to {both.index[-1]:%Y-%m-%d} ({len(both)} days) "
        f"| {both['r'].corr(both['dv']):.2f} | |",
    ]
    for name, runs in by_scenario.items():
        r = np.concatenate([log_returns(s["spy_close"]) for s in runs])
        dv = np.concatenate([np.diff(np.log(s["vix"])) for s in runs])
        m = np.concatenate([np.asarray(s["market_return"][1:]) for s in runs])
        out.append(f"| {name} | {np.corrcoef(r, dv)[0, 1]:.2f} | {np.corrcoef(r, m)[0, 1]:.2f} |")
    out += real_in_band(real_r.to_numpy(), bands)
    print("\n".join(out))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="The classifier two-sample test of the index's realism.")
    parser.add_argument("--bands", required=True, help="the index bands of the validation report, as JSON")
    parser.add_argument("--permutations", type=int, default=20, help="labelings for each null p95")
    parser.add_argument("series", nargs="+", help="one JSON file per scenario and seed")
    args = parser.parse_args()
    main(args.bands, args.series, args.permutations)
