"""Strategy speed: the benchmark of every strategy over all 2,315 answers, and suggestion latency.

Run: ``.venv/bin/python benchmarks/bench_strategies.py``. Targets (issue 3): entropy from SALET
over every answer in at most 2 s once the kernels are compiled; ``wordle suggest`` after one
turn in at most 0.3 s. The baseline is the same bot played one game at a time (no tree),
measured on a sample in this run and scaled to 2,315 games.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def main() -> None:
    cache = tempfile.mkdtemp(prefix="wordlekit-bench-")
    os.environ["WORDLEKIT_CACHE_DIR"] = cache
    from wordlekit.core.feedback import Turn
    from wordlekit.core.rules import Mode
    from wordlekit.core.words import WordList
    from wordlekit.fast.matrix import PatternMatrix
    from wordlekit.fast.partition import load_numba
    from wordlekit.solve.bench import benchmark
    from wordlekit.solve.bot import play
    from wordlekit.solve.registry import get_strategy, strategy_names
    from wordlekit.solve.state import GameState

    wl = WordList.bundled()
    pm = PatternMatrix.for_list(wl)
    load_numba()
    benchmark(pm, "entropy", start="salet")  # compile and warm every kernel
    print(f"Benchmark over {len(wl.answers):,} answers, {len(wl.guesses):,} guesses, start SALET")
    print(f"{'strategy':<18}{'mode':<16}{'mean':>8}{'max':>5}{'fail':>6}{'median s':>10}")
    for mode in (Mode.NORMAL, Mode.HARD):
        for name in strategy_names():
            runs = [benchmark(pm, name, start="salet", mode=mode) for _ in range(3)]
            secs = statistics.median(r.seconds for r in runs)
            r = runs[0]
            flag = "  (target 2 s)" if name == "entropy" and mode is Mode.NORMAL else ""
            print(f"{name:<18}{mode:<16}{r.mean:>8.4f}{r.max:>5}{r.failures:>6}{secs:>10.3f}{flag}")

    sample = wl.answers[::23]
    t = time.perf_counter()
    for a in sample:
        play(pm, a, get_strategy("entropy"), start="salet")
    per_game = (time.perf_counter() - t) / len(sample)
    tree = statistics.median(benchmark(pm, "entropy", start="salet").seconds for _ in range(3))
    print(
        f"\nBaseline, entropy one game at a time: {per_game * 1000:.1f} ms/game, "
        f"{per_game * len(wl.answers):.1f} s for all answers; the tree takes {tree:.2f} s "
        f"({per_game * len(wl.answers) / tree:.0f}x faster)"
    )

    state = GameState.from_turns(pm, [Turn.parse("crane:bbygb")])
    times = []
    for _ in range(15):
        t = time.perf_counter()
        get_strategy("entropy").rank(GameState.from_turns(pm, [Turn.parse("crane:bbygb")]), 10)
        times.append(time.perf_counter() - t)
    print(
        f"\nsuggest after one turn ({state.n} candidates), in process: "
        f"{statistics.median(times) * 1000:.1f} ms median"
    )
    wordle = shutil.which("wordle") or os.path.join(os.path.dirname(sys.executable), "wordle")
    subprocess.run([wordle, "suggest"], check=True, capture_output=True)  # fill caches
    walls = []
    for _ in range(7):
        t = time.perf_counter()
        subprocess.run([wordle, "suggest", "crane:bbygb"], check=True, capture_output=True)
        walls.append(time.perf_counter() - t)
    wall = statistics.median(walls)
    print(f"`wordle suggest crane:bbygb`, whole command: {wall:.3f} s median (target 0.3 s)")
    walls = []
    for _ in range(7):
        t = time.perf_counter()
        subprocess.run([wordle, "suggest"], check=True, capture_output=True)
        walls.append(time.perf_counter() - t)
    print(f"`wordle suggest` (first turn, cached), whole command: {statistics.median(walls):.3f} s")
    shutil.rmtree(cache, ignore_errors=True)


if __name__ == "__main__":
    main()
