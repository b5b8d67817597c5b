"""Abandoned games are deleted, so the store cannot grow without bound (issue 22, W3): practice
games and challenges left unfinished for over 30 days, daily games never played as long, and
a player's unfinished ones past the cap; finished games (the statistics) and daily games
played stay. ``wordle db prune`` applies
the rule to a whole database."""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
from pathlib import Path

import pytest

from harness_cli import bad, ok
from wordlekit.core.words import WordList
from wordlekit.errors import GameNotFoundError, WordleError
from wordlekit.services.games import (
    GameRequest,
    GameStore,
    Retention,
    load_game,
    open_store,
    play_guess,
    player_stats,
    prune_games,
    record_hint,
    start_game,
)
from wordlekit.store.retention import STAMPS, Stamps

WL = WordList.bundled()
NOW = dt.datetime.now(dt.UTC)


def practice(store: GameStore, player: str = "p1", seed: int | None = None) -> str:
    return start_game(store, player, GameRequest(kind="practice", seed=seed))[0].id


def won_practice(store: GameStore, player: str = "p1", seed: int = 1) -> str:
    stored, _ = start_game(store, player, GameRequest(kind="practice", seed=seed))
    play_guess(store, stored.id, player, stored.game.secret[0])
    return stored.id


def daily(store: GameStore, player: str = "p1", date: str = "2024-03-01") -> str:
    return start_game(store, player, GameRequest(kind="daily", date=date))[0].id


def age(store: GameStore, gids: list[str], days: float) -> None:
    """Make the games ``gids`` look last touched ``days`` days ago (as a month passing would)."""
    when = (NOW - dt.timedelta(days=days)).isoformat(timespec="milliseconds")
    conn = sqlite3.connect(store.path)
    try:
        conn.executemany("UPDATE games SET touched_at = ? WHERE id = ?", [(when, g) for g in gids])
        conn.commit()
    finally:
        conn.close()


def count(store: GameStore, table: str, gid: str) -> int:
    column = "id" if table == "games" else "game_id"
    conn = sqlite3.connect(store.path)
    try:
        return int(
            conn.execute(f"SELECT COUNT(*) FROM {table} WHERE {column} = ?", (gid,)).fetchone()[0]
        )
    finally:
        conn.close()


def exists(store: GameStore, gid: str, player: str = "p1") -> bool:
    try:
        load_game(store, gid, player)
    except GameNotFoundError:
        return False
    return True


def test_abandoned_old_games_go_recent_finished_and_played_daily_ones_stay(
    tmp_path: Path,
) -> None:
    store = open_store(tmp_path / "g.sqlite3", WL)
    old = practice(store, seed=3)
    play_guess(store, old, "p1", "crane")  # played once, then left
    old_challenge = start_game(store, "p1", GameRequest(kind="challenge", answers=["cigar"]))[0].id
    recent = practice(store)
    finished = won_practice(store)
    played_daily = daily(store)
    play_guess(store, played_daily, "p1", "crane")
    untouched_daily = daily(store, date="2024-03-02")  # never played: nothing to keep
    hinted_daily = daily(store, date="2024-03-03")
    record_hint(store, load_game(store, hinted_daily, "p1"))  # a hint counts: kept
    every_old = [old, old_challenge, finished, played_daily, untouched_daily, hinted_daily]
    age(store, every_old, days=31)
    age(store, [recent], days=29)

    pruned = prune_games(store.path, WL)

    assert (pruned.stale, pruned.over_cap) == (3, 0)
    assert not exists(store, old) and not exists(store, old_challenge)
    assert not exists(store, untouched_daily)
    assert count(store, "turns", old) == 0 and count(store, "secrets", old) == 0
    assert exists(store, recent) and exists(store, finished)
    assert exists(store, played_daily) and exists(store, hinted_daily)
    # asked for again, the daily never played starts as it was
    again, created = start_game(store, "p1", GameRequest(kind="daily", date="2024-03-02"))
    assert created and again.game.guesses == ()
    assert player_stats(store, "p1").practice.played == 1  # the finished game still counts


def test_a_guess_or_a_hint_keeps_a_game_alive(tmp_path: Path) -> None:
    store = open_store(tmp_path / "g.sqlite3", WL)
    gid = practice(store, seed=5)
    age(store, [gid], days=40)
    play_guess(store, gid, "p1", "crane")  # the player came back: touched now
    assert prune_games(store.path, WL).games == 0 and exists(store, gid)


