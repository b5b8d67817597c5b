"""The games service: the daily and seed rules every front end shares, guesses and hints."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from wordlekit.core.words import WordList
from wordlekit.errors import InvalidDateError, TurnConflictError, WordleError
from wordlekit.services.games import (
    daily_date,
    game_spec,
    play_guess,
    player_stats,
    record_hint,
    share_text,
    start_game,
    turns_of,
)
from wordlekit.store.games import Store

WL = WordList.bundled()


def test_daily_dates_allow_one_day_of_slack() -> None:
    today = dt.date(2024, 5, 1)
    assert daily_date("2024-05-02", today=today) == dt.date(2024, 5, 2)
    with pytest.raises(InvalidDateError, match="not out yet"):
        daily_date("2024-05-03", today=today)
    with pytest.raises(InvalidDateError):
        daily_date("2021-01-01")  # before the first puzzle
    assert daily_date() == dt.date.today()


def test_game_specs() -> None:
    daily = game_spec("daily", date="2021-06-19", wordlist=WL)
    assert daily.mode == "daily" and daily.day == "2021-06-19" and daily.game.answer == "cigar"
    seeded = game_spec("practice", seed=7, hard=True, wordlist=WL)
    assert seeded.seed == 7 and seeded.game.hard and seeded.game.label.endswith("#7")
    assert seeded.game.answer == game_spec("practice", seed=7).game.answer
    random = game_spec("practice", wordlist=WL)
    assert random.seed is None and random.game.label == "wordlekit practice"


def test_ultrahard_game_specs(tmp_path: Path) -> None:
    daily = game_spec("daily", date="2021-06-19", ultrahard=True, wordlist=WL)
    assert daily.game.rules == "ultrahard" and daily.game.hard
    practice = game_spec("practice", seed=7, ultrahard=True, wordlist=WL)
    assert (
        practice.game.ultrahard
        and practice.game.answer == game_spec("practice", seed=7).game.answer
    )
    # ultrahard is a daily game of its own, next to the normal and the hard one
    store = Store(tmp_path / "g.sqlite3", WL)
    ids = {
        start_game(store, "p1", game_spec("daily", date="2021-06-19", wordlist=WL, **rules))[0].id
        for rules in ({}, {"hard": True}, {"ultrahard": True})
    }
    assert len(ids) == 3
    stored, created = start_game(store, "p1", daily)
    assert not created and stored.id in ids and stored.game.ultrahard
    with pytest.raises(WordleError, match="SALET cannot be the answer: it is not in the answer"):
        play_guess(store, stored.id, "p1", "salet", turn=1)


@pytest.mark.parametrize(
    ("mode", "kwargs", "match"),
    [
        ("daily", {"seed": 3}, "not a seed"),
        ("practice", {"date": "2022-01-01"}, "not a date"),
        ("practice", {"seed": -1}, "from 0"),
        ("weekly", {}, "daily or practice"),
    ],
)
def test_game_spec_refusals(mode: str, kwargs: dict[str, object], match: str) -> None:
    with pytest.raises(WordleError, match=match):
        game_spec(mode, **kwargs)  # type: ignore[arg-type]


def test_start_play_and_hint(tmp_path: Path) -> None:
    store = Store(tmp_path / "g.sqlite3", WL)
    spec = game_spec("daily", date="2021-06-19", wordlist=WL)
    stored, created = start_game(store, "p1", spec)
    again, created_again = start_game(store, "p1", spec)
    assert created and not created_again and again.id == stored.id
    game = play_guess(store, stored.id, "p1", "crane", turn=1)
    assert [t.guess for t in turns_of(game)] == ["crane"]
    with pytest.raises(TurnConflictError):
        play_guess(store, stored.id, "p1", "slate", turn=1)
    assert record_hint(store, game) == 1 and record_hint(store, game) == 2


def test_a_game_played_with_hints_says_so_on_its_share_grid(tmp_path: Path) -> None:
    """Hints are allowed on the daily puzzle and marked on the share grid's title line,
    after the hard-mode star; a game without hints keeps the usual line."""
    store = Store(tmp_path / "g.sqlite3", WL)
    spec = game_spec("daily", date="2021-06-19", hard=True, wordlist=WL)
    stored, _ = start_game(store, "p1", spec)
    record_hint(store, stored)
    stored = play_guess(store, stored.id, "p1", "cigar")
    assert stored.game.over and stored.hints == 1
    assert share_text(stored).splitlines()[0] == "Wordle 0 1/6* (1 hint)"
    record_hint(store, stored)
    assert share_text(stored).splitlines()[0] == "Wordle 0 1/6* (2 hints)"
    assert "🟧" in share_text(stored, high_contrast=True)
    plain, _ = start_game(store, "p1", game_spec("daily", date="2021-06-20", wordlist=WL))
    plain = play_guess(store, plain.id, "p1", plain.game.answer)
    assert share_text(plain).splitlines()[0] == "Wordle 1 1/6"


def test_player_stats_keep_the_daily_puzzle_and_practice_apart(tmp_path: Path) -> None:
    store = Store(tmp_path / "g.sqlite3", WL)
    day = dt.date(2021, 6, 19)
    stored, _ = start_game(store, "p1", game_spec("daily", date=day, wordlist=WL))
    play_guess(store, stored.id, "p1", "cigar")
    seeded, _ = start_game(store, "p1", game_spec("practice", seed=3, wordlist=WL))
    play_guess(store, seeded.id, "p1", seeded.game.answer)
    stats = player_stats(store, "p1", today=day)
    assert (stats.daily.played, stats.daily.current_streak) == (1, 1)
    assert (stats.practice.played, stats.practice.wins) == (1, 1)
    assert stats.last_mode == "practice"
    assert player_stats(store, "p1", today=day + dt.timedelta(days=2)).daily.current_streak == 0
