"""Absurdle over HTTP: games through the one set of game routes (the host's words, the target
of a challenge, a win, a lost challenge) and the solver from a position in the pool."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from wordlekit.services.games import GameRequest, make_game
from wordlekit.web.api import create_app


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = Path(tmp_path_factory.mktemp("absurdle")) / "games.sqlite3"
    with TestClient(create_app(db)) as c:
        yield c


def play(client: TestClient, words: list[str], **body: Any) -> dict[str, Any]:
    r = client.post("/api/games", json={"variant": "absurdle", "kind": "practice", **body})
    assert r.status_code == 201, r.text
    view: dict[str, Any] = r.json()
    for turn, w in enumerate(words, start=1):
        r = client.post(f"/api/games/{view['id']}/guesses", json={"guess": w, "turn": turn})
        assert r.status_code == 200, r.text
        view = r.json()
    return view


def test_a_game_shows_the_hosts_words_and_is_won(client: TestClient) -> None:
    view = play(client, [])
    assert view["host_words"] == 2315 and view["guesses_left"] is None
    view = play(client, ["arise", "scold", "bungy"])
    turns = view["boards"][0]["turns"]
    assert [t["letters"] for t in turns] == ["bbbbb", "bbybb", "bbbbb"]
    assert view["host_words"] == 1 and view["host_sample"] == ["motto"]
    assert view["status"] == "playing"
    view = play(client, ["arise", "scold", "bungy", "motto"])
    assert view["status"] == "won" and view["share"].startswith("Absurdle 4/∞")


def test_bad_input_is_a_4xx_with_a_message(client: TestClient) -> None:
    g = play(client, [])
    gid = g["id"]
    for word, match in [("zzzzz", "ZZZZZ"), ("cra", "CRA")]:
        r = client.post(f"/api/games/{gid}/guesses", json={"guess": word})
        assert r.status_code == 422 and match in r.json()["error"], r.text
    hard = play(client, ["arise", "scold"], mode="hard")
    r = client.post(f"/api/games/{hard['id']}/guesses", json={"guess": "bungy"})
    assert r.status_code == 422 and r.json()["error"].startswith("Hard mode: "), r.text
    cases: list[tuple[dict[str, Any], str]] = [
        ({"guesses": ["zzzzz"]}, "ZZZZZ"),
        ({"guesses": ["arise", "scold", "bungy"], "mode": "hard"}, "O"),
        ({"guesses": ["crane"], "target": "qqqqq"}, "QQQQQ"),
        ({"guesses": ["crane"] * 31}, "guesses"),
        ({"guesses": "crane"}, "guesses"),
        ({"guesses": [], "extra": 1}, "extra"),
        ({"guesses": [], "hard": True}, "hard"),
        ({"guesses": [], "limit": 99}, "limit"),
    ]
    for body, match in cases:
        r = client.post("/api/absurdle/solve", json=body)
        assert 400 <= r.status_code < 500, (body, r.status_code, r.text)
        assert match in r.json()["error"], (body, r.json())


def test_a_challenge_has_its_target_and_is_lost_when_the_target_goes(client: TestClient) -> None:
    r = client.post(
        "/api/games", json={"variant": "absurdle", "kind": "challenge", "answers": ["cigar"]}
    )
    view = r.json()
    assert view["target"] == "cigar" and view["label"]
    r = client.post(f"/api/games/{view['id']}/guesses", json={"guess": "crane"})
    lost = r.json()
    assert lost["status"] == "lost" and "CIGAR" in lost["outcome"]["message"]
    seeded = play(client, [], seed=5)  # a seeded practice game is a challenge too
    target = make_game(GameRequest(variant="absurdle", kind="practice", seed=5)).game
    assert seeded["target"] == target.target_word()


def test_the_solver_runs_in_the_pool(client: TestClient) -> None:
    r = client.post("/api/absurdle/solve", json={"guesses": ["arise"]})
    assert r.status_code == 200, r.text
    data = r.json()
    assert data["proof"]["minimum"] == 3 and data["game"]["host_words"] == 168
    assert data["game"]["boards"][0]["answer"] is None  # the position as its player sees it
    line = [t["guess"] for t in data["proof"]["line"]["turns"]]
    assert play(client, ["arise", *line])["status"] == "won"
    r = client.post("/api/absurdle/solve", json={"guesses": ["arise", "scold"], "limit": 1})
    first = r.json()["first_guesses"]
    (win,) = first["wins"]
    assert first["depth"] == 2 and [t["guess"] for t in win["turns"]] == ["bungy", "motto"]
    r = client.post("/api/absurdle/solve", json={"guesses": [], "mode": "hard"})
    assert r.status_code == 200 and r.json()["proof"]["minimum"] == 4
