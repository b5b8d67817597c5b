"""The referee: valid words, the guess limit, hard and ultrahard mode, the outcome and the
share grid."""

from __future__ import annotations

import datetime as dt
import enum
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from wordlekit.core.feedback import Tile, Turn, format_pattern, score
from wordlekit.core.words import WordList, day_number, parse_date
from wordlekit.errors import GameOverError, HardModeError, InvalidWordError, UltrahardError

MAX_GUESSES = 6

_ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th")
_COUNTS = ("", "", "two", "three", "four", "five", "six", "seven", "eight")


class Status(enum.StrEnum):
    PLAYING = "playing"
    WON = "won"
    LOST = "lost"


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


def _copies(letter: str, need: int) -> str:
    """``A``, or ``two Es``: how many copies of a letter, for a message."""
    return f"{_COUNTS[need]} {letter.upper()}s" if need > 1 else letter.upper()


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
        reason = _hard_reason(turn, guess, counts)
        if reason is None:
            continue
        i, letter, need = reason
        if need == 0:
            return f"{_ORDINALS[i]} letter must be {letter.upper()}"
        return f"Guess must contain {_copies(letter, need)}"
    return None


#: The ultrahard rule in one sentence, as the help texts and the pages give it.
ULTRAHARD_RULE = (
    "every guess must be a word that could still be the answer: a word of the answer list "
    "consistent with all the feedback so far"
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
    """
    head = f"{guess.upper()} cannot be the answer"
    if not wordlist.is_answer(guess):
        return f"{head}: it is not in the answer list"
    turns = list(history)
    counts = Counter(guess)
    for turn in turns:
        reason = _hard_reason(turn, guess, counts)
        if reason is None:
            continue
        i, letter, need = reason
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


#: What the game says on a win, by the number of guesses it took (as the NYT game does).
PRAISE = ("Genius", "Magnificent", "Impressive", "Splendid", "Great", "Phew")


@dataclass
class Game:
    """One game of Wordle: the answer, the turns so far and the rules in force.

    ``hard`` enforces the NYT hard-mode rule; ``ultrahard`` the stricter rule that every guess
    could still be the answer (see :func:`ultrahard_violation`), which implies hard mode:
    ``Game(..., ultrahard=True).hard`` is true.

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
    ultrahard: bool = False

    def __post_init__(self) -> None:
        self.answer = self.wordlist.check_answer(self.answer)
        if self.ultrahard:
            self.hard = True
        if self.max_guesses < 1:
            raise ValueError("max_guesses must be at least 1")

    @classmethod
    def daily(
        cls,
        date: dt.date | str = "today",
        *,
        hard: bool = False,
        ultrahard: bool = False,
        wordlist: WordList | None = None,
    ) -> Game:
        """The daily puzzle of ``date`` from the original daily order."""
        wl = wordlist or WordList.bundled()
        d = parse_date(date)
        label = f"Wordle {day_number(d)}"
        return cls(wl.daily_answer(d), wl, hard, label=label, ultrahard=ultrahard)

    @classmethod
    def practice(
        cls,
        seed: int | None = None,
        *,
        hard: bool = False,
        ultrahard: bool = False,
        wordlist: WordList | None = None,
    ) -> Game:
        """A practice game on a random answer; the same seed gives the same answer.

        Without a seed the answer is drawn from the system's randomness and the label shows
        no number: a seed in the label would give the answer away.
        """
        wl = wordlist or WordList.bundled()
        if seed is None:
            answer = random.SystemRandom().choice(sorted(wl.answers))
            return cls(answer, wl, hard, label="wordlekit practice", ultrahard=ultrahard)
        answer = random.Random(seed).choice(sorted(wl.answers))
        return cls(answer, wl, hard, label=f"wordlekit practice #{seed}", ultrahard=ultrahard)

    @property
    def rules(self) -> str:
        """The rules in force by name: ``normal``, ``hard`` or ``ultrahard``."""
        return "ultrahard" if self.ultrahard else "hard" if self.hard else "normal"

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
        if self.ultrahard:
            reason = ultrahard_violation(self.turns, w, self.wordlist)
            if reason:
                raise UltrahardError(reason)
        elif self.hard:
            reason = hard_mode_violation(self.turns, w)
            if reason:
                raise HardModeError(reason)
        return w

    def guess(self, word: str) -> Turn:
        """Play a guess; an invalid word or a hard- or ultrahard-mode refusal raises
        (:class:`HardModeError`, or its subclass :class:`UltrahardError`, saying why) and
        uses no turn."""
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

        Hard mode is marked ``*`` as the NYT does; ultrahard ``**``: it is hard mode and more,
        so a reader (or a tool) looking for the hard-mode star still finds it, and the second
        star says the stricter rule was kept, in plain text that survives any paste.

        ``dark=False`` draws gray as ⬜; ``high_contrast`` draws green as 🟧 and yellow as 🟦,
        as the NYT's colour-blind mode does. A game played with ``hints`` from the bot says
        so on its title line, after the hard-mode star: ``Wordle 241 3/6* (1 hint)`` (plain
        words, readable wherever the grid is pasted, even without an emoji font).

        >>> g = Game("cigar", hard=True); _ = g.guess("cigar")
        >>> g.share(hints=2).splitlines()[0]
        'practice 1/6* (2 hints)'
        >>> g = Game("cigar", ultrahard=True); _ = g.guess("cigar")
        >>> g.share().splitlines()[0]
        'practice 1/6**'
        """
        tries = str(len(self.turns)) if self.status is Status.WON else "X"
        star = "**" if self.ultrahard else "*" if self.hard else ""
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
