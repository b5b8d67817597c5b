"""Web app load on loopback: games, assist calls, and games under attack (the hostile mix).

Run: ``.venv/bin/python benchmarks/bench_web.py`` (both parts), ``--only classic`` or
``--only hostile``, ``--variant quordle`` (the players' games: any variant with fixed answers;
classic by default); ``--help`` lists the options. Each part starts its own server, ``wordle
serve`` (run as ``python -c "from wordlekit.cli import main; main()" serve``, so it runs the
same code as this process, ``PYTHONPATH`` included) in its own process (one uvicorn worker) on
a temporary database; the load comes from this process with asyncio + httpx, one client (one
player cookie) per simulated player, on the same machine (two cores when measured, shared:
figures are noisy). Every request has a timeout (``--timeout``, 30 s) so the run always ends;
failures and timeouts are counted, and a timed-out request counts its full wait in the
latencies. At the end every game the clients saw finish is checked in the database, turn by
turn.

Classic (issue 5): 200 concurrent games, 2,000 guesses, then 200 assist calls. Targets: p99
under 50 ms for guesses and under 300 ms for assist. The same 200 games run two ways:

- paced: each player thinks 1-3 s between requests (about 100 requests/s offered): latency is
  then the service time, which is what the targets are about;
- flat out: 200 players with no pause keep 200 requests in flight, so by Little's law the
  latency is 200 / throughput whatever the server does; this measures throughput.

Each line also gives the time spent inside the app (the ``Server-Timing`` header, which the
server sends when started with ``--server-timing``, as here). Since
issue 11 the assist calls go to the server's work pool, which admits at most 8 expensive
requests per client address and lets 8 wait: of "all 200 at once" from this one address,
most are refused with 429/503 and ``Retry-After`` (counted apart from failures).

Hostile mix (issue 11), for ``--seconds`` (60): the 200 paced players play games while 10
hostile clients loop flat out, round robin, on the most expensive requests found:

- ``POST /api/solve`` CIGAR with the optimal strategy starting from FUZZY;
- ``POST /api/assist`` after FUZZY/bbbbb with the optimal strategy;
- ``POST /api/games/{id}/hint?strategy=optimal`` in a practice game after guessing FUZZY;
- ``POST /api/review`` of 32 turns CRANE/bbbbb;
- ``POST /api/assist`` after FUZZY/bbbbb, entropy, ``top=100``, ``hard=true`` (large but valid).

Like an attacker, half the hostile clients keep their cookie (one practice game for all their
hints) and half drop it before every request (a new player, and a new game for each hint);
all retry at once on 429 and 503, with no pause. Requests still in flight at the end of the
mix are waited for (up to the timeout). Targets, each printed with ok/over:

- paced players' guesses: p99 under 100 ms, and none failed or timed out;
- hostile requests (their set-up requests included): none slower than the budget + 1 s;
- peak memory of the server's process tree (RSS of the server and all its child processes,
  summed, sampled every 0.25 s with psutil): under 1 GiB;
- the server's CPU time over the mix (server and children, reaped children included; the
  paced players' share is in it) divided by the hostile requests answered (any HTTP status):
  at most the budget.

It also prints the server's CPU use in the 2 s after the clients stopped (work on requests
nobody waits for any more).

The budget is ``--budget`` (seconds; 2 when not given). It is passed to ``wordle serve
--budget`` only when given, as servers before issue 11 have no such option; ``--server-args``
adds any other ``wordle serve`` arguments (``--server-args="--foo 1"``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import shlex
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import psutil

PLAYERS = 200
GUESSES = 2_000
ASSISTS = 200
THINK = (1.0, 3.0)
HOSTILE = 10
DEFAULT_BUDGET = 2.0
MEMORY_TARGET = 2**30
SAMPLE_EVERY = 0.25
RETRY_AT_ONCE = {"429", "503"}
SERVE = "import sys; from wordlekit.cli import main; sys.argv[0] = 'wordle'; main()"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(
    db: Path, port: int, extra: list[str], *, since_issue_22: bool = True
) -> subprocess.Popen[bytes]:
    """``wordle serve`` on ``port``; ``since_issue_22=False`` for a server older than its
    options (the connection cap and Server-Timing, always there before)."""
    log = db.with_suffix(".log")
    # Many simulated players share one address here: the caps on new games and on open
    # connections are lifted. The app's time per request (Server-Timing) is asked for.
    caps = ["--games-per-hour", "1000000000", "--games-per-address", "1000000000"]
    if since_issue_22:
        caps += ["--connections-per-address", "100000", "--server-timing"]
    cmd = [sys.executable, "-c", SERVE, "serve", "--port", str(port), "--db", str(db)]
    cmd += [*caps, *extra]
    with open(log, "wb") as err:  # a file, not a pipe nobody reads: a chatty server never blocks
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=err)
    # the first start on a fresh checkout compiles the numba kernels: allow a few minutes
    for _ in range(3000):
        if proc.poll() is not None:
            raise SystemExit(f"the server exited ({proc.returncode}):\n{log.read_text()[-2000:]}")
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/strategies", timeout=1)
            return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    stop_server(proc)
    raise SystemExit("the server did not start")


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    """Stop the server and its children (a stalled server may not finish a graceful stop)."""
    try:
        children = psutil.Process(proc.pid).children(recursive=True)
    except psutil.Error:
        children = []
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    for child in children:
        with contextlib.suppress(psutil.Error):
            child.kill()


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def server_ms(r: httpx.Response) -> float:
    return float(r.headers.get("server-timing", "app;dur=nan").split("dur=")[1])


async def send(
    client: httpx.AsyncClient, url: str, timeout: float, json: object = None
) -> tuple[str, float, httpx.Response | None]:
    """POST with a hard timeout: (status code or "timeout"/"error", seconds, response)."""
    t = time.perf_counter()
    try:
        async with asyncio.timeout(timeout):
            r = await client.post(url, json=json)
    except (TimeoutError, httpx.TimeoutException):
        return "timeout", time.perf_counter() - t, None
    except httpx.HTTPError:  # refused, reset: the server is down or overwhelmed
        return "error", time.perf_counter() - t, None
    return str(r.status_code), time.perf_counter() - t, r


def new_client(base: str, timeout: float, limits: httpx.Limits | None = None) -> httpx.AsyncClient:
    # verify=False: no TLS context to build (plain http on loopback; building one costs ~10 ms
    # of CPU, which on two shared cores would be charged to the server's latency). The
    # client's own timeout is a backstop: send() enforces the whole request's timeout.
    return httpx.AsyncClient(
        base_url=base,
        timeout=httpx.Timeout(timeout + 5),
        verify=False,
        limits=limits or httpx.Limits(),
    )


# Players ------------------------------------------------------------------------------------


@dataclass
class Tally:
    lat: list[float] = field(default_factory=list)  # every guess sent, failed ones included
    app_ms: list[float] = field(default_factory=list)
    failed: int = 0  # an HTTP error status or a refused connection
    timed_out: int = 0
    starts_failed: int = 0  # new games refused or timed out
    refused: int = 0  # 429/503 with Retry-After: the server's admission limits at work
    wall: float = 0.0


@dataclass
class PlayerRun:
    """One simulated player's session: its generator, its limits and where it reports."""

    client: httpx.AsyncClient
    rng: random.Random
    tally: Tally
    think: tuple[float, float] | None
    timeout: float
    n_guesses: int | None
    deadline: float | None
    variant: str = "classic"
    made: int = 0

    def more(self) -> bool:
        if self.n_guesses is not None:
            return self.made < self.n_guesses
        return self.deadline is not None and time.perf_counter() < self.deadline

    async def pause(self) -> None:
        if self.think is not None:
            await asyncio.sleep(self.rng.uniform(*self.think))

    async def start(self) -> tuple[str, tuple[str, ...]] | None:
        """A new practice game: (id, every board's answer), or None when the server refused
        it (the answers are the seed's, as the server draws them)."""
        from wordlekit.services.games import GameRequest, make_game

        game_seed = self.rng.randrange(10**9)
        body = {"variant": self.variant, "kind": "practice", "seed": game_seed}
        _, _, r = await send(self.client, "/api/games", self.timeout, json=body)
        if r is None or r.status_code != 201:
            self.tally.starts_failed += 1
            if self.n_guesses is not None:
                self.made += 1  # counted: a dead server must not keep a player forever
            await self.pause()
            return None
        request = GameRequest(variant=self.variant, kind="practice", seed=game_seed)
        return str(r.json()["id"]), make_game(request).game.secret

    async def play(self, gid: str, answers: tuple[str, ...], words: list[str]) -> list[str] | None:
        """Guess until the game ends (the words played) or a guess fails (None): now and then
        the answer of a board not solved yet, else any valid word."""
        played: list[str] = []
        status = "playing"
        left = list(answers)
        while status == "playing" and self.more():
            word = left[0] if self.rng.random() < 0.15 else self.rng.choice(words)
            await self.pause()
            if not self.more():
                break
            url = f"/api/games/{gid}/guesses"
            code, took, r = await send(self.client, url, self.timeout, json={"guess": word})
            self.made += 1
            self.tally.lat.append(took)
            if r is None or r.status_code != 200:
                if code == "timeout":
                    self.tally.timed_out += 1
                else:
                    self.tally.failed += 1
                return None
            self.tally.app_ms.append(server_ms(r))
            played.append(word)
            view = r.json()
            status = view["status"]
            left = [a for a, b in zip(answers, view["boards"], strict=True) if not b["solved_at"]]
        return played if status != "playing" else None


