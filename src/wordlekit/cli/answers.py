"""The answer models on the command line: ``--answers list|likely|all`` and ``--add WORD``.

``list`` (the default) is the list's answers, as the original game chose them; ``likely`` and
``all`` let every valid word be the answer, weighted by the fitted prior
(:mod:`wordlekit.core.likely`) or equally (see
:meth:`~wordlekit.core.words.WordList.with_answers`). When no word fits the turns, the
message says what would help: with ``list``, how many valid words do fit (so
``--answers likely`` would find them); with ``likely`` or ``all``, that the answer may be a
word the lists do not know, and ``--add WORD`` adds it.

:class:`BotOptions` gathers them with the rules and the other options every strategy command
takes (``suggest``, ``solve``, ``bench`` and the multi-board bot).
"""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import click

from wordlekit.cli.options import (
    Decorator,
    F,
    NamedChoice,
    combine,
    json_option,
    lists_option,
    mode_options,
    pool_option,
    seed_option,
)
from wordlekit.core.constraints import LetterConstraints, impossible_reason
from wordlekit.core.feedback import Turn
from wordlekit.core.knowledge import Knowledge
from wordlekit.core.rules import GuessPool, Mode
from wordlekit.core.words import ANSWER_MODEL_TEXT, ANSWER_MODELS, WordList
from wordlekit.errors import InconsistentFeedbackError, InvalidWordError
from wordlekit.services.games import daily_date

ANSWERS_HELP = (
    "Which words may be the answer: list (the list's answers), likely (every valid word, "
    "weighted by how likely it is to be the answer) or all (every valid word, equally)."
)


def answers_option(help: str = ANSWERS_HELP) -> Decorator:
    """``--answers list|likely|all`` (default ``list``)."""
    return click.option(
        "--answers",
        default="list",
        show_default=True,
        metavar="MODEL",
        type=NamedChoice("answer model", ANSWER_MODELS),
        help=help,
    )


def add_option(f: F) -> F:
    return click.option(
        "--add",
        "add",
        multiple=True,
        metavar="WORD",
        help="Add WORD to the possible answers (and valid guesses): a word the lists do not "
        "know, or one they never give as an answer. Repeatable.",
    )(f)


DATE_HELP = (
    "With --answers likely: the puzzle's day (YYYY-MM-DD, today or none). The words the NYT "
    "served before it are weighed by how often it repeats answers; none weighs every word as "
    "if nothing had been served. Default: today (wordle bench: none)."
)


def date_option(f: F) -> F:
    """``--date DATE`` (the likely model's day; not given: the command's default)."""
    return click.option("--date", "date", default=None, metavar="DATE", help=DATE_HELP)(f)


def puzzle_date(text: str | None, default: str = "today") -> dt.date | None:
    """The day ``--date`` names (``None`` for ``none``): a date of a puzzle already out, as
    for the daily game (:func:`wordlekit.services.games.daily_date`)."""
    value = (text if text is not None else default).strip().lower()
    if value == "none":
        return None
    return daily_date(value)


#: ``--answers``, ``--add`` and ``--date`` together.
answer_options: Decorator = combine(answers_option(), add_option, date_option)


def load_words(
    lists: str,
    answers: str = "list",
    add: Sequence[str] = (),
    date: str | None = None,
    default_date: str = "today",
) -> WordList:
    """The word list ``--lists`` names, under the answer model, with the words added, as of
    ``--date`` (the likely model's day)."""
    on = puzzle_date(date, default_date) if answers == "likely" else None
    return WordList.load(lists).with_answers(answers, add, on=on)


def describe(wl: WordList) -> str:
    """Which words may be the answer, in words: "answers of the original list", "every valid
    word of the original list, weighted by how likely it is to be the answer on 2026-12-02"."""
    if wl.answer_model == "list":
        return f"answers of the {wl.name} list"
    added = wl.name.rpartition(f"-{wl.answer_model}")[2].partition("@")[0]
    words = ANSWER_MODEL_TEXT[wl.answer_model].split(", ", 1)
    more = f" and {added.lstrip('+')} added" if added else ""
    day = f" on {wl.as_of.isoformat()}" if wl.as_of is not None else ""
    return f"{words[0]} of the {base_name(wl)} list{more}, {words[1]}{day}"


