"""How long the ``wordle`` command takes to start: whole-process wall times of a few commands
beside the floor of what they import (Python alone, numpy, numba), and what the search itself
reported, so that start-up is what is left.

Run: ``.venv/bin/python benchmarks/bench_cli_startup.py [--runs 5]``. Each command runs
``--runs`` times after one warm-up run (numba's cache and the pattern matrix's cache filled);
figures are medians. Target (issue 27): a proven-infeasible hard opener (AARGH on the ``nyt``
lists) under 1 s whole process, start-up under 0.5 s.

Then where the start-up of ``wordle optimal --start aargh --hard -l nyt`` goes: the same steps
in a fresh process (numpy, numba, the command's modules, the word lists, the matrix from its
cache, its transpose, the solver with its compiled kernels loaded from numba's cache, the
search), each step's median milliseconds over the runs.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
WORDLE = str(BIN / "wordle")

CASES: list[tuple[str, list[str]]] = [
    ("python -c pass", [sys.executable, "-c", "pass"]),
    ("import numpy", [sys.executable, "-c", "import numpy"]),
    ("import numba", [sys.executable, "-c", "import numba"]),
    ("wordle --version", [WORDLE, "--version"]),
    ("wordle score crane cigar", [WORDLE, "score", "crane", "cigar"]),
    (
        "wordle optimal --start aargh --hard -l nyt",
        [WORDLE, "optimal", "--start", "aargh", "--hard", "-l", "nyt", "--json"],
    ),
    (
        "wordle optimal --start salet -l nyt",
        [WORDLE, "optimal", "--start", "salet", "-l", "nyt", "--json"],
    ),
    ("wordle suggest --hard crane:bybbb", [WORDLE, "suggest", "--hard", "crane:bybbb"]),
]

#: The steps of ``wordle optimal --start aargh --hard -l nyt``, timed in a fresh process.
PHASES = """
import json, time
marks = [("start", time.perf_counter())]
def mark(name):
    marks.append((name, time.perf_counter()))
import numpy; mark("import numpy")
import numba; mark("import numba")
import wordlekit.cli.app, wordlekit.cli.solver; mark("the command's modules")
import wordlekit.services.solver; mark("the solver's modules")
from wordlekit.core.rules import Mode
from wordlekit.core.words import WordList
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.solve.objectives import Objective
from wordlekit.solve.optimal import make_solver, solve_opening
wl = WordList.bundled("nyt"); mark("the word lists")
pm = PatternMatrix.for_list(wl); mark("the matrix (cache)")
pm.transposed; mark("its transpose")
solver = make_solver(pm, Mode.HARD, Objective.parse(None), 6, 0, 2_000_000)
mark("the solver (kernels loaded)")
result = solve_opening(pm, "aargh", mode=Mode.HARD, solver=solver); mark("the search")
print(json.dumps([(b[0], b[1] - a[1]) for a, b in zip(marks, marks[1:])]))
"""


def phases(runs: int) -> None:
    env = {**os.environ, "NUMBA_NUM_THREADS": "1"}
    seen: dict[str, list[float]] = {}
    for i in range(runs + 1):
        done = subprocess.run(
            [sys.executable, "-c", PHASES], capture_output=True, text=True, env=env, check=True
        )
        if i == 0:
            continue  # the warm-up
        for name, seconds in json.loads(done.stdout):
            seen.setdefault(name, []).append(seconds)
    print()
    print(f"{'wordle optimal --start aargh --hard -l nyt, step by step':<46} {'ms':>8}")
    total = 0.0
    for name, values in seen.items():
        ms = 1000 * statistics.median(values)
        total += ms
        print(f"  {name:<44} {ms:8.1f}")
    search = 1000 * statistics.median(seen["the search"])
    print(f"  {'start-up (all but the search)':<44} {total - search:8.1f}")


def once(argv: list[str]) -> tuple[float, float | None]:
    """(wall seconds, the search's own seconds from --json when the command reports them)."""
    env = {**os.environ, "NUMBA_NUM_THREADS": "1"}
    t0 = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True, env=env, check=False)
    wall = time.perf_counter() - t0
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)}: exit {done.returncode}: {done.stderr.strip()}")
    search = None
    if "--json" in argv:
        search = float(json.loads(done.stdout)["result"]["seconds"])
    return wall, search


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    print(f"{'command':<46} {'wall s':>8} {'search s':>9} {'start-up s':>11}")
    for label, argv in CASES:
        once(argv)  # warm: numba's cache, the matrix's cache, the OS's file cache
        runs = [once(argv) for _ in range(args.runs)]
        wall = statistics.median(r[0] for r in runs)
        searches = [r[1] for r in runs if r[1] is not None]
        if searches:
            search = statistics.median(searches)
            print(f"{label:<46} {wall:8.2f} {search:9.2f} {wall - search:11.2f}")
        else:
            print(f"{label:<46} {wall:8.2f} {'':>9} {wall:11.2f}")
    phases(args.runs)


if __name__ == "__main__":
    main()
