"""Every example of the README and the documentation site runs, and prints what it shows.

The blocks and their conventions are read by :mod:`docs_examples`: each console block is a
test (its ``wordle`` commands run in order in a fresh data folder, what the player types
echoed as a terminal shows it), and the Python blocks of each page are one doctest.
"""

from __future__ import annotations

import doctest
import math
from pathlib import Path

import pytest
from click.testing import CliRunner

import wordlekit.cli.progress as progress_bar
from docs_examples import PAGES, PROMPT, ROOT, Command, Example, all_examples, parse_console
from wordlekit.cli import app

EXAMPLES = all_examples()
CONSOLE = [e for e in EXAMPLES if e.lang == "console"]
PYTHON_PAGES = sorted({e.page for e in EXAMPLES if e.lang == "pycon"})
FLAGS = doctest.ELLIPSIS


def marks(e: Example) -> list[pytest.MarkDecorator]:
    out = []
    if e.skip:
        out.append(pytest.mark.skip(reason=e.skip))
    if e.slow:
        out.append(pytest.mark.slow)
    return out


def normal(text: str) -> str:
    return "\n".join(line.rstrip() for line in text.splitlines()).strip("\n") + "\n"


def run_command(c: Command) -> str:
    """What ``c`` prints, with what was typed written after each prompt, as a terminal echoes
    it (piped, ``wordle play`` ends each prompt's line itself)."""
    typed = "".join(f"{k}\n" for k in c.typed) if c.typed is not None else None
    out = CliRunner().invoke(app, list(c.args), input=typed, terminal_width=80).output
    keys = iter(c.typed or ())
    lines = []
    for line in out.splitlines():
        m = PROMPT.match(line)
        if m and not m["typed"].strip():
            line = line.rstrip() + " " + next(keys, "")
        lines.append(line)
    return "\n".join(lines) + "\n"


def check(want: str, got: str) -> bool:
    return doctest.OutputChecker().check_output(normal(want), normal(got), FLAGS)


@pytest.mark.parametrize("example", [pytest.param(e, id=e.id, marks=marks(e)) for e in CONSOLE])
def test_console_example(example: Example, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WORDLEKIT_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("COLUMNS", "80")
    # a terminal's progress bar leaves nothing behind: the plain lines a piped run prints
    # every few seconds (a slow run on a busy machine) are not what the page shows
    monkeypatch.setattr(progress_bar, "LOG_EVERY", math.inf)
    monkeypatch.chdir(tmp_path)  # files an example writes (a tree) land in a folder of its own
    assert example.error is None, f"{example.id}: {example.error}"
    for c in example.commands:
        got = run_command(c)
        assert check(c.expected, got), (
            f"{example.id}: $ {c.line}\n--- shown ---\n{normal(c.expected)}"
            f"--- printed ---\n{normal(got)}"
        )


@pytest.mark.parametrize(
    "page", [pytest.param(p, id=str(p.relative_to(ROOT))) for p in PYTHON_PAGES]
)
def test_python_examples(page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WORDLEKIT_DATA_DIR", str(tmp_path))
    blocks = [e for e in EXAMPLES if e.page == page and e.lang == "pycon" and not e.skip]
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(optionflags=FLAGS)
    globs: dict[str, object] = {}
    failures = []
    for e in blocks:
        test = parser.get_doctest(e.text, globs, e.id, str(page), e.lineno)
        result = runner.run(test, out=failures.append, clear_globs=False)
        globs = test.globs  # a DocTest runs in a copy of the names it is given: carry them on
        if result.failed:
            break
    assert not failures, "".join(failures)


def test_the_examples_are_found() -> None:
    # the collector reads the pages it should: a console block, its commands and their output
    assert ROOT / "README.md" in PAGES and CONSOLE
    (c,) = parse_console("$ wordle score crane cigar   # the tiles\n🟩🟨🟨⬛⬛\n")
    assert c.args == ("score", "crane", "cigar") and c.expected == "🟩🟨🟨⬛⬛"
    (play,) = parse_console("$ wordle play\nGuess 1/6: crane\n1. CRANE\nGuess 2/6: cigar\n")
    assert play.typed == ("crane", "cigar")
    with pytest.raises(ValueError, match="runs wordle"):
        parse_console("$ make run\n")
    # a wrong output is caught, trailing spaces are not differences, ... stands for any text
    assert not check("🟩🟨🟨⬛⬛", "🟩🟩🟨⬛⬛\n")
    assert check("a  \nb … ...\n", "a\nb … anything\n")
