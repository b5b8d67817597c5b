"""The ``wordle`` command under test: the runner and the helpers every CLI test file shares.

A pytest plugin (listed in ``conftest.py``'s ``pytest_plugins``): its fixtures are there for
every test, and its helpers are imported (``from harness_cli import ok, bad``).

- :func:`run` / :func:`ok` / :func:`bad` / :func:`failed`: a command's exit code and output;
  bad input is exit code 2 and one line ``error: …`` on stderr, nothing on stdout.
- :func:`typed`: lines typed into an interactive game; :func:`answers_of`: the answers a
  seeded practice game hides (from the game service, as ``wordle play`` draws them).
- :func:`help_examples`: the example command lines of a command's ``--help``.
- the ``terminal`` fixture: a runner whose output is a colour terminal (tiles, keyboards).
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterable

import pytest
from click.testing import CliRunner

from wordlekit.cli import app
from wordlekit.services.games import GameRequest, make_game

runner = CliRunner()


def run(*args: str, input: str | None = None) -> tuple[int, str, str]:
    """``wordle ARGS`` with ``input`` on stdin: (exit code, stdout, stderr)."""
    r = runner.invoke(app, list(args), input=input)
    return r.exit_code, r.stdout, r.stderr


def ok(*args: str, input: str | None = None) -> str:
    """``wordle ARGS``, which must succeed: its stdout."""
    code, out, err = run(*args, input=input)
    assert code == 0, (args, out, err)
    return out


def bad(*args: str, match: str, input: str | None = None, code: int = 2) -> None:
    """Bad input: exit code 2, one line ``error: …`` on stderr, nothing on stdout."""
    got, out, err = run(*args, input=input)
    assert got == code, (args, got, out, err)
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("error: ") and match in lines[0], lines[0]


def failed(*args: str, match: str) -> None:
    """The environment failed (a file, a database, a port): as bad input, but exit code 1."""
    bad(*args, match=match, code=1)


def typed(words: Iterable[str]) -> str:
    """Lines typed into a game, one word each."""
    return "".join(f"{w}\n" for w in words)


def answers_of(variant: str, seed: int) -> tuple[str, ...]:
    """The answers of practice game ``seed`` of ``variant`` (Absurdle's: its target)."""
    return make_game(GameRequest(variant, "practice", seed=seed)).game.secret


def help_examples(*command: str) -> list[list[str]]:
    """The examples of ``wordle COMMAND --help`` as argument lists (without ``wordle``): each
    example line is the command, then its description after two spaces or more."""
    text = ok(*command, "--help")
    examples = text.split("Examples:", 1)[1]
    lines = [line.strip() for line in examples.splitlines()]
    return [
        shlex.split(re.split(r"\s{2,}", line, maxsplit=1)[0])[1:]
        for line in lines
        if line.startswith("wordle ")
    ]


@pytest.fixture
def terminal() -> CliRunner:
    """A runner whose stdout is a colour terminal, as a player's."""
    return CliRunner(env={"FORCE_COLOR": "1", "TERM": "xterm", "COLUMNS": "100"})
