"""Which requests count as heavy (at most all workers but one run them), and the admission
limits a server may be started with (one address cannot fill the queue)."""

from __future__ import annotations

import asyncio
import re
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from harness_web import START_SECONDS, Server, free_port
from wordlekit.core.words import WordList
from wordlekit.errors import ClientBusy, WordleError
from wordlekit.services.pool import PoolConfig, WorkPool
from wordlekit.web.api import create_app
from wordlekit.web.context import Work
from wordlekit.web.limits import CreationLimits, Window
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


def test_games_started_per_hour_are_capped() -> None:
    """A player, and an address, start at most so many games an hour (429 and Retry-After
    beyond); the window slides, and a refusal counts nothing."""
    now = [0.0]
    limits = CreationLimits(per_player=3, per_address=5, seconds=3600, clock=lambda: now[0])
    for _ in range(3):
        limits.admit("p1", "10.0.0.1")
    with pytest.raises(ClientBusy, match="at most 3 an hour per player") as e:
        limits.admit("p1", "10.0.0.1")
    assert e.value.retry_after == 3600
    limits.admit("p2", "10.0.0.1")
    limits.admit("p3", "10.0.0.1")
    with pytest.raises(ClientBusy, match="per address"):
        limits.admit("p4", "10.0.0.1")  # a new player from the same address
    limits.admit("p4", "10.0.0.2")
    now[0] = 1800.0
    with pytest.raises(ClientBusy, match="try again in 30 minutes"):
        limits.admit("p1", "10.0.0.3")
    now[0] = 3600.5  # the first hour's games are forgotten
    limits.admit("p1", "10.0.0.3")


def test_the_table_of_clients_is_bounded() -> None:
    window = Window(limit=1, seconds=60, max_keys=3)
    for n in range(10):
        window.add(f"10.0.0.{n}", 0.0)
    assert list(window.times) == ["10.0.0.7", "10.0.0.8", "10.0.0.9"]


def test_the_api_refuses_the_game_past_the_cap(tmp_path: Path) -> None:
    app = create_app(tmp_path / "games.sqlite3")
    with TestClient(app) as c:
        context = app.state.context
        object.__setattr__(context, "creations", CreationLimits(per_player=2))
        assert c.post("/api/games", json={}).status_code == 201
        assert c.post("/api/games", json={"variant": "quordle"}).status_code == 201
        r = c.post("/api/games", json={})
        assert r.status_code == 429 and int(r.headers["retry-after"]) > 3000
        assert "at most 2 an hour per player" in r.json()["error"]
        assert c.get("/api/stats").status_code == 200  # the rest goes on


def test_the_app_answers_before_its_workers_are_warm(tmp_path: Path) -> None:
    """A server listens at once: its pages, games and statistics answer while the workers
    still start, and an expensive request then gets a 503 saying the solver warms up."""
    pool = WorkPool(WordList.bundled(), PoolConfig(workers=1, budget=0.2))
    app = create_app(tmp_path / "games.sqlite3", pool=pool)
    try:
        with TestClient(app) as c:
            assert c.get("/").status_code == 200
            game = c.post("/api/games", json={"kind": "practice", "seed": 3})
            assert game.status_code == 201
            guess = c.post(f"/api/games/{game.json()['id']}/guesses", json={"guess": "crane"})
            assert guess.status_code == 200
            assert c.get("/api/stats").status_code == 200
            # a worker process takes seconds to import and warm: no worker within 0.1 s
            r = c.post("/api/assist", json={"turns": []})
            assert r.status_code == 503, r.text
            assert "warming up" in r.json()["error"]
            assert r.headers["Retry-After"] == "5"
            assert pool.status()["warming"] == 1
            assert pool.wait_ready(START_SECONDS)
            assert c.post("/api/assist", json={"turns": []}).status_code == 200
    finally:
        pool.close()


def test_wordle_serve_listens_at_once_and_shows_the_warm_up(tmp_path: Path) -> None:
    """``wordle serve`` prints what the workers warm and how long each step took, and the
    page answers before they are ready."""
    port = free_port()
    command = [sys.executable, "-c", "from wordlekit.cli import main; main()", "serve"]
    args = ["--port", str(port), "--workers", "1", "--db", str(tmp_path / "g.sqlite3")]
    proc = subprocess.Popen(
        [*command, *args], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    lines: list[str] = []
    try:
        deadline = time.monotonic() + START_SECONDS
        while not any("listening" in line for line in lines):
            assert time.monotonic() < deadline and proc.stdout is not None
            lines.append(proc.stdout.readline())
        assert httpx.get(f"http://127.0.0.1:{port}/", timeout=10).status_code == 200
        while not any("worker 1 ready after" in line for line in lines):
            assert time.monotonic() < deadline and proc.stdout is not None
            lines.append(proc.stdout.readline())
    finally:
        proc.terminate()
        proc.wait(15)
    text = "".join(lines)
    assert "worker 1: pattern matrix 12,972 x 2,315" in text
    assert "worker 1: the exact solver, the review and the bot (" in text
    assert re.search(r"^ +\d+\.\d s  listening", text, re.M), text