async def player(
    base: str,
    seed: int,
    words: list[str],
    tally: Tally,
    seen: dict[str, list[str]],
    think: tuple[float, float] | None,
    timeout: float,
    n_guesses: int | None = None,
    deadline: float | None = None,
    variant: str = "classic",
) -> None:
    """Play games of ``variant`` until ``n_guesses`` requests were made, or until
    ``deadline``.

    A failed or timed-out guess ends that game (its state is unknown) and a new one starts.
    """
    async with new_client(base, timeout) as client:
        rng = random.Random(seed)
        run = PlayerRun(client, rng, tally, think, timeout, n_guesses, deadline, variant)
        while run.more():
            started = await run.start()
            if started is None:
                continue
            gid, answers = started
            played = await run.play(gid, answers, words)
            if played is not None:
                seen[gid] = played


async def games(
    base: str,
    think: tuple[float, float] | None,
    seen: dict[str, list[str]],
    timeout: float,
    variant: str = "classic",
    seed0: int = 0,
) -> Tally:
    from wordlekit.core.words import WordList

    words = list(WordList.bundled().guesses)
    tally = Tally()
    per = GUESSES // PLAYERS
    t = time.perf_counter()
    await asyncio.gather(
        *(
            player(base, seed0 + i, words, tally, seen, think, timeout, per, variant=variant)
            for i in range(PLAYERS)
        )
    )
    tally.wall = time.perf_counter() - t
    return tally


