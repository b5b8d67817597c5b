"""The next row of the assist screen as it is typed: a word, then optionally ``:`` and its
colours (``crane:bbygb``). Every key is checked as it is typed, so the text is always a
prefix of a valid row; :meth:`RowInput.turn` makes the turn (the word checked against the
list)."""

from __future__ import annotations

from dataclasses import dataclass

from wordlekit.core.feedback import Tile, Turn, parse_pattern, pattern_tiles
from wordlekit.core.words import WordList
from wordlekit.errors import InvalidWordError, WordleError

#: Keys that start the colours once the word is complete.
SEPARATORS = (":", "=")


@dataclass
class RowInput:
    """The text typed so far for a row of ``length`` letters."""

    length: int
    text: str = ""

    @property
    def word(self) -> str:
        return self.text.partition(":")[0]

    @property
    def colours(self) -> str | None:
        """The colours typed after the colon (``None`` before the colon)."""
        _, sep, pattern = self.text.partition(":")
        return pattern if sep else None

    @property
    def word_complete(self) -> bool:
        return len(self.word) == self.length and self.colours is None

    def preview(self) -> tuple[Tile, ...] | None:
        """The colours typed so far, as tiles."""
        colours = self.colours
        return pattern_tiles(parse_pattern(colours), len(colours)) if colours else None

    def takes(self, ch: str) -> bool:
        """Whether a key belongs to the row (others may select a tile: digits 1-8)."""
        if self.colours is not None:
            return True  # after the colon every key is a colour, or refused as one
        return ch.isalpha() or (ch in SEPARATORS and self.word_complete)

    def add(self, ch: str) -> str | None:
        """Type one key the row :meth:`takes`; returns why it was refused, if it was."""
        colours = self.colours
        if colours is not None:
            try:
                parse_pattern(colours + ch)
            except WordleError:
                return f"{ch!r} is not a colour: use g (green), y (yellow), b (gray)."
            if len(colours) < self.length:
                self.text += ch.lower()
        elif ch in SEPARATORS:
            self.text += ":"
        elif len(self.word) < self.length:
            self.text += ch.lower()
        else:
            return "The word is complete: Enter adds it, or type : and the colours."
        return None

    def erase(self) -> None:
        self.text = self.text[:-1]

    def clear(self) -> None:
        self.text = ""

    def turn(self, wordlist: WordList) -> Turn:
        """The row as a turn (all gray without colours); raises for a word not in the list
        or colours of the wrong length."""
        w = wordlist.normalize(self.word)
        if not wordlist.is_valid(w):
            raise InvalidWordError(f"Not in word list: {w.upper()}")
        return Turn.of(w, self.colours or 0)
