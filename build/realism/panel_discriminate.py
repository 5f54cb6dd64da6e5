"""Single stocks and the cross-section against a real panel of stocks (docs/realism-panel.md).

Usage: panel_discriminate.py --panel DIR --sectors SECTORS.json [--dow-jones-30 BASE] [--permutations N]
SERIES.json ...  (written by build/cli/panel-realism.ts: skfolio's panel's directory, the reference
data's sectors by ticker, fBasics' data base if fetched, and one file per scenario and seed with its
stocks' public adjusted closes and SPY's closes). Prints a Markdown report. Every random draw is
seeded, so the report is reproducible.

Both sides are compared over the same dates: the scenario's days up to its current_date that the
real panel covers. Ours are the stocks public over all of them (the real panel's are survivors too),
taken in random subsets of the real panel's size, drawn to its sector mix and size tiers (matched_subset). The
windows, blocks, features and classifiers are discriminate.py's.
"""

import argparse
import json
from importlib.metadata import version
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.metrics import roc_auc_score

# discriminate.py sits beside this file: its windows, features and classifier test are shared.
from discriminate import (
    BLOCK,
    FOLDS,
    STRIDE,
    TRADING_DAYS,
    WINDOW,
    acf,
    auc_row,
    compare,
    features,
    fmt,
    median_row,
    window_starts,
)

SEED = 0
ACF_LAGS = (1, 10, 50)
# Random sector- and size-matched subsets of our survivors that the cross-section statistics are averaged over.
SUBSETS = 10
# Fifths of the real windows' market volatility that vol_matched matches ours to.
VOL_BINS = 5
# A stock whose close is unchanged on more than this share of days sits on a cent tick (stuck).
STUCK_SHARE = 0.1
# Or whose close is unchanged this many days in a row: a price held flat, whose windows can be constant.
STUCK_RUN = 20
# A scenario needs this many days the real panel covers to be measured at all (two windows); the
# classifier tests need two blocks on each side and read n/a with fewer.
MIN_DAYS = 2 * WINDOW

PER_STOCK = [
    *(f"ACF of abs(r), lag {k}" for k in ACF_LAGS),
    "ACF of r, lag 1",
    "excess kurtosis inside 60-day windows (median)",
    "share of days beyond 3 sd inside a window (mean)",
    "excess kurtosis, whole sample",
    "annualized vol",
    "beta to the market",
]
CROSS_SECTION = [
    "corr(60-day average pairwise corr, market's 60-day vol)",
    "average pairwise correlation",
    "dispersion (sd across stocks), lag-1 autocorrelation",
    "corr(dispersion, abs(market return))",
    "residual correlation within a sector (mean)",
    "residual correlation across sectors (mean)",
    "share of the first eigenvalue",
    "share of the second eigenvalue",
]


# ---------------------------------------------------------------- data


def skfolio_panel(directory, sectors):
    """skfolio's S&P 500 data set: its stocks' adjusted closes, the S&P 500 index, and the tickers' sectors."""
    prices = pd.read_csv(Path(directory) / "sp500_dataset.csv.gz", index_col=0, parse_dates=True)
    index = pd.read_csv(Path(directory) / "sp500_index.csv.gz", index_col=0, parse_dates=True).iloc[:, 0]
    return {
        "name": "skfolio's S&P 500 data set",
        "about": f"build/realism/panels/skfolio-sp500 (its PROVENANCE.md; BSD-3): {prices.shape[1]} S&P 500 "
        "stocks' daily adjusted closes and the S&P 500 index",
        "prices": prices,
        "index": index,
        "sectors": {t: sectors.get(t) for t in prices.columns},
    }


def lazy_load(base, name):
    """One object of an R package's lazy-load database (base.rdx, base.rdb), as pandas."""
    import gzip
    import struct
    import warnings
    import zlib

    import rdata

    def parse(data):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # rdata cannot name a bare serialized object's format and says so
            return rdata.conversion.convert(rdata.parser.parse_data(data))

    index = parse(gzip.decompress(Path(f"{base}.rdx").read_bytes()))
    offset, length = (int(x) for x in index["variables"][name])
    blob = Path(f"{base}.rdb").read_bytes()[offset : offset + length]
    # Each entry: its uncompressed length (4 bytes, big-endian), then the serialized object, zlib-compressed.
    (size,) = struct.unpack(">I", blob[:4])
    data = zlib.decompress(blob[4:])
    if len(data) != size:
        raise SystemExit(f"{name}: {len(data)} bytes, the index says {size}")
    return parse(data)


def dow_jones_panel(base, source, sectors, index):
    """fBasics' DowJones30 (closes of the 30 Dow stocks of 2000), against skfolio's S&P 500 index."""
    frame = lazy_load(base, "DowJones30")
    prices = frame.set_index(pd.to_datetime(frame.iloc[:, 0])).iloc[:, 1:].astype(float)
    prices.columns = [str(c) for c in prices.columns]
    # Its first row (1990-12-31) repeats the next one's closes (1991-01-02's, as skfolio's panel has
    # them): a day of zero returns for every stock that did not happen. It is left out.
    stale = len(prices) > 1 and bool((prices.iloc[0] == prices.iloc[1]).all())
    prices = prices.iloc[1:] if stale else prices
    return {
        "name": "DowJones30",
        "about": f"{source} (GPL-2+, fetched at run time, not committed): {prices.shape[1]} Dow Jones stocks' daily "
        "closes, split-adjusted"
        + (" (its first row, a copy of the next, left out)" if stale else "")
        + "; market: skfolio's S&P 500 index",
        "prices": prices,
        "index": index,
        "sectors": {t: sectors.get(t) for t in prices.columns},
    }


