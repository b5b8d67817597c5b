"""Fit the ``likely`` answer model and write its package data (rerunnable).

    pip install -e '.[fit]'          # wordfreq, needed only here
    python scripts/fit_likely.py     # fit, print the report, write the two files
    python scripts/fit_likely.py --dry-run   # fit and print, write nothing

What it does:

1. Training data: the 12,972 valid words of the original game (``WordList.bundled("original")``);
   the 2,315 answers are the positives, the 10,657 other allowed guesses the negatives.
2. Features (defined once, in ``wordlekit.core.likely.FEATURES``, so the package computes them
   the same way): wordfreq's ``zipf_frequency(word, "en")``, a hinge ``max(zipf - 3, 0)`` (the
   share of answers rises steeply up to Zipf 3 and slowly after), and letter features: ends in S
   (not SS), ends in US/IS/OS, ends in ED, ends in A/I/O/U, a repeated letter.
3. An L2-regularised logistic regression, fitted by Newton's method (IRLS) in numpy. The penalty
   ``lambda/2 * |beta|^2`` applies to the coefficients of the standardised features (not the
   intercept); the coefficients are reported on the raw features.
4. Stratified 10-fold cross-validation (fixed seed) chooses lambda from a grid (the most
   regularised value within 1e-4 of the best out-of-fold log-loss) and gives the honest
   figures: out-of-fold log-loss against the base rate's, AUC, the share of the prior mass on
   the original answers (and on the NYT answers, over the NYT valid list: out-of-fold
   values for the original words, the final fit for the 1,883 words only the NYT list has), a
   calibration table by decile, and a feature check (the chosen set minus each feature, plus
   each of a few candidates that were left out).
5. The final model, fitted on all 12,972 words with the chosen lambda, gives every word of the
   union of the original and NYT valid lists its probability. It writes
   ``src/wordlekit/data/likely.tsv`` (word, Zipf, probability to three significant digits) and
   ``src/wordlekit/data/likely-model.json`` (coefficients, feature definitions, the figures
   above, the wordfreq version, the table's SHA-256).

The output is deterministic for a given wordfreq version.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from wordlekit.core.likely import FEATURES, MODEL_FILE, TABLE_FILE, feature_matrix
from wordlekit.core.words import WordList

Floats = npt.NDArray[np.float64]

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "src" / "wordlekit" / "data"

#: The model's features, in order (every one defined in wordlekit.core.likely.FEATURES).
CHOSEN = (
    "zipf",
    "zipf_over_3",
    "ends_s",
    "ends_us_is_os",
    "ends_ed",
    "ends_aiou",
    "repeated_letter",
)

#: Features tried and left out (the report shows what each would add).
CANDIDATES: dict[str, Callable[[str, float], float]] = {
    "ends_es": lambda w, z: float(w.endswith("es")),
    "ends_y": lambda w, z: float(w.endswith("y")),
    "ends_er": lambda w, z: float(w.endswith("er")),
    "ends_e": lambda w, z: float(w.endswith("e")),
    "zipf_squared": lambda w, z: z * z,
    "unknown_to_wordfreq": lambda w, z: float(z == 0.0),
    "rare_letter_count": lambda w, z: float(sum(c in "jqxz" for c in w)),
    "vowel_count": lambda w, z: float(sum(c in "aeiou" for c in w)),
}

LAMBDAS = tuple(float(v) for v in 10.0 ** np.arange(-3.0, 3.01, 0.5))
#: A log-loss this close to the grid's best counts as equal (see choose_lambda).
LAMBDA_SLACK = 1e-4
FOLDS = 10
SEED = 20210619  # day 0 of the original game


# --- the fit ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Fit:
    """A fitted model on raw features: ``logit = intercept + x @ beta``."""

    intercept: float
    beta: Floats

    def predict(self, x: Floats) -> Floats:
        out: Floats = 1.0 / (1.0 + np.exp(-(self.intercept + x @ self.beta)))
        return out


def fit_logistic(x: Floats, y: Floats, lam: float, tol: float = 1e-10) -> Fit:
    """L2-regularised logistic regression by Newton's method (IRLS) on standardised features."""
    mu = x.mean(axis=0)
    sd = x.std(axis=0)
    sd[sd == 0] = 1.0
    xs = np.column_stack([np.ones(len(x)), (x - mu) / sd])
    penalty = np.full(xs.shape[1], lam)
    penalty[0] = 0.0
    b = np.zeros(xs.shape[1])
    b[0] = np.log(y.mean() / (1 - y.mean()))

    def objective(b: Floats) -> float:
        eta = xs @ b
        return float(np.sum(np.logaddexp(0.0, eta) - y * eta) + 0.5 * np.sum(penalty * b * b))

    for _ in range(100):
        p = 1.0 / (1.0 + np.exp(-(xs @ b)))
        grad = xs.T @ (p - y) + penalty * b
        hess = (xs * (p * (1 - p))[:, None]).T @ xs + np.diag(penalty)
        step = np.linalg.solve(hess, grad)
        before, t = objective(b), 1.0
        while objective(b - t * step) > before and t > 1e-6:
            t /= 2  # a damped step where the full Newton step overshoots
        b -= t * step
        if np.max(np.abs(t * step)) < tol:
            break
    else:
        raise RuntimeError(f"Newton's method did not converge (lambda {lam})")
    beta = b[1:] / sd
    return Fit(intercept=float(b[0] - np.sum(b[1:] * mu / sd)), beta=beta)


