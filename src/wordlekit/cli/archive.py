"""``wordle archive``: the archive of past daily puzzles on the local games database (the one
the terminal UI and a local ``wordle serve`` share), as the terminal player
(:func:`wordlekit.services.players.local_player_id`): a month's calendar with each day's
result (``✓N`` won in N, ``✗`` lost, ``•`` in progress, nothing: not played; ``*`` marks an
archive game, played after its day). The rules are :mod:`wordlekit.services.archive`'s.
"""

from __future__ import annotations

import calendar
import datetime as dt

import click

from wordlekit.cli.app import app, examples
from wordlekit.cli.options import db_option, json_option, lists_option, variant_options
from wordlekit.cli.render import out, print_json, table
from wordlekit.core.variants import variant_for
from wordlekit.core.words import WordList
from wordlekit.services.archive import ArchiveDay, ArchiveMonth, archive_month
from wordlekit.services.games import open_list_store
from wordlekit.services.players import local_player_id

WEEKDAYS = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]


def mark(day: ArchiveDay) -> str:
    """A day's result as the calendar shows it: ``✓4``, ``✗``, ``•`` or nothing; ``*`` after
    an archive game's mark."""
    r = day.result
    text = {"won": f"✓{r.guesses}", "lost": "✗", "playing": "•"}.get(r.status, "")
    return text + ("*" if r.archive else "")


def calendar_rows(month: ArchiveMonth) -> list[list[str]]:
    """The weeks of ``month`` (Monday first), each day that is out as ``DD MARK``."""
    first = dt.date.fromisoformat(month.month + "-01")
    by_date = {d.date: d for d in month.days}
    weeks = []
    for week in calendar.Calendar().monthdatescalendar(first.year, first.month):
        cells = []
        for day in week:
            shown = by_date.get(day.isoformat()) if day.month == first.month else None
            cells.append(f"{day.day:2d} {mark(shown)}".rstrip() if shown else "")
        if any(cells):
            weeks.append(cells)
    return weeks


def summary(month: ArchiveMonth) -> str:
    counts = {s: 0 for s in ("won", "lost", "playing", "not-played")}
    for d in month.days:
        counts[d.result.status] += 1
    archive = sum(d.result.archive for d in month.days)
    n = len(month.days)
    return (
        f"{n} puzzle{'s' if n != 1 else ''} out: {counts['won']} won, {counts['lost']} lost, "
        f"{counts['playing']} in progress, {counts['not-played']} not played"
        + (f" ({archive} played late: *)" if archive else "")
    )


@app.command(
    "archive",
    epilog=examples(
        "wordle archive",
        "wordle archive --month 2025-03",
        "wordle archive --month 2025-03 --variant dordle --json",
    ),
)
@click.option("--month", metavar="YYYY-MM", help="The month (default: the current one).")
@variant_options
@lists_option
@db_option("The games database (default: the one in the user data folder).")
@json_option
def archive_cmd(
    month: str | None,
    variant: str | None,
    boards: int | None,
    max_guesses: int | None,
    lists: str,
    db: str | None,
    json_: bool,
) -> None:
    """The archive of past daily puzzles: a month's calendar with your result of each day
    (✓N won in N guesses, ✗ lost, • in progress, blank: not played; * played after its day,
    counted in played and wins but not in the streak)."""
    wl = WordList.load(lists)
    store = open_list_store(db, wl)
    v = variant_for(variant, boards=boards, max_guesses=max_guesses)
    got = archive_month(store, local_player_id(), month, v)
    if json_:
        print_json(got)
        return
    console = out()
    first = dt.date.fromisoformat(got.month + "-01")
    days = got.days
    span = f"puzzles {days[0].number}–{days[-1].number}" if days else "no puzzle"
    console.print(f"{v.title} archive, {first:%B %Y} ({span})")
    console.print(table(WEEKDAYS, calendar_rows(got), left=WEEKDAYS, boxed=True))
    console.print(summary(got))
    around = [
        f"previous: {got.previous}" if got.previous else "",
        f"next: {got.next}" if got.next else "",
    ]
    if any(around):
        console.print("  ".join(a for a in around if a))
