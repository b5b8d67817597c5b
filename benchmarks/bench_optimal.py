"""Exact optimal solver: wordlekit against alex1770's C++ solver, or against an older checkout.

Side by side with the C++ solver (the default)::

    .venv/bin/python benchmarks/bench_optimal.py                    # the issue's fixed openers
    .venv/bin/python benchmarks/bench_optimal.py --openers aargh --modes hard
    .venv/bin/python benchmarks/bench_optimal.py --sample 20 --seed 27 --json-out rows.jsonl

builds alex1770's exact solver (``--cpp-source``, by default ``../shared/peer/alex1770-wordle/
wordle.cpp`` beside the repository; its own README says how it is built and run) with g++ in a
temporary folder, writes the word lists it reads there (``--lists``, ``nyt`` by default: the
answers, and the answers with the allowed guesses, sorted) and, for each opener and each mode
(``--modes``, normal and hard), runs one after the other, both pinned to one core (``--cpu``,
with taskset when there is one) and single-threaded:

- ``wordle -a ALL -h ANSWERS [-H] -w OPENER`` (the C++ solver), and
- ``wordle optimal --start OPENER [--hard] -l nyt --json`` as a user runs it (the ``wordle``
  of the Python running this script, with ``NUMBA_NUM_THREADS=1``), after one untimed
  warm-up per mode so that numba's on-disk cache and the pattern matrix cache are filled.

Each run is a whole fresh process: its wall time (start-up included) and its peak memory
(``ru_maxrss`` of that process, from ``os.wait4``). Both values are parsed (the C++ solver's
"Best first guess score", wordlekit's ``total``) and must be EQUAL: the same total, or both
proven infeasible. A mismatch (or a solver that fails) is printed loudly and makes the exit
code 1. Per row: mode, opener, feasible or infeasible, the value, the C++ seconds, wordlekit's
seconds, their ratio (wordlekit / C++: below 1 wordlekit is faster), the search seconds each
reports itself (wordlekit's ``seconds`` in its JSON, the C++ solver's "Time taken", its CPU
seconds), so that the start-up is visible, and each one's peak MiB. The last line says on how
many openers wordlekit is faster. A run stopped after ``--timeout`` seconds shows as "> T"
(and its value as unknown: no check); stopping the script (Ctrl-C, kill) stops the solver that
is running too.

Figures are medians: ``--runs N`` runs of each side; without it, a side runs 3 times when its
first run took under ``--cheap`` seconds (10 by default) and once otherwise.

The openers: the fixed set named in issue 27 (normal GUYSE, PAKAY, MYALL, SALET; hard CRUES,
HUNKY, ABEAR, CHEER, AARGH, SALET), or ``--openers`` (a comma list, run in every mode of
``--modes``), plus ``--sample N`` openers drawn at random (``--seed``) from all the lists'
guesses for each mode. ``--json-out FILE`` writes every row as one JSON line as it finishes.

Without g++ or without the C++ source the script says so in one line and measures wordlekit
alone (it never fails for that).

The issue-14 cases (this checkout alone, with its targets: ``--cases``), or side by side with an
older commit (``--before COMMIT``)::

    .venv/bin/python benchmarks/bench_optimal.py --cases [--runs 3]
    .venv/bin/python benchmarks/bench_optimal.py --before COMMIT [--runs 3]

Every case runs in a fresh process (so its peak memory is its own) that first warms the
kernels up on a small position, then times one ``solve_opening``; figures are medians of
``--runs`` processes (3 by default). With ``--before COMMIT`` the same cases run on that commit
too (checked out with ``git worktree`` into a temporary folder and imported from there), side
by side in one run. A run longer than ``--timeout`` seconds is stopped and shown as "> T".

Targets of those cases (issue 14, the ``nyt`` lists, 2 cores): infeasible hard openers (AARGH,
ABAHT, ABEAR) at most 1 s each (158 s for AARGH before); SALET normal at most 1.2 s; METHI normal
at most 15 s (21.7 s before); SALET and LEAST hard at most 3 s each.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parent.parent
CPP_SOURCE = ROOT.parent / "shared" / "peer" / "alex1770-wordle" / "wordle.cpp"
# the openers issue 27 names, by mode (the nyt lists)
FIXED = {
    "normal": ("guyse", "pakay", "myall", "salet"),
    "hard": ("crues", "hunky", "abear", "cheer", "aargh", "salet"),
}
MODES = ("normal", "hard")

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


def report(args: argparse.Namespace, old: Path | None) -> None:
    runs = args.runs or 3
    print(f"cores: {os.cpu_count()}; each figure: median of {runs} fresh processes")
    head = f"{'lists':<9}{'opener':<7}{'mode':<7}{'total':>6}{'max':>4}"
    head += f"{'seconds':>9}{'nodes':>10}{'peak MiB':>9}  {'target':<16}"
    if old is not None:
        head += f"{'before':>9} {'ratio':>6}"
    print(head + "  issue's today")
    for lists, opener, mode, target, today in CASES:
        case = (lists, opener, mode)
        runs = [run(None, case, args.timeout) for _ in range(args.runs or 3)]
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


# ---------------------------------------------------------------------------------------------
# Side by side with alex1770's C++ solver
# ---------------------------------------------------------------------------------------------

CPP_INFINITY = 1_000_000_000  # the C++ solver's score when no tree fits the guess limit


@dataclass(frozen=True)
class Outcome:
    """What a solver proved about one opener: its least total, or that no tree fits."""

    feasible: bool
    total: int | None
    search_seconds: float | None  # the seconds the solver reports itself, start-up excluded

    @property
    def value(self) -> str:
        return str(self.total) if self.feasible else "infeasible"


def parse_cpp(text: str) -> Outcome:
    """The C++ solver's output for one first guess (``-w``): "Best first guess score = N" (its
    infinity, a billion, with "Best first guess = no-legal-guess" when no tree fits) and "Time
    taken = S s" (its CPU seconds, start-up excluded)."""
    score: int | None = None
    best = seconds = None
    for line in text.splitlines():
        key, sep, rest = line.partition("=")
        key, rest = key.strip(), rest.strip()
        if not sep:
            continue
        if key == "Best first guess score":
            score = int(rest)
        elif key == "Best first guess":
            best = rest
        elif key == "Time taken":
            seconds = float(rest.removesuffix("s"))
    if score is None:
        raise ValueError("no 'Best first guess score = N' line in the C++ solver's output")
    feasible = best != "no-legal-guess" and score < CPP_INFINITY // 2
    return Outcome(feasible, score if feasible else None, seconds)


