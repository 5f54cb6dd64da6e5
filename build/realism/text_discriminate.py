"""The classifier two-sample test of the news text against real wire stories (docs/text-realism.md).

Usage: text_discriminate.py --real REAL.json [--permutations N] OURS.json ...  (written by
build/cli/text-realism.ts: the real stories' features, and one file per scenario and seed, each row a
document's textSurface from build/realism/text.ts). Prints a Markdown report. Every random draw is
seeded, so the report is reproducible.

Each document is one sample, described by its surface: words, words per sentence, numbers per 100
words, the share of words in quotation marks and the type-token ratio of its first 100 tokens
(documents shorter than that have none and are dropped). A classifier that tells the real stories
from ours out of fold (AUC well above 0.5 and above its null) has found a difference.
"""

import argparse
import json
from importlib.metadata import version

import numpy as np
from sklearn.ensemble import GradientBoostingClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.utils.class_weight import compute_sample_weight

FEATURES = ["words", "sentence_words", "numbers_per_100_words", "quote_share", "type_token_ratio"]
WITHOUT_TTR = FEATURES[:-1]
FOLDS = 5
SEED = 0

# Classes are balanced by weights, not by subsampling: each class weighs as much in the fit as the
# other, whatever its count ("balanced": n / (2 * n_class)). The AUC itself does not depend on the balance.
CLASSIFIERS = {
    "boosting": lambda: GradientBoostingClassifier(random_state=SEED),
    "logit": lambda: make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000, class_weight="balanced")),
}


def matrix(rows, features):
    return np.array([[r[f] for f in features] for r in rows], dtype=float)


def out_of_fold_auc(name, X, y):
    """AUC of the out-of-fold probabilities, pooled over stratified folds."""
    cv = StratifiedKFold(n_splits=FOLDS, shuffle=True, random_state=SEED)
    p = np.zeros(len(y))
    for train, test in cv.split(X, y):
        model = CLASSIFIERS[name]()
        if name == "boosting":
            model.fit(X[train], y[train], sample_weight=compute_sample_weight("balanced", y[train]))
        else:
            model.fit(X[train], y[train])
        p[test] = model.predict_proba(X[test])[:, 1]
    return roc_auc_score(y, p)


def compare(a, b, features, permutations):
    """Both classifiers' AUC of rows a (label 0) against rows b (label 1), and the p95 of each under shuffled labels."""
    if min(len(a), len(b)) < FOLDS:
        return None
    X = np.vstack([matrix(a, features), matrix(b, features)])
    y = np.r_[np.zeros(len(a), dtype=int), np.ones(len(b), dtype=int)]
    rng = np.random.default_rng(SEED)
    result = {}
    for name in CLASSIFIERS:
        null = [out_of_fold_auc(name, X, rng.permutation(y)) for _ in range(permutations)]
        result[name] = (out_of_fold_auc(name, X, y), float(np.percentile(null, 95)))
    return result


def auc_row(label, n, result):
    if result is None:
        return f"| {label} | {n} | n/a | n/a | n/a | n/a |"
    (gb, gb95), (lg, lg95) = result["boosting"], result["logit"]
    return f"| {label} | {n} | {gb:.2f} | {gb95:.2f} | {lg:.2f} | {lg95:.2f} |"


def alone(a, b, feature):
    """The AUC of one feature's raw value, a against b, folded so that 0.5 is least and 1 most."""
    x = np.r_[matrix(a, [feature])[:, 0], matrix(b, [feature])[:, 0]]
    y = np.r_[np.zeros(len(a)), np.ones(len(b))]
    auc = roc_auc_score(y, x)
    return max(auc, 1 - auc)


def with_ttr(rows):
    return [r for r in rows if r["type_token_ratio"] is not None]


