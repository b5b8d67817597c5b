"""Every game and its statistics in SQLite (WAL, one transaction per change), whatever its
variant: the classic game, several boards, Absurdle. The web app and the terminal UI share the
file (the same default in the user data folder).

A game lives here, secret included, from its start to its end; front ends only ever see what
the services show (the patterns of the guesses made; the answers once the game is over).
Every change is one transaction, so a program killed at any moment keeps every finished game
and statistic.

The schema (version 2, ``PRAGMA user_version``):

- ``games``: one row a game: its variant by name with its boards and guess limit, the mode by
  name (``normal``, ``hard``, ``ultrahard``), how it came to be (``daily``, ``practice``,
  ``challenge``) with its day or seed, the label, the status, the guesses played and the hints
  taken;
- ``secrets``: the answer of each board (an Absurdle challenge's target), by game and board;
- ``turns``: each board's turns, by game, board and guess number.

A database of version 1 (one-board games with the mode as a number in ``games.hard``, and
several-board games in ``board_games`` with comma-joined words) is migrated when it is opened,
in one transaction: every game, turn, hint and statistic is kept (``tests/test_gamestore.py``
checks it on a database made by that version).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import secrets
import sqlite3
import threading
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from wordlekit.core.game import Game, Kind, Status, Variant
from wordlekit.core.words import WordList
from wordlekit.errors import StorageError
from wordlekit.store.database import BUSY_TIMEOUT, connect, transaction, write_lock
from wordlekit.store.files import data_dir
from wordlekit.store.schema import SCHEMA_VERSION, create, is_v1, migrate_v1, stored_variant


@dataclass(frozen=True)
class StoredGame:
    """A game as stored: its id, owner, how it came to be, the hints taken, and the game."""

    id: str
    player: str
    kind: Kind
    day: str | None
    seed: int | None
    game: Game
    hints: int = 0

    @property
    def status(self) -> Status:
        return self.game.status


@dataclass(frozen=True)
class Stats:
    """The figures of one group of games (the daily ones, or the others)."""

    played: int
    wins: int
    win_percent: int
    current_streak: int
    max_streak: int
    #: Games won in each number of guesses (every count a win may take, zeros included, for a
    #: game with a guess limit).
    distribution: dict[int, int]
    hints: int


@dataclass(frozen=True)
class PlayerStats:
    """A player's statistics of one variant, as the NYT keeps them, and practice apart.

    - ``daily``: one result per puzzle date (every mode together: the first daily game
      finished for a date counts; a second game of that date in another mode is left out, its
      answer being known). The streak is the number of consecutive dates won: a lost date or a
      date with no finished game breaks it, and the current streak is alive while its last
      date is today or yesterday (or later: the day of slack of time zones).
    - ``practice``: every other finished game (practice and challenges), in the order they
      ended; its streak is the games won in a row.
    - ``last_kind``: the kind of the game finished last (``None`` before the first), so a
      front end can show those figures first.
    """

    variant: str
    daily: Stats
    practice: Stats
    last_kind: str | None = None


class GameStore:
    """SQLite access to the games of every variant. One connection per thread; every change
    is one transaction (:meth:`transaction` groups several)."""

    def __init__(
        self, path: str | Path, wordlist: WordList, *, busy_timeout: float = BUSY_TIMEOUT
    ) -> None:
        self.path = str(path)
        self.wordlist = wordlist
        self.busy_timeout = busy_timeout
        self._local = threading.local()
        self._lock = write_lock(self.path)
        self._open()

    def _open(self) -> None:
        with self.transaction() as db:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            if version < SCHEMA_VERSION and "games" in tables and is_v1(db):
                migrate_v1(db, tables)
            elif version > SCHEMA_VERSION:
                raise StorageError(
                    f"the database {self.path} was written by a later wordlekit (schema "
                    f"{version}; this one reads {SCHEMA_VERSION})"
                )
            create(db)
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def _conn(self) -> sqlite3.Connection:
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is None:
            conn = connect(self.path, self.busy_timeout)
            conn.row_factory = sqlite3.Row
            self._local.conn = conn
        return conn

    @contextlib.contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction for the block; the reads and writes of this store inside it
        (same thread) belong to it. Writers of this process queue on one lock per file (see
        :func:`~wordlekit.store.database.transaction`); other processes meet at SQLite's."""
        conn = self._conn()
        if conn.in_transaction:  # nested: part of the transaction already open
            yield conn
            return
        with transaction(conn, self._lock, self.busy_timeout) as db:
            yield db

    # -- games -----------------------------------------------------------------------------

    def find_daily(self, player: str, variant: str, day: str, mode: str) -> StoredGame | None:
        row = (
            self._conn()
            .execute(
                "SELECT id FROM games WHERE player = ? AND variant = ? AND kind = 'daily' "
                "AND day = ? AND mode = ?",
                (player, variant, day, mode),
            )
            .fetchone()
        )
        return None if row is None else self.get(row["id"], player)

    def insert(
        self, player: str, game: Game, kind: Kind, day: str | None, seed: int | None
    ) -> StoredGame:
        """Store a new game (no guess yet)."""
        gid = secrets.token_urlsafe(12)
        v, r = game.variant, game.rules
        with self.transaction() as db:
            db.execute(
                "INSERT INTO games (id, player, variant, boards, max_guesses, mode, kind, day, "
                "seed, label, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (gid, player, v.name, r.boards, r.max_guesses, r.mode.value, kind, day, seed,
                 game.label, game.status.value, _now()),
            )  # fmt: skip
            db.executemany(
                "INSERT INTO secrets (game_id, board, word) VALUES (?, ?, ?)",
                [(gid, b, w) for b, w in enumerate(game.secret)],
            )
            for n, _ in enumerate(game.guesses, start=1):
                self._insert_turns(db, gid, game, n)
            self._update(db, gid, game)
        return StoredGame(gid, player, kind, day, seed, game)

    def get(self, gid: str, player: str) -> StoredGame | None:
        """The game ``gid`` if it is ``player``'s."""
        db = self._conn()
        row = db.execute(
            "SELECT * FROM games WHERE id = ? AND player = ?", (gid, player)
        ).fetchone()
        if row is None:
            return None
        words = [
            r["word"]
            for r in db.execute("SELECT word FROM secrets WHERE game_id = ? ORDER BY board", (gid,))
        ]
        guesses = [
            r["guess"]
            for r in db.execute(
                "SELECT n, MIN(guess) AS guess FROM turns WHERE game_id = ? GROUP BY n ORDER BY n",
                (gid,),
            )
        ]
        variant = stored_variant(row["variant"], row["boards"], row["max_guesses"])
        rules = variant.rules(self.wordlist, row["mode"])
        game = variant.game.restore(variant, rules, row["label"], words, guesses)
        kind = row["kind"]
        return StoredGame(gid, player, kind, row["day"], row["seed"], game, row["hints"])

    def save_guess(self, stored: StoredGame, game: Game) -> StoredGame:
        """Record the last guess of ``game`` (``stored.game`` after one more guess) and its
        status; the caller holds the :meth:`transaction` in which it read ``stored``."""
        n = len(game.guesses)
        with self.transaction() as db:
            self._insert_turns(db, stored.id, game, n)
            self._update(db, stored.id, game)
        return replace(stored, game=game)

    def add_hint(self, stored: StoredGame) -> StoredGame:
        with self.transaction() as db:
            db.execute("UPDATE games SET hints = hints + 1 WHERE id = ?", (stored.id,))
        return replace(stored, hints=stored.hints + 1)

    @staticmethod
    def _insert_turns(db: sqlite3.Connection, gid: str, game: Game, n: int) -> None:
        """The turns of guess ``n`` on every board it was played on."""
        rows = [
            (gid, b, n, board.turns[n - 1].guess, board.turns[n - 1].pattern)
            for b, board in enumerate(game.boards)
            if len(board.turns) >= n
        ]
        db.executemany(
            "INSERT INTO turns (game_id, board, n, guess, pattern) VALUES (?, ?, ?, ?, ?)", rows
        )

    @staticmethod
    def _update(db: sqlite3.Connection, gid: str, game: Game) -> None:
        db.execute(
            "UPDATE games SET status = ?, guesses = ?, finished_at = ? WHERE id = ?",
            (game.status.value, len(game.guesses), _now() if game.over else None, gid),
        )

    def has_player(self, player: str) -> bool:
        """Whether ``player`` has any game here (one lookup in the player index)."""
        row = self._conn().execute("SELECT 1 FROM games WHERE player = ? LIMIT 1", (player,))
        return row.fetchone() is not None

    def count_finished(self) -> int:
        row = self._conn().execute("SELECT COUNT(*) FROM games WHERE status != 'playing'")
        return int(row.fetchone()[0])

    # -- statistics ------------------------------------------------------------------------

    def stats(self, player: str, variant: Variant, today: dt.date | None = None) -> PlayerStats:
        """This player's figures of ``variant`` (see :class:`PlayerStats`); ``today`` (default:
        this machine's date) decides whether the daily streak is still alive.

        Bounded whatever the player did: the daily results are at most one a puzzle date and
        mode, and the other games are counted by SQL aggregates (no row per game is read)."""
        db = self._conn()
        key = (player, variant.name)
        daily = db.execute(
            "SELECT day, status, guesses, hints FROM games WHERE player = ? AND variant = ? "
            "AND kind = 'daily' AND status != 'playing' ORDER BY finished_at, rowid",
            key,
        ).fetchall()
        by_day: dict[dt.date, tuple[bool, int, int]] = {}
        for r in daily:  # the first one ended counts
            by_day.setdefault(
                dt.date.fromisoformat(r["day"]), (r["status"] == "won", r["guesses"], r["hints"])
            )
        last = db.execute(
            "SELECT kind FROM games WHERE player = ? AND variant = ? AND status != 'playing' "
            "ORDER BY finished_at DESC, rowid DESC LIMIT 1",
            key,
        ).fetchone()
        return PlayerStats(
            variant.name,
            _daily_stats(by_day, today or dt.date.today(), variant),
            _practice_stats(db, key, variant),
            last["kind"] if last is not None else None,
        )


