"""Web app load on loopback: 200 concurrent games, 2,000 guesses, then 200 assist calls.

Run: ``.venv/bin/python benchmarks/bench_web.py``. The server runs as ``wordle serve`` in its
own process (one uvicorn worker) on a temporary database; the load comes from this process
with asyncio + httpx, one client (one player cookie) per simulated player, on the same two
cores. Targets (issue 5): p99 under 50 ms for guesses and under 300 ms for assist. At the end
every game the clients saw finish is checked in the database, turn by turn.

Two ways to run the same 200 games:

- paced: each player thinks 1-3 s between requests (about 100 requests/s offered): latency is
  then the service time, which is what the targets are about;
- flat out: 200 players with no pause keep 200 requests in flight, so by Little's law the
  latency is 200 / throughput whatever the server does; this measures throughput.

Each line also gives the time spent inside the app (the ``Server-Timing`` header).
"""

from __future__ import annotations

import asyncio
import os
import random
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

PLAYERS = 200
GUESSES = 2_000
ASSISTS = 200


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(db: Path, port: int) -> subprocess.Popen[bytes]:
    wordle = Path(sys.executable).with_name("wordle")
    proc = subprocess.Popen(
        [str(wordle), "serve", "--port", str(port), "--db", str(db)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    for _ in range(600):
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/strategies", timeout=1)
            return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


async def player(
    base: str,
    n_guesses: int,
    seed: int,
    words: list[str],
    lat: list[float],
    app_ms: list[float],
    seen: dict[str, list[str]],
    think: tuple[float, float] | None,
) -> None:
    from wordlekit.game import Game

    rng = random.Random(seed)
    # verify=False: no TLS context to build (plain http on loopback), see assists() below
    async with httpx.AsyncClient(base_url=base, timeout=60, verify=False) as client:
        made = 0
        while made < n_guesses:
            game_seed = rng.randrange(10**9)
            r = await client.post("/api/games", json={"mode": "practice", "seed": game_seed})
            r.raise_for_status()
            gid = r.json()["id"]
            answer = Game.practice(game_seed).answer
            played: list[str] = []
            status = "playing"
            while status == "playing" and made < n_guesses:
                word = answer if rng.random() < 0.15 else rng.choice(words)
                if think is not None:
                    await asyncio.sleep(rng.uniform(*think))
                t = time.perf_counter()
                r = await client.post(f"/api/games/{gid}/guesses", json={"guess": word})
                lat.append(time.perf_counter() - t)
                app_ms.append(server_ms(r))
                r.raise_for_status()
                made += 1
                played.append(word)
                status = r.json()["status"]
            if status != "playing":
                seen[gid] = played


def server_ms(r: httpx.Response) -> float:
    return float(r.headers.get("server-timing", "app;dur=nan").split("dur=")[1])


async def assist_call(
    client: httpx.AsyncClient, seed: int, lat: list[float], app_ms: list[float], delay: float
) -> None:
    from wordlekit.feedback import format_pattern, score
    from wordlekit.words import WordList

    rng = random.Random(seed)
    wl = WordList.bundled()
    answer = rng.choice(wl.answers)
    opener = rng.choice(["salet", "crane", "raise", "adieu", "slate", "trace"])
    turn = {"guess": opener, "pattern": format_pattern(score(opener, answer), 5, "letters")}
    await asyncio.sleep(delay)
    t = time.perf_counter()
    r = await client.post("/api/assist", json={"turns": [turn], "top": 10})
    lat.append(time.perf_counter() - t)
    app_ms.append(server_ms(r))
    r.raise_for_status()


Result = tuple[list[float], list[float], float]


async def games(base: str, think: tuple[float, float] | None, seen: dict[str, list[str]]) -> Result:
    from wordlekit.words import WordList

    words = list(WordList.bundled().guesses)
    lat: list[float] = []
    app_ms: list[float] = []
    per = GUESSES // PLAYERS
    t = time.perf_counter()
    await asyncio.gather(
        *(player(base, per, i, words, lat, app_ms, seen, think) for i in range(PLAYERS))
    )
    return lat, app_ms, time.perf_counter() - t


async def assists(base: str, spread: float) -> Result:
    lat: list[float] = []
    app_ms: list[float] = []
    # One client for all calls: creating an httpx client costs ~10 ms of CPU (its TLS
    # context), which on two shared cores would be charged to the server's latency.
    limits = httpx.Limits(max_connections=ASSISTS, max_keepalive_connections=ASSISTS)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as client:
        t = time.perf_counter()
        await asyncio.gather(
            *(assist_call(client, i, lat, app_ms, spread * i / ASSISTS) for i in range(ASSISTS))
        )
        return lat, app_ms, time.perf_counter() - t


def report(label: str, result: Result, target_ms: float) -> None:
    lat, app_ms, wall = result
    p99 = pct(lat, 0.99) * 1000
    verdict = "ok" if p99 < target_ms else "over"
    print(
        f"{label:<34} {len(lat):>5} in {wall:6.2f} s = {len(lat) / wall:5.0f}/s   "
        f"p50 {statistics.median(lat) * 1000:7.1f} ms  p99 {p99:7.1f} ms "
        f"({verdict} {target_ms:.0f})"
        f"   in app p50 {statistics.median(app_ms):5.1f} p99 {pct(app_ms, 0.99):6.1f} ms"
    )


def main() -> None:
    tmp = Path(tempfile.mkdtemp(prefix="wordlekit-web-bench-"))
    db = tmp / "games.sqlite3"
    port = free_port()
    proc = start_server(db, port)
    base = f"http://127.0.0.1:{port}"
    seen: dict[str, list[str]] = {}
    try:
        paced = asyncio.run(games(base, (1.0, 3.0), seen))
        flat = asyncio.run(games(base, None, seen))
        assist_paced = asyncio.run(assists(base, 2.0))
        assist_flat = asyncio.run(assists(base, 0.0))
    finally:
        proc.terminate()
        proc.wait()
    conn = sqlite3.connect(db)
    stored_ok = 0
    for gid, played in seen.items():
        row = conn.execute("SELECT status FROM games WHERE id = ?", (gid,)).fetchone()
        turns = [
            r[0]
            for r in conn.execute("SELECT guess FROM turns WHERE game_id = ? ORDER BY n", (gid,))
        ]
        if row is not None and row[0] != "playing" and turns == played:
            stored_ok += 1
    print(f"cores: {os.cpu_count()}; server: one uvicorn worker; clients: asyncio + httpx")
    print(f"{PLAYERS} concurrent players, {GUESSES} guesses per run, {ASSISTS} assist calls")
    report("guesses, paced (think 1-3 s)", paced, 50)
    report("guesses, flat out (200 in flight)", flat, 50)
    report("assist after one turn, paced (2 s)", assist_paced, 300)
    report("assist, all 200 at once", assist_flat, 300)
    print(f"finished games stored with every turn: {stored_ok} of {len(seen)}")


if __name__ == "__main__":
    main()