def our_panel(series, first, last):
    """One scenario and seed between two dates: its survivors' adjusted closes (days x tickers), SPY, sectors."""
    days = pd.to_datetime(series["days"])
    lo, hi = days.searchsorted(first), days.searchsorted(last, side="right")
    # A survivor is public on every day compared (the real panels' stocks are survivors), and not
    # stuck on a cent tick: a collapsed stock of ours can sit at $0.13 for years, where an exchange
    # would have delisted it (no real panel of index members holds one), and its flat windows have
    # no correlation to measure.
    shown = {
        s["ticker"]: s["adj_close"][lo - s["start"] : hi - s["start"]]
        for s in series["stocks"]
        if s["start"] <= lo and s["start"] + len(s["adj_close"]) >= hi
    }
    survivors = [s for s in series["stocks"] if s["ticker"] in shown and not stuck(shown[s["ticker"]])]
    prices = pd.DataFrame({s["ticker"]: shown[s["ticker"]] for s in survivors}, index=days[lo:hi])
    market = pd.Series(series["spy_close"][lo:hi], index=days[lo:hi])
    return prices, market, {s["ticker"]: s["sector"] for s in survivors}


def stuck(closes):
    """Unchanged on more than STUCK_SHARE of its days (a price on a cent tick; real: 0.4-2.8%, skfolio's
    2005-2019), or for STUCK_RUN days in a row (skfolio's stocks, at most 5 days after RRC's 68 in 1990)."""
    unchanged = np.diff(np.asarray(closes, dtype=float)) == 0
    run = longest = 0
    for same in unchanged:
        run = run + 1 if same else 0
        longest = max(longest, run)
    return unchanged.mean() > STUCK_SHARE or longest >= STUCK_RUN


def log_returns(prices):
    return np.log(prices).diff().iloc[1:]


def matched_pairs(tickers, sectors, tiers, wanted, rng):
    """Each wanted (sector, size tier) with the ticker drawn for it (sectors, tiers: ticker -> its own).

    Each wanted pair takes a random unused ticker of its sector and tier; those left without one, a
    random unused ticker of the sector; those still without, a random one of the rest. A world's
    universe has its own mix (a crisis world is heavy in banks, the 500-company decade's survivors
    are a tenth mega caps); the real panel's is half defensive stocks, three quarters mega caps, and
    the classifier tells sector mixes apart as readily as models (the real panel's two halves: AUC
    0.64 with sectors as they fall). The sector is matched first, so the sector mix is as without
    tiers. Returns (wanted pair, ticker) in the order drawn; all the tickers, unpaired (None), when
    there are no more of them than wanted.
    """
    left = list(tickers)
    if len(left) <= len(wanted):
        return [(None, t) for t in left]
    order = rng.permutation(len(wanted))
    chosen = {}
    rules = (
        lambda t, sector, tier: sectors.get(t) == sector and tier is not None and tiers.get(t) == tier,
        lambda t, sector, tier: sectors.get(t) == sector,
        lambda t, sector, tier: True,
    )
    for rule in rules:
        for k in order:
            if k in chosen:
                continue
            same = [t for t in left if rule(t, *wanted[k])]
            if same:
                chosen[k] = same[rng.integers(len(same))]
                left.remove(chosen[k])
    return [(tuple(wanted[k]), chosen[k]) for k in order]


def tier_mix(tiers):
    """How many of each size tier, largest first: "16 mega, 3 large, 1 mid"."""
    order = ["mega", "large", "mid", "small", None]
    n = {k: sum(t == k for t in tiers) for k in order}
    return ", ".join(f"{n[k]} {k or 'unknown'}" for k in order if n[k])


def matched_subset(tickers, sectors, tiers, wanted, rng):
    """As many of the tickers as `wanted` lists (sector, size tier) pairs, drawn to that mix (matched_pairs)."""
    chosen = {t for _, t in matched_pairs(tickers, sectors, tiers, wanted, rng)}
    return [t for t in tickers if t in chosen]


# ---------------------------------------------------------------- per stock


def stock_windows(r, m, group):
    """Feature rows of one stock's windows, with its correlation and beta to the market, tagged by block."""
    rows = []
    for block, s in window_starts(len(r)):
        rw, mw = r[s : s + WINDOW], m[s : s + WINDOW]
        c = np.cov(rw, mw)
        rows.append(
            {
                **features(rw),
                "corr_market": float(c[0, 1] / np.sqrt(c[0, 0] * c[1, 1])),
                "beta_market": float(c[0, 1] / c[1, 1]),
                "group": f"{group}/{block}",
            }
        )
    return pd.DataFrame(rows)


def excess_kurtosis(r):
    z = (r - r.mean()) / r.std(ddof=0)
    return float(np.mean(z**4) - 3)


def stock_statistics(r, m, windows):
    """The per-stock statistics of one stock's log returns r (market m) and its window rows."""
    a = np.abs(r)
    c = np.cov(r, m)
    values = [
        *(acf(a, k) for k in ACF_LAGS),
        acf(r, 1),
        windows["excess_kurtosis"].median(),
        # The mean, not the median: most 60-day windows have no such day, so a median is 0 on both sides.
        windows["share_3sd"].mean(),
        excess_kurtosis(r),
        r.std(ddof=1) * np.sqrt(TRADING_DAYS),
        c[0, 1] / c[1, 1],
    ]
    return dict(zip(PER_STOCK, map(float, values)))


