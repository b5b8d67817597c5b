"""Fit the ``likely`` answer model to the answers the NYT served, and write its package data.

    pip install -e '.[fit]'          # wordfreq, needed only here
    python scripts/fit_likely.py     # fit, print the report, write the two files
    python scripts/fit_likely.py --dry-run            # fit and print, write nothing
    python scripts/fit_likely.py --cutoff 2025-06-30  # another time split

The model (``wordlekit.core.likely``): on a day whose answer is a word not served before, the
NYT picks word ``w`` among the valid words not served before with probability proportional
to ``exp(beta . x(w))`` (a conditional logit, the choice model of one pick a day). ``x`` holds
wordfreq's Zipf frequency, a hinge at Zipf 3, letter features (ends in S, US/IS/OS, ED,
A/I/O/U, a repeated letter), and two lists: the NYT's answer list of 2022 and its WordleBot's
candidates of July 2023. Repeats are not fitted here: the package weighs the words already
served by the share of repeats in the half year before the day (``History.repeat_share``),
which it measures from the shipped history at run time.

What the script does:

1. Data: the dated answers (``src/wordlekit/data/nyt-daily.tsv``), the union of the original
   and NYT valid lists (14,855 words: every answer served so far is one), the lists above,
   wordfreq.
2. Fit on the days up to ``--cutoff`` (default 2024-12-31, the end of the dated answers this
   project was first given), by Newton's method on the L2-penalised log-likelihood of the
   standardised features. The penalty is chosen on a time split inside the training days
   (fit on all but the last 183 training days, scored on those).
3. Score on the days after the cutoff (never fitted on): the log-likelihood of each real
   answer as of its day (the words served before it known, repeats weighed by their measured
   share), its rank among the words, and the same figures for the old frequency-only model,
   the answer list alone and every valid word alike.
4. Write ``likely.tsv`` (every word, its Zipf frequency, its probability on a day with nothing
   served yet) and ``likely-model.json`` (coefficients, definitions, the figures, the cutoff).

The output is deterministic for a given wordfreq version and history file.
"""

from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from wordlekit.core.history import History
from wordlekit.core.likely import FEATURES, MODEL_FILE, TABLE_FILE, feature_matrix, repeat_weight
from wordlekit.core.words import WordList

Floats = npt.NDArray[np.float64]

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "src" / "wordlekit" / "data"

#: The model's features, in order (every one defined in wordlekit.core.likely.FEATURES).
CHOSEN = (
    "in_nyt_answers",
    "in_wordlebot",
    "zipf",
    "zipf_over_3",
    "ends_s",
    "ends_us_is_os",
    "ends_ed",
    "ends_aiou",
    "repeated_letter",
)
LAMBDAS = (0.01, 0.1, 1.0, 10.0, 100.0)
VALIDATION_DAYS = 183
DEFAULT_CUTOFF = dt.date(2024, 12, 31)


@dataclass(frozen=True)
class Days:
    """The training or test days of a history over the universe ``words``: each day's
    answer (index into ``words``) and how many distinct words were served before it."""

    dates: tuple[dt.date, ...]
    answer: npt.NDArray[np.int64]
    served_before: npt.NDArray[np.int64]
    repeat: npt.NDArray[np.bool_]


def days_of(history: History, index: dict[str, int]) -> tuple[Days, npt.NDArray[np.int64]]:
    """Every day of ``history`` and the order in which words were first served."""
    first: list[int] = []
    seen: set[int] = set()
    answer, before, repeat = [], [], []
    for w in history.words:
        if w not in index:
            sys.exit(f"{w!r} was served but is not a valid word of the lists")
        i = index[w]
        answer.append(i)
        before.append(len(first))
        repeat.append(i in seen)
        if i not in seen:
            seen.add(i)
            first.append(i)
    days = Days(
        history.dates,
        np.array(answer, dtype=np.int64),
        np.array(before, dtype=np.int64),
        np.array(repeat, dtype=bool),
    )
    return days, np.array(first, dtype=np.int64)


def select(days: Days, keep: npt.NDArray[np.bool_]) -> Days:
    return Days(
        tuple(d for d, k in zip(days.dates, keep, strict=True) if k),
        days.answer[keep],
        days.served_before[keep],
        days.repeat[keep],
    )


