"""The bot on every bundled list: each list's sizes, the entropy strategy's mean, worst and
failures over every answer in normal and hard mode, and the time (matrix, then the tree).

Run: ``.venv/bin/python benchmarks/bench_lists.py [--lists es-5,de-5] [--strategy NAME]``.
Issue 25 asks that the bot solves every answer of every list within six guesses: a list
with failures is flagged. The matrices are built in a fresh cache folder, so the first
column is the time to build one from nothing.
"""

from __future__ import annotations

import argparse
import os
import shutil
import tempfile
import time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lists", help="comma-separated list names (default: every bundled)")
    parser.add_argument("--strategy", default="entropy")
    args = parser.parse_args()
    cache = tempfile.mkdtemp(prefix="wordlekit-bench-lists-")
    os.environ["WORDLEKIT_CACHE_DIR"] = cache
    from wordlekit.core.rules import Mode
    from wordlekit.core.words import BUNDLED, WordList
    from wordlekit.fast.matrix import PatternMatrix
    from wordlekit.fast.partition import load_numba
    from wordlekit.solve.bench import benchmark

    names = args.lists.split(",") if args.lists else list(BUNDLED)
    load_numba()
    print(f"{args.strategy} over every answer of each list (max 6 guesses)")
    head = f"{'list':<9}{'answers':>8}{'guesses':>8}{'alphabet':>10}  "
    head += f"{'mode':<7}{'mean':>7}{'max':>4}{'fail':>5}{'matrix s':>9}{'tree s':>8}"
    print(head)
    failed: list[str] = []
    try:
        for name in names:
            wl = WordList.bundled(name)
            t = time.perf_counter()
            pm = PatternMatrix.for_list(wl)
            built = time.perf_counter() - t
            for mode in (Mode.NORMAL, Mode.HARD):
                r = benchmark(pm, args.strategy, mode=mode)
                flag = "  FAILURES" if r.failures else ""
                if r.failures:
                    failed.append(f"{name} {mode}")
                print(
                    f"{name:<9}{len(wl.answers):>8,}{len(wl.guesses):>8,}"
                    f"{wl.alphabet.shown():>10}  {mode:<7}{r.mean:>7.4f}{r.max:>4}"
                    f"{r.failures:>5}{built:>9.2f}{r.seconds:>8.2f}{flag}"
                )
                built = 0.0
    finally:
        shutil.rmtree(cache, ignore_errors=True)
    print("every answer solved within six guesses" if not failed else f"failures: {failed}")


if __name__ == "__main__":
    main()