def per_stock(returns, market, label):
    """The median across stocks of each statistic, and each stock's window rows by ticker."""
    m = market.to_numpy()
    stats, rows = [], {}
    for t in returns.columns:
        r = returns[t].to_numpy()
        rows[t] = stock_windows(r, m, label)
        stats.append(stock_statistics(r, m, rows[t]))
    return pd.DataFrame(stats).median().to_dict(), rows


# ---------------------------------------------------------------- cross-section


def pairwise_mean(c, mask=None):
    """Mean of a correlation matrix's off-diagonal entries (those of the mask, if given)."""
    upper = np.triu(np.ones(c.shape, dtype=bool), 1)
    keep = upper if mask is None else upper & mask
    return float(c[keep].mean()) if keep.any() else np.nan


def eigen_shares(x):
    """Shares of the first and second eigenvalues of the correlation matrix of x (days x stocks)."""
    values = np.sort(np.linalg.eigvalsh(np.corrcoef(x.T)))[::-1]
    return values[0] / len(values), values[1] / len(values)


def rolling_average_correlation(x):
    """The average pairwise correlation of each trailing WINDOW days."""
    return np.array([pairwise_mean(np.corrcoef(x[t - WINDOW : t].T)) for t in range(WINDOW, len(x) + 1)])


def residual_correlations(x, m, sectors):
    """Mean residual correlation (each stock regressed on the market) within a sector and across sectors."""
    beta = np.array([np.cov(x[:, i], m)[0, 1] for i in range(x.shape[1])]) / np.var(m, ddof=1)
    residuals = x - x.mean(axis=0) - np.outer(m - m.mean(), beta)
    c = np.corrcoef(residuals.T)
    known = np.array([s is not None for s in sectors])
    same = np.equal.outer(np.array(sectors, dtype=object), np.array(sectors, dtype=object))
    # A stock without a sector is in neither mean.
    both = np.outer(known, known)
    return pairwise_mean(c, same & both), pairwise_mean(c, ~same & both)


def cross_section(returns, market, sectors):
    """The cross-section statistics of one panel of returns (days x stocks) and its market's returns."""
    x, m = returns.to_numpy(), market.to_numpy()
    rolling = rolling_average_correlation(x)
    market_vol = pd.Series(m).rolling(WINDOW).std().to_numpy()[WINDOW - 1 :]
    dispersion = x.std(axis=1, ddof=1)
    within, across = residual_correlations(x, m, [sectors[t] for t in returns.columns])
    first, second = eigen_shares(x)
    values = [
        np.corrcoef(rolling, market_vol)[0, 1],
        pairwise_mean(np.corrcoef(x.T)),
        acf(dispersion, 1),
        np.corrcoef(dispersion, np.abs(m))[0, 1],
        within,
        across,
        first,
        second,
    ]
    return dict(zip(CROSS_SECTION, map(float, values)))


def mean_over_subsets(returns, market, sectors, pick, rng):
    """cross_section averaged over SUBSETS subsets drawn by pick(rng) (one, when there are no more stocks)."""
    draws = 1 if len(pick(rng)) == returns.shape[1] else SUBSETS
    rows = [cross_section(returns[pick(rng)], market, sectors) for _ in range(draws)]
    return pd.DataFrame(rows).mean().to_dict()


# ---------------------------------------------------------------- panel windows


def panel_features(x):
    """One panel window's statistics (x: days x stocks of log returns)."""
    dispersion = x.std(axis=1, ddof=1)
    up = (x > 0).mean(axis=1)
    first, second = eigen_shares(x)
    return {
        "dispersion": float(dispersion.mean()),
        "dispersion_acf_1": acf(dispersion, 1),
        "average_correlation": pairwise_mean(np.corrcoef(x.T)),
        "eigen_1": float(first),
        "eigen_2": float(second),
        "breadth": float(up.mean()),
        "breadth_sd": float(up.std(ddof=1)),
    }


def panel_windows(returns, pick, rng, group):
    """Feature rows of each panel window, a subset drawn by pick(rng) for each, tagged by block."""
    rows = []
    for block, s in window_starts(len(returns)):
        x = returns[pick(rng)].to_numpy()[s : s + WINDOW]
        rows.append({**panel_features(x), "group": f"{group}/{block}"})
    return pd.DataFrame(rows)


def window_market_vol(market):
    """The market's daily volatility over each of panel_windows' windows, in the same order."""
    m = np.asarray(market, dtype=float)
    return np.array([m[s : s + WINDOW].std(ddof=1) for _, s in window_starts(len(m))])


def vol_fifths(real_vol):
    """The real windows' volatility quintiles: the edges np.digitize cuts windows into VOL_BINS fifths with."""
    return np.nanquantile(real_vol, np.linspace(0, 1, VOL_BINS + 1)[1:-1])


def fifth_labels(edges, show):
    """The row labels of the VOL_BINS fifths that vol_fifths' edges cut, each edge written by show."""
    return [
        f"below {show(edges[0])}",
        *(f"{show(lo)} to {show(hi)}" for lo, hi in zip(edges[:-1], edges[1:])),
        f"{show(edges[-1])} and above",
    ]


