"""Games and statistics in SQLite (WAL, one transaction per change), shared by the web app
and the terminal UI (same default file in the user data folder).

A game lives here, answer included, from its start to its end; the web app's browser only
ever sees the patterns of the guesses made (and the answer once the game is over). Every
change is one transaction, so a program killed at any moment keeps every finished game and
statistic.
"""

from __future__ import annotations

import datetime as dt
import os
import secrets
import sqlite3
import threading
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path

from wordlekit.core.feedback import Turn
from wordlekit.core.game import Game, Status
from wordlekit.core.words import WordList
from wordlekit.errors import GameNotFoundError, TurnConflictError
from wordlekit.store.database import connect, transaction
from wordlekit.store.files import data_dir

#: How the ``hard`` column stores the rules of a game (one column since the first schema:
#: ultrahard, which implies hard mode, is its highest value, so no migration was needed).
RULES_CODE = {"normal": 0, "hard": 1, "ultrahard": 2}

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    player TEXT NOT NULL,
    mode TEXT NOT NULL CHECK (mode IN ('daily', 'practice')),
    day TEXT,
    seed INTEGER,
    hard INTEGER NOT NULL,
    answer TEXT NOT NULL,
    label TEXT NOT NULL,
    max_guesses INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('playing', 'won', 'lost')),
    hints INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    finished_at TEXT
);
CREATE INDEX IF NOT EXISTS games_player ON games (player, finished_at);
CREATE UNIQUE INDEX IF NOT EXISTS games_daily ON games (player, day, hard) WHERE mode = 'daily';
CREATE TABLE IF NOT EXISTS turns (
    game_id TEXT NOT NULL REFERENCES games (id),
    n INTEGER NOT NULL,
    guess TEXT NOT NULL,
    pattern INTEGER NOT NULL,
    PRIMARY KEY (game_id, n)
);
"""


# One write lock per database file in this process, shared by every Store on it.
_WRITE_LOCKS: dict[str, threading.Lock] = {}
_LOCKS_LOCK = threading.Lock()


@dataclass
class StoredGame:
    """A game row with its turns, and the engine's view of it."""

    id: str
    player: str
    mode: str
    day: str | None
    seed: int | None
    game: Game
    hints: int

    @property
    def status(self) -> Status:
        return self.game.status


@dataclass(frozen=True)
class Stats:
    """The figures of one kind of game (daily puzzles, or practice games)."""

    played: int
    wins: int
    current_streak: int
    max_streak: int
    distribution: dict[int, int]
    hints: int

    @property
    def win_percent(self) -> int:
        return round(100 * self.wins / self.played) if self.played else 0

    def to_dict(self) -> dict[str, object]:
        return {
            "played": self.played,
            "wins": self.wins,
            "win_percent": self.win_percent,
            "current_streak": self.current_streak,
            "max_streak": self.max_streak,
            "distribution": {str(k): v for k, v in self.distribution.items()},
            "hints": self.hints,
        }


@dataclass(frozen=True)
class PlayerStats:
    """A player's statistics as the NYT keeps them, and practice games apart.

    - ``daily``: one result per puzzle date (normal, hard and ultrahard mode together: the
      first daily game finished for a date counts; a second game of that date in another mode
      is left out, its answer being known). The streak is the number of consecutive puzzle
      dates won: a lost date or a date with no finished game breaks it, and the current
      streak is alive while its last date is today or yesterday (or later: the day of slack
      of time zones). Played, win % and the guess distribution count the same games.
    - ``practice``: every finished practice game, in the order they ended; its streak is the
      games won in a row.
    - ``last_mode``: the kind of the game finished last (``None`` before the first), so a
      front end can show those figures first.
    """

    daily: Stats
    practice: Stats
    last_mode: str | None = None

    def to_dict(self) -> dict[str, object]:
        """The daily figures at the top level (the NYT's), the practice ones in ``practice``."""
        return {
            **self.daily.to_dict(),
            "practice": self.practice.to_dict(),
            "last_mode": self.last_mode,
        }


