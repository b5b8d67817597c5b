"""The ``likely`` answer model against the list and the uniform ``all`` model (issue 15).

Run: ``.venv/bin/python benchmarks/bench_likely.py [--skip-all]``. It prints, side by side in
one run:

(a) on the 2,315 original answers as hidden words, the ``likely`` entropy bot (every valid
    word may be the answer, weighted by the fitted prior) against the ``list`` entropy bot
    (only the answer list); target: likely mean <= list mean + 0.15, no failures;
(b) on every one of the 12,972 original valid words as the hidden word, the ``likely``
    entropy bot against the uniform ``all`` entropy bot (today's ``--pool valid``); target: no
    failures and a lower mean (``--skip-all`` leaves this part out);
(c) the wall time of the whole command ``wordle suggest crane:bbybb --answers likely``, the
    median of 5 with the matrix cache warm; target <= 0.5 s. Beside it, the same command with
    the list, for scale;
(d) the fit of the weighted expected-guesses estimate (``wordlekit.fast.partition``): on
    every node of three words or more of the likely entropy bot's decision tree, the
    probability-weighted mean number of guesses still needed against the entropy of the
    node's probabilities, by least squares (as the review's estimate was fitted on the proven
    SALET tree); the coefficients shipped are printed beside it.

Every bot chooses its own first guess. Long parts print a progress line. Caches go to a
temporary folder (``WORDLEKIT_CACHE_DIR``), so the first part also builds the 12,972 x 12,972
matrix (timed).
"""

from __future__ import annotations

import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from wordlekit.fast.matrix import PatternMatrix
    from wordlekit.solve.bench import BenchmarkResult


class Progress:
    """A progress line on stderr: games done, rate, elapsed."""

    def __init__(self, label: str, total: int) -> None:
        self.label = label
        self.total = total
        self.done = 0
        self.start = time.perf_counter()
        self.shown = 0.0

    def advance(self, n: int) -> None:
        self.done += n
        now = time.perf_counter()
        if now - self.shown > 1.0 or self.done >= self.total:
            self.shown = now
            secs = now - self.start
            sys.stderr.write(
                f"\r  {self.label}: {self.done:,}/{self.total:,} games, {secs:.0f} s   "
            )
            sys.stderr.flush()
            if self.done >= self.total:
                sys.stderr.write("\n")


def run(
    label: str, total: int, bench: Callable[[Callable[[int], None]], BenchmarkResult]
) -> BenchmarkResult:
    bar = Progress(label, total)
    result = bench(bar.advance)
    if bar.done < bar.total:
        sys.stderr.write("\n")
    return result


def row(label: str, r: BenchmarkResult) -> str:
    return (
        f"  {label:<37}{r.games:>7,}{r.mean:>9.4f}{r.max:>5}{r.failures:>6}{r.unsolved:>9}"
        f"{r.seconds:>9.1f}"
    )


def fit_estimate(pm: PatternMatrix) -> tuple[float, float, int, float, float]:
    """(c, a, nodes, mean absolute error of the fit, of the review's coefficients) of
    ``guesses still needed ~ c + a * entropy`` over the likely entropy bot's tree nodes."""
    import numpy as np

    from wordlekit.solve.bench import tree_for
    from wordlekit.solve.registry import get_strategy

    wl = pm.wordlist
    assert wl.weights is not None
    tree = tree_for(pm, get_strategy("entropy"))
    mass: dict[tuple[tuple[str, int], ...], list[float]] = {}
    for word, w in zip(wl.answers, wl.weights.tolist(), strict=True):
        path = tree.path(word, wl.length)
        for k in range(len(path)):  # the node after k turns: weight, guesses left, w log w, n
            node = mass.setdefault(tuple(path[:k]), [0.0, 0.0, 0.0, 0.0])
            node[0] += w
            node[1] += w * (len(path) - k)
            node[2] += w * math.log2(w)
            node[3] += 1
    rows = [(math.log2(m) - wl_ / m, left / m) for m, left, wl_, n in mass.values() if n >= 3]
    x = np.array([h for h, _ in rows])
    y = np.array([v for _, v in rows])
    design = np.vstack([np.ones(len(x)), x]).T
    c, a = np.linalg.lstsq(design, y, rcond=None)[0]
    review = float(np.abs(1.457 + 0.185 * x - y).mean())
    return float(c), float(a), len(rows), float(np.abs(design @ [c, a] - y).mean()), review