async def assist_call(
    client: httpx.AsyncClient, seed: int, tally: Tally, delay: float, timeout: float
) -> None:
    from wordlekit.core.feedback import format_pattern, score
    from wordlekit.core.words import WordList

    rng = random.Random(seed)
    wl = WordList.bundled()
    answer = rng.choice(wl.answers)
    opener = rng.choice(["salet", "crane", "raise", "adieu", "slate", "trace"])
    turn = {"guess": opener, "pattern": format_pattern(score(opener, answer), 5, "letters")}
    await asyncio.sleep(delay)
    code, took, r = await send(client, "/api/assist", timeout, json={"turns": [turn], "top": 10})
    tally.lat.append(took)
    if r is not None and r.status_code == 200:
        tally.app_ms.append(server_ms(r))
    elif r is not None and r.status_code in (429, 503) and "retry-after" in r.headers:
        tally.refused += 1
    elif code == "timeout":
        tally.timed_out += 1
    else:
        tally.failed += 1


async def assists(base: str, spread: float, timeout: float) -> Tally:
    tally = Tally()
    # One client for all calls: creating an httpx client costs CPU that, on two shared cores,
    # would be charged to the server's latency.
    limits = httpx.Limits(max_connections=ASSISTS, max_keepalive_connections=ASSISTS)
    async with new_client(base, timeout, limits=limits) as client:
        t = time.perf_counter()
        await asyncio.gather(
            *(assist_call(client, i, tally, spread * i / ASSISTS, timeout) for i in range(ASSISTS))
        )
        tally.wall = time.perf_counter() - t
    return tally


