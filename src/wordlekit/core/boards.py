"""Several boards at once: Dordle, Quordle, Octordle, Sedecordle, Duotrigordle, any N.

Every guess goes to every board that is not solved yet; a board stops when its answer is
guessed, and the game is won when every board is solved within the guess limit. Each board's
feedback is :func:`wordlekit.core.feedback.score`, as in the one-board game.

- :data:`VARIANTS` names the variants people play (boards, guesses, the share grid's title);
  :func:`variant_for` also makes one of any N boards (default N + 5 guesses, the rule all
  the named variants follow).
- :class:`BoardGame` is a value: :meth:`BoardGame.guess` returns the game after one more
  guess, so a game is rebuilt from its answers and guesses alone (the store keeps no more).
- Answers are distinct words of the answer list. A daily game is seeded from the variant and
  the date (the same boards for everyone, and different from the other variants' that day);
  a practice game from the variant and a seed; :func:`random_games` draws a benchmark's games
  from one seed.

The share grid follows the variants' sites: the title (``Daily Quordle 1234``), then each
board's guess count as keycap emoji two boards a row (🟥 for a board not solved), as Quordle
and Octordle print it (🔟 for 10, clock faces 🕚 🕛 🕐 for 11 to 13), then each pair of
boards' colour rows side by side. Counts above 13 (Sedecordle and Duotrigordle) are written
as two-digit numbers, four boards a row, since no emoji keycap exists for them; those grids
leave out the colour rows, which would be dozens of lines long.
"""

from __future__ import annotations

import datetime as dt
import enum
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from wordlekit.core.feedback import Tile, Turn, format_pattern, score
from wordlekit.core.words import WordList, day_number, parse_date
from wordlekit.errors import GameOverError, InvalidWordError, VariantError

#: The most boards a game may have (Duotrigordle's 32 twice over; a sanity limit).
MAX_BOARDS = 64


@dataclass(frozen=True)
class Variant:
    """A multi-board variant: its name, boards and guess limit, and its share title."""

    name: str
    boards: int
    max_guesses: int
    title: str

    @property
    def is_named(self) -> bool:
        """Whether this is one of the :data:`VARIANTS` (rather than a custom N boards)."""
        return VARIANTS.get(self.name) == self

    def to_dict(self) -> dict[str, object]:
        return {
            "name": self.name,
            "title": self.title,
            "boards": self.boards,
            "max_guesses": self.max_guesses,
        }


def _variant(name: str, boards: int) -> Variant:
    return Variant(name, boards, boards + 5, name.capitalize())


#: The variants people play, by name.
VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (
        _variant("dordle", 2),
        _variant("quordle", 4),
        _variant("octordle", 8),
        _variant("sedecordle", 16),
        _variant("duotrigordle", 32),
    )
}


def variant_for(
    name: str | None = None, *, boards: int | None = None, max_guesses: int | None = None
) -> Variant:
    """The variant meant by a name or a number of boards (and optionally a guess limit).

    ``variant_for("quordle")`` and ``variant_for(boards=4)`` are Quordle; a number of boards
    with no named variant, or a guess limit other than the variant's, makes a custom variant
    named ``N-board`` (``N-board-M`` with M guesses).

    >>> variant_for(boards=8).name, variant_for("dordle").max_guesses
    ('octordle', 7)
    >>> variant_for(boards=3).max_guesses, variant_for(boards=4, max_guesses=10).name
    (8, '4-board-10')
    """
    if name is not None:
        key = name.strip().lower()
        if key not in VARIANTS:
            known = ", ".join(VARIANTS)
            raise VariantError(f"unknown variant {key!r}: use {known} or --boards N")
        named = VARIANTS[key]
        if boards is not None and boards != named.boards:
            raise VariantError(f"{named.title} has {named.boards} boards, not {boards}")
        boards = named.boards
    if boards is None:
        raise VariantError("say how many boards (or which variant)")
    if not 1 <= boards <= MAX_BOARDS:
        raise VariantError(f"a game has 1 to {MAX_BOARDS} boards, not {boards}")
    base = next((v for v in VARIANTS.values() if v.boards == boards), None)
    default = boards + 5
    limit = default if max_guesses is None else max_guesses
    # Every board needs a turn of its own (its answer guessed), so fewer guesses than boards
    # could never be won.
    if limit < boards:
        raise VariantError(
            f"{boards} boards need at least {boards} guesses (one per board), not {limit}"
        )
    if limit > 10 * boards + 20:
        raise VariantError(f"at most {10 * boards + 20} guesses for {boards} boards")
    if base is not None and limit == base.max_guesses:
        return base
    name_ = f"{boards}-board" if limit == default else f"{boards}-board-{limit}"
    return Variant(name_, boards, limit, f"{boards}-board Wordle")