def parse_wordlekit(text: str) -> Outcome:
    """``wordle optimal --json``: its ``result`` (``total``, ``feasible``, ``seconds``). A
    result that is not proven (a budget stopped it) is an error, not a value."""
    result = json.loads(text)["result"]
    if not result.get("proven"):
        raise ValueError(f"wordlekit proved no value ({result.get('stopped')})")
    feasible = bool(result.get("feasible", result.get("total") is not None))
    total = int(result["total"]) if feasible else None
    seconds = result.get("seconds")
    return Outcome(feasible, total, None if seconds is None else float(seconds))


def timed(
    cmd: Sequence[str], env: dict[str, str], timeout: float, cwd: Path | None = None
) -> tuple[int | None, str, str, float, float]:
    """Run ``cmd`` as a fresh process: its exit code (None: killed after ``timeout`` seconds),
    stdout, stderr, wall seconds and the peak MiB of that process alone (``os.wait4``)."""
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        done: list[tuple[float, int, Any]] = []
        reaped = threading.Event()
        start = time.perf_counter()
        proc = subprocess.Popen(
            list(cmd), stdout=out, stderr=err, env=env, cwd=cwd, start_new_session=True
        )

        def reap() -> None:
            _, status, usage = os.wait4(proc.pid, 0)
            done.append((time.perf_counter(), status, usage))
            reaped.set()

        # an Event, not Thread.join: a join a signal interrupts marks the thread as stopped
        threading.Thread(target=reap, daemon=True).start()
        killed = False
        try:
            reaped.wait(timeout)
        finally:  # past the timeout, or this script interrupted: the process must not outlive it
            if not reaped.is_set():
                killed = True
                with contextlib.suppress(ProcessLookupError):  # its own session: ours alone
                    os.killpg(proc.pid, signal.SIGKILL)
                reaped.wait()
        end, status, usage = done[0]
        proc.returncode = os.waitstatus_to_exitcode(status)  # reaped here, not by Popen
        out.seek(0)
        err.seek(0)
        code = None if killed else proc.returncode
        return code, out.read(), err.read(), end - start, usage.ru_maxrss / 1024


@dataclass(frozen=True)
class Run:
    """One whole process: wall seconds, peak MiB and what it proved (None: stopped or failed)."""

    wall: float
    peak_mib: float
    outcome: Outcome | None = None
    timeout: bool = False
    error: str | None = None