def default_db_path() -> Path:
    """The games and statistics database every front end uses by default."""
    return data_dir() / "wordlekit.sqlite3"


def _distribution(counts: dict[int, int], variant: Variant) -> dict[int, int]:
    """Wins by guesses, with every count a win may take (``boards`` to the limit)."""
    if variant.max_guesses is None:
        return dict(sorted(counts.items()))
    return {k: counts.get(k, 0) for k in range(variant.boards, variant.max_guesses + 1)}


def _stats(
    played: int, wins: int, current: int, best: int, dist: dict[int, int], hints: int
) -> Stats:
    percent = round(100 * wins / played) if played else 0
    return Stats(played, wins, percent, current, best, dist, hints)


def _daily_stats(by_day: dict[dt.date, tuple[bool, int, int]], today: dt.date, v: Variant) -> Stats:
    """One result per puzzle date; streaks of consecutive dates won."""
    days = sorted(by_day)
    current = best = 0
    previous: dt.date | None = None
    for day in days:
        consecutive = previous is not None and day - previous == dt.timedelta(days=1)
        current = (current + 1 if consecutive else 1) if by_day[day][0] else 0
        best = max(best, current)
        previous = day
    if days and days[-1] < today - dt.timedelta(days=1):
        current = 0  # the puzzle of yesterday was missed: the streak has ended
    wins: dict[int, int] = {}
    for won, n, _ in by_day.values():
        if won:
            wins[n] = wins.get(n, 0) + 1
    results = list(by_day.values())
    return _stats(
        len(results), sum(r[0] for r in results), current, best, _distribution(wins, v),
        sum(r[2] for r in results),
    )  # fmt: skip


