"""Random consistent play: the per-word recursion against the shared-set one, side by side.

Run: ``.venv/bin/python benchmarks/bench_randomplay.py [--sample N] [--seed S] [--full]
[--workers W]``.

1. CIGAR on the per-word path, one core, median of three after a warm-up (target <= 2 s).
2. A list of ``N`` words (default 200, ``random.Random(S).sample`` of the original answers):
   every word of it hidden, by both paths on one core, each in a process of its own: seconds,
   sets solved, partitions computed (per-word: one class per guess of a set solved; shared:
   one partition of a set per guess), peak memory (the process's maximum resident set) and
   the ratios; the figures must agree (E to 1e-9, worst and P(>6) to 1e-12). (A sample of
   hidden words on the whole list is no test of the shared path: nearly every large set holds
   one of them, so it solves nearly all the sets of the whole run.)
3. ``--full``: every hidden word by the shared-set run on ``W`` workers (default: cores):
   wall seconds, the chunks' work, the peak memory of the largest worker, the list-wide mean,
   worst and P(>6), against the per-word run's 159 core-minutes measured before (issue 28:
   target <= 10 minutes wall on 2 cores, peak memory <= 8 GB).
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import random
import resource
import statistics
import sys
import tempfile
import time
from typing import Any

#: The per-word run of every hidden word of the original list, measured (docs/benchmarks.md).
PER_WORD_FULL_CORE_MINUTES = 159


def _per_word(words: list[str], out: Any) -> None:
    from wordlekit.analysis import _random_jit as jit
    from wordlekit.analysis.randomplay import Solver
    from wordlekit.core.words import WordList

    solver = Solver(WordList.from_words(words, name="sample"))
    solver.solve(words[0])  # compile / load the kernel
    t = time.perf_counter()
    sets = partitions = 0
    figures = {}
    for w in words:
        r = solver.solve(w)
        sets += int(solver.stats[jit.COMPUTED])
        partitions += int(solver.stats[jit.PARTITIONS])
        figures[w] = (r.expected, r.worst, r.p_over_6)
    seconds = time.perf_counter() - t
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    out.put((seconds, sets, partitions, rss, figures))


def _shared(words: list[str], out: Any) -> None:
    from wordlekit.analysis.setplay import SetSolver, chunk_bounds, combine
    from wordlekit.core.words import WordList

    wl = WordList.from_words(words, name="sample")
    SetSolver(WordList.from_words(["cigar", "rebut", "sissy", "humph"]), memory=2**20).chunk(0, 4)
    t = time.perf_counter()
    ss = SetSolver(wl)
    chunks = [ss.chunk(lo, hi) for lo, hi in chunk_bounds(ss.n)]
    names = tuple(wl.answers[i] for i in ss.targets)
    f = combine(names, ss.n, chunks)
    seconds = time.perf_counter() - t
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    figures = {w: (f.expected[i], int(f.worst[i]), f.p_over_6[i]) for i, w in enumerate(names)}
    w = ss.work
    out.put((seconds, w.sets, w.partitions, rss, figures, w.memo_bytes, w.flushes))


def _in_process(target: Any, words: list[str]) -> tuple[Any, ...]:
    ctx = mp.get_context("spawn")
    q = ctx.Queue()
    p = ctx.Process(target=target, args=(words, q))
    p.start()
    r = q.get()
    p.join()
    return tuple(r)


def cigar() -> None:
    from wordlekit.analysis.randomplay import Solver
    from wordlekit.core.words import WordList

    solver = Solver(WordList.bundled())
    solver.solve("cigar")
    secs = statistics.median(solver.solve("cigar").seconds for _ in range(3))
    flag = "ok" if secs <= 2 else "over 2 s"
    print(f"per-word path, CIGAR on one core: {secs:.2f} s (target <= 2 s) {flag}")


def sample(n: int, seed: int) -> None:
    from wordlekit.core.words import WordList

    words = sorted(random.Random(seed).sample(WordList.bundled().answers, n))
    print(
        f"\na list of {n} answers of the original list (seed {seed}), every word hidden, one core:"
    )
    old = _in_process(_per_word, words)
    new = _in_process(_shared, words)
    print(f"{'':<10}{'seconds':>10}{'sets':>16}{'partitions':>16}{'peak RSS':>12}")
    for name, r in (("per-word", old), ("shared", new)):
        print(f"{name:<10}{r[0]:>10.1f}{r[1]:>16,}{r[2]:>16,}{r[3] / 2**30:>10.2f} GB")
    print(
        f"{'ratio':<10}{old[0] / new[0]:>9.2f}x{old[1] / max(new[1], 1):>15.2f}x"
        f"{old[2] / max(new[2], 1):>15.2f}x{new[3] / old[3]:>11.2f}x"
    )
    print(f"shared memo: {new[5] / 2**30:.2f} GB at most, {new[6]} flushes")
    a, b = old[4], new[4]
    de = max(abs(a[w][0] - b[w][0]) for w in words)
    same = all(a[w][1] == b[w][1] and abs(a[w][2] - b[w][2]) <= 1e-12 for w in words)
    print(f"max |E old - E new| = {de:.2e}; worst and P(>6) agree: {same}")
    if de > 1e-9 or not same:
        sys.exit(1)


def full(workers: int | None) -> None:
    from wordlekit.analysis.randomplay import ResultStore, run_all
    from wordlekit.core.words import WordList

    wl = WordList.bundled()
    cores = workers or os.cpu_count() or 1
    with tempfile.TemporaryDirectory() as d:
        store = ResultStore(os.path.join(d, "bench.sqlite3"))
        t = time.perf_counter()
        res = run_all(wl, store, workers=cores)
        wall = time.perf_counter() - t
        store.close()
    rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024
    rows = list(res.values())
    mean = statistics.fmean(r.expected for r in rows)
    worst = max(r.worst for r in rows)
    p6 = statistics.fmean(r.p_over_6 for r in rows)
    print(f"\nevery hidden word of the original list, shared sets on {cores} workers:")
    print(
        f"  wall {wall / 60:.1f} min (target <= 10), largest worker's peak RSS {rss / 2**30:.2f} GB"
    )
    print(f"  mean {mean:.4f}, worst {worst}, P(>6) {p6:.5f} (per-word run: 4.0843, 16)")
    old_wall = PER_WORD_FULL_CORE_MINUTES / cores
    print(
        f"  per-word run: {PER_WORD_FULL_CORE_MINUTES} core-minutes, {old_wall:.0f} min on "
        f"{cores} cores"
        f" -> {old_wall * 60 / wall:.2f}x"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sample", type=int, default=200, help="words of the sample list")
    ap.add_argument("--seed", type=int, default=28)
    ap.add_argument("--full", action="store_true", help="also every hidden word, once")
    ap.add_argument("--workers", type=int, help="workers of --full (default: cores)")
    args = ap.parse_args()
    cigar()
    if args.sample:
        sample(args.sample, args.seed)
    if args.full:
        full(args.workers)


if __name__ == "__main__":
    main()
