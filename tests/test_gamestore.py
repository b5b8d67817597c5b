"""The games store: one transaction per change, atomic guesses, retries that spend nothing."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

from wordlekit.core.game import Game
from wordlekit.core.words import WordList
from wordlekit.errors import GameOverError, HardModeError, InvalidWordError
from wordlekit.store.games import GameNotFoundError, Store, TurnConflictError

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
