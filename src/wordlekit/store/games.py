"""Every game and its statistics in SQLite (WAL, one transaction per change), whatever its
variant: the classic game, several boards, Absurdle. The web app and the terminal UI share the
file (the same default in the user data folder).

A game lives here, secret included, from its start to its end; front ends only ever see what
the services show (the patterns of the guesses made; the answers once the game is over).
Every change is one transaction, so a program killed at any moment keeps every finished game
and statistic.

The schema (version 4, ``PRAGMA user_version``):

- ``games``: one row a game: its variant by name with its boards and guess limit, the mode by
  name (``normal``, ``hard``, ``ultrahard``), how it came to be (``daily``, ``practice``,
  ``challenge``) with its day or seed, the label, the status, the guesses played, the hints
  taken, when it was started, finished and last changed (``touched_at``), and the challenge
  link it was played from (``challenge``, one game a player and challenge);
- ``secrets``: the answer of each board (an Absurdle challenge's target), by game and board;
- ``turns``: each board's turns, by game, board and guess number;
- ``challenges`` and ``challenge_words``: challenge links, their words apart
  (:mod:`wordlekit.store.challenges`);
- ``summaries`` and ``summary_wins``: each player's practice figures by variant, updated in
  the transaction that ends a game (:mod:`wordlekit.store.summary`), so the statistics are a
  bounded read (:mod:`wordlekit.store.stats`).

Abandoned games are deleted by the rule of :mod:`wordlekit.store.retention` (practice games
and challenges left unfinished too long, or past a player's cap of unfinished ones); finished
games and daily games are kept. Restored games are kept in memory by game state
(:mod:`wordlekit.store.cache`), so a big game is not replayed on every request.

A database of version 1 (one-board games with the mode as a number in ``games.hard``, and
several-board games in ``board_games`` with comma-joined words), 2 or 3 is migrated when it is
opened, in one transaction: every game, turn, hint and statistic is kept
(``tests/test_gamestore.py`` checks it on databases made by those versions).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import sqlite3
import threading
from collections.abc import Hashable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

from wordlekit.core.feedback import Turn
from wordlekit.core.game import Board, Game, Kind, Status, Variant
from wordlekit.core.rules import Host
from wordlekit.core.words import WordList
from wordlekit.errors import StorageError
from wordlekit.store import retention
from wordlekit.store.cache import GameCache
from wordlekit.store.database import BUSY_TIMEOUT, connect, transaction, write_lock
from wordlekit.store.files import data_dir
from wordlekit.store.ids import random_id
from wordlekit.store.retention import DAYS, UNFINISHED, Pruned, Retention
from wordlekit.store.schema import (
    SCHEMA_VERSION,
    create,
    fill_v3,
    is_v1,
    migrate_v1,
    migrate_v2,
    migrate_v3,
    stored_variant,
)
from wordlekit.store.stats import PlayerStats, Stats, player_stats
from wordlekit.store.summary import record_finish

__all__ = [
    "DAYS",
    "UNFINISHED",
    "GameCache",
    "GameStore",
    "PlayerStats",
    "Pruned",
    "Retention",
    "Stats",
    "StoredGame",
    "default_db_path",
]


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
    #: The challenge link it was played from (:mod:`wordlekit.store.challenges`), if any.
    challenge: str | None = None
    #: Values computed from this game state alone (the services keep its view here), shared
    #: by every StoredGame of this state while the store's cache holds it.
    derived: dict[Hashable, object] = field(default_factory=dict, compare=False, repr=False)

    @property
    def status(self) -> Status:
        return self.game.status


class GameStore:
    """SQLite access to the games of every variant. One connection per thread; every change
    is one transaction (:meth:`transaction` groups several)."""

    def __init__(
        self,
        path: str | Path,
        wordlist: WordList,
        *,
        busy_timeout: float = BUSY_TIMEOUT,
        retention: Retention | None = None,
        cache: GameCache | None = None,
    ) -> None:
        self.path = str(path)
        self.wordlist = wordlist
        self.busy_timeout = busy_timeout
        #: Which abandoned games go (default: :class:`Retention`'s 30 days, 100 unfinished).
        self.retention = retention or Retention()
        self.cache = cache if cache is not None else GameCache()
        self._local = threading.local()
        self._lock = write_lock(self.path)
        self._inserts = 0  # counted under the write lock: every so many, a pass of the rule
        self._open()

    def _open(self) -> None:
        with self.transaction() as db:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            if version > SCHEMA_VERSION:
                raise StorageError(
                    f"the database {self.path} was written by a later wordlekit (schema "
                    f"{version}; this one reads {SCHEMA_VERSION})"
                )
            if version < SCHEMA_VERSION and "games" in tables:
                if is_v1(db):
                    migrate_v1(db, tables)
                else:
                    migrate_v2(db)
                    migrate_v3(db)
            create(db)
            if version < 3:
                fill_v3(db)
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            # one batch: bounded (the writes that follow do the rest, a batch at a time)
            self.pruned_at_open = Pruned(stale=retention.stale(db, self.retention, _utcnow()))

    def reader(self) -> sqlite3.Connection:
        """This thread's connection, for reads outside a transaction (the modules of this
        package that keep tables of their own in this file, such as
        :mod:`wordlekit.store.challenges`, read through it)."""
        return self._conn()

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

    def dailies(self, player: str, variant: str, day: str) -> list[StoredGame]:
        """``player``'s daily games of ``variant`` and ``day``, in every mode (one a mode at
        most), the first started first."""
        rows = self._conn().execute(
            "SELECT id FROM games WHERE player = ? AND variant = ? AND kind = 'daily' "
            "AND day = ? ORDER BY created_at, rowid",
            (player, variant, day),
        )
        found = (self.get(r["id"], player) for r in rows.fetchall())
        return [s for s in found if s is not None]

    def find_daily(self, player: str, variant: str, day: str, mode: str) -> StoredGame | None:
        """``player``'s daily game of ``variant``, ``day`` and ``mode``, if started."""
        return next((s for s in self.dailies(player, variant, day) if s.game.mode == mode), None)

    def insert(
        self,
        player: str,
        game: Game,
        kind: Kind,
        day: str | None,
        seed: int | None,
        hints: int = 0,
        challenge: str | None = None,
    ) -> StoredGame:
        """Store a new game (usually with no guess yet). A practice game or challenge first
        makes room under the player's cap of unfinished ones; every ``retention.every``-th
        game stored, a batch of abandoned games goes (see :mod:`wordlekit.store.retention`)."""
        gid = random_id(12)
        v, r = game.variant, game.rules
        now = _now()
        with self.transaction() as db:
            if kind != "daily" and not game.over:
                retention.over_cap(db, self.retention, player, room=1)
            db.execute(
                "INSERT INTO games (id, player, variant, boards, max_guesses, mode, kind, day, "
                "seed, label, status, hints, created_at, touched_at, challenge) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (gid, player, v.name, r.boards, r.max_guesses, r.mode.value, kind, day, seed,
                 game.label, game.status.value, hints, now, now, challenge),
            )  # fmt: skip
            db.executemany(
                "INSERT INTO secrets (game_id, board, word) VALUES (?, ?, ?)",
                [(gid, b, w) for b, w in enumerate(game.secret)],
            )
            for n, _ in enumerate(game.guesses, start=1):
                self._insert_turns(db, gid, game, n)
            self._update(db, gid, game, finished=game.over)
            self._inserts += 1
            if self._inserts % self.retention.every == 0:
                retention.stale(db, self.retention, _utcnow())
        entry = self.cache.put(_key(gid, game), game)
        return StoredGame(gid, player, kind, day, seed, game, hints, challenge, entry.derived)

    def get(self, gid: str, player: str) -> StoredGame | None:
        """The game ``gid`` if it is ``player``'s: restored from its rows, or taken from
        the cache when this very state was restored or played lately (the key is read from
        the database each time: see :mod:`wordlekit.store.cache`)."""
        db = self._conn()
        row = db.execute(
            "SELECT * FROM games WHERE id = ? AND player = ?", (gid, player)
        ).fetchone()
        if row is None:
            return None
        n = row["guesses"]
        last = None
        if n:
            found = db.execute(
                "SELECT guess FROM turns WHERE game_id = ? AND n = ? LIMIT 1", (gid, n)
            ).fetchone()
            last = None if found is None else found["guess"]
        key = (gid, n, last)
        entry = self.cache.get(key)
        if entry is None:
            entry = self.cache.put(key, self._restore(db, row))
        kind = row["kind"]
        return StoredGame(
            gid, player, kind, row["day"], row["seed"], entry.game, row["hints"],
            row["challenge"], entry.derived,
        )  # fmt: skip

    def _restore(self, db: sqlite3.Connection, row: sqlite3.Row) -> Game:
        """The game of ``row`` after its first ``row['guesses']`` guesses (a guess stored
        after the row was read belongs to a later state).

        A fixed host's game is its answers, its guesses and each board's turns, all stored:
        it is rebuilt from the stored patterns, with no scoring (a 32-board game after 63
        guesses was 2,016 scores). A host whose state moves with each guess (Absurdle's
        words left) is replayed from the guesses."""
        gid, n = row["id"], row["guesses"]
        words = [
            r["word"]
            for r in db.execute("SELECT word FROM secrets WHERE game_id = ? ORDER BY board", (gid,))
        ]
        variant = stored_variant(row["variant"], row["boards"], row["max_guesses"])
        rules = variant.rules(self.wordlist, row["mode"])
        turns = db.execute(
            "SELECT board, n, guess, pattern FROM turns WHERE game_id = ? AND n <= ? "
            "ORDER BY board, n",
            (gid, n),
        ).fetchall()
        guesses = dict(sorted((r["n"], r["guess"]) for r in turns))
        if variant.host is not Host.FIXED or len(words) != rules.boards:
            return variant.game.restore(variant, rules, row["label"], words, guesses.values())
        boards: list[list[Turn]] = [[] for _ in words]
        for r in turns:
            boards[r["board"]].append(Turn(r["guess"], r["pattern"]))
        started = variant.game.start(variant, rules, tuple(words), row["label"])
        return replace(
            started,
            guesses=tuple(guesses.values()),
            boards=tuple(Board(tuple(b)) for b in boards),
        )

    def save_guess(self, stored: StoredGame, game: Game) -> StoredGame:
        """Record the last guess of ``game`` (``stored.game`` after one more guess) and its
        status (a game it ends is counted in the player's summary, in the same transaction);
        the caller holds the :meth:`transaction` in which it read ``stored``."""
        n = len(game.guesses)
        with self.transaction() as db:
            self._insert_turns(db, stored.id, game, n)
            self._update(db, stored.id, game, finished=game.over and not stored.game.over)
        # Kept before the caller's transaction commits: if it rolls back, the key (this many
        # guesses, this last one) names the very state a later write of that guess makes.
        entry = self.cache.put(_key(stored.id, game), game)
        return replace(stored, game=game, derived=entry.derived)

    def add_hint(self, stored: StoredGame) -> StoredGame:
        with self.transaction() as db:
            db.execute(
                "UPDATE games SET hints = hints + 1, touched_at = ? WHERE id = ?",
                (_now(), stored.id),
            )
        return replace(stored, hints=stored.hints + 1)

    def delete(self, ids: list[str]) -> int:
        """Delete the games ``ids`` (turns and secrets with them); returns how many went."""
        with self.transaction() as db:
            return retention.delete_games(db, ids)

    def prune(self, now: dt.datetime | None = None) -> Pruned:
        """Apply the retention rule to the whole database, a batch a transaction (other
        writers get their turn in between); returns what went."""
        when = now or _utcnow()
        done = Pruned()
        while True:
            with self.transaction() as db:
                batch = Pruned(stale=retention.stale(db, self.retention, when))
            done += batch
            if batch.stale < self.retention.batch:
                break
        with self.transaction() as db:
            players = retention.players_over_cap(db, self.retention)
        for player in players:
            while True:
                with self.transaction() as db:
                    went = retention.over_cap(db, self.retention, player)
                done += Pruned(over_cap=went)
                if went < self.retention.batch:
                    break
        return done

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
    def _update(db: sqlite3.Connection, gid: str, game: Game, *, finished: bool) -> None:
        """The game's row after its last guess; ``finished``: that guess ended it."""
        now = _now()
        db.execute(
            "UPDATE games SET status = ?, guesses = ?, finished_at = ?, touched_at = ? "
            "WHERE id = ?",
            (game.status.value, len(game.guesses), now if game.over else None, now, gid),
        )
        if finished:
            record_finish(db, gid)

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
        this machine's date) decides whether the daily streak is still alive. Bounded whatever
        the player did (see :mod:`wordlekit.store.stats`)."""
        return player_stats(self._conn(), player, variant, today or dt.date.today())


def default_db_path() -> Path:
    """The games and statistics database every front end uses by default."""
    return data_dir() / "wordlekit.sqlite3"


def _key(gid: str, game: Game) -> tuple[str, int, str | None]:
    """The cache key of ``game``'s state (see :mod:`wordlekit.store.cache`)."""
    return gid, len(game.guesses), game.guesses[-1] if game.guesses else None


def _utcnow() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def _now() -> str:
    return retention.STAMPS()
