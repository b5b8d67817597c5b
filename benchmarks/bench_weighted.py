"""The weighted exact search (the ``optimal`` strategy under the likely prior) by position size.

Run: ``.venv/bin/python benchmarks/bench_weighted.py [--limit SECONDS] [--no-baseline]``.

For each size (about 20, 50, 100 and 200 words) and each of eight first guesses, the position
the first guess leaves with the pattern whose bucket is nearest that size, under the
``likely`` model (every valid word may be the answer, weighted), normal mode, five guesses
left: the time and nodes of the weighted search's best guess (a fresh memo each), and beside
it, as the baseline measured in the same run, the unweighted search on the same words
(equally likely). A search past ``--limit`` seconds (120) is stopped by its budget and
counted as such. It prints one line per position and the median and maximum per size.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

import numpy as np

from wordlekit.budget import Budget
from wordlekit.core.feedback import format_pattern
from wordlekit.core.words import WordList
from wordlekit.errors import BudgetExceeded
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.solve.position import Position
from wordlekit.solve.solver import Solver
from wordlekit.solve.state import GameState
from wordlekit.solve.weighted import WeightedPosition, WeightedSolver, state_weights

OPENERS = ("salet", "crane", "soare", "roate", "trace", "slate", "adieu", "raise")
SIZES = (20, 50, 100, 200)


def timed(limit: float, search: Callable[[], tuple[int, int]]) -> tuple[float, int | None]:
    """(seconds, best guess), or (inf, None) when the budget stopped it."""
    t0 = time.perf_counter()
    try:
        with Budget(seconds=limit).active():
            _, g = search()
    except BudgetExceeded:
        return float("inf"), None
    return time.perf_counter() - t0, g


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=float, default=120.0)
    parser.add_argument("--no-baseline", action="store_true")
    args = parser.parse_args()
    pm = PatternMatrix.for_list(WordList.bundled().with_answers("likely"))
    pm.transposed  # noqa: B018 - built once, not timed
    root = GameState.start(pm)
    wl = pm.wordlist
    table = state_weights(root)
    tiny = GameState(pm, (), np.arange(12), weights=np.ones(12))
    WeightedPosition.from_state(WeightedSolver(pm, weights=table), tiny, 6).best()  # compiled
    for size in SIZES:
        weighted: list[float] = []
        plain: list[float] = []
        for opener in OPENERS:
            g = wl.guess_index(opener)
            counts = np.bincount(pm.data[g][root.candidates], minlength=243)
            p = int(np.argmin(np.abs(counts - size)))
            state = root.after(g, p)
            ws = WeightedSolver(pm, weights=table)
            here = WeightedPosition.from_state(ws, state, 5)
            secs, best = timed(args.limit, here.best)
            weighted.append(secs)
            line = f"{opener}:{format_pattern(p, 5, 'letters')} {state.n:>3} words: weighted "
            line += "stopped" if best is None else f"{secs:6.2f} s {ws.nodes:>7,} nodes"
            line += "" if best is None else f" ({wl.guesses[best]})"
            if not args.no_baseline:
                s = Solver(pm)
                secs, best = timed(args.limit, Position.from_state(s, state, 5).best)
                plain.append(secs)
                line += "; unweighted " + ("stopped" if best is None else f"{secs:6.2f} s")
            print(line, flush=True)
        for name, row in (("weighted", weighted), ("unweighted", plain)):
            if row:
                over = sum(r == float("inf") for r in row)
                print(
                    f"~{size} words, {name}: median {statistics.median(row):.2f} s, "
                    f"max {max(row):.2f} s, {over} over {args.limit:g} s",
                    flush=True,
                )


if __name__ == "__main__":
    main()
