"""The referee: valid words, the guess limit, hard mode, the outcome and the share grid."""

from __future__ import annotations

import datetime as dt
import enum
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from wordlekit.core.feedback import Tile, Turn, format_pattern, score
from wordlekit.core.words import WordList, day_number, parse_date
from wordlekit.errors import GameOverError, HardModeError, InvalidWordError

MAX_GUESSES = 6

_ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th")
_COUNTS = ("", "", "two", "three", "four", "five", "six", "seven", "eight")


class Status(enum.StrEnum):
    PLAYING = "playing"
    WON = "won"
    LOST = "lost"


def hard_mode_violation(history: Iterable[Turn], guess: str) -> str | None:
    """Why ``guess`` breaks the hard-mode rule after ``history``, or ``None``.

    The NYT rule: every green stays in place, and every letter revealed (yellow or green) is
    used again, as many times as it was revealed in one turn.

    >>> hard_mode_violation([Turn.parse("crane:bbybb")], "salty")
    >>> hard_mode_violation([Turn.parse("crane:bbybb")], "moist")
    'Guess must contain A'
    >>> hard_mode_violation([Turn.parse("crane:bbygb")], "plain")
    '4th letter must be N'
    """
    counts = Counter(guess)
    for turn in history:
        tiles = turn.tiles
        for i, (letter, tile) in enumerate(zip(turn.guess, tiles, strict=True)):
            if tile is Tile.GREEN and guess[i] != letter:
                return f"{_ORDINALS[i]} letter must be {letter.upper()}"
        revealed = Counter(
            letter for letter, tile in zip(turn.guess, tiles, strict=True) if tile is not Tile.GRAY
        )
        for letter in sorted(revealed, key=turn.guess.index):
            need = revealed[letter]
            if counts[letter] < need:
                times = f"{_COUNTS[need]} {letter.upper()}s" if need > 1 else letter.upper()
                return f"Guess must contain {times}"
    return None


#: What the game says on a win, by the number of guesses it took (as the NYT game does).
PRAISE = ("Genius", "Magnificent", "Impressive", "Splendid", "Great", "Phew")


@dataclass
class Game:
    """One game of Wordle: the answer, the turns so far and the rules in force.

    >>> g = Game("cigar")
    >>> g.guess("crane").format("letters")
    'crane:gyybb'
    >>> g.status
    <Status.PLAYING: 'playing'>
    """

    answer: str
    wordlist: WordList = field(default_factory=WordList.bundled)
    hard: bool = False
    max_guesses: int = MAX_GUESSES
    turns: list[Turn] = field(default_factory=list)
    label: str = "practice"

    def __post_init__(self) -> None:
        self.answer = self.wordlist.check_answer(self.answer)
        if self.max_guesses < 1:
            raise ValueError("max_guesses must be at least 1")

    @classmethod
    def daily(
        cls,
        date: dt.date | str = "today",
        *,
        hard: bool = False,
        wordlist: WordList | None = None,
    ) -> Game:
        """The daily puzzle of ``date`` from the original daily order."""
        wl = wordlist or WordList.bundled()
        d = parse_date(date)
        return cls(wl.daily_answer(d), wl, hard, label=f"Wordle {day_number(d)}")

    @classmethod
    def practice(
        cls, seed: int | None = None, *, hard: bool = False, wordlist: WordList | None = None
    ) -> Game:
        """A practice game on a random answer; the same seed gives the same answer.

        Without a seed the answer is drawn from the system's randomness and the label shows
        no number: a seed in the label would give the answer away.
        """
        wl = wordlist or WordList.bundled()
        if seed is None:
            answer = random.SystemRandom().choice(sorted(wl.answers))
            return cls(answer, wl, hard, label="wordlekit practice")
        answer = random.Random(seed).choice(sorted(wl.answers))
        return cls(answer, wl, hard, label=f"wordlekit practice #{seed}")

    @property
    def length(self) -> int:
        return self.wordlist.length

    @property
    def status(self) -> Status:
        if self.turns and self.turns[-1].guess == self.answer:
            return Status.WON
        if len(self.turns) >= self.max_guesses:
            return Status.LOST
        return Status.PLAYING

    @property
    def over(self) -> bool:
        return self.status is not Status.PLAYING

    @property
    def guesses_left(self) -> int:
        return self.max_guesses - len(self.turns)

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

    def guess(self, word: str) -> Turn:
        """Play a guess; an invalid word or a hard-mode violation raises and uses no turn."""
        w = self.check(word)
        turn = Turn(w, score(w, self.answer))
        self.turns.append(turn)
        return turn

    @property
    def praise(self) -> str | None:
        """The word the game says on a win (Genius in 1 … Phew in 6 or more), else None."""
        if self.status is not Status.WON:
            return None
        return PRAISE[min(len(self.turns), len(PRAISE)) - 1]

    def outcome(self) -> str | None:
        """One sentence on how the game ended (``None`` while it is being played).

        >>> g = Game("cigar"); _ = g.guess("crane"); _ = g.guess("cigar")
        >>> g.outcome()
        'Magnificent! Solved in 2/6.'
        """
        if self.status is Status.WON:
            return f"{self.praise}! Solved in {len(self.turns)}/{self.max_guesses}."
        if self.status is Status.LOST:
            return f"Out of guesses. The answer was {self.answer.upper()}."
        return None

    def keyboard(self) -> dict[str, Tile]:
        """The best known state of every letter guessed so far (green > yellow > gray)."""
        best: dict[str, Tile] = {}
        for turn in self.turns:
            for letter, tile in zip(turn.guess, turn.tiles, strict=True):
                if letter not in best or tile > best[letter]:
                    best[letter] = tile
        return best

    def share(self, *, dark: bool = True, high_contrast: bool = False, hints: int = 0) -> str:
        """The emoji grid people paste: ``Wordle 241 3/6*`` and one row per guess.

        ``dark=False`` draws gray as ⬜; ``high_contrast`` draws green as 🟧 and yellow as 🟦,
        as the NYT's colour-blind mode does. A game played with ``hints`` from the bot says
        so on its title line, after the hard-mode star: ``Wordle 241 3/6* (1 hint)`` (plain
        words, readable wherever the grid is pasted, even without an emoji font).

        >>> g = Game("cigar", hard=True); _ = g.guess("cigar")
        >>> g.share(hints=2).splitlines()[0]
        'practice 1/6* (2 hints)'
        """
        tries = str(len(self.turns)) if self.status is Status.WON else "X"
        star = "*" if self.hard else ""
        if hints > 0:
            star += f" ({hints} hint{'s' if hints != 1 else ''})"
        rows = [format_pattern(t.pattern, self.length) for t in self.turns]
        if not dark:
            rows = [r.replace("⬛", "⬜") for r in rows]
        if high_contrast:
            rows = [r.replace("🟩", "🟧").replace("🟨", "🟦") for r in rows]
        return f"{self.label} {tries}/{self.max_guesses}{star}\n\n" + "\n".join(rows)

    def replay(self, words: Sequence[str]) -> list[Turn]:
        return [self.guess(w) for w in words]
