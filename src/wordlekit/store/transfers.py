"""Stats that move with you (issue 26): one-time transfer codes, the move of a player's games
to another player, and the rows of an export file and its import.

- ``transfers`` (:mod:`wordlekit.store.transfers_schema`): at most one live code a player
  (a new one replaces the old), stored only as the SHA-256 hash of its normal form, with its
  expiry. A code is :data:`CODE_CHARS` characters of Crockford's base32 alphabet (no I, L, O,
  U) drawn by :mod:`secrets`: 40 bits, shown as ``XXXX-XXXX``; typed back case-insensitively,
  dashes and spaces ignored, O read as 0 and I or L as 1.
- :func:`claim` moves every game of the code's player to the claimer in one transaction, and
  the challenges they created with them; both players' summaries are rebuilt from their games
  (:func:`~wordlekit.store.summary.fill_player`). Where both hold a game that may exist once
  a player (the daily puzzle of a variant, date and mode; one challenge), the claimer keeps
  theirs unless only the other one is finished (a result beats a game in progress); the game
  not kept is deleted. The code's player is left with no game.
- :func:`insert_games` stores games of an import with the ids the caller chose (a
  fingerprint: a game already there is skipped), all in one transaction.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import secrets
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from wordlekit.core.game import Game, Kind
from wordlekit.errors import WordleError
from wordlekit.store import retention
from wordlekit.store.games import GameStore
from wordlekit.store.summary import fill_player

__all__ = [
    "ALPHABET",
    "CODE_CHARS",
    "TTL",
    "Claimed",
    "ImportRow",
    "Issued",
    "TransferCodeError",
    "claim",
    "code_hash",
    "finished_rows",
    "format_code",
    "insert_games",
    "issue",
    "normal_code",
]

#: Crockford's base32: digits and letters without I, L, O and U (5 bits a character).
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
#: Characters of a code: 8 × 5 = 40 bits.
CODE_CHARS = 8
#: How long a code may be claimed.
TTL = dt.timedelta(minutes=10)
_READ_AS = str.maketrans({"O": "0", "I": "1", "L": "1", "-": None, " ": None})


class TransferCodeError(WordleError):
    """A code that is no live code (unknown, expired, already used, or malformed)."""


def _utcnow() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def normal_code(text: str) -> str | None:
    """The code ``text`` stands for (upper case, no dash or space, O as 0, I and L as 1), or
    ``None`` if it cannot be one."""
    code = text.upper().translate(_READ_AS)
    if len(code) != CODE_CHARS or any(c not in ALPHABET for c in code):
        return None
    return code


def format_code(code: str) -> str:
    """``ABCD1234`` as it is shown: ``ABCD-1234``."""
    half = CODE_CHARS // 2
    return f"{code[:half]}-{code[half:]}"


def code_hash(code: str) -> str:
    return hashlib.sha256(code.encode("ascii")).hexdigest()


@dataclass(frozen=True)
class Issued:
    """A code just made: its shown form (``XXXX-XXXX``) and when it expires."""

    code: str
    expires_at: dt.datetime


def issue(store: GameStore, player: str, clock: Callable[[], dt.datetime] = _utcnow) -> Issued:
    """A new code for ``player`` (the previous one, if any, stops working)."""
    code = "".join(secrets.choice(ALPHABET) for _ in range(CODE_CHARS))
    expires = clock() + TTL
    with store.transaction() as db:
        db.execute("DELETE FROM transfers WHERE expires_at <= ?", (clock().isoformat(),))
        db.execute(
            "INSERT INTO transfers (player, code_hash, expires_at) VALUES (?, ?, ?) "
            "ON CONFLICT (player) DO UPDATE SET code_hash = excluded.code_hash, "
            "expires_at = excluded.expires_at",
            (player, code_hash(code), expires.isoformat()),
        )
    return Issued(format_code(code), expires)


@dataclass(frozen=True)
class Claimed:
    """What a claim did: the games moved to the claimer, and the duplicates dropped that had
    been played (a daily puzzle or challenge both players had: the one not kept; one opened
    but never played is dropped without being counted)."""

    moved: int
    dropped: int


#: Games a player may hold once: (column list, condition) of the unique indexes.
_ONCE = (
    ("variant, day, mode", "kind = 'daily'"),
    ("challenge", "challenge IS NOT NULL"),
)


def claim(
    store: GameStore, player: str, text: str, clock: Callable[[], dt.datetime] = _utcnow
) -> Claimed:
    """Move the games of the player whose live code is ``text`` to ``player`` (see the module
    docstring); :class:`TransferCodeError` for no live code, :class:`WordleError` for one's
    own code (left live). Nothing changes on an error."""
    code = normal_code(text)
    if code is None:
        raise TransferCodeError(
            f"a transfer code is {CODE_CHARS} letters and digits, such as ABCD-2345"
        )
    with store.transaction() as db:
        row = db.execute(
            "SELECT player, expires_at FROM transfers WHERE code_hash = ?", (code_hash(code),)
        ).fetchone()
        if row is None or dt.datetime.fromisoformat(row[1]) <= clock():
            raise TransferCodeError("no such transfer code (or it has expired, or was used)")
        source = str(row[0])
        if source == player:
            raise WordleError("this is your own transfer code: enter it on the other device")
        db.execute("DELETE FROM transfers WHERE player = ?", (source,))
        dropped = _drop_duplicates(db, source, player)
        moved = db.execute(
            "UPDATE games SET player = ? WHERE player = ?", (player, source)
        ).rowcount
        db.execute("UPDATE challenges SET creator = ? WHERE creator = ?", (player, source))
        fill_player(db, source)
        fill_player(db, player)
    return Claimed(moved, dropped)


def _drop_duplicates(db: sqlite3.Connection, source: str, player: str) -> int:
    """Delete, of each pair of games both players hold once, the one not kept; returns how
    many of those had been played (a daily game opened but not played loses nothing)."""
    gone: list[str] = []
    played = 0
    for columns, where in _ONCE:
        keys = " AND ".join(f"a.{c} = b.{c}" for c in columns.split(", "))
        pairs = db.execute(
            "SELECT a.id, a.status, a.guesses + a.hints, b.id, b.status, b.guesses + b.hints "
            f"FROM games a JOIN games b ON {keys} "
            f"WHERE a.player = ? AND b.player = ? AND a.{where} AND b.{where}",
            (source, player),
        ).fetchall()
        for theirs, their_status, their_moves, mine, my_status, my_moves in pairs:
            if their_status != "playing" and my_status == "playing":
                gone.append(mine)
                played += my_moves > 0
            else:
                gone.append(theirs)
                played += their_moves > 0
    if gone:
        retention.delete_games(db, gone)
    return played


@dataclass(frozen=True)
class ImportRow:
    """A game of an import file, checked: its id (a fingerprint of its content and owner),
    how it came to be, its game (replayed), its hints and times."""

    id: str
    kind: Kind
    day: str | None
    seed: int | None
    game: Game
    hints: int
    created_at: str
    finished_at: str


def insert_games(store: GameStore, player: str, rows: Sequence[ImportRow]) -> int:
    """Store ``rows`` as ``player``'s games in one transaction, skipping each one whose id is
    already stored and each daily puzzle the player already has (same variant, date, mode);
    returns how many were added. The player's summaries are rebuilt."""
    added = 0
    with store.transaction() as db:
        for r in rows:
            if db.execute("SELECT 1 FROM games WHERE id = ?", (r.id,)).fetchone():
                continue
            g, v = r.game, r.game.rules
            if (
                r.kind == "daily"
                and db.execute(
                    "SELECT 1 FROM games WHERE player = ? AND variant = ? AND kind = 'daily' "
                    "AND day = ? AND mode = ?",
                    (player, g.variant.name, r.day, v.mode.value),
                ).fetchone()
            ):
                continue
            db.execute(
                "INSERT INTO games (id, player, variant, boards, max_guesses, mode, kind, day, "
                "seed, label, status, guesses, hints, created_at, finished_at, touched_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (r.id, player, g.variant.name, v.boards, v.max_guesses, v.mode.value, r.kind,
                 r.day, r.seed, g.label, g.status.value, len(g.guesses), r.hints,
                 r.created_at, r.finished_at, r.finished_at),
            )  # fmt: skip
            db.executemany(
                "INSERT INTO secrets (game_id, board, word) VALUES (?, ?, ?)",
                [(r.id, b, w) for b, w in enumerate(g.secret)],
            )
            db.executemany(
                "INSERT INTO turns (game_id, board, n, guess, pattern) VALUES (?, ?, ?, ?, ?)",
                [
                    (r.id, b, n, t.guess, t.pattern)
                    for b, board in enumerate(g.boards)
                    for n, t in enumerate(board.turns, start=1)
                ],
            )
            added += 1
        if added:
            fill_player(db, player)
    return added


def finished_rows(store: GameStore, player: str) -> list[sqlite3.Row]:
    """``player``'s finished games' rows, in the order they ended."""
    return (
        store.reader()
        .execute(
            "SELECT * FROM games WHERE player = ? AND status != 'playing' "
            "ORDER BY finished_at, rowid",
            (player,),
        )
        .fetchall()
    )
