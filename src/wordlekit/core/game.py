"""The one game model: every variant is a :class:`Game` played under one
:class:`~wordlekit.core.rules.Rules`.

A game is a value. :meth:`Game.guess` returns the game after one more guess (a refused word
raises and changes nothing), so a game is rebuilt from its variant, its rules, its secret (the
answers a fixed host drew, or an Absurdle challenge's target) and its guesses alone; that is
all the store keeps.

Every variant shares, from here:

- construction: :meth:`Variant.daily`, :meth:`Variant.practice` and :meth:`Variant.challenge`
  (a game on answers chosen by someone, as a challenge link makes), and :meth:`Game.restore`;
- the referee: :meth:`Game.check` (the game is on, the word is valid, the mode's rule on every
  board still being played: :func:`~wordlekit.core.rules.boards_violation`);
- :attr:`Game.status` (one :class:`Status`), :meth:`Game.outcome` (an :class:`Outcome` value),
  :meth:`Game.share`, :meth:`Game.keyboard`, :meth:`Game.replay`.

A variant supplies its host (:meth:`Game.feedback`: the colours of a guess on each board still
being played), how it draws its secret, its labels and its share grid. The classic game and
games of several boards are :class:`~wordlekit.core.wordle.WordleGame`; Absurdle is
:class:`~wordlekit.core.absurdle.AbsurdleGame`. The registry of variants by name is
:mod:`wordlekit.core.variants`.
"""

from __future__ import annotations

import abc
import datetime as dt
import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import ClassVar, Literal, Self

from wordlekit.core.feedback import Pattern, Tile, Turn, format_pattern
from wordlekit.core.rules import Host, Mode, Rules, boards_violation
from wordlekit.core.words import BUNDLED, WordList, parse_date
from wordlekit.errors import GameOverError, HardModeError, InvalidWordError, UltrahardError

#: How a game came to be: the day's puzzle, a practice game, or answers someone chose.
Kind = Literal["daily", "practice", "challenge"]
KINDS: tuple[Kind, ...] = ("daily", "practice", "challenge")


class Status(enum.StrEnum):
    PLAYING = "playing"
    WON = "won"
    LOST = "lost"


@dataclass(frozen=True)
class Board:
    """One board: its turns, up to the one that solved it."""

    turns: tuple[Turn, ...] = ()

    @property
    def solved(self) -> bool:
        return bool(self.turns) and self.turns[-1].is_win

    @property
    def solved_at(self) -> int | None:
        """The number of the guess that solved it (``None`` while it is being played)."""
        return len(self.turns) if self.solved else None

    def keyboard(self) -> dict[str, Tile]:
        """The best known state of every letter guessed on this board (green > yellow > gray)."""
        best: dict[str, Tile] = {}
        for turn in self.turns:
            for letter, tile in zip(turn.guess, turn.tiles, strict=True):
                if letter not in best or tile > best[letter]:
                    best[letter] = tile
        return best


@dataclass(frozen=True)
class Outcome:
    """How a game ended.

    ``answers`` are every board's answers (revealed now); ``solved_at`` the guess that solved
    each board (``None`` for a board left unsolved); ``message`` the sentence a front end
    shows; ``praise`` the word of a one-board win (Genius … Phew).
    """

    status: Status
    guesses: int
    max_guesses: int | None
    solved_at: tuple[int | None, ...]
    answers: tuple[str, ...]
    message: str
    praise: str | None = None

    @property
    def won(self) -> bool:
        return self.status is Status.WON


