"""The rules a game is played under, as one value: :class:`Rules`.

- :class:`Mode`: ``normal``, ``hard`` (the NYT rule: every green stays in place, every
  revealed letter is used again with its count) or ``ultrahard`` (every guess could still be
  the answer: a word of the answer list consistent with all the feedback so far; it obeys
  hard mode too).
- :class:`Host`: who answers the guesses: a ``fixed`` answer per board drawn at the start, or
  an ``adversary`` that keeps its options open (Absurdle).
- :class:`GuessPool`: which words a *bot* may play (every valid word, or only the words that
  could still be the answer). Not a rule of the game: the rules' mode decides what a player
  may guess; the pool narrows what a strategy chooses from within that.
- :class:`Rules`: the word list (with its length and alphabet), the mode, the number of boards,
  the guess limit (``None``: no limit, as in Absurdle) and the host.

The checks of each mode are here too (:func:`mode_violation` for one board, and
:func:`boards_violation` for several), so every game, the helper and the bot apply the same
rule.

```pycon
>>> Rules()
Rules(original, normal, boards=1, max_guesses=6, host=fixed)
>>> Rules(mode="hard").mode.hard, Mode.ULTRAHARD.hard, Mode.ULTRAHARD.candidates_only
(True, True, True)

```
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import TypeVar

from wordlekit.core.feedback import Tile, Turn, format_pattern, score
from wordlekit.core.words import WordList
from wordlekit.errors import VariantError, WordleError, quoted

#: The most boards a game may have (Duotrigordle's 32 twice over; a sanity limit).
MAX_BOARDS = 64

E = TypeVar("E", bound=enum.StrEnum)

_ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th")
_COUNTS = ("", "", "two", "three", "four", "five", "six", "seven", "eight")


class Mode(enum.StrEnum):
    """How strict the game is about what may be guessed."""

    NORMAL = "normal"
    HARD = "hard"
    ULTRAHARD = "ultrahard"

    @property
    def hard(self) -> bool:
        """Whether revealed hints must be used (hard mode, and ultrahard mode with it)."""
        return self is not Mode.NORMAL

    @property
    def candidates_only(self) -> bool:
        """Whether every guess must be a word that could still be the answer."""
        return self is Mode.ULTRAHARD

    @property
    def star(self) -> str:
        """The share grid's mark: ``*`` for hard mode (as the NYT), ``**`` for ultrahard."""
        return {"normal": "", "hard": "*", "ultrahard": "**"}[self.value]

    @property
    def code(self) -> int:
        """0, 1 or 2: the mode as the compiled kernels take it."""
        return {"normal": 0, "hard": 1, "ultrahard": 2}[self.value]

    @classmethod
    def parse(cls, value: str | Mode) -> Mode:
        """A mode from its name (case-insensitive).

        ```pycon
        >>> Mode.parse("Hard")
        <Mode.HARD: 'hard'>

        ```
        """
        return _parse(cls, value, "mode")


class Host(enum.StrEnum):
    """Who gives the feedback."""

    FIXED = "fixed"  # an answer per board, drawn when the game starts
    ADVERSARY = "adversary"  # Absurdle: the largest group of words, never a word


class GuessPool(enum.StrEnum):
    """Which words a strategy chooses from (within what the rules' mode allows)."""

    VALID = "valid"  # every valid guess
    CANDIDATES = "candidates"  # only the words that could still be the answer

    @classmethod
    def parse(cls, value: str | GuessPool) -> GuessPool:
        """A guess pool from its name (case-insensitive)."""
        return _parse(cls, value, "guess pool")


def _parse(kind: type[E], value: str | E, what: str) -> E:
    """The member of the string enum ``kind`` named ``value``, or a one-line refusal."""
    if isinstance(value, kind):
        return value
    try:
        return kind(str(value).strip().lower())
    except ValueError:
        names = ", ".join(m.value for m in kind)
        raise WordleError(f"unknown {what} {quoted(value)}: choose one of {names}") from None


