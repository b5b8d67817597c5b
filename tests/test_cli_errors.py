"""How ``wordle`` reports failures (``wordlekit.cli.errors``): by the error's class, one line on
stderr, nothing on stdout; internal errors logged with their traceback, never the user's fault."""

from __future__ import annotations

import errno
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from wordlekit.cli import app, engine
from wordlekit.cli.errors import LOG_NAME
from wordlekit.errors import (
    BudgetExceeded,
    InternalError,
    InvalidWordError,
    StorageError,
    WordleError,
)


def raising(monkeypatch: pytest.MonkeyPatch, error: BaseException) -> None:
    """``wordle daily`` will fail with ``error`` (its library call is replaced)."""

    def fail(*args: object, **kwargs: object) -> str:
        raise error

    monkeypatch.setattr(engine, "daily_answer", fail)


def daily(*options: str, env: dict[str, str] | None = None) -> Result:
    return CliRunner(env=env).invoke(app, [*options, "daily", "2022-02-15"])


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("WORDLEKIT_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("WORDLEKIT_DEBUG", raising=False)
    return tmp_path


def one_line(r: Result) -> str:
    assert r.stdout == "", r.stdout
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    return lines[0]


@pytest.mark.parametrize(
    ("error", "code", "line"),
    [
        (InvalidWordError("XXXXX is not in the list"), 2, "error: XXXXX is not in the list"),
        (WordleError("bad input"), 2, "error: bad input"),
        (StorageError("cannot open the database x.db: disk"), 1, "error: cannot open the database"),
        (OSError(errno.ENOSPC, "No space left on device", "x.db"), 1, "error: x.db: No space left"),
        (PermissionError(errno.EACCES, "Permission denied"), 1, "error: Permission denied"),
        (sqlite3.OperationalError("database is locked"), 1, "error: database error: database is"),
    ],
)
def test_bad_input_exits_2_and_the_environment_1(
    monkeypatch: pytest.MonkeyPatch, data_dir: Path, error: Exception, code: int, line: str
) -> None:
    raising(monkeypatch, error)
    r = daily()
    assert r.exit_code == code, r.stderr
    assert one_line(r).startswith(line)
    assert not (data_dir / LOG_NAME).exists()  # not a fault of wordlekit: nothing to log


@pytest.mark.parametrize(
    ("error", "start"),
    [
        (InternalError("the memo is full"), "internal error: the memo is full ("),
        (BudgetExceeded("the work ran out of time"), "internal error: the work ran out of time ("),
        (KeyError("cigar"), "internal error: KeyError: 'cigar' ("),
        (ZeroDivisionError("division by zero"), "internal error: ZeroDivisionError: division"),
        (AttributeError("no _tree_node"), "internal error: AttributeError: no _tree_node ("),
    ],
)
def test_internal_errors_exit_1_and_are_logged(
    monkeypatch: pytest.MonkeyPatch, data_dir: Path, error: Exception, start: str
) -> None:
    raising(monkeypatch, error)
    r = daily()
    assert r.exit_code == 1
    line = one_line(r)
    assert line.startswith(start), line
    assert "error: " not in line.removeprefix("internal error: ")  # never the user's mistake
    log = data_dir / LOG_NAME
    assert f"the traceback is in {log}" in line
    text = log.read_text(encoding="utf-8")
    assert "Traceback (most recent call last)" in text and type(error).__name__ in text
    assert "in fail" in text  # the frame that raised
    daily()
    assert log.read_text(encoding="utf-8").count("Traceback") == 2  # appended, not replaced


def test_debug_prints_the_traceback_on_stderr(
    monkeypatch: pytest.MonkeyPatch, data_dir: Path
) -> None:
    raising(monkeypatch, KeyError("cigar"))
    for r in (daily("--debug"), daily(env={"WORDLEKIT_DEBUG": "1"})):
        assert r.exit_code == 1 and r.stdout == ""
        assert "Traceback (most recent call last)" in r.stderr and "in fail" in r.stderr
        assert r.stderr.strip().splitlines()[-1].startswith("internal error: KeyError: 'cigar'")


def test_debug_changes_nothing_for_bad_input(
    monkeypatch: pytest.MonkeyPatch, data_dir: Path
) -> None:
    raising(monkeypatch, WordleError("bad input"))
    r = daily("--debug")
    assert r.exit_code == 2 and one_line(r) == "error: bad input"


def test_an_unwritable_data_folder_still_gives_one_line(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("WORDLEKIT_DATA_DIR", str(blocker / "data"))
    raising(monkeypatch, RuntimeError("boom"))
    r = daily()
    assert r.exit_code == 1
    assert one_line(r) == "internal error: RuntimeError: boom (wordle --debug shows the traceback)"


@pytest.mark.parametrize(
    ("args", "match", "command"),
    [
        (["score", "crane"], "Missing argument 'ANSWER'", "wordle score"),
        (["no-such-command"], "No such command 'no-such-command'", "wordle"),
        (["suggest", "--top", "0"], "'--top'", "wordle suggest"),
        (["score", "crane", "cigar", "--no-such-option"], "--no-such-option", "wordle score"),
        (["bench", "-s", "entropy", "-s", "magic"], "unknown strategy 'magic'", "wordle bench"),
        (["tree", "show"], "Missing argument 'FILE'", "wordle tree show"),
    ],
)
def test_usage_errors_are_one_line_and_exit_2(args: list[str], match: str, command: str) -> None:
    r = CliRunner().invoke(app, args)
    assert r.exit_code == 2
    line = one_line(r)
    assert line.startswith("error: ") and match in line, line
    assert line.endswith(f"(see '{command} --help')"), line


def test_click_s_own_exits_pass_through() -> None:
    r = CliRunner().invoke(app, ["--version"])
    assert r.exit_code == 0 and "wordle" in r.stdout
    r = CliRunner().invoke(app, ["play", "--seed", "3"], input=":q\n")
    assert r.exit_code == 0 and "Game left unfinished." in r.stdout
