"""The options several commands share, as decorators, and the choice type they use.

- :func:`mode_options`: the rules' mode as one option group, ``--mode normal|hard|ultrahard``
  with ``--hard`` and ``--ultrahard`` as its short forms; the command receives one
  :class:`~wordlekit.core.rules.Mode`, never booleans.
- :data:`variant_options` (``--variant``, ``--boards``, ``--max-guesses``) and
  :data:`game_options` (``--daily [DATE]``, ``--seed``): which game; the variants are the
  registry's (:func:`wordlekit.services.games.variants`).

A choice is a :class:`NamedChoice` (a ``click.Choice``): click refuses an unknown value before
the command runs, with one line that names the kind of value and the choices, and ``--help``
and shell completion know them. Values are matched without regard to case, and ``_`` may be
typed for ``-`` (``letter_frequency``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias, TypeVar, cast, get_args

import click

from wordlekit.core.feedback import PatternStyle
from wordlekit.core.rules import ULTRAHARD_RULE, GuessPool, Mode
from wordlekit.core.words import (
    BUNDLED,
    MAX_WORD_LENGTH,
    MIN_WORD_LENGTH,
    alphabet_of,
    bundled_language,
    find_bundled,
)
from wordlekit.errors import WordListError, quoted

if TYPE_CHECKING:
    from wordlekit.services.catalog import StrategyInfo
    from wordlekit.services.views import VariantInfo

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
    """``--lists NAME|FILES``, ``--lang CODE`` and ``--length N``, given to the command as one
    list spec, ``lists`` (see :func:`list_spec`)."""

    @functools.wraps(f)
    def wrapper(*args: Any, lang: str | None, length: int | None, **kwargs: Any) -> Any:
        kwargs["lists"] = list_spec(kwargs.get("lists"), lang, length)
        return f(*args, **kwargs)

    for option in (
        click.option(
            "--length",
            type=click.IntRange(MIN_WORD_LENGTH, MAX_WORD_LENGTH),
            metavar="N",
            help="Word length of the bundled list of --lang (English by default): 4 to 8.",
        ),
        click.option(
            "--lang",
            metavar="CODE",
            help="Language of the bundled list (en, de, es, fr, it, nl, pt; see `wordle lists`);"
            " with --lists FILES, the alphabet the files are read with.",
        ),
        click.option(
            "--lists",
            "-l",
            default=None,
            metavar="LISTS",
            help="Word lists: original (default), nyt, a bundled list such as es-5 or en-6 "
            "(`wordle lists`), or ANSWERS_FILE[,ALLOWED_FILE].",
        ),
    ):
        wrapper = option(wrapper)
    return cast(F, wrapper)


def list_spec(lists: str | None, lang: str | None, length: int | None) -> str:
    """One list spec from ``--lists``, ``--lang`` and ``--length``: a bundled list's name,
    or files (``LANG:FILES`` when a language is given for them)."""
    if lists is None or not lists.strip():
        return find_bundled(lang, length)
    spec = lists.strip()
    if length is not None:
        raise WordListError("give --lists or --length, not both (a list has one length)")
    if lang is None:
        return spec
    if spec in BUNDLED:
        if bundled_language(spec) != lang.strip().lower():
            raise WordListError(
                f"the {spec} list is in {bundled_language(spec)}, not {quoted(lang)}: "
                "give --lists or --lang, not both"
            )
        return spec
    alphabet_of(lang)  # a language with an alphabet, or a one-line error
    return f"{lang.strip().lower()}:{spec}"


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


#: What ``--ultrahard`` says by default.
ULTRAHARD_HELP = (
    f"Ultrahard mode: {ULTRAHARD_RULE} (the first guess may be any answer-list word; implies "
    "--hard)."
)


def mode_options(
    hard_help: str = "Hard mode: every guess uses the hints.",
    ultrahard_help: str = ULTRAHARD_HELP,
    *,
    modes: Iterable[Mode] = tuple(Mode),
) -> Decorator:
    """``--mode NAME`` with ``--hard`` and ``--ultrahard`` as its short forms (the last one
    given wins), handed to the command as one ``mode`` parameter, a :class:`Mode`.

    ``modes`` are the modes the command offers (``--ultrahard`` only when it is one of them).
    """
    offered = tuple(modes)
    names = [m.value for m in offered]
    flags = [
        click.option("--hard", "mode", flag_value=Mode.HARD.value, help=hard_help),
        click.option("--ultrahard", "mode", flag_value=Mode.ULTRAHARD.value, help=ultrahard_help),
    ]
    shown = [
        flag for flag, m in zip(flags, (Mode.HARD, Mode.ULTRAHARD), strict=True) if m in offered
    ]

    def apply(f: F) -> F:
        @functools.wraps(f)
        def command(*args: Any, mode: str, **params: Any) -> Any:
            return f(*args, mode=Mode.parse(mode), **params)

        return combine(
            click.option(
                "--mode",
                "mode",
                default=Mode.NORMAL.value,
                show_default=True,
                metavar="MODE",
                type=NamedChoice("mode", names),
                help=f"The rules: {', '.join(names[:-1])} or {names[-1]}"
                f" ({' or '.join(f'--{n}' for n in names[1:])} for short).",
            ),
            *shown,
        )(command)  # type: ignore[return-value]

    return apply


def hard_option(help: str = "Hard mode: every guess uses the hints.") -> Decorator:
    """``--hard`` as a flag of its own: only ``wordle tui`` (whose app takes booleans yet)."""
    return click.option("--hard", is_flag=True, help=help)


def ultrahard_option(help: str | None = None) -> Decorator:
    """``--ultrahard`` as a flag of its own: only ``wordle tui`` (see :func:`hard_option`)."""
    return click.option("--ultrahard", is_flag=True, help=help or ULTRAHARD_HELP)


def pool_option(f: F) -> F:
    """``--candidates-only``: the bot guesses only words that could still be the answer (the
    command gets ``pool``, a :class:`~wordlekit.core.rules.GuessPool`)."""
    return click.option(
        "--candidates-only",
        "pool",
        flag_value=GuessPool.CANDIDATES.value,
        default=GuessPool.VALID.value,
        callback=lambda ctx, param, value: GuessPool.parse(value),
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


def strategies(boards: int = 1) -> list[StrategyInfo]:
    """The services' catalog of strategies, imported when a command asks for it: the catalog
    imports every strategy's module, which commands without ``--strategy`` (``wordle
    optimal``) need not pay for at start-up."""
    from wordlekit.services.catalog import strategies as catalog

    return list(catalog(boards))


def variants() -> list[VariantInfo]:
    """The registry's variants, imported when a command with ``--variant`` is defined."""
    from wordlekit.services.games import variants as registry

    return list(registry())