def log_likelihood(
    beta: Floats, xs: Floats, days: Days, order: npt.NDArray[np.int64], lam: float
) -> tuple[float, Floats, Floats]:
    """The penalised log-likelihood of the new (non-repeat) days, its gradient and Hessian.

    The choice set of a day is every word but those served before it: its sums are the
    universe's minus prefix sums over the order of first service."""
    eta = xs @ beta
    shift = float(eta.max())
    e = np.exp(eta - shift)
    k = xs.shape[1]
    ex = e[:, None] * xs
    # prefix sums over the served order: sums over the first j served words
    s0 = np.concatenate([[0.0], np.cumsum(e[order])])
    s1 = np.vstack([np.zeros(k), np.cumsum(ex[order], axis=0)])
    s2 = np.concatenate(
        [np.zeros((1, k, k)), np.cumsum(ex[order][:, :, None] * xs[order][:, None, :], axis=0)]
    )
    z0, z1, z2 = e.sum(), ex.sum(axis=0), (ex.T @ xs)
    new = ~days.repeat
    j = days.served_before[new]
    m0 = z0 - s0[j]
    m1 = (z1 - s1[j]) / m0[:, None]
    m2 = (z2 - s2[j]) / m0[:, None, None]
    a = days.answer[new]
    ll = float(np.sum(eta[a] - shift - np.log(m0))) - 0.5 * lam * float(beta @ beta)
    grad = np.sum(xs[a] - m1, axis=0) - lam * beta
    hess = -np.sum(m2 - m1[:, :, None] * m1[:, None, :], axis=0) - lam * np.eye(k)
    return ll, grad, hess


def fit(xs: Floats, days: Days, order: npt.NDArray[np.int64], lam: float) -> Floats:
    """Newton's method (the step ``-H^-1 g`` up the concave log-likelihood) with step
    halving; ``xs`` standardised."""
    beta = np.zeros(xs.shape[1])
    for _ in range(200):
        ll, grad, hess = log_likelihood(beta, xs, days, order, lam)
        step = np.linalg.solve(hess, -grad)
        t = 1.0
        while log_likelihood(beta + t * step, xs, days, order, lam)[0] < ll and t > 1e-8:
            t /= 2
        beta = beta + t * step
        # converged: the step is tiny, or the log-likelihood no longer moves
        after = log_likelihood(beta, xs, days, order, lam)[0]
        if np.max(np.abs(t * step)) < 1e-9 or abs(after - ll) < 1e-10 * max(1.0, abs(ll)):
            return beta
    raise RuntimeError(f"Newton's method did not converge (lambda {lam})")


def day_probabilities(
    weights: Floats, days: Days, order: npt.NDArray[np.int64], history: History
) -> Floats:
    """Each day's probability of its real answer, as the package weighs it on that day: new
    words by ``weights``, served ones by the repeat share measured before the day."""
    out = np.empty(len(days.dates))
    cum = np.concatenate([[0.0], np.cumsum(weights[order])])
    total = float(weights.sum())
    served_rank = np.full(len(weights), -1)
    served_rank[order] = np.arange(len(order))
    for t, (date, a, j) in enumerate(zip(days.dates, days.answer, days.served_before, strict=True)):
        share = repeat_weight(*history.repeat_share(date))
        mass_served, mass_new = float(cum[j]), total - float(cum[j])
        if 0 <= served_rank[a] < j:
            out[t] = share * weights[a] / mass_served
        else:
            out[t] = (1.0 - share if j else 1.0) * weights[a] / mass_new
    return out


def rank_of_answers(
    weights: Floats, days: Days, order: npt.NDArray[np.int64], history: History
) -> npt.NDArray[np.int64]:
    """The rank (1 = most likely) of each day's answer among all words, as of its day (the
    middle rank of the words that tie with it)."""
    ranks = np.empty(len(days.dates), dtype=np.int64)
    for t, (date, a, j) in enumerate(zip(days.dates, days.answer, days.served_before, strict=True)):
        share = repeat_weight(*history.repeat_share(date))
        w = weights.copy()
        served = order[:j]
        mass_served = float(w[served].sum())
        if j:
            new_mass = float(weights.sum()) - mass_served
            w *= (1.0 - share) / new_mass
            w[served] = share * weights[served] / mass_served
        # ties share their ranks: the answer's rank is the middle of its tie
        ranks[t] = int(np.sum(w > w[a])) + (int(np.sum(w == w[a])) + 1) // 2
    return ranks


