"""What is known about the letters, for people to read, and the hints way in.

:class:`LetterConstraints` is the summary of a history of turns (placed letters, letters
excluded from positions, the least and most copies of each letter), derived for people: the
candidates themselves are always the exact rule's (:mod:`wordlekit.core.knowledge`), and the
tests check that every candidate satisfies the summary. It is also the second way in: the
"known pattern / letters in / letters out" input (``?r??e``, ``a``, ``st``) through
:meth:`LetterConstraints.from_hints` and :func:`filter_by_hints`.

:func:`impossible_reason` catches feedback no word can produce (a gray E before a yellow E; a
yellow letter with no free position) before any filtering.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

import numpy as np

from wordlekit.core.alphabet import LATIN, Alphabet
from wordlekit.core.codes import Codes
from wordlekit.core.feedback import Pattern, Tile, Turn, pattern_tiles
from wordlekit.core.words import WordList
from wordlekit.errors import InconsistentFeedbackError, InvalidPatternError, quoted

Pool = Literal["answers", "valid"]


def impossible_reason(guess: str, pattern: Pattern) -> str | None:
    """Why no string at all can give ``pattern`` for ``guess``, or ``None`` if one can.

    Two conditions decide it. Yellows are handed out left to right, so among the non-green
    copies of a letter the yellows must all come before the grays. And each yellow copy needs
    a non-green position, other than where that letter was guessed, to live in (a matching,
    found by augmenting paths; at most eight positions).
    """
    tiles = pattern_tiles(pattern, len(guess))
    for letter in set(guess):
        seen_gray = False
        for i, c in enumerate(guess):
            if c != letter or tiles[i] is Tile.GREEN:
                continue
            if tiles[i] is Tile.GRAY:
                seen_gray = True
            elif seen_gray:
                first_gray = next(
                    j for j, d in enumerate(guess) if d == letter and tiles[j] is Tile.GRAY
                )
                return (
                    f"the {letter.upper()} at position {i + 1} cannot be yellow when the "
                    f"{letter.upper()} at position {first_gray + 1} before it is gray "
                    "(yellows are given left to right)"
                )
    free = [i for i, t in enumerate(tiles) if t is not Tile.GREEN]
    yellow_letters = [guess[i] for i, t in enumerate(tiles) if t is Tile.YELLOW]
    owner: dict[int, int] = {}  # position -> index into yellow_letters

    def place(k: int, visited: set[int]) -> bool:
        for pos in free:
            if guess[pos] == yellow_letters[k] or pos in visited:
                continue
            visited.add(pos)
            if pos not in owner or place(owner[pos], visited):
                owner[pos] = k
                return True
        return False

    for k, letter in enumerate(yellow_letters):
        if not place(k, set()):
            return (
                f"there is no room for the yellow {letter.upper()}: every other free position "
                f"is green or already needed"
            )
    return None


@dataclass
class LetterConstraints:
    """A readable summary of what is known: placed letters, letters excluded from
    positions, and the least and most copies of each letter.

    ``max_count`` holds only letters whose count is bounded (0 for letters known absent).
    """

    length: int
    placed: dict[int, str] = field(default_factory=dict)
    excluded: dict[str, set[int]] = field(default_factory=dict)
    min_count: dict[str, int] = field(default_factory=dict)
    max_count: dict[str, int] = field(default_factory=dict)

    @classmethod
    def from_turn(cls, turn: Turn) -> LetterConstraints:
        c = cls(turn.length)
        tiles = turn.tiles
        for i, (letter, tile) in enumerate(zip(turn.guess, tiles, strict=True)):
            if tile is Tile.GREEN:
                c.placed[i] = letter
            else:
                c.excluded.setdefault(letter, set()).add(i)
        for letter in set(turn.guess):
            shown = sum(
                1
                for ch, t in zip(turn.guess, tiles, strict=True)
                if ch == letter and t is not Tile.GRAY
            )
            grays = sum(
                1
                for ch, t in zip(turn.guess, tiles, strict=True)
                if ch == letter and t is Tile.GRAY
            )
            if shown:
                c.min_count[letter] = shown
            if grays:
                c.max_count[letter] = shown
        return c

    @classmethod
    def from_turns(cls, turns: Iterable[Turn], length: int = 5) -> LetterConstraints:
        c = cls(length)
        for t in turns:
            c.merge(cls.from_turn(t))
        return c

    @classmethod
    def from_hints(
        cls,
        known: str | None = None,
        contains: str = "",
        absent: str = "",
        misplaced: Sequence[str] = (),
        length: int = 5,
        alphabet: Alphabet = LATIN,
    ) -> LetterConstraints:
        """The "known pattern / letters in / letters out" input.

        - ``known``: one character per position, a letter where it is green and ``?`` (or
          ``.``, ``_``, ``-``, ``*``) where unknown, e.g. ``?r??e``.
        - ``contains``: letters in the word somewhere; list a letter twice for two copies
          (``ee``). A green letter counts: ``known=????e, contains=e`` means one E or more.
        - ``misplaced``: rows like ``known`` whose letters are yellow: in the word, but not at
          that position (``a????``: an A, not first).
        - ``absent``: letters out. A letter also green, yellow or in ``contains`` is not
          removed: it has exactly as many copies as are known (a gray second E means one E).
        """
        c = cls(length)
        if known:
            c.add_row("known", known, alphabet)
        for row in misplaced:
            c.add_row("misplaced", row, alphabet)
        for name, letters in (("contains", contains), ("absent", absent)):
            bad = [ch for ch in letters.lower() if ch not in alphabet.codes]
            if bad:
                raise InvalidPatternError(
                    f"bad letters {''.join(bad)!r} in {name}: use {alphabet.shown()}"
                )
        for letter, n in Counter(contains.lower()).items():
            c.min_count[letter] = max(c.min_count.get(letter, 0), n)
        for letter in set(absent.lower()):
            c.max_count[letter] = c.min_count.get(letter, 0)
        return c

    def add_row(self, kind: str, row: str, alphabet: Alphabet = LATIN) -> None:
        """A ``known`` row places its letters; a ``misplaced`` row excludes them from there."""
        row = row.strip().lower()
        if len(row) != self.length:
            raise InvalidPatternError(
                f"{kind} pattern {quoted(row)} has {len(row)} characters, expected "
                f"{self.length} (a letter or ? per position)"
            )
        counts: Counter[str] = Counter()
        for i, ch in enumerate(row):
            if ch in "?._-*":
                continue
            if ch not in alphabet.codes:
                raise InvalidPatternError(
                    f"bad character {ch!r} in {kind} pattern {quoted(row)}: use letters "
                    f"({alphabet.shown()}) and ?"
                )
            counts[ch] += 1
            if kind == "known":
                self.placed[i] = ch
            else:
                self.excluded.setdefault(ch, set()).add(i)
        for letter, n in counts.items():
            self.min_count[letter] = max(self.min_count.get(letter, 0), n)

    def merge(self, other: LetterConstraints) -> None:
        for i, letter in other.placed.items():
            self.placed[i] = letter
        for letter, positions in other.excluded.items():
            self.excluded.setdefault(letter, set()).update(positions)
        for letter, n in other.min_count.items():
            self.min_count[letter] = max(self.min_count.get(letter, 0), n)
        for letter, n in other.max_count.items():
            self.max_count[letter] = min(self.max_count.get(letter, n), n)

    def conflict(self) -> str | None:
        """A reason the constraints cannot all hold, or ``None``."""
        for letter in sorted(self.min_count):
            lo, hi = self.min_count[letter], self.max_count.get(letter, self.length)
            if lo > hi:
                return f"{letter.upper()} needs at least {lo} but at most {hi} copies"
        for i, letter in self.placed.items():
            if i in self.excluded.get(letter, set()):
                return f"{letter.upper()} is both placed and excluded at position {i + 1}"
            if self.max_count.get(letter, self.length) == 0:
                return f"{letter.upper()} is placed at position {i + 1} but marked absent"
        if sum(self.min_count.values()) > self.length:
            return f"more than {self.length} letters are required"
        return None

    def allows(self, word: str) -> bool:
        """Whether ``word`` satisfies every constraint."""
        for i, letter in self.placed.items():
            if word[i] != letter:
                return False
        for letter, positions in self.excluded.items():
            if any(word[i] == letter for i in positions):
                return False
        counts = Counter(word)
        for letter, n in self.min_count.items():
            if counts[letter] < n:
                return False
        return all(counts[letter] <= n for letter, n in self.max_count.items())

    def mask(self, codes: Codes, alphabet: Alphabet = LATIN) -> np.ndarray:
        """Vectorised :meth:`allows` over words given as letter codes (of ``alphabet``)."""
        ok = np.ones(codes.shape[0], dtype=bool)
        code = alphabet.codes
        for i, letter in self.placed.items():
            ok &= codes[:, i] == code[letter]
        for letter, positions in self.excluded.items():
            for i in positions:
                ok &= codes[:, i] != code[letter]
        for letter in set(self.min_count) | set(self.max_count):
            counts = (codes == code[letter]).sum(axis=1)
            if letter in self.min_count:
                ok &= counts >= self.min_count[letter]
            if letter in self.max_count:
                ok &= counts <= self.max_count[letter]
        return ok

    @property
    def absent(self) -> list[str]:
        return sorted(letter for letter, n in self.max_count.items() if n == 0)

    def describe(self) -> list[str]:
        """The summary as short sentences for people."""
        lines = []
        pattern = "".join(self.placed.get(i, "?") for i in range(self.length))
        if self.placed:
            placed = ", ".join(f"{ch.upper()} at {i + 1}" for i, ch in sorted(self.placed.items()))
            lines.append(f"Placed: {pattern.upper().replace('?', '·')} ({placed})")
        present = sorted(ch for ch, n in self.min_count.items() if n > 0)
        if present:
            parts = []
            for ch in present:
                lo, hi = self.min_count[ch], self.max_count.get(ch)
                if hi == lo:
                    parts.append(f"{ch.upper()} exactly {lo}" if lo > 1 else f"{ch.upper()} once")
                elif hi is not None:
                    parts.append(f"{ch.upper()} {lo} to {hi} times")
                else:
                    parts.append(f"{ch.upper()} at least {lo}x" if lo > 1 else ch.upper())
            lines.append("In the word: " + ", ".join(parts))
        moved = []
        for ch in sorted(self.excluded):
            if self.max_count.get(ch) == 0:
                continue
            positions = sorted(i + 1 for i in self.excluded[ch] if self.placed.get(i) != ch)
            if positions:
                moved.append(f"{ch.upper()} not at {', '.join(map(str, positions))}")
        if moved:
            lines.append("Not there: " + "; ".join(moved))
        if self.absent:
            lines.append("Absent: " + " ".join(ch.upper() for ch in self.absent))
        if not lines:
            lines.append("Nothing known yet.")
        return lines

    def known(self) -> KnownLetters:
        """The summary as a value (positions from 1), with its sentences."""
        return KnownLetters(
            summary=tuple(self.describe()),
            pattern="".join(self.placed.get(i, "?") for i in range(self.length)),
            placed={i + 1: ch for i, ch in sorted(self.placed.items())},
            excluded={
                ch: tuple(sorted(i + 1 for i in p)) for ch, p in sorted(self.excluded.items())
            },
            min_count=dict(sorted(self.min_count.items())),
            max_count=dict(sorted(self.max_count.items())),
            absent=tuple(self.absent),
        )


@dataclass(frozen=True)
class KnownLetters:
    """What a history implies, for people: the sentences of :meth:`LetterConstraints.describe`,
    the placed letters as a pattern (``?`` where unknown) and by position (from 1), the
    positions each letter is known not to be at, the least and most copies of each letter, and
    the letters known absent."""

    summary: tuple[str, ...]
    pattern: str
    placed: dict[int, str]
    excluded: dict[str, tuple[int, ...]]
    min_count: dict[str, int]
    max_count: dict[str, int]
    absent: tuple[str, ...]


def filter_by_hints(
    constraints: LetterConstraints, wordlist: WordList | None = None, pool: Pool = "answers"
) -> tuple[str, ...]:
    """Words of the pool that satisfy hint constraints (see ``LetterConstraints.from_hints``)."""
    wl = wordlist if wordlist is not None else WordList.bundled()
    reason = constraints.conflict()
    if reason:
        raise InconsistentFeedbackError(f"the hints contradict each other: {reason}")
    words = wl.answers if pool == "answers" else wl.guesses
    mask = constraints.mask(wl.encode(words), wl.alphabet)
    return tuple(w for w, ok in zip(words, mask, strict=True) if ok)
