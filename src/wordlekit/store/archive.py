"""The archive of past daily puzzles (issue 26): a player's daily games of one variant over a
range of dates (a month), read in one query by the ``games_daily`` index (``player, variant,
day, mode`` where ``kind = 'daily'``): at most one row a date and mode, so a month is a few
dozen rows whatever the player did.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from wordlekit.core.game import Variant
from wordlekit.store.games import GameStore
from wordlekit.store.stats import is_archive

__all__ = ["DailyRow", "daily_rows"]


@dataclass(frozen=True)
class DailyRow:
    """One daily game as the archive shows it: its date, mode, status (``playing``, ``won``,
    ``lost``), guesses, hints and whether it is an archive game (ended more than a day after
    its date: see :mod:`wordlekit.store.stats`)."""

    day: dt.date
    mode: str
    status: str
    guesses: int
    hints: int
    archive: bool


def daily_rows(
    store: GameStore, player: str, variant: Variant, first: dt.date, last: dt.date
) -> list[DailyRow]:
    """``player``'s daily games of ``variant`` from ``first`` to ``last`` (both included), by
    date; of a date, the finished games first, in the order they ended (the first one is the
    one the statistics count), then the ones in progress, the first started first."""
    rows = (
        store.reader()
        .execute(
            "SELECT day, mode, status, guesses, hints, finished_at FROM games "
            "WHERE player = ? AND variant = ? AND kind = 'daily' AND day BETWEEN ? AND ? "
            "ORDER BY day, finished_at IS NULL, finished_at, created_at, rowid",
            (player, variant.name, first.isoformat(), last.isoformat()),
        )
        .fetchall()
    )
    out = []
    for day, mode, status, guesses, hints, finished in rows:
        d = dt.date.fromisoformat(day)
        done = status != "playing"
        out.append(DailyRow(d, mode, status, guesses, hints, done and is_archive(d, finished)))
    return out
