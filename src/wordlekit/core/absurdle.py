"""Absurdle: the host that never picks a word, and keeps the largest group it can.

Absurdle (qntm, 2022) holds every answer of the list at the start. Each guess splits the words
the host still holds into groups by the feedback the guess would get from each (one group
per pattern, computed by :func:`~wordlekit.core.feedback.score` and nothing else); the host
shows the pattern of the **largest group** and keeps that group. The game ends when one word
is left and you guess it: all green.

The tie-break (two or more groups of the largest size) decides every game, so it is fixed
and documented here. qntm's page does not spell it out; independent reimplementations of
his rule (m1el/absurdle-solver ranks equal groups by fewest greens then fewest yellows; other
solvers add "then compare left to right") agree on the first two keys. wordlekit's rule:

1. the largest group;
2. then the pattern with the fewest greens;
3. then the fewest yellows;
4. then, reading the tiles from the first letter, the pattern with the lower tile at the
   first position where they differ (gray < yellow < green).

The fourth key is our choice (it completes the order, so the host is deterministic): the
host reveals as little as it can, as early in the word as it can. A consequence worth
knowing: all green has the most greens, so the host shows it only when it holds one word and
you guess that word.

Hard mode is the NYT rule of :func:`wordlekit.core.rules.hard_mode_violation` applied to
the patterns the host showed; ultrahard mode asks every guess to be one of the words the host
still holds (a word of the answer list consistent with every pattern shown). Challenge mode
names a target: you win by making the host end on it, and lose as soon as the target leaves
the group the host keeps. The daily game is the day's challenge (its target drawn from the
date), a practice game with a seed a challenge too; without a seed it is the free game.

```pycon
>>> from wordlekit.core.words import WordList
>>> g = ABSURDLE.practice(wordlist=WordList.from_words(["abcd", "abce", "wxyz"]))
>>> g = g.guess("abcd")       # three groups of one: the host shows the fewest greens
>>> g.turns[-1].format("letters"), g.remaining
('abcd:bbbb', ('wxyz',))
>>> g.guess("wxyz").status
<Status.WON: 'won'>

```
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import ClassVar, Self

import numpy as np

from wordlekit.core.codes import encode_together, patterns_against
from wordlekit.core.feedback import Pattern, pattern_count, score
from wordlekit.core.game import Game, Kind, Outcome, Status, Variant, is_link_label
from wordlekit.core.rules import Host, Rules
from wordlekit.core.words import day_number
from wordlekit.errors import VariantError, shown

__all__ = [
    "ABSURDLE",
    "AbsurdleGame",
    "host_choice",
    "host_order",
    "host_preference",
    "kept_by_pattern",
]


def host_preference(pattern: Pattern, length: int) -> tuple[int, int, tuple[int, ...]]:
    """The sort key of the tie-break among groups of one size: smaller is preferred.

    (greens, yellows, tiles from the first letter).

    ```pycon
    >>> # gray first letter, yellow second beats yellow first letter
    >>> host_preference(0, 5) < host_preference(3, 5) < host_preference(1, 5)
    True
    >>> host_preference(1, 5) < host_preference(2, 5)   # a yellow before a green
    True

    ```
    """
    tiles = tuple((pattern // 3**i) % 3 for i in range(length))
    return tiles.count(2), tiles.count(1), tiles


@cache
def host_order(length: int) -> tuple[int, ...]:
    """``rank[p]``: the place of pattern ``p`` in the tie-break order (0 is preferred).

    The compiled solver compares groups by ``(size, -rank)``; this table is that order.
    """
    patterns = sorted(range(pattern_count(length)), key=lambda p: host_preference(p, length))
    rank = [0] * len(patterns)
    for place, p in enumerate(patterns):
        rank[p] = place
    return tuple(rank)


def host_choice(patterns: Iterable[Pattern], length: int) -> Pattern:
    """The pattern the host shows, given the pattern each word it holds would show.

    ```pycon
    >>> host_choice([0, 0, 1, 1, 2], 5)   # two groups of two: fewest yellows wins
    0

    ```
    """
    counts: dict[Pattern, int] = {}
    for p in patterns:
        counts[p] = counts.get(p, 0) + 1
    if not counts:
        raise ValueError("the host holds no word")
    rank = host_order(length)
    return max(counts, key=lambda p: (counts[p], -rank[p]))


def kept_by_pattern(guess: str, words: Sequence[str]) -> tuple[Pattern, tuple[str, ...]]:
    """The pattern the host shows for ``guess`` and the words it keeps, in the given order.

    Vectorised with :func:`~wordlekit.core.codes.patterns_against` (tested equal to
    :func:`~wordlekit.core.feedback.score`).
    """
    if not words:
        raise ValueError("the host holds no word")
    if len(words) == 1:  # one word: no choice (and no array work)
        return score(guess, words[0]), (words[0],)
    guess_codes, word_codes = encode_together([guess], words)
    pats = patterns_against(guess_codes[0], word_codes)
    p = host_choice(pats.tolist(), len(guess))
    kept = tuple(np.asarray(words, dtype=object)[pats == p].tolist())
    return p, kept


@dataclass(frozen=True)
class AbsurdleGame(Game):
    """One game of Absurdle (see the module docstring).

    ``remaining`` are the words the host still holds, in answer-list order; ``target`` (a
    possible answer) makes it a challenge.
    """

    host: ClassVar[Host] = Host.ADVERSARY

    remaining: tuple[str, ...] = ()
    target: str | None = None

    @classmethod
    def start(cls, variant: Variant, rules: Rules, secret: tuple[str, ...], label: str) -> Self:
        target = secret[0] if secret else None
        return cls(variant, rules, label, remaining=rules.wordlist.answers, target=target)

    @classmethod
    def daily_secret(cls, variant: Variant, rules: Rules, day: dt.date) -> tuple[str, ...]:
        day_number(day)  # refuses dates before the first puzzle
        wl = rules.wordlist
        rng = random.Random(f"wordlekit {variant.name} {wl.content_hash} {day.isoformat()}")
        return (rng.choice(sorted(wl.answers)),)

    @classmethod
    def practice_secret(cls, variant: Variant, rules: Rules, seed: int | None) -> tuple[str, ...]:
        if seed is None:
            return ()
        if seed < 0:
            raise VariantError(f"a seed is a number from 0, not {seed}")
        rng = random.Random(f"wordlekit {variant.name} practice {seed}")
        return (rng.choice(sorted(rules.wordlist.answers)),)

    @classmethod
    def check_secret(cls, rules: Rules, words: Sequence[str]) -> tuple[str, ...]:
        targets = tuple(w for w in words if w)
        if len(targets) > 1:
            raise VariantError("an Absurdle challenge has one target word")
        return tuple(rules.wordlist.check_answer(w) for w in targets)

    @classmethod
    def label_for(
        cls, variant: Variant, kind: Kind, *, day: dt.date | None = None, seed: int | None = None
    ) -> str:
        if kind == "daily":
            assert day is not None
            return f"Absurdle challenge {day_number(day)}"
        if kind == "practice" and seed is not None:
            return f"Absurdle challenge #{seed}"
        return "Absurdle"

    @property
    def secret(self) -> tuple[str, ...]:
        return () if self.target is None else (self.target,)

    @property
    def lost_target(self) -> bool:
        """Whether the challenge is lost: the target left the host's words."""
        return self.target is not None and self.target not in self.remaining

    def host_words(self) -> tuple[str, ...]:
        return self.remaining

    def target_word(self) -> str | None:
        return self.target

    def lost_early(self) -> str | None:
        if self.lost_target:
            return "the target left the host's words"
        return None

    def feedback(self, word: str) -> tuple[tuple[Pattern | None, ...], Self]:
        """The host shows the pattern of its largest group and keeps that group."""
        pattern, kept = kept_by_pattern(word, self.remaining)
        return (pattern,), replace(self, remaining=kept)

    def outcome(self) -> Outcome | None:
        """How the game ended (``None`` while playing)."""
        n = len(self.guesses)
        status = self.status
        if status is Status.PLAYING:
            return None
        answers = (self.turns[-1].guess,) if status is Status.WON else self.secret
        if status is Status.WON:
            head = f"Challenge won: {shown(self.turns[-1].guess)}" if self.target else "Won"
            return self._outcome(f"{head} in {n} guess{'es' if n != 1 else ''}.", answers)
        assert self.target is not None
        return self._outcome(
            f"Challenge lost: {shown(self.target)} left the host's words after "
            f"{shown(self.turns[-1].guess)} ({len(self.remaining):,} words remain).",
            answers,
        )

    def share(self, *, dark: bool = True, high_contrast: bool = False, hints: int = 0) -> str:
        """The emoji grid: ``Absurdle 4/∞*`` (the mode's star) and one row per guess."""
        tries = self.share_count()
        if is_link_label(self.label):  # a challenge link's: named by its id, not its target
            head = f"{self.label}{self.list_mark} {tries}/∞{self.title_marks(hints)}"
        else:
            head = f"Absurdle{self.list_mark} {tries}/∞{self.title_marks(hints)}"
            if self.target:
                head += f" (challenge: {self.target.upper()})"
        rows = self.grid_rows(0, dark=dark, high_contrast=high_contrast)
        return head + "\n\n" + "\n".join(rows)


ABSURDLE = Variant(
    "absurdle",
    "Absurdle",
    AbsurdleGame,
    1,
    None,
    "the host keeps the largest group of words: corner it in as few guesses as you can",
)

#: The variants of this module (the registry, :mod:`wordlekit.core.variants`, collects them).
VARIANTS: tuple[Variant, ...] = (ABSURDLE,)