@dataclass(frozen=True)
class Solver:
    """How to run one solver on one opener in one mode, and read what it printed."""

    name: str
    argv: Callable[[str, str], list[str]]
    parse: Callable[[str], Outcome]
    env: dict[str, str]
    cwd: Path | None = None

    def run(self, opener: str, mode: str, timeout: float) -> Run:
        code, out, err, wall, peak = timed(self.argv(opener, mode), self.env, timeout, self.cwd)
        if code is None:
            return Run(wall, peak, timeout=True)
        if code != 0:
            return Run(wall, peak, error=f"exit code {code}: {_tail(err or out)}")
        try:
            return Run(wall, peak, self.parse(out))
        except (ValueError, KeyError, TypeError) as e:
            return Run(wall, peak, error=f"unreadable output ({e}): {_tail(out)}")


def _tail(text: str, lines: int = 3) -> str:
    return " | ".join(text.strip().splitlines()[-lines:])


@dataclass(frozen=True)
class Side:
    """One solver's runs on one opener: medians of what they measured."""

    runs: tuple[Run, ...]

    @property
    def timeout(self) -> bool:
        return any(r.timeout for r in self.runs)

    @property
    def error(self) -> str | None:
        for r in self.runs:
            if r.error:
                return r.error
        values = {(r.outcome.feasible, r.outcome.total) for r in self.runs if r.outcome}
        return (
            "its runs disagree: " + ", ".join(map(str, sorted(values))) if len(values) > 1 else None
        )

    @property
    def outcome(self) -> Outcome | None:
        return None if self.timeout or self.error else self.runs[0].outcome

    @property
    def wall(self) -> float:
        return statistics.median(r.wall for r in self.runs)

    @property
    def peak_mib(self) -> float:
        return statistics.median(r.peak_mib for r in self.runs)

    @property
    def search_seconds(self) -> float | None:
        found = [r.outcome.search_seconds for r in self.runs if r.outcome]
        if not found or None in found:
            return None
        return statistics.median(s for s in found if s is not None)

    def as_json(self) -> dict[str, object]:
        o = self.outcome
        return {
            "feasible": None if o is None else o.feasible,
            "total": None if o is None else o.total,
            "wall": self.wall,
            "search_seconds": self.search_seconds,
            "peak_mib": self.peak_mib,
            "runs": len(self.runs),
            "walls": [r.wall for r in self.runs],
            "timeout": self.timeout,
            "error": self.error,
        }


def measure(solver: Solver, opener: str, mode: str, args: argparse.Namespace) -> Side:
    """``--runs`` runs, or 3 when the first took under ``--cheap`` seconds and 1 otherwise."""
    runs = [solver.run(opener, mode, args.timeout)]
    first = runs[0]
    wanted = args.runs or (3 if first.outcome is not None and first.wall < args.cheap else 1)
    while len(runs) < wanted and runs[-1].outcome is not None:
        runs.append(solver.run(opener, mode, args.timeout))
    return Side(tuple(runs))


@dataclass(frozen=True)
class Row:
    """One opener in one mode: both solvers (``cpp`` None when there is no C++ solver)."""

    mode: str
    opener: str
    wordlekit: Side
    cpp: Side | None = None
    timeout: float = field(default=0.0, compare=False)

    @property
    def check(self) -> str:
        """equal, MISMATCH, ERROR, "?" (a side was stopped: nothing to compare) or "" (no C++)."""
        if self.cpp is None:
            return "ERROR" if self.wordlekit.error else ""
        if self.cpp.error or self.wordlekit.error:
            return "ERROR"
        a, b = self.cpp.outcome, self.wordlekit.outcome
        if a is None or b is None:
            return "?"
        return "equal" if (a.feasible, a.total) == (b.feasible, b.total) else "MISMATCH"

    @property
    def outcome(self) -> Outcome | None:
        return self.wordlekit.outcome or (self.cpp.outcome if self.cpp else None)

    @property
    def wordlekit_faster(self) -> bool | None:
        """Whole processes, as a user runs them; None when neither finished (or no C++)."""
        if self.cpp is None or self.check == "ERROR":
            return None
        wk, cpp = self.wordlekit.outcome is not None, self.cpp.outcome is not None
        if wk and cpp:
            return self.wordlekit.wall < self.cpp.wall
        return None if wk == cpp else wk

    @property
    def ratio(self) -> str:
        """wordlekit's seconds / the C++ solver's ("> r" or "< r" when one was stopped)."""
        if self.cpp is None or self.check == "ERROR":
            return ""
        wk, cpp = self.wordlekit.outcome is not None, self.cpp.outcome is not None
        if wk and cpp:
            return f"{self.wordlekit.wall / self.cpp.wall:.2f}"
        if wk:
            return f"< {self.wordlekit.wall / self.timeout:.2f}"
        return f"> {self.timeout / self.cpp.wall:.2f}" if cpp else ""

    def as_json(self) -> dict[str, object]:
        o = self.outcome
        return {
            "mode": self.mode,
            "opener": self.opener,
            "feasible": None if o is None else o.feasible,
            "total": None if o is None else o.total,
            "check": self.check,
            "ratio": self.ratio,
            "wordlekit_faster": self.wordlekit_faster,
            "cpp": None if self.cpp is None else self.cpp.as_json(),
            "wordlekit": self.wordlekit.as_json(),
        }


