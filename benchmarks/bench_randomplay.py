"""Random consistent play: seconds per hidden word, and the projected whole-list time.

Run: ``.venv/bin/python benchmarks/bench_randomplay.py [WORD ...]``. Each word is solved three
times (median) on one core after a warm-up; the projection for every hidden word of the
original list is the mean over a fixed sample of 24 words times 2,315, divided by the cores.
Targets (issue 6): at most 5 s for one word; the whole list in at most 30 minutes here.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time


def main() -> None:
    from wordlekit.analysis.randomplay import Solver
    from wordlekit.core.words import WordList

    wl = WordList.bundled()
    solver = Solver(wl)
    solver.solve("cigar")  # compile / load the kernel
    words = sys.argv[1:] or ["cigar", "sissy", "hater", "focus"]
    print(f"{'word':<8}{'expected':>10}{'worst':>7}{'P(>6)':>10}{'sets':>11}{'median s':>10}")
    for w in words:
        runs = [solver.solve(w) for _ in range(3)]
        r = runs[0]
        secs = statistics.median(x.seconds for x in runs)
        flag = "ok" if secs <= 5 else "over 5 s"
        print(
            f"{w:<8}{r.expected:>10.4f}{r.worst:>7}{r.p_over_6:>10.5f}{r.sets:>11,}{secs:>10.2f}"
            f"  {flag}"
        )
    sample = random.Random(2315).sample(wl.answers, 24)
    t = time.perf_counter()
    per = [solver.solve(w).seconds for w in sample]
    wall = time.perf_counter() - t
    cores = os.cpu_count() or 1
    mean = statistics.fmean(per)
    projected = mean * len(wl.answers) / cores / 60
    print(
        f"\nsample of 24 words: mean {mean:.2f} s, median {statistics.median(per):.2f} s, "
        f"max {max(per):.2f} s (wall {wall:.1f} s)"
    )
    print(
        f"projected for all {len(wl.answers)} words on {cores} cores: {projected:.0f} minutes "
        "(target 30)"
    )


if __name__ == "__main__":
    main()
