"""The Absurdle API: a game replayed from its guesses, the solver in the pool, bad input."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from wordlekit.core.absurdle import AbsurdleGame
from wordlekit.core.game import Status
from wordlekit.web.api import create_app


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = Path(tmp_path_factory.mktemp("absurdle")) / "games.sqlite3"
    with TestClient(create_app(db)) as c:
        yield c


def test_a_game_is_replayed_from_its_guesses(client: TestClient) -> None:
    r = client.post("/api/absurdle/play", json={"guesses": []})
    assert r.status_code == 200 and r.json()["remaining"] == 2315
    r = client.post("/api/absurdle/play", json={"guesses": ["arise", "scold", "bungy"]})
    data = r.json()
    assert [t["letters"] for t in data["turns"]] == ["bbbbb", "bbybb", "bbbbb"]
    assert data["remaining"] == 1 and data["words"] == ["motto"] and data["status"] == "playing"
    r = client.post("/api/absurdle/play", json={"guesses": ["arise", "scold", "bungy", "motto"]})
    data = r.json()
    assert data["status"] == "won" and data["share"].startswith("Absurdle 4/∞")


def test_bad_input_is_a_4xx_with_a_message(client: TestClient) -> None:
    cases = [
        ({"guesses": ["zzzzz"]}, "ZZZZZ"),
        ({"guesses": ["arise", "scold", "bungy"], "hard": True}, "O"),
        ({"guesses": ["crane"], "target": "qqqqq"}, "QQQQQ"),
        ({"guesses": ["crane"] * 31}, "guesses"),
        ({"guesses": "crane"}, "guesses"),
        ({"guesses": [], "extra": 1}, "extra"),
    ]
    for body, match in cases:
        r = client.post("/api/absurdle/play", json=body)
        assert 400 <= r.status_code < 500, (body, r.status_code, r.text)
        assert match in r.json()["error"], (body, r.json())
    r = client.post("/api/absurdle/solve", json={"guesses": [], "limit": 99})
    assert r.status_code == 422 and "limit" in r.json()["error"]


def test_a_lost_challenge_is_reported(client: TestClient) -> None:
    r = client.post("/api/absurdle/play", json={"guesses": ["crane"], "target": "cigar"})
    assert r.json()["status"] == "lost" and "CIGAR" in r.json()["outcome"]


def test_the_solver_runs_in_the_pool(client: TestClient) -> None:
    r = client.post("/api/absurdle/solve", json={"guesses": ["arise"]})
    assert r.status_code == 200, r.text
    data = r.json()
    assert data["proof"]["minimum"] == 3
    line = [t["guess"] for t in data["proof"]["line"]]
    assert AbsurdleGame.replay(["arise", *line]).status is Status.WON
    r = client.post("/api/absurdle/solve", json={"guesses": ["arise", "scold"], "limit": 1})
    first = r.json()["first_guesses"]
    assert first["count"] == 1 and first["wins"][0]["line"] == ["bungy", "motto"]
    r = client.post("/api/absurdle/solve", json={"guesses": []})
    assert r.status_code == 200 and r.json()["proof"]["minimum"] == 4