def stratified_folds(y: Floats, k: int, seed: int) -> npt.NDArray[np.int64]:
    rng = np.random.default_rng(seed)
    folds = np.empty(len(y), dtype=np.int64)
    for cls in (0.0, 1.0):
        idx = np.flatnonzero(y == cls)
        rng.shuffle(idx)
        folds[idx] = np.arange(len(idx)) % k
    return folds


def out_of_fold(x: Floats, y: Floats, folds: npt.NDArray[np.int64], lam: float) -> Floats:
    p = np.empty(len(y))
    for k in np.unique(folds):
        test = folds == k
        p[test] = fit_logistic(x[~test], y[~test], lam).predict(x[test])
    return p


def base_rate_out_of_fold(y: Floats, folds: npt.NDArray[np.int64]) -> Floats:
    p = np.empty(len(y))
    for k in np.unique(folds):
        test = folds == k
        p[test] = y[~test].mean()
    return p


def choose_lambda(grid: Sequence[tuple[float, float]]) -> float:
    """The most regularised lambda whose out-of-fold log-loss is within ``LAMBDA_SLACK`` of
    the best. Below it the grid is flat, so more shrinkage costs nothing measurable; and no
    answer ends in S other than in SS, US, IS or OS, so the ends_s coefficient is held finite
    by the penalty alone and grows without bound as lambda shrinks."""
    best = min(ll for _, ll in grid)
    return max(lam for lam, ll in grid if ll <= best + LAMBDA_SLACK)


# --- the figures -----------------------------------------------------------------------------


def log_loss(y: Floats, p: Floats) -> float:
    q = np.clip(p, 1e-15, 1 - 1e-15)
    return float(-np.mean(y * np.log(q) + (1 - y) * np.log(1 - q)))


def auc(y: Floats, p: Floats) -> float:
    """The chance that a random answer outranks a random non-answer (ties count half)."""
    order = np.argsort(p, kind="mergesort")
    ranks = np.empty(len(p))
    sorted_p = p[order]
    i = 0
    while i < len(p):
        j = i
        while j + 1 < len(p) and sorted_p[j + 1] == sorted_p[i]:
            j += 1
        ranks[order[i : j + 1]] = (i + j) / 2 + 1
        i = j + 1
    pos = y == 1
    n_pos, n_neg = int(pos.sum()), int((~pos).sum())
    return float((ranks[pos].sum() - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg))


def sig3(value: float) -> float:
    return float(f"{value:.3g}")


def calibration(y: Floats, p: Floats, groups: int = 10) -> list[dict[str, float]]:
    order = np.argsort(p, kind="mergesort")
    rows = []
    for d, idx in enumerate(np.array_split(order, groups), start=1):
        rows.append(
            {
                "decile": d,
                "words": len(idx),
                "p_from": sig3(p[idx].min()),
                "p_to": sig3(p[idx].max()),
                "mean_p": sig3(p[idx].mean()),
                "answer_rate": round(float(y[idx].mean()), 4),
                "answers": int(y[idx].sum()),
                "expected_answers": round(float(p[idx].sum()), 1),
            }
        )
    return rows


