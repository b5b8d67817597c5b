"""Fixed pieces of the whole-list shared-set run, one after the other in one solver: the
seconds and the work of each, the nanoseconds per member scanned by the partitions (what the
kernel's time follows), and a digest of the sums (to check a change leaves every figure the
same, bit for bit). The memo is touched before the first piece, as a worker's is over its
many chunks.

Run: ``taskset -c 1 .venv/bin/python benchmarks/bench_setchunks.py [--chunks 10 40 70]
[--take G] [--memory GB] [--min-memo K]``: chunk ``k`` of :func:`chunk_bounds` of the
original list (2,315 answers, 96 chunks), or its first ``G`` root guesses with ``--take``.
"""

from __future__ import annotations

import argparse
import hashlib
import time


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--chunks", type=int, nargs="+", default=[10, 40, 70])
    ap.add_argument("--take", type=int, help="only the first G root guesses of each chunk")
    ap.add_argument("--memory", type=float, default=3.0, help="the memo's GB (default 3)")
    ap.add_argument("--min-memo", type=int, default=5, help="the smallest set memoised")
    args = ap.parse_args()

    from wordlekit.analysis._setplay_jit import SCANNED
    from wordlekit.analysis.setplay import SetSolver, chunk_bounds
    from wordlekit.core.words import WordList

    tiny = WordList.from_words(["cigar", "rebut", "sissy", "humph", "awake", "blush"])
    SetSolver(tiny, memory=2**20).chunk(0, 6)  # compile / load the kernel
    t = time.perf_counter()
    ss = SetSolver(WordList.bundled(), memory=int(args.memory * 2**30), min_memo=args.min_memo)
    ss.table[:] = 0  # touched once, as a worker's memo is over its many chunks
    ss.arena[:] = 0
    print(f"solver built in {time.perf_counter() - t:.1f} s, memo {ss.memory / 2**30:.2f} GB")
    bounds = chunk_bounds(ss.n)
    digest = hashlib.sha256()
    total = 0.0
    for k in args.chunks:
        lo, hi = bounds[k]
        if args.take:
            hi = min(hi, lo + args.take)
        scanned0 = int(ss.stats[SCANNED])
        c = ss.chunk(lo, hi)
        scanned = int(ss.stats[SCANNED]) - scanned0
        digest.update(c.sums.tobytes())
        w = c.work
        total += w.seconds
        print(
            f"chunk {k:>2} ({lo}..{hi}): {w.seconds:7.2f} s  sets {w.sets:>11,}"
            f"  partitions {w.partitions:>12,}  hits {w.hits:>11,}  stored {w.stored:>11,}"
            f"  flushes {w.flushes}  memo {w.memo_bytes / 2**30:.2f} GB"
            f"  {w.seconds / max(scanned, 1) * 1e9:.1f} ns a member scanned"
        )
    print(f"total {total:.2f} s  digest {digest.hexdigest()[:16]}")


if __name__ == "__main__":
    main()
