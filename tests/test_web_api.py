"""The HTTP API: every endpoint and every error."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from wordlekit.core.feedback import score
from wordlekit.core.game import Game
from wordlekit.core.words import WordList
from wordlekit.store.games import Store
from wordlekit.web.api import COOKIE, create_app

ORIGINAL = WordList.bundled()


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    with TestClient(create_app(db)) as c:
        yield c


def new_game(client: TestClient, **body: object) -> dict:  # type: ignore[type-arg]
    r = client.post("/api/games", json={"mode": "practice", "seed": 7, **body})
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]


def answer_of(seed: int) -> str:
    return Game.practice(seed).answer


def guess(client: TestClient, gid: str, word: str) -> httpx.Response:
    return client.post(f"/api/games/{gid}/guesses", json={"guess": word})


def test_new_game_hides_the_answer(client: TestClient) -> None:
    g = new_game(client)
    assert g["status"] == "playing" and g["turns"] == [] and g["max_guesses"] == 6
    assert g["length"] == 5 and g["mode"] == "practice"
    assert "answer" not in g and "share" not in g
    r = client.get(f"/api/games/{g['id']}")
    assert r.status_code == 200 and "answer" not in r.json()
    assert answer_of(7) not in r.text


def test_cookie_is_httponly_and_samesite(db: Path) -> None:
    with TestClient(create_app(db)) as c:
        r = c.get("/api/stats")
        cookie = r.headers["set-cookie"]
        assert cookie.startswith(f"{COOKIE}=") and "HttpOnly" in cookie
        assert "samesite=lax" in cookie.lower()
        # the same player keeps the cookie: no new one is set
        assert "set-cookie" not in c.get("/api/stats").headers


def test_a_whole_game(client: TestClient) -> None:
    g = new_game(client)
    answer = answer_of(7)
    first = "crane" if answer != "crane" else "slate"
    r = guess(client, g["id"], first)
    assert r.status_code == 200
    state = r.json()
    assert state["turns"][0]["guess"] == first
    assert state["turns"][0]["pattern"] == score(first, answer)
    assert len(state["turns"][0]["emoji"]) == 5
    assert set(state["keyboard"]) == set(first)
    assert "answer" not in state
    r = guess(client, g["id"], answer.upper())
    won = r.json()
    assert won["status"] == "won" and won["answer"] == answer
    assert won["share"].startswith("wordlekit practice #7 2/6")
    again = guess(client, g["id"], "crane")
    assert again.status_code == 409 and "over" in again.json()["error"]


def test_invalid_word_uses_no_turn(client: TestClient) -> None:
    g = new_game(client)
    for bad in ["xxxxx", "cran", "cr4ne", ""]:
        r = guess(client, g["id"], bad)
        assert r.status_code == 422, bad
        assert "error" in r.json()
    assert client.get(f"/api/games/{g['id']}").json()["turns"] == []


def test_hard_mode_violation(client: TestClient) -> None:
    g = client.post("/api/games", json={"mode": "daily", "date": "2021-06-19", "hard": True})
    assert g.status_code == 201
    gid = g.json()["id"]
    assert guess(client, gid, "crane").status_code == 200  # CIGAR: C green
    r = guess(client, gid, "salty")
    assert r.status_code == 422 and r.json()["error"] == "Hard mode: 1st letter must be C"
    assert len(client.get(f"/api/games/{gid}").json()["turns"]) == 1


def test_loss_reveals_the_answer(client: TestClient) -> None:
    g = new_game(client, seed=11)
    for _ in range(6):
        state = guess(client, g["id"], "fuzzy").json()
    assert state["status"] == "lost" and state["answer"] == answer_of(11)
    assert "X/6" in state["share"]


def test_daily_is_one_game_per_day(client: TestClient) -> None:
    a = client.post("/api/games", json={"mode": "daily", "date": "2022-02-15"})
    b = client.post("/api/games", json={"mode": "daily", "date": "2022-02-15"})
    assert a.status_code == 201 and b.status_code == 200
    assert a.json()["id"] == b.json()["id"] and a.json()["label"] == "Wordle 241"


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        ({"mode": "weekly"}, "mode"),
        ({"mode": "daily", "date": "2019-01-01"}, "before the first"),
        ({"mode": "daily", "date": "soon"}, "bad date"),
        ({"mode": "daily", "seed": 3}, "not a seed"),
        ({"mode": "daily", "date": "2099-01-01"}, "not out yet"),
        ({"mode": "practice", "date": "2022-01-01"}, "not a date"),
        ({"mode": "practice", "seed": -1}, "seed"),
        ({"mode": "practice", "hard": "very"}, "hard"),
    ],
)
def test_new_game_errors(client: TestClient, body: dict, fragment: str) -> None:  # type: ignore[type-arg]
    r = client.post("/api/games", json=body)
    assert r.status_code == 422
    assert fragment in r.json()["error"]


def test_malformed_requests(client: TestClient) -> None:
    r = client.post(
        "/api/games", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert r.status_code == 422 and "error" in r.json()
    g = new_game(client)
    r = client.post(f"/api/games/{g['id']}/guesses", json={})
    assert r.status_code == 422 and "guess" in r.json()["error"]
    r = client.post(f"/api/games/{g['id']}/guesses", json={"guess": "a" * 100})
    assert r.status_code == 422


def test_unknown_and_foreign_games(db: Path) -> None:
    with TestClient(create_app(db)) as alice, TestClient(create_app(db)) as bob:
        g = new_game(alice)
        assert alice.get("/api/games/nope").json() == {"error": "no such game"}
        assert alice.get("/api/games/nope").status_code == 404
        assert bob.get(f"/api/games/{g['id']}").status_code == 404  # not bob's game
        assert guess(bob, g["id"], "crane").status_code == 404
        assert client_404(alice, "/api/nothing-here")


def client_404(c: TestClient, path: str) -> bool:
    r = c.get(path)
    return r.status_code == 404 and "error" in r.json()


def test_stats_survive_a_restart(db: Path) -> None:
    with TestClient(create_app(db)) as c:
        for seed in (1, 2):
            g = new_game(c, seed=seed)
            guess(c, g["id"], answer_of(seed))
        g = new_game(c, seed=3)
        for _ in range(6):
            guess(c, g["id"], "fuzzy")
        g = new_game(c, seed=4)
        guess(c, g["id"], "crane" if answer_of(4) != "crane" else "slate")
        guess(c, g["id"], answer_of(4))
        stats = c.get("/api/stats").json()
        cookie = c.cookies.get(COOKIE)
    assert stats["played"] == 4 and stats["wins"] == 3 and stats["win_percent"] == 75
    assert stats["current_streak"] == 1 and stats["max_streak"] == 2
    assert stats["distribution"]["1"] == 2 and stats["distribution"]["2"] == 1
    with TestClient(create_app(db), cookies={COOKIE: cookie}) as again:
        assert again.get("/api/stats").json() == stats


def test_hint_counts(client: TestClient) -> None:
    g = new_game(client)
    r = client.post(f"/api/games/{g['id']}/hint")
    assert r.status_code == 200 and r.json()["suggestion"]["word"] == "soare"
    assert client.get(f"/api/games/{g['id']}").json()["hints"] == 1
    assert client.post(f"/api/games/{g['id']}/hint?strategy=magic").status_code == 422


def test_assist(client: TestClient) -> None:
    body = {"turns": [{"guess": "crane", "pattern": "bbygb"}], "strategy": "entropy", "top": 5}
    r = client.post("/api/assist", json=body)
    assert r.status_code == 200
    data = r.json()
    assert data["remaining"] == 20 and len(data["candidates"]) == 20
    assert len(data["suggestions"]) == 5
    assert {"word", "score", "parts", "largest", "expected", "bits", "can_win"} <= set(
        data["suggestions"][0]
    )
    assert data["steps"][0]["before"] == 2315 and data["steps"][0]["after"] == 20
    assert any("N at 4" in line for line in data["knowledge"]["summary"])
    empty = client.post("/api/assist", json={}).json()
    assert empty["remaining"] == 2315 and len(empty["candidates"]) == 200
    emoji = client.post(
        "/api/assist", json={"turns": [{"guess": "crane", "pattern": "⬛⬛🟨🟩⬛"}]}
    )
    assert emoji.json()["remaining"] == 20
    as_int = client.post("/api/assist", json={"turns": [{"guess": "crane", "pattern": 63}]})
    assert as_int.json()["remaining"] == 20


@pytest.mark.parametrize(
    ("turns", "strategy", "fragment"),
    [
        (
            [{"guess": "crane", "pattern": "bbbbb"}, {"guess": "plant", "pattern": "ggggg"}],
            "entropy",
            "turn 2",
        ),
        ([{"guess": "crane", "pattern": "bbzgb"}], "entropy", "bad tile"),
        ([{"guess": "xxxxx", "pattern": "bbbbb"}], "entropy", "not in the original word list"),
        ([{"guess": "crane"}], "entropy", "pattern"),
        ([], "magic", "unknown strategy"),
    ],
)
def test_assist_errors(client: TestClient, turns: list, strategy: str, fragment: str) -> None:  # type: ignore[type-arg]
    r = client.post("/api/assist", json={"turns": turns, "strategy": strategy})
    assert r.status_code == 422
    assert fragment in r.json()["error"]


def test_solve(client: TestClient) -> None:
    r = client.post("/api/solve", json={"answer": "cigar", "strategy": "entropy", "start": "salet"})
    data = r.json()
    assert data["solved"] and [t["guess"] for t in data["turns"]][-1] == "cigar"
    assert [t["remaining"] for t in data["turns"]] == [102, 8, 1, 1]
    assert data["turns"][0]["letters"] == "bybbb"
    assert client.post("/api/solve", json={"answer": "xxxxx"}).status_code == 422
    assert client.post("/api/solve", json={"answer": "cigar", "strategy": "no"}).status_code == 422
    names = [s["name"] for s in client.get("/api/strategies").json()]
    assert "entropy" in names and "optimal" in names


def test_docs_and_openapi_work_offline(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    assert "/api/games" in spec["paths"] and "/api/assist" in spec["paths"]
    html = client.get("/docs").text
    assert "/docs-assets/swagger-ui-bundle.js" in html
    assert "cdn" not in html.lower()
    assert client.get("/docs-assets/swagger-ui-bundle.js").status_code == 200


def test_index_page(client: TestClient) -> None:
    r = client.get("/")
    assert r.status_code == 200 and "text/html" in r.headers["content-type"]
    assert "https://" not in r.text  # nothing from the internet


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _start(db: Path, port: int) -> subprocess.Popen:  # type: ignore[type-arg]
    wordle = Path(sys.executable).with_name("wordle")
    proc = subprocess.Popen(
        [str(wordle), "serve", "--port", str(port), "--db", str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=dict(os.environ),
    )
    for _ in range(300):
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/strategies", timeout=1)
            return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError(proc.stderr.read().decode() if proc.stderr else "server did not start")


def test_killed_server_loses_nothing(db: Path) -> None:
    port = _free_port()
    proc = _start(db, port)
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}") as c:
            g = c.post("/api/games", json={"mode": "practice", "seed": 5}).json()
            c.post(f"/api/games/{g['id']}/guesses", json={"guess": answer_of(5)})
            stats = c.get("/api/stats").json()
            cookie = c.cookies.get(COOKIE)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    assert stats["played"] == 1
    port = _free_port()
    proc = _start(db, port)
    try:
        r = httpx.get(f"http://127.0.0.1:{port}/api/stats", cookies={COOKIE: cookie})
        assert r.json() == stats
        r = httpx.get(f"http://127.0.0.1:{port}/api/games/{g['id']}", cookies={COOKIE: cookie})
        assert r.json()["status"] == "won"
    finally:
        proc.terminate()
        proc.wait()
    assert Store(db, ORIGINAL).count_finished() == 1
    assert json.loads(json.dumps(stats))  # plain JSON


def test_review(client: TestClient) -> None:
    body = {
        "turns": [
            {"guess": "crane", "pattern": "bbggb"},
            {"guess": "moist", "pattern": "bbybg"},
            {"guess": "giant", "pattern": "ggggg"},
        ]
    }
    r = client.post("/api/review", json=body)
    assert r.status_code == 200
    data = r.json()
    assert data["solved"] and data["answer"] == "giant" and len(data["turns"]) == 3
    for t in data["turns"]:
        assert {
            "remaining_before",
            "remaining_after",
            "bits",
            "best_bits",
            "best_guess",
            "skill",
            "luck",
        } <= set(t)
    assert "GIANT" in data["summary"]
    same = client.post(
        "/api/review", json={"answer": "giant", "guesses": ["crane", "moist", "giant"]}
    )
    assert same.json()["turns"] == data["turns"]


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        ({}, "give turns"),
        (
            {
                "turns": [
                    {"guess": "crane", "pattern": "bbbbb"},
                    {"guess": "plant", "pattern": "ggggg"},
                ]
            },
            "turn 2",
        ),
        ({"answer": "giant", "guesses": ["crane", "zz"]}, "turn 2"),
        ({"answer": "xxxxx", "guesses": ["crane"]}, "not in the original word list"),
    ],
)
def test_review_errors(client: TestClient, body: dict, fragment: str) -> None:  # type: ignore[type-arg]
    r = client.post("/api/review", json=body)
    assert r.status_code == 422 and fragment in r.json()["error"]


def test_review_of_a_played_game(client: TestClient) -> None:
    g = new_game(client)
    assert client.get(f"/api/games/{g['id']}/review").status_code == 409
    guess(client, g["id"], "crane" if answer_of(7) != "crane" else "slate")
    guess(client, g["id"], answer_of(7))
    r = client.get(f"/api/games/{g['id']}/review")
    assert r.status_code == 200 and r.json()["answer"] == answer_of(7)
