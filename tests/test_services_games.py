"""The games service for every variant: the daily and seed rules, starting a game, the use
case of a guess (atomic, retries that spend nothing, conflicts), hints, and the public view
(no secret before the end)."""

from __future__ import annotations

import datetime as dt
import json
import threading
from dataclasses import asdict
from pathlib import Path

import pytest

from wordlekit.core.rules import Mode
from wordlekit.core.variants import VARIANTS
from wordlekit.core.words import WordList
from wordlekit.errors import (
    DailyPlayedError,
    GameNotFoundError,
    GameOverError,
    HardModeError,
    InvalidDateError,
    InvalidWordError,
    TurnConflictError,
    VariantError,
    WordleError,
)
from wordlekit.services.games import (
    UNLIMITED_CAP,
    GameRequest,
    daily_date,
    load_game,
    make_game,
    open_store,
    play_guess,
    player_stats,
    record_hint,
    start_game,
    variants,
    view,
)
from wordlekit.store.games import GameStore, StoredGame

WL = WordList.bundled()


@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    return open_store(tmp_path / "g.sqlite3", WL)


def test_daily_dates_allow_one_day_of_slack() -> None:
    today = dt.date(2024, 5, 1)
    assert daily_date("2024-05-02", today=today) == dt.date(2024, 5, 2)
    with pytest.raises(InvalidDateError, match="not out yet"):
        daily_date("2024-05-03", today=today)
    with pytest.raises(InvalidDateError):
        daily_date("2021-01-01")  # before the first puzzle
    assert daily_date() == dt.date.today()


def test_the_menus_list_every_variant() -> None:
    names = [v.name for v in variants()]
    assert names == list(VARIANTS) and variants()[-1].host == "adversary"


def test_requests() -> None:
    daily = make_game(GameRequest(kind="daily", date="2021-06-19"), WL)
    assert daily.kind == "daily" and daily.day == "2021-06-19" and daily.game.secret == ("cigar",)
    seeded = make_game(GameRequest(kind="practice", seed=7, mode="hard"))
    assert seeded.seed == 7 and seeded.game.mode is Mode.HARD and seeded.game.label.endswith("#7")
    assert seeded.game.secret == make_game(GameRequest(seed=7)).game.secret
    random = make_game(GameRequest())
    assert random.seed is None and random.game.label == "wordlekit practice"
    quordle = make_game(GameRequest("quordle", kind="daily", date="2024-05-01"))
    assert quordle.game.label == "Daily Quordle 1047"
    custom = make_game(GameRequest(None, boards=3, max_guesses=9, seed=2))
    assert custom.game.variant.name == "3-board-9"
    challenge = make_game(GameRequest("absurdle", kind="challenge", answers=["cigar"]))
    assert challenge.game.target_word() == "cigar"


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"kind": "daily", "seed": 3}, WordleError, "not a seed"),
        ({"kind": "practice", "date": "2022-01-01"}, WordleError, "takes no date"),
        ({"kind": "practice", "seed": -1}, WordleError, "from 0"),
        ({"kind": "weekly"}, WordleError, "daily, practice or challenge"),
        ({"kind": "practice", "answers": ["cigar"]}, WordleError, "only a challenge"),
        ({"kind": "challenge", "answers": ["qqqqq"]}, InvalidWordError, "QQQQQ"),
        ({"variant": "pentordle"}, VariantError, "unknown variant"),
        ({"mode": "easy"}, WordleError, "unknown mode"),
    ],
)
def test_refused_requests(kwargs: dict[str, object], error: type[Exception], match: str) -> None:
    with pytest.raises(error, match=match):
        make_game(GameRequest(**kwargs))  # type: ignore[arg-type]


def daily(
    store: GameStore, mode: str = "normal", player: str = "p1", variant: str = "classic"
) -> tuple[StoredGame, bool]:
    """Start (or find) the daily game of 2021-06-19 (Wordle 0)."""
    request = GameRequest(variant, kind="daily", date="2021-06-19", mode=mode)
    return start_game(store, player, request)


