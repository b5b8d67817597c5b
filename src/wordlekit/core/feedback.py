"""The one rule: Wordle's feedback, its integer encoding, text forms and explanations.

This is the pure-Python reference. Every fast path (numba kernels, the pattern matrix,
filters, trees) is tested equal to :func:`score`.

A pattern is an ``int``: digit ``i`` in base 3 (weight ``3**i``, position 0 is the first
letter) is 0 gray, 1 yellow, 2 green. All green for five letters is 242.
"""

from __future__ import annotations

import enum
import functools
import unicodedata
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from wordlekit.errors import InvalidPatternError, InvalidWordError, quoted, shown

Pattern = int

PatternStyle = Literal["emoji", "letters", "digits"]


class Tile(enum.IntEnum):
    """The colour of one tile; the value is its base-3 digit in a :data:`Pattern`."""

    GRAY = 0
    YELLOW = 1
    GREEN = 2

    @property
    def letter(self) -> str:
        return "byg"[self.value]

    @property
    def emoji(self) -> str:
        return ("⬛", "🟨", "🟩")[self.value]


# Characters accepted when a pattern is typed (case-insensitive). ``n/y/g`` is a common hand
# notation ("no, yes, green"), so ``n`` is gray; ``w``/``x``/``.``/``-`` are gray as well.
_CHAR_TILES: dict[str, Tile] = {
    "g": Tile.GREEN,
    "2": Tile.GREEN,
    "🟩": Tile.GREEN,
    "🟧": Tile.GREEN,  # the high-contrast share grid (orange for green)
    "y": Tile.YELLOW,
    "1": Tile.YELLOW,
    "🟨": Tile.YELLOW,
    "🟦": Tile.YELLOW,  # the high-contrast share grid (blue for yellow)
    "b": Tile.GRAY,
    "x": Tile.GRAY,
    "n": Tile.GRAY,
    "w": Tile.GRAY,
    ".": Tile.GRAY,
    "-": Tile.GRAY,
    "0": Tile.GRAY,
    "⬛": Tile.GRAY,
    "⬜": Tile.GRAY,
}
# Emoji presentation selectors and joiners that some keyboards and copies add.
_IGNORED_CHARS = {"\ufe0f", "\ufe0e", "\u200d", " "}

MIN_LENGTH = 1
MAX_LENGTH = 8


def all_green(length: int = 5) -> Pattern:
    """The winning pattern for words of ``length`` letters (242 for five)."""
    return int(3**length - 1)


def pattern_count(length: int = 5) -> int:
    """How many distinct pattern values exist for ``length`` letters (3**length)."""
    return int(3**length)


def score(guess: str, answer: str) -> Pattern:
    """The feedback for ``guess`` when the hidden word is ``answer``.

    Two passes, as the original game: greens first (each consumes that letter of the answer),
    then yellows left to right while unconsumed copies of the letter remain; the rest gray.

    ```pycon
    >>> format_pattern(score("those", "geese"), 5, "letters")
    'bbbgg'
    >>> format_pattern(score("added", "dread"), 5, "letters")
    'yybyg'
    >>> format_pattern(score("mamma", "maxim"), 5, "letters")
    'ggybb'

    ```
    """
    if len(guess) != len(answer):
        raise ValueError(
            f"guess and answer differ in length: {quoted(guess)} has {len(guess):,} letters, "
            f"{quoted(answer)} has {len(answer):,}"
        )
    tiles = [Tile.GRAY] * len(guess)
    unconsumed: Counter[str] = Counter()
    for i, (g, a) in enumerate(zip(guess, answer, strict=True)):
        if g == a:
            tiles[i] = Tile.GREEN
        else:
            unconsumed[a] += 1
    for i, g in enumerate(guess):
        if tiles[i] is Tile.GRAY and unconsumed[g] > 0:
            tiles[i] = Tile.YELLOW
            unconsumed[g] -= 1
    return tiles_to_pattern(tiles)


def tiles_to_pattern(tiles: Sequence[Tile | int]) -> Pattern:
    """Encode tiles (first letter first) as the base-3 integer."""
    value = 0
    for i, t in enumerate(tiles):
        value += int(t) * 3**i
    return value


def pattern_tiles(pattern: Pattern, length: int = 5) -> tuple[Tile, ...]:
    """Decode a pattern into its tiles, first letter first."""
    check_pattern(pattern, length)
    out = []
    for _ in range(length):
        out.append(Tile(pattern % 3))
        pattern //= 3
    return tuple(out)


def check_pattern(pattern: Pattern, length: int = 5) -> None:
    """Raise :class:`InvalidPatternError` unless ``pattern`` is a pattern for ``length``."""
    if isinstance(pattern, bool) or not isinstance(pattern, int):
        raise InvalidPatternError(f"a pattern is an int, not {type(pattern).__name__}")
    if not 0 <= pattern < 3**length:
        raise InvalidPatternError(
            f"pattern {pattern if pattern < 10**9 else quoted(pattern)} is out of range for "
            f"{length} letters (0 to {3**length - 1})"
        )