def report(label: str, tally: Tally, target_ms: float) -> None:
    lat, app_ms, wall = tally.lat, tally.app_ms, tally.wall
    p99 = pct(lat, 0.99) * 1000
    verdict = "ok" if p99 < target_ms else "over"
    lost = tally.failed + tally.timed_out + tally.starts_failed
    print(
        f"{label:<34} {len(lat):>5} in {wall:6.2f} s = {len(lat) / wall:5.0f}/s   "
        f"p50 {statistics.median(lat) * 1000:7.1f} ms  p99 {p99:7.1f} ms "
        f"({verdict} {target_ms:.0f})"
        f"   in app p50 {statistics.median(app_ms) if app_ms else float('nan'):5.1f} "
        f"p99 {pct(app_ms, 0.99):6.1f} ms"
        + (
            f"   FAILED {tally.failed}, timed out {tally.timed_out}, "
            f"games not started {tally.starts_failed}"
            if lost
            else ""
        )
        + (
            f"   refused by the limits (429/503, Retry-After) {tally.refused}"
            if tally.refused
            else ""
        )
    )


def stored_games(db: Path, seen: dict[str, list[str]]) -> int:
    """How many of the finished games the clients saw are stored with every guess (each
    guess is stored on every board it was played on: once per guess number here)."""
    conn = sqlite3.connect(db)
    stored_ok = 0
    for gid, played in seen.items():
        row = conn.execute("SELECT status FROM games WHERE id = ?", (gid,)).fetchone()
        turns = [
            r[0]
            for r in conn.execute(
                "SELECT MIN(guess) FROM turns WHERE game_id = ? GROUP BY n ORDER BY n", (gid,)
            )
        ]
        if row is not None and row[0] != "playing" and turns == played:
            stored_ok += 1
    conn.close()
    return stored_ok


def run_classic(extra: list[str], timeout: float, variant: str = "classic") -> None:
    tmp = Path(tempfile.mkdtemp(prefix="wordlekit-web-bench-"))
    db = tmp / "games.sqlite3"
    port = free_port()
    proc = start_server(db, port, extra)
    base = f"http://127.0.0.1:{port}"
    seen: dict[str, list[str]] = {}
    try:
        paced = asyncio.run(games(base, THINK, seen, timeout, variant))
        flat = asyncio.run(games(base, None, seen, timeout, variant))
        assist_paced = asyncio.run(assists(base, 2.0, timeout))
        assist_flat = asyncio.run(assists(base, 0.0, timeout))
    finally:
        stop_server(proc)
    print(
        f"== classic: {PLAYERS} concurrent players ({variant} games), {GUESSES} guesses a run, "
        f"{ASSISTS} assists"
    )
    report("guesses, paced (think 1-3 s)", paced, 50)
    report("guesses, flat out (200 in flight)", flat, 50)
    report("assist after one turn, paced (2 s)", assist_paced, 300)
    report("assist, all 200 at once", assist_flat, 300)
    print(f"finished games stored with every turn: {stored_games(db, seen)} of {len(seen)}")