def _secs(side: Side, timeout: float) -> str:
    if side.timeout:
        return f"> {timeout:.0f}"
    return "error" if side.error else f"{side.wall:.2f}"


def _opt(value: float | None, fmt: str) -> str:
    return "" if value is None else format(value, fmt)


def _result(o: Outcome | None) -> str:
    return "" if o is None else "feasible" if o.feasible else "infeasible"


# (heading, width, cell): the C++ columns are the ones whose heading names it
COLUMNS: list[tuple[str, int, Callable[[Row], str]]] = [
    ("mode", -7, lambda r: r.mode),
    ("opener", -7, lambda r: r.opener.upper()),
    ("result", -11, lambda r: _result(r.outcome)),
    ("value", 6, lambda r: "" if r.outcome is None else str(r.outcome.total or "")),
    ("C++ s", 8, lambda r: _secs(r.cpp, r.timeout) if r.cpp else ""),
    ("wordlekit s", 12, lambda r: _secs(r.wordlekit, r.timeout)),
    ("ratio", 7, lambda r: r.ratio),
    ("wk search s", 12, lambda r: _opt(r.wordlekit.search_seconds, ".2f")),
    ("C++ search s", 13, lambda r: _opt(r.cpp.search_seconds, ".2f") if r.cpp else ""),
    ("C++ MiB", 8, lambda r: f"{r.cpp.peak_mib:.0f}" if r.cpp else ""),
    ("wk MiB", 7, lambda r: f"{r.wordlekit.peak_mib:.0f}"),
    ("runs", 5, lambda r: "/".join(str(len(s.runs)) for s in (r.cpp, r.wordlekit) if s)),
    ("  check", -16, lambda r: "  " + r.check),
]


def _columns(with_cpp: bool) -> list[tuple[str, int, Callable[[Row], str]]]:
    return [c for c in COLUMNS if with_cpp or ("C++" not in c[0] and c[0] != "ratio")]


def _line(cells: list[tuple[str, int]]) -> str:
    return "".join(f"{text:<{-w}}" if w < 0 else f"{text:>{w}}" for text, w in cells).rstrip()


def header(with_cpp: bool) -> str:
    return _line([(name, w) for name, w, _ in _columns(with_cpp)])


def format_row(row: Row) -> str:
    return _line([(cell(row), w) for _, w, cell in _columns(row.cpp is not None)])


def draw_openers(
    guesses: Sequence[str],
    modes: Sequence[str],
    openers: Sequence[str] | None,
    sample: int,
    seed: int,
) -> list[tuple[str, str]]:
    """(mode, opener) in the order they run: per mode the fixed set of issue 27 (or
    ``openers``), then ``sample`` more drawn at random from every guess of the lists."""
    rng = random.Random(seed)
    pool = sorted(set(guesses))
    cases: list[tuple[str, str]] = []
    for mode in modes:
        chosen = list(FIXED[mode] if openers is None else openers)
        rest = [w for w in pool if w not in chosen]
        chosen += rng.sample(rest, min(sample, len(rest)))
        cases += [(mode, w) for w in chosen]
    return cases


