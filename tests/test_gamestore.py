"""The games store: one transaction per change, atomic guesses, retries that spend nothing."""

from __future__ import annotations

import datetime as dt
import sqlite3
import threading
from pathlib import Path

import pytest

from wordlekit.core.game import Game
from wordlekit.core.words import WordList
from wordlekit.errors import (
    GameNotFoundError,
    GameOverError,
    HardModeError,
    InvalidWordError,
    TurnConflictError,
)
from wordlekit.store.games import Store

WL = WordList.bundled()


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store(tmp_path / "games.sqlite3", WL)


def new(store: Store, answer: str = "cigar", hard: bool = False) -> str:
    stored, created = store.create("p1", Game(answer, WL, hard), "practice", None, None)
    assert created
    return stored.id


def turns_in_db(store: Store, gid: str) -> list[tuple[int, str]]:
    conn = sqlite3.connect(store.path)
    try:
        return list(conn.execute("SELECT n, guess FROM turns WHERE game_id = ? ORDER BY n", (gid,)))
    finally:
        conn.close()


def test_play_records_the_turn_and_the_outcome(store: Store) -> None:
    gid = new(store)
    g = store.play(gid, "p1", "crane")
    assert [t.guess for t in g.game.turns] == ["crane"]
    g = store.play(gid, "p1", "CIGAR", turn=2)
    assert g.game.over and g.status.value == "won"
    assert turns_in_db(store, gid) == [(1, "crane"), (2, "cigar")]
    with pytest.raises(GameOverError):
        store.play(gid, "p1", "crane")


def test_a_retry_of_a_played_turn_spends_nothing(store: Store) -> None:
    gid = new(store)
    store.play(gid, "p1", "crane", turn=1)
    again = store.play(gid, "p1", " Crane ", turn=1)
    assert len(again.game.turns) == 1 and turns_in_db(store, gid) == [(1, "crane")]
    with pytest.raises(TurnConflictError, match="turn 1 was already played"):
        store.play(gid, "p1", "slate", turn=1)
    with pytest.raises(TurnConflictError, match="at turn 2"):
        store.play(gid, "p1", "slate", turn=3)


def test_refusals_write_nothing(store: Store) -> None:
    gid = new(store, hard=True)
    with pytest.raises(InvalidWordError):
        store.play(gid, "p1", "zzzzz")
    store.play(gid, "p1", "crane")
    with pytest.raises(HardModeError):
        store.play(gid, "p1", "plumb")  # must start with C in hard mode
    with pytest.raises(GameNotFoundError):
        store.play(gid, "someone-else", "crane")
    assert turns_in_db(store, gid) == [(1, "crane")]


def hard_column(store: Store, gid: str) -> int:
    conn = sqlite3.connect(store.path)
    try:
        return int(conn.execute("SELECT hard FROM games WHERE id = ?", (gid,)).fetchone()[0])
    finally:
        conn.close()


def test_ultrahard_is_stored_as_2_in_the_hard_column_and_read_back(store: Store) -> None:
    games = {
        rules: store.create("p1", Game("cigar", WL, **flags), "practice", None, None)[0].id
        for rules, flags in [
            ("normal", {}),
            ("hard", {"hard": True}),
            ("ultrahard", {"ultrahard": True}),
        ]
    }
    assert [hard_column(store, gid) for gid in games.values()] == [0, 1, 2]
    for rules, gid in games.items():
        stored = store.get(gid, "p1")
        assert stored is not None and stored.game.rules == rules
    gid = games["ultrahard"]
    with pytest.raises(HardModeError, match="SALET cannot be the answer: it is not in the answer"):
        store.play(gid, "p1", "salet")
    store.play(gid, "p1", "crane")
    with pytest.raises(HardModeError, match="CRANE would have shown gyyyb, not gyybb"):
        store.play(gid, "p1", "cairn")  # obeys hard mode, but cannot be the answer
    assert turns_in_db(store, gid) == [(1, "crane")]
    assert store.play(gid, "p1", "cigar").game.share().splitlines()[0] == "practice 2/6**"


def test_ultrahard_is_a_daily_mode_of_its_own(store: Store) -> None:
    day = DAY0.isoformat()
    ids = set()
    for flags in ({}, {"hard": True}, {"ultrahard": True}):
        stored, created = store.create(
            "p1", Game.daily(DAY0, wordlist=WL, **flags), "daily", day, None
        )
        assert created
        ids.add(stored.id)
    again, created = store.create(
        "p1", Game.daily(DAY0, ultrahard=True, wordlist=WL), "daily", day, None
    )
    assert not created and again.game.ultrahard and again.id in ids and len(ids) == 3


def test_concurrent_guesses_are_serialised(store: Store) -> None:
    """Threads, each with its own connection, play one game at once: the turns stored are
    consecutive, every call either played or was refused as a conflict or game over."""
    gid = new(store, answer="zesty")
    words = ["crane", "slate", "moist", "pound", "flick", "badge", "crane", "slate"] * 3
    outcomes: list[str] = []
    barrier = threading.Barrier(len(words))

    def go(word: str) -> None:
        s = Store(store.path, WL)
        barrier.wait()
        try:
            s.play(gid, "p1", word)
            outcomes.append("ok")
        except (TurnConflictError, GameOverError) as e:
            outcomes.append(type(e).__name__)

    threads = [threading.Thread(target=go, args=(w,)) for w in words]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    stored = turns_in_db(store, gid)
    assert [n for n, _ in stored] == list(range(1, 7))  # six turns, then the game is lost
    assert outcomes.count("ok") == 6
    assert set(outcomes) <= {"ok", "GameOverError", "TurnConflictError"}