def main(real_path, paths, permutations):
    real_file = json.load(open(real_path))
    real_all = real_file["rows"]
    real = with_ttr(real_all)
    runs = [json.load(open(p)) for p in paths]
    by_scenario = {}
    for r in runs:
        by_scenario.setdefault(r["scenario"], []).append(r)

    kinds = {}
    for r in real_all:
        kinds[r["kind"]] = kinds.get(r["kind"], 0) + 1
    out = [
        "## Classifier two-sample test: ours against Reuters-21578",
        "",
        f"Real: {real_file['source']}, {len(real_all)} stories with a body ("
        + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items(), key=lambda kv: -kv[1]))
        + f"), {len(real)} of 100 tokens or more. Ours: each seed's wire and brief stories, the "
        "500 whose ids hash lowest, those of 100 tokens or more. "
        f"Features: {', '.join(FEATURES)}. Stratified {FOLDS}-fold CV, out-of-fold AUC; null p95 over "
        f"{permutations} label permutations. Classes balanced by weights (logit class_weight=balanced, "
        f"boosting balanced sample weights). scikit-learn {version('scikit-learn')}, numpy {version('numpy')}.",
        "",
        "| comparison | documents (ours + real) | AUC boosting | null p95 | AUC logit | null p95 |",
        "|---|---|---|---|---|---|",
    ]
    pooled = {}
    for name, rs in by_scenario.items():
        per_seed = [with_ttr(r["rows"]) for r in rs]
        pooled[name] = [row for rows in per_seed for row in rows]
        seeds = ", ".join(str(r["seed"]) for r in rs)
        if len(rs) > 1:
            # Sanity: two seeds of one generator should be hard to tell apart (AUC near its null).
            a, b = per_seed[0], per_seed[1]
            out.append(
                auc_row(
                    f"sanity: {name} seed {rs[0]['seed']} vs seed {rs[1]['seed']}",
                    f"{len(a)} + {len(b)}",
                    compare(a, b, FEATURES, permutations),
                )
            )
        n = f"{len(pooled[name])} + {len(real)}"
        out.append(auc_row(f"real vs {name}, seeds {seeds} pooled", n, compare(real, pooled[name], FEATURES, permutations)))
        if len(rs) > 1:
            results = [compare(real, rows, FEATURES, permutations) for rows in per_seed]
            for r, rows, result in zip(rs, per_seed, results):
                out.append(auc_row(f"real vs {name}, seed {r['seed']}", f"{len(rows)} + {len(real)}", result))
            if all(results):
                median = {k: tuple(float(np.median([x[k][i] for x in results])) for i in (0, 1)) for k in CLASSIFIERS}
                out.append(auc_row(f"real vs {name}, median over {len(rs)} seeds", "", median))
        # Without the type-token ratio, so that no document is dropped (the briefs, the short real stories).
        every = [row for r in rs for row in r["rows"]]
        out.append(
            auc_row(
                f"real vs {name}, pooled, every document, without TTR",
                f"{len(every)} + {len(real_all)}",
                compare(real_all, every, WITHOUT_TTR, permutations),
            )
        )

    out += [
        "",
        "Feature medians (documents of 100 tokens or more; ours: seeds pooled), and in brackets the AUC of "
        "the feature alone against the real stories (0.5: no difference; either direction counts).",
        "",
    ]
    out.append("| feature | real | " + " | ".join(pooled) + " |")
    out.append("|---|---" + "|---" * len(pooled) + "|")
    for f in FEATURES:
        cells = [f"{np.median([r[f] for r in real]):.3f}"] + [
            f"{np.median([r[f] for r in rows]):.3f} ({alone(real, rows, f):.2f})" for rows in pooled.values()
        ]
        out.append(f"| {f} | " + " | ".join(cells) + " |")
    print("\n".join(out))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="The classifier two-sample test of the news text.")
    parser.add_argument("--real", required=True, help="the real stories' features, as JSON")
    parser.add_argument("--permutations", type=int, default=20, help="labelings for each null p95")
    parser.add_argument("ours", nargs="+", help="one JSON file per scenario and seed")
    args = parser.parse_args()
    main(args.real, args.ours, args.permutations)
