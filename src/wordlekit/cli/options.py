"""The options several commands share, as decorators, and the choice type they use.

A choice is a :class:`NamedChoice` (a ``click.Choice``): click refuses an unknown value before
the command runs, with one line that names the kind of value and the choices, and ``--help``
and shell completion know them. Values are matched without regard to case, and ``_`` may be
typed for ``-`` (``letter_frequency``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias, TypeVar, get_args

import click

from wordlekit.core.feedback import PatternStyle
from wordlekit.core.game import ULTRAHARD_RULE
from wordlekit.core.rules import Mode
from wordlekit.errors import quoted
from wordlekit.solve.registry import strategy_names

F = TypeVar("F", bound=Callable[..., Any])


class Decorator(Protocol):
    """An option decorator: the command function it is given, with one more parameter."""

    def __call__(self, f: F, /) -> F: ...


#: ``--format``: how patterns are printed (``json`` is the same as ``--json``).
FORMATS = (*get_args(PatternStyle), "json")


if TYPE_CHECKING:
    StrChoice: TypeAlias = click.Choice[str]
else:  # click.Choice is generic from click 8.2 on, a plain class before
    StrChoice = click.Choice


class NamedChoice(StrChoice):
    """A choice among names; an unknown one is refused as "unknown NOUN 'x': choose one of …"."""

    def __init__(self, noun: str, choices: Sequence[str]) -> None:
        super().__init__(list(choices), case_sensitive=False)
        self.noun = noun

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        key = str(value).strip().lower().replace("_", "-")
        if key in self.choices:
            return key
        self.fail(
            f"unknown {self.noun} {quoted(value)}: choose one of {', '.join(self.choices)}",
            param,
            ctx,
        )


def combine(*decorators: Decorator) -> Decorator:
    """Several option decorators as one, applied in the order written (as if stacked)."""

    def apply(f: F) -> F:
        for decorator in reversed(decorators):
            f = decorator(f)
        return f

    return apply


def json_option(f: F) -> F:
    return click.option("--json", "json_", is_flag=True, help="Machine-readable JSON output.")(f)


def csv_option(help: str = "CSV output.") -> Decorator:
    return click.option("--csv", "csv_", is_flag=True, help=help)


def lists_option(f: F) -> F:
    return click.option(
        "--lists",
        "-l",
        default="original",
        show_default=True,
        metavar="LISTS",
        help="Word lists: original, nyt, or ANSWERS_FILE[,ALLOWED_FILE].",
    )(f)


def format_option(f: F) -> F:
    return click.option(
        "--format",
        "-f",
        "fmt",
        default="emoji",
        show_default=True,
        metavar="FORMAT",
        type=NamedChoice("format", FORMATS),
        help="How to print patterns: emoji, letters, digits or json (as --json).",
    )(f)


def hard_option(help: str = "Hard mode: every guess uses the hints.") -> Decorator:
    return click.option("--hard", is_flag=True, help=help)


def ultrahard_option(help: str | None = None) -> Decorator:
    """``--ultrahard``: every guess could still be the answer (it implies ``--hard``)."""
    return click.option(
        "--ultrahard",
        is_flag=True,
        help=help
        or f"Ultrahard mode: {ULTRAHARD_RULE} (the first guess may be any answer-list "
        "word; implies --hard).",
    )


def mode_options(hard_help: str | None = None, ultrahard_help: str | None = None) -> Decorator:
    """``--mode normal|hard|ultrahard``, with ``--hard`` and ``--ultrahard`` as its short
    forms: the command gets one ``mode`` parameter, a mode's name (the last given wins)."""
    return combine(
        click.option(
            "--mode",
            "mode",
            default="normal",
            show_default=True,
            metavar="MODE",
            type=NamedChoice("mode", [m.value for m in Mode]),
            help="The rules: normal, hard or ultrahard (as --hard, --ultrahard).",
        ),
        click.option(
            "--hard",
            "mode",
            flag_value="hard",
            help=hard_help or "Hard mode: every guess uses the hints (--mode hard).",
        ),
        click.option(
            "--ultrahard",
            "mode",
            flag_value="ultrahard",
            help=ultrahard_help
            or f"Ultrahard mode: {ULTRAHARD_RULE} (the first guess may be any answer-list "
            "word; --mode ultrahard).",
        ),
    )


def pool_option(f: F) -> F:
    """``--candidates-only``: the bot guesses only words that could still be the answer (the
    command gets ``pool``, a guess pool's name)."""
    return click.option(
        "--candidates-only",
        "pool",
        flag_value="candidates",
        default="valid",
        help="Guess only words that could still be the answer.",
    )(f)


def max_guesses_option(help: str | None = None) -> Decorator:
    return click.option(
        "--max-guesses",
        default=6,
        show_default=True,
        type=click.IntRange(1, 32),
        help=help or "Every answer must be found within this many guesses.",
    )


def strategy_option(
    help: str = "Strategy", *, short: bool = True, multiple: bool = False
) -> Decorator:
    """``--strategy NAME`` among the registry's strategies (``multiple``: repeatable, no
    default)."""
    names = strategy_names()
    return click.option(
        "--strategy",
        *(("-s",) if short else ()),
        "strategy",
        default=None if multiple else "entropy",
        show_default=not multiple,
        multiple=multiple,
        metavar="NAME",
        type=NamedChoice("strategy", names),
        help=f"{help}: {', '.join(names)}.",
    )


def top_option(default: int, help: str, *, short: bool = False) -> Decorator:
    return click.option(
        "--top",
        *(("-n",) if short else ()),
        default=default,
        show_default=True,
        type=click.IntRange(min=1),
        help=help,
    )


def limit_option(default: int, help: str) -> Decorator:
    return click.option(
        "--limit",
        "-n",
        default=default,
        show_default=bool(default),
        type=click.IntRange(min=0),
        help=help,
    )


def seed_option(help: str = "Seed of random play.") -> Decorator:
    return click.option("--seed", default=0, show_default=True, help=help)


def start_option(help: str = "Force the first guess.") -> Decorator:
    return click.option("--start", metavar="WORD", help=help)


def db_option(help: str) -> Decorator:
    return click.option("--db", "db", metavar="PATH", help=help)


def workers_option(help: str) -> Decorator:
    return click.option("--workers", type=click.IntRange(min=1), help=help)


def turns_argument(*, required: bool = False) -> Decorator:
    """``TURN...``: turns typed as ``GUESS:PATTERN``."""
    metavar = "TURN..." if required else "[TURN]..."
    return click.argument("turns", nargs=-1, required=required, metavar=metavar)


#: ``--daily DATE`` / ``--seed N``: which game to play (``wordle play``, ``wordle tui``).
game_options: Decorator = combine(
    click.option(
        "--daily", "-d", metavar="DATE", help="The daily puzzle of DATE (YYYY-MM-DD, today)."
    ),
    click.option("--seed", "-s", type=int, help="Practice game with this seed (repeatable)."),
)
