"""What the terminal UI keeps between runs and shares between screens.

The player is an anonymous id in a small file next to the games database, so statistics
survive restarts (the web app keeps the same kind of id in a cookie). The pattern matrix is
loaded once per word list and process; strategies run on it from worker threads.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import secrets
import tempfile
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from wordlekit.core.feedback import Turn
from wordlekit.core.game import Game
from wordlekit.core.knowledge import Knowledge
from wordlekit.core.words import WordList, parse_date
from wordlekit.errors import InvalidDateError, WordleError
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.solve.registry import get_strategy
from wordlekit.solve.state import GameState
from wordlekit.solve.strategies import Suggestion
from wordlekit.store.files import data_dir

PLAYER_FILE = "terminal-player-id"
# The web app's cookie check: what secrets.token_urlsafe(18) produces, and a little slack.
_PLAYER_RE = re.compile(r"^[A-Za-z0-9_-]{16,64}$")


def player_file() -> Path:
    return data_dir() / PLAYER_FILE


def player_id(path: Path | None = None) -> str:
    """The terminal player's persistent id, created on first use.

    A missing or damaged file gets a fresh id (written atomically, so two programs starting
    at once never read half an id).
    """
    path = path or player_file()
    try:
        text = path.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        text = ""
    if _PLAYER_RE.match(text):
        return text
    player = secrets.token_urlsafe(18)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".player-", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="ascii") as f:
            f.write(player + "\n")
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return player


@dataclass(frozen=True)
class GameSpec:
    """A game to start and how it is stored (``mode``, ``day`` or ``seed``)."""

    game: Game
    mode: Literal["daily", "practice"]
    day: str | None = None
    seed: int | None = None

    @classmethod
    def daily(cls, date: dt.date | str, *, hard: bool, wordlist: WordList) -> GameSpec:
        day = parse_date(date)
        # As in the web app (the two share statistics): past puzzles are an archive, future
        # ones would be spoilers; a day of slack covers time zones ahead of this machine.
        if day > dt.date.today() + dt.timedelta(days=1):
            raise InvalidDateError(f"the daily puzzle of {day} is not out yet")
        game = Game.daily(day, hard=hard, wordlist=wordlist)
        return cls(game, "daily", day=day.isoformat())

    @classmethod
    def practice(cls, seed: int | None, *, hard: bool, wordlist: WordList) -> GameSpec:
        # Without a seed the answer is drawn at random and the label shows no number (a seed
        # in the label would give the answer away); the store keeps the answer itself.
        if seed is not None and seed < 0:
            raise WordleError(f"a seed is a number from 0, not {seed}")
        return cls(Game.practice(seed, hard=hard, wordlist=wordlist), "practice", seed=seed)


@dataclass(frozen=True)
class Analysis:
    """Everything the assist screen shows for one history of turns."""

    knowledge: Knowledge
    state: GameState
    suggestions: list[Suggestion]
    strategy: str


class Engine:
    """The pattern matrix of one word list, loaded once, and the strategies run on it.

    Thread-safe: workers of several screens may ask for the matrix at the same time.
    """

    def __init__(self, wordlist: WordList) -> None:
        self.wordlist = wordlist
        self._lock = threading.Lock()
        self._matrix: PatternMatrix | None = None

    @property
    def loaded(self) -> bool:
        return self._matrix is not None

    def matrix(self) -> PatternMatrix:
        with self._lock:
            if self._matrix is None:
                self._matrix = PatternMatrix.for_list(self.wordlist)
            return self._matrix

    def warm_up(self) -> None:
        """Load the matrix and the strategy kernels before the first request needs them."""
        get_strategy("entropy").rank(GameState.start(self.matrix()), 1)

    def hint(self, turns: Sequence[Turn], strategy: str, *, hard: bool) -> Suggestion:
        state = GameState.from_turns(self.matrix(), turns, hard=hard)
        return get_strategy(strategy).rank(state, 1)[0]

    def analyse(
        self, turns: Sequence[Turn], strategy: str, *, top: int = 10, hard: bool = False
    ) -> Analysis:
        """Candidates, summary, steps and suggestions; raises on contradictory turns.

        With ``hard``, only guesses obeying the hard-mode rule are suggested."""
        matrix = self.matrix()
        knowledge = Knowledge(turns, self.wordlist, "answers", matrix=matrix)
        state = GameState.from_turns(matrix, turns, hard=hard)
        strat = get_strategy(strategy)
        # Guesses that can neither win nor split the words left teach nothing; the ranking
        # puts them last, and a list of them (near the end of a game) is only noise.
        ranked = [s for s in strat.rank(state, top) if s.parts > 1 or s.can_win]
        return Analysis(knowledge, state, ranked, strat.name)


_ENGINES: dict[str, Engine] = {}
_ENGINES_LOCK = threading.Lock()


def engine_for(wordlist: WordList) -> Engine:
    """One engine per word list and process (the matrix is immutable, so it is shared)."""
    with _ENGINES_LOCK:
        key = wordlist.content_hash
        if key not in _ENGINES:
            _ENGINES[key] = Engine(wordlist)
        return _ENGINES[key]