class Store:
    """SQLite access. One connection per thread; every change is one transaction."""

    def __init__(self, path: str | Path, wordlist: WordList) -> None:
        self.path = str(path)
        self.wordlist = wordlist
        self._local = threading.local()
        with _LOCKS_LOCK:
            self._write_lock = _WRITE_LOCKS.setdefault(
                os.path.realpath(self.path), threading.Lock()
            )
        self._conn().executescript(SCHEMA)

    def _conn(self) -> sqlite3.Connection:
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is None:
            conn = connect(self.path)
            conn.row_factory = sqlite3.Row
            self._local.conn = conn
        return conn

    def _tx(self) -> AbstractContextManager[sqlite3.Connection]:
        # Writers of this process queue on a lock first (see database.transaction); other
        # processes (the TUI next to the web app) meet at SQLite's write lock.
        return transaction(self._conn(), self._write_lock)

    @staticmethod
    def new_id() -> str:
        return secrets.token_urlsafe(12)

    def create(
        self, player: str, game: Game, mode: str, day: str | None, seed: int | None
    ) -> tuple[StoredGame, bool]:
        """Store a new game; a daily puzzle already started by this player in the same rules
        (normal, hard, ultrahard: one game each) is returned instead.

        Returns the game and whether it was created now.
        """
        with self._tx() as db:
            if mode == "daily":
                row = db.execute(
                    "SELECT id FROM games WHERE player = ? AND mode = 'daily' AND day = ? "
                    "AND hard = ?",
                    (player, day, RULES_CODE[game.rules]),
                ).fetchone()
                if row is not None:
                    existing = self._load(db, row["id"], player)
                    assert existing is not None
                    return existing, False
            gid = self.new_id()
            db.execute(
                "INSERT INTO games (id, player, mode, day, seed, hard, answer, label, "
                "max_guesses, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    gid,
                    player,
                    mode,
                    day,
                    seed,
                    RULES_CODE[game.rules],
                    game.answer,
                    game.label,
                    game.max_guesses,
                    game.status.value,
                    _now(),
                ),
            )
        return StoredGame(gid, player, mode, day, seed, game, 0), True

    def get(self, gid: str, player: str) -> StoredGame | None:
        return self._load(self._conn(), gid, player)

    def _load(self, db: sqlite3.Connection, gid: str, player: str) -> StoredGame | None:
        row = db.execute(
            "SELECT * FROM games WHERE id = ? AND player = ?", (gid, player)
        ).fetchone()
        if row is None:
            return None
        turns = [
            Turn(r["guess"], r["pattern"])
            for r in db.execute(
                "SELECT guess, pattern FROM turns WHERE game_id = ? ORDER BY n", (gid,)
            )
        ]
        game = Game(
            row["answer"],
            self.wordlist,
            bool(row["hard"]),
            row["max_guesses"],
            turns,
            row["label"],
            ultrahard=row["hard"] == RULES_CODE["ultrahard"],
        )
        return StoredGame(gid, player, row["mode"], row["day"], row["seed"], game, row["hints"])

    def add_turn(self, stored: StoredGame, turn: Turn) -> None:
        """Record a turn played on ``stored.game`` (already applied to it) and its outcome.

        Refused with :class:`TurnConflictError` if that turn was stored meanwhile (by
        another window or process): the database never holds two turns with one number.
        """
        game = stored.game
        with self._tx() as db:
            n = len(game.turns)
            self._check_next(db, stored.id, n)
            self._insert_turn(db, stored, n, turn)

    def play(self, gid: str, player: str, word: str, turn: int | None = None) -> StoredGame:
        """Play ``word`` in a stored game as one transaction: read, referee, write.

        Concurrent calls on one game are serialised by SQLite's write lock, so each sees the
        turns of the others. ``turn`` is the number of the turn the caller means to play:
        a retry of a turn already played with the same word returns the game unchanged (a
        double submit spends no turn); another word there, or a turn that is not next, is a
        :class:`TurnConflictError`. Raises :class:`GameNotFoundError` for an unknown game and
        whatever :meth:`Game.guess` raises (invalid word, hard mode, game over).
        """
        with self._tx() as db:
            stored = self._load(db, gid, player)
            if stored is None:
                raise GameNotFoundError("no such game")
            game = stored.game
            played = len(game.turns)
            if turn is not None:
                if turn <= played:
                    before = game.turns[turn - 1]
                    if before.guess == word.strip().lower():
                        return stored  # a retry of a turn already played
                    raise TurnConflictError(
                        f"turn {turn} was already played ({before.guess.upper()})"
                    )
                if turn > played + 1:
                    raise TurnConflictError(
                        f"turn {turn} cannot be played yet: this game is at turn {played + 1}"
                    )
            played_turn = game.guess(word)  # refused: nothing is written (rollback)
            self._insert_turn(db, stored, played + 1, played_turn)
        return stored

    @staticmethod
    def _check_next(db: sqlite3.Connection, gid: str, n: int) -> None:
        row = db.execute("SELECT COUNT(*) FROM turns WHERE game_id = ?", (gid,)).fetchone()
        if int(row[0]) != n - 1:
            raise TurnConflictError(f"turn {n} was already played elsewhere")

    @staticmethod
    def _insert_turn(db: sqlite3.Connection, stored: StoredGame, n: int, turn: Turn) -> None:
        game = stored.game
        db.execute(
            "INSERT INTO turns (game_id, n, guess, pattern) VALUES (?, ?, ?, ?)",
            (stored.id, n, turn.guess, turn.pattern),
        )
        db.execute(
            "UPDATE games SET status = ?, finished_at = ? WHERE id = ?",
            (game.status.value, _now() if game.over else None, stored.id),
        )

    def add_hint(self, stored: StoredGame) -> None:
        with self._tx() as db:
            db.execute("UPDATE games SET hints = hints + 1 WHERE id = ?", (stored.id,))
        stored.hints += 1

    def stats(self, player: str, today: dt.date | None = None) -> PlayerStats:
        """This player's daily and practice figures (see :class:`PlayerStats`); ``today``
        (default: this machine's date) decides whether the daily streak is still alive."""
        rows = (
            self._conn()
            .execute(
                "SELECT g.mode, g.day, g.status, g.hints, "
                "(SELECT COUNT(*) FROM turns t WHERE t.game_id = g.id) AS n "
                "FROM games g WHERE g.player = ? AND g.status != 'playing' "
                "ORDER BY g.finished_at, g.rowid",
                (player,),
            )
            .fetchall()
        )
        results = [_Result(r["status"] == "won", r["n"], r["hints"]) for r in rows]
        practice = [res for r, res in zip(rows, results, strict=True) if r["mode"] == "practice"]
        by_day: dict[dt.date, _Result] = {}
        for r, res in zip(rows, results, strict=True):
            if r["mode"] == "daily" and r["day"]:
                by_day.setdefault(dt.date.fromisoformat(r["day"]), res)  # the first one ended
        return PlayerStats(
            daily=_daily_stats(by_day, today or dt.date.today()),
            practice=_figures(practice, *_run_streaks([res.won for res in practice])),
            last_mode=rows[-1]["mode"] if rows else None,
        )

    def count_finished(self) -> int:
        row = (
            self._conn().execute("SELECT COUNT(*) FROM games WHERE status != 'playing'").fetchone()
        )
        return int(row[0])