# The hostile mix ----------------------------------------------------------------------------

FUZZY = {"guess": "fuzzy", "pattern": "bbbbb"}
HOSTILE_CALLS: list[tuple[str, str, dict[str, object] | None]] = [
    (
        "solve optimal, start FUZZY",
        "/api/solve",
        {"answer": "cigar", "strategy": "optimal", "start": "fuzzy"},
    ),
    ("assist optimal after FUZZY", "/api/assist", {"turns": [FUZZY], "strategy": "optimal"}),
    ("hint optimal after FUZZY", "hint", None),
    ("review of 32 turns", "/api/review", {"turns": [{"guess": "crane", "pattern": "bbbbb"}] * 32}),
    (
        "assist entropy top 100 hard",
        "/api/assist",
        {"turns": [FUZZY], "strategy": "entropy", "top": 100, "hard": True},
    ),
]
SETUP_GAME = "(set-up) new practice game"
SETUP_GUESS = "(set-up) guess FUZZY"


@dataclass
class Hostile:
    calls: dict[str, list[tuple[str, float]]] = field(default_factory=dict)

    def add(self, kind: str, code: str, took: float) -> None:
        self.calls.setdefault(kind, []).append((code, took))


@dataclass
class HostileRun:
    """One attacker: its client, whether it keeps its cookie, and where it reports."""

    client: httpx.AsyncClient
    keep_cookie: bool
    out: Hostile
    deadline: float
    timeout: float

    def on(self) -> bool:
        return time.perf_counter() < self.deadline

    async def call(
        self, kind: str, url: str, body: dict[str, object] | None, drop: bool
    ) -> httpx.Response | None:
        """One request, retried at once on 429/503 until it gets another answer."""
        r = None
        while self.on():
            if drop:
                self.client.cookies.clear()
            code, took, r = await send(self.client, url, self.timeout, json=body)
            self.out.add(kind, code, took)
            if code not in RETRY_AT_ONCE:
                break
        return r

    async def ready_game(self) -> str | None:
        """A practice game of this client where FUZZY was just played (and did not win)."""
        while self.on():
            r = await self.call(
                SETUP_GAME, "/api/games", {"kind": "practice"}, not self.keep_cookie
            )
            if r is None or r.status_code != 201:
                continue
            gid = str(r.json()["id"])
            guess = {"guess": "fuzzy"}
            r = await self.call(SETUP_GUESS, f"/api/games/{gid}/guesses", guess, False)
            if r is not None and r.status_code == 200 and r.json()["status"] == "playing":
                return gid
        return None

    async def hint(self, kind: str, game: str | None) -> str | None:
        """An optimal hint in a game after FUZZY; the game to use next time (None: a new one).

        Without a kept cookie the hint needs a new player and a new game every time: the
        cookie then lives for these three requests only.
        """
        if game is None or not self.keep_cookie:
            game = await self.ready_game()
            if game is None:
                return None
        r = await self.call(kind, f"/api/games/{game}/hint?strategy=optimal", None, False)
        return None if r is None or r.status_code in (404, 409) else game


async def hostile_client(
    base: str, k: int, keep_cookie: bool, out: Hostile, deadline: float, timeout: float
) -> None:
    """Loop flat out over HOSTILE_CALLS until ``deadline``; 429 and 503 are retried at once."""
    game: str | None = None
    async with new_client(base, timeout) as client:
        run = HostileRun(client, keep_cookie, out, deadline, timeout)
        n = k
        while run.on():
            kind, url, body = HOSTILE_CALLS[n % len(HOSTILE_CALLS)]
            n += 1
            if url == "hint":
                game = await run.hint(kind, game)
            else:
                await run.call(kind, url, body, not keep_cookie)


