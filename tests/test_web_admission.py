"""Which requests count as heavy (at most all workers but one run them), and the admission
limits a server may be started with (one address cannot fill the queue)."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from types import SimpleNamespace
from typing import Any

import httpx
import pytest

from harness_web import Server
from wordlekit.errors import WordleError
from wordlekit.services.pool import PoolConfig
from wordlekit.web.context import Work
from wordlekit.web.player import COOKIE


class Recorder:
    """A pool that answers every task at once and remembers whether it was heavy."""

    def __init__(self) -> None:
        self.heavy: dict[str, bool] = {}

    async def run(self, op: str, kwargs: dict[str, Any], **how: Any) -> str:
        self.heavy[op] = how["heavy"]
        return "done"


def heavy(op: str, **kwargs: Any) -> bool:
    pool = Recorder()
    request = SimpleNamespace(
        state=SimpleNamespace(known_player="p"),
        client=SimpleNamespace(host="203.0.113.5"),
        is_disconnected=lambda: False,
    )
    work = Work(pool, 2.0, request)  # type: ignore[arg-type]
    assert asyncio.run(work.run(op, str, **kwargs)) == "done"
    return pool.heavy[op]


def test_requests_that_may_take_the_whole_budget_are_heavy() -> None:
    assert heavy("review")
    assert heavy("absurdle_solve")  # its listing of first guesses runs to the deadline
    assert heavy("assist", strategy="optimal")
    assert heavy("game_hint", heavy=True)  # the route says so against Absurdle's host
    assert not heavy("assist", strategy="entropy")
    assert not heavy("game_hint", strategy="entropy")


def test_one_address_cannot_take_every_place() -> None:
    default = PoolConfig()
    assert default.per_address < default.max_waiting  # not even the whole queue
    with pytest.raises(WordleError, match="below --workers plus --max-waiting"):
        PoolConfig(workers=2, per_address=10, max_waiting=8)
    PoolConfig(workers=2, per_address=9, max_waiting=8)


def test_huge_headers_are_refused_before_anything_reads_them(web_server: Server) -> None:
    """A 400 KB Cookie header of many pairs (once 285 ms of cookie parsing on the event loop)
    gets a 431 JSON error; a normal request with the player's cookie among others still
    finds its player."""
    pairs = "; ".join(f"c{i}=v" for i in range(50_000))
    with httpx.Client(base_url=web_server.url, timeout=10) as c:
        r = c.get("/api/daily", headers={"Cookie": pairs})
        assert r.status_code == 431 and "headers too large" in r.json()["error"]
        assert r.headers["content-security-policy"]  # refused, but hardened like any answer
        r = c.get("/api/daily", headers={"X-Pad": "x" * 20_000})
        assert r.status_code == 431
        new = c.post("/api/games", json={})
        player = new.cookies[COOKIE]
        c.cookies.clear()  # from here on, only the Cookie headers given
        cookie = f"theme=dark; {COOKIE}={player}; lang=en"
        again = c.get(f"/api/games/{new.json()['id']}", headers={"Cookie": cookie})
        assert again.status_code == 200  # the same player: its own game
        stranger = c.get(f"/api/games/{new.json()['id']}", headers={"Cookie": "theme=dark"})
        assert stranger.status_code == 404


def test_a_database_locked_elsewhere_answers_503_in_time(web_server: Server) -> None:
    """Another process holds the write lock (a TUI mid-transaction, a tool): a guess answers
    503 with Retry-After within the budget (it once was a 500 after 30 s), reads still answer
    at once, and the guess plays once the lock is gone."""
    with httpx.Client(base_url=web_server.url, timeout=30) as c:
        game = c.post("/api/games", json={}).json()
        other = sqlite3.connect(web_server.db, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        try:
            t = time.monotonic()
            r = c.post(f"/api/games/{game['id']}/guesses", json={"guess": "crane", "turn": 1})
            waited = time.monotonic() - t
            assert r.status_code == 503 and int(r.headers["retry-after"]) >= 1, r.text
            assert "busy" in r.json()["error"] and waited < 2.0 + 1.0, waited
            assert c.get("/api/stats").status_code == 200
            assert c.get(f"/api/games/{game['id']}").json()["guesses"] == []
        finally:
            other.execute("ROLLBACK")
            other.close()
        r = c.post(f"/api/games/{game['id']}/guesses", json={"guess": "crane", "turn": 1})
        assert r.status_code == 200 and r.json()["guesses"] == ["crane"]


def test_an_unknown_field_is_not_reflected_whole(web_server: Server) -> None:
    """A 60,000-character unknown key came back whole in the 422 (a 60 KB error)."""
    with httpx.Client(base_url=web_server.url, timeout=10) as c:
        for path in ("/api/games", "/api/assist", "/api/boards/assist"):
            r = c.post(path, json={"k" * 60_000: 1})
            assert r.status_code == 422 and "Extra inputs" in r.json()["error"], r.text[:200]
            assert len(r.content) < 300 and "(60,000 characters)" in r.json()["error"]
