"""The one progress bar of the ``wordle`` command.

Long work shows a rich bar on stderr when stderr is a terminal (done/total, a status text, a
rate, time elapsed and left: rich's estimate, or the caller's own projection) and removes it
when done; piped or redirected (a log, a CI job),
it prints a plain line on stderr every :data:`LOG_EVERY` seconds of a long run, and nothing
for a run shorter than that::

    with progress("entropy", total=2315) as bar:
        benchmark(..., progress=bar.advance)
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

import click
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    Task,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

#: Seconds between the plain progress lines of a run whose stderr is not a terminal.
LOG_EVERY = 10.0


class LogLines:
    """Progress as a plain line on stderr every ``every`` seconds (stderr is not a terminal):
    ``Absurdle: 152/12,972 (proving 5 guesses) after 20 s``."""

    def __init__(self, label: str, total: int | None, every: float | None = None) -> None:
        """``every``: seconds between lines (default: :data:`LOG_EVERY` at the time)."""
        self._label = label
        self._total = total
        self._done = 0
        self._status = ""
        self._left: float | None = None
        self._every = LOG_EVERY if every is None else every
        self._t0 = self._last = time.perf_counter()

    def update(
        self,
        done: int,
        total: int | None = None,
        status: str | None = None,
        left: float | None = None,
    ) -> None:
        self._done = done
        if total is not None:
            self._total = total
        if status is not None:
            self._status = status
        self._left = left
        self._maybe_say()

    def advance(self, n: int = 1) -> None:
        self._done += n
        self._maybe_say()

    def _maybe_say(self) -> None:
        now = time.perf_counter()
        if now - self._last < self._every:
            return
        self._last = now
        count = f"{self._done:,}" + (f"/{self._total:,}" if self._total else "")
        status = f" ({self._status})" if self._status else ""
        left = "" if self._left is None else f", {duration(self._left)} left"
        click.echo(f"{self._label}: {count}{status} after {now - self._t0:.0f} s{left}", err=True)


def duration(seconds: float) -> str:
    """``0:07:05``: hours, minutes and seconds, as the bar shows time.

    >>> duration(425.2), duration(90061)
    ('0:07:05', '25:01:01')
    """
    minutes, secs = divmod(int(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours:d}:{minutes:02d}:{secs:02d}"


class TimeLeft(TimeRemainingColumn):
    """Rich's estimate of the time left, or the caller's (``Bar.update(..., left=)``): a
    resumed or uneven run knows its own rate better than the bar's recent samples."""

    def render(self, task: Task) -> Text:
        left = task.fields.get("left")
        if left is None or task.total is None:
            return super().render(task)
        return Text(duration(left), style="progress.remaining")


class Bar:
    """One task on a rich progress display, fed from the library's progress callbacks."""

    def __init__(self, display: Progress, task: TaskID, unit: str | None) -> None:
        self._display = display
        self._task = task
        self._unit = unit
        self._first: int | None = None  # work done before this run (a resumed run)
        self._t0 = time.perf_counter()

    def update(
        self,
        done: int,
        total: int | None = None,
        status: str | None = None,
        left: float | None = None,
    ) -> None:
        """``done`` of ``total`` (``None``: unchanged); ``status`` is shown beside the bar,
        by default the rate of this run in ``unit`` per second; ``left``: the seconds left
        as the caller projects them (``None``: rich's estimate)."""
        if self._first is None:
            self._first = done
        if status is None:
            status = self._rate(done)
        self._display.update(self._task, completed=done, total=total, status=status, left=left)

    def advance(self, n: int = 1) -> None:
        """``n`` more done."""
        self._display.advance(self._task, n)

    def _rate(self, done: int) -> str:
        new = done - (self._first or 0)
        elapsed = time.perf_counter() - self._t0
        if not self._unit or not new or elapsed <= 0:
            return ""
        return f"{new / elapsed:.1f} {self._unit}/s"


@contextmanager
def progress(
    label: str, total: int | None = None, *, unit: str | None = None
) -> Iterator[Bar | LogLines]:
    """A progress bar named ``label`` on a terminal, else plain lines every
    :data:`LOG_EVERY` seconds.

    ``total`` may be unknown at first (``Bar.update`` sets it); with ``unit`` (e.g.
    ``"words"``) the status shows the rate of work done in this run.
    """
    err = Console(stderr=True)
    if not err.is_terminal:
        yield LogLines(label, total)
        return
    with Progress(
        TextColumn("[bold]{task.description:<18}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[status]}"),
        TimeElapsedColumn(),
        TimeLeft(),
        console=err,
        transient=True,
    ) as display:
        yield Bar(display, display.add_task(label, total=total, status="", left=None), unit)