HEADER = f"  {'bot':<37}{'games':>7}{'mean':>9}{'max':>5}{'fail':>6}{'unsolved':>9}{'secs':>9}"


def main() -> None:
    skip_all = "--skip-all" in sys.argv[1:]
    cache = os.environ.setdefault("WORDLEKIT_CACHE_DIR", tempfile.mkdtemp(prefix="wordlekit-"))
    from wordlekit.core.words import WordList
    from wordlekit.fast.matrix import PatternMatrix
    from wordlekit.fast.partition import load_numba
    from wordlekit.solve.bench import benchmark

    load_numba()
    original = WordList.bundled("original")
    likely = original.with_answers("likely")
    uniform = original.with_answers("all")
    pm_list = PatternMatrix.for_list(original)
    t = time.perf_counter()
    pm_likely = PatternMatrix.for_list(likely)
    mb = pm_likely.data.nbytes / 1e6
    print(
        f"{len(likely.answers):,} x {len(likely.guesses):,} pattern matrix: "
        f"{time.perf_counter() - t:.2f} s ({pm_likely.source}; {mb:.0f} MB)"
    )
    pm_all = PatternMatrix.for_list(uniform)  # the same words: read from the same cache file

    print("\n(a) the 2,315 original answers as hidden words, entropy bots")
    print(HEADER)
    n = len(original.answers)
    a_list = run("list", n, lambda p: benchmark(pm_list, "entropy", progress=p))
    a_likely = run(
        "likely",
        n,
        lambda p: benchmark(pm_likely, "entropy", progress=p, hidden=original.answers),
    )
    print(row("list (answers of the list)", a_list))
    print(row("likely (every valid word, weighted)", a_likely))
    gap = a_likely.mean - a_list.mean
    ok = gap <= 0.15 and a_likely.failures == 0 and a_likely.unsolved == 0
    print(
        f"  likely - list = {gap:+.4f} guesses a game (target <= +0.15, no failures): "
        f"{'met' if ok else 'MISSED'}"
    )

    if not skip_all:
        print(f"\n(b) every one of the {len(original.guesses):,} valid words as the hidden word")
        print(HEADER)
        total = len(uniform.answers)
        b_all = run("all", total, lambda p: benchmark(pm_all, "entropy", progress=p))
        b_likely = run("likely", total, lambda p: benchmark(pm_likely, "entropy", progress=p))
        print(row("all (every valid word, equally)", b_all))
        print(row("likely (every valid word, weighted)", b_likely))
        ok = b_likely.mean < b_all.mean and b_likely.failures == 0 and b_likely.unsolved == 0
        print(
            f"  likely - all = {b_likely.mean - b_all.mean:+.4f} guesses a game "
            f"(target < 0, no failures): {'met' if ok else 'MISSED'}"
        )

    print("\n(c) the whole command, median of 5 (matrix cache warm)")
    wordle = shutil.which("wordle") or os.path.join(os.path.dirname(sys.executable), "wordle")
    env = {**os.environ, "WORDLEKIT_CACHE_DIR": cache}
    for args, target in (
        (["suggest", "crane:bbybb", "--answers", "likely"], " (target <= 0.5 s)"),
        (["suggest", "crane:bbybb"], " (the list, for scale)"),
    ):
        subprocess.run([wordle, *args], check=True, capture_output=True, env=env)  # warm
        walls = []
        for _ in range(5):
            t = time.perf_counter()
            subprocess.run([wordle, *args], check=True, capture_output=True, env=env)
            walls.append(time.perf_counter() - t)
        print(
            f"  wordle {' '.join(args)}: {statistics.median(walls):.3f} s "
            f"(min {min(walls):.3f}){target}"
        )

    from wordlekit.fast.partition import EST_A_WEIGHTED, EST_C_WEIGHTED

    print("\n(d) the weighted expected-guesses estimate, refitted on the likely bot's tree")
    c, a, nodes, err, review_err = fit_estimate(pm_likely)
    print(
        f"  {nodes:,} nodes of 3 words or more: finish ~ {c:.3f} + {a:.3f} x entropy (bits), "
        f"mean absolute error {err:.3f} (the review's 1.457 + 0.185 x: {review_err:.3f}); "
        f"shipped: {EST_C_WEIGHTED} + {EST_A_WEIGHTED} x"
    )


if __name__ == "__main__":
    main()
