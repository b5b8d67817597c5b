"""The games store as the players of the web app and the terminal UI meet it (issue 22): one
daily game a date (W9: no second try in another mode for a clean share; the TUI says so on its
message line), a big game's view always the stored one (B2:
served from the cache, never stale), the statistics of a player with many games (B3) and
abandoned games pruned while the app runs (W3)."""

from __future__ import annotations

import datetime as dt
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from textual.pilot import Pilot

from harness_tui import AppFactory, play_screen, run
from wordlekit.core.variants import variant_for
from wordlekit.core.words import WordList
from wordlekit.services.games import GameRequest, make_game, open_store, play_guess, start_game
from wordlekit.services.players import local_player_id
from wordlekit.services.pool import PoolConfig, WorkPool
from wordlekit.tui import WordleApp
from wordlekit.web.api import COOKIE, ServerSettings, create_app

WL = WordList.bundled()
DAY = "2024-03-01"


@pytest.fixture
def pool() -> Iterator[WorkPool]:
    """Workers never started (no lifespan: the clients are not entered): the routes here run
    no expensive work."""
    work = WorkPool(WL, PoolConfig(workers=1))
    try:
        yield work
    finally:
        work.close()


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture
def client(db: Path, pool: WorkPool) -> TestClient:
    return TestClient(create_app(db, WL, ServerSettings(), pool=pool))


def start(client: TestClient, **body: object) -> tuple[int, dict]:  # type: ignore[type-arg]
    r = client.post("/api/games", json=body)
    return r.status_code, r.json()


def test_the_daily_cannot_be_played_again_in_another_mode(client: TestClient) -> None:
    """The attack of W9: lose the daily, then start it in hard mode and win in one."""
    answer = make_game(GameRequest(kind="daily", date=DAY), WL).game.secret[0]
    status, game = start(client, kind="daily", date=DAY)
    assert status == 201
    wrong = [w for w in ("fuzzy", "jiffy", "pygmy", "mummy", "civic", "kayak") if w != answer]
    r = client.post(f"/api/games/{game['id']}/guesses", json={"guess": wrong[0], "turn": 1})
    assert r.status_code == 200
    status, refused = start(client, kind="daily", date=DAY, mode="hard")
    assert status == 409
    assert refused == {
        "error": "hard mode can only be chosen before the first guess: Wordle 986 is under way "
        "in normal mode"
    }
    for turn, word in enumerate(wrong[1:6], start=2):
        r = client.post(f"/api/games/{game['id']}/guesses", json={"guess": word, "turn": turn})
    assert r.json()["status"] == "lost"
    for mode in ("hard", "ultrahard"):
        status, refused = start(client, kind="daily", date=DAY, mode=mode)
        assert status == 409
        assert refused == {
            "error": "you have played Wordle 986 (lost): start a practice game to play again"
        }
    status, again = start(client, kind="daily", date=DAY)  # the game played, as it ended
    assert (
        status == 200 and again["id"] == game["id"] and again["share"].startswith("Wordle 986 X/6")
    )
    stats = client.get("/api/stats").json()["daily"]
    assert (stats["played"], stats["wins"]) == (1, 0)


def test_a_big_game_is_always_shown_as_stored(client: TestClient, db: Path) -> None:
    """A 32-board game is served from the cache of restored games, yet a guess stored by
    another program (the terminal UI on the same file) shows at once."""
    status, game = start(client, kind="practice", seed=11, boards=32, max_guesses=40)
    assert status == 201
    gid, player = game["id"], client.cookies[COOKIE].partition(".")[0]  # id.signature
    answers = make_game(
        GameRequest(None, kind="practice", seed=11, boards=32, max_guesses=40), WL
    ).game.secret
    words = [w for w in WL.answers if w not in answers][:12]
    for turn, word in enumerate(words[:10], start=1):
        r = client.post(f"/api/games/{gid}/guesses", json={"guess": word, "turn": turn})
        assert r.status_code == 200
    assert client.get(f"/api/games/{gid}").json() == r.json()
    other = open_store(db, WL)  # the terminal UI's store
    play_guess(other, gid, player, words[10])
    shown = client.get(f"/api/games/{gid}").json()
    assert shown["guesses"] == words[:11] and all(len(b["turns"]) == 11 for b in shown["boards"])
    r = client.post(f"/api/games/{gid}/guesses", json={"guess": words[11], "turn": 12})
    assert r.status_code == 200 and r.json()["guesses"] == words[:12]


def test_the_statistics_of_a_player_with_many_games(client: TestClient, db: Path) -> None:
    client.get("/api/stats")  # gets a player id
    player = client.cookies[COOKIE].partition(".")[0]  # the signed cookie: id.signature
    store = open_store(db, WL)
    classic = variant_for("classic")
    with store.transaction():
        for seed in range(400):  # won in 1 (even seeds) or lost (odd ones)
            game = classic.practice(seed, wordlist=WL)
            words = [game.secret[0]] if seed % 2 == 0 else list(_wrong(game.secret[0]))
            store.insert(player, game.replay(words), "practice", None, seed)
    practice = client.get("/api/stats").json()["practice"]
    assert (practice["played"], practice["wins"], practice["max_streak"]) == (400, 200, 1)
    assert practice["distribution"]["1"] == 200


def _wrong(answer: str) -> list[str]:
    return [
        w for w in ("fuzzy", "jiffy", "pygmy", "mummy", "civic", "kayak", "jazzy") if w != answer
    ][:6]


def test_abandoned_games_go_while_the_app_runs(db: Path, pool: WorkPool) -> None:
    client = TestClient(create_app(db, WL, ServerSettings(), pool=pool))
    status, old = start(client, kind="practice", seed=1)
    assert status == 201
    month_ago = (dt.datetime.now(dt.UTC) - dt.timedelta(days=31)).isoformat()
    conn = sqlite3.connect(db)
    conn.execute("UPDATE games SET touched_at = ?", (month_ago,))
    conn.commit()
    conn.close()
    for seed in range(2, 34):  # every 32nd game stored deletes a batch of abandoned ones
        assert start(client, kind="practice", seed=seed)[0] == 201
    r = client.get(f"/api/games/{old['id']}")
    assert r.status_code == 404 and r.json() == {"error": "no such game"}


def test_the_terminal_ui_says_a_daily_played_is_refused(
    make_app: AppFactory, db: Path, tui_data_dir: Path
) -> None:
    """``wordle tui --daily 2024-03-01 --hard`` after winning that daily in normal mode: the
    refusal is the message line, and the keys go on working (a new practice game)."""
    store = open_store(db, WL)
    player = local_player_id()
    stored, _ = start_game(store, player, GameRequest(kind="daily", date=DAY))
    play_guess(store, stored.id, player, stored.game.secret[0])
    app = make_app(daily=DAY, mode="hard")

    async def scenario(app: WordleApp, pilot: Pilot[None]) -> None:
        screen = play_screen(app)
        assert screen.message == (
            "You have played Wordle 986 (won in 1): start a practice game to play again"
        )
        assert screen.query_one("#message").has_class("-error")
        await pilot.press("c", "r", "enter", "ctrl+n")
        await pilot.pause()
        assert screen.stored is not None and screen.stored.kind == "practice"

    run(app, scenario)