@dataclass(frozen=True)
class Variant:
    """A variant people play: its name and title, its boards and guess limit (``None``: no
    limit) and the game class that plays it. Its methods make games of it."""

    name: str
    title: str
    #: The class that plays it (not in the JSON form: the name says which).
    game: type[Game] = field(repr=False, metadata={"json": False})
    boards: int = 1
    max_guesses: int | None = 6
    summary: str = ""

    @property
    def host(self) -> Host:
        return self.game.host

    def rules(self, wordlist: WordList | None = None, mode: Mode | str = Mode.NORMAL) -> Rules:
        """The rules of this variant on ``wordlist`` (the ``original`` lists by default)."""
        return Rules(
            wordlist or WordList.bundled(), Mode.parse(mode), self.boards, self.max_guesses,
            self.host,
        )  # fmt: skip

    def daily(
        self,
        date: dt.date | str = "today",
        *,
        wordlist: WordList | None = None,
        mode: Mode | str = Mode.NORMAL,
    ) -> Game:
        """The daily game of ``date`` (the same for every player of these lists)."""
        day = parse_date(date)
        rules = self.rules(wordlist, mode)
        secret = self.game.daily_secret(self, rules, day)
        return self.game.start(self, rules, secret, self.game.label_for(self, "daily", day=day))

    def practice(
        self,
        seed: int | None = None,
        *,
        wordlist: WordList | None = None,
        mode: Mode | str = Mode.NORMAL,
    ) -> Game:
        """A practice game: the same seed gives the same game; without one, a game drawn from
        the system's randomness whose label shows no number (a seed would give it away)."""
        rules = self.rules(wordlist, mode)
        secret = self.game.practice_secret(self, rules, seed)
        label = self.game.label_for(self, "practice", seed=seed)
        return self.game.start(self, rules, secret, label)

    def challenge(
        self,
        words: Sequence[str],
        *,
        wordlist: WordList | None = None,
        mode: Mode | str = Mode.NORMAL,
    ) -> Game:
        """A game on secret words chosen by someone (a challenge link)."""
        rules = self.rules(wordlist, mode)
        secret = self.game.check_secret(rules, words)
        return self.game.start(self, rules, secret, self.game.label_for(self, "challenge"))


#: How many characters of a challenge link's id its games' title line shows.
LINK_PREFIX = 6


def link_label(variant: Variant, cid: str) -> str:
    """The title line of a game played from challenge link ``cid``: it names the challenge
    by the start of its id (``Wordle challenge K3xQ7a…``), so friends comparing grids know
    they played the same puzzle, and never its words (the id is random, not made from them).

    ```pycon
    >>> from wordlekit.core.variants import VARIANTS
    >>> link_label(VARIANTS["classic"], "K3xQ7aZP1c9mTq2w")
    'Wordle challenge K3xQ7a…'
    >>> link_label(VARIANTS["quordle"], "K3xQ7aZP1c9mTq2w")
    'Quordle challenge K3xQ7a…'

    ```
    """
    name = "Wordle" if variant.boards == 1 and variant.host is Host.FIXED else variant.title
    return f"{name} challenge {cid[:LINK_PREFIX]}…"


def is_link_label(label: str) -> bool:
    """Whether ``label`` is a challenge link's (:func:`link_label`: the id ends in ``…``)."""
    return label.endswith("…")


