"""The one store of every game: rows, secrets and turns by game and board, the migrations of
databases made by earlier versions, the statistics (a summary kept as games end) and the cache
of restored games (keyed by what is stored, bounded)."""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import random
import shutil
import sqlite3
from collections.abc import Iterator
from dataclasses import asdict
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordlekit.core.game import Game, Status
from wordlekit.core.variants import VARIANTS, variant_for
from wordlekit.core.words import WordList
from wordlekit.errors import StorageError
from wordlekit.services.games import GameRequest, play_guess, start_game
from wordlekit.store import retention
from wordlekit.store.cache import GameCache
from wordlekit.store.games import GameStore
from wordlekit.store.schema import SCHEMA_VERSION
from wordlekit.store.stats import ARCHIVE_SLACK

WL = WordList.bundled()
DATA = Path(__file__).parent / "data"
CLASSIC = VARIANTS["classic"]


@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    return GameStore(tmp_path / "games.sqlite3", WL)


def rows(store: GameStore, sql: str, *args: object) -> list[tuple[object, ...]]:
    conn = sqlite3.connect(store.path)
    try:
        return list(conn.execute(sql, args))
    finally:
        conn.close()


def play(store: GameStore, game: Game, words: list[str], kind: str = "practice") -> str:
    stored = store.insert("p1", game, kind, None, None)  # type: ignore[arg-type]
    for w in words:
        with store.transaction():
            now = store.get(stored.id, "p1")
            assert now is not None
            store.save_guess(now, now.game.guess(w))
    return stored.id


@pytest.mark.parametrize("name", list(VARIANTS))
def test_every_variant_is_stored_and_read_back(store: GameStore, name: str) -> None:
    v = VARIANTS[name]
    game = v.practice(4 if v.boards > 1 or name == "classic" else None, mode="hard")
    gid = play(store, game, ["crane"])
    got = store.get(gid, "p1")
    assert got is not None and got.game == game.guess("crane") and got.game.mode.value == "hard"
    assert store.get(gid, "someone else") is None
    ((mode, variant, boards),) = rows(store, "SELECT mode, variant, boards FROM games")
    assert (mode, variant, boards) == ("hard", name, v.boards)  # the mode by name


def test_turns_are_kept_by_game_board_and_guess(store: GameStore) -> None:
    q = VARIANTS["quordle"].challenge(["cigar", "humor", "snake", "fruit"])
    gid = play(store, q, ["snake", "cigar", "crane"])
    turns = rows(
        store, "SELECT board, n, guess FROM turns WHERE game_id = ? ORDER BY board, n", gid
    )
    assert turns == [
        (0, 1, "snake"), (0, 2, "cigar"),
        (1, 1, "snake"), (1, 2, "cigar"), (1, 3, "crane"),
        (2, 1, "snake"),
        (3, 1, "snake"), (3, 2, "cigar"), (3, 3, "crane"),
    ]  # fmt: skip
    secrets = rows(store, "SELECT board, word FROM secrets WHERE game_id = ? ORDER BY board", gid)
    assert [w for _, w in secrets] == ["cigar", "humor", "snake", "fruit"]
    assert rows(store, "SELECT guesses, status FROM games") == [(3, "playing")]


def test_hints_and_the_finished_count(store: GameStore) -> None:
    gid = play(store, CLASSIC.challenge(["cigar"]), ["cigar"])
    stored = store.get(gid, "p1")
    assert stored is not None and stored.status is Status.WON
    assert store.add_hint(stored).hints == 1 and store.get(gid, "p1").hints == 1  # type: ignore[union-attr]
    assert store.count_finished() == 1


