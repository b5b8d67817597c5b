"""The connection attacks of the red-team report (2026-12-01) against ``wordle serve`` with its
default limits, each while a probe measures what a legitimate user sees.

Run: ``.venv/bin/python benchmarks/bench_attacks.py`` (``--seconds`` per attack, 15 by
default; ``--only NAME`` for one attack; ``--server-args`` adds ``wordle serve`` arguments).
The server is ``wordle serve`` in its own process on a temporary database (started as
bench_web.py does, which lifts only its caps on new games and connections: here the cap on
connections is put back to the default); attackers and the probe are threads of this process
on loopback, the attackers from 127.0.0.1 unless said otherwise, the probe from 127.0.0.2 (its
own address, as a user elsewhere).

The probe, about every 50 ms: ``GET /api/daily``, then a guess in its own practice game (a new
one when a game ends). Target: p99 of each under 100 ms, printed ok/over (figures are noisy on
a shared two-core machine: the first row is the same probe with no attack).

Attacks (each for ``--seconds``, attackers looping):

- ``large-bodies``: 40 clients (each its own address, 127.0.0.10-49), each sending 2 MB to
  ``POST /api/games`` in 64 KB pieces (as from a network), then reading the answer;
  outcome: how many answers were a 413 read whole, and how many a broken pipe or a reset.
- ``slowloris``: 40 connections from one address (15 idle, 15 trickling a header a byte
  every 0.5 s, 10 trickling a body after complete headers), each reopened when the server
  closes it; outcome: how the server ended them (closed for its header timeout, 408, 429 past
  the connections per address).
- ``connections``: 200 connections at once from one address, held open (reopened when
  closed); outcome: how many were admitted and how many refused with 429.
- ``cookie-bomb``: 8 connections looping ``GET /api/daily`` with a 0.49 MB Cookie header of
  50,000 pairs (once 285 ms of parsing each); outcome: the statuses.
"""

from __future__ import annotations

import argparse
import shlex
import socket
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).parent))
from bench_web import free_port, start_server, stop_server

TARGET_MS = 100.0
PROBE_EVERY = 0.05
MB2 = 2 * 2**20
PIECE = b" " * 65536
WORDS = ["crane", "pilot", "sudsy", "wheat", "gecko", "blimp"]

Attack = Callable[[str, int, threading.Event, Counter[str]], None]


# The probe ---------------------------------------------------------------------------------


def probe(base: str, stop: threading.Event, daily: list[float], guess: list[float]) -> None:
    """A user at 127.0.0.2: the daily puzzle and a guess, every 50 ms, timed."""
    transport = httpx.HTTPTransport(local_address="127.0.0.2")
    with httpx.Client(base_url=base, timeout=30, transport=transport) as c:
        gid, n = "", 0
        while not stop.is_set():
            t = time.perf_counter()
            c.get("/api/daily").raise_for_status()
            daily.append((time.perf_counter() - t) * 1000)
            if not gid or n == len(WORDS):
                gid = c.post("/api/games", json={"seed": 7}).json()["id"]
                n = 0
            t = time.perf_counter()
            r = c.post(f"/api/games/{gid}/guesses", json={"guess": WORDS[n]})
            guess.append((time.perf_counter() - t) * 1000)
            n = n + 1 if r.status_code == 200 and r.json()["status"] == "playing" else len(WORDS)
            time.sleep(PROBE_EVERY)


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


# The attacks -------------------------------------------------------------------------------


def connect(port: int, source: str = "127.0.0.1", timeout: float = 30) -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout, (source, 0))


def read_status(sock: socket.socket) -> int:
    """The status of the response on ``sock`` (read to its end), or 0 if it closed first."""
    data = b""
    while b"\r\n\r\n" not in data:
        more = sock.recv(65536)
        if not more:
            return 0
        data += more
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.lower().split(b"\r\n")
    length = next((int(h.split(b":")[1]) for h in lines if h.startswith(b"content-length")), 0)
    while len(body) < length:
        more = sock.recv(65536)
        if not more:
            return 0
        body += more
    return int(head.split()[1])


