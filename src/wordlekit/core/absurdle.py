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

Hard mode is the NYT rule of :func:`wordlekit.core.game.hard_mode_violation` applied to the
patterns the host showed. Challenge mode names a target: you win by making the host end on
it, and lose as soon as the target leaves the group the host keeps.

>>> g = AbsurdleGame.new(WordList.from_words(["abcd", "abce", "wxyz"]))
>>> g = g.guess("abcd")       # three groups of one: the host shows the fewest greens
>>> g.last.format("letters"), g.remaining
('abcd:bbbb', ('wxyz',))
>>> g.guess("wxyz").status
<Status.WON: 'won'>
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache

import numpy as np

from wordlekit.core.codes import encode, patterns_against
from wordlekit.core.feedback import Pattern, Turn, all_green, format_pattern, pattern_count, score
from wordlekit.core.game import Status, hard_mode_violation
from wordlekit.core.words import WordList
from wordlekit.errors import GameOverError, HardModeError, InvalidWordError, shown

__all__ = [
    "AbsurdleGame",
    "host_choice",
    "host_order",
    "host_preference",
    "kept_by_pattern",
]


def host_preference(pattern: Pattern, length: int) -> tuple[int, int, tuple[int, ...]]:
    """The sort key of the tie-break among groups of one size: smaller is preferred.

    (greens, yellows, tiles from the first letter).

    >>> # gray first letter, yellow second beats yellow first letter
    >>> host_preference(0, 5) < host_preference(3, 5) < host_preference(1, 5)
    True
    >>> host_preference(1, 5) < host_preference(2, 5)   # a yellow before a green
    True
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

    >>> host_choice([0, 0, 1, 1, 2], 5)   # two groups of two: fewest yellows wins
    0
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
    pats = patterns_against(encode([guess])[0], encode(words))
    p = host_choice(pats.tolist(), len(guess))
    kept = tuple(np.asarray(words, dtype=object)[pats == p].tolist())
    return p, kept


@dataclass(frozen=True)
class AbsurdleGame:
    """One game of Absurdle: a value (:meth:`guess` returns the next game).

    ``remaining`` are the words the host still holds, in answer-list order; ``target`` (a
    possible answer) makes it a challenge; ``hard`` enforces the NYT hard-mode rule.
    """

    wordlist: WordList = field(repr=False)
    remaining: tuple[str, ...]
    turns: tuple[Turn, ...] = ()
    hard: bool = False
    target: str | None = None
    #: The word the host lost in a challenge (the target left its group): the game is lost.
    lost_target: bool = False

    @classmethod
    def new(
        cls, wordlist: WordList | None = None, *, hard: bool = False, target: str | None = None
    ) -> AbsurdleGame:
        """A game on every answer of ``wordlist`` (the ``original`` list by default)."""
        wl = wordlist or WordList.bundled()
        t = wl.check_answer(target) if target is not None else None
        return cls(wl, wl.answers, (), hard, t)

    @classmethod
    def replay(
        cls,
        words: Sequence[str],
        wordlist: WordList | None = None,
        *,
        hard: bool = False,
        target: str | None = None,
    ) -> AbsurdleGame:
        """The game after playing ``words`` in order."""
        game = cls.new(wordlist, hard=hard, target=target)
        for w in words:
            game = game.guess(w)
        return game

    @property
    def length(self) -> int:
        return self.wordlist.length

    @property
    def last(self) -> Turn | None:
        return self.turns[-1] if self.turns else None

    @property
    def status(self) -> Status:
        if self.lost_target:
            return Status.LOST
        if self.turns and self.turns[-1].pattern == all_green(self.length):
            return Status.WON
        return Status.PLAYING

    @property
    def over(self) -> bool:
        return self.status is not Status.PLAYING

    @property
    def rules(self) -> str:
        return "hard" if self.hard else "normal"

    def check(self, word: str) -> str:
        """Validate a guess without playing it; return it normalised, or raise."""
        if self.over:
            raise GameOverError(f"the game is over ({self.status.value})")
        w = self.wordlist.normalize(word)
        if not self.wordlist.is_valid(w):
            raise InvalidWordError(f"Not in word list: {w.upper()}")
        if self.hard:
            reason = hard_mode_violation(self.turns, w)
            if reason:
                raise HardModeError(reason)
        return w

    def guess(self, word: str) -> AbsurdleGame:
        """The game after ``word``: the host shows the pattern of its largest group."""
        w = self.check(word)
        pattern, kept = kept_by_pattern(w, self.remaining)
        lost = self.target is not None and self.target not in kept
        return AbsurdleGame(
            self.wordlist, kept, (*self.turns, Turn(w, pattern)), self.hard, self.target, lost
        )

    def outcome(self) -> str | None:
        """One sentence on how the game ended (``None`` while playing)."""
        n = len(self.turns)
        if self.status is Status.WON:
            head = f"Challenge won: {shown(self.turns[-1].guess)}" if self.target else "Won"
            return f"{head} in {n} guess{'es' if n != 1 else ''}."
        if self.status is Status.LOST:
            assert self.target is not None
            return (
                f"Challenge lost: {shown(self.target)} left the host's words after "
                f"{shown(self.turns[-1].guess)} ({len(self.remaining):,} words remain)."
            )
        return None

    def share(self) -> str:
        """The emoji grid: ``Absurdle 4/∞*`` (``*`` for hard mode) and one row per guess."""
        star = "*" if self.hard else ""
        tries = str(len(self.turns)) if self.status is Status.WON else "X"
        head = f"Absurdle {tries}/∞{star}"
        if self.target:
            head += f" (challenge: {self.target.upper()})"
        rows = [format_pattern(t.pattern, self.length) for t in self.turns]
        return head + "\n\n" + "\n".join(rows)