def vol_matched(real_vol, rows, vol, rng):
    """Our window rows subsampled to the real windows' mix of market volatility.

    The real windows' market vol is cut at its quintiles; ours keep, in each fifth, the real share of
    as many windows as the scarcest fifth allows. A world's regime draws differ from the one real
    history (at four seeds of the 500-company decade, 43-59% of 60-day windows above 15% volatility,
    real 2005-2014 38%); at the same mix, what the classifier still finds is in the cross-section.
    """
    edges = vol_fifths(real_vol)
    share = np.bincount(np.digitize(real_vol, edges), minlength=VOL_BINS) / len(real_vol)
    ours = np.digitize(vol, edges)
    have = np.bincount(ours, minlength=VOL_BINS)
    n = min(have[k] / share[k] for k in range(VOL_BINS) if share[k] > 0)
    keep = [rng.choice(np.flatnonzero(ours == k), int(n * share[k]), replace=False) for k in range(VOL_BINS)]
    return rows.iloc[np.sort(np.concatenate(keep))]


# ---------------------------------------------------------------- calendar years


def by_year(returns, market):
    """Each calendar year's market vol and average pairwise correlation."""
    out = {}
    for year, days in returns.groupby(returns.index.year).groups.items():
        if len(days) < WINDOW:
            continue  # a stub year says little
        out[year] = (
            float(market.loc[days].std(ddof=1) * np.sqrt(TRADING_DAYS)),
            pairwise_mean(np.corrcoef(returns.loc[days].to_numpy().T)),
        )
    return out


# ---------------------------------------------------------------- report


def value_table(names, real, ours, seeds, digits=3):
    """Rows of statistics: real, ours at each seed, and the median over seeds."""
    out = [
        "| statistic | real | " + " | ".join(f"seed {s}" for s in seeds) + " | median over seeds |",
        "|---|---" + "|---" * len(seeds) + "|---|",
    ]
    for name in names:
        values = [o[name] for o in ours]
        middle = float(np.nanmedian(values))
        cells = [fmt(real[name], digits)] + [fmt(v, digits) for v in values] + [fmt(middle, digits)]
        out.append(f"| {name} | " + " | ".join(cells) + " |")
    return out


def two_sample(a, b, permutations):
    """discriminate.compare, or None when the two sides have fewer blocks than the folds."""
    if a["group"].nunique() + b["group"].nunique() < FOLDS:
        return None
    return compare(a, b, permutations)


def against_seeds(test, real_rows, ours, seeds, permutations):
    """Rows of real against each seed and their median; seeds pooled where a seed alone is too short."""
    results = [two_sample(real_rows, w, permutations) for w in ours]
    out = [auc_row(f"{test}: real vs seed {s}", r) for s, r in zip(seeds, results)]
    out.append(median_row(f"{test}: real vs ours, median over {len(seeds)} seeds", results))
    if any(r is None for r in results) and len(seeds) > 1:
        pooled = two_sample(real_rows, pd.concat(ours, ignore_index=True), permutations)
        out.append(auc_row(f"{test}: real vs ours, {len(seeds)} seeds pooled", pooled))
    return out


def feature_table(kind, real_rows, ours):
    """Each feature of the windows alone: its middle and spread on each side (ours: seeds pooled) and its AUC.

    The AUC is the feature's own (no classifier): the chance that one of our windows, drawn at random,
    has a higher value than a real one; 0.5 where it alone cannot tell them apart, above where ours run high.
    """
    ours = pd.concat(ours, ignore_index=True)
    spread = lambda x: f"{fmt(x.quantile(0.1), 3)} to {fmt(x.quantile(0.9), 3)}"
    out = [
        f"| {kind} | real median | real p10 to p90 | ours median | ours p10 to p90 | AUC alone |",
        "|---|---|---|---|---|---|",
    ]
    for name in [c for c in real_rows.columns if c != "group"]:
        a, b = real_rows[name].dropna(), ours[name].dropna()
        auc = roc_auc_score(np.r_[np.zeros(len(a)), np.ones(len(b))], np.r_[a, b])
        out.append(
            f"| {name} | {fmt(a.median(), 3)} | {spread(a)} | {fmt(b.median(), 3)} | {spread(b)} | {fmt(auc)} |"
        )
    return out


def largest_move_by_vol(real_rows, ours):
    """A window's largest move (in its own sd) by the window's volatility, in fifths of the real windows' vol.

    A stock whose big days scale with its volatility reads the same in every fifth, as the real stocks
    do; a jump of a fixed size stands out more the calmer the window (docs/realism-panel.md).
    """
    edges = vol_fifths(real_rows["vol"])
    labels = fifth_labels(edges, lambda x: fmt(x, 3))
    # Each window's fifth; a window without a vol is in none.
    fifth = lambda rows: rows.dropna(subset=["vol"]).assign(fifth=lambda r: np.digitize(r["vol"], edges))
    real, ours = fifth(real_rows), fifth(pd.concat(ours, ignore_index=True))
    cell = lambda x: f"{len(x)} | {fmt(x.median(), 2)} | {fmt(x.quantile(0.9), 2)}"
    pick = lambda rows, k: rows.loc[rows["fifth"] == k, "largest_move_sd"].dropna()
    out = [
        "| window vol | real windows | real median | real p90 | ours windows | ours median | ours p90 |",
        "|---|---|---|---|---|---|---|",
    ]
    for k, label in enumerate(labels):
        out.append(f"| {label} | {cell(pick(real, k))} | {cell(pick(ours, k))} |")
    return out


# The panel features panel_by_market_vol gives by fifth: where ours and the real co-movement part.
BY_MARKET_VOL = ("average_correlation", "eigen_1", "eigen_2", "breadth_sd", "dispersion")


