"""How soon ``wordle serve`` answers: the page, a game, a guess and the statistics, and then
the first expensive request (the helper), on an empty cache and numba cache, then warm.

Run: ``.venv/bin/python benchmarks/bench_startup.py`` (this checkout's venv: cold then warm,
``--runs`` times each), or ``--fresh-clone`` to also time the whole first ``make run`` of a
fresh ``git clone`` of this repository (venv and install included; that needs the package
registry). Each start gets temporary folders for the games, the caches
(``WORDLEKIT_CACHE_DIR``, ``WORDLEKIT_DATA_DIR``) and numba's compiled code
(``NUMBA_CACHE_DIR``): "cold" is a first start on a machine that never ran wordlekit, "warm" a
restart with the same folders. Times are from the start of the command; a request that is
refused (503 "warming up", or no connection yet) is retried every 0.1 s. Target (issue 22):
the page within 10 s of ``wordle serve`` on an empty cache and numba cache.
"""

from __future__ import annotations

import argparse
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
TARGET_PAGE = 10.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def until(url: str, start: float, give_up: float, check: object = None, **request: object) -> float:
    """Seconds from ``start`` until ``url`` answers 2xx (retrying refusals and 503s)."""
    method = "POST" if "json" in request else "GET"
    while time.monotonic() - start < give_up:
        try:
            r = httpx.request(method, url, timeout=30, **request)  # type: ignore[arg-type]
        except httpx.TransportError:
            time.sleep(0.1)
            continue
        if r.is_success:
            return time.monotonic() - start
        if r.status_code != 503:
            raise SystemExit(f"{url}: HTTP {r.status_code} {r.text[:200]}")
        time.sleep(0.1)
    return float("nan")


def one_start(
    command: list[str], env: dict[str, str], cwd: Path, give_up: float
) -> dict[str, float]:
    """Start the server, time its first answers, stop it."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    start = time.monotonic()
    proc = subprocess.Popen(
        [*command, "--port", str(port)],
        cwd=cwd,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        figures = {"page": until(base + "/", start, give_up)}
        with httpx.Client(base_url=base, timeout=30) as client:
            t = time.monotonic()
            game = client.post("/api/games", json={"kind": "practice", "seed": 1})
            game.raise_for_status()
            client.post(
                f"/api/games/{game.json()['id']}/guesses", json={"guess": "crane"}
            ).raise_for_status()
            client.get("/api/stats").raise_for_status()
            figures["game+guess+stats"] = time.monotonic() - t
        figures["helper"] = until(base + "/api/assist", start, give_up, json={"turns": []})
        return figures
    finally:
        os.killpg(proc.pid, 15)
        proc.wait(10)


def folders(root: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        WORDLEKIT_CACHE_DIR=str(root / "cache"),
        WORDLEKIT_DATA_DIR=str(root / "data"),
        NUMBA_CACHE_DIR=str(root / "numba"),
    )
    return env


def show(label: str, runs: list[dict[str, float]]) -> None:
    keys = runs[0].keys()
    cells = "  ".join(f"{k} {statistics.median(r[k] for r in runs):6.2f} s" for k in keys)
    print(f"{label:<26} {cells}   (median of {len(runs)})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1, help="starts of each kind (median)")
    parser.add_argument("--fresh-clone", action="store_true", help="also a fresh clone's make run")
    parser.add_argument("--give-up", type=float, default=300.0, help="seconds per start")
    args = parser.parse_args()
    serve = [sys.executable, "-c", "from wordlekit.cli import main; main()", "serve"]
    cold: list[dict[str, float]] = []
    warm: list[dict[str, float]] = []
    for _ in range(args.runs):
        with tempfile.TemporaryDirectory(prefix="wordlekit-startup-") as tmp:
            env = folders(Path(tmp))
            cold.append(one_start(serve, env, ROOT, args.give_up))
            warm.append(one_start(serve, env, ROOT, args.give_up))
    print("wordle serve, from the start of the command (quick requests, then the helper):")
    show("empty cache + numba cache", cold)
    show("warm restart", warm)
    page = statistics.median(r["page"] for r in cold)
    verdict = "ok" if page <= TARGET_PAGE else "over"
    print(f"target: the page within {TARGET_PAGE:g} s on an empty cache: {page:.2f} s {verdict}")
    if args.fresh_clone:
        with tempfile.TemporaryDirectory(prefix="wordlekit-clone-") as tmp:
            clone = Path(tmp) / "wordlekit"
            subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True)
            env = folders(Path(tmp))
            env.pop("VIRTUAL_ENV", None)
            make = shutil.which("make") or "make"
            # make run's own port is fixed: run what it runs, on a free port, after its set-up
            start = time.monotonic()
            subprocess.run([make, "install"], cwd=clone, env=env, check=True)
            installed = time.monotonic() - start
            first = one_start([str(clone / ".venv/bin/wordle"), "serve"], env, clone, args.give_up)
            print(
                f"fresh clone, make run: install {installed:.1f} s, then page "
                f"{first['page']:.2f} s, helper {first['helper']:.2f} s "
                f"(page {installed + first['page']:.1f} s after make run)"
            )


if __name__ == "__main__":
    main()
