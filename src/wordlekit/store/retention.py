"""Which abandoned games the store deletes, so that its file cannot grow without bound
(issue 22, W3: a client could store 1,400 new games a second, about 25 GB a day, and nothing
was ever deleted).

The rule (:class:`Retention`):

- a practice game or a challenge still being played and untouched (no guess, no hint) for
  more than ``days`` days is deleted;
- a player keeps at most ``unfinished`` practice games and challenges still being played:
  starting one more deletes their least recently touched ones past the cap;
- a daily game never played (no guess, no hint) and untouched for more than ``days`` days
  goes too: nothing of it is lost (asked for again, the same game starts), and a client could
  otherwise store one for every date, mode and custom variant;
- finished games are kept (they are the statistics), and so are daily games once played (one
  a date and variant: bounded by the calendar, and a player may come back to one).

Challenge links themselves (:mod:`wordlekit.store.challenges`) are never deleted by this rule:
a link sent must keep working, and each is a row and a word a board. Their creation is
bounded instead (a cap per creator, and the web app's hourly limits of new games); a game
played from one is a challenge game like any other here.

Every deletion is bounded work, in the caller's transaction: at most ``batch`` games at a time,
their turns and secrets with them. :class:`~wordlekit.store.games.GameStore` applies the age
rule when it is opened and then on every ``every``-th game it stores (``2 * batch / every``
old games can go for each new one: the deletions keep pace with any flood of creations),
and the cap each time a player starts a game; ``wordle db prune`` applies both to the whole
database at once.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
import threading
from collections.abc import Callable
from dataclasses import dataclass

from wordlekit.errors import WordleError

__all__ = [
    "DAYS",
    "STAMPS",
    "UNFINISHED",
    "Pruned",
    "Retention",
    "Stamps",
    "delete_games",
    "over_cap",
    "players_over_cap",
    "stale",
]

#: The defaults: a month untouched; more unfinished games than anyone plays at once.
DAYS = 30.0
UNFINISHED = 100

#: The games the cap counts (the partial index ``games_open_by_player`` is on exactly these).
OPEN = "status = 'playing' AND kind != 'daily'"
#: The games the age rule may delete (the partial index ``games_open_by_age``): the open ones
#: above, and daily games never played (no guess, no hint: nothing of them is lost, the same
#: game starts again if asked for), which a client could otherwise pile up for every date
#: and custom variant.
STALE = "status = 'playing' AND (kind != 'daily' OR (guesses = 0 AND hints = 0))"


def _utc_clock() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class Stamps:
    """ISO-8601 UTC timestamps to the microsecond, each strictly later than the one before it
    (a microsecond later when the clock has not moved or went back).

    Why: the cap keeps a player's most recently touched games by ``touched_at``. Two changes
    in the same tick of the clock (a guess, then the next game started) would tie, and the tie
    broken by row order could delete the game just played. Stored timestamps of an older
    precision (milliseconds) still sort before every later one.
    """

    def __init__(self, clock: Callable[[], dt.datetime] = _utc_clock) -> None:
        self.clock = clock
        self._last: dt.datetime | None = None
        self._lock = threading.Lock()

    def __call__(self) -> str:
        with self._lock:
            now = self.clock()
            if self._last is not None and now <= self._last:
                now = self._last + dt.timedelta(microseconds=1)
            self._last = now
        return now.isoformat(timespec="microseconds")


#: The store's timestamps (one sequence for the whole process: every store shares it).
STAMPS = Stamps()


@dataclass(frozen=True)
class Retention:
    """The retention rule's settings (see the module docstring); ``days`` or
    ``unfinished`` ``None``: that part of the rule is off."""

    days: float | None = DAYS
    unfinished: int | None = UNFINISHED
    batch: int = 64
    every: int = 32

    def __post_init__(self) -> None:
        if self.days is not None and self.days <= 0:
            raise WordleError(f"games are kept for a positive number of days, not {self.days:g}")
        if self.unfinished is not None and self.unfinished < 1:
            raise WordleError(f"a player keeps at least one unfinished game, not {self.unfinished}")
        if self.batch < 1 or self.every < 1:
            raise WordleError("the retention batch and period are counts from 1")

    def cutoff(self, now: dt.datetime) -> str | None:
        """The last touch before which an open game is abandoned (as stored), or ``None``."""
        if self.days is None:
            return None
        return (now - dt.timedelta(days=self.days)).isoformat(timespec="microseconds")


@dataclass(frozen=True)
class Pruned:
    """What a pass of the rule deleted: games untouched too long, games past a player's cap."""

    stale: int = 0
    over_cap: int = 0

    @property
    def games(self) -> int:
        return self.stale + self.over_cap

    def __add__(self, other: Pruned) -> Pruned:
        return Pruned(self.stale + other.stale, self.over_cap + other.over_cap)


def delete_games(db: sqlite3.Connection, ids: list[str]) -> int:
    """Delete the games ``ids`` with their turns and secrets; returns how many went."""
    if not ids:
        return 0
    marks = ",".join("?" * len(ids))
    db.execute(f"DELETE FROM turns WHERE game_id IN ({marks})", ids)
    db.execute(f"DELETE FROM secrets WHERE game_id IN ({marks})", ids)
    return db.execute(f"DELETE FROM games WHERE id IN ({marks})", ids).rowcount


def stale(db: sqlite3.Connection, rule: Retention, now: dt.datetime) -> int:
    """Delete up to ``rule.batch`` open games untouched since the cutoff, oldest first."""
    cutoff = rule.cutoff(now)
    if cutoff is None:
        return 0
    ids = [
        r[0]
        for r in db.execute(
            f"SELECT id FROM games WHERE {STALE} AND touched_at < ? ORDER BY touched_at LIMIT ?",
            (cutoff, rule.batch),
        )
    ]
    return delete_games(db, ids)


def over_cap(db: sqlite3.Connection, rule: Retention, player: str, room: int = 0) -> int:
    """Delete ``player``'s least recently touched open games past the cap, leaving ``room``
    places for games about to be stored (at most ``rule.batch`` at a time)."""
    if rule.unfinished is None:
        return 0
    keep = max(0, rule.unfinished - room)
    ids = [
        r[0]
        for r in db.execute(
            f"SELECT id FROM games WHERE player = ? AND {OPEN} "
            "ORDER BY touched_at DESC, rowid DESC LIMIT ? OFFSET ?",
            (player, rule.batch, keep),
        )
    ]
    return delete_games(db, ids)


def players_over_cap(db: sqlite3.Connection, rule: Retention) -> list[str]:
    """The players holding more open games than the cap (a whole-database pass)."""
    if rule.unfinished is None:
        return []
    rows = db.execute(
        f"SELECT player FROM games WHERE {OPEN} GROUP BY player HAVING COUNT(*) > ?",
        (rule.unfinished,),
    )
    return [r[0] for r in rows]