@dataclass(frozen=True)
class Game(abc.ABC):
    """A game of any variant (see the module docstring). Subclasses are frozen dataclasses
    that add their host's state; they implement :meth:`feedback` and the secret's draws."""

    variant: Variant
    rules: Rules
    label: str
    #: Every guess played, in order (each went to every board then being played).
    guesses: tuple[str, ...] = ()
    boards: tuple[Board, ...] = ()

    #: Who answers the guesses (a fact of the class: its variants' rules carry it).
    host: ClassVar[Host] = Host.FIXED

    def __post_init__(self) -> None:
        r = self.rules
        if (r.boards, r.max_guesses, r.host) != (
            self.variant.boards,
            self.variant.max_guesses,
            self.variant.host,
        ):
            raise ValueError(f"{r!r} are not the rules of {self.variant.name}")
        if not self.boards:
            object.__setattr__(self, "boards", (Board(),) * r.boards)
        elif len(self.boards) != r.boards:
            raise ValueError(f"{len(self.boards)} boards for rules of {r.boards}")

    # -- what a variant supplies ---------------------------------------------------------------

    @classmethod
    @abc.abstractmethod
    def start(cls, variant: Variant, rules: Rules, secret: tuple[str, ...], label: str) -> Self:
        """A new game (no guess yet) on ``secret``."""

    @classmethod
    @abc.abstractmethod
    def daily_secret(cls, variant: Variant, rules: Rules, day: dt.date) -> tuple[str, ...]:
        """The secret of the daily game of ``day``."""

    @classmethod
    @abc.abstractmethod
    def practice_secret(cls, variant: Variant, rules: Rules, seed: int | None) -> tuple[str, ...]:
        """The secret of practice game ``seed`` (``None``: drawn from the system)."""

    @classmethod
    @abc.abstractmethod
    def check_secret(cls, rules: Rules, words: Sequence[str]) -> tuple[str, ...]:
        """Words chosen for a challenge, checked and normalised."""

    @classmethod
    @abc.abstractmethod
    def label_for(
        cls,
        variant: Variant,
        kind: Kind,
        *,
        day: dt.date | None = None,
        seed: int | None = None,
    ) -> str:
        """The game's title line, as its share grid starts."""

    @property
    @abc.abstractmethod
    def secret(self) -> tuple[str, ...]:
        """What the store keeps hidden to rebuild the game (answers, or a target)."""

    @abc.abstractmethod
    def feedback(self, word: str) -> tuple[tuple[Pattern | None, ...], Self]:
        """The colours of ``word`` (checked) on each board (``None`` on a board already
        solved), and the game with its host's state moved on (boards and guesses unchanged)."""

    @abc.abstractmethod
    def outcome(self) -> Outcome | None:
        """How the game ended (``None`` while it is being played)."""

    @abc.abstractmethod
    def share(self, *, dark: bool = True, high_contrast: bool = False, hints: int = 0) -> str:
        """The text people paste (the variant's own format)."""

    def lost_early(self) -> str | None:
        """Why the game is lost before its guesses run out (``None``: it is not)."""
        return None

    def host_words(self) -> tuple[str, ...] | None:
        """The words an adversary host still holds (``None`` for a fixed host: its answers
        are secret)."""
        return None

    def target_word(self) -> str | None:
        """A challenge's target when the player knows it (Absurdle's), else ``None``."""
        return None

    def answer_of(self, board: int) -> str | None:
        """Board ``board``'s answer if the player may know it now: the guess that solved it,
        or a fixed host's answer once the game is over."""
        b = self.boards[board]
        if b.solved:
            return b.turns[-1].guess
        if self.over and self.host is Host.FIXED:
            return self.secret[board]
        return None

    # -- shared by every variant ---------------------------------------------------------------

    @classmethod
    def restore(
        cls,
        variant: Variant,
        rules: Rules,
        label: str,
        secret: Sequence[str],
        guesses: Iterable[str],
    ) -> Self:
        """The game of ``secret`` after ``guesses``, as stored (replayed without the mode's
        check: the rules in force when they were played accepted them)."""
        game = cls.start(variant, rules, tuple(secret), label)
        for word in guesses:
            game = game.after(word)
        return game

    @property
    def wordlist(self) -> WordList:
        return self.rules.wordlist

    @property
    def mode(self) -> Mode:
        return self.rules.mode

    @property
    def length(self) -> int:
        return self.rules.length

    @property
    def max_guesses(self) -> int | None:
        return self.rules.max_guesses

    @property
    def turns(self) -> tuple[Turn, ...]:
        """The first board's turns (the only board of a one-board game)."""
        return self.boards[0].turns

    @property
    def solved_at(self) -> tuple[int | None, ...]:
        return tuple(b.solved_at for b in self.boards)

    @property
    def unsolved(self) -> tuple[int, ...]:
        """The boards still being played (numbered from 0)."""
        return tuple(i for i, b in enumerate(self.boards) if not b.solved)

    @property
    def status(self) -> Status:
        if all(b.solved for b in self.boards):
            return Status.WON
        limit = self.rules.max_guesses
        if limit is not None and len(self.guesses) >= limit:
            return Status.LOST
        if self.lost_early() is not None:
            return Status.LOST
        return Status.PLAYING

    @property
    def over(self) -> bool:
        return self.status is not Status.PLAYING

    @property
    def guesses_left(self) -> int | None:
        limit = self.rules.max_guesses
        return None if limit is None else limit - len(self.guesses)

    def violation(self, word: str) -> str | None:
        """Why the mode refuses ``word`` (normalised) now, or ``None``."""
        unsolved = self.unsolved
        playing = [self.boards[b].turns for b in unsolved]
        numbers = [b + 1 for b in unsolved]  # as the player counts them
        return boards_violation(self.mode, playing, word, self.wordlist, numbers)

    def check(self, word: str) -> str:
        """Validate a guess without playing it; return it normalised, or raise."""
        if self.over:
            raise GameOverError(f"the game is over ({self.status.value})")
        w = self.wordlist.normalize(word)
        if not self.wordlist.is_valid(w):
            raise InvalidWordError(f"Not in word list: {w.upper()}")
        reason = self.violation(w)
        if reason:
            raise (UltrahardError if self.mode is Mode.ULTRAHARD else HardModeError)(reason)
        return w

    def guess(self, word: str) -> Self:
        """The game after playing ``word`` on every board still being played. A refused word
        (not valid, against the mode, the game over) raises and uses no turn."""
        return self.after(self.check(word))

    def after(self, word: str) -> Self:
        """The game after ``word``, a word already refereed (:meth:`guess` checks it first;
        :meth:`restore` replays what was accepted when it was played)."""
        patterns, moved = self.feedback(word)
        boards = tuple(
            b if p is None else Board((*b.turns, Turn(word, p)))
            for b, p in zip(self.boards, patterns, strict=True)
        )
        return replace(moved, guesses=(*self.guesses, word), boards=boards)

    def replay(self, words: Iterable[str]) -> Self:
        """The game after playing ``words`` in order (each refereed)."""
        game = self
        for w in words:
            game = game.guess(w)
        return game

    def keyboard(self, board: int = 0) -> dict[str, Tile]:
        """Board ``board``'s best known state of every letter guessed on it."""
        return self.boards[board].keyboard()

    def keyboards(self) -> list[dict[str, Tile]]:
        return [b.keyboard() for b in self.boards]

    def grid_rows(self, board: int, *, dark: bool = True, high_contrast: bool = False) -> list[str]:
        """Board ``board``'s colour rows as emoji (``dark=False`` draws gray as ⬜;
        ``high_contrast`` green as 🟧 and yellow as 🟦, as the NYT's colour-blind mode)."""
        rows = [format_pattern(t.pattern, self.length) for t in self.boards[board].turns]
        if not dark:
            rows = [r.replace("⬛", "⬜") for r in rows]
        if high_contrast:
            rows = [r.replace("🟩", "🟧").replace("🟨", "🟦") for r in rows]
        return rows

    @property
    def list_mark(self) -> str:
        """What the share's title line says of the word list: nothing for the original
        game's English five-letter words (``original``, ``nyt``), else the list's name
        (`` es-5``) for the other bundled lists, so a grid pasted from a Spanish or six-letter
        game says which it was (a list read from files is not named: its name is a path)."""
        name = self.wordlist.name
        return f" {name}" if name in BUNDLED and name not in ("original", "nyt") else ""

    def title_marks(self, hints: int = 0) -> str:
        """What the share's title line adds after the count: the mode's star (``*`` hard,
        ``**`` ultrahard), the hints taken, in plain words (``* (1 hint)``), and for a game
        not over yet ``(in progress)``, so that its grid never reads as a loss."""
        marks = self.mode.star
        if hints > 0:
            marks += f" ({hints} hint{'s' if hints != 1 else ''})"
        if not self.over:
            marks += " (in progress)"
        return marks

    def share_count(self) -> str:
        """The share's count of guesses: how many it took, ``X`` for a loss, ``-`` while the
        game goes on."""
        if self.status is Status.WON:
            return str(len(self.guesses))
        return "X" if self.over else "-"

    def _outcome(
        self, message: str, answers: tuple[str, ...], praise: str | None = None
    ) -> Outcome:
        return Outcome(
            self.status, len(self.guesses), self.rules.max_guesses, self.solved_at, answers,
            message, praise,
        )  # fmt: skip