@dataclass(frozen=True)
class Rules:
    """Everything a game is played under.

    ``mode`` may be given by name. ``max_guesses`` is ``None`` for a game with no guess limit
    (Absurdle's host is beaten in a few guesses, however many it takes).

    ```pycon
    >>> Rules(boards=4, max_guesses=9)
    Rules(original, normal, boards=4, max_guesses=9, host=fixed)
    >>> Rules(boards=4, max_guesses=3)
    Traceback (most recent call last):
    ...
    wordlekit.errors.VariantError: 4 boards need at least 4 guesses (one per board), not 3

    ```
    """

    wordlist: WordList = field(default_factory=WordList.bundled)
    mode: Mode = Mode.NORMAL
    boards: int = 1
    max_guesses: int | None = 6
    host: Host = Host.FIXED

    def __post_init__(self) -> None:
        object.__setattr__(self, "mode", Mode.parse(self.mode))
        object.__setattr__(self, "host", Host(self.host))
        if not 1 <= self.boards <= MAX_BOARDS:
            raise VariantError(f"a game has 1 to {MAX_BOARDS} boards, not {self.boards}")
        if self.host is Host.ADVERSARY and self.boards != 1:
            raise VariantError("an adversary host plays one board")
        limit = self.max_guesses
        if limit is not None:
            if limit < 1:
                raise VariantError(f"a game needs at least one guess, not {limit}")
            # Every board needs a turn of its own (its answer guessed): fewer guesses than
            # boards could never be won.
            if limit < self.boards:
                raise VariantError(
                    f"{self.boards} boards need at least {self.boards} guesses (one per "
                    f"board), not {limit}"
                )
            if limit > 10 * self.boards + 20:
                raise VariantError(
                    f"at most {10 * self.boards + 20} guesses for {self.boards} "
                    f"board{'s' if self.boards != 1 else ''}"
                )

    def __repr__(self) -> str:
        return (
            f"Rules({self.wordlist.name}, {self.mode.value}, boards={self.boards}, "
            f"max_guesses={self.max_guesses}, host={self.host.value})"
        )

    @property
    def length(self) -> int:
        return self.wordlist.length

    def with_mode(self, mode: Mode | str) -> Rules:
        return replace(self, mode=Mode.parse(mode))

    def with_wordlist(self, wordlist: WordList) -> Rules:
        return replace(self, wordlist=wordlist)


# The checks of each mode ---------------------------------------------------------------------


def _hard_reason(turn: Turn, guess: str, counts: Counter[str]) -> tuple[int, str, int] | None:
    """The first hard-mode rule of ``turn`` that ``guess`` breaks: ``(position, letter, 0)``
    for a green left out of place, ``(-1, letter, need)`` for a revealed letter used too few
    times; ``None`` if it obeys the turn."""
    tiles = turn.tiles
    for i, (letter, tile) in enumerate(zip(turn.guess, tiles, strict=True)):
        if tile is Tile.GREEN and guess[i] != letter:
            return i, letter, 0
    revealed = Counter(
        letter for letter, tile in zip(turn.guess, tiles, strict=True) if tile is not Tile.GRAY
    )
    for letter in sorted(revealed, key=turn.guess.index):
        need = revealed[letter]
        if counts[letter] < need:
            return -1, letter, need
    return None


def _first_hard_reason(history: Iterable[Turn], guess: str) -> tuple[Turn, int, str, int] | None:
    """The first turn of ``history`` whose hard-mode rule ``guess`` breaks, with the rule
    broken (see :func:`_hard_reason`), or ``None``."""
    counts = Counter(guess)
    for turn in history:
        reason = _hard_reason(turn, guess, counts)
        if reason is not None:
            return (turn, *reason)
    return None


def _copies(letter: str, need: int) -> str:
    """``A``, or ``two Es``: how many copies of a letter, for a message."""
    return f"{_COUNTS[need]} {letter.upper()}s" if need > 1 else letter.upper()


def hard_mode_violation(history: Iterable[Turn], guess: str) -> str | None:
    """Why ``guess`` breaks the hard-mode rule after ``history``, or ``None``.

    The NYT rule: every green stays in place, and every letter revealed (yellow or green) is
    used again, as many times as it was revealed in one turn.

    ```pycon
    >>> hard_mode_violation([Turn.parse("crane:bbybb")], "salty")
    >>> hard_mode_violation([Turn.parse("crane:bbybb")], "moist")
    'Guess must contain A'
    >>> hard_mode_violation([Turn.parse("crane:bbygb")], "plain")
    '4th letter must be N'

    ```
    """
    broken = _first_hard_reason(history, guess)
    if broken is None:
        return None
    _, i, letter, need = broken
    if need == 0:
        return f"{_ORDINALS[i]} letter must be {letter.upper()}"
    return f"Guess must contain {_copies(letter, need)}"


#: The ultrahard rule in one sentence, as the help texts and the pages give it.
ULTRAHARD_RULE = (
    "every guess must be a word that could still be the answer: a word of the answer list "
    "consistent with all the feedback so far"
)

#: Hard mode on several boards, in one sentence (see :func:`boards_violation`).
BOARDS_HARD_RULE = (
    "every guess obeys the hard-mode rule on every board still being played: each board's "
    "greens stay in place and each letter a board revealed is used again with its count"
)


def _an(letter: str) -> str:
    """The article before a letter's name: an A, an F, a B."""
    return "an" if letter.upper() in "AEFHILMNORSX" else "a"