def default_db_path() -> Path:
    """The games and statistics database both front ends use by default."""
    return data_dir() / "wordlekit.sqlite3"


@dataclass(frozen=True)
class _Result:
    """One finished game as the statistics see it."""

    won: bool
    guesses: int
    hints: int


def _figures(results: list[_Result], current: int, best: int) -> Stats:
    """Played, wins, the distribution and hints of ``results``, with the given streaks."""
    dist: dict[int, int] = {k: 0 for k in range(1, 7)}
    for res in results:
        if res.won:
            dist[res.guesses] = dist.get(res.guesses, 0) + 1
    wins = sum(res.won for res in results)
    return Stats(len(results), wins, current, best, dist, sum(res.hints for res in results))


def _run_streaks(won: list[bool]) -> tuple[int, int]:
    """(current, longest) run of wins in a sequence of results, the last one current."""
    current = best = 0
    for w in won:
        current = current + 1 if w else 0
        best = max(best, current)
    return current, best


def _daily_stats(by_day: dict[dt.date, _Result], today: dt.date) -> Stats:
    """The daily figures: one result per puzzle date; streaks of consecutive dates won."""
    days = sorted(by_day)
    current = best = 0
    previous: dt.date | None = None
    for day in days:
        consecutive = previous is not None and day - previous == dt.timedelta(days=1)
        current = (current + 1 if consecutive else 1) if by_day[day].won else 0
        best = max(best, current)
        previous = day
    if days and days[-1] < today - dt.timedelta(days=1):
        current = 0  # the puzzle of yesterday was missed: the streak has ended
    return _figures([by_day[d] for d in days], current, best)


def _now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="milliseconds")
