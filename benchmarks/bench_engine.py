"""Engine speed: pattern-matrix compile/build/load and filtering, against the issue's targets.

Run: ``.venv/bin/python benchmarks/bench_engine.py`` (or ``make bench``). Figures are medians
of repeated runs in this process; the machine is noisy, so read medians, not single runs.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable

REPEATS = 7


def median_seconds(fn: Callable[[], object], repeats: int = REPEATS) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def first_call_in_fresh_process(numba_cache: str | None) -> float:
    """Seconds for the first matrix build in a new interpreter (compile or numba-cache load)."""
    code = (
        "import time; from wordlekit.core.words import WordList; from wordlekit.fast.matrix import "
        "PatternMatrix; wl = WordList.bundled(); t = time.perf_counter(); "
        "PatternMatrix.build(wl); print(time.perf_counter() - t)"
    )
    env = dict(os.environ)
    if numba_cache is not None:
        env["NUMBA_CACHE_DIR"] = numba_cache
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, check=True, capture_output=True, text=True
    )
    return float(out.stdout.strip())


def row(name: str, seconds: float, target: float | None) -> None:
    ms = seconds * 1000
    if target is None:
        print(f"  {name:<52} {ms:9.1f} ms")
    else:
        verdict = "ok" if seconds <= target else "MISSED"
        print(
            f"  {name:<52} {ms:9.1f} ms   target {target * 1000:7.1f} ms   "
            f"{seconds / target:5.2f}x of target  {verdict}"
        )


def main() -> None:
    cache = tempfile.mkdtemp(prefix="wordlekit-bench-")
    os.environ["WORDLEKIT_CACHE_DIR"] = cache

    from wordlekit.core.codes import consistent_mask, encode
    from wordlekit.core.feedback import Turn, score
    from wordlekit.core.knowledge import Knowledge
    from wordlekit.core.words import WordList
    from wordlekit.fast.matrix import PatternMatrix, cache_path

    wl = WordList.bundled("original")
    print(f"wordlekit engine benchmark: {len(wl.guesses):,} guesses x {len(wl.answers):,} answers")
    print(f"  cores: {os.cpu_count()}, numba threads: {__import__('numba').get_num_threads()}")
    print()
    print("Kernel compile (first build in a fresh process):")
    with tempfile.TemporaryDirectory() as empty_numba_cache:
        cold = first_call_in_fresh_process(empty_numba_cache)
    warm = first_call_in_fresh_process(None)
    row("compile from scratch + first build", cold, None)
    row("numba on-disk cache load + first build", warm, None)

    PatternMatrix.build(wl)  # compile in this process
    print("\nPattern matrix:")
    build = median_seconds(lambda: PatternMatrix.build(wl))
    row("build (parallel kernel, after compile)", build, 1.0)
    pm = PatternMatrix.for_list(wl)
    assert cache_path(wl).exists()
    load = median_seconds(lambda: PatternMatrix.for_list(wl), repeats=15)
    assert PatternMatrix.for_list(wl).source == "cache"
    row("cached load (read + CRC-32 check)", load, 0.050)
    size = cache_path(wl).stat().st_size
    print(f"  cache file: {size / 1e6:.1f} MB at {cache_path(wl)}")

    print("\nFiltering all 12,972 valid words by a 3-turn history:")
    answer = "cigar"
    turns = [Turn(g, score(g, answer)) for g in ("raise", "cloth", "cigar")]
    Knowledge(turns, wl, "valid")  # warm up
    filt = median_seconds(lambda: Knowledge(turns, wl, "valid").candidates, repeats=21)
    row("Knowledge(turns, pool=valid).candidates (checks incl.)", filt, 0.005)
    codes = encode(wl.guesses)
    gcodes = encode([t.guess for t in turns])
    import numpy as np

    pats = np.array([t.pattern for t in turns], dtype=np.int64)
    raw = median_seconds(lambda: consistent_mask(codes, gcodes, pats), repeats=21)
    row("codes.consistent_mask only (numpy: the core loads no numba)", raw, 0.005)
    reference = median_seconds(
        lambda: [w for w in wl.guesses if all(score(t.guess, w) == t.pattern for t in turns)],
        repeats=3,
    )
    row("pure-Python reference filter (baseline)", reference, None)
    print(f"  speed-up of the vectorised filter over the reference: {reference / raw:,.0f}x")
    del pm
    shutil.rmtree(cache, ignore_errors=True)


if __name__ == "__main__":
    main()
