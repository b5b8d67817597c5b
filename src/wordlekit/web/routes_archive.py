"""The archive route (issue 26): every day of a month with its daily puzzle's number and this
player's result, for the Play page's calendar (``web/static/archive.js``). Playing a day is
``POST /api/games`` with ``{"kind": "daily", "date": ...}``.

The rules (which days, the results, the archive flag, the refused months) are
:mod:`wordlekit.services.archive`'s; this route parses, calls it and returns its value.
"""

from __future__ import annotations

from fastapi import APIRouter, Query

from wordlekit.services.archive import ArchiveMonth, archive_month
from wordlekit.web.context import PlayerDep, QuickDep, StoreDep
from wordlekit.web.models import errors

router = APIRouter(prefix="/api", tags=["archive"], responses=errors())


@router.get("/archive", response_model=ArchiveMonth)
async def archive(
    store: StoreDep,
    quick: QuickDep,
    player: PlayerDep,
    month: str | None = Query(
        None, max_length=16, description="YYYY-MM (default: the current month)"
    ),
    variant: str | None = Query(None, max_length=40, description="default: classic"),
    boards: int | None = Query(None, ge=1, le=64, description="a custom variant's boards"),
    max_guesses: int | None = Query(None, ge=1, le=1000, description="its guess limit"),
) -> ArchiveMonth:
    """The archive of past daily puzzles: every day of ``month`` that is out (from the first
    puzzle, 2021-06-19, up to the server's today; none after), each with its puzzle
    ``number`` and this player's ``result``: ``status`` (``not-played``, ``playing``,
    ``won``, ``lost``), ``guesses``, ``mode``, ``hints`` and ``archive`` (the game ended more
    than a day after its date: it counts in played, wins and the guess distribution, never in
    a streak). ``previous``/``next`` are the months around it with puzzles out, or null. A bad
    month, one before the first puzzle or in the future is a 422."""
    return await quick(
        lambda: archive_month(store, player, month, variant, boards=boards, max_guesses=max_guesses)
    )
