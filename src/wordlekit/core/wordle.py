"""Wordle on one board or several: a fixed answer per board, drawn when the game starts.

Every guess goes to every board that is not solved yet, a board stops when its answer is
guessed, and the game is won when every board is solved within the guess limit. Each board's
feedback is :func:`~wordlekit.core.feedback.score`.

- The variants (:data:`VARIANTS`): ``classic`` (one board, six guesses), and the several-board
  games people play, Dordle 2/7, Quordle 4/9, Octordle 8/13, Sedecordle 16/21 and
  Duotrigordle 32/37; :func:`boards_variant` makes one of any N boards (N + 5 guesses by
  default, the rule every named one follows).
- The secret: the classic daily puzzle follows the original game's daily order; a practice
  game with a seed draws one answer with ``random.Random(seed)``. The answers of several
  boards are distinct words of the answer list, seeded from the variant, the list's content and
  the date (daily) or the seed (practice): the same boards for everyone, and different from
  the other variants' that day.
- The share grid: the classic one is the NYT's (``Wordle 241 3/6*``, one row per guess); the
  several-board one follows the variants' sites: the title (``Daily Quordle 1234``), each
  board's guess count as keycap emoji two boards a row (🟥 for a board not solved), as Quordle
  and Octordle print it (🔟 for 10, clock faces 🕚 🕛 🕐 for 11 to 13), then each pair of
  boards' colour rows side by side. Counts above 13 (Sedecordle, Duotrigordle) are written as
  two-digit numbers, four boards a row, without the colour rows (dozens of lines long).
- Hard mode on several boards: every guess obeys the hard-mode rule on every board still
  being played (:data:`~wordlekit.core.rules.BOARDS_HARD_RULE`). So a board whose answer
  breaks another unsolved board's hints cannot be solved while that board is unsolved; when
  that is true of every unsolved board, no board can ever be solved again and the game is lost
  there and then (:meth:`WordleGame.lost_early`).

```pycon
>>> g = CLASSIC.challenge(["cigar"]).guess("crane")
>>> g.turns[-1].format("letters"), g.status
('crane:gyybb', <Status.PLAYING: 'playing'>)
>>> g.guess("cigar").outcome().message
'Magnificent! Solved in 2/6.'

```
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Self

from wordlekit.core.feedback import Pattern, score
from wordlekit.core.game import Game, Kind, Outcome, Status, Variant
from wordlekit.core.rules import MAX_BOARDS, Mode, Rules, boards_violation
from wordlekit.core.words import WordList, day_number
from wordlekit.errors import InvalidWordError, VariantError

#: What the game says on a one-board win, by the number of guesses it took (as the NYT's).
PRAISE = ("Genius", "Magnificent", "Impressive", "Splendid", "Great", "Phew")

#: Keycap emoji for a board's guess count, as Quordle and Octordle share it.
_KEYCAPS = {n: f"{n}\ufe0f\u20e3" for n in range(1, 10)} | {
    10: "🔟",
    11: "🕚",
    12: "🕛",
    13: "🕐",
}
_FAILED = "🟥"


@dataclass(frozen=True)
class WordleGame(Game):
    """A game with a fixed answer per board (``answers``, hidden until the game is over)."""

    answers: tuple[str, ...] = ()

    # -- construction ----------------------------------------------------------------------

    @classmethod
    def start(cls, variant: Variant, rules: Rules, secret: tuple[str, ...], label: str) -> Self:
        return cls(variant, rules, label, answers=tuple(secret))

    @classmethod
    def daily_secret(cls, variant: Variant, rules: Rules, day: dt.date) -> tuple[str, ...]:
        wl = rules.wordlist
        if rules.boards == 1:
            return (wl.daily_answer(day),)
        day_number(day)  # refuses dates before the first puzzle
        seed = f"wordlekit {variant.name} {wl.content_hash} {day.isoformat()}"
        return _distinct(random.Random(seed), wl, rules.boards)

    @classmethod
    def practice_secret(cls, variant: Variant, rules: Rules, seed: int | None) -> tuple[str, ...]:
        wl = rules.wordlist
        if seed is not None and seed < 0:
            raise VariantError(f"a seed is a number from 0, not {seed}")
        if seed is None:
            return _distinct(random.SystemRandom(), wl, rules.boards)
        if rules.boards == 1:
            return (random.Random(seed).choice(sorted(wl.answers)),)
        return _distinct(
            random.Random(f"wordlekit {variant.name} practice {seed}"), wl, rules.boards
        )

    @classmethod
    def check_secret(cls, rules: Rules, words: Sequence[str]) -> tuple[str, ...]:
        answers = tuple(rules.wordlist.check_answer(w) for w in words)
        if len(answers) != rules.boards:
            raise VariantError(
                f"{rules.boards} boards need {rules.boards} answers, not {len(answers)}"
            )
        if len(set(answers)) != len(answers):
            raise InvalidWordError("the boards' answers must be distinct words")
        return answers

    @classmethod
    def label_for(
        cls, variant: Variant, kind: Kind, *, day: dt.date | None = None, seed: int | None = None
    ) -> str:
        one = variant.boards == 1
        if kind == "daily":
            assert day is not None
            return (
                f"Wordle {day_number(day)}" if one else f"Daily {variant.title} {day_number(day)}"
            )
        if kind == "challenge":
            return "wordlekit challenge" if one else f"{variant.title} challenge"
        number = "" if seed is None else f" #{seed}"
        return f"wordlekit practice{number}" if one else f"Practice {variant.title}{number}"

    # -- the host --------------------------------------------------------------------------

    @property
    def secret(self) -> tuple[str, ...]:
        return self.answers

    @property
    def answer(self) -> str:
        """The answer of a one-board game."""
        return self.answers[0]

    def feedback(self, word: str) -> tuple[tuple[Pattern | None, ...], Self]:
        patterns = tuple(
            None if board.solved else score(word, answer)
            for board, answer in zip(self.boards, self.answers, strict=True)
        )
        return patterns, self

    def lost_early(self) -> str | None:
        """Hard mode on several boards: lost once no unsolved board's answer may be played
        (each breaks another unsolved board's hints, and hints only pile up until a board is
        solved, so none ever could be again)."""
        if not self.mode.hard or self.rules.boards == 1:
            return None
        unsolved = self.unsolved
        if len(unsolved) < 2:
            return None
        playing = [self.boards[b].turns for b in unsolved]
        mode = Mode.HARD  # an answer is always a candidate of its own board
        if all(boards_violation(mode, playing, self.answers[b], self.wordlist) for b in unsolved):
            return (
                "no board can be solved any more: each answer left breaks the hints of "
                "another board still being played"
            )
        return None

    # -- the end ---------------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        status = self.status
        if status is Status.PLAYING:
            return None
        n, limit = len(self.guesses), self.rules.max_guesses
        if self.rules.boards == 1:
            if status is Status.WON:
                praise = PRAISE[min(n, len(PRAISE)) - 1]
                return self._outcome(f"{praise}! Solved in {n}/{limit}.", self.answers, praise)
            return self._outcome(
                f"Out of guesses. The answer was {self.answer.upper()}.", self.answers
            )
        boards = self.rules.boards
        if status is Status.WON:
            return self._outcome(f"Solved all {boards} boards in {n}/{limit}.", self.answers)
        missed = [self.answers[b].upper() for b in self.unsolved]
        why = self.lost_early()
        head = f"Lost: {why}" if why else "Out of guesses"
        return self._outcome(
            f"{head}: {boards - len(missed)} of {boards} boards solved. "
            f"Missed: {', '.join(missed)}.",
            self.answers,
        )

    def share(self, *, dark: bool = True, high_contrast: bool = False, hints: int = 0) -> str:
        """The share text: the NYT's grid for one board, the variants' format for several (see
        the module docstring). Hard mode is marked ``*`` after the count as the NYT does,
        ultrahard ``**`` (hard mode and more: a reader looking for the star still finds it);
        hints taken say so in plain words: ``Wordle 241 3/6* (1 hint)``.

        ```pycon
        >>> g = CLASSIC.challenge(["cigar"], mode="hard").guess("cigar")
        >>> g.share(hints=2).splitlines()[0]
        'wordlekit challenge 1/6* (2 hints)'
        >>> CLASSIC.challenge(["cigar"]).guess("crane").share().splitlines()[0]
        'wordlekit challenge -/6 (in progress)'

        ```
        """
        marks = self.title_marks(hints)
        if self.rules.boards == 1:
            tries = self.share_count()
            rows = self.grid_rows(0, dark=dark, high_contrast=high_contrast)
            head = f"{self.label}{self.list_mark} {tries}/{self.rules.max_guesses}{marks}"
            return head + "\n\n" + "\n".join(rows)
        limit = self.rules.max_guesses or 0
        counts = [_count_mark(n, limit) for n in self.solved_at]
        per_row = 2 if limit <= 13 else 4
        lines = [self.label + self.list_mark + marks]
        for i in range(0, len(counts), per_row):
            lines.append(("" if per_row == 2 else " ").join(counts[i : i + per_row]))
        if per_row == 2:
            for i in range(0, self.rules.boards, 2):
                lines.append("")
                lines.extend(
                    self._paired_rows(range(i, min(i + 2, self.rules.boards)), dark, high_contrast)
                )
        return "\n".join(lines)

    def _paired_rows(self, boards: range, dark: bool, high_contrast: bool) -> list[str]:
        rows = [self.grid_rows(b, dark=dark, high_contrast=high_contrast) for b in boards]
        blank = ("⬛" if dark else "⬜") * self.length
        depth = max(len(r) for r in rows)
        # A board solved early is padded with blank rows so its neighbour's rows line up, as
        # Quordle does.
        return [" ".join(r[k] if k < len(r) else blank for r in rows) for k in range(depth)]


def _distinct(rng: random.Random, wordlist: WordList, boards: int) -> tuple[str, ...]:
    answers = sorted(wordlist.answers)
    if boards > len(answers):
        raise VariantError(f"{boards} boards need {boards} answers; the list has {len(answers)}")
    return tuple(rng.sample(answers, boards))


def _count_mark(n: int | None, max_guesses: int) -> str:
    if max_guesses > 13:
        return "🟥🟥" if n is None else f"{n:02d}"
    return _FAILED if n is None else _KEYCAPS[n]


def random_games(boards: int, games: int, seed: int, wordlist: WordList) -> list[tuple[str, ...]]:
    """``games`` games of ``boards`` distinct answers each, from one generator seeded with
    ``seed``: a benchmark's games (the same seed, the same games, in the same order)."""
    if games < 0:
        raise VariantError(f"a number of games from 0, not {games}")
    rng = random.Random(seed)
    return [_distinct(rng, wordlist, boards) for _ in range(games)]