def test_a_database_of_version_1_is_migrated_keeping_every_game(tmp_path: Path) -> None:
    """tests/data/games-v1.sqlite3 was made by the store before the one game model (main at
    8c9442c): one-board games with the mode as 0/1/2 in ``hard``, several-board games in
    ``board_games`` with comma-joined words; games-v1.json is what that code read back."""
    path = tmp_path / "old.sqlite3"
    shutil.copy(DATA / "games-v1.sqlite3", path)
    expected = json.loads((DATA / "games-v1.json").read_text())
    store = GameStore(path, WL)
    for gid, e in expected["games"].items():
        stored = store.get(gid, e["player"])
        assert stored is not None, e["what"]
        g = stored.game
        got = {
            "variant": g.variant.name,
            "mode": g.mode.value,
            "kind": stored.kind,
            "day": stored.day,
            "seed": stored.seed,
            "answers": list(g.secret),
            "guesses": list(g.guesses),
            "label": g.label,
            "status": g.status.value,
            "hints": stored.hints,
            "share": g.share(hints=stored.hints) if g.over else None,
        }
        assert got == {k: e[k] for k in got}, e["what"]
    today = dt.date.fromisoformat(expected["today"])
    old = expected["stats"]["alice-player-000000"]
    new = store.stats("alice-player-000000", CLASSIC, today)
    assert (new.daily.played, new.daily.wins) == (old["played"], old["wins"])
    # those daily games were played long after their dates (the fixture was made in 2026 on
    # puzzles of 2024): archive games now, counted in played and wins, never in a streak
    assert old["current_streak"] > 0 and new.daily.archive == new.daily.played
    assert (new.daily.current_streak, new.daily.max_streak) == (0, 0)
    assert {str(k): v for k, v in new.daily.distribution.items()} == old["distribution"]
    p = new.practice
    assert (p.played, p.wins, p.hints, p.max_streak) == (2, 1, 1, 1) == (
        old["practice"]["played"], old["practice"]["wins"], old["practice"]["hints"],
        old["practice"]["max_streak"],
    )  # fmt: skip
    by_name = {
        "quordle": VARIANTS["quordle"],
        "dordle": VARIANTS["dordle"],
        "3-board": variant_for(boards=3),
        "4-board-10": variant_for(boards=4, max_guesses=10),
    }
    for name, figures in expected["board_stats"].items():
        v = by_name[name]
        s = store.stats("bob-player-00000000", v, today)
        assert s.daily.played + s.practice.played == figures["played"], name
        assert s.daily.wins + s.practice.wins == figures["wins"], name
    tables = {r[0] for r in rows(store, "SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert tables == {
        "games", "secrets", "turns", "summaries", "summary_wins", "challenges", "challenge_words",
        "transfers",
    }  # fmt: skip
    assert rows(store, "PRAGMA user_version") == [(SCHEMA_VERSION,)]
    # a game of version 1 plays on
    playing = next(gid for gid, e in expected["games"].items() if e["what"] == "3-board playing")
    after = play_guess(store, playing, "bob-player-00000000", "moist")
    assert after.game.guesses[-1] == "moist"


def test_a_database_of_version_3_gains_the_challenge_links(tmp_path: Path) -> None:
    """tests/data/games-v3.sqlite3 was made by the store of schema 3 (main at 38e0b6b): a
    challenge on explicit answers won in 2, a practice game under way, one not begun."""
    path = tmp_path / "v3.sqlite3"
    shutil.copy(DATA / "games-v3.sqlite3", path)
    assert rows_of(path, "PRAGMA user_version") == [(3,)]
    before = rows_of(path, "SELECT * FROM games ORDER BY id")
    summaries = rows_of(path, "SELECT * FROM summaries ORDER BY 1, 2, 3")
    store = GameStore(path, WL)
    assert rows(store, "PRAGMA user_version") == [(SCHEMA_VERSION,)] == [(4,)]
    after = rows(store, "SELECT * FROM games ORDER BY id")
    assert [r[:-1] for r in after] == before and all(r[-1] is None for r in after)
    assert rows(store, "SELECT * FROM summaries ORDER BY 1, 2, 3") == summaries  # not refilled
    tables = {r[0] for r in rows(store, "SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"challenges", "challenge_words"} <= tables
    indexes = {r[0] for r in rows(store, "SELECT name FROM sqlite_master WHERE type = 'index'")}
    assert "games_challenge" in indexes
    player = "v3player-aaaaaaaaaaaaaaaa"
    won = store.get("jvtUUKd9U5nqUI-Z", player)
    assert won is not None and won.game.status is Status.WON and won.challenge is None
    assert won.game.share().splitlines()[0] == "wordlekit challenge 2/6"
    after_guess = play_guess(store, "caFSVx13MOZinfxk", player, "moist")
    assert after_guess.game.guesses == ("crane", "moist")
    GameStore(path, WL)  # opening it again changes nothing
    assert rows(store, "SELECT COUNT(*) FROM games") == [(3,)]


def test_a_failed_migration_leaves_the_database_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The migration is one transaction: a failure midway keeps version 3 and every row."""
    from wordlekit.store import games as games_module

    path = tmp_path / "v3.sqlite3"
    shutil.copy(DATA / "games-v3.sqlite3", path)

    def broken(db: sqlite3.Connection) -> None:
        raise sqlite3.OperationalError("disk I/O error (simulated)")

    monkeypatch.setattr(games_module, "fill_v3", broken)
    monkeypatch.setattr(games_module, "create", lambda db: broken(db))
    with pytest.raises(sqlite3.OperationalError):
        GameStore(path, WL)
    assert rows_of(path, "PRAGMA user_version") == [(3,)]
    columns = [r[1] for r in rows_of(path, "PRAGMA table_info(games)")]
    assert "challenge" not in columns  # the ALTER TABLE was rolled back too


def test_a_database_of_a_later_version_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "later.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    with pytest.raises(StorageError, match="written by a later wordlekit"):
        GameStore(path, WL)


# Statistics ----------------------------------------------------------------------------------

DAY0 = dt.date(2024, 3, 1)
STARTED = dt.datetime.now(dt.UTC)


@contextlib.contextmanager
def clock_on(day: dt.date) -> Iterator[None]:
    """The store's timestamps on ``day`` (from noon UTC, as the real clock moves on), as if the
    games were played then."""
    kept = retention.STAMPS
    noon = dt.datetime(day.year, day.month, day.day, 12, tzinfo=dt.UTC)
    retention.STAMPS = retention.Stamps(lambda: noon + (dt.datetime.now(dt.UTC) - STARTED))
    try:
        yield
    finally:
        retention.STAMPS = kept


def at(n: int) -> dt.date:
    return DAY0 + dt.timedelta(days=n)


def daily(
    store: GameStore,
    day: dt.date,
    *,
    won: bool = True,
    mode: str = "normal",
    again: bool = False,
    played_on: dt.date | None = None,
) -> None:
    """A finished daily game of ``day`` (won in two guesses, or lost), played on
    ``played_on`` (default: its own date); ``again``: a second one of that day in another
    mode, stored as before the one-daily rule allowed it."""
    with clock_on(played_on or day):
        _daily(store, day, won=won, mode=mode, again=again)


def _daily(store: GameStore, day: dt.date, *, won: bool, mode: str, again: bool) -> None:
    if again:
        game = CLASSIC.daily(day, wordlist=WL, mode=mode)
        stored = store.insert("p1", game, "daily", day.isoformat(), None)
    else:
        stored, _ = start_game(store, "p1", GameRequest(kind="daily", date=day, mode=mode))
    answer = stored.game.secret[0]
    wrong = next(w for w in ("fuzzy", "jazzy") if w != answer)
    for w in [wrong] * (1 if won else 6) + ([answer] if won else []):
        stored = play_guess(store, stored.id, "p1", w)


def practice(store: GameStore, answer: str, *, won: bool, guesses: int = 1) -> None:
    stored, _ = start_game(store, "p1", GameRequest(kind="challenge", answers=[answer]))
    wrong = "fuzzy" if answer != "fuzzy" else "jazzy"
    for w in [wrong] * (guesses - 1 if won else 6) + ([answer] if won else []):
        stored = play_guess(store, stored.id, "p1", w)


def test_the_daily_streak_counts_consecutive_puzzle_days_won(store: GameStore) -> None:
    for n in (0, 1, 2, 4, 5):
        daily(store, at(n))
    d = store.stats("p1", CLASSIC, today=at(5)).daily
    assert (d.played, d.wins, d.max_streak, d.current_streak) == (5, 5, 3, 2)
    assert d.distribution[2] == 5 and d.win_percent == 100
    # today's puzzle not played yet: the streak lives on until a day is missed
    assert store.stats("p1", CLASSIC, today=at(6)).daily.current_streak == 2
    assert store.stats("p1", CLASSIC, today=at(7)).daily.current_streak == 0
    assert store.stats("p1", CLASSIC, today=at(7)).daily.max_streak == 3


def test_a_lost_day_breaks_the_streak_and_counts_as_played(store: GameStore) -> None:
    daily(store, at(0))
    daily(store, at(1), won=False)
    daily(store, at(2))
    d = store.stats("p1", CLASSIC, today=at(2)).daily
    assert (d.played, d.wins, d.current_streak, d.max_streak) == (3, 2, 1, 1)
    assert d.win_percent == 67 and sum(d.distribution.values()) == 2


def test_days_count_by_the_puzzles_date_not_the_order_played(store: GameStore) -> None:
    daily(store, at(2))
    daily(store, at(0), played_on=at(1))  # an earlier puzzle played later (on time: a day on)
    assert store.stats("p1", CLASSIC, today=at(2)).daily.max_streak == 1
    daily(store, at(1), played_on=at(2))  # fills the gap: three puzzle dates in a row
    d = store.stats("p1", CLASSIC, today=at(2)).daily
    assert (d.current_streak, d.max_streak) == (3, 3)


def test_the_modes_of_one_day_count_once_the_first_finished(store: GameStore) -> None:
    # a database from before the one-daily rule may hold a day in several modes
    daily(store, at(0), won=False)
    daily(store, at(0), won=True, mode="hard", again=True)  # the answer was known: not counted
    d = store.stats("p1", CLASSIC, today=at(0)).daily
    assert (d.played, d.wins, d.current_streak) == (1, 0, 0)
    daily(store, at(1), mode="ultrahard")
    daily(store, at(1), won=False, again=True)
    d = store.stats("p1", CLASSIC, today=at(1)).daily
    assert (d.played, d.wins, d.current_streak, d.max_streak) == (2, 1, 1, 1)


def test_an_archive_game_counts_in_played_and_wins_but_never_in_a_streak(
    store: GameStore,
) -> None:
    daily(store, at(0))
    daily(store, at(1))
    daily(store, at(3))  # at(2) missed: the streak broke
    daily(store, at(2), played_on=at(10))  # from the archive, long after: does not mend it
    daily(store, at(4), won=False, played_on=at(10))  # an archive loss does not break it
    d = store.stats("p1", CLASSIC, today=at(3)).daily
    assert (d.played, d.wins, d.archive) == (5, 4, 2)
    assert d.distribution[2] == 4 and d.win_percent == 80
    assert (d.current_streak, d.max_streak) == (1, 2)


def test_a_daily_game_finished_the_next_day_is_on_time(store: GameStore) -> None:
    """ARCHIVE_SLACK: a day's puzzle finished on its date or the next day (time zones) counts
    in the streak; two days later it is an archive game."""
    assert dt.timedelta(days=1) == ARCHIVE_SLACK
    daily(store, at(0), played_on=at(1))
    daily(store, at(1), played_on=at(2))
    d = store.stats("p1", CLASSIC, today=at(2)).daily
    assert (d.archive, d.current_streak, d.max_streak) == (0, 2, 2)
    daily(store, at(2), played_on=at(4))
    d = store.stats("p1", CLASSIC, today=at(4)).daily
    assert (d.played, d.archive, d.max_streak) == (3, 1, 2)
    assert d.current_streak == 0  # the last date played on time is at(1): ended
    assert store.stats("p1", CLASSIC, today=at(0)).practice.archive == 0


def test_practice_games_have_figures_of_their_own(store: GameStore) -> None:
    practice(store, "cigar", won=True)
    practice(store, "rebut", won=True)
    practice(store, "sissy", won=False)
    practice(store, "humph", won=True)
    stats = store.stats("p1", CLASSIC, today=at(0))
    p = stats.practice
    assert (p.played, p.wins, p.win_percent, p.current_streak, p.max_streak) == (4, 3, 75, 1, 2)
    assert p.distribution == {1: 3, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0}
    assert stats.daily.played == 0 and stats.daily.max_streak == 0  # practice is no streak
    assert stats.last_kind == "challenge"
    daily(store, at(0))
    stats = store.stats("p1", CLASSIC, today=at(0))
    assert stats.last_kind == "daily" and stats.daily.played == 1 and stats.practice.played == 4


def test_a_database_of_version_2_is_migrated_with_the_same_statistics(tmp_path: Path) -> None:
    """tests/data/games-v2.sqlite3 was made by the store of schema 2 (main at 590d466, whose
    statistics read every game by window functions); games-v2.json holds those statistics.
    The summaries filled by the migration give the same figures, and every game is kept."""
    path = tmp_path / "v2.sqlite3"
    shutil.copy(DATA / "games-v2.sqlite3", path)
    expected = json.loads((DATA / "games-v2.json").read_text())["stats"]
    before = rows_of(path, "SELECT id, status, guesses, hints FROM games ORDER BY id")
    store = GameStore(path, WL)
    assert rows(store, "PRAGMA user_version") == [(SCHEMA_VERSION,)]
    assert rows(store, "SELECT id, status, guesses, hints FROM games ORDER BY id") == before
    assert rows(store, "SELECT COUNT(*) FROM games WHERE touched_at IS NULL") == [(0,)]
    for key, figures in expected.items():
        player, name = key.split("/")
        got = asdict(store.stats(player, VARIANTS[name], dt.date(2024, 3, 4)))
        for kind in ("daily", "practice"):
            figures[kind]["distribution"] = {
                int(k): v for k, v in figures[kind]["distribution"].items()
            }
            figures[kind]["archive"] = 0
        # the fixture's daily games were played in 2026 on puzzles of 2024: archive games by
        # the rule of store.stats, counted in played, wins and the distribution, not streaks
        d = figures["daily"]
        d.update(archive=d["played"], current_streak=0, max_streak=0)
        assert got == figures, key
    # the summaries go on from there: one more practice game won
    practice(store, "cigar", won=True)  # as p1, who had none
    assert store.stats("p1", CLASSIC).practice.played == 1


def rows_of(path: Path, sql: str) -> list[tuple[object, ...]]:
    conn = sqlite3.connect(path)
    try:
        return list(conn.execute(sql))
    finally:
        conn.close()


def test_statistics_are_per_variant(store: GameStore) -> None:
    practice(store, "cigar", won=True)
    stored, _ = start_game(
        store, "p1", GameRequest("dordle", answers=["cigar", "rebut"], kind="challenge")
    )
    play_guess(store, stored.id, "p1", "cigar")
    play_guess(store, stored.id, "p1", "rebut")
    dordle = store.stats("p1", VARIANTS["dordle"])
    assert (dordle.practice.played, dordle.practice.wins) == (1, 1)
    assert dordle.practice.distribution == {2: 1, 3: 0, 4: 0, 5: 0, 6: 0, 7: 0}
    assert store.stats("p1", CLASSIC).practice.played == 1


def test_an_unfinished_game_counts_nowhere(store: GameStore) -> None:
    stored, _ = start_game(store, "p1", GameRequest(kind="practice", seed=1))
    play_guess(store, stored.id, "p1", "crane")
    stats = store.stats("p1", CLASSIC)
    assert stats.daily.played == stats.practice.played == 0 and stats.last_kind is None


def reference_streaks(results: list[bool]) -> tuple[int, int]:
    current = best = 0
    for won in results:
        current = current + 1 if won else 0
        best = max(best, current)
    return current, best


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.integers(1, 6)), max_size=30))
def test_practice_aggregates_equal_a_readable_reference(results: list[tuple[bool, int]]) -> None:
    """The practice summary (updated as each game ends) against a loop over the games in the
    order they ended."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        store = GameStore(Path(tmp) / "g.sqlite3", WL)
        rng = random.Random(len(results))
        for won, n in results:
            practice(store, rng.choice(("cigar", "rebut", "sissy")), won=won, guesses=n)
        p = store.stats("p1", CLASSIC).practice
        wins = [won for won, _ in results]
        assert (p.played, p.wins) == (len(results), sum(wins))
        assert (p.current_streak, p.max_streak) == reference_streaks(wins)
        assert p.distribution == {
            k: sum(1 for w, n in results if w and n == k) for k in range(1, 7)
        }


# The cache of restored games -------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "words"),
    [
        (VARIANTS["quordle"].challenge(["cigar", "humor", "snake", "fruit"]),
         ["snake", "cigar", "humor", "fruit"]),  # boards solved on the way, then won
        (CLASSIC.challenge(["cigar"], mode="hard"), ["crane", "cigar"]),
        (VARIANTS["octordle"].practice(3), ["crane", "sloth", "pudgy"]),
        (VARIANTS["absurdle"].practice(None), ["crane", "smolt", "fudgy", "vivid"]),
    ],
)  # fmt: skip
def test_a_game_read_again_is_the_game_played(tmp_path: Path, game: Game, words: list[str]) -> None:
    """Every state of a game reads back as the game played in memory: from the cache, and
    restored from the rows by a store keeping nothing (a fixed host's game from its stored
    patterns, Absurdle's replayed)."""
    path = tmp_path / "g.sqlite3"
    cached = GameStore(path, WL)
    plain = GameStore(path, WL, cache=GameCache(entries=0))
    gid = cached.insert("p1", game, "challenge", None, None).id
    for word in words:
        game = game.guess(word)
        play_guess(cached, gid, "p1", word)
        a, b = cached.get(gid, "p1"), plain.get(gid, "p1")
        assert a is not None and b is not None and a.game == b.game == game, word
    assert len(plain.cache) == 0


def test_a_guess_written_by_another_store_is_never_hidden_by_the_cache(tmp_path: Path) -> None:
    """The web app and the terminal UI each keep a cache of the same file: a guess one of
    them stores changes what the other reads at once (the key is read from the rows)."""
    path = tmp_path / "g.sqlite3"
    web, tui = GameStore(path, WL), GameStore(path, WL)
    stored, _ = start_game(web, "p1", GameRequest(kind="practice", seed=3))
    assert web.get(stored.id, "p1").game.guesses == ()  # type: ignore[union-attr]
    play_guess(tui, stored.id, "p1", "crane")
    assert web.get(stored.id, "p1").game.guesses == ("crane",)  # type: ignore[union-attr]
    # a database put back from a backup and played differently: same count, another word
    conn = sqlite3.connect(path)
    conn.execute("DELETE FROM turns WHERE game_id = ?", (stored.id,))
    conn.execute("UPDATE games SET guesses = 0 WHERE id = ?", (stored.id,))
    conn.commit()
    conn.close()
    play_guess(tui, stored.id, "p1", "slate")
    assert web.get(stored.id, "p1").game.guesses == ("slate",)  # type: ignore[union-attr]


def test_the_cache_is_bounded_by_games_and_by_turns() -> None:
    octordle = VARIANTS["octordle"].practice(1)
    big = octordle.replay(["crane", "sloth", "pudgy"])  # 24 turns
    small = CLASSIC.practice(1).guess("crane")  # 1 turn
    cache = GameCache(entries=3, turns=60)
    for n in range(5):
        cache.put((f"s{n}", 1, "crane"), small)
    assert len(cache) == 3 and cache.get(("s0", 1, "crane")) is None  # the oldest went
    assert cache.get(("s2", 1, "crane")) is not None  # now the most recently used
    cache.put(("b0", 3, "pudgy"), big)
    cache.put(("b1", 3, "pudgy"), big)  # 2 * 25 + 2 = 52 turns, within 60 and 3 games
    assert len(cache) == 3 and cache.weight <= 60
    assert cache.get(("s2", 1, "crane")) is not None and cache.get(("s3", 1, "crane")) is None
    cache.put(("b2", 3, "pudgy"), big)  # 75 turns: the least recently used go
    assert cache.weight <= 60 and cache.get(("b2", 3, "pudgy")) is not None
    huge = GameCache(entries=10, turns=20)
    huge.put(("b", 3, "pudgy"), big)  # bigger than the whole cache: not kept
    assert len(huge) == 0
