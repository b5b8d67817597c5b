"""Multi-board games and their statistics per variant, in the games database.

The games live in a table of their own, ``board_games``, in the same SQLite file as the
one-board games (:mod:`wordlekit.store.games`). It is created when missing
(``CREATE TABLE IF NOT EXISTS``): a database made before multi-board games existed opens
unchanged and gains the empty table, and the one-board tables are never touched.

A row keeps what rebuilds the game (:class:`~wordlekit.core.boards.BoardGame` is a value
made from its variant, answers and guesses): the answers and the guesses as comma-separated
words. Every change is one transaction. The answers never leave the server before the game
is over (the services decide what is shown).
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

from wordlekit.core.boards import BoardGame, Status, Variant, variant_for
from wordlekit.core.words import WordList
from wordlekit.errors import GameNotFoundError, TurnConflictError
from wordlekit.store.database import connect, transaction

SCHEMA = """
CREATE TABLE IF NOT EXISTS board_games (
    id TEXT PRIMARY KEY,
    player TEXT NOT NULL,
    variant TEXT NOT NULL,
    boards INTEGER NOT NULL,
    max_guesses INTEGER NOT NULL,
    mode TEXT NOT NULL CHECK (mode IN ('daily', 'practice')),
    day TEXT,
    seed INTEGER,
    answers TEXT NOT NULL,
    label TEXT NOT NULL,
    guesses TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL CHECK (status IN ('playing', 'won', 'lost')),
    created_at TEXT NOT NULL,
    finished_at TEXT
);
CREATE INDEX IF NOT EXISTS board_games_player ON board_games (player, variant, finished_at);
CREATE UNIQUE INDEX IF NOT EXISTS board_games_daily
    ON board_games (player, variant, day) WHERE mode = 'daily';