#: The other games of a player and variant, in the order they ended, as SQL (one scan).
_OTHERS = (
    "SELECT status, guesses, hints, "
    "SUM(status = 'lost') OVER (ORDER BY finished_at, rowid) AS run "
    "FROM games WHERE player = ? AND variant = ? AND kind != 'daily' AND status != 'playing'"
)


def _practice_stats(db: sqlite3.Connection, key: tuple[str, str], v: Variant) -> Stats:
    """Played, wins, hints, the distribution and the streaks (games won in a row) by SQL
    aggregates: a win's run number counts the losses before it, so a run of wins is a group."""
    played, wins, hints = db.execute(
        f"SELECT COUNT(*), COALESCE(SUM(status = 'won'), 0), COALESCE(SUM(hints), 0) "
        f"FROM ({_OTHERS})",
        key,
    ).fetchone()
    dist = dict(
        db.execute(
            f"SELECT guesses, COUNT(*) FROM ({_OTHERS}) WHERE status = 'won' GROUP BY guesses",
            key,
        ).fetchall()
    )
    runs = f"SELECT run, COUNT(*) AS n FROM ({_OTHERS}) WHERE status = 'won' GROUP BY run"
    best = db.execute(f"SELECT COALESCE(MAX(n), 0) FROM ({runs})", key).fetchone()[0]
    current = db.execute(
        f"SELECT COALESCE(SUM(status = 'won' AND run = (SELECT MAX(run) FROM ({_OTHERS}))), 0) "
        f"FROM ({_OTHERS})",
        (*key, *key),
    ).fetchone()[0]
    return _stats(played, wins, current, best, _distribution(dist, v), hints)


def _now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="milliseconds")