def test_one_daily_game_a_date_whatever_the_mode(store: GameStore) -> None:
    """As the NYT has it: the mode is chosen before the first guess, and a puzzle played once
    is not played again in another mode (its answer is known: a clean share otherwise)."""
    first, created = daily(store)
    assert created and first.game.mode is Mode.NORMAL
    record_hint(store, first)
    # not played yet: hard mode may still be chosen; the game takes its place, its hint kept
    hard, created = daily(store, "hard")
    assert created and hard.game.mode is Mode.HARD and hard.hints == 1
    with pytest.raises(GameNotFoundError):
        load_game(store, first.id, "p1")
    answer = hard.game.secret[0]
    play_guess(store, hard.id, "p1", "fuzzy")
    with pytest.raises(
        DailyPlayedError,
        match=r"^normal mode can only be chosen before the first guess: Wordle 0 is under way "
        r"in hard mode$",
    ):
        daily(store, "normal")
    again, created = daily(store, "hard")  # the same mode: the game as it stands
    assert not created and again.id == hard.id and again.game.guesses == ("fuzzy",)
    play_guess(store, hard.id, "p1", answer)
    for mode in ("normal", "ultrahard"):
        with pytest.raises(DailyPlayedError) as refused:
            daily(store, mode)
        assert str(refused.value) == (
            "you have played Wordle 0 (won in 2): start a practice game to play again"
        )
    assert isinstance(refused.value, GameOverError)  # a 409 in the web app
    done, created = daily(store, "hard")  # the finished game, to show its result
    assert not created and done.game.over and done.id == hard.id
    stats = player_stats(store, "p1")
    assert (stats.daily.played, stats.daily.wins) == (1, 1)
    # another player, or another variant, is another daily game
    assert daily(store, "ultrahard", player="p2")[1]
    assert daily(store, "ultrahard", variant="dordle")[1]


def test_a_lost_daily_cannot_be_replayed_in_another_mode(store: GameStore) -> None:
    stored, _ = daily(store)
    answer = stored.game.secret[0]
    wrong = [w for w in ("fuzzy", "jiffy", "pygmy", "mummy", "civic", "kayak") if w != answer]
    for w in wrong[:6]:
        stored = play_guess(store, stored.id, "p1", w)
    assert stored.game.status.value == "lost"
    with pytest.raises(DailyPlayedError, match=r"you have played Wordle 0 \(lost\)"):
        daily(store, "hard")


def test_a_view_is_made_once_per_game_state(store: GameStore) -> None:
    stored, _ = start_game(store, "p1", GameRequest("octordle", kind="practice", seed=4))
    play_guess(store, stored.id, "p1", "crane")
    first = view(load_game(store, stored.id, "p1"))
    assert view(load_game(store, stored.id, "p1")) is first  # kept with the state
    record_hint(store, load_game(store, stored.id, "p1"))
    hinted = view(load_game(store, stored.id, "p1"))
    assert hinted is not first and hinted.hints == 1 and hinted.guesses == first.guesses
    after = view(play_guess(store, stored.id, "p1", "sloth"))
    assert after.guesses == ["crane", "sloth"] and after == view(load_game(store, stored.id, "p1"))
    fresh = open_store(store.path, WL)  # another process: restored, the same view
    assert view(load_game(fresh, stored.id, "p1")) == after


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("quordle", ["crane", "cigar", "sloth", "humor", "snake", "fruit"]),  # 2 solved on the way
        ("classic", ["crane", "sloth", "pudgy", "fizzy", "mound", "whack"]),  # lost: answer shown
        ("absurdle", ["crane", "smolt", "fudgy", "vivid"]),
    ],
)
def test_a_view_grown_guess_by_guess_is_the_view_made_afresh(
    store: GameStore, name: str, words: list[str]
) -> None:
    answers = ["cigar", "humor", "snake", "fruit"] if name == "quordle" else []
    kind = "challenge" if answers else "practice"
    seed = 2 if name == "classic" else None  # Absurdle's free game: the line above wins
    request = GameRequest(name, kind=kind, answers=answers, seed=seed)
    stored, _ = start_game(store, "p1", request)
    view(stored)  # the view each guess grows from
    for word in words:
        shown = view(play_guess(store, stored.id, "p1", word))
        fresh = open_store(store.path, WL)  # restored and made from nothing
        assert shown == view(load_game(fresh, stored.id, "p1")), word
        if shown.over:
            break
    assert shown.over and all(b.answer for b in shown.boards)  # every answer shown at the end


