"""rank-openers on Dask: words per second for each method, scaling from 1 to 2 workers, and the
funnel (all first guesses by one-step entropy → best 200 by the full entropy benchmark → exact
optimal values of the best 10), each stage timed.

Run: ``.venv/bin/python benchmarks/bench_openers.py [--skip-funnel]``. Every run uses a fresh
temporary database, so nothing is read from earlier runs. Target (issue 8): scaling from 1 to
2 workers at least 1.8x.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path


def timed(fn):  # type: ignore[no-untyped-def]
    t = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t


def main() -> None:
    from wordlekit.analysis.openers import Method, RankProgress, RankStore, rank_openers
    from wordlekit.core.words import WordList

    wl = WordList.bundled()
    tmp = Path(tempfile.mkdtemp(prefix="wordlekit-openers-"))
    n = [0]

    def store() -> RankStore:
        n[0] += 1
        return RankStore(tmp / f"run{n[0]}.sqlite3")

    # Warm the caches (matrix, numba) in a throwaway run so neither side of the scaling
    # comparison pays for them.
    rank_openers(wl, Method.parse("entropy"), list(wl.guesses[:50]), store(), workers=2)

    print("words per second (cluster start-up included):")
    cases = [
        ("entropy", list(wl.guesses)),
        ("minimax", list(wl.guesses)),
        ("entropy-bench", list(wl.answers[:40])),
        ("optimal", ["salet", "crane", "trace", "slate"]),
    ]
    for name, words in cases:
        for workers in (1, 2):
            _, secs = timed(
                lambda name=name, words=words, workers=workers: rank_openers(
                    wl, Method.parse(name), words, store(), workers=workers
                )
            )
            print(
                f"  {name:<14} {len(words):>6} words, {workers} worker(s): {secs:7.2f} s = "
                f"{len(words) / secs:8.1f} words/s"
            )

    print("\nscaling, entropy-bench over 60 first guesses (compute-bound batches):")
    words = list(wl.answers[100:160])
    compute: dict[int, float] = {}
    wall: dict[int, float] = {}
    for workers in (1, 2):

        def note(p: RankProgress, workers: int = workers) -> None:
            compute[workers] = p.seconds  # seconds since the cluster was up

        _, wall[workers] = timed(
            lambda workers=workers, note=note: rank_openers(
                wl, Method.parse("entropy-bench"), words, store(), workers=workers, progress=note
            )
        )
    print(
        f"  computing: 1 worker {compute[1]:.2f} s, 2 workers {compute[2]:.2f} s: "
        f"{compute[1] / compute[2]:.2f}x (target 1.8x)"
    )
    print(f"  with cluster start-up: {wall[1]:.2f} s and {wall[2]:.2f} s: {wall[1] / wall[2]:.2f}x")

    if "--skip-funnel" in sys.argv:
        return
    print("\nfunnel:")
    stage1, t1 = timed(
        lambda: rank_openers(wl, Method.parse("entropy"), list(wl.guesses), store()).results
    )
    best200 = [r.word for r in stage1[:200]]
    print(
        f"  1. all {len(stage1):,} first guesses by one-step entropy: {t1:.1f} s "
        f"(best {stage1[0].word.upper()} {stage1[0].value:.4f} bits)"
    )
    stage2, t2 = timed(
        lambda: rank_openers(wl, Method.parse("entropy-bench"), best200, store()).results
    )
    best10 = [r.word for r in stage2[:10]]
    print(
        f"  2. the best 200 by the full entropy benchmark: {t2:.1f} s (best "
        f"{stage2[0].word.upper()} total {stage2[0].value:.0f})"
    )
    optimal = Method.parse("optimal")
    stage3, t3 = timed(lambda: rank_openers(wl, optimal, best10, store(), exact_all=True).results)
    print(f"  3. exact optimal values of the best 10 (--exact-all): {t3:.1f} s")
    for r in stage3:
        assert r.value is not None
        print(f"     {r.word.upper()} {r.value:.0f} ({r.value / len(wl.answers):.4f})")
    cut, t3b = timed(lambda: rank_openers(wl, optimal, best10, store()))
    proven = sum(1 for r in cut.results if not r.exact)
    print(
        f"  3b. the same with the best-so-far cut-off: {t3b:.1f} s (best "
        f"{cut.results[0].word.upper()} {cut.results[0].value:.0f}; {proven} of 10 only proven "
        f"worse; {cut.totals.core_seconds:.1f} core-seconds against "
        f"{sum(r.seconds for r in stage3):.1f})"
    )
    print(f"  funnel total: {t1 + t2 + t3:.1f} s (with the cut-off: {t1 + t2 + t3b:.1f} s)")


if __name__ == "__main__":
    main()
