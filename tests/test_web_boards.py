"""Games of several boards through the one set of game routes (guesses, no answer before the
end, statistics per variant), and the multi-board helper and bot through the work pool."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from harness_web import answers_of
from wordlekit.core.feedback import format_pattern, score
from wordlekit.web.api import create_app


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db: Path = tmp_path_factory.mktemp("boards") / "games.sqlite3"
    with TestClient(create_app(db)) as c:
        yield c


def test_a_whole_quordle_game_without_leaks(client: TestClient) -> None:
    body = {"variant": "quordle", "kind": "practice", "seed": 5}
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    g = r.json()
    answers = answers_of("quordle", 5)
    assert g["status"] == "playing" and len(g["boards"]) == 4 and g["guesses_left"] == 9
    for a in answers:
        assert a not in r.text
    gid = g["id"]
    bad = client.post(f"/api/games/{gid}/guesses", json={"guess": "xxxxx"})
    assert bad.status_code == 422 and "Not in word list" in bad.json()["error"]
    r = client.post(f"/api/games/{gid}/guesses", json={"guess": answers[0], "turn": 1})
    view = r.json()
    assert view["boards"][0]["answer"] == answers[0] and view["boards"][0]["solved_at"] == 1
    for a in answers[1:]:
        assert a not in r.text
    row = view["boards"][1]["turns"][0]
    assert row["pattern"] == score(answers[0], answers[1])
    assert row["letters"] == format_pattern(row["pattern"], 5, "letters")
    # a board's keyboard: its letters' best tiles, by name
    assert set(view["boards"][1]["keyboard"].values()) <= {"green", "yellow", "gray"}
    for turn, a in enumerate(answers[1:], start=2):
        r = client.post(f"/api/games/{gid}/guesses", json={"guess": a, "turn": turn})
    done = r.json()
    assert done["status"] == "won" and done["outcome"]["answers"] == list(answers)
    assert done["outcome"]["message"] == "Solved all 4 boards in 4/9."
    assert done["share"].startswith("Practice Quordle #5\n1️⃣2️⃣\n3️⃣4️⃣")
    over = client.post(f"/api/games/{gid}/guesses", json={"guess": "crane"})
    assert over.status_code == 409
    stats = client.get("/api/stats", params={"variant": "quordle"}).json()
    assert stats["practice"]["played"] == 1 and stats["practice"]["distribution"]["4"] == 1
    octordle = client.get("/api/stats", params={"variant": "octordle"}).json()
    assert octordle["practice"]["played"] == 0


def test_a_lost_game_names_the_boards_missed(client: TestClient) -> None:
    g = client.post("/api/games", json={"variant": "dordle", "kind": "practice", "seed": 8}).json()
    answers = answers_of("dordle", 8)
    words = [w for w in ("fuzzy", "jumpy", "vivid", "kayak", "mamma", "puppy", "civic", "nanny")
             if w not in answers][:7]  # fmt: skip
    for turn, w in enumerate(words, start=1):
        view = client.post(f"/api/games/{g['id']}/guesses", json={"guess": w, "turn": turn}).json()
    assert view["status"] == "lost" and view["guesses_left"] == 0
    assert [b["answer"] for b in view["boards"]] == list(answers)
    assert "Missed" in view["outcome"]["message"]


def test_daily_is_one_game_and_unknown_ids_are_404(client: TestClient) -> None:
    first = client.post("/api/games", json={"boards": 8, "kind": "daily"})
    again = client.post("/api/games", json={"variant": "octordle", "kind": "daily"})
    assert first.status_code == 201 and again.status_code == 200
    assert first.json()["id"] == again.json()["id"]
    assert first.json()["variant"]["name"] == "octordle"
    assert client.get("/api/games/nope").status_code == 404
    bad = client.post("/api/games", json={"boards": 99, "kind": "practice"})
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
    play = r.json()["play"]
    assert play["won"] and play["answers"] == answers and len(r.json()["rows"]) == play["turns"]
    last = r.json()["rows"][-1]
    assert last["guess"] == play["guesses"][-1]
    assert [c and c["letters"] for c in last["boards"]].count("ggggg") == 1
    bad = client.post(
        "/api/boards/assist",
        json={"boards": 2, "guesses": ["crane"], "patterns": [["ggggy"], ["bbbbb"]]},
    )
    assert bad.status_code == 422
    absurd = client.post("/api/boards/assist", json={"variant": "absurdle"})
    assert absurd.status_code == 422 and "fixed answers" in absurd.json()["error"]
    strategies = client.get("/api/strategies", params={"boards": 4}).json()
    assert strategies and all({"name", "summary"} <= set(s) for s in strategies)
    names = [s["name"] for s in strategies]
    assert "optimal" not in names  # the exact search is for one board
    r = client.post("/api/boards/solve", json={"answers": answers, "strategy": "optimal"})
    assert r.status_code == 422 and "optimal" in r.json()["error"]