def test_a_guess_is_refereed_and_stored(store: GameStore) -> None:
    stored, _ = start_game(
        store, "p1", GameRequest(kind="challenge", answers=["cigar"], mode="hard")
    )
    gid = stored.id
    with pytest.raises(InvalidWordError):
        play_guess(store, gid, "p1", "zzzzz")
    play_guess(store, gid, "p1", "crane", turn=1)
    with pytest.raises(HardModeError):
        play_guess(store, gid, "p1", "plumb")  # must start with C in hard mode
    with pytest.raises(GameNotFoundError):
        play_guess(store, gid, "someone-else", "crane")
    # a retry of a turn played spends nothing; another word there, or a later turn, is refused
    assert play_guess(store, gid, "p1", " Crane ", turn=1).game.guesses == ("crane",)
    with pytest.raises(TurnConflictError, match="turn 1 was already played"):
        play_guess(store, gid, "p1", "cache", turn=1)
    with pytest.raises(TurnConflictError, match="at turn 2"):
        play_guess(store, gid, "p1", "cache", turn=3)
    won = play_guess(store, gid, "p1", "CIGAR", turn=2)
    assert won.game.over and load_game(store, gid, "p1").game.guesses == ("crane", "cigar")
    with pytest.raises(GameOverError):
        play_guess(store, gid, "p1", "crane")
    with pytest.raises(GameOverError):
        record_hint(store, won)


def test_concurrent_guesses_are_serialised(store: GameStore) -> None:
    """Threads, each with its own store and connection, play one game at once: the guesses
    stored are consecutive, every call either played or was refused as game over."""
    stored, _ = start_game(store, "p1", GameRequest(kind="challenge", answers=["zesty"]))
    words = ["crane", "slate", "moist", "pound", "flick", "badge", "crane", "slate"] * 3
    outcomes: list[str] = []
    barrier = threading.Barrier(len(words))

    def go(word: str) -> None:
        s = open_store(store.path, WL)
        barrier.wait()
        try:
            play_guess(s, stored.id, "p1", word)
            outcomes.append("ok")
        except (TurnConflictError, GameOverError) as e:
            outcomes.append(type(e).__name__)

    threads = [threading.Thread(target=go, args=(w,)) for w in words]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    game = load_game(store, stored.id, "p1").game
    assert len(game.guesses) == 6 and outcomes.count("ok") == 6  # six, then the game is lost
    assert set(outcomes) <= {"ok", "GameOverError"}


