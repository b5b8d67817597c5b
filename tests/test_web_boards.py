"""The multi-board API: games, guesses, no answer before the end, statistics per variant,
the helper and the bot through the work pool."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from wordlekit.core.boards import practice_answers, variant_for
from wordlekit.core.feedback import format_pattern, score
from wordlekit.core.words import WordList
from wordlekit.web.api import create_app

ORIGINAL = WordList.bundled()


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db: Path = tmp_path_factory.mktemp("boards") / "games.sqlite3"
    with TestClient(create_app(db)) as c:
        yield c


def test_variants(client: TestClient) -> None:
    data = client.get("/api/boards/variants").json()
    assert [v["name"] for v in data["variants"]][:3] == ["dordle", "quordle", "octordle"]
    assert data["default_strategy"] in {s["name"] for s in data["strategies"]}


def test_a_whole_quordle_game_without_leaks(client: TestClient) -> None:
    r = client.post("/api/boards/games", json={"variant": "quordle", "mode": "practice", "seed": 5})
    assert r.status_code == 201, r.text
    g = r.json()
    answers = practice_answers(variant_for("quordle"), 5, ORIGINAL)
    assert g["status"] == "playing" and len(g["boards"]) == 4 and g["guesses_left"] == 9
    for a in answers:
        assert a not in r.text
    gid = g["id"]
    bad = client.post(f"/api/boards/games/{gid}/guesses", json={"guess": "xxxxx"})
    assert bad.status_code == 422 and "Not in word list" in bad.json()["error"]
    r = client.post(f"/api/boards/games/{gid}/guesses", json={"guess": answers[0], "turn": 1})
    view = r.json()
    assert view["boards"][0]["answer"] == answers[0] and view["boards"][0]["solved_at"] == 1
    for a in answers[1:]:
        assert a not in r.text
    row = view["boards"][1]["rows"][0]
    assert row["pattern"] == score(answers[0], answers[1])
    for turn, a in enumerate(answers[1:], start=2):
        r = client.post(f"/api/boards/games/{gid}/guesses", json={"guess": a, "turn": turn})
    done = r.json()
    assert done["status"] == "won" and done["answers"] == list(answers)
    assert done["share"].startswith("Practice Quordle #5\n1️⃣2️⃣\n3️⃣4️⃣")
    over = client.post(f"/api/boards/games/{gid}/guesses", json={"guess": "crane"})
    assert over.status_code == 409
    stats = client.get("/api/boards/stats", params={"variant": "quordle"}).json()
    assert stats["played"] == 1 and stats["wins"] == 1 and stats["distribution"] == {"4": 1}
    assert client.get("/api/boards/stats", params={"variant": "octordle"}).json()["played"] == 0


def test_daily_is_one_game_and_unknown_ids_are_404(client: TestClient) -> None:
    first = client.post("/api/boards/games", json={"boards": 8, "mode": "daily"})
    again = client.post("/api/boards/games", json={"variant": "octordle", "mode": "daily"})
    assert first.status_code == 201 and again.status_code == 200
    assert first.json()["id"] == again.json()["id"]
    assert client.get("/api/boards/games/nope").status_code == 404
    bad = client.post("/api/boards/games", json={"boards": 99, "mode": "practice"})
    assert bad.status_code == 422


def test_assist_and_solve(client: TestClient) -> None:
    answers = ["cigar", "humor", "snake", "fruit"]
    pats = [[format_pattern(score("crane", a), 5, "letters")] for a in answers]
    r = client.post(
        "/api/boards/assist",
        json={"variant": "quordle", "guesses": ["crane"], "patterns": pats, "top": 3},
    )
    assert r.status_code == 200, r.text
    data = r.json()
    assert all(a in b["words"] for a, b in zip(answers, data["boards"], strict=True))
    assert len(data["suggestions"]) == 3
    r = client.post("/api/boards/solve", json={"answers": answers})
    assert r.status_code == 200, r.text
    assert r.json()["won"]
    bad = client.post(
        "/api/boards/assist",
        json={"boards": 2, "guesses": ["crane"], "patterns": [["ggggy"], ["bbbbb"]]},
    )
    assert bad.status_code == 422