class Status(enum.StrEnum):
    PLAYING = "playing"
    WON = "won"
    LOST = "lost"


def _distinct(rng: random.Random, answers: Sequence[str], boards: int) -> tuple[str, ...]:
    if boards > len(answers):
        raise VariantError(f"{boards} boards need {boards} answers; the list has {len(answers)}")
    return tuple(rng.sample(answers, boards))


def daily_answers(variant: Variant, date: dt.date | str, wordlist: WordList) -> tuple[str, ...]:
    """The answers of ``variant``'s daily game on ``date``: distinct words drawn with a
    generator seeded from the variant's name, the list's content and the date."""
    day = parse_date(date)
    day_number(day)  # refuses dates before the first puzzle
    seed = f"wordlekit {variant.name} {wordlist.content_hash} {day.isoformat()}"
    return _distinct(random.Random(seed), sorted(wordlist.answers), variant.boards)


def practice_answers(variant: Variant, seed: int, wordlist: WordList) -> tuple[str, ...]:
    """The answers of practice game ``seed`` of ``variant`` (the same seed, the same boards)."""
    if seed < 0:
        raise VariantError(f"a seed is a number from 0, not {seed}")
    rng = random.Random(f"wordlekit {variant.name} practice {seed}")
    return _distinct(rng, sorted(wordlist.answers), variant.boards)


def random_games(boards: int, games: int, seed: int, wordlist: WordList) -> list[tuple[str, ...]]:
    """``games`` games of ``boards`` distinct answers each, from one generator seeded with
    ``seed``: a benchmark's games (the same seed, the same games, in the same order)."""
    if games < 0:
        raise VariantError(f"a number of games from 0, not {games}")
    rng = random.Random(seed)
    answers = sorted(wordlist.answers)
    return [_distinct(rng, answers, boards) for _ in range(games)]


#: Keycap emoji for a board's guess count, as Quordle and Octordle share it.
_KEYCAPS = {n: f"{n}\ufe0f\u20e3" for n in range(1, 10)} | {
    10: "🔟",
    11: "🕚",
    12: "🕛",
    13: "🕐",
}
_FAILED = "🟥"