def scores(p: Floats, ranks: npt.NDArray[np.int64]) -> dict[str, Any]:
    return {
        "days": len(p),
        "mean_log2_probability": round(float(np.mean(np.log2(p))), 4),
        "median_probability": float(f"{np.median(p):.4g}"),
        "median_rank": int(np.median(ranks)),
        "rank_at_most_100": round(float(np.mean(ranks <= 100)), 4),
        "worst_rank": int(ranks.max()),
    }


def zipf_of(words: Sequence[str]) -> Floats:
    try:
        from wordfreq import zipf_frequency
    except ImportError:
        sys.exit("wordfreq is needed to refit: pip install -e '.[fit]'")
    return np.array([zipf_frequency(w, "en") for w in words], dtype=np.float64)


def write_table(path: Path, words: Sequence[str], zipf: Floats, p: Floats, version: str) -> str:
    lines = [
        "# The likely answer model's prior for every original and NYT valid word "
        f"(scripts/fit_likely.py, wordfreq {version}).",
        "# zipf: wordfreq zipf_frequency(word, 'en'); p: the probability that the NYT picks the "
        "word on a day with nothing served yet (see likely-model.json).",
        "word\tzipf\tp",
    ]
    lines += [f"{w}\t{z:.2f}\t{q:.4g}" for w, z, q in zip(words, zipf, p, strict=True)]
    text = "\n".join(lines) + "\n"
    path.write_text(text, encoding="ascii")
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def print_report(model: dict[str, Any]) -> None:
    print(
        f"likely model, wordfreq {model['wordfreq']['version']}, fitted on "
        f"{model['training']['days']} days to {model['training']['cutoff']} "
        f"(lambda {model['lambda']:g})"
    )
    for name, c in model["coefficients"].items():
        print(f"  {name:<16} {c:+.4f}")
    print("penalty chosen on the last training days (mean log2 p of the answer):")
    for lam, v in model["lambda_grid"]:
        print(f"  {lam:>8g} {v:.4f}")
    print(f"time split: the {model['test']['days']} days after the cutoff, as of each day")
    print(
        f"  {'model':<42}{'log2 p':>8}{'median p':>11}{'median rank':>13}{'<=100':>7}{'worst':>7}"
    )
    for name, s in model["test"]["models"].items():
        print(
            f"  {name:<42}{s['mean_log2_probability']:>8.2f}{s['median_probability']:>11.3g}"
            f"{s['median_rank']:>13}{s['rank_at_most_100']:>7.1%}{s['worst_rank']:>7}"
        )
    r = model["history"]
    print(
        f"history: {r['days']} days to {r['last']}, {r['repeats']} repeats "
        f"(first {r['first_repeat']}); {r['outside_nyt_answers']} answers outside the NYT list"
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=DATA, help="folder for the two files")
    parser.add_argument("--dry-run", action="store_true", help="print the report only")
    parser.add_argument(
        "--cutoff", type=dt.date.fromisoformat, default=DEFAULT_CUTOFF, help="last training day"
    )
    args = parser.parse_args(argv)

    history = History.shipped()
    original, nyt = WordList.bundled("original"), WordList.bundled("nyt")
    every = sorted(set(original.guesses) | set(nyt.guesses))
    index = {w: i for i, w in enumerate(every)}
    zipf = zipf_of(every)
    x = feature_matrix(every, zipf, CHOSEN)
    mu, sd = x.mean(axis=0), x.std(axis=0)
    sd[sd == 0] = 1.0
    xs = (x - mu) / sd
    days, order = days_of(history, index)
    dates = np.array(days.dates)
    train = select(days, dates <= args.cutoff)
    test = select(days, dates > args.cutoff)
    if not len(train.dates):
        sys.exit(f"no day on or before {args.cutoff}")

    # the penalty: fit on all but the last VALIDATION_DAYS training days, score on those
    split = train.dates[-VALIDATION_DAYS] if len(train.dates) > 2 * VALIDATION_DAYS else None
    grid = []
    for lam in LAMBDAS:
        if split is None:
            break
        inner = select(train, np.array(train.dates) < split)
        held = select(train, np.array(train.dates) >= split)
        b = fit(xs, inner, order, lam)
        p = day_probabilities(np.exp(xs @ b - (xs @ b).max()), held, order, history)
        grid.append((lam, float(np.mean(np.log2(p)))))
    lam = max(grid, key=lambda r: r[1])[0] if grid else 1.0
    beta_s = fit(xs, train, order, lam)
    beta = beta_s / sd
    eta = x @ beta
    log_z = float(np.log(np.sum(np.exp(eta - eta.max()))) + eta.max())
    p_word = np.exp(eta - log_z)  # the probability on a day with nothing served

    models: dict[str, Any] = {}
    if len(test.dates):
        old = np.array([float(v) for v in _old_prior(every)])
        in_list = np.array([nyt.is_answer(w) for w in every], dtype=np.float64)
        for name, w in (
            ("likely (this fit)", p_word),
            ("previous likely model (frequency only)", old),
            ("the NYT answer list, every word alike", np.maximum(in_list, 1e-12)),
            ("every valid word alike", np.ones(len(every))),
        ):
            p = day_probabilities(w, test, order, history)
            models[name] = scores(p, rank_of_answers(w, test, order, history))
    repeats = [d for d, r in zip(days.dates, days.repeat, strict=True) if r]
    model: dict[str, Any] = {
        "model": "likely",
        "formula": (
            "on a day whose answer is new, P(w) = exp(intercept + sum of coefficient * feature) "
            "/ (the same sum over the words not served before); served words share the "
            "measured repeat share (see wordlekit.core.likely)"
        ),
        "intercept": -log_z,
        "coefficients": {n: float(b) for n, b in zip(CHOSEN, beta, strict=True)},
        "features": [{"name": n, "definition": FEATURES[n].definition} for n in CHOSEN],
        "wordfreq": {"version": metadata.version("wordfreq"), "call": "zipf_frequency(word, 'en')"},
        "training": {
            "cutoff": str(args.cutoff),
            "days": len(train.dates),
            "new_word_days": int(np.sum(~train.repeat)),
            "universe": len(every),
        },
        "method": (
            "conditional logit over the words not served before each day, by Newton's method on "
            "the L2-penalised log-likelihood of the standardised features; the penalty chosen "
            f"by the last {VALIDATION_DAYS} training days (fit on the days before them)"
        ),
        "lambda": lam,
        "lambda_grid": [[lm, round(v, 5)] for lm, v in grid],
        "test": {"from": str(test.dates[0]) if test.dates else None, "days": len(test.dates),
                 "models": models},
        "history": {
            "days": len(history),
            "last": str(history.last),
            "repeats": len(repeats),
            "first_repeat": str(repeats[0]) if repeats else None,
            "outside_nyt_answers": sum(not nyt.is_answer(w) for w in history.words),
        },
        "table": {"file": TABLE_FILE, "words": len(every)},
    }  # fmt: skip
    print_report(model)
    if args.dry_run:
        return
    args.out.mkdir(parents=True, exist_ok=True)
    model["table"]["sha256"] = write_table(
        args.out / TABLE_FILE, every, zipf, p_word, model["wordfreq"]["version"]
    )
    (args.out / MODEL_FILE).write_text(json.dumps(model, indent=1) + "\n", encoding="utf-8")
    for name in (TABLE_FILE, MODEL_FILE):
        print(f"wrote {args.out / name} ({(args.out / name).stat().st_size:,} bytes)")


#: The frequency-only model this fit replaced (fitted to the original answers in 2026-11),
#: kept here to show what the new one gains on the same days.
_OLD = {
    "intercept": -9.265799347098119,
    "zipf": 3.468461671849435,
    "zipf_over_3": -2.2551507379868774,
    "ends_s": -9.339104531650218,
    "ends_us_is_os": 6.365316582712537,
    "ends_ed": -3.768822176506517,
    "ends_aiou": -1.652713413217734,
    "repeated_letter": -0.17633304092968116,
}


def _old_prior(words: Sequence[str]) -> Floats:
    names = [n for n in _OLD if n != "intercept"]
    x = feature_matrix(words, zipf_of(words), names)
    logit = _OLD["intercept"] + x @ np.array([_OLD[n] for n in names])
    out: Floats = 1.0 / (1.0 + np.exp(-logit))
    return out


if __name__ == "__main__":
    main()