def base_name(wl: WordList) -> str:
    """The name of the lists an answer model was derived from ("original")."""
    base, found, _ = wl.name.rpartition(f"-{wl.answer_model}")
    if wl.answer_model == "list" or not found:
        return wl.name.partition("+")[0]
    return base


def check_turn_words(wl: WordList, turns: Sequence[Turn]) -> None:
    """Refuse a guess the list does not know, saying how to add it."""
    for n, t in enumerate(turns, start=1):
        if t.length == wl.length and not wl.is_valid(t.guess):
            raise InvalidWordError(
                f"turn {n}: {t.guess.upper()} is not in the {wl.name} word list (if the game "
                f"took it, add it with --add {t.guess})"
            )


@contextmanager
def explain_no_fit(wl: WordList, turns: Sequence[Turn]) -> Iterator[None]:
    """Add to a "no word fits" error what would help (see the module docstring)."""
    check_turn_words(wl, turns)
    try:
        yield
    except InconsistentFeedbackError as e:
        turn = turns[e.turn - 1] if e.turn is not None and 0 < e.turn <= len(turns) else None
        if turn is None or impossible_reason(turn.guess, turn.pattern):
            raise  # no word at all gives this feedback
        conflict = LetterConstraints.from_turns(turns, wl.length).conflict()
        if conflict is not None:  # the turns contradict each other: no added word can help
            raise InconsistentFeedbackError(
                f"{e} (no word at all fits: {conflict})", turn=e.turn
            ) from None
        raise InconsistentFeedbackError(f"{e}{_advice(wl, turns)}", turn=e.turn) from None


def _advice(wl: WordList, turns: Sequence[Turn]) -> str:
    if wl.answer_model == "list":
        try:
            n = len(Knowledge(turns, wl, "valid"))
        except InconsistentFeedbackError:
            n = 0
        if n:
            fit = "1 valid word fits" if n == 1 else f"{n} valid words fit"
            if wl.any_word_model == "all":
                return f" ({fit} the turns: --answers all lets any valid word be the answer)"
            return (
                f" ({fit} the turns: --answers likely lets any valid word be the answer, "
                "weighted by how likely it is)"
            )
    return (
        f" (the answer may be a word the {base_name(wl)} lists do not know: add it with --add WORD)"
    )


@dataclass(frozen=True)
class BotOptions:
    """The options every strategy command takes."""

    mode: Mode
    pool: GuessPool
    lists: str
    seed: int
    json: bool
    answers: str = "list"
    add: tuple[str, ...] = ()
    date: str | None = None

    def wordlist(self, default_date: str = "today") -> WordList:
        """The word list under the answer model (``--lists``, ``--answers``, ``--add``) as of
        ``--date`` (``default_date`` when it is not given)."""
        return load_words(self.lists, self.answers, self.add, self.date, default_date)


def bot_options(f: Callable[..., Any]) -> Callable[..., Any]:
    """``--mode`` (``--hard``, ``--ultrahard``), ``--candidates-only``, ``--lists``,
    ``--answers``, ``--add``, ``--seed`` and ``--json``, given to the command as one
    :class:`BotOptions` argument ``bot``."""

    @functools.wraps(f)
    def command(**params: Any) -> Any:
        names = ("mode", "pool", "lists", "seed", "answers", "add", "date")
        bot = BotOptions(
            **{k: params.pop(k) for k in names},
            json=params.pop("json_"),
        )
        return f(**params, bot=bot)

    return combine(
        mode_options(),
        pool_option,
        lists_option,
        answers_option(),
        add_option,
        date_option,
        seed_option(),
        json_option,
    )(command)
