"""Exact optimal solver: time, nodes, memo hit rate and peak memory for several openers.

Run: ``.venv/bin/python benchmarks/bench_optimal.py``. Each solve runs in a fresh process (so
its peak memory is its own) after a warm-up that compiles the kernels; the figures are
medians of three runs. Targets (issue 4): SALET normal proven in at most 3 s, hard in at most
8 s, memory at most 2 GiB.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys

RUN = r"""
import json, resource, sys, time
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.solve.optimal import solve_opening
from wordlekit.core.words import WordList
pm = PatternMatrix.for_list(WordList.bundled())
pm.guess_letter_counts
start, hard = sys.argv[1], sys.argv[2] == "hard"
t = time.perf_counter()
r = solve_opening(pm, start, hard=hard)
wall = time.perf_counter() - t
d = r.to_dict()
d["wall"] = wall
d["peak_mib"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps(d))
"""

CASES = [
    ("salet", "normal", 3.0),
    ("salet", "hard", 8.0),
    ("crane", "normal", None),
    ("trace", "normal", None),
    ("adieu", "normal", None),
    ("crane", "hard", None),
]


def run(start: str, mode: str) -> dict[str, float]:
    out = subprocess.run(
        [sys.executable, "-c", RUN, start, mode], check=True, capture_output=True, text=True
    )
    return json.loads(out.stdout)  # type: ignore[no-any-return]


def main() -> None:
    run("salet", "normal")  # compile (numba caches to disk) and fill the matrix cache
    print(f"cores: {os.cpu_count()}; each row: median of 3 fresh processes")
    header = (
        f"{'opener':<7}{'mode':<8}{'total':>7}{'mean':>8}{'max':>4}{'proven':>8}"
        f"{'seconds':>9}{'nodes':>9}{'hit rate':>10}{'peak MiB':>10}  target"
    )
    print(header)
    for start, mode, target in CASES:
        runs = [run(start, mode) for _ in range(3)]
        secs = statistics.median(r["wall"] for r in runs)
        peak = statistics.median(r["peak_mib"] for r in runs)
        r = runs[0]
        verdict = ""
        if target is not None:
            verdict = (
                f"{target:.0f} s: {'ok' if secs <= target else 'MISSED'} ({secs / target:.2f}x)"
            )
        print(
            f"{start:<7}{mode:<8}{r['total']:>7}{r['mean']:>8.4f}{r['max']:>4}"
            f"{r['proven']!s:>8}{secs:>9.2f}{r['nodes']:>9,}{r['memo_hit_rate']:>10.1%}"
            f"{peak:>10.0f}  {verdict}"
        )


if __name__ == "__main__":
    main()
