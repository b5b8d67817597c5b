"""A player's statistics of one variant, from the games store: the daily figures from the
daily games (one result per puzzle date), the others from the summary kept up to date as
games end (:mod:`wordlekit.store.summary`).

Bounded whatever the player did: the daily rows are at most one a puzzle date and mode (a
few thousand since the first puzzle, read by the index of the player's games), and the
practice figures are one row and at most one row a guess count, however many games ended.

The archive rule (as the NYT's archive counts past puzzles): a daily game finished more than
:data:`ARCHIVE_SLACK` after its own date (finished on its date or the next day is on time:
the slack of time zones) is an **archive** game. It counts in played, wins, win % and the
guess distribution, but never in the streaks: it neither extends nor breaks the current or the
max streak (the streak runs over the dates played on time only). ``Stats.archive`` is how
many of the daily results are archive ones. A game of an old database with no end time
counts as on time.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
from dataclasses import dataclass

from wordlekit.core.game import Variant
from wordlekit.store import summary

__all__ = ["ARCHIVE_SLACK", "PlayerStats", "Stats", "is_archive", "player_stats"]

#: How long after its own date a daily game may end and still count as played on time (for
#: the streak): its date or the next day (time zones). Later, it is an archive game.
ARCHIVE_SLACK = dt.timedelta(days=1)


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
    #: How many of the results are archive games (daily games finished more than
    #: :data:`ARCHIVE_SLACK` after their date: counted in played, wins and the distribution,
    #: never in a streak). Always 0 for practice.
    archive: int = 0


@dataclass(frozen=True)
class PlayerStats:
    """A player's statistics of one variant, as the NYT keeps them, and practice apart.

    - ``daily``: one result per puzzle date (every mode together: the first daily game
      finished for a date counts; a second game of that date in another mode is left out, its
      answer being known). The streak is the number of consecutive dates won: a lost date or a
      date with no finished game breaks it, and the current streak is alive while its last
      date is today or yesterday (or later: the day of slack of time zones). An archive game
      (finished more than :data:`ARCHIVE_SLACK` after its date) counts in played, wins and
      the distribution but never in a streak: the streaks run over the dates played on time.
    - ``practice``: every other finished game (practice and challenges), in the order they
      ended; its streak is the games won in a row.
    - ``last_kind``: the kind of the game finished last (``None`` before the first), so a
      front end can show those figures first.
    """

    variant: str
    daily: Stats
    practice: Stats
    last_kind: str | None = None


def player_stats(
    db: sqlite3.Connection, player: str, variant: Variant, today: dt.date
) -> PlayerStats:
    """This player's figures of ``variant`` (see :class:`PlayerStats`); ``today`` decides
    whether the daily streak is still alive."""
    key = (player, variant.name)
    daily = db.execute(
        "SELECT day, status, guesses, hints, finished_at FROM games WHERE player = ? "
        "AND variant = ? AND kind = 'daily' AND status != 'playing' ORDER BY finished_at, rowid",
        key,
    ).fetchall()
    by_day: dict[dt.date, tuple[bool, int, int, bool]] = {}
    for day, status, guesses, hints, finished in daily:  # the first one ended counts
        d = dt.date.fromisoformat(day)
        if d not in by_day:
            by_day[d] = (status == "won", guesses, hints, is_archive(d, finished))
    s = summary.read(db, *key)
    practice = _stats(
        s.played, s.wins, s.streak, s.best, _distribution(s.distribution or {}, variant),
        s.hints,
    )  # fmt: skip
    return PlayerStats(variant.name, _daily_stats(by_day, today, variant), practice, s.last_kind)


def is_archive(day: dt.date, finished_at: str | None) -> bool:
    """Whether the daily game of ``day`` that ended at ``finished_at`` (an ISO timestamp, UTC)
    is an archive game: it ended more than :data:`ARCHIVE_SLACK` after its date. No end time
    (an old database's game, or one still in progress) is not."""
    if not finished_at:
        return False
    try:
        ended = dt.datetime.fromisoformat(finished_at).date()
    except ValueError:
        return False
    return ended > day + ARCHIVE_SLACK


def _distribution(counts: dict[int, int], variant: Variant) -> dict[int, int]:
    """Wins by guesses, with every count a win may take (``boards`` to the limit)."""
    if variant.max_guesses is None:
        return dict(sorted(counts.items()))
    return {k: counts.get(k, 0) for k in range(variant.boards, variant.max_guesses + 1)}


def _stats(
    played: int,
    wins: int,
    current: int,
    best: int,
    dist: dict[int, int],
    hints: int,
    archive: int = 0,
) -> Stats:
    percent = round(100 * wins / played) if played else 0
    return Stats(played, wins, percent, current, best, dist, hints, archive)


def _daily_stats(
    by_day: dict[dt.date, tuple[bool, int, int, bool]], today: dt.date, v: Variant
) -> Stats:
    """One result per puzzle date; streaks of consecutive dates won, over the dates played on
    time (archive games are left out of the streaks)."""
    days = sorted(d for d, r in by_day.items() if not r[3])
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
    for won, n, _, _ in by_day.values():
        if won:
            wins[n] = wins.get(n, 0) + 1
    results = list(by_day.values())
    return _stats(
        len(results), sum(r[0] for r in results), current, best, _distribution(wins, v),
        sum(r[2] for r in results), sum(r[3] for r in results),
    )  # fmt: skip