def parse_pattern(text: str | int, length: int | None = None) -> Pattern:
    """Read a pattern typed in any accepted form.

    Accepted: emoji (🟩 🟨 ⬛ ⬜), letters (``g`` green, ``y`` yellow, ``b``/``x``/``n``/``w``/
    ``.``/``-`` gray), digits (``2``/``1``/``0``), case-insensitive; or an ``int`` already
    encoded. With ``length`` given, the pattern must have exactly that many tiles.

    ```pycon
    >>> parse_pattern("bbygb")  # 1 * 3**2 + 2 * 3**3
    63
    >>> parse_pattern("⬛⬛🟨🟩⬛") == parse_pattern("nnygn") == parse_pattern("00120")
    True

    ```
    """
    if isinstance(text, int) and not isinstance(text, bool):
        check_pattern(text, 5 if length is None else length)
        return text
    if not isinstance(text, str):
        raise InvalidPatternError(f"a pattern is text or an int, not {type(text).__name__}")
    cleaned = [c for c in text.strip().lower() if c not in _IGNORED_CHARS]
    if not cleaned:
        raise InvalidPatternError("empty pattern: give one tile per letter, e.g. bbygb")
    tiles = []
    for c in cleaned:
        tile = _CHAR_TILES.get(c)
        if tile is None:
            raise InvalidPatternError(
                f"bad tile {c!r} in pattern {quoted(text)}: use g/y/b (or n/x/w/./- for gray), "
                "2/1/0 or 🟩/🟨/⬛ (🟧/🟦 in high contrast)"
            )
        tiles.append(tile)
    if length is not None and len(tiles) != length:
        raise InvalidPatternError(
            f"pattern {quoted(text)} has {len(tiles):,} tiles, expected {length}"
        )
    if not MIN_LENGTH <= len(tiles) <= MAX_LENGTH:
        raise InvalidPatternError(f"pattern {quoted(text)} has {len(tiles):,} tiles (at most 8)")
    return tiles_to_pattern(tiles)


# Cached: a game's view formats every turn of every board twice (emoji and letters), and a
# word length has only 3**length patterns. typed=True keeps True apart from 1 (refused).
@functools.lru_cache(maxsize=1 << 16, typed=True)
def format_pattern(pattern: Pattern, length: int = 5, style: PatternStyle = "emoji") -> str:
    """Print a pattern as emoji (default), ``letters`` (g/y/b) or ``digits`` (2/1/0)."""
    tiles = pattern_tiles(pattern, length)
    if style == "emoji":
        return "".join(t.emoji for t in tiles)
    if style == "letters":
        return "".join(t.letter for t in tiles)
    if style == "digits":
        return "".join(str(t.value) for t in tiles)
    raise ValueError(f"unknown pattern style {style!r}: use emoji, letters or digits")


_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")
_COUNT_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")


def _ordinal(n: int) -> str:
    return _ORDINALS[n] if n < len(_ORDINALS) else f"{n + 1}th"


def _count(n: int) -> str:
    return _COUNT_WORDS[n] if n < len(_COUNT_WORDS) else str(n)


def _positions(indices: Sequence[int]) -> str:
    names = [str(i + 1) for i in indices]
    if len(names) == 1:
        return f"position {names[0]}"
    return "positions " + ", ".join(names[:-1]) + " and " + names[-1]


def explain(guess: str, answer: str) -> list[str]:
    """One sentence per tile saying why it has its colour.

    ```pycon
    >>> explain("those", "geese")[4]
    'the E is green: GEESE has E at position 5 too'
    >>> explain("geese", "those")[1]
    'the first E is gray: THOSE has one E and it is already green at position 5'

    ```
    """
    pattern = score(guess, answer)
    tiles = pattern_tiles(pattern, len(guess))
    a_up = answer.upper()
    lines: list[str] = []
    for i, (letter, tile) in enumerate(zip(guess, tiles, strict=True)):
        same = [j for j, c in enumerate(guess) if c == letter]
        name = letter.upper()
        label = f"the {_ordinal(same.index(i))} {name}" if len(same) > 1 else f"the {name}"
        in_answer = answer.count(letter)
        greens = [j for j in same if tiles[j] is Tile.GREEN]
        yellows_before = [j for j in same if j < i and tiles[j] is Tile.YELLOW]
        if tile is Tile.GREEN:
            lines.append(f"{label} is green: {a_up} has {name} at position {i + 1} too")
        elif tile is Tile.YELLOW:
            if in_answer == 1 and len(same) == 1:
                lines.append(f"{label} is yellow: {a_up} has {name}, but not at position {i + 1}")
            else:
                used = _used(greens, yellows_before)
                lines.append(
                    f"{label} is yellow: {a_up} has {_count(in_answer)} {name}"
                    f"{'s' if in_answer > 1 else ''}"
                    + (f" ({used})" if used else "")
                    + f"; {'one' if in_answer > 1 else 'it'} is still unmatched and not at "
                    f"position {i + 1}"
                )
        elif in_answer == 0:
            lines.append(f"{label} is gray: {a_up} has no {name}")
        else:
            copies = "it is" if in_answer == 1 else "they are"
            lines.append(
                f"{label} is gray: {a_up} has {_count(in_answer)} {name}"
                f"{'s' if in_answer > 1 else ''} and {copies} " + _used(greens, yellows_before)
            )
    return lines