def panel_by_market_vol(real_rows, real_vol, ours, ours_vol):
    """Panel windows' medians of BY_MARKET_VOL in fifths of the real windows' market volatility (annualized).

    A feature can read the same over all windows and still part ours from real where the market is calm
    or loud: a second factor too strong in calm windows and too weak in loud ones (docs/realism-panel.md).
    """
    annual = np.sqrt(TRADING_DAYS)
    edges = vol_fifths(real_vol)
    labels = fifth_labels(edges, lambda x: f"{100 * x * annual:.1f}%")
    fifth = lambda rows, vol: rows.assign(fifth=np.digitize(vol, edges))
    real = fifth(real_rows, real_vol)
    ours = pd.concat([fifth(rows, vol) for rows, vol in zip(ours, ours_vol)], ignore_index=True)
    out = [
        "| market vol | windows | " + " | ".join(BY_MARKET_VOL) + " |",
        "|---|---|" + "---|" * len(BY_MARKET_VOL),
    ]
    for k, label in enumerate(labels):
        a, b = real[real["fifth"] == k], ours[ours["fifth"] == k]
        cells = [f"{fmt(a[f].median(), 3)} / {fmt(b[f].median(), 3)}" for f in BY_MARKET_VOL]
        out.append(f"| {label} | {len(a)} / {len(b)} | " + " | ".join(cells) + " |")
    return out


def market_vol_mix(real_vol, ours_vol, seeds):
    """A Markdown section: each side's share of windows in each fifth of the real windows' market volatility.

    A world draws its own calm and loud years, and the one real history is one draw: a seed with more
    calm (or loud) windows than the real history shows it in every stock's window, through its vol,
    correlation and beta (docs/realism-panel.md, "Generator 0.78.0").
    """
    annual = np.sqrt(TRADING_DAYS)
    edges = vol_fifths(real_vol)
    labels = fifth_labels(edges, lambda x: f"{100 * x * annual:.1f}%")
    share = lambda vol: np.bincount(np.digitize(vol, edges), minlength=VOL_BINS) / len(vol)
    out = [
        "",
        "### Each seed's market",
        "",
        "The share of each side's 60-day windows in each fifth of the real windows' market volatility "
        "(annualized; the real side 20% in each by construction):",
        "",
        "| side | " + " | ".join(labels) + " |",
        "|---|" + "---|" * VOL_BINS,
    ]
    for side, vol in (("real", real_vol), *((f"seed {s}", v) for s, v in zip(seeds, ours_vol))):
        out.append(f"| {side} | " + " | ".join(f"{100 * x:.0f}%" for x in share(vol)) + " |")
    return out


def features_alone(real_windows, ours_rows, real_panel_rows, ours_panel, real_vol, ours_vol):
    """A Markdown section: which of the classifiers' features tell ours from real on their own (feature_table),
    the single-stock windows' largest move by their volatility (largest_move_by_vol), and the panel
    windows' co-movement by their market's volatility (panel_by_market_vol)."""
    return [
        "",
        "### Each feature alone",
        "",
        "The classifiers' features one at a time, over the windows of the tests above (ours: every seed's "
        "together). A feature whose AUC alone stays near 0.5 while the classifiers' is high is read in "
        "combination: its relation to another (a window's tails to its volatility, its correlation to the "
        "market's level) is what differs.",
        "",
        *feature_table("single-stock window feature", real_windows, ours_rows),
        "",
        *feature_table("panel window feature", real_panel_rows, ours_panel),
        "",
        "The single-stock windows' largest move (in the window's sd) by the window's annualized vol, in "
        "fifths of the real windows' vol (ours: every seed's together):",
        "",
        *largest_move_by_vol(real_windows, ours_rows),
        "",
        "The panel windows' medians (real / ours; ours: every seed's together) in fifths of the real windows' "
        "market volatility (annualized):",
        "",
        *panel_by_market_vol(real_panel_rows, real_vol, ours_panel, ours_vol),
    ]


def relabel(rows, tickers, group):
    """The window rows of these tickers, their groups renamed ("real/3" to "half-a/3")."""
    return pd.concat(
        [rows[t].assign(group=rows[t]["group"].str.replace("real/", f"{group}/")) for t in tickers], ignore_index=True
    )


def odd_even(rows):
    """Window rows split by the parity of their block: the same stocks, in alternate calendar blocks."""
    block = rows["group"].str.split("/").str[-1].astype(int)
    odd = rows[block % 2 == 1]
    return odd.assign(group="odd/" + odd["group"]), rows[block % 2 == 0]