def figures(
    y: Floats, p: Floats, base: Floats, nyt_p: Floats, nyt_answer: npt.NDArray[np.bool_]
) -> dict[str, Any]:
    pos = y == 1
    return {
        "log_loss": round(log_loss(y, p), 5),
        "base_rate_log_loss": round(log_loss(y, base), 5),
        "auc": round(auc(y, p), 4),
        "mass_on_original_answers": round(float(p[pos].sum() / p.sum()), 4),
        "uniform_mass_on_original_answers": round(float(pos.mean()), 4),
        "mass_per_word_ratio_answers_to_allowed": round(float(p[pos].mean() / p[~pos].mean()), 2),
        "mass_on_nyt_answers_over_nyt_valid": round(
            float(nyt_p[nyt_answer].sum() / nyt_p.sum()), 4
        ),
        "uniform_mass_on_nyt_answers": round(float(nyt_answer.mean()), 4),
        "calibration_by_decile": calibration(y, p),
    }


# --- the data --------------------------------------------------------------------------------


def zipf_of(words: Sequence[str]) -> Floats:
    try:
        from wordfreq import zipf_frequency
    except ImportError:
        sys.exit("wordfreq is needed to refit: pip install -e '.[fit]'")
    return np.array([zipf_frequency(w, "en") for w in words], dtype=np.float64)


def candidate_matrix(words: Sequence[str], zipf: Floats, names: Sequence[str]) -> Floats:
    cols = []
    for name in names:
        if name in FEATURES:
            cols.append(feature_matrix(words, zipf, [name])[:, 0])
        else:
            fn = CANDIDATES[name]
            cols.append(np.array([fn(w, float(z)) for w, z in zip(words, zipf, strict=True)]))
    return np.column_stack(cols)


def feature_check(
    words: Sequence[str], zipf: Floats, y: Floats, folds: npt.NDArray[np.int64], lam: float
) -> list[dict[str, Any]]:
    """Out-of-fold log-loss of the chosen set, of the set minus each feature, plus each
    candidate; and of the frequency alone."""
    sets: list[tuple[str, tuple[str, ...]]] = [("chosen", CHOSEN), ("zipf only", ("zipf",))]
    sets += [(f"without {n}", tuple(f for f in CHOSEN if f != n)) for n in CHOSEN]
    sets += [(f"with {n}", (*CHOSEN, n)) for n in CANDIDATES]
    rows = []
    for label, names in sets:
        p = out_of_fold(candidate_matrix(words, zipf, names), y, folds, lam)
        rows.append({"features": label, "cv_log_loss": round(log_loss(y, p), 5)})
    return rows


def write_table(path: Path, words: Sequence[str], zipf: Floats, p: Floats, version: str) -> str:
    lines = [
        "# The likely answer model's prior for every original and NYT valid word "
        f"(scripts/fit_likely.py, wordfreq {version}).",
        "# zipf: wordfreq zipf_frequency(word, 'en'); p: the fitted probability of being an "
        "answer (see likely-model.json).",
        "word\tzipf\tp",
    ]
    lines += [f"{w}\t{z:.2f}\t{q:.3g}" for w, z, q in zip(words, zipf, p, strict=True)]
    text = "\n".join(lines) + "\n"
    path.write_text(text, encoding="ascii")
    return hashlib.sha256(text.encode("ascii")).hexdigest()


# --- the report ------------------------------------------------------------------------------


