"""What a game's view, the statistics and a stored game cost (issue 22: B2, B3, W3).

- **views**: p50/p99 of a GET of a game and of a guess, through the services
  (``load_game`` + ``view``; ``play_guess`` + ``view``) and through the web app in process
  (``TestClient``: the JSON included), on 1-, 8- and 32-board games (64 guesses allowed, the
  web's cap) after 10, 30 and 63 guesses. Guesses never solve a board, so every board is
  played on every turn: the most work a game of that size asks for.
- **stats**: ``GameStore.stats`` (and GET /api/stats) for a player with 20,000 finished
  practice games (built through the store directly, as the report's attacker built them with
  seeded games: create, then guess the seed's answer).
- **disk**: bytes a stored game adds to the SQLite file (WAL checkpointed), for a classic game
  and a 32-board one, new (as a flood of creations leaves them) and after 6 guesses; and what
  storing a new game costs (a player with 150 unfinished ones included: past the cap).

Run: ``PYTHONPATH=src .venv/bin/python benchmarks/bench_views.py`` (``--runs`` samples a
figure; ``--only views|stats|disk``). The figures change with the machine's load: compare
runs made one after the other.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from fastapi.testclient import TestClient

from wordlekit.core.game import Game, Variant
from wordlekit.core.variants import variant_for
from wordlekit.core.words import WordList
from wordlekit.services.games import (
    GameRequest,
    load_game,
    play_guess,
    player_stats,
    start_game,
    view,
)
from wordlekit.services.pool import PoolConfig, WorkPool
from wordlekit.store.games import GameStore
from wordlekit.web.api import ServerSettings, create_app

WL = WordList.bundled()
CLASSIC = variant_for("classic")
PLAYER = "bench-player-0000000001"
#: The web's caps (web/models.py): 32 boards, 64 guesses.
SIZES = (1, 8, 32)
PLAYED = (10, 30, 63)
MAX_GUESSES = 64


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def timed(fn: Callable[[], object], runs: int) -> tuple[float, float]:
    """p50 and p99 in ms of ``runs`` calls of ``fn``."""
    took = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        took.append((time.perf_counter() - t) * 1000)
    return statistics.median(took), pct(took, 0.99)


def timed_each(
    prepare: Callable[[], str], fn: Callable[[str], object], runs: int
) -> tuple[float, float]:
    """p50 and p99 in ms of ``fn(prepare())``, ``prepare`` left out of the time."""
    took = []
    for _ in range(runs):
        arg = prepare()
        t = time.perf_counter()
        fn(arg)
        took.append((time.perf_counter() - t) * 1000)
    return statistics.median(took), pct(took, 0.99)


def unsolving_guesses(game: Game, n: int, rng: random.Random) -> list[str]:
    """``n`` different words, none of them an answer of ``game``."""
    secret = set(game.secret)
    pool = [w for w in WL.answers if w not in secret]
    return rng.sample(pool, n)


def game_at(variant: Variant, played: int, seed: int) -> tuple[Game, list[str]]:
    """A practice game of ``variant`` after ``played`` guesses, and one more to play."""
    game = variant.practice(seed, wordlist=WL)
    words = unsolving_guesses(game, played + 1, random.Random(seed))
    return game.replay(words[:played]), words[played:]


def bench_views(folder: Path, runs: int) -> None:
    app = create_app(folder / "views.sqlite3", WL, ServerSettings(), pool=_idle_pool())
    # the app's own store: games are stored (and so cached) where its routes read them
    store: GameStore = app.state.context.store
    client = TestClient(app, cookies={"wordlekit_player": PLAYER})
    print(f"views: p50 / p99 in ms ({runs} samples; 64 guesses allowed, 30 on one board)")
    print(f"{'boards':>6} {'guesses':>7}  {'GET cold':>13}  {'GET svc':>13}  {'GET http':>13}  "
          f"{'guess svc':>13}  {'guess http':>13}  {'view KB':>7}")  # fmt: skip
    for boards in SIZES:
        # one board allows 30 guesses at most (rules.py): its last figure is at 29
        limit = min(MAX_GUESSES, 10 * boards + 20)
        variant = variant_for(boards=boards, max_guesses=limit)
        for played in sorted({min(n, limit - 1) for n in PLAYED}):
            game, (extra,) = game_at(variant, played, seed=boards * 100 + played)
            gid = store.insert(PLAYER, game, "practice", None, None).id
            # cold: nothing kept in memory (a restart, or more big games than the cache holds)
            get_cold = timed_each(
                lambda: _forget(store, gid),  # noqa: B023
                lambda gid: view(load_game(store, gid, PLAYER)),
                runs,
            )
            get_svc = timed(lambda: view(load_game(store, gid, PLAYER)), runs)  # noqa: B023
            r = client.get(f"/api/games/{gid}")
            assert r.status_code == 200, r.text
            size = len(r.content) / 1024
            get_http = timed(lambda: client.get(f"/api/games/{gid}"), runs)  # noqa: B023
            # a guess changes its game: each sample plays on a copy of its own, stored and
            # shown (as the page showed it before the guess) before its clock starts
            guess_svc = timed_each(
                lambda: shown_copy(store, game),  # noqa: B023
                lambda gid: view(play_guess(store, gid, PLAYER, extra)),  # noqa: B023
                runs,
            )
            guess_http = timed_each(
                lambda: shown_copy(store, game),  # noqa: B023
                lambda gid: client.post(
                    f"/api/games/{gid}/guesses",
                    json={"guess": extra},  # noqa: B023
                ),
                runs,
            )
            print(f"{boards:>6} {played:>7}  {_ms(get_cold)}  {_ms(get_svc)}  {_ms(get_http)}  "
                  f"{_ms(guess_svc)}  {_ms(guess_http)}  {size:>7.0f}")  # fmt: skip


def shown_copy(store: GameStore, game: Game) -> str:
    """A new copy of ``game`` stored, and its view made, as a player would have seen it."""
    gid = store.insert(PLAYER, game, "practice", None, None).id
    view(load_game(store, gid, PLAYER))
    return gid


def _forget(store: GameStore, gid: str) -> str:
    """Empty the store's cache of restored games (a store without one has nothing to empty)."""
    cache = getattr(store, "cache", None)
    if cache is not None:
        cache.clear()
    return gid