def build_cpp(source: Path, folder: Path) -> tuple[Path | None, str]:
    """The C++ solver compiled into ``folder`` (None when it cannot be) and a line saying so."""
    gxx = shutil.which("g++")
    if gxx is None:
        return None, "no g++ here: wordlekit alone, no C++ solver side by side"
    if not source.is_file():
        return None, f"no C++ source at {source}: wordlekit alone, no C++ solver side by side"
    exe = folder / "wordle"
    start = time.perf_counter()
    cmd = [gxx, "-std=c++17", "-O3", '-DCOMMITDESC="x"', "-o", str(exe), str(source)]
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        why = _tail(done.stderr)
        return None, f"the C++ solver did not build ({why}): wordlekit alone"
    return exe, f"C++ solver: built from {source} in {time.perf_counter() - start:.1f} s"


def _pin(cpu: str) -> list[str]:
    taskset = shutil.which("taskset")
    return [taskset, "-c", cpu] if taskset and cpu != "none" else []


def solvers(
    args: argparse.Namespace, folder: Path, exe: Path | None, guesses: tuple[Sequence[str], ...]
) -> tuple[Solver, Solver | None]:
    """wordlekit's ``wordle optimal`` and (with ``exe``) the C++ solver on the same lists."""
    pin = _pin(args.cpu)
    wordle = Path(sys.executable).parent / "wordle"
    command = str(wordle) if wordle.exists() else (shutil.which("wordle") or "wordle")
    env = {**os.environ, "NUMBA_NUM_THREADS": "1"}

    def wk_argv(opener: str, mode: str) -> list[str]:
        hard = ["--hard"] if mode == "hard" else []
        return [*pin, command, "optimal", "--start", opener, *hard, "-l", args.lists, "--json"]

    wk = Solver("wordlekit", wk_argv, parse_wordlekit, env)
    if exe is None:
        return wk, None
    answers, allowed = guesses
    (folder / "answers.txt").write_text("".join(f"{w}\n" for w in answers))
    (folder / "all.txt").write_text("".join(f"{w}\n" for w in sorted({*answers, *allowed})))

    def cpp_argv(opener: str, mode: str) -> list[str]:
        hard = ["-H"] if mode == "hard" else []
        return [*pin, str(exe), "-a", "all.txt", "-h", "answers.txt", *hard, "-w", opener]

    # run in the folder: the solver would read a "standardscores__…" file of the working one
    return wk, Solver("C++", cpp_argv, parse_cpp, dict(os.environ), cwd=folder)


def warm_up(wk: Solver, modes: Sequence[str], timeout: float) -> None:
    """One short untimed ``wordle optimal`` per mode: numba's on-disk cache and the pattern
    matrix cache are then filled, as for a user's second run."""
    start = time.perf_counter()
    for mode in modes:
        argv = [*wk.argv("salet", mode), "--max-nodes", "100"]
        timed(argv, wk.env, timeout)
    print(f"wordlekit warm-up (not counted): {time.perf_counter() - start:.1f} s", flush=True)


def summary(rows: Sequence[Row]) -> tuple[str, int]:
    """The last lines and the exit code (1 on a mismatch or a failed run)."""
    bad = [r for r in rows if r.check in ("MISMATCH", "ERROR")]
    lines = []
    if not any(r.cpp is not None for r in rows):
        lines.append("no C++ solver: nothing compared")
    else:
        decided = [r.wordlekit_faster for r in rows if r.wordlekit_faster is not None]
        lines.append(
            f"wordlekit faster on {sum(decided)} of {len(decided)} openers (whole "
            "processes, wall time)"
        )
    stopped = sum(1 for r in rows if r.check == "?")
    if stopped:
        lines.append(
            f"{stopped} opener(s) stopped after the timeout (one side or both): not compared"
        )
    if bad:
        lines.append(
            f"!!! {len(bad)} MISMATCH or ERROR row(s): "
            + ", ".join(f"{r.mode} {r.opener.upper()}" for r in bad)
        )
    return "\n".join(lines), 1 if bad else 0


def _loud(row: Row) -> None:
    if row.check == "MISMATCH":
        assert row.cpp is not None and row.cpp.outcome and row.wordlekit.outcome
        print(
            f"!!! MISMATCH {row.mode} {row.opener.upper()}: C++ {row.cpp.outcome.value}, "
            f"wordlekit {row.wordlekit.outcome.value}",
            flush=True,
        )
    for name, side in (("C++", row.cpp), ("wordlekit", row.wordlekit)):
        if side is not None and side.error:
            print(f"!!! ERROR {row.mode} {row.opener.upper()}: {name} {side.error}", flush=True)


