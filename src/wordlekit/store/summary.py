"""The practice figures of each player and variant, kept up to date as games end, so that the
statistics cost the same whatever the player did (issue 22, B3: 20,000 finished practice
games made GameStore.stats take 0.5 to 0.9 s, every game read by window functions each time).

- ``summaries``: one row per (player, variant): the practice games (and challenges) played,
  won, their hints, the current and best run of wins, and the kind of the game (of any kind)
  finished last;
- ``summary_wins``: the practice wins by number of guesses.

:func:`record_finish` updates both in the transaction of the write that ends a game (a game
ends once: the store refuses guesses after). :func:`fill` rebuilds them from the games, in the
order they ended, when a database of an earlier schema is opened. The daily figures are not
here: they are one result per puzzle date (at most one a day since the first puzzle), read as
they are.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

__all__ = ["SUMMARY_SCHEMA", "Summary", "fill", "fill_player", "read", "record_finish"]

SUMMARY_SCHEMA = """
CREATE TABLE IF NOT EXISTS summaries (
    player TEXT NOT NULL,
    variant TEXT NOT NULL,
    played INTEGER NOT NULL DEFAULT 0,
    wins INTEGER NOT NULL DEFAULT 0,
    hints INTEGER NOT NULL DEFAULT 0,
    streak INTEGER NOT NULL DEFAULT 0,
    best INTEGER NOT NULL DEFAULT 0,
    last_kind TEXT,
    PRIMARY KEY (player, variant)
);
CREATE TABLE IF NOT EXISTS summary_wins (
    player TEXT NOT NULL,
    variant TEXT NOT NULL,
    guesses INTEGER NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (player, variant, guesses)
);
"""


@dataclass(frozen=True)
class Summary:
    """The practice figures of one player and variant, as stored."""

    played: int = 0
    wins: int = 0
    hints: int = 0
    streak: int = 0
    best: int = 0
    last_kind: str | None = None
    distribution: dict[int, int] | None = None


def record_finish(db: sqlite3.Connection, gid: str) -> None:
    """Count the game ``gid``, which has just ended (its row already says how), in its
    player's summary: in the caller's transaction."""
    row = db.execute(
        "SELECT player, variant, kind, status, guesses, hints FROM games WHERE id = ?", (gid,)
    ).fetchone()
    if row is None or row[3] == "playing":
        return
    player, variant, kind, status, guesses, hints = row
    _count(db, player, variant, kind, status == "won", guesses, hints)


def _count(
    db: sqlite3.Connection,
    player: str,
    variant: str,
    kind: str,
    won: bool,
    guesses: int,
    hints: int,
) -> None:
    key = (player, variant)
    db.execute("INSERT INTO summaries (player, variant) VALUES (?, ?) ON CONFLICT DO NOTHING", key)
    if kind == "daily":  # the daily figures are read from the games by date
        db.execute("UPDATE summaries SET last_kind = 'daily' WHERE player = ? AND variant = ?", key)
        return
    # every expression of an UPDATE reads the row as it was: best sees the old streak
    db.execute(
        "UPDATE summaries SET played = played + 1, wins = wins + ?, hints = hints + ?, "
        "streak = CASE WHEN ? THEN streak + 1 ELSE 0 END, "
        "best = MAX(best, CASE WHEN ? THEN streak + 1 ELSE 0 END), last_kind = ? "
        "WHERE player = ? AND variant = ?",
        (int(won), hints, won, won, kind, *key),
    )
    if won:
        db.execute(
            "INSERT INTO summary_wins (player, variant, guesses, n) VALUES (?, ?, ?, 1) "
            "ON CONFLICT DO UPDATE SET n = n + 1",
            (*key, guesses),
        )


def read(db: sqlite3.Connection, player: str, variant: str) -> Summary:
    """The summary of ``player``'s games of ``variant`` (zeros before the first)."""
    key = (player, variant)
    row = db.execute(
        "SELECT played, wins, hints, streak, best, last_kind FROM summaries "
        "WHERE player = ? AND variant = ?",
        key,
    ).fetchone()
    if row is None:
        return Summary(distribution={})
    dist = dict(
        db.execute(
            "SELECT guesses, n FROM summary_wins WHERE player = ? AND variant = ?", key
        ).fetchall()
    )
    played, wins, hints, streak, best, last_kind = row
    return Summary(played, wins, hints, streak, best, last_kind, dist)


def fill(db: sqlite3.Connection) -> None:
    """Rebuild every summary from the finished games, in the order they ended (one pass
    over the games, once: when a database of an earlier schema is opened)."""
    db.execute("DELETE FROM summaries")
    db.execute("DELETE FROM summary_wins")
    rows = db.execute(
        "SELECT player, variant, kind, status, guesses, hints FROM games "
        "WHERE status != 'playing' ORDER BY finished_at, rowid"
    )
    for player, variant, kind, status, guesses, hints in rows.fetchall():
        _count(db, player, variant, kind, status == "won", guesses, hints)


def fill_player(db: sqlite3.Connection, player: str) -> None:
    """Rebuild ``player``'s summaries from their finished games, in the order they ended
    (after games were moved to or from them: :mod:`wordlekit.store.transfers`)."""
    db.execute("DELETE FROM summaries WHERE player = ?", (player,))
    db.execute("DELETE FROM summary_wins WHERE player = ?", (player,))
    rows = db.execute(
        "SELECT player, variant, kind, status, guesses, hints FROM games "
        "WHERE player = ? AND status != 'playing' ORDER BY finished_at, rowid",
        (player,),
    )
    for p, variant, kind, status, guesses, hints in rows.fetchall():
        _count(db, p, variant, kind, status == "won", guesses, hints)
