"""The archive of past daily puzzles (issue 26): every day of a month with its puzzle number
and this player's result, for a calendar to open any past daily puzzle from.

- :func:`archive_month` lists the days of ``month`` (``YYYY-MM``, default the current one)
  from the first puzzle (or the 1st) up to today (this machine's date, as the daily rule
  has it), none after: a day not out yet is left out. ``previous``/``next`` are the months
  around it, ``None`` before the first puzzle's month and after the current one.
- A day's result: ``not-played`` (no game, or one started and never played: no guess, no
  hint), ``playing``, ``won`` (in ``guesses``) or ``lost``, with its mode and hints, and
  ``archive``: the game ended more than a day after its date, so it counts in played, wins
  and the distribution but never in a streak (:mod:`wordlekit.store.stats`). Of several
  games of a date (other modes), the one the statistics count (the first to end) is shown,
  else the one in progress.
- A bad month string, a month before the first puzzle or in the future is an
  :class:`~wordlekit.errors.InvalidDateError` (422 on the web). A month is at most 31 days:
  one query by an index.

Playing a day is starting its daily game (:func:`wordlekit.services.games.start_game` with
its ``date``): the archive only reads.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from typing import Literal

from wordlekit.core.game import Variant
from wordlekit.core.variants import variant_for
from wordlekit.core.words import FIRST_DAY, day_number
from wordlekit.errors import InvalidDateError
from wordlekit.store.archive import DailyRow, daily_rows
from wordlekit.store.games import GameStore

__all__ = [
    "ArchiveDay",
    "ArchiveMonth",
    "ArchiveResult",
    "archive_month",
    "month_of",
    "parse_month",
]

ResultStatus = Literal["not-played", "playing", "won", "lost"]
_MONTH = re.compile(r"(\d{4})-(\d{2})")
#: The longest month string looked at (anything longer is refused unread).
MAX_MONTH = 16


@dataclass(frozen=True)
class ArchiveResult:
    """This player's result of one daily puzzle: ``status`` (``not-played``, ``playing``,
    ``won``, ``lost``), the guesses played, the mode (``None`` when not played), the hints
    taken and whether it is an archive game (ended more than a day after its date: counted in
    played, wins and the distribution, never in a streak)."""

    status: ResultStatus
    guesses: int = 0
    mode: Literal["normal", "hard", "ultrahard"] | None = None
    hints: int = 0
    archive: bool = False


@dataclass(frozen=True)
class ArchiveDay:
    """A day of the archive: its date (``YYYY-MM-DD``), its puzzle number and the result."""

    date: str
    number: int
    result: ArchiveResult


@dataclass(frozen=True)
class ArchiveMonth:
    """The days of ``month`` (``YYYY-MM``) that are out, first to last, for ``variant``;
    ``today`` is the date the server's daily puzzle is of; ``previous``/``next`` the months
    around it that have puzzles out (``None``: none)."""

    month: str
    variant: str
    today: str
    days: list[ArchiveDay]
    previous: str | None
    next: str | None


def month_of(day: dt.date) -> str:
    """``YYYY-MM`` of ``day``."""
    return f"{day.year:04d}-{day.month:02d}"


def parse_month(text: str) -> dt.date:
    """The first day of month ``text`` (``YYYY-MM``); :class:`InvalidDateError` otherwise."""
    shown = text if len(text) <= MAX_MONTH else text[:MAX_MONTH] + "…"
    m = _MONTH.fullmatch(text.strip()) if len(text) <= MAX_MONTH else None
    if m is None or not 1 <= int(m.group(2)) <= 12 or int(m.group(1)) < 1:
        raise InvalidDateError(f"bad month {shown!r}: use YYYY-MM, e.g. 2025-03")
    return dt.date(int(m.group(1)), int(m.group(2)), 1)


def _next_month(first: dt.date) -> dt.date:
    return dt.date(first.year + first.month // 12, first.month % 12 + 1, 1)


def _previous_month(first: dt.date) -> dt.date:
    return dt.date(first.year - (first.month == 1), (first.month - 2) % 12 + 1, 1)


def _result(rows: list[DailyRow]) -> ArchiveResult:
    """The result of a date from its games (see the module docstring)."""
    played = [r for r in rows if r.status != "playing" or r.guesses or r.hints]
    if not played:
        return ArchiveResult("not-played")
    r = played[0]  # finished ones first, the first to end first
    status: ResultStatus = (
        "won" if r.status == "won" else "lost" if r.status == "lost" else "playing"
    )
    mode: Literal["normal", "hard", "ultrahard"] = (
        "hard" if r.mode == "hard" else "ultrahard" if r.mode == "ultrahard" else "normal"
    )
    return ArchiveResult(status, r.guesses, mode, r.hints, r.archive)


def archive_month(
    store: GameStore,
    player: str,
    month: str | None = None,
    variant: str | Variant | None = "classic",
    *,
    boards: int | None = None,
    max_guesses: int | None = None,
    today: dt.date | None = None,
) -> ArchiveMonth:
    """The archive of ``month`` (default: the current one) for ``player`` and ``variant``
    (see the module docstring)."""
    v = (
        variant
        if isinstance(variant, Variant)
        else variant_for(variant, boards=boards, max_guesses=max_guesses)
    )
    now = today or dt.date.today()
    current = now.replace(day=1)
    first = parse_month(month) if month is not None else current
    if first > current:
        raise InvalidDateError(
            f"the puzzles of {month_of(first)} are not out yet: choose {month_of(current)} "
            "or an earlier month"
        )
    if first < FIRST_DAY.replace(day=1):
        raise InvalidDateError(
            f"{month_of(first)} is before the first Wordle ({FIRST_DAY}): choose "
            f"{month_of(FIRST_DAY)} or a later month"
        )
    start = max(first, FIRST_DAY)
    end = min(_next_month(first) - dt.timedelta(days=1), now)
    by_day: dict[dt.date, list[DailyRow]] = {}
    for row in daily_rows(store, player, v, start, end):
        by_day.setdefault(row.day, []).append(row)
    days = []
    day = start
    while day <= end:  # at most 31 days
        days.append(ArchiveDay(day.isoformat(), day_number(day), _result(by_day.get(day, []))))
        day += dt.timedelta(days=1)
    before = _previous_month(first)
    return ArchiveMonth(
        month_of(first),
        v.name,
        now.isoformat(),
        days,
        month_of(before) if before >= FIRST_DAY.replace(day=1) else None,
        month_of(_next_month(first)) if first < current else None,
    )