@dataclass(frozen=True)
class BoardGame:
    """A game of ``variant.boards`` boards: the answers, the guesses so far, the label.

    >>> g = BoardGame(variant_for("dordle"), ("cigar", "humor"))
    >>> g = g.guess("humor").guess("cigar")
    >>> g.status, g.solved_at
    (<Status.WON: 'won'>, (2, 1))
    """

    variant: Variant
    answers: tuple[str, ...]
    wordlist: WordList = field(default_factory=WordList.bundled, repr=False)
    guesses: tuple[str, ...] = ()
    label: str = "practice"

    def __post_init__(self) -> None:
        if len(self.answers) != self.variant.boards:
            raise VariantError(
                f"{self.variant.title} has {self.variant.boards} boards; "
                f"got {len(self.answers)} answers"
            )
        answers = tuple(self.wordlist.check_answer(a) for a in self.answers)
        if len(set(answers)) != len(answers):
            raise VariantError("the boards' answers must be distinct words")
        object.__setattr__(self, "answers", answers)
        if len(self.guesses) > self.variant.max_guesses:
            raise VariantError(f"more than {self.variant.max_guesses} guesses")

    # -- construction ----------------------------------------------------------------------

    @classmethod
    def daily(
        cls, variant: Variant, date: dt.date | str = "today", wordlist: WordList | None = None
    ) -> BoardGame:
        wl = wordlist or WordList.bundled()
        day = parse_date(date)
        label = f"Daily {variant.title} {day_number(day)}"
        return cls(variant, daily_answers(variant, day, wl), wl, label=label)

    @classmethod
    def practice(
        cls, variant: Variant, seed: int | None = None, wordlist: WordList | None = None
    ) -> BoardGame:
        """A practice game; without a seed the boards come from the system's randomness and
        the label shows no number (a seed would give the answers away)."""
        wl = wordlist or WordList.bundled()
        if seed is None:
            answers = _distinct(random.SystemRandom(), sorted(wl.answers), variant.boards)
            return cls(variant, answers, wl, label=f"Practice {variant.title}")
        label = f"Practice {variant.title} #{seed}"
        return cls(variant, practice_answers(variant, seed, wl), wl, label=label)

    # -- the rules -------------------------------------------------------------------------

    @property
    def boards(self) -> int:
        return self.variant.boards

    @property
    def length(self) -> int:
        return self.wordlist.length

    @property
    def solved_at(self) -> tuple[int | None, ...]:
        """For each board, the number of the guess that solved it (``None`` if unsolved)."""
        first: dict[str, int] = {}
        for i, g in enumerate(self.guesses):
            first.setdefault(g, i + 1)
        return tuple(first.get(a) for a in self.answers)

    @property
    def solved(self) -> tuple[bool, ...]:
        return tuple(n is not None for n in self.solved_at)

    @property
    def unsolved(self) -> tuple[int, ...]:
        """The boards still being played (by number from 0)."""
        return tuple(b for b, n in enumerate(self.solved_at) if n is None)

    @property
    def status(self) -> Status:
        if all(self.solved):
            return Status.WON
        if len(self.guesses) >= self.variant.max_guesses:
            return Status.LOST
        return Status.PLAYING

    @property
    def over(self) -> bool:
        return self.status is not Status.PLAYING

    @property
    def guesses_left(self) -> int:
        return self.variant.max_guesses - len(self.guesses)

    def board_turns(self, board: int) -> tuple[Turn, ...]:
        """Board ``board``'s turns: every guess up to the one that solved it."""
        answer = self.answers[board]
        turns: list[Turn] = []
        for g in self.guesses:
            turns.append(Turn(g, score(g, answer)))
            if g == answer:
                break
        return tuple(turns)

    def check(self, word: str) -> str:
        """Validate a guess without playing it; return it normalised, or raise."""
        if self.over:
            raise GameOverError(f"the game is over ({self.status.value})")
        w = self.wordlist.normalize(word)
        if not self.wordlist.is_valid(w):
            raise InvalidWordError(f"Not in word list: {w.upper()}")
        return w

    def guess(self, word: str) -> BoardGame:
        """The game after playing ``word`` on every unsolved board (refused words use no
        turn: they raise)."""
        w = self.check(word)
        return BoardGame(self.variant, self.answers, self.wordlist, (*self.guesses, w), self.label)

    def replay(self, words: Iterable[str]) -> BoardGame:
        game = self
        for w in words:
            game = game.guess(w)
        return game

    def keyboard(self, board: int) -> dict[str, Tile]:
        """Board ``board``'s best known state of every letter guessed on it."""
        best: dict[str, Tile] = {}
        for turn in self.board_turns(board):
            for letter, tile in zip(turn.guess, turn.tiles, strict=True):
                if letter not in best or tile > best[letter]:
                    best[letter] = tile
        return best

    def keyboards(self) -> list[dict[str, Tile]]:
        return [self.keyboard(b) for b in range(self.boards)]

    # -- the end ---------------------------------------------------------------------------

    def outcome(self) -> str | None:
        """One sentence on how the game ended (``None`` while it is played)."""
        status = self.status
        if status is Status.WON:
            used = f"{len(self.guesses)}/{self.variant.max_guesses}"
            return f"Solved all {self.boards} boards in {used}."
        if status is Status.LOST:
            missed = [self.answers[b].upper() for b in self.unsolved]
            return (
                f"Out of guesses: {self.boards - len(missed)} of {self.boards} boards solved. "
                f"Missed: {', '.join(missed)}."
            )
        return None

    def share(self, *, grid: bool = True) -> str:
        """The share text in the variants' format (see the module docstring)."""
        counts = [_count_mark(n, self.variant.max_guesses) for n in self.solved_at]
        per_row = 2 if self.variant.max_guesses <= 13 else 4
        lines = [self.label]
        for i in range(0, len(counts), per_row):
            lines.append(("" if per_row == 2 else " ").join(counts[i : i + per_row]))
        if grid and per_row == 2:
            for i in range(0, self.boards, 2):
                lines.append("")
                lines.extend(self._grid_rows(range(i, min(i + 2, self.boards))))
        return "\n".join(lines)

    def _grid_rows(self, boards: range) -> list[str]:
        rows = [
            [format_pattern(t.pattern, self.length) for t in self.board_turns(b)] for b in boards
        ]
        blank = "⬛" * self.length
        depth = max(len(r) for r in rows)
        # A board solved early is padded with black rows so its neighbour's rows line up,
        # as Quordle does.
        return [" ".join(r[k] if k < len(r) else blank for r in rows) for k in range(depth)]


def _count_mark(n: int | None, max_guesses: int) -> str:
    if max_guesses > 13:
        return "🟥🟥" if n is None else f"{n:02d}"
    return _FAILED if n is None else _KEYCAPS[n]