def test_concurrent_retries_of_one_turn_play_it_once(store: GameStore) -> None:
    stored, _ = start_game(store, "p1", GameRequest(kind="practice", seed=3))
    barrier = threading.Barrier(12)
    errors: list[Exception] = []

    def go() -> None:
        s = open_store(store.path, WL)
        barrier.wait()
        try:
            play_guess(s, stored.id, "p1", "crane", turn=1)
        except Exception as e:  # pragma: no cover - the assertion below reports it
            errors.append(e)

    threads = [threading.Thread(target=go) for _ in range(12)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not errors and load_game(store, stored.id, "p1").game.guesses == ("crane",)


def test_a_game_played_with_hints_says_so_on_its_share(store: GameStore) -> None:
    """Hints are allowed on the daily game and marked on the share's title line, after the
    hard-mode star; a game without hints keeps the usual line."""
    stored, _ = start_game(store, "p1", GameRequest(kind="daily", date="2021-06-19", mode="hard"))
    stored = record_hint(store, stored)
    stored = play_guess(store, stored.id, "p1", "cigar")
    assert stored.game.over and stored.hints == 1
    assert view(stored).share.splitlines()[0] == "Wordle 0 1/6* (1 hint)"  # type: ignore[union-attr]
    plain, _ = start_game(store, "p1", GameRequest(kind="daily", date="2021-06-20"))
    plain = play_guess(store, plain.id, "p1", plain.game.secret[0])
    assert view(plain).share.splitlines()[0] == "Wordle 1 1/6"  # type: ignore[union-attr]


@pytest.mark.parametrize("name", list(VARIANTS))
def test_no_secret_leaks_before_the_end(store: GameStore, name: str) -> None:
    v = VARIANTS[name]
    request = GameRequest(name, kind="practice", seed=5 if v.host.value == "fixed" else None)
    stored, _ = start_game(store, "p1", request)
    stored = play_guess(store, stored.id, "p1", "crane")
    shown = view(stored)
    text = json.dumps(asdict(shown))
    secret = [w for w in stored.game.secret if w != "crane"]
    for word in secret:
        assert f'"{word}"' not in text, name
    assert shown.outcome is None and shown.share is None and not shown.over
    assert [t.guess for b in shown.boards for t in b.turns] == ["crane"] * len(shown.boards)
    if v.boards > 1:  # a solved board shows its answer: the player typed it
        last = v.boards - 1
        stored = play_guess(store, stored.id, "p1", stored.game.secret[last])
        assert view(stored).boards[last].answer == stored.game.secret[last]
        assert view(stored).boards[0].answer is None


def test_the_view_at_the_end(store: GameStore) -> None:
    stored, _ = start_game(
        store, "p1", GameRequest("dordle", kind="challenge", answers=["cigar", "humor"])
    )
    for _ in range(7):
        stored = play_guess(store, stored.id, "p1", "crane")
    shown = view(stored)
    assert shown.over and shown.status == "lost" and shown.outcome is not None
    assert shown.outcome.answers == ["cigar", "humor"] and [b.answer for b in shown.boards] == [
        "cigar",
        "humor",
    ]
    assert shown.boards[0].keyboard["c"] == "green" and shown.share is not None
    assert shown.guesses_left == 0 and shown.kind == "challenge"


def test_an_absurdle_view_says_what_the_host_holds(store: GameStore) -> None:
    stored, _ = start_game(store, "p1", GameRequest("absurdle"))
    shown = view(play_guess(store, stored.id, "p1", "arise"))
    assert (
        shown.host_words == 168 and shown.host_sample is not None and len(shown.host_sample) == 30
    )
    assert shown.max_guesses is None and shown.guesses_left is None


def test_a_game_without_a_limit_stops_at_the_cap(store: GameStore) -> None:
    stored, _ = start_game(
        store, "p1", GameRequest("absurdle", kind="challenge", answers=["cigar"])
    )
    assert UNLIMITED_CAP >= 30
    # a challenge lost at once ends the game before any cap
    stored = play_guess(store, stored.id, "p1", "arise")
    assert stored.game.over or stored.game.guesses == ("arise",)


def test_player_stats_per_variant_and_kind(store: GameStore) -> None:
    day = dt.date(2021, 6, 19)
    stored, _ = start_game(store, "p1", GameRequest(kind="daily", date=day))
    play_guess(store, stored.id, "p1", "cigar")  # today, long after its date: an archive game
    seeded, _ = start_game(store, "p1", GameRequest(seed=3))
    play_guess(store, seeded.id, "p1", seeded.game.secret[0])
    stats = player_stats(store, "p1", today=day)
    assert (stats.daily.played, stats.daily.archive, stats.daily.current_streak) == (1, 1, 0)

    assert (stats.practice.played, stats.practice.wins) == (1, 1)
    assert stats.last_kind == "practice" and stats.variant == "classic"
    today, _ = start_game(store, "p1", GameRequest(kind="daily"))  # today's, on time
    play_guess(store, today.id, "p1", today.game.secret[0])
    stats = player_stats(store, "p1")
    assert (stats.daily.played, stats.daily.archive, stats.daily.current_streak) == (2, 1, 1)
    later = dt.date.today() + dt.timedelta(days=2)
    assert player_stats(store, "p1", today=later).daily.current_streak == 0
    assert player_stats(store, "p1", "quordle").daily.played == 0