def _several(name: str, boards: int) -> Variant:
    return Variant(
        name,
        name.capitalize(),
        WordleGame,
        boards,
        boards + 5,
        f"{boards} boards at once, {boards + 5} guesses",
    )


CLASSIC = Variant("classic", "Wordle", WordleGame, 1, 6, "one word in six guesses")

#: The variants of this module, by name (the registry, :mod:`wordlekit.core.variants`,
#: collects them).
VARIANTS: tuple[Variant, ...] = (
    CLASSIC,
    _several("dordle", 2),
    _several("quordle", 4),
    _several("octordle", 8),
    _several("sedecordle", 16),
    _several("duotrigordle", 32),
)


def boards_variant(boards: int, max_guesses: int | None = None) -> Variant:
    """The variant of ``boards`` boards and ``max_guesses`` guesses: a named one when it is
    one (Quordle for 4 and 9), else a custom ``N-board`` (``N-board-M`` with M guesses other
    than N + 5).

    ```pycon
    >>> boards_variant(8).name, boards_variant(3).max_guesses, boards_variant(4, 10).name
    ('octordle', 8, '4-board-10')

    ```
    """
    if not 1 <= boards <= MAX_BOARDS:
        raise VariantError(f"a game has 1 to {MAX_BOARDS} boards, not {boards}")
    default = 6 if boards == 1 else boards + 5
    limit = default if max_guesses is None else max_guesses
    Rules(boards=boards, max_guesses=limit)  # the limits of any game (raises if out of range)
    for v in VARIANTS:
        if (v.boards, v.max_guesses) == (boards, limit):
            return v
    if boards == 1:
        return Variant(f"classic-{limit}", "Wordle", WordleGame, 1, limit, f"one word in {limit}")
    name = f"{boards}-board" if limit == default else f"{boards}-board-{limit}"
    return Variant(
        name, f"{boards}-board Wordle", WordleGame, boards, limit, f"{boards} boards at once"
    )
