"""benchmarks/bench_optimal.py side by side with the C++ solver: it reads both solvers' outputs
(captured in tests/data/bench-optimal), checks their values equal (a mismatch is exit code 1),
and without g++ or the C++ source it measures wordlekit alone and never fails for that.

Nothing here runs a solver: the processes are replaced by the captured outputs."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from scripts_loader import load_benchmark

bench = load_benchmark("bench_optimal")
DATA = Path(__file__).resolve().parent / "data" / "bench-optimal"


def _text(name: str) -> str:
    return (DATA / name).read_text("utf-8")


def test_the_cpp_solver_on_a_feasible_opener() -> None:
    assert bench.parse_cpp(_text("cpp-crues-hard.txt")) == bench.Outcome(True, 8318, 5.60)
    assert bench.parse_cpp(_text("cpp-salet-normal.txt")) == bench.Outcome(True, 7894, 2.45)


def test_the_cpp_solver_on_an_infeasible_opener() -> None:
    # its score is its infinity (a billion) and its best guess "no-legal-guess"
    outcome = bench.parse_cpp(_text("cpp-aargh-hard.txt"))
    assert outcome == bench.Outcome(False, None, 0.01)
    assert outcome.value == "infeasible"


def test_cpp_output_without_a_score_is_an_error() -> None:
    cut = _text("cpp-crues-hard.txt").split("Best first guess")[0]
    with pytest.raises(ValueError, match="Best first guess score"):
        bench.parse_cpp(cut)


def test_wordlekit_feasible_and_infeasible() -> None:
    salet = bench.parse_wordlekit(_text("wordlekit-salet-normal.json"))
    assert (salet.feasible, salet.total, salet.value) == (True, 7894, "7894")
    assert salet.search_seconds is not None and salet.search_seconds > 0
    aargh = bench.parse_wordlekit(_text("wordlekit-aargh-hard.json"))
    assert (aargh.feasible, aargh.total, aargh.value) == (False, None, "infeasible")


def test_wordlekit_unproven_is_an_error() -> None:
    d = json.loads(_text("wordlekit-salet-normal.json"))
    d["result"].update(proven=False, total=None, stopped="the work needs more than 100 nodes")
    with pytest.raises(ValueError, match="proved no value"):
        bench.parse_wordlekit(json.dumps(d))


def test_the_sample_is_the_fixed_set_then_a_seeded_draw() -> None:
    guesses = [f"w{i:04d}" for i in range(200)] + ["salet", "aargh", "crues"]
    cases = bench.draw_openers(guesses, ["normal", "hard"], ["salet", "aargh"], 3, 27)
    assert [w for m, w in cases if m == "normal"][:2] == ["salet", "aargh"]
    for mode in ("normal", "hard"):
        words = [w for m, w in cases if m == mode]
        assert len(words) == 5 and len(set(words)) == 5
    assert cases == bench.draw_openers(guesses, ["normal", "hard"], ["salet", "aargh"], 3, 27)
    fixed = bench.draw_openers(guesses, ["hard"], None, 0, 27)
    assert [w for _, w in fixed] == list(bench.FIXED["hard"])


def test_a_process_is_timed_and_stopped() -> None:
    code, out, _, wall, peak = bench.timed([sys.executable, "-c", "print(7)"], {}, 60)
    assert (code, out) == (0, "7\n") and wall > 0 and peak > 0
    code, *_ = bench.timed([sys.executable, "-c", "import time; time.sleep(60)"], {}, 0.2)
    assert code is None  # killed after its timeout


def test_an_interrupted_run_leaves_no_process(monkeypatch: pytest.MonkeyPatch) -> None:
    # the solvers run in sessions of their own (Ctrl-C does not reach them): stopping the
    # script must stop the one running
    started: list[subprocess.Popen[bytes]] = []

    class Recorded(subprocess.Popen):  # type: ignore[type-arg]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            started.append(self)

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(bench.subprocess, "Popen", Recorded)
    previous = signal.signal(signal.SIGALRM, interrupt)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.3)
        with pytest.raises(KeyboardInterrupt):
            bench.timed([sys.executable, "-c", "import time; time.sleep(60)"], {}, 60)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    (proc,) = started
    with pytest.raises(ProcessLookupError):  # killed and reaped
        os.kill(proc.pid, 0)


def _fake_runs(monkeypatch: pytest.MonkeyPatch, cpp: str, wordlekit: str) -> list[Sequence[str]]:
    """Every process the script starts answers with a captured output (the C++ solver's for
    its ``-a`` command line); the command lines are recorded."""
    seen: list[Sequence[str]] = []

    def timed(
        cmd: Sequence[str], env: dict[str, str], timeout: float, cwd: Path | None = None
    ) -> tuple[int, str, str, float, float]:
        seen.append(cmd)
        return 0, _text(cpp if "-a" in cmd else wordlekit), "", 0.5, 100.0

    monkeypatch.setattr(bench, "timed", timed)
    return seen


def _main(monkeypatch: pytest.MonkeyPatch, *argv: str) -> int:
    monkeypatch.setattr(sys, "argv", ["bench_optimal.py", *argv])
    with pytest.raises(SystemExit) as stop:
        bench.main()
    return int(stop.value.code or 0)


def test_without_gxx_wordlekit_alone(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setattr(bench.shutil, "which", lambda name: None)  # no g++ (and no taskset)
    seen = _fake_runs(monkeypatch, "cpp-aargh-hard.txt", "wordlekit-aargh-hard.json")
    rows = tmp_path / "rows.jsonl"
    code = _main(monkeypatch, "--openers", "aargh", "--modes", "hard", "--json-out", str(rows))
    out = capsys.readouterr().out.splitlines()
    assert code == 0
    assert out[0].startswith("no g++ here")
    assert not any("-a" in cmd for cmd in seen)  # the C++ solver never ran
    table = out[out.index(next(line for line in out if line.startswith("mode"))) :]
    assert "C++" not in table[0] and "ratio" not in table[0]
    assert table[1].split()[:3] == ["hard", "AARGH", "infeasible"]
    (row,) = [json.loads(line) for line in rows.read_text().splitlines()]
    assert row["cpp"] is None and row["feasible"] is False and row["check"] == ""


def test_without_the_source_wordlekit_alone(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _fake_runs(monkeypatch, "cpp-aargh-hard.txt", "wordlekit-aargh-hard.json")
    missing = tmp_path / "wordle.cpp"
    code = _main(monkeypatch, "--openers", "aargh", "--modes", "hard", "--cpp-source", str(missing))
    assert code == 0
    assert capsys.readouterr().out.startswith(f"no C++ source at {missing}")


def _with_a_built_solver(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(bench, "build_cpp", lambda source, folder: (tmp_path / "wordle", "built"))


def test_equal_values_side_by_side(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _with_a_built_solver(monkeypatch, tmp_path)
    _fake_runs(monkeypatch, "cpp-salet-normal.txt", "wordlekit-salet-normal.json")
    rows = tmp_path / "rows.jsonl"
    code = _main(monkeypatch, "--openers", "salet", "--modes", "normal", "--json-out", str(rows))
    out = capsys.readouterr().out
    assert code == 0
    assert "MISMATCH" not in out and "wordlekit faster on 0 of 1 openers" in out
    (row,) = [json.loads(line) for line in rows.read_text().splitlines()]
    assert (row["check"], row["total"], row["ratio"]) == ("equal", 7894, "1.00")
    assert row["cpp"]["search_seconds"] == 2.45 and row["cpp"]["runs"] == 3


def test_a_mismatch_is_loud_and_fails(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _with_a_built_solver(monkeypatch, tmp_path)
    _fake_runs(monkeypatch, "cpp-crues-hard.txt", "wordlekit-salet-normal.json")
    code = _main(monkeypatch, "--openers", "crues", "--modes", "hard", "--runs", "1")
    out = capsys.readouterr().out
    assert code == 1
    assert "!!! MISMATCH hard CRUES: C++ 8318, wordlekit 7894" in out