class Monitor:
    """The server's process tree: peak RSS (sampled) and CPU time (server + children)."""

    def __init__(self, pid: int) -> None:
        self.root = psutil.Process(pid)
        self.peak = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    def tree(self) -> list[psutil.Process]:
        try:
            return [self.root, *self.root.children(recursive=True)]
        except psutil.Error:
            return []

    def cpu(self) -> float:
        """CPU seconds of the tree; children_* hold those of children already reaped."""
        total = 0.0
        for p in self.tree():
            try:
                c = p.cpu_times()
            except psutil.Error:  # gone since the listing
                continue
            total += c.user + c.system + c.children_user + c.children_system
        return total

    def rss(self) -> int:
        total = 0
        for p in self.tree():
            with contextlib.suppress(psutil.Error):  # gone since the listing
                total += p.memory_info().rss
        return total

    def _sample(self) -> None:
        while not self._stop.wait(SAMPLE_EVERY):
            self.peak = max(self.peak, self.rss())

    def __enter__(self) -> Monitor:
        self.peak = self.rss()
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()
        self.peak = max(self.peak, self.rss())


async def mix(
    base: str, seconds: float, timeout: float, seen: dict[str, list[str]]
) -> tuple[Tally, Hostile, float]:
    from wordlekit.core.words import WordList

    words = list(WordList.bundled().guesses)
    tally, hostile = Tally(), Hostile()
    t = time.perf_counter()
    deadline = t + seconds
    await asyncio.gather(
        *(
            player(base, 10_000 + i, words, tally, seen, THINK, timeout, deadline=deadline)
            for i in range(PLAYERS)
        ),
        *(hostile_client(base, k, k % 2 == 0, hostile, deadline, timeout) for k in range(HOSTILE)),
    )
    tally.wall = time.perf_counter() - t
    return tally, hostile, tally.wall


def verdict(ok: bool) -> str:
    return "ok" if ok else "OVER"


def run_hostile(
    extra: list[str], seconds: float, budget: float, given: bool, timeout: float
) -> None:
    tmp = Path(tempfile.mkdtemp(prefix="wordlekit-web-bench-"))
    db = tmp / "games.sqlite3"
    port = free_port()
    proc = start_server(db, port, extra)
    base = f"http://127.0.0.1:{port}"
    seen: dict[str, list[str]] = {}
    try:
        with Monitor(proc.pid) as mon:
            cpu0 = mon.cpu()
            tally, hostile, wall = asyncio.run(mix(base, seconds, timeout, seen))
            cpu1 = mon.cpu()
            time.sleep(2.0)  # is it still working on requests nobody waits for any more?
            after = (mon.cpu() - cpu1) / 2.0
    finally:
        stop_server(proc)

    print(
        f"== hostile mix: {seconds:g} s, {PLAYERS} paced players (think 1-3 s) + {HOSTILE} "
        f"hostile clients flat out ({(HOSTILE + 1) // 2} keep their cookie, {HOSTILE // 2} drop "
        f"it;\n   429/503 retried at once); request timeout {timeout:g} s; budget {budget:g} s "
        + ("(passed to the server)" if given else "(default; not passed to the server)")
    )
    lat, app_ms = tally.lat, tally.app_ms
    p99 = pct(lat, 0.99) * 1000
    print(
        f"paced guesses    {len(lat):>5} in {wall:5.1f} s   p50 {pct(lat, 0.5) * 1000:8.1f} ms  "
        f"p99 {p99:8.1f} ms (target < 100 ms: {verdict(p99 < 100)})   "
        f"in app p50 {pct(app_ms, 0.5):6.1f} p99 {pct(app_ms, 0.99):7.1f} ms"
    )
    lost = tally.failed + tally.timed_out
    print(
        f"paced guesses failed {tally.failed}, timed out {tally.timed_out} "
        f"(target 0: {verdict(lost == 0)}); new games refused or timed out "
        f"{tally.starts_failed} (target 0: {verdict(tally.starts_failed == 0)})"
    )
    print(f"{'hostile requests':<28} {'sent':>6} {'p50 ms':>9} {'max ms':>9}   by status")
    order = [kind for kind, _, _ in HOSTILE_CALLS] + [SETUP_GAME, SETUP_GUESS]
    everything: list[tuple[str, float]] = []
    for kind in order:
        calls = hostile.calls.get(kind, [])
        everything += calls
        show_row(kind, calls)
    show_row("all", everything)
    limit = budget + 1.0
    over = sum(took > limit for _, took in everything)
    worst = max((took for _, took in everything), default=0.0)
    print(
        f"hostile requests over budget + 1 s ({limit:g} s): {over} of {len(everything)}, "
        f"max {worst:.1f} s (target 0: {verdict(over == 0)})"
    )
    print(
        f"server peak memory (RSS, server + children, every {SAMPLE_EVERY:g} s): "
        f"{mon.peak / 2**20:6.0f} MiB (target < {MEMORY_TARGET / 2**20:.0f} MiB: "
        f"{verdict(mon.peak < MEMORY_TARGET)})"
    )
    answered = sum(code not in ("timeout", "error") for code, _ in everything)
    cpu = cpu1 - cpu0
    each = cpu / answered if answered else float("inf")
    print(
        f"server CPU {cpu:6.1f} s (server + children, reaped ones included) / {answered} "
        f"hostile requests answered = {each:.2f} s each (target <= {budget:g} s: "
        f"{verdict(each <= budget)})"
    )
    print(f"server CPU in the 2 s after the clients stopped: {after:.2f} cores busy")
    print(f"finished games stored with every turn: {stored_games(db, seen)} of {len(seen)}")


