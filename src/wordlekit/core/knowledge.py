"""What a history of turns implies: the consistent candidates and a readable summary.

Candidates are exact: a word is consistent with a turn exactly when
``score(turn.guess, word) == turn.pattern`` (never per-letter rules such as "gray means
absent", the classic bug). The summary (:class:`LetterConstraints`) is derived for people to
read; the tests check that every candidate satisfies it.

The "known pattern / letters in / letters out" input (``?r??e``, ``a``, ``st``) is a second way
in, via :meth:`LetterConstraints.from_hints`.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Literal

import numpy as np

from wordlekit.core.codes import Codes, consistent_mask, encode
from wordlekit.core.feedback import (
    Pattern,
    Tile,
    Turn,
    format_pattern,
    pattern_tiles,
)
from wordlekit.core.words import WordList
from wordlekit.errors import (
    InconsistentFeedbackError,
    InvalidPatternError,
    InvalidWordError,
    quoted,
)

if TYPE_CHECKING:
    from wordlekit.fast.matrix import PatternMatrix

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
            c.add_row("known", known)
        for row in misplaced:
            c.add_row("misplaced", row)
        for name, letters in (("contains", contains), ("absent", absent)):
            bad = [ch for ch in letters if not (ch.isascii() and ch.isalpha())]
            if bad:
                raise InvalidPatternError(f"bad letters {''.join(bad)!r} in {name}: use a-z")
        for letter, n in Counter(contains.lower()).items():
            c.min_count[letter] = max(c.min_count.get(letter, 0), n)
        for letter in set(absent.lower()):
            c.max_count[letter] = c.min_count.get(letter, 0)
        return c

    def add_row(self, kind: str, row: str) -> None:
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
            if not (ch.isascii() and ch.isalpha()):
                raise InvalidPatternError(
                    f"bad character {ch!r} in {kind} pattern {quoted(row)}: use letters and ?"
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

    def mask(self, codes: Codes) -> np.ndarray:
        """Vectorised :meth:`allows` over words given as letter codes."""
        ok = np.ones(codes.shape[0], dtype=bool)
        for i, letter in self.placed.items():
            ok &= codes[:, i] == ord(letter) - 97
        for letter, positions in self.excluded.items():
            for i in positions:
                ok &= codes[:, i] != ord(letter) - 97
        for letter in set(self.min_count) | set(self.max_count):
            counts = (codes == ord(letter) - 97).sum(axis=1)
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

    def to_dict(self) -> dict[str, object]:
        return {
            "pattern": "".join(self.placed.get(i, "?") for i in range(self.length)),
            "placed": {str(i + 1): ch for i, ch in sorted(self.placed.items())},
            "excluded": {ch: sorted(i + 1 for i in p) for ch, p in sorted(self.excluded.items())},
            "min_count": dict(sorted(self.min_count.items())),
            "max_count": dict(sorted(self.max_count.items())),
            "absent": self.absent,
        }


@dataclass(frozen=True)
class Step:
    """What one turn taught: candidates before and after it, and the bits gained."""

    number: int
    turn: Turn
    before: int
    after: int

    @property
    def bits(self) -> float:
        if self.after == 0 or self.before == 0:
            return 0.0
        return math.log2(self.before / self.after)


class Knowledge:
    """The consistent candidates of a history of turns, checked and explained.

    >>> k = Knowledge([Turn.parse("crane:bbggb"), Turn.parse("moist:bbybg")])
    >>> k.candidates, [(s.before, s.after) for s in k.steps]
    (('giant',), [(2315, 16), (16, 1)])
    """

    def __init__(
        self,
        turns: Sequence[Turn] = (),
        wordlist: WordList | None = None,
        pool: Pool = "answers",
        *,
        check_words: bool = True,
        matrix: PatternMatrix | None = None,
    ) -> None:
        self.wordlist = wordlist if wordlist is not None else WordList.bundled()
        # With the pattern matrix, the answers pool is filtered by reading its rows (numpy
        # only); otherwise by the feedback rule vectorised over letter codes (numpy).
        self._matrix = matrix if matrix is not None and matrix.wordlist == self.wordlist else None
        if pool not in ("answers", "valid"):
            raise ValueError(f"pool must be 'answers' or 'valid', not {pool!r}")
        self.pool: Pool = pool
        self.turns: tuple[Turn, ...] = tuple(turns)
        length = self.wordlist.length
        for n, t in enumerate(self.turns, start=1):
            if t.length != length:
                raise InvalidWordError(
                    f"turn {n}: {t.guess.upper()} has {t.length} letters, the list has {length}"
                )
            if check_words and not self.wordlist.is_valid(t.guess):
                raise InvalidWordError(
                    f"turn {n}: {t.guess.upper()} is not in the {self.wordlist.name} word list"
                )
        self._masks = self._compute_masks()

    @cached_property
    def pool_words(self) -> tuple[str, ...]:
        return self.wordlist.answers if self.pool == "answers" else self.wordlist.guesses

    @cached_property
    def _pool_codes(self) -> Codes:
        return encode(self.pool_words)

    def _compute_masks(self) -> list[np.ndarray]:
        """The pool mask after each turn; raises on the first contradictory turn."""
        codes = self._pool_codes
        current = np.ones(len(self.pool_words), dtype=bool)
        masks: list[np.ndarray] = []
        alones: list[np.ndarray] = []
        what = "possible answer" if self.pool == "answers" else "word in the list"
        for n, t in enumerate(self.turns, start=1):
            label = f"turn {n} ({t.guess.upper()} {format_pattern(t.pattern, t.length)})"
            reason = impossible_reason(t.guess, t.pattern)
            if reason:
                raise InconsistentFeedbackError(f"{label} is impossible: {reason}", turn=n)
            alone = self._turn_mask(t, codes)
            if not alone.any():
                raise InconsistentFeedbackError(f"{label}: no {what} gives this feedback", turn=n)
            after = current & alone
            if not after.any():
                # One earlier turn that conflicts on its own, else the first prefix that does.
                culprit = next(
                    (m for m, other in enumerate(alones, start=1) if not (other & alone).any()),
                    None,
                ) or next(
                    (m for m, earlier in enumerate(masks, start=1) if not (earlier & alone).any()),
                    None,
                )
                if culprit is not None:
                    earlier_t = self.turns[culprit - 1]
                    raise InconsistentFeedbackError(
                        f"{label} contradicts turn {culprit} ({earlier_t.guess.upper()} "
                        f"{format_pattern(earlier_t.pattern, earlier_t.length)}): "
                        f"no {what} fits both",
                        turn=n,
                    )
                raise InconsistentFeedbackError(
                    f"{label} contradicts the turns before it: no {what} fits them all", turn=n
                )
            masks.append(after)
            alones.append(alone)
            current = after
        return masks

    def _turn_mask(self, t: Turn, codes: Codes) -> np.ndarray:
        if self._matrix is not None and self.pool == "answers" and self.wordlist.is_valid(t.guess):
            row = self._matrix.data[self.wordlist.guess_index(t.guess)]
            return np.asarray(row == t.pattern)
        return consistent_mask(codes, encode([t.guess]), np.array([t.pattern], dtype=np.int64))

    @property
    def mask(self) -> np.ndarray:
        """Boolean mask over :attr:`pool_words` of the words still possible."""
        if self._masks:
            return self._masks[-1]
        return np.ones(len(self.pool_words), dtype=bool)

    @cached_property
    def candidates(self) -> tuple[str, ...]:
        words = self.pool_words
        return tuple(words[i] for i in np.flatnonzero(self.mask))

    @cached_property
    def candidate_indices(self) -> np.ndarray:
        """Indices into :attr:`pool_words` (answers first, so also guess indices)."""
        return np.flatnonzero(self.mask)

    @cached_property
    def summary(self) -> LetterConstraints:
        return LetterConstraints.from_turns(self.turns, self.wordlist.length)

    @cached_property
    def steps(self) -> tuple[Step, ...]:
        before = len(self.pool_words)
        out = []
        for n, (t, m) in enumerate(zip(self.turns, self._masks, strict=True), start=1):
            after = int(m.sum())
            out.append(Step(n, t, before, after))
            before = after
        return tuple(out)

    @property
    def solved(self) -> bool:
        return bool(self.turns) and self.turns[-1].is_win

    def __len__(self) -> int:
        return int(self.mask.sum())

    def __repr__(self) -> str:
        turns = ", ".join(str(t) for t in self.turns)
        return f"<Knowledge [{turns}] {len(self)} of {len(self.pool_words)} {self.pool}>"


def filter_by_hints(
    constraints: LetterConstraints, wordlist: WordList | None = None, pool: Pool = "answers"
) -> tuple[str, ...]:
    """Words of the pool that satisfy hint constraints (see ``LetterConstraints.from_hints``)."""
    wl = wordlist if wordlist is not None else WordList.bundled()
    reason = constraints.conflict()
    if reason:
        raise InconsistentFeedbackError(f"the hints contradict each other: {reason}")
    words = wl.answers if pool == "answers" else wl.guesses
    mask = constraints.mask(encode(words))
    return tuple(w for w, ok in zip(words, mask, strict=True) if ok)


def narrow(words: Iterable[str], *turns: str | Turn | tuple[str, str | int]) -> list[str]:
    """The words of ``words`` (any iterable, any list of your own) that could still be the
    answer after the given turns, by the exact rule: a word stays exactly when
    ``score(guess, word) == pattern`` for every turn.

    A turn is ``"guess", "pattern"`` (two arguments), ``"guess:pattern"``, a
    :class:`~wordlekit.core.feedback.Turn` or a ``(guess, pattern)`` pair; the pattern in any
    text form (``g/y/b``, ``n/y/g``, ``2/1/0``, emoji) or its number.

    >>> narrow(["alone", "nylon", "colon", "knoll", "talon"], "pylon", "nnyyy")
    ['alone', 'knoll']
    >>> narrow(["cigar", "rebut", "sissy", "humph"], "crane:gyybb")
    ['cigar']
    >>> narrow(["those", "geese", "these"], ("geese", "bbbgg"))
    ['those']
    """
    history = _turns_of(turns)
    kept = [w.strip().lower() for w in words]
    if not history or not kept:
        return kept
    length = history[0].length
    if any(t.length != length for t in history) or any(len(w) != length for w in kept):
        raise InvalidWordError("the words and the guesses must all have the same length")
    guesses = encode([t.guess for t in history])
    patterns = np.array([t.pattern for t in history], dtype=np.int64)
    mask = consistent_mask(encode(kept), guesses, patterns)
    return [w for w, ok in zip(kept, mask, strict=True) if ok]


def _turns_of(args: Sequence[str | Turn | tuple[str, str | int]]) -> list[Turn]:
    """Turns from :func:`narrow`'s arguments (``"guess", "pattern"`` pairs read in order)."""
    out: list[Turn] = []
    items = list(args)
    while items:
        item = items.pop(0)
        if isinstance(item, Turn):
            out.append(item)
        elif isinstance(item, tuple):
            out.append(Turn.of(*item))
        elif ":" in item or "=" in item:
            out.append(Turn.parse(item))
        elif items and isinstance(items[0], str):
            pattern = items.pop(0)
            assert isinstance(pattern, str)
            out.append(Turn.of(item, pattern))
        else:
            raise InvalidPatternError(f"turn {quoted(item)} has no pattern: write guess:pattern")
    return out