def strategy_names(boards: int = 1) -> list[str]:
    """The names of the strategies for games of ``boards`` boards (the services' catalog)."""
    return [s.name for s in strategies(boards)]


def strategy_summary(name: str, boards: int = 1) -> str:
    """What the strategy ``name`` does, in a few words (the catalog's summary)."""
    return next((s.summary for s in strategies(boards) if s.name == name), "")


def strategy_option(
    help: str = "Strategy", *, short: bool = True, multiple: bool = False
) -> Decorator:
    """``--strategy NAME`` among the strategies of one board (``multiple``: repeatable, no
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


def count_option(
    flag: str, help: str, *, minimum: int = 0, default: int | None = None
) -> Decorator:
    """An option whose value is a whole number from ``minimum`` (none by default: the
    command's own limit)."""
    return click.option(
        flag, default=default, show_default=default is not None,
        type=click.IntRange(min=minimum), help=help,
    )  # fmt: skip


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


#: ``--daily [DATE]`` / ``--seed N``: which game to play (``wordle play``, ``wordle tui``).
game_options: Decorator = combine(
    click.option(
        "--daily",
        "-d",
        metavar="[DATE]",
        is_flag=False,
        flag_value="today",
        help="The daily puzzle of DATE (YYYY-MM-DD; today when no date is given).",
    ),
    click.option(
        "--seed",
        "-s",
        type=int,
        help="A practice game with this seed (the same seed, the same game).",
    ),
)


def _variant_list() -> str:
    """The registry's variants as the help lists them: ``quordle (4 boards, 9 guesses)``."""
    items = []
    for v in variants():
        limit = "no limit" if v.max_guesses is None else f"{v.max_guesses} guesses"
        boards = "1 board" if v.boards == 1 else f"{v.boards} boards"
        items.append(f"{v.name} ({boards}, {limit})")
    return ", ".join(items)


#: ``--variant NAME``, ``--boards N`` and ``--max-guesses M``: which variant (a custom one of
#: N boards with ``--boards``), for ``play`` and, with several boards, ``solve`` and ``bench``.
def _variant_options() -> Decorator:
    return combine(
        click.option(
            "--variant",
            default=None,
            metavar="NAME",
            type=NamedChoice("variant", [v.name for v in variants()]),
            help=f"The variant: {_variant_list()}.",
        ),
        click.option(
            "--boards",
            type=int,
            default=None,
            metavar="N",
            help="N boards at once (2 Dordle, 4 Quordle, 8 Octordle, 16, 32, any N up to 64).",
        ),
        click.option(
            "--max-guesses",
            type=int,
            default=None,
            metavar="M",
            help="The guess limit of a custom variant (default: 6 for one board, boards + 5).",
        ),
    )


class Lazy:
    """A decorator made on its first use: :data:`variant_options` asks the variant registry
    (which imports the games service) only when a command that has the options is defined."""

    def __init__(self, make: Callable[[], Decorator]) -> None:
        self._make = make
        self._decorator: Decorator | None = None

    def __call__(self, f: F) -> F:
        if self._decorator is None:
            self._decorator = self._make()
        return self._decorator(f)


variant_options: Decorator = Lazy(_variant_options)