def ultrahard_violation(history: Iterable[Turn], guess: str, wordlist: WordList) -> str | None:
    """Why ``guess`` is refused in ultrahard mode after ``history``, or ``None``.

    The ultrahard rule: every guess must be a word that could still be the answer, a word of
    the answer list consistent with all the feedback so far (it would show exactly the colours
    every earlier guess showed, were it the answer). A consistent word obeys hard mode too.
    The reason given is the hard-mode rule it breaks where there is one, otherwise the first
    earlier turn it contradicts, with the colours that turn would have shown (``g``/``y``/``b``).

    ```pycon
    >>> wl = WordList.bundled()
    >>> ultrahard_violation([], "salet", wl)
    'SALET cannot be the answer: it is not in the answer list'
    >>> ultrahard_violation([Turn.parse("crane:bbybb")], "moist", wl)
    'MOIST cannot be the answer: CRANE showed A yellow, so it would need an A'
    >>> ultrahard_violation([Turn.parse("crane:bbygb")], "plain", wl)
    'PLAIN cannot be the answer: CRANE showed N green, so its 4th letter would be N'
    >>> ultrahard_violation([Turn.parse("crane:bbybb")], "alone", wl)
    'ALONE cannot be the answer: CRANE would have shown bbygg, not bbybb'
    >>> ultrahard_violation([Turn.parse("crane:bbybb")], "salty", wl)

    ```
    """
    head = f"{guess.upper()} cannot be the answer"
    if not wordlist.is_answer(guess):
        return f"{head}: it is not in the answer list"
    turns = list(history)
    broken = _first_hard_reason(turns, guess)
    if broken is not None:
        turn, i, letter, need = broken
        shown = turn.guess.upper()
        if need == 0:
            return (
                f"{head}: {shown} showed {letter.upper()} green, so its {_ORDINALS[i]} letter "
                f"would be {letter.upper()}"
            )
        # One copy revealed and not missing from its place: it was yellow.
        if need == 1:
            big = letter.upper()
            return f"{head}: {shown} showed {big} yellow, so it would need {_an(letter)} {big}"
        copies = _copies(letter, need)
        return f"{head}: {shown} showed {copies}, so it would need {copies}"
    for turn in turns:
        would = score(turn.guess, guess)
        if would != turn.pattern:
            n = len(guess)
            was = format_pattern(turn.pattern, n, "letters")
            return (
                f"{head}: {turn.guess.upper()} would have shown "
                f"{format_pattern(would, n, 'letters')}, not {was}"
            )
    return None


def mode_violation(
    mode: Mode, history: Sequence[Turn], guess: str, wordlist: WordList
) -> str | None:
    """Why ``mode`` refuses ``guess`` after ``history`` on one board, or ``None``."""
    if mode is Mode.ULTRAHARD:
        return ultrahard_violation(history, guess, wordlist)
    if mode is Mode.HARD:
        return hard_mode_violation(history, guess)
    return None


def boards_violation(
    mode: Mode,
    boards: Sequence[Sequence[Turn]],
    guess: str,
    wordlist: WordList,
    numbers: Sequence[int] | None = None,
) -> str | None:
    """Why ``mode`` refuses ``guess`` on a game of several boards, or ``None``.

    ``boards`` are the turns of the boards still being played (a solved board asks nothing
    more of later guesses). The rule, per board as the NYT rule is for one:

    - hard mode: the guess obeys the hard-mode rule on **every** board still being played
      (its greens in place, its revealed letters used with their counts);
    - ultrahard mode: that, and the guess could still be the answer of **at least one** of
      those boards (a word of the answer list consistent with that board's feedback).

    The message names the board by its number in ``numbers`` (the boards' numbers in the
    game, from 1; by default they are numbered in the order given).

    ```pycon
    >>> b1 = [Turn.parse("crane:bbygb")]
    >>> b2 = [Turn.parse("crane:gbbbb")]
    >>> boards_violation(Mode.HARD, [b1, b2], "chant", WordList.bundled())
    >>> boards_violation(Mode.HARD, [b1, b2], "plank", WordList.bundled())
    'board 2: 1st letter must be C'

    ```
    """
    if not mode.hard or not boards:
        return None
    if len(boards) == 1:  # the one-board rule, in its own words
        return mode_violation(mode, boards[0], guess, wordlist)
    names = list(numbers) if numbers is not None else list(range(1, len(boards) + 1))
    for b, turns in zip(names, boards, strict=True):
        reason = hard_mode_violation(turns, guess)
        if reason:
            return f"board {b}: {reason}"
    if mode is Mode.ULTRAHARD:
        reasons = [ultrahard_violation(turns, guess, wordlist) for turns in boards]
        if all(reasons):
            return (
                f"{guess.upper()} cannot be the answer of any board still being played "
                f"(board {names[0]}: {(reasons[0] or '').split(': ', 1)[-1]})"
            )
    return None