def large_bodies(port: int, n: int, stop: threading.Event, out: Counter[str]) -> None:
    while not stop.is_set():
        try:
            with connect(port, f"127.0.0.{10 + n}") as sock:
                sock.sendall(
                    b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    b"Content-Length: %d\r\n\r\n" % MB2
                )
                for _ in range(MB2 // len(PIECE)):
                    sock.sendall(PIECE)
                    time.sleep(0.005)
                status = read_status(sock)
                out["413 read" if status == 413 else f"{status or 'closed'}"] += 1
        except (BrokenPipeError, ConnectionResetError):
            out["broken pipe or reset"] += 1


def slowloris(port: int, n: int, stop: threading.Event, out: Counter[str]) -> None:
    kind = "idle" if n < 15 else "header" if n < 30 else "body"
    while not stop.is_set():
        began = time.monotonic()
        try:
            with connect(port) as sock:
                sock.settimeout(0.5)
                if kind == "body":
                    sock.sendall(
                        b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                        b"\r\nContent-Length: 60000\r\n\r\n"
                    )
                elif kind == "header":
                    sock.sendall(b"GET /api/daily HTTP/1.1\r\n")
                while not stop.is_set():
                    if kind != "idle":
                        sock.sendall(b" " if kind == "body" else b"X")
                    try:
                        data = sock.recv(65536)
                    except TimeoutError:
                        continue
                    if not data:
                        out[f"{kind}: closed after {time.monotonic() - began:.0f} s"] += 1
                        break
                    status = data.split()[1].decode() if data.startswith(b"HTTP/") else "?"
                    out[f"{kind}: {status}"] += 1
                    if status == "429":
                        time.sleep(0.2)  # refused at once: try again soon, not flat out
                    break
                else:
                    out[f"{kind}: still open at the end"] += 1
        except (BrokenPipeError, ConnectionResetError):
            out[f"{kind}: reset"] += 1


def connections(port: int, n: int, stop: threading.Event, out: Counter[str]) -> None:
    while not stop.is_set():
        try:
            with connect(port) as sock:
                sock.settimeout(0.5)
                while not stop.is_set():
                    try:
                        data = sock.recv(65536)
                    except TimeoutError:
                        continue
                    if data.startswith(b"HTTP/1.1 429"):
                        out["refused (429)"] += 1
                        time.sleep(0.2)
                    elif not data:
                        out["admitted, closed after the header timeout"] += 1
                    break
                else:
                    out["admitted, open at the end"] += 1
        except (BrokenPipeError, ConnectionResetError):
            out["refused (reset)"] += 1
            time.sleep(0.2)


COOKIES = "; ".join(f"c{i}=v" for i in range(50_000)).encode()


def cookie_bomb(port: int, n: int, stop: threading.Event, out: Counter[str]) -> None:
    request = b"GET /api/daily HTTP/1.1\r\nHost: x\r\nCookie: " + COOKIES + b"\r\n\r\n"
    while not stop.is_set():
        try:
            with connect(port) as sock:
                while not stop.is_set():
                    sock.sendall(request)
                    status = read_status(sock)
                    out[str(status or "closed")] += 1
                    if status in (0, 431):  # a 431 closes the connection
                        break
        except (BrokenPipeError, ConnectionResetError):
            out["reset"] += 1


ATTACKS: dict[str, tuple[Attack, int]] = {
    "large-bodies": (large_bodies, 40),
    "slowloris": (slowloris, 40),
    "connections": (connections, 200),
    "cookie-bomb": (cookie_bomb, 8),
}


# The run -----------------------------------------------------------------------------------


def run(
    base: str, port: int, attack: Attack | None, clients: int, seconds: float
) -> tuple[Counter[str], list[float], list[float]]:
    stop = threading.Event()
    out: Counter[str] = Counter()
    daily: list[float] = []
    guess: list[float] = []
    threads = [threading.Thread(target=probe, args=(base, stop, daily, guess), daemon=True)]
    if attack is not None:
        threads += [
            threading.Thread(target=attack, args=(port, n, stop, out), daemon=True)
            for n in range(clients)
        ]
    for t in threads:
        t.start()
    time.sleep(seconds)
    stop.set()
    for t in threads:
        t.join(timeout=35)
    return out, daily, guess


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    ap.add_argument("--seconds", type=float, default=15, help="each attack's length (15 s)")
    ap.add_argument("--only", choices=sorted(ATTACKS), help="one attack (default: all)")
    ap.add_argument("--server-args", default="", metavar="ARGS", help="more `wordle serve` args")
    ap.add_argument(
        "--before",
        action="store_true",
        help="the server is older than issue 22 (PYTHONPATH at an older checkout): none of "
        "its options are passed",
    )
    args = ap.parse_args()

    extra = [] if args.before else ["--connections-per-address", "32"]
    extra += shlex.split(args.server_args)
    db = Path(tempfile.mkdtemp(prefix="wordlekit-attacks-")) / "games.sqlite3"
    port = free_port()
    proc = start_server(db, port, extra, since_issue_22=not args.before)
    base = f"http://127.0.0.1:{port}"
    rows = []
    try:
        names = [args.only] if args.only else list(ATTACKS)
        for name in ["none", *names]:
            attack, clients = ATTACKS[name] if name != "none" else (None, 0)
            out, daily, guess = run(base, port, attack, clients, args.seconds)
            rows.append((name, out, daily, guess))
    finally:
        stop_server(proc)
    print(
        f"wordle serve from {'an older checkout' if args.before else 'this one'} (default "
        f"limits, serve {' '.join(extra)}); {args.seconds:g} s per "
        f"attack; probe from 127.0.0.2 every {PROBE_EVERY * 1000:g} ms; target p99 < "
        f"{TARGET_MS:g} ms"
    )
    print(
        f"{'attack':13} {'daily p50/p99 ms':>17} {'guess p50/p99 ms':>17}  {'target':6}  "
        "attacker outcome"
    )
    for name, out, daily, guess in rows:
        worst = max(pct(daily, 0.99), pct(guess, 0.99))
        verdict = "ok" if worst < TARGET_MS else "over"
        outcome = ", ".join(f"{k} x{v}" for k, v in sorted(out.items())) or "-"
        print(
            f"{name:13} {pct(daily, 0.5):7.1f} / {pct(daily, 0.99):7.1f} "
            f"{pct(guess, 0.5):7.1f} / {pct(guess, 0.99):7.1f}  {verdict:6}  {outcome}"
        )
        if not daily:
            print("  (the probe measured nothing)")


if __name__ == "__main__":
    main()