def _used(greens: Sequence[int], yellows_before: Sequence[int]) -> str:
    parts = []
    if greens:
        parts.append(f"already green at {_positions(greens)}")
    if yellows_before:
        parts.append(f"already marked yellow at {_positions(yellows_before)}")
    return " and ".join(parts)


@dataclass(frozen=True)
class Turn:
    """One guess and the feedback it got.

    ```pycon
    >>> Turn.parse("crane:bbygb")
    Turn.parse('crane:bbygb')
    >>> Turn.parse("crane:bbygb").pattern
    63

    ```
    """

    guess: str
    pattern: Pattern

    def __post_init__(self) -> None:
        # letters of any alphabet (the list's folding happened before: a Turn holds its word)
        if not (isinstance(self.guess, str) and self.guess.isalpha()):
            raise InvalidWordError(f"{quoted(self.guess)} is not a word: use letters only")
        object.__setattr__(self, "guess", unicodedata.normalize("NFC", self.guess).lower())
        parse_pattern(self.pattern, len(self.guess))  # validates range

    @classmethod
    def parse(cls, text: str) -> Turn:
        """``GUESS:PATTERN`` (also ``GUESS=PATTERN`` or ``GUESS PATTERN``) in any pattern form."""
        raw = text.strip()
        for sep in (":", "=", " ", ","):
            if sep in raw:
                word, _, pat = raw.partition(sep)
                break
        else:
            raise InvalidPatternError(
                f"bad turn {quoted(text)}: write GUESS:PATTERN, e.g. crane:bbygb"
            )
        word = unicodedata.normalize("NFC", word.strip())
        if not word.isalpha():
            raise InvalidWordError(f"bad turn {quoted(text)}: {quoted(word)} is not a word")
        return cls(word.lower(), parse_pattern(pat.strip(), len(word)))

    @classmethod
    def of(cls, guess: str, pattern: str | int) -> Turn:
        word = unicodedata.normalize("NFC", guess.strip())
        if not word.isalpha():
            raise InvalidWordError(f"{quoted(guess)} is not a word: use letters only")
        if not MIN_LENGTH <= len(word) <= MAX_LENGTH:  # blame the word, not its pattern
            raise InvalidWordError(
                f"{shown(word)} has {len(word):,} letters: words have {MIN_LENGTH} to {MAX_LENGTH}"
            )
        return cls(word.lower(), parse_pattern(pattern, len(word)))

    @property
    def length(self) -> int:
        return len(self.guess)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        return pattern_tiles(self.pattern, self.length)

    @property
    def is_win(self) -> bool:
        return self.pattern == all_green(self.length)

    def format(self, style: PatternStyle = "letters") -> str:
        return f"{self.guess}:{format_pattern(self.pattern, self.length, style)}"

    def __str__(self) -> str:
        return self.format("letters")

    def __repr__(self) -> str:
        return f"Turn.parse({self.format('letters')!r})"


@dataclass(frozen=True)
class TurnView:
    """A guess and its colours as every front end shows them: the pattern as an int (digit
    i of weight 3**i: 0 gray, 1 yellow, 2 green), as emoji and as g/y/b letters.

    ```pycon
    >>> TurnView.of(Turn.parse("crane:bbygb"))
    TurnView(guess='crane', pattern=63, emoji='⬛⬛🟨🟩⬛', letters='bbygb')

    ```
    """

    guess: str
    pattern: Pattern
    emoji: str
    letters: str

    @classmethod
    def of(cls, turn: Turn) -> TurnView:
        n = turn.length
        return cls(
            turn.guess, turn.pattern, format_pattern(turn.pattern, n),
            format_pattern(turn.pattern, n, "letters"),
        )  # fmt: skip


class WithTurn:
    """A value that holds a :class:`TurnView` as ``turn`` (a turn the bot played, a turn
    reviewed): its guess and pattern read straight from it."""

    turn: TurnView

    @property
    def guess(self) -> str:
        return self.turn.guess

    @property
    def pattern(self) -> Pattern:
        return self.turn.pattern
