"""The archive of past daily puzzles as the services read it: which days of a month are out,
their numbers, each kind of result, the archive flag, and the months refused."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from wordlekit.core.words import FIRST_DAY, WordList
from wordlekit.errors import InvalidDateError
from wordlekit.services.archive import archive_month, parse_month
from wordlekit.services.games import GameRequest, GameStore, open_store, play_guess, start_game

WL = WordList.bundled()
ME, OTHER = "me-player-0000000000", "other-player-0000000"
TODAY = dt.date(2024, 3, 20)


@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    return open_store(tmp_path / "games.sqlite3", WL)


def daily(store: GameStore, day: str, words: list[str] | None = None, *, win: bool = True,
          player: str = ME, mode: str = "normal") -> None:  # fmt: skip
    """Play the daily game of ``day``: ``words`` then (``win``) its answer."""
    g, _ = start_game(store, player, GameRequest(kind="daily", date=day, mode=mode))
    answer = g.game.secret[0]
    for w in [w for w in words or [] if w != answer] + ([answer] if win else []):
        g = play_guess(store, g.id, player, w)


def results(store: GameStore, month: str, player: str = ME) -> dict[str, object]:
    got = archive_month(store, player, month, today=TODAY)
    return {d.date: d.result for d in got.days}


def test_the_current_month_stops_at_today(store: GameStore) -> None:
    got = archive_month(store, ME, today=TODAY)
    assert (got.month, got.today, got.previous, got.next) == (
        "2024-03",
        "2024-03-20",
        "2024-02",
        None,
    )
    assert got.days[0].date == "2024-03-01" and got.days[-1].date == "2024-03-20"
    assert len(got.days) == 20  # none after today
    assert got.days[-1].number == (TODAY - FIRST_DAY).days == 1005


def test_a_past_month_has_every_day_and_both_neighbours(store: GameStore) -> None:
    got = archive_month(store, ME, "2024-02", today=TODAY)
    assert len(got.days) == 29 and (got.previous, got.next) == ("2024-01", "2024-03")
    got = archive_month(store, ME, "2023-12", today=TODAY)
    assert len(got.days) == 31 and (got.previous, got.next) == ("2023-11", "2024-01")


def test_the_first_puzzles_month_starts_at_wordle_0(store: GameStore) -> None:
    got = archive_month(store, ME, "2021-06", today=TODAY)
    assert got.days[0].date == "2021-06-19" and got.days[0].number == 0
    assert len(got.days) == 12 and got.previous is None and got.next == "2021-07"


@pytest.mark.parametrize(
    ("month", "match"),
    [
        ("2024-13", "bad month"),
        ("March", "bad month"),
        ("2024-3-1", "bad month"),
        ("x" * 5000, "bad month"),
        ("2021-05", "before the first Wordle"),
        ("2024-04", "not out yet"),
    ],
)
def test_bad_months_are_refused(store: GameStore, month: str, match: str) -> None:
    with pytest.raises(InvalidDateError, match=match):
        archive_month(store, ME, month, today=TODAY)


def test_each_kind_of_result(store: GameStore) -> None:
    daily(store, "2024-02-01", ["crane", "slate"])  # won in 3
    daily(store, "2024-02-02", ["fuzzy"] * 6, win=False)  # lost
    daily(store, "2024-02-03", ["crane"], win=False)  # in progress
    start_game(store, ME, GameRequest(kind="daily", date="2024-02-04"))  # opened, not played
    daily(store, "2024-02-05", [], mode="hard")  # won in 1, hard mode
    got = results(store, "2024-02")
    assert (got["2024-02-01"].status, got["2024-02-01"].guesses) == ("won", 3)
    assert (got["2024-02-02"].status, got["2024-02-02"].guesses) == ("lost", 6)
    assert (got["2024-02-03"].status, got["2024-02-03"].guesses) == ("playing", 1)
    assert got["2024-02-04"].status == "not-played" and got["2024-02-04"].mode is None
    assert (got["2024-02-05"].status, got["2024-02-05"].mode) == ("won", "hard")
    assert got["2024-02-06"].status == "not-played"
    # played today, long after their dates: archive games (in progress is not yet one)
    assert got["2024-02-01"].archive and got["2024-02-02"].archive
    assert not got["2024-02-03"].archive
    assert (archive_month(store, ME, "2024-02").days[0].result.status) == "won"  # real today


def test_another_players_games_are_not_shown(store: GameStore) -> None:
    daily(store, "2024-02-01", player=OTHER)
    assert results(store, "2024-02")["2024-02-01"].status == "not-played"
    assert results(store, "2024-02", OTHER)["2024-02-01"].status == "won"


def test_a_game_played_on_its_day_is_no_archive_game(store: GameStore) -> None:
    today = dt.date.today()
    daily(store, today.isoformat())
    got = archive_month(store, ME)
    assert got.days[-1].date == today.isoformat()
    assert got.days[-1].result.status == "won" and not got.days[-1].result.archive


def test_other_variants_have_archives_of_their_own(store: GameStore) -> None:
    daily(store, "2024-02-01")
    got = archive_month(store, ME, "2024-02", "dordle", today=TODAY)
    assert got.variant == "dordle" and got.days[0].result.status == "not-played"


def test_parse_month() -> None:
    assert parse_month("2025-03") == dt.date(2025, 3, 1)
