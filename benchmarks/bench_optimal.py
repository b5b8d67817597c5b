"""Exact optimal solver: time, nodes and peak memory, this checkout against an older one.

Run: ``.venv/bin/python benchmarks/bench_optimal.py [--before COMMIT] [--runs 3]``.

Every case runs in a fresh process (so its peak memory is its own) that first warms the
kernels up on a small position, then times one ``solve_opening``; figures are medians of
``--runs`` processes. With ``--before COMMIT`` the same cases run on that commit too (checked
out with ``git worktree`` into a temporary folder and imported from there), side by side in
one run. A run longer than ``--timeout`` seconds is stopped and shown as "> T".

Targets (issue 14, the ``nyt`` lists, 2 cores): infeasible hard openers (AARGH, ABAHT, ABEAR)
at most 1 s each (158 s for AARGH before); SALET normal at most 1.2 s; METHI normal at most
15 s (21.7 s before); SALET and LEAST hard at most 3 s each. For reference, the independent
C++ solver the issue quotes (not available offline here): 0.01 s for AARGH, 1.2 s for SALET
on one core, 48 s for METHI.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

RUN = r"""
import inspect, json, resource, sys, time
from wordlekit.core.feedback import Turn, score
from wordlekit.core.words import WordList
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.solve.optimal import solve_opening
lists, start, mode = sys.argv[1], sys.argv[2], sys.argv[3]
# the mode as the checkout's solver takes it: a mode's name, or (before issue 21) a flag
takes_mode = "mode" in inspect.signature(solve_opening).parameters
rules = {"mode": mode} if takes_mode else {"hard": mode == "hard"}
pm = PatternMatrix.for_list(WordList.bundled(lists))
pm.guess_letter_counts
# warm-up: load (or compile) every kernel on a small position
warm = [Turn("salet", score("salet", "cigar"))]
solve_opening(pm, "chair", **rules, history=warm)
t = time.perf_counter()
try:
    r = solve_opening(pm, start, **rules)
    d = {"total": r.total, "max": r.max if r.total else None, "nodes": r.nodes,
         "feasible": getattr(r, "feasible", True)}
except Exception as e:  # the code before issue 14 raised InfeasibleError
    if type(e).__name__ != "InfeasibleError":
        raise
    d = {"total": None, "max": None, "nodes": None, "feasible": False}
d["wall"] = time.perf_counter() - t
d["peak_mib"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps(d))
"""

# (lists, opener, mode, target seconds, the "today" figure)
CASES = [
    ("nyt", "aargh", "hard", 1.0, "158 s"),
    ("nyt", "abaht", "hard", 1.0, ""),
    ("nyt", "abear", "hard", 1.0, ""),
    ("nyt", "salet", "normal", 1.2, "1.6 s"),
    ("nyt", "methi", "normal", 15.0, "21.7 s"),
    ("nyt", "salet", "hard", 3.0, ""),
    ("nyt", "least", "hard", 3.0, ""),
    ("original", "salet", "normal", 3.0, ""),
    ("original", "salet", "hard", 8.0, ""),
]


def run(src: Path | None, case: tuple[str, str, str], timeout: float) -> dict[str, object]:
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = str(src)
    try:
        out = subprocess.run(
            [sys.executable, "-c", RUN, *case],
            check=True,
            capture_output=True,
            text=True,
            env=env,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        return {"timeout": True}
    return json.loads(out.stdout)  # type: ignore[no-any-return]


def median_of(runs: list[dict[str, object]], key: str) -> float:
    return statistics.median(float(r[key]) for r in runs)  # type: ignore[arg-type]


def cell(runs: list[dict[str, object]], timeout: float) -> str:
    if any(r.get("timeout") for r in runs):
        return f"> {timeout:.0f} s"
    return f"{median_of(runs, 'wall'):.2f} s"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--before", help="a commit to compare with (e.g. fec0759)")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--before-runs", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=300.0)
    args = ap.parse_args()
    old: Path | None = None
    tmp = None
    if args.before:
        tmp = tempfile.mkdtemp(prefix="wordlekit-before-")
        subprocess.run(
            ["git", "worktree", "add", "-f", tmp, args.before], check=True, capture_output=True
        )
        old = Path(tmp) / "src"
    try:
        report(args, old)
    finally:
        if tmp is not None:
            subprocess.run(["git", "worktree", "remove", "--force", tmp], capture_output=True)


def report(args: argparse.Namespace, old: Path | None) -> None:
    print(f"cores: {os.cpu_count()}; each figure: median of {args.runs} fresh processes")
    head = f"{'lists':<9}{'opener':<7}{'mode':<7}{'total':>6}{'max':>4}"
    head += f"{'seconds':>9}{'nodes':>10}{'peak MiB':>9}  {'target':<16}"
    if old is not None:
        head += f"{'before':>9} {'ratio':>6}"
    print(head + "  issue's today")
    for lists, opener, mode, target, today in CASES:
        case = (lists, opener, mode)
        runs = [run(None, case, args.timeout) for _ in range(args.runs)]
        if any(r.get("timeout") for r in runs):
            print(f"{lists:<9}{opener:<7}{mode:<7}  stopped after {args.timeout:.0f} s")
            continue
        secs = median_of(runs, "wall")
        r = runs[0]
        total = "none" if r["total"] is None else str(r["total"])
        verdict = f"{target:g} s: {'ok' if secs <= target else 'MISSED'} ({secs / target:.2f}x)"
        line = f"{lists:<9}{opener:<7}{mode:<7}{total:>6}{r['max'] or '':>4}{secs:>9.2f}"
        line += f"{int(median_of(runs, 'nodes') if r['nodes'] is not None else 0):>10,}"
        line += f"{median_of(runs, 'peak_mib'):>9.0f}  {verdict:<16}"
        if old is not None:
            before = [run(old, case, args.timeout) for _ in range(args.before_runs)]
            b = cell(before, args.timeout)
            ratio = "" if "> " in b else f"{median_of(before, 'wall') / secs:.1f}x"
            line += f"{b:>9} {ratio:>6}"
        print(line + f"  {today}", flush=True)


if __name__ == "__main__":
    main()