def test_the_store_s_timestamps_always_move_forward() -> None:
    times = iter([NOW, NOW, NOW - dt.timedelta(seconds=1), NOW + dt.timedelta(seconds=1)])
    stamps = Stamps(clock=lambda: next(times))
    got = [stamps() for _ in range(4)]
    assert got == sorted(got) and len(set(got)) == 4  # a stopped or late clock never ties
    assert got[1] == (NOW + dt.timedelta(microseconds=1)).isoformat(timespec="microseconds")
    assert got[3] == (NOW + dt.timedelta(seconds=1)).isoformat(timespec="microseconds")
    # a stored timestamp of the older precision (milliseconds) sorts before any later one
    assert NOW.isoformat(timespec="milliseconds") <= NOW.isoformat(timespec="microseconds")


@pytest.mark.parametrize("clock", ["real", "stopped"])
def test_a_player_keeps_at_most_so_many_unfinished_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, clock: str
) -> None:
    if clock == "stopped":  # every change in the same tick of the clock: the order still holds
        monkeypatch.setattr(STAMPS, "clock", lambda: NOW)
    store = open_store(tmp_path / "g.sqlite3", WL, retention=Retention(unfinished=3))
    won_practice(store, seed=9)  # finished games do not count against the cap
    daily(store)  # nor daily ones
    first = [practice(store, seed=s) for s in range(3)]
    play_guess(store, first[0], "p1", "crane")  # the first is now the most recently touched
    newest = practice(store, seed=7)  # one too many: the least recently touched one goes
    assert [exists(store, g) for g in first] == [True, False, True] and exists(store, newest)
    practice(store, seed=8)
    assert not exists(store, first[2]) and exists(store, first[0])
    others = [practice(store, "p2", seed=s) for s in range(3)]  # each player has a cap
    assert all(exists(store, g, "p2") for g in others)
    conn = sqlite3.connect(store.path)
    try:
        open_games = conn.execute(
            "SELECT player, COUNT(*) FROM games WHERE status = 'playing' AND kind != 'daily' "
            "GROUP BY player ORDER BY player"
        ).fetchall()
    finally:
        conn.close()
    assert open_games == [("p1", 3), ("p2", 3)]


def test_a_lower_cap_is_applied_to_the_whole_database_by_prune(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    store = open_store(path, WL)
    games = [practice(store, seed=s) for s in range(6)]
    age(store, games, days=1)
    age(store, games[4:], days=0.5)  # the two last touched
    pruned = prune_games(path, WL, unfinished=2)
    assert (pruned.stale, pruned.over_cap) == (0, 4)
    assert [exists(store, g) for g in games] == [False] * 4 + [True] * 2


def test_new_games_delete_old_abandoned_ones_a_batch_at_a_time(tmp_path: Path) -> None:
    """Every ``every``-th game stored deletes up to ``batch`` expired ones: deletions keep pace
    with creations, each pass bounded."""
    rule = Retention(days=30, batch=4, every=3)
    store = open_store(tmp_path / "g.sqlite3", WL, retention=rule)
    old = [practice(store, f"old-{i}") for i in range(6)]
    age(store, old, days=45)
    practice(store, "new")  # the 7th game stored: no pass
    assert all(exists(store, g, f"old-{i}") for i, g in enumerate(old))
    practice(store, "new")  # the 8th: no pass
    practice(store, "new")  # the 9th: a pass, which deletes the 4 oldest-touched
    assert sum(exists(store, g, f"old-{i}") for i, g in enumerate(old)) == 2


def test_opening_the_store_deletes_a_batch(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    store = open_store(path, WL)
    old = [practice(store, f"p{i}") for i in range(5)]
    age(store, old, days=60)
    again = GameStore(path, WL, retention=Retention(batch=3))
    assert again.pruned_at_open.stale == 3
    assert sum(exists(again, g, f"p{i}") for i, g in enumerate(old)) == 2


def test_retention_settings_are_checked() -> None:
    with pytest.raises(WordleError, match="positive number of days"):
        Retention(days=0)
    with pytest.raises(WordleError, match="at least one unfinished game"):
        Retention(unfinished=0)


def test_wordle_db_prune_says_what_it_removed(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite3"
    store = open_store(path, WL)
    old = [practice(store, seed=s) for s in range(3)]
    age(store, old[:2], days=31)
    out = ok("db", "prune", "--db", str(path))
    assert out.strip() == (
        f"removed 2 games from {path}: 2 untouched for over 30 days, 0 past the cap of 100 "
        "unfinished games a player"
    )
    data = json.loads(ok("db", "prune", "--db", str(path), "--unfinished", "1", "--json"))
    assert (data["games"], data["stale"], data["over_cap"]) == (0, 0, 0)  # one game left
    bad("db", "prune", "--db", str(tmp_path / "none.sqlite3"), match="no database at")
    assert not (tmp_path / "none.sqlite3").exists()
    bad("db", "prune", "--db", str(path), "--days", "0", match="--days")
