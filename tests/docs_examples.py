"""The examples of the documentation, read out of its Markdown pages so the tests can run them.

Two kinds of fenced blocks are examples (``tests/test_docs_examples.py`` runs every one):

- ```` ```console ````: a terminal session. Each line ``$ wordle ARGS`` is a command (a
  trailing ``# comment`` is allowed); the lines after it, up to the next ``$`` line or the end
  of the block, are what it prints (stdout and stderr together, as a terminal shows them).
  Every command of a console block must be ``wordle``: a block of other commands (``make
  run``) is written as ```` ```sh ```` instead, which is not run. What the player types at a
  prompt shows as a terminal echoes it: a line ``Guess 2/6: cigar`` types ``cigar``.
- ```` ```pycon ````: a Python session (``>>>`` and ``...`` lines, then the output), run with
  :mod:`doctest`. The Python blocks of one page share their names, top to bottom, as a
  tutorial read in one REPL does.

Each block runs in a folder of its own (its working directory), so a file one command writes
(``--tree-out salet.txt``) is there for the next.

Expected output is compared line by line with trailing spaces ignored; ``...`` stands for any
text (doctest's ELLIPSIS), for output that depends on time or on a machine.

An HTML comment on the line before the block (``<!-- example: ... -->``, invisible on the
site) changes how it runs:

- ``<!-- example: skip because … -->``: not run (a server, a cluster, a run of hours): the
  reason is required;
- ``<!-- example: slow -->``: run, but marked ``slow`` (excluded from ``make check``);
- ``<!-- example: input crane,cigar -->``: what is typed, when the prompts do not show it.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGES = sorted([ROOT / "README.md", *(ROOT / "docs").rglob("*.md")])

FENCE = re.compile(r"^(?P<indent> *)```(?P<lang>[\w-]*)[^\n]*$")
DIRECTIVE = re.compile(r"^\s*<!--\s*example:\s*(?P<what>skip|slow|input)\b(?P<rest>.*?)-->\s*$")
#: Commands that run until they are stopped (a server, a full-screen app).
FOREVER = frozenset({"serve", "tui"})
#: A prompt of ``wordle play`` with what the player typed after it (Absurdle has no limit).
PROMPT = re.compile(r"^Guess \d+(?:/\d+)?: (?P<typed>.*)$")


@dataclass(frozen=True)
class Command:
    """One ``$ wordle …`` line of a console block and the output shown after it."""

    line: str
    args: tuple[str, ...]
    expected: str
    typed: tuple[str, ...] | None = None


@dataclass(frozen=True)
class Example:
    """One example block: where it is, its kind, its text and how it runs."""

    page: Path
    lineno: int
    lang: str
    text: str
    skip: str | None = None
    slow: bool = False
    typed: tuple[str, ...] | None = None
    commands: tuple[Command, ...] = field(default=())
    #: why the block cannot be run as written (the test fails with it)
    error: str | None = None

    @property
    def id(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.lineno}"


def read_examples(page: Path) -> list[Example]:
    """Every ``console`` and ``pycon`` block of ``page``, in order."""
    lines = page.read_text(encoding="utf-8").splitlines()
    found: list[Example] = []
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        lang, indent = m["lang"], len(m["indent"])
        start = i
        body: list[str] = []
        i += 1
        while i < len(lines) and not re.match(rf"^ {{{indent}}}```\s*$", lines[i]):
            body.append(lines[i][indent:])
            i += 1
        i += 1
        if lang not in ("console", "pycon"):
            continue
        skip, slow, typed = None, False, None
        d = DIRECTIVE.match(lines[start - 1]) if start else None
        if d and d["what"] == "skip":
            skip = d["rest"].strip() or None
            if skip is None:
                raise ValueError(f"{page}:{start}: say why an example is skipped")
        elif d and d["what"] == "slow":
            slow = True
        elif d and d["what"] == "input":
            typed = tuple(w.strip() for w in d["rest"].split(","))
        text = "\n".join(body) + "\n"
        commands: tuple[Command, ...] = ()
        error = None
        try:
            commands = parse_console(text, typed) if lang == "console" else ()
        except ValueError as e:
            error = str(e)
        found.append(Example(page, start + 1, lang, text, skip, slow, typed, commands, error))
    return found


def parse_console(text: str, typed: tuple[str, ...] | None = None) -> tuple[Command, ...]:
    """The commands of a console block, with the output shown after each."""
    commands: list[Command] = []
    current: str | None = None
    out: list[str] = []

    def close() -> None:
        if current is None:
            return
        args = shlex.split(current, comments=True)
        if not args or args[0] != "wordle":
            raise ValueError(f"a console example runs wordle, not: {current}")
        if len(args) > 1 and args[1] in FOREVER:
            raise ValueError(f"wordle {args[1]} runs until it is stopped: skip the example")
        shown = "\n".join(out).rstrip("\n")
        keys = typed if typed is not None else prompts(out)
        commands.append(Command(current, tuple(args[1:]), shown, keys))

    for line in text.splitlines():
        if line.startswith("$ "):
            close()
            current, out = line[2:], []
        elif current is None:
            if line.strip():
                raise ValueError(f"a console example starts with a $ command, not: {line}")
        else:
            out.append(line)
    close()
    return tuple(commands)


def prompts(out: list[str]) -> tuple[str, ...] | None:
    """What the player typed, read from the prompts echoed in the output (``None``: none)."""
    keys = tuple(m["typed"] for line in out if (m := PROMPT.match(line)))
    return keys or None


def all_examples() -> list[Example]:
    return [e for page in PAGES for e in read_examples(page)]
