"""The answers the New York Times served, by date: which words a day's puzzle has already used.

The shipped file ``data/nyt-daily.tsv`` holds one line per day, ``YYYY-MM-DD<TAB>number<TAB>
word`` (``number``: days since 2021-06-19, CIGAR's day, 0). Its sources are in
``data/SOURCES.md``. The ``likely`` answer model reads it to weigh the words already served:
until 2026 the NYT never served a word twice; from 2026-02-02 it repeats earlier answers, so a
served word is weighed by how often repeats happen (:meth:`History.repeat_share`), never left
out.

>>> h = History.shipped()
>>> h.answer_on(dt.date(2024, 3, 15))
'erupt'
>>> h.number(dt.date(2024, 3, 15))
1000
>>> [("erupt" in h.served_before(dt.date(2024, 3, d))) for d in (15, 16)]
[False, True]
"""

from __future__ import annotations

import bisect
import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources

from wordlekit.errors import InternalError

#: The first day of the game: puzzle number 0 (CIGAR).
DAY_ZERO = dt.date(2021, 6, 19)
HISTORY_FILE = "nyt-daily.tsv"
#: How many known days before a date :meth:`History.repeat_share` looks at.
REPEAT_WINDOW = 182


@dataclass(frozen=True, eq=False)
class History:
    """Dated answers, in date order (at most one a day)."""

    dates: tuple[dt.date, ...]
    words: tuple[str, ...]
    #: Whether each day's answer had been served on an earlier day.
    repeats: tuple[bool, ...] = field(repr=False)

    def __post_init__(self) -> None:
        if len(self.dates) != len(self.words):
            raise ValueError("one word per date")
        if any(b <= a for a, b in zip(self.dates, self.dates[1:], strict=False)):
            raise ValueError("the dates must increase")

    def __repr__(self) -> str:
        if not self.dates:
            return "History(days=0)"
        return f"History(days={len(self.dates)}, from={self.dates[0]}, to={self.dates[-1]})"

    def __len__(self) -> int:
        return len(self.dates)

    @classmethod
    def of(cls, days: Iterable[tuple[dt.date, str]]) -> History:
        """A history from ``(date, word)`` pairs, in any order.

        >>> h = History.of([(dt.date(2026, 2, 2), "cigar"), (dt.date(2021, 6, 19), "cigar")])
        >>> h.repeats
        (False, True)
        """
        pairs = sorted(days)
        seen: set[str] = set()
        repeats = []
        for _, w in pairs:
            repeats.append(w in seen)
            seen.add(w)
        return cls(tuple(d for d, _ in pairs), tuple(w for _, w in pairs), tuple(repeats))

    @classmethod
    def shipped(cls) -> History:
        """The NYT's answers as shipped in ``data/nyt-daily.tsv`` (read once)."""
        return _shipped()

    @property
    def last(self) -> dt.date | None:
        """The last date known."""
        return self.dates[-1] if self.dates else None

    def _before(self, date: dt.date) -> int:
        return bisect.bisect_left(self.dates, date)

    def served_before(self, date: dt.date) -> frozenset[str]:
        """The words served on days before ``date`` (``date``'s own answer is not among them)."""
        return _served(self, self._before(date))

    def answer_on(self, date: dt.date) -> str | None:
        """The answer served on ``date``, or ``None`` when the history does not have that day."""
        i = self._before(date)
        return self.words[i] if i < len(self.dates) and self.dates[i] == date else None

    @staticmethod
    def number(date: dt.date) -> int:
        """The puzzle number of ``date`` (days since 2021-06-19)."""
        return (date - DAY_ZERO).days

    def repeat_share(self, date: dt.date, window: int = REPEAT_WINDOW) -> tuple[int, int]:
        """``(repeats, days)``: of the last ``window`` known days before ``date``, how many
        served a word already served on an earlier day. Known days, not calendar days: a date
        past the end of the history is judged by the last half year it knows.

        >>> h = History.shipped()
        >>> h.repeat_share(dt.date(2024, 1, 1)), h.repeat_share(dt.date(2026, 12, 2))
        ((0, 182), (3, 182))
        """
        hi = self._before(date)
        lo = max(0, hi - window)
        return sum(self.repeats[lo:hi]), hi - lo

    def until(self, date: dt.date) -> History:
        """The days before ``date`` only (what was known on that day)."""
        i = self._before(date)
        return History(self.dates[:i], self.words[:i], self.repeats[:i])


@cache
def _served(history: History, end: int) -> frozenset[str]:
    return frozenset(history.words[:end])


def parse_history(lines: Sequence[str], source: str = HISTORY_FILE) -> History:
    """Read ``YYYY-MM-DD<TAB>number<TAB>word`` lines (``#`` comments and blank lines skipped);
    a malformed line raises :class:`ValueError` naming it."""
    days: list[tuple[dt.date, str]] = []
    for line_no, line in enumerate(lines, start=1):
        if not line.strip() or line.startswith("#"):
            continue
        try:
            day, number, word = line.rstrip("\n").split("\t")
            date = dt.date.fromisoformat(day)
            if int(number) != History.number(date):
                raise ValueError(f"puzzle number {number} is not that of {day}")
            if not (len(word) == 5 and word.isascii() and word.isalpha() and word.islower()):
                raise ValueError(f"{word!r} is not a five-letter lower-case word")
        except ValueError as e:
            raise ValueError(f"{source}: line {line_no}: {e}") from None
        days.append((date, word))
    if len({d for d, _ in days}) != len(days):
        raise ValueError(f"{source}: a date appears twice")
    return History.of(days)


@cache
def _shipped() -> History:
    try:
        text = resources.files("wordlekit").joinpath("data").joinpath(HISTORY_FILE)
        return parse_history(text.read_text("ascii").splitlines())
    except (OSError, ValueError) as e:
        raise InternalError(f"the NYT answer history {HISTORY_FILE} is unreadable: {e}") from e
