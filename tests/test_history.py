"""The NYT's served answers by date (``wordlekit.core.history``) and the file it ships."""

from __future__ import annotations

import datetime as dt

import pytest

from wordlekit.core.history import DAY_ZERO, History, parse_history
from wordlekit.core.words import WordList


def test_the_shipped_history_is_every_day_from_the_first_puzzle() -> None:
    h = History.shipped()
    assert h.dates[0] == DAY_ZERO and h.words[0] == "cigar"
    assert all((b - a).days == 1 for a, b in zip(h.dates, h.dates[1:], strict=False))
    assert len(h) == (h.dates[-1] - DAY_ZERO).days + 1
    # the days the project was first given agree with it, and 2024-03-15 is puzzle 1000
    assert h.answer_on(dt.date(2024, 3, 15)) == "erupt" and History.number(h.dates[0]) == 0
    nyt = WordList.bundled("nyt")
    assert all(nyt.is_valid(w) for w in h.words)


def test_repeats_began_in_2026() -> None:
    h = History.shipped()
    repeats = [(d, w) for d, w, r in zip(h.dates, h.words, h.repeats, strict=True) if r]
    assert repeats[:3] == [
        (dt.date(2026, 2, 2), "cigar"),
        (dt.date(2026, 2, 17), "squad"),
        (dt.date(2026, 2, 21), "awake"),
    ]
    assert h.repeat_share(dt.date(2026, 2, 2)) == (0, 182)
    assert h.repeat_share(dt.date(2026, 2, 22)) == (3, 182)
    # past the end of the history: its last half year
    assert h.repeat_share(dt.date(2027, 1, 1)) == h.repeat_share(h.last + dt.timedelta(days=1))


def test_served_before_a_day_excludes_the_day_itself() -> None:
    h = History.of([(dt.date(2021, 6, 19), "cigar"), (dt.date(2021, 6, 20), "rebut")])
    assert h.served_before(dt.date(2021, 6, 19)) == frozenset()
    assert h.served_before(dt.date(2021, 6, 20)) == {"cigar"}
    assert h.served_before(dt.date(2030, 1, 1)) == {"cigar", "rebut"}
    assert h.answer_on(dt.date(2021, 6, 21)) is None
    assert h.until(dt.date(2021, 6, 20)).words == ("cigar",)
    assert repr(h) == "History(days=2, from=2021-06-19, to=2021-06-20)"


@pytest.mark.parametrize(
    ("line", "error"),
    [
        ("2021-06-19\t1\tcigar", "puzzle number 1 is not that of 2021-06-19"),
        ("2021-06-19\t0\tCIGAR", "not a five-letter lower-case word"),
        ("2021-06-19\t0\tcigars", "not a five-letter lower-case word"),
        ("2021-13-01\t0\tcigar", "line 2"),
        ("2021-06-19 0 cigar", "line 2"),
    ],
)
def test_a_bad_line_is_named(line: str, error: str) -> None:
    with pytest.raises(ValueError, match=error):
        parse_history(["# a comment", line])


def test_a_date_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="a date appears twice"):
        parse_history(["2021-06-19\t0\tcigar", "2021-06-19\t0\trebut"])