"""

_WRITE_LOCKS: dict[str, threading.Lock] = {}
_LOCKS_LOCK = threading.Lock()


class BoardGameNotFoundError(GameNotFoundError):
    """No multi-board game with that id belongs to that player."""


class BoardTurnConflictError(TurnConflictError):
    """A guess that is not the next one of the game (a double submit, another window)."""


@dataclass
class StoredBoardGame:
    id: str
    player: str
    mode: str
    day: str | None
    seed: int | None
    game: BoardGame


@dataclass(frozen=True)
class BoardStats:
    """One variant's figures for a player: games finished, wins, streaks (games won in a
    row, in the order they ended) and the number of guesses of the games won."""

    variant: str
    played: int
    wins: int
    current_streak: int
    max_streak: int
    distribution: dict[int, int]

    @property
    def win_percent(self) -> int:
        return round(100 * self.wins / self.played) if self.played else 0

    def to_dict(self) -> dict[str, object]:
        return {
            "variant": self.variant,
            "played": self.played,
            "wins": self.wins,
            "win_percent": self.win_percent,
            "current_streak": self.current_streak,
            "max_streak": self.max_streak,
            "distribution": {str(k): v for k, v in self.distribution.items()},
        }


class BoardStore:
    """SQLite access to multi-board games. One connection per thread."""

    def __init__(self, path: str | Path, wordlist: WordList) -> None:
        self.path = str(path)
        self.wordlist = wordlist
        self._local = threading.local()
        with _LOCKS_LOCK:
            self._lock = _WRITE_LOCKS.setdefault(os.path.realpath(self.path), threading.Lock())
        self._conn().executescript(SCHEMA)

    def _conn(self) -> sqlite3.Connection:
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is None:
            conn = connect(self.path)
            conn.row_factory = sqlite3.Row
            self._local.conn = conn
        return conn

    def _tx(self) -> AbstractContextManager[sqlite3.Connection]:
        return transaction(self._conn(), self._lock)

    def create(
        self, player: str, game: BoardGame, mode: str, day: str | None, seed: int | None
    ) -> tuple[StoredBoardGame, bool]:
        """Store a new game; a daily game of this variant already started is returned."""
        v = game.variant
        with self._tx() as db:
            if mode == "daily":
                row = db.execute(
                    "SELECT id FROM board_games WHERE player = ? AND variant = ? "
                    "AND mode = 'daily' AND day = ?",
                    (player, v.name, day),
                ).fetchone()
                if row is not None:
                    existing = self._load(db, row["id"], player)
                    assert existing is not None
                    return existing, False
            gid = secrets.token_urlsafe(12)
            db.execute(
                "INSERT INTO board_games (id, player, variant, boards, max_guesses, mode, day, "
                "seed, answers, label, guesses, status, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    gid,
                    player,
                    v.name,
                    v.boards,
                    v.max_guesses,
                    mode,
                    day,
                    seed,
                    ",".join(game.answers),
                    game.label,
                    ",".join(game.guesses),
                    game.status.value,
                    _now(),
                ),
            )
        return StoredBoardGame(gid, player, mode, day, seed, game), True

    def get(self, gid: str, player: str) -> StoredBoardGame | None:
        return self._load(self._conn(), gid, player)

    def _load(self, db: sqlite3.Connection, gid: str, player: str) -> StoredBoardGame | None:
        row = db.execute(
            "SELECT * FROM board_games WHERE id = ? AND player = ?", (gid, player)
        ).fetchone()
        if row is None:
            return None
        variant = _variant_of(row["variant"], row["boards"], row["max_guesses"])
        guesses = tuple(g for g in row["guesses"].split(",") if g)
        game = BoardGame(
            variant, tuple(row["answers"].split(",")), self.wordlist, guesses, row["label"]
        )
        return StoredBoardGame(gid, player, row["mode"], row["day"], row["seed"], game)

    def play(self, gid: str, player: str, word: str, turn: int | None = None) -> StoredBoardGame:
        """Play ``word`` as one transaction (read, referee, write). ``turn`` is the number of
        the guess the caller means: a retry of a guess already played with the same word
        returns the game unchanged; anything else out of turn is refused."""
        with self._tx() as db:
            stored = self._load(db, gid, player)
            if stored is None:
                raise BoardGameNotFoundError("no such game")
            played = len(stored.game.guesses)
            if turn is not None:
                if turn <= played:
                    if stored.game.guesses[turn - 1] == word.strip().lower():
                        return stored
                    raise BoardTurnConflictError(f"guess {turn} was already played")
                if turn > played + 1:
                    raise BoardTurnConflictError(
                        f"guess {turn} cannot be played yet: this game is at guess {played + 1}"
                    )
            game = stored.game.guess(word)  # a refusal raises: nothing is written
            db.execute(
                "UPDATE board_games SET guesses = ?, status = ?, finished_at = ? WHERE id = ?",
                (",".join(game.guesses), game.status.value, _now() if game.over else None, gid),
            )
            stored.game = game
        return stored

    def stats(self, player: str, variant: Variant) -> BoardStats:
        rows = (
            self._conn()
            .execute(
                "SELECT status, guesses FROM board_games WHERE player = ? AND variant = ? "
                "AND status != 'playing' ORDER BY finished_at, rowid",
                (player, variant.name),
            )
            .fetchall()
        )
        current = best = wins = 0
        dist: dict[int, int] = {}
        for r in rows:
            won = r["status"] == Status.WON.value
            current = current + 1 if won else 0
            best = max(best, current)
            if won:
                wins += 1
                n = len([g for g in r["guesses"].split(",") if g])
                dist[n] = dist.get(n, 0) + 1
        return BoardStats(variant.name, len(rows), wins, current, best, dict(sorted(dist.items())))


def _variant_of(name: str, boards: int, max_guesses: int) -> Variant:
    v = variant_for(boards=boards, max_guesses=max_guesses)
    if v.name != name:  # a stored name from a later version: keep the rules stored
        return Variant(name, boards, max_guesses, v.title)
    return v


def _now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="milliseconds")