def test_concurrent_retries_of_one_turn_play_it_once(store: Store) -> None:
    gid = new(store)
    barrier = threading.Barrier(12)
    errors: list[Exception] = []

    def go() -> None:
        s = Store(store.path, WL)
        barrier.wait()
        try:
            s.play(gid, "p1", "crane", turn=1)
        except Exception as e:  # pragma: no cover - the assertion below reports it
            errors.append(e)

    threads = [threading.Thread(target=go) for _ in range(12)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not errors and turns_in_db(store, gid) == [(1, "crane")]


def test_add_turn_refuses_a_turn_stored_meanwhile(store: Store) -> None:
    gid = new(store)
    a = store.get(gid, "p1")
    b = store.get(gid, "p1")
    assert a is not None and b is not None
    store.add_turn(a, a.game.guess("crane"))
    with pytest.raises(TurnConflictError):
        store.add_turn(b, b.game.guess("slate"))
    assert turns_in_db(store, gid) == [(1, "crane")]


def test_random_practice_labels_show_no_seed() -> None:
    assert Game.practice(hard=False).label == "wordlekit practice"
    assert Game.practice(7).label == "wordlekit practice #7"
    assert Game.practice(7).answer == Game.practice(7).answer


# Statistics: the daily puzzle as the NYT keeps it, practice games apart ----------------------

DAY0 = dt.date(2024, 3, 1)


def daily(store: Store, day: dt.date, *, won: bool = True, hard: bool = False) -> None:
    """A finished daily puzzle of ``day`` (won in two guesses, or lost)."""
    game = Game.daily(day, hard=hard, wordlist=WL)
    stored, _ = store.create("p1", game, "daily", day.isoformat(), None)
    wrong = next(w for w in ("crane", "slate", "moist") if w != game.answer)
    store.play(stored.id, "p1", wrong)
    for _ in range(5 if not won else 0):
        store.play(stored.id, "p1", wrong)
    if won:
        store.play(stored.id, "p1", game.answer)


def practice(store: Store, answer: str, *, won: bool) -> None:
    gid = new(store, answer)
    for _ in range(1 if won else 6):
        store.play(gid, "p1", "fuzzy" if not won else answer)


def at(n: int) -> dt.date:
    return DAY0 + dt.timedelta(days=n)


def test_the_daily_streak_counts_consecutive_puzzle_days_won(store: Store) -> None:
    for n in (0, 1, 2, 4, 5):
        daily(store, at(n))
    stats = store.stats("p1", today=at(5))
    d = stats.daily
    assert (d.played, d.wins, d.max_streak, d.current_streak) == (5, 5, 3, 2)
    assert d.distribution[2] == 5 and d.win_percent == 100
    # today's puzzle not played yet: the streak lives on until a day is missed
    assert store.stats("p1", today=at(6)).daily.current_streak == 2
    assert store.stats("p1", today=at(7)).daily.current_streak == 0
    assert store.stats("p1", today=at(7)).daily.max_streak == 3


def test_a_lost_day_breaks_the_streak_and_counts_as_played(store: Store) -> None:
    daily(store, at(0))
    daily(store, at(1), won=False)
    daily(store, at(2))
    d = store.stats("p1", today=at(2)).daily
    assert (d.played, d.wins, d.current_streak, d.max_streak) == (3, 2, 1, 1)
    assert d.win_percent == 67 and sum(d.distribution.values()) == 2


def test_days_count_by_the_puzzles_date_not_the_order_played(store: Store) -> None:
    daily(store, at(2))
    daily(store, at(0))  # the archive: an earlier puzzle played later
    assert store.stats("p1", today=at(2)).daily.max_streak == 1
    daily(store, at(1))  # fills the gap: three puzzle dates in a row
    d = store.stats("p1", today=at(2)).daily
    assert (d.current_streak, d.max_streak) == (3, 3)


def test_normal_and_hard_mode_of_one_day_count_once_the_first_finished(store: Store) -> None:
    daily(store, at(0), won=False)
    daily(store, at(0), won=True, hard=True)  # the answer is known by now: not counted
    d = store.stats("p1", today=at(0)).daily
    assert (d.played, d.wins, d.current_streak) == (1, 0, 0)
    daily(store, at(1), hard=True)
    daily(store, at(1), won=False)
    d = store.stats("p1", today=at(1)).daily
    assert (d.played, d.wins, d.current_streak, d.max_streak) == (2, 1, 1, 1)


def test_practice_games_have_figures_of_their_own(store: Store) -> None:
    practice(store, "cigar", won=True)
    practice(store, "rebut", won=True)
    practice(store, "sissy", won=False)
    practice(store, "humph", won=True)
    stats = store.stats("p1", today=at(0))
    p = stats.practice
    assert (p.played, p.wins, p.win_percent, p.current_streak, p.max_streak) == (4, 3, 75, 1, 2)
    assert p.distribution[1] == 3
    assert stats.daily.played == 0 and stats.daily.max_streak == 0  # practice is no streak
    assert stats.last_mode == "practice"
    daily(store, at(0))
    stats = store.stats("p1", today=at(0))
    assert stats.last_mode == "daily" and stats.daily.played == 1 and stats.practice.played == 4
    out = stats.to_dict()
    assert out["played"] == 1 and out["current_streak"] == 1
    assert isinstance(out["practice"], dict) and out["practice"]["played"] == 4


def test_an_unfinished_game_counts_nowhere(store: Store) -> None:
    gid = new(store)
    store.play(gid, "p1", "crane")
    stats = store.stats("p1")
    assert stats.daily.played == stats.practice.played == 0 and stats.last_mode is None