def show_row(kind: str, calls: list[tuple[str, float]]) -> None:
    took = [t for _, t in calls]
    codes = Counter(code for code, _ in calls)
    by = " ".join(f"{code}:{n}" for code, n in sorted(codes.items()))
    print(
        f"{kind:<28} {len(calls):>6} {pct(took, 0.5) * 1000:9.0f} "
        f"{max(took, default=float('nan')) * 1000:9.0f}   {by}"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    ap.add_argument("--only", choices=["classic", "hostile"], help="run one part (default: both)")
    ap.add_argument("--seconds", type=float, default=60, help="hostile mix length (60)")
    ap.add_argument(
        "--budget",
        type=float,
        help=f"per-request budget in seconds for the targets ({DEFAULT_BUDGET:g} when not "
        "given); passed to `wordle serve --budget` only when given",
    )
    ap.add_argument(
        "--server-args",
        default="",
        metavar="ARGS",
        help='extra `wordle serve` arguments, one string: --server-args="--foo 1"',
    )
    ap.add_argument("--timeout", type=float, default=30, help="every request's timeout (30 s)")
    ap.add_argument(
        "--variant",
        default="classic",
        help="the variant the players play (classic, dordle, quordle, ...: fixed answers)",
    )
    args = ap.parse_args()

    extra = shlex.split(args.server_args)
    if args.budget is not None:
        extra = ["--budget", f"{args.budget:g}", *extra]
    budget = args.budget if args.budget is not None else DEFAULT_BUDGET
    import wordlekit

    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(
        f"cores: {os.cpu_count()} (load average {load}); server: one uvicorn worker, "
        f"wordlekit from {Path(wordlekit.__file__).parent}"
        + (f", serve {' '.join(extra)}" if extra else "")
        + "; clients: asyncio + httpx"
    )
    if args.only in (None, "classic"):
        run_classic(extra, args.timeout, args.variant)
    if args.only in (None, "hostile"):
        run_hostile(extra, args.seconds, budget, args.budget is not None, args.timeout)


if __name__ == "__main__":
    main()
