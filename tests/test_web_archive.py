"""GET /api/archive: a month of daily puzzles with this player's results, by the cookie."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from wordlekit.web.api import create_app


@pytest.fixture
def two(tmp_path: Path) -> Iterator[tuple[TestClient, TestClient]]:
    """Two players (two cookie jars) on one server's database."""
    db = tmp_path / "games.sqlite3"
    with TestClient(create_app(db)) as alice, TestClient(create_app(db)) as bob:
        yield alice, bob


def win_daily(client: TestClient, date: str) -> None:
    r = client.post("/api/games", json={"kind": "daily", "date": date})
    assert r.status_code == 201, r.text
    gid = r.json()["id"]
    for word in ("crane", "cigar"):
        r = client.post(f"/api/games/{gid}/guesses", json={"guess": word})
        assert r.status_code == 200, r.text


def test_the_current_month_by_default(two: tuple[TestClient, TestClient]) -> None:
    alice, _ = two
    r = alice.get("/api/archive")
    assert r.status_code == 200, r.text
    got = r.json()
    today = dt.date.today()
    assert got["month"] == f"{today:%Y-%m}" and got["next"] is None and got["variant"] == "classic"
    assert got["days"][-1]["date"] == today.isoformat() == got["today"]
    assert set(got["days"][0]) == {"date", "number", "result"}


def test_a_past_month_shows_the_players_result_not_anothers(
    two: tuple[TestClient, TestClient],
) -> None:
    alice, bob = two
    win_daily(alice, "2021-06-19")  # Wordle 0: CIGAR, won in 2 from the archive
    got = alice.get("/api/archive", params={"month": "2021-06"}).json()
    first = got["days"][0]
    assert (first["date"], first["number"]) == ("2021-06-19", 0)
    assert first["result"] == {
        "status": "won", "guesses": 2, "mode": "normal", "hints": 0, "archive": True,
    }  # fmt: skip
    assert got["previous"] is None and got["next"] == "2021-07"
    theirs = bob.get("/api/archive", params={"month": "2021-06"}).json()
    assert theirs["days"][0]["result"]["status"] == "not-played"
    stats = alice.get("/api/stats").json()["daily"]
    assert (stats["played"], stats["wins"], stats["archive"], stats["current_streak"]) == (
        1,
        1,
        1,
        0,
    )


@pytest.mark.parametrize(
    ("month", "match"),
    [("2021-13", "bad month"), ("2021-05", "before the first Wordle"), ("2999-01", "not out yet")],
)
def test_bad_or_future_months_are_422(
    two: tuple[TestClient, TestClient], month: str, match: str
) -> None:
    alice, _ = two
    r = alice.get("/api/archive", params={"month": month})
    assert r.status_code == 422 and match in r.json()["error"], r.text


def test_a_long_month_is_refused_unread(two: tuple[TestClient, TestClient]) -> None:
    alice, _ = two
    r = alice.get("/api/archive", params={"month": "2" * 5000})
    assert r.status_code == 422 and "error" in r.json()


def test_the_route_is_documented_and_sets_the_cookie(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "g.sqlite3")) as client:
        r = client.get("/api/archive")
        assert r.status_code == 200 and "set-cookie" in r.headers
        spec = client.get("/openapi.json").json()
    ok = spec["paths"]["/api/archive"]["get"]["responses"]["200"]
    assert ok["content"]["application/json"]["schema"]["$ref"].endswith("/ArchiveMonth")
    assert "ArchiveResult" in spec["components"]["schemas"]
