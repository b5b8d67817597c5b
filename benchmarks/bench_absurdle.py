"""Absurdle proofs on the original lists (2,315 answers held by the host, 12,972 guesses).

Run: ``.venv/bin/python benchmarks/bench_absurdle.py [--threads N] [--skip-all] [--hard-all]``

Prints, for normal and hard mode:

- the time to prove that 3 guesses cannot win from the start (median of 3 runs, after the
  kernels are compiled, so the figure is the search, not numba);
- the time to find the minimum (4) with a winning line (median of 3);
- the time to find **every** first guess that wins in 4, how many there are, and the
  search's thread count (one run: it is the long one). ``--skip-all`` leaves it out;
  ``--hard-all`` runs it in hard mode too.

The machine is shared and noisy: read the figures as orders of magnitude.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable

from wordlekit.core.absurdle import AbsurdleGame
from wordlekit.solve.absurdle import FirstGuesses, Search, tables_for


def median_of_3(fn: Callable[[], object]) -> tuple[float, object]:
    times, last = [], None
    for _ in range(3):
        t = time.perf_counter()
        last = fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times), last


def three_impossible(hard: bool) -> bool:
    search = Search(AbsurdleGame.new(hard=hard))
    return search.wins(search.root, 3) is None


def minimum(hard: bool) -> int | None:
    return Search(AbsurdleGame.new(hard=hard)).minimum().minimum


def every_win(hard: bool, threads: int) -> FirstGuesses:
    search = Search(AbsurdleGame.new(hard=hard))
    last = [0.0]

    def progress(done: int, total: int, found: int) -> None:
        now = time.perf_counter()
        if now - last[0] > 30 or done == total:
            last[0] = now
            print(f"    … {done:,}/{total:,} first guesses, {found:,} win", file=sys.stderr)

    return search.first_guesses(4, threads=threads, progress=progress)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--skip-all", action="store_true", help="skip the all-wins scan")
    ap.add_argument("--hard-all", action="store_true", help="the all-wins scan in hard mode too")
    args = ap.parse_args()
    t = time.perf_counter()
    tables_for(AbsurdleGame.new().wordlist)
    three_impossible(False)
    three_impossible(True)
    print(f"warm-up (matrix, tables, numba compile or cache load): {time.perf_counter() - t:.2f} s")
    for hard in (False, True):
        mode = "hard" if hard else "normal"
        s, ok = median_of_3(lambda hard=hard: three_impossible(hard))
        ms = s * 1000
        print(f"[{mode}] 3 guesses cannot win from the start: {ok}  ({ms:.1f} ms, median of 3)")
        s, m = median_of_3(lambda hard=hard: minimum(hard))
        print(f"[{mode}] minimum from the start: {m}  ({s:.2f} s with a winning line, median of 3)")
    if args.skip_all:
        return
    for hard in (False, True) if args.hard_all else (False,):
        mode = "hard" if hard else "normal"
        r = every_win(hard, args.threads)
        print(
            f"[{mode}] first guesses winning in 4: {len(r.wins):,} of {r.total:,} "
            f"(complete: {r.complete}) in {r.seconds:.1f} s on {r.threads} thread(s)"
        )
        print(f"[{mode}] the first ten: " + ", ".join(w.guesses[0].upper() for w in r.wins[:10]))
        path = f"absurdle-wins-{mode}.txt"
        with open(path, "w", encoding="utf-8") as f:
            for w in r.wins:
                f.write(w.text() + "\n")
        print(f"[{mode}] every winning line written to {path}")


if __name__ == "__main__":
    main()
