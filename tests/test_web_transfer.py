"""Stats that move with you, on the web API (issue 26): a code from one device claimed on
another moves the games (the stats count them there, none are left behind), the refusals
(own code, wrong code, spent code, 429 after wrong tries), the export download and its
import (idempotent; hostile files refused whole)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from wordlekit.core.words import WordList
from wordlekit.web.api import create_app

ORIGINAL = WordList.bundled()
DAY = "2024-01-02"
ANSWER = ORIGINAL.daily_answer(DAY)


@pytest.fixture
def two(tmp_path: Path) -> Iterator[tuple[TestClient, TestClient]]:
    """Two devices (two cookie jars) on one server."""
    db = tmp_path / "games.sqlite3"
    with TestClient(create_app(db)) as alice, TestClient(create_app(db)) as bob:
        yield alice, bob


def win_daily(client: TestClient, day: str = DAY, *guesses: str) -> dict:  # type: ignore[type-arg]
    r = client.post("/api/games", json={"kind": "daily", "date": day})
    assert r.status_code in (200, 201), r.text
    game = r.json()
    for word in (*guesses, ORIGINAL.daily_answer(day)):
        r = client.post(f"/api/games/{game['id']}/guesses", json={"guess": word})
        assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def daily(client: TestClient) -> dict:  # type: ignore[type-arg]
    r = client.get("/api/stats")
    assert r.status_code == 200, r.text
    return r.json()["daily"]  # type: ignore[no-any-return]


def code_of(client: TestClient) -> str:
    r = client.post("/api/stats/transfer")
    assert r.status_code == 201, r.text
    body = r.json()
    assert 0 < body["expires_in"] <= 600
    return body["code"]  # type: ignore[no-any-return]


def test_a_code_from_one_device_moves_the_games_to_the_other(
    two: tuple[TestClient, TestClient],
) -> None:
    alice, bob = two
    win_daily(alice, DAY, "crane")
    win_daily(alice, "2024-01-03")
    assert daily(alice)["played"] == 2
    code = code_of(alice)
    assert len(code) == 9 and code[4] == "-"

    r = bob.post("/api/stats/claim", json={"code": code.lower().replace("-", " ")})
    assert r.status_code == 200, r.text
    assert r.json() == {"moved": 2, "dropped": 0}
    assert daily(bob)["played"] == 2 and daily(bob)["wins"] == 2
    assert daily(bob)["distribution"]["2"] == 1
    assert daily(alice)["played"] == 0

    again = bob.post("/api/stats/claim", json={"code": code})
    assert again.status_code == 422 and "no such transfer code" in again.json()["error"]


def test_claiming_merges_and_a_daily_both_played_is_kept_once(
    two: tuple[TestClient, TestClient],
) -> None:
    alice, bob = two
    win_daily(alice, DAY, "crane", "slate")  # won in 3 on alice's device
    r = bob.post("/api/games", json={"kind": "daily", "date": DAY})  # in progress on bob's
    bob.post(f"/api/games/{r.json()['id']}/guesses", json={"guess": "crane"})
    win_daily(bob, "2024-01-05")
    r = bob.post("/api/stats/claim", json={"code": code_of(alice)})
    assert r.json() == {"moved": 1, "dropped": 1}  # the finished game beats the open one
    stats = daily(bob)
    assert stats["played"] == 2 and stats["distribution"]["3"] == 1


def test_own_code_is_refused_and_stays_live(two: tuple[TestClient, TestClient]) -> None:
    alice, bob = two
    win_daily(alice)
    code = code_of(alice)
    r = alice.post("/api/stats/claim", json={"code": code})
    assert r.status_code == 422 and "your own" in r.json()["error"]
    assert bob.post("/api/stats/claim", json={"code": code}).json()["moved"] == 1


def test_a_new_code_replaces_the_old(two: tuple[TestClient, TestClient]) -> None:
    alice, bob = two
    win_daily(alice)
    old, new = code_of(alice), code_of(alice)
    assert bob.post("/api/stats/claim", json={"code": old}).status_code == 422
    assert bob.post("/api/stats/claim", json={"code": new}).status_code == 200


def test_ten_wrong_codes_an_hour_then_429(two: tuple[TestClient, TestClient]) -> None:
    alice, bob = two
    win_daily(alice)
    code = code_of(alice)
    for _ in range(10):
        r = bob.post("/api/stats/claim", json={"code": "ZZZZ-ZZZZ"})
        assert r.status_code == 422
    r = bob.post("/api/stats/claim", json={"code": code})  # even the right one now
    assert r.status_code == 429 and int(r.headers["Retry-After"]) > 0
    assert "wrong transfer codes" in r.json()["error"]


def test_malformed_codes_are_422(two: tuple[TestClient, TestClient]) -> None:
    _, bob = two
    for code in ("", "ABC", "ABCD-EFGU", "x" * 41):
        r = bob.post("/api/stats/claim", json={"code": code})
        assert r.status_code == 422, code


def test_export_download_and_import_on_another_device(
    two: tuple[TestClient, TestClient],
) -> None:
    alice, bob = two
    win_daily(alice, DAY, "crane")
    r = alice.post("/api/games", json={"kind": "practice", "seed": 7})  # in progress: left out
    alice.post(f"/api/games/{r.json()['id']}/guesses", json={"guess": "crane"})
    r = alice.get("/api/stats/export")
    assert r.status_code == 200
    assert r.headers["content-disposition"].startswith("attachment")
    file = r.json()
    assert file["format"] == "wordlekit-games" and file["version"] == 1
    assert [g["day"] for g in file["games"]] == [DAY]
    game = file["games"][0]
    assert game["guesses"] == ["crane", ANSWER] and game["answers"] == [ANSWER]
    assert game["feedback"][-1] == ["ggggg"] and game["number"] == 927

    r = bob.post("/api/stats/import", json=file)
    assert r.status_code == 200 and r.json() == {"games": 1, "added": 1, "skipped": 0}
    assert bob.post("/api/stats/import", json=file).json()["added"] == 0  # idempotent
    assert daily(bob)["played"] == 1
    assert daily(alice)["played"] == 1  # an export moves nothing


def hostile(file: dict, change: str) -> dict:  # type: ignore[type-arg]
    bad = json.loads(json.dumps(file))
    game = bad["games"][0]
    if change == "format":
        bad["format"] = "other"
    elif change == "version":
        bad["version"] = 2
    elif change == "feedback":
        game["feedback"][0] = ["ggggg"]
    elif change == "variant":
        game["variant"] = "nonsense"
        game.pop("boards")
    elif change == "answer":
        game["answers"] = ["cigar"]
    elif change == "status":
        game["status"] = "lost"
    elif change == "field":
        game["extra"] = 1
    elif change == "guess":
        game["guesses"][0] = "zzzzz"
    return bad


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ("format", "format"),
        ("version", "version"),
        ("feedback", "games[1].feedback[0][0]"),
        ("variant", "games[1].variant"),
        ("answer", "games[1].answers"),
        ("status", "games[1].status"),
        ("field", "games[1].extra"),
        ("guess", "games[1].guesses[0]"),
    ],
)
def test_hostile_import_files_are_refused_whole(
    two: tuple[TestClient, TestClient], change: str, field: str
) -> None:
    alice, bob = two
    win_daily(alice, "2024-01-03")
    win_daily(alice, DAY, "crane")
    file = alice.get("/api/stats/export").json()
    bad = hostile({**file, "games": file["games"][1:]}, change)  # the second one bad
    bad["games"].insert(0, file["games"][0])
    r = bob.post("/api/stats/import", json=bad)
    assert r.status_code == 422, r.text
    assert field in r.json()["error"] and "nothing imported" in r.json()["error"]
    assert daily(bob)["played"] == 0


def test_import_too_big_or_too_many(two: tuple[TestClient, TestClient]) -> None:
    _, bob = two
    many = {"format": "wordlekit-games", "version": 1, "games": [{}] * 10_001}
    r = bob.post("/api/stats/import", json=many)
    assert r.status_code == 422 and "at most 10,000" in r.json()["error"]
    huge = b'{"format": "wordlekit-games", "version": 1, "games": [' + b" " * 2_200_000 + b"]}"
    r = bob.post("/api/stats/import", content=huge, headers={"content-type": "application/json"})
    assert r.status_code == 413
    r = bob.post("/api/stats/import", json=[1, 2])
    assert r.status_code == 422


def test_openapi_documents_the_routes(two: tuple[TestClient, TestClient]) -> None:
    alice, _ = two
    paths = alice.get("/openapi.json").json()["paths"]
    for path in ("/api/stats/transfer", "/api/stats/claim", "/api/stats/import"):
        assert "post" in paths[path]
    assert "get" in paths["/api/stats/export"]