def print_report(model: dict[str, Any]) -> None:
    print(f"likely model, wordfreq {model['wordfreq']['version']}, lambda {model['lambda']:g}")
    print(f"  intercept {model['intercept']:+.4f}")
    for name, c in model["coefficients"].items():
        print(f"  {name:<16} {c:+.4f}")
    for title, key in (("cross-validated", "cross_validation"), ("in-sample (shipped)", "fit")):
        f = model[key]
        print(f"{title}:")
        print(
            f"  log-loss {f['log_loss']:.4f} (base rate {f['base_rate_log_loss']:.4f}), "
            f"AUC {f['auc']:.4f}"
        )
        print(
            f"  mass on the 2,315 original answers {f['mass_on_original_answers']:.1%} "
            f"(uniform {f['uniform_mass_on_original_answers']:.1%}; "
            f"{f['mass_per_word_ratio_answers_to_allowed']}x per word); on the 2,309 NYT "
            f"answers over the NYT list {f['mass_on_nyt_answers_over_nyt_valid']:.1%} "
            f"(uniform {f['uniform_mass_on_nyt_answers']:.1%})"
        )
    print("calibration by decile (cross-validated): words, p from-to, mean p, answers, expected")
    for r in model["cross_validation"]["calibration_by_decile"]:
        print(
            f"  {r['decile']:>2} {r['words']:>5} {r['p_from']:.3g}-{r['p_to']:.3g} "
            f"{r['mean_p']:.3g} {r['answers']:>5} {r['expected_answers']:>7}"
        )
    print("lambda grid (cross-validated log-loss):")
    for lam, ll in model["lambda_grid"]:
        print(f"  {lam:>8g} {ll:.5f}")
    print("feature check (cross-validated log-loss):")
    for r in model["feature_check"]:
        print(f"  {r['features']:<30} {r['cv_log_loss']:.5f}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=DATA, help="folder for the two files")
    parser.add_argument("--dry-run", action="store_true", help="print the report only")
    args = parser.parse_args(argv)

    original = WordList.bundled("original")
    nyt = WordList.bundled("nyt")
    words = list(original.guesses)
    y = np.array([1.0] * len(original.answers) + [0.0] * len(original.allowed))
    every = sorted(set(original.guesses) | set(nyt.guesses))
    zipf_every = zipf_of(every)
    zipf_by_word = dict(zip(every, zipf_every, strict=True))
    zipf = np.array([zipf_by_word[w] for w in words])
    x = feature_matrix(words, zipf, CHOSEN)
    folds = stratified_folds(y, FOLDS, SEED)

    grid = [(lam, log_loss(y, out_of_fold(x, y, folds, lam))) for lam in LAMBDAS]
    lam = choose_lambda(grid)
    cv_p = out_of_fold(x, y, folds, lam)
    final = fit_logistic(x, y, lam)
    p_every = final.predict(feature_matrix(every, zipf_every, CHOSEN))
    p_by_word = dict(zip(every, p_every, strict=True))
    cv_by_word = dict(zip(words, cv_p, strict=True))

    nyt_answer = np.array([nyt.is_answer(w) for w in nyt.guesses])
    nyt_cv = np.array([cv_by_word.get(w, p_by_word[w]) for w in nyt.guesses])
    nyt_fit = np.array([p_by_word[w] for w in nyt.guesses])
    fit_p = final.predict(x)

    version = metadata.version("wordfreq")
    model: dict[str, Any] = {
        "model": "likely",
        "formula": "p = 1 / (1 + exp(-(intercept + sum of coefficient * feature)))",
        "intercept": float(final.intercept),
        "coefficients": {n: float(b) for n, b in zip(CHOSEN, final.beta, strict=True)},
        "features": [{"name": n, "definition": FEATURES[n].definition} for n in CHOSEN],
        "wordfreq": {"version": version, "call": "zipf_frequency(word, 'en')"},
        "training": {
            "words": len(words),
            "answers": len(original.answers),
            "allowed": len(original.allowed),
            "list": "original",
        },
        "method": (
            "L2-regularised logistic regression by Newton's method; the penalty lambda/2 * "
            "|beta|^2 on the standardised features' coefficients (not the intercept); lambda "
            f"chosen by stratified {FOLDS}-fold cross-validation (seed {SEED}): the largest "
            f"whose out-of-fold log-loss is within {LAMBDA_SLACK:g} of the best"
        ),
        "lambda": lam,
        "lambda_grid": [[round(lm, 6), round(ll, 6)] for lm, ll in grid],
        "cross_validation": figures(y, cv_p, base_rate_out_of_fold(y, folds), nyt_cv, nyt_answer),
        "fit": figures(y, fit_p, np.full(len(y), y.mean()), nyt_fit, nyt_answer),
        "feature_check": feature_check(words, zipf, y, folds, lam),
        "table": {"file": TABLE_FILE, "words": len(every)},
    }
    print_report(model)
    if args.dry_run:
        return
    args.out.mkdir(parents=True, exist_ok=True)
    model["table"]["sha256"] = write_table(
        args.out / TABLE_FILE, every, zipf_every, p_every, version
    )
    (args.out / MODEL_FILE).write_text(json.dumps(model, indent=1) + "\n", encoding="utf-8")
    for name in (TABLE_FILE, MODEL_FILE):
        print(f"wrote {args.out / name} ({(args.out / name).stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
