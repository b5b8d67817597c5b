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
from wordlekit.errors import WordleError
from wordlekit.store.database import connect, transaction
from wordlekit.store.files import data_dir

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


class GameNotFoundError(WordleError):
    """No game with that id belongs to that player."""


class TurnConflictError(WordleError):
    """A turn that was already played, or is not the next one (a double submit, a race)."""


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
        """Store a new game; a daily puzzle already started by this player is returned instead.

        Returns the game and whether it was created now.
        """
        with self._tx() as db:
            if mode == "daily":
                row = db.execute(
                    "SELECT id FROM games WHERE player = ? AND mode = 'daily' AND day = ? "
                    "AND hard = ?",
                    (player, day, int(game.hard)),
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
                    int(game.hard),
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
            row["answer"], self.wordlist, bool(row["hard"]), row["max_guesses"], turns, row["label"]
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

    def stats(self, player: str) -> Stats:
        rows = (
            self._conn()
            .execute(
                "SELECT g.status, g.hints, "
                "(SELECT COUNT(*) FROM turns t WHERE t.game_id = g.id) AS n "
                "FROM games g WHERE g.player = ? AND g.status != 'playing' "
                "ORDER BY g.finished_at, g.rowid",
                (player,),
            )
            .fetchall()
        )
        played = len(rows)
        wins = 0
        streak = best = 0
        dist: dict[int, int] = {k: 0 for k in range(1, 7)}
        hints = 0
        for r in rows:
            hints += r["hints"]
            if r["status"] == "won":
                wins += 1
                streak += 1
                best = max(best, streak)
                dist[r["n"]] = dist.get(r["n"], 0) + 1
            else:
                streak = 0
        return Stats(played, wins, streak, best, dist, hints)

    def count_finished(self) -> int:
        row = (
            self._conn().execute("SELECT COUNT(*) FROM games WHERE status != 'playing'").fetchone()
        )
        return int(row[0])


def default_db_path() -> Path:
    """The games and statistics database both front ends use by default."""
    return data_dir() / "wordlekit.sqlite3"


def _now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="milliseconds")