def halves(tickers, rng):
    """The tickers split into two random halves."""
    shuffled = list(rng.permutation(list(tickers)))
    return shuffled[: len(shuffled) // 2], shuffled[len(shuffled) // 2 :]


# ---------------------------------------------------------------- real against real


def sector_pairs(tickers, others, sectors, rng):
    """Each of the tickers, in random order, paired with an unused one of the others of its own sector.

    Tickers without such a partner (or without a sector) are left out. Returns the two lists, pair by
    pair: the first panel's names and their partners.
    """
    left = list(others)
    mine, theirs = [], []
    for t in rng.permutation(np.array(list(tickers), dtype=object)):
        same = [o for o in left if sectors.get(t) is not None and sectors.get(o) == sectors.get(t)]
        if same:
            pick = same[rng.integers(len(same))]
            left.remove(pick)
            mine.append(str(t))
            theirs.append(pick)
    return mine, theirs


def cross_check(real, permutations):
    """Two real panels against each other (a Markdown section): the first's stocks against the second's
    other names over the days both cover, single-stock windows as in scenario_report.

    What a classifier reads between two different sets of real names over the same days, at the same
    panel size: the floor under the single-stock test, beside the first panel's two halves over the
    same days.
    """
    a, b = real[0], real[1]
    first = max(a["prices"].index[0], b["prices"].index[0])
    last = min(a["prices"].index[-1], b["prices"].index[-1])
    days = a["prices"].loc[first:last].index.intersection(b["prices"].index)
    # A real series stuck on a tick is left out as ours are (skfolio's RRC, a small oil company in
    # 1991-2000 at $2-10, is unchanged on 31% of these days, 90% of 1991's): its flat windows have
    # no autocorrelation to measure, and its zero days alone would tell its side.
    left_out = [t for p in (a, b) for t in p["prices"].columns if stuck(p["prices"].loc[days, t])]
    mine_all = [t for t in a["prices"].columns if t not in left_out]
    others = [t for t in b["prices"].columns if t not in a["prices"].columns and t not in left_out]
    shared = [t for t in b["prices"].columns if t in a["prices"].columns]
    market = log_returns(a["index"].loc[days])
    a_r, b_r = log_returns(a["prices"].loc[days, mine_all]), log_returns(b["prices"].loc[days, others])
    _, a_rows = per_stock(a_r, market, "real")
    _, b_rows = per_stock(b_r, market, "real")
    sectors = {**b["sectors"], **a["sectors"]}
    mine, theirs = sector_pairs(a_r.columns, others, sectors, np.random.default_rng([SEED, 8]))
    # The first panel's halves drawn as the scenario sections draw them (the same stream).
    half_a, half_b = halves(a_r.columns, np.random.default_rng([SEED, 4]))
    other_a, other_b = halves(others, np.random.default_rng([SEED, 9]))
    # Each side's windows of a block are one group, named apart: the same days are two groups.
    test = lambda rows_a, tickers_a, rows_b, tickers_b: two_sample(
        relabel(rows_a, tickers_a, "side-a"), relabel(rows_b, tickers_b, "side-b"), permutations
    )
    pairs = ", ".join(f"{t}-{o} ({sectors[t]})" for t, o in zip(mine, theirs))
    n, k = a_r.shape[1], len(others)
    dropped = (
        f"less {', '.join(left_out)}, unchanged on more than {STUCK_SHARE:.0%} of the days (stuck on a tick, as ours "
        "are left out), "
        if left_out
        else ""
    )
    return [
        f"## The real panels against each other: {a['name']} and {b['name']}",
        "",
        f"{days[0]:%Y-%m-%d} to {days[-1]:%Y-%m-%d}: {len(a_r)} daily log returns, the days both cover. "
        f"{a['name']}'s {n} stocks against {b['name']}'s {k} names that are not among them "
        f"({', '.join(others)}; the {len(shared)} they share, {', '.join(shared)}, are left out), on the same days, "
        f"{dropped}with the same market (the S&P 500 index) and the single-stock windows, features, classifiers "
        "and nulls of the scenario sections. Groups: each side's calendar blocks. Sector-matched: each of the first "
        "panel's names, in random order, paired with an unused one of the second's of its sector, where there is "
        f"one: {pairs}. "
        f"Halves: the first panel's names in two random halves ({', '.join(half_a)} against "
        f"{', '.join(half_b)}), and the second's other names in two random halves.",
        "",
        "| comparison | AUC boosting | null p95 | AUC logit | null p95 |",
        "|---|---|---|---|---|",
        auc_row(
            f"single-stock windows: {a['name']}'s {n} vs {b['name']}'s {k} other names",
            test(a_rows, list(a_r.columns), b_rows, others),
        ),
        auc_row(
            f"single-stock windows, sector-matched: {len(mine)} vs {len(theirs)}",
            test(a_rows, mine, b_rows, theirs),
        ),
        auc_row(
            f"single-stock windows: {a['name']}, half A vs half B ({len(half_a)} and {len(half_b)})",
            test(a_rows, half_a, a_rows, half_b),
        ),
        auc_row(
            f"single-stock windows: {b['name']}'s other names, half A vs half B ({len(other_a)} and {len(other_b)})",
            test(b_rows, other_a, b_rows, other_b),
        ),
        "",
    ]


def at_real_vol_mix(real_vol, ours, vols, seeds, stream):
    """Each seed's window rows subsampled to the real windows' market-vol mix (vol_matched); vols: each row's."""
    for rows, vol in zip(ours, vols):
        assert len(rows) == len(vol), "a market vol for each window row"
    return [
        vol_matched(real_vol, rows, vol, np.random.default_rng([SEED, seed, stream]))
        for rows, vol, seed in zip(ours, vols, seeds)
    ]


def classifier_tests(real_r, real_m, real_rows, ours_rows, ours_panel, ours_vol, seeds, permutations):
    """The rows of the classifier tests: sanity rows, real against each seed, and at the real market-vol mix."""
    out = []
    real_vol = window_market_vol(real_m)
    a, b = halves(real_r.columns, np.random.default_rng([SEED, 4]))
    out.append(
        auc_row(
            "sanity, single-stock windows: real half A vs real half B",
            two_sample(relabel(real_rows, a, "half-a"), relabel(real_rows, b, "half-b"), permutations),
        )
    )
    real_windows = pd.concat(real_rows.values(), ignore_index=True)
    odd_even_rows = two_sample(*odd_even(real_windows), permutations)
    out.append(auc_row("sanity, single-stock windows: real odd vs even blocks", odd_even_rows))
    out += against_seeds("single-stock windows", real_windows, ours_rows, seeds, permutations)
    # Every stock of a seed has the same windows, one after another: each window's market vol, per stock.
    stock_vol = [np.tile(vol, len(rows) // len(vol)) for rows, vol in zip(ours_rows, ours_vol)]
    matched = at_real_vol_mix(real_vol, ours_rows, stock_vol, seeds, 8)
    out += against_seeds("single-stock windows at the real market-vol mix", real_windows, matched, seeds, permutations)

    half_rng = np.random.default_rng([SEED, 5])
    out.append(
        auc_row(
            "sanity, panel windows: real half A vs real half B",
            two_sample(
                panel_windows(real_r[a], lambda _: a, half_rng, "half-a"),
                panel_windows(real_r[b], lambda _: b, half_rng, "half-b"),
                permutations,
            ),
        )
    )
    real_panel_rows = panel_windows(real_r, lambda _: list(real_r.columns), np.random.default_rng([SEED, 6]), "real")
    odd_even_rows = two_sample(*odd_even(real_panel_rows), permutations)
    out.append(auc_row("sanity, panel windows: real odd vs even blocks", odd_even_rows))
    out += against_seeds("panel windows", real_panel_rows, ours_panel, seeds, permutations)
    matched = at_real_vol_mix(real_vol, ours_panel, ours_vol, seeds, 7)
    out += against_seeds("panel windows at the real market-vol mix", real_panel_rows, matched, seeds, permutations)
    out += features_alone(real_windows, ours_rows, real_panel_rows, ours_panel, real_vol, ours_vol)
    return out + market_vol_mix(real_vol, ours_vol, seeds)


def scenario_report(name, runs, real, permutations):
    """One scenario against one real panel, a Markdown section: per stock, cross-section, years, classifier tests."""
    prices, index, sectors = real["prices"], real["index"], real["sectors"]
    days = pd.to_datetime(runs[0]["days"])
    first, last = max(days[0], prices.index[0]), min(days[-1], prices.index[-1])
    real_prices = prices.loc[first:last]
    if len(real_prices) < MIN_DAYS:
        covered = f"It covers {len(real_prices)} of the scenario's days: too few to compare."
        return [f"## {name} against {real['name']}", "", covered, ""]
    real_r = log_returns(real_prices)
    real_m = log_returns(index.loc[first:last])
    size = real_r.shape[1]
    seeds = [s["seed"] for s in runs]

    real_stock, real_rows = per_stock(real_r, real_m, "real")
    real_cross = cross_section(real_r, real_m, sectors)
    real_years = by_year(real_r, real_m)
    ours_stock, ours_cross, ours_years, ours_rows, ours_panel, ours_vol, counts, sizes = [], [], [], [], [], [], [], []
    for s in runs:
        p, market, our_sectors = our_panel(s, first, last)
        r, m = log_returns(p), log_returns(market)
        # Ours are drawn to the real panel's sector mix, and within a sector to its size tiers (matched_subset):
        # the tier the world gives (or would give) each real stock on its first day, from panel-realism.ts.
        real_tiers = s.get("real_tiers", {})
        our_tiers = {x["ticker"]: x.get("tier") for x in s["stocks"]}
        wanted = [(sectors[t], real_tiers.get(t)) for t in real_r.columns]
        pick = lambda rng, r=r, our_sectors=our_sectors, our_tiers=our_tiers, wanted=wanted: matched_subset(
            r.columns, our_sectors, our_tiers, wanted, rng
        )
        counts.append(f"{r.shape[1]} of {len(s['stocks'])}")
        pairs = matched_pairs(r.columns, our_sectors, our_tiers, wanted, np.random.default_rng([SEED, s["seed"], 2]))
        chosen = [t for t in r.columns if t in {t for _, t in pairs}]
        both = sum(w is not None and (our_sectors.get(t), our_tiers.get(t)) == w for w, t in pairs)
        sizes.append(
            f"seed {s['seed']}: real {tier_mix([w[1] for w in wanted])}; survivors "
            f"{tier_mix([our_tiers.get(t) for t in r.columns])}; {both} of the {len(pairs)} of the per-stock "
            "table share their real stock's sector and tier"
        )
        stock, rows = per_stock(r[chosen], m, f"{name}-{s['seed']}")
        ours_stock.append(stock)
        # Each use of randomness has its own stream, keyed by the seed: the report does not depend on order.
        ours_cross.append(mean_over_subsets(r, m, our_sectors, pick, np.random.default_rng([SEED, s["seed"], 1])))
        ours_years.append(by_year(r, m))
        ours_rows.append(pd.concat(rows.values(), ignore_index=True))
        ours_panel.append(panel_windows(r, pick, np.random.default_rng([SEED, s["seed"], 3]), f"{name}-{s['seed']}"))
        ours_vol.append(window_market_vol(m))

    out = [
        f"## {name} against {real['name']}",
        "",
        f"{first:%Y-%m-%d} to {last:%Y-%m-%d}: {len(real_r)} daily log returns. Real: the "
        f"panel's {size} stocks, market the S&P 500 index. Ours: the survivors (public over the whole period, "
        f"none stuck on a cent tick) at each seed, {', '.join(counts)} stocks; market SPY. Seeds "
        f"{', '.join(map(str, seeds))}.",
        "",
        "Size tiers on the scenario's first day (build/models/anchors.ts sizeTier; a real stock's: the tier the "
        "world gives it or would give it): " + "; ".join(sizes) + ".",
        "",
        "### Per stock: medians across stocks",
        "",
        "Whole-sample statistics of each stock's daily log returns; inside windows: the median or mean "
        f"over its {WINDOW}-day windows (stride {STRIDE}), each window's own mean and sd. Ours: {size} of the "
        "survivors at each seed drawn to the real panel's sector mix and, within a sector, its size tiers (a "
        "survivor of the sector of another tier where the world has no more of the tier, a random one of the "
        "survivors where it has no more of the sector).",
        "",
        *value_table(PER_STOCK, real_stock, ours_stock, seeds),
        "",
        "### Cross-section",
        "",
        f"Ours: the mean over {SUBSETS} random {size}-stock subsets of the survivors at each seed, drawn to "
        "the real panel's sector and size-tier mix (and its size: the eigenvalue shares depend on it). "
        f"Rolling: trailing {WINDOW} days. Residuals: each "
        "stock's returns less their regression on the market's (whole period); sectors of the real tickers "
        "from build/refdata.",
        "",
        *value_table(CROSS_SECTION, real_cross, ours_cross, seeds),
        "",
        "### Calendar years: market vol and average pairwise correlation",
        "",
        "Annualized vol of the market's daily log returns and the mean pairwise correlation of the stocks "
        "over each calendar year (ours: all survivors, the median over seeds).",
        "",
        "| year | real vol | ours vol | real corr | ours corr |",
        "|---|---|---|---|---|",
    ]
    for year, (vol, corr) in real_years.items():
        ours = [y[year] for y in ours_years if year in y]
        if ours:
            vols, corrs = zip(*ours)
            out.append(f"| {year} | {vol:.2f} | {np.median(vols):.2f} | {corr:.2f} | {np.median(corrs):.2f} |")
    out += [
        "",
        "### Classifier two-sample tests",
        "",
        f"Single-stock windows: discriminate.py's features of each stock's {WINDOW}-day windows (stride "
        f"{STRIDE}, in {BLOCK}-day blocks) and the window's correlation and beta to the market; ours: the "
        f"stocks of the per-stock table. Panel windows: per window, a {size}-stock subset's (ours: drawn "
        "anew to the real panel's sector and size-tier mix) "
        "mean dispersion and its lag-1 autocorrelation, average pairwise correlation, shares of the first "
        "and second eigenvalues, and breadth (share of stocks up: mean and sd over days). Groups: the "
        "calendar blocks of each side (every stock's windows of a block in one group). Sanity rows: the "
        f"real panel's stocks in two random halves ({size // 2} and {size - size // 2}) against each other "
        "(different stocks, the same days), and the real panel's odd calendar blocks against its even "
        "ones (the same stocks, other days). At the real market-vol mix: ours' windows (single-stock or "
        "panel) subsampled so that each fifth of the real windows' market volatility holds the real share of "
        f"them ({VOL_BINS} bins at the real quintiles): the world's regime draws set aside (a stock's window "
        "reads its market's volatility from its vol, correlation and beta), what is left is the stocks and "
        "the cross-section.",
        "",
        "| comparison | AUC boosting | null p95 | AUC logit | null p95 |",
        "|---|---|---|---|---|",
    ]
    out += classifier_tests(real_r, real_m, real_rows, ours_rows, ours_panel, ours_vol, seeds, permutations)
    return out + [""]


def main(args):
    sectors = json.load(open(args.sectors))
    real = [skfolio_panel(args.panel, sectors)]
    if args.dow_jones_30:
        real.append(dow_jones_panel(args.dow_jones_30, args.dow_jones_30_source, sectors, real[0]["index"]))
    series = [json.load(open(p)) for p in args.series]
    by_scenario = {}
    for s in series:
        by_scenario.setdefault(s["scenario"], []).append(s)
    out = ["# Stocks and the cross-section against real panels", "", "Real panels:", ""]
    for panel in real:
        prices = panel["prices"]
        unknown = [t for t, sector in panel["sectors"].items() if sector is None]
        out.append(
            f"- {panel['name']}: {panel['about']}, {prices.index[0]:%Y-%m-%d} to {prices.index[-1]:%Y-%m-%d}. "
            "Sectors: build/refdata's"
            + (f" (none for {', '.join(unknown)}: left out of the sector statistics)." if unknown else ".")
        )
    out += [
        "",
        "Each is compared over each scenario's own dates, where it covers them. Ours: each stock's "
        "adjusted_close and SPY's close up to the scenario's current_date. Classifiers as discriminate.py's "
        "(gradient boosting, logistic regression): 5-fold grouped CV over calendar blocks, null p95 over "
        f"{args.permutations} block-shuffled labelings. scikit-learn {version('scikit-learn')}, numpy "
        f"{version('numpy')}, pandas {version('pandas')}.",
        "",
    ]
    if len(real) > 1:
        out += cross_check(real, args.permutations)
    for name, runs in by_scenario.items():
        for panel in real:
            out += scenario_report(name, runs, panel, args.permutations)
    print("\n".join(out))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="Single stocks and the cross-section against a real panel.")
    parser.add_argument("--panel", required=True, help="skfolio's panel: sp500_dataset.csv.gz, sp500_index.csv.gz")
    parser.add_argument("--sectors", required=True, help="sectors by ticker, as JSON (the reference data's)")
    parser.add_argument("--dow-jones-30", help="fBasics' lazy-load database (its path without .rdb/.rdx)")
    parser.add_argument("--dow-jones-30-source", default="fBasics", help="where it comes from, for the report")
    parser.add_argument("--permutations", type=int, default=20, help="labelings for each null p95")
    parser.add_argument("series", nargs="*", help="one JSON file per scenario and seed")
    main(parser.parse_args())