def side_by_side(args: argparse.Namespace) -> int:
    """Every opener of the sample in every mode, both solvers; the exit code."""
    from wordlekit.core.words import WordList  # the venv's wordlekit: the script runs there

    words = WordList.bundled(args.lists)
    modes = [m.strip() for m in args.modes.split(",") if m.strip()]
    openers = (
        None
        if args.openers is None
        else [w.strip().lower() for w in args.openers.split(",") if w.strip()]
    )
    unknown = [w for w in openers or () if w not in set(words.guesses)]
    if unknown or any(m not in MODES for m in modes):
        print(f"unknown openers {unknown} or modes {modes} (normal, hard)", file=sys.stderr)
        return 2
    cases = draw_openers(words.guesses, modes, openers, args.sample, args.seed)
    with tempfile.TemporaryDirectory(prefix="bench-cpp-") as tmp:
        folder = Path(tmp)
        exe, said = build_cpp(Path(args.cpp_source), folder)
        print(said, flush=True)
        wk, cpp = solvers(args, folder, exe, (words.answers, words.allowed))
        pin = f"pinned to CPU {args.cpu} by taskset" if _pin(args.cpu) else "not pinned"
        runs = args.runs or f"3 if the first run took under {args.cheap:g} s, else 1"
        print(
            f"lists {args.lists}; {len(cases)} openers; one process at a time, {pin}, "
            f"NUMBA_NUM_THREADS=1; runs of each side: {runs}; medians",
            flush=True,
        )
        warm_up(wk, modes, args.timeout)
        return run_cases(args, cases, wk, cpp)


def run_cases(
    args: argparse.Namespace, cases: Sequence[tuple[str, str]], wk: Solver, cpp: Solver | None
) -> int:
    out: IO[str] | None = open(args.json_out, "w") if args.json_out else None  # noqa: SIM115
    rows: list[Row] = []
    print(header(cpp is not None), flush=True)
    try:
        for mode, opener in cases:
            c = None if cpp is None else measure(cpp, opener, mode, args)
            row = Row(mode, opener, measure(wk, opener, mode, args), c, args.timeout)
            rows.append(row)
            print(format_row(row), flush=True)
            _loud(row)
            if out is not None:
                out.write(json.dumps(row.as_json()) + "\n")
                out.flush()
    finally:
        if out is not None:
            out.close()
    text, code = summary(rows)
    print(text)
    return code


def main() -> None:
    ap = argparse.ArgumentParser(
        description="The exact solver side by side with alex1770's C++ solver (the default), "
        "or the issue-14 cases (--cases), or those against an older commit (--before).",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="examples:\n  bench_optimal.py --openers aargh --modes hard\n"
        "  bench_optimal.py --sample 20 --seed 27 --json-out rows.jsonl\n"
        "  bench_optimal.py --before fec0759",
    )
    ap.add_argument("--before", help="the issue-14 cases against this commit (e.g. fec0759)")
    ap.add_argument("--cases", action="store_true", help="the issue-14 cases, this checkout")
    ap.add_argument(
        "--runs",
        type=int,
        help="runs of each side (default: 3 when the first took under --cheap s, else 1; "
        "--cases and --before: 3)",
    )
    ap.add_argument("--before-runs", type=int, default=1)
    ap.add_argument(
        "--timeout", type=float, help="seconds a run may take (600; --cases and --before: 300)"
    )
    ap.add_argument("--cpp-source", default=str(CPP_SOURCE), help=f"default {CPP_SOURCE}")
    ap.add_argument("--openers", help="a comma list instead of the issue's fixed set")
    ap.add_argument("--modes", default="normal,hard", help="normal,hard (the default)")
    ap.add_argument("--sample", type=int, default=0, help="N more openers a mode, at random")
    ap.add_argument("--seed", type=int, default=27, help="the seed of --sample (27)")
    ap.add_argument("--lists", default="nyt", help="the bundled lists (nyt)")
    ap.add_argument("--cheap", type=float, default=10.0, help="3 runs under this (10 s)")
    ap.add_argument("--cpu", default="0", help="the core both run on (taskset; 'none')")
    ap.add_argument("--json-out", help="write each row as a JSON line as it finishes")
    args = ap.parse_args()
    if not (args.before or args.cases):
        args.timeout = args.timeout or 600.0
        # stopped (kill PID, or Ctrl-C: the solvers run in sessions of their own and do not
        # get it), it stops the solver running and removes its temporary folder
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
        sys.exit(side_by_side(args))
    args.timeout = args.timeout or 300.0
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


if __name__ == "__main__":
    main()