def _ms(p: tuple[float, float]) -> str:
    return f"{p[0]:>6.2f} /{p[1]:>6.2f}"


def _idle_pool() -> WorkPool:
    """A pool never started: the game routes measured here do not use it."""
    return WorkPool(WL, PoolConfig(workers=1))


def seed_finished(store: GameStore, n: int, variant: Variant) -> None:
    """``n`` finished practice games of ``PLAYER`` (about 4 in 5 won), written in batches."""
    rng = random.Random(7)
    losing = unsolving_guesses(variant.practice(0, wordlist=WL), 6, rng)
    done = 0
    while done < n:
        with store.transaction():
            for _ in range(min(1000, n - done)):
                game = variant.practice(rng.randrange(10**6), wordlist=WL)
                answer = game.secret[0]
                if rng.random() < 0.8:
                    words = [w for w in losing[: rng.randrange(5)] if w != answer] + [answer]
                else:
                    words = [w for w in losing if w != answer][:5]
                    words += [w for w in WL.answers if w != answer and w not in words][:1]
                store.insert(PLAYER, game.replay(words), "practice", None, None)
                done += 1


def bench_stats(folder: Path, runs: int, games: int) -> None:
    store = GameStore(folder / "stats.sqlite3", WL)
    classic = variant_for("classic")
    t = time.perf_counter()
    seed_finished(store, games, classic)
    made = time.perf_counter() - t
    s = player_stats(store, PLAYER, classic)
    assert s.practice.played == games, s.practice
    app = create_app(store.path, WL, ServerSettings(), pool=_idle_pool())
    client = TestClient(app, cookies={"wordlekit_player": PLAYER})
    print(f"stats: {games:,} finished practice games of one player (made in {made:.1f} s; "
          f"won {s.practice.wins:,}, best streak {s.practice.max_streak})")  # fmt: skip
    print(
        f"  GameStore.stats p50 / p99: {_ms(timed(lambda: store.stats(PLAYER, classic), runs))} ms"
    )
    print(f"  GET /api/stats  p50 / p99: {_ms(timed(lambda: client.get('/api/stats'), runs))} ms")
    # the daily figures are read game by game: at most one a puzzle date, every date played
    archive = "archive-player-0001"
    first = dt.date(2021, 6, 19)
    days = (dt.date.today() - first).days + 1
    with store.transaction():
        for n in range(days):
            game = classic.daily(first + dt.timedelta(days=n), wordlist=WL)
            won = game.replay([game.secret[0]])
            store.insert(archive, won, "daily", (first + dt.timedelta(days=n)).isoformat(), None)
    took = timed(lambda: store.stats(archive, classic), runs)
    print(f"  a player who won all {days:,} daily puzzles: GameStore.stats {_ms(took)} ms")


def db_bytes(path: str) -> int:
    """The database's size once its WAL is written back (what the games take on disk)."""
    conn = sqlite3.connect(path)
    try:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        conn.close()
    return sum(os.path.getsize(p) for p in (path, path + "-wal") if os.path.exists(p))


def bench_disk(folder: Path, games: int) -> None:
    print(f"disk: bytes per stored game ({games:,} games of each kind, WAL checkpointed)")
    for name in ("classic", "duotrigordle"):
        variant = variant_for(name)
        for played in (0, 6):
            store = GameStore(folder / f"disk-{name}-{played}.sqlite3", WL)
            before = db_bytes(store.path)
            with store.transaction():
                for i in range(games):
                    game, _ = game_at(variant, played, seed=i) if played else (
                        variant.practice(i, wordlist=WL), [])  # fmt: skip
                    store.insert(f"player-{i % 50:016d}", game, "practice", None, i)
            per = (db_bytes(store.path) - before) / games
            print(f"  {name:>12}, {played} guesses: {per:,.0f} B a game")


def bench_create(folder: Path, runs: int) -> None:
    """A new practice game stored (its own transaction, as a request makes it): by a player
    with a few unfinished games, and by one holding 150 (past the cap of 100 unfinished ones
    where there is one: each new game then deletes the oldest)."""
    store = GameStore(folder / "create.sqlite3", WL)
    with store.transaction():
        for i in range(150):
            store.insert("flooder-000000001", CLASSIC.practice(i, wordlist=WL), "practice", None, i)
    print(f"create: p50 / p99 in ms of a new practice game stored ({runs} samples)")
    for player in ("player-0000000001", "flooder-000000001"):
        took = timed(
            lambda: start_game(store, player, GameRequest(kind="practice")),  # noqa: B023
            runs,
        )
        print(f"  {player}: {_ms(took)}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=50)
    ap.add_argument("--games", type=int, default=20_000, help="finished games for stats")
    ap.add_argument("--disk-games", type=int, default=2_000)
    ap.add_argument("--only", choices=("views", "stats", "disk"))
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        if args.only in (None, "views"):
            bench_views(folder, args.runs)
        if args.only in (None, "stats"):
            bench_stats(folder, args.runs, args.games)
        if args.only in (None, "disk"):
            bench_disk(folder, args.disk_games)
            bench_create(folder, args.runs)


if __name__ == "__main__":
    main()
