"""Multi-board bots side by side: wordlekit's against Doddle's simultaneous solver.

The same seeded games (``random_games(boards, games, seed)``: distinct answers of the
original list, the list Doddle 1.6 uses for five letters: 2,315 answers and 10,657 more
guesses) are played by

- wordlekit's ``finisher`` and ``sum-entropy`` strategies, in this process, and
- Doddle's simultaneous solver (``entropy`` and ``minimax``), each in a subprocess running
  ``benchmarks/doddle_driver.py`` with the Python of a separate virtual environment where
  ``doddle`` is installed (``--doddle-python``; Doddle needs numpy < 1.25).

Every bot plays each game to its end; a game is won when every board was solved within the
variant's limit (Quordle 9, Octordle 13). The mean counts every game. Seconds are the games'
wall time, set-up excluded (Doddle's set-up, scoring every word pair, is shown apart).

Run: ``.venv/bin/python benchmarks/bench_variants.py --games 1000 --seed 2026``
(``--jobs 2`` runs two Doddle solvers at once; on a shared machine read the seconds as
rough).

``--mode hard`` (or ``ultrahard``) plays ours under that mode on several boards
(:data:`wordlekit.core.rules.BOARDS_HARD_RULE`): Doddle has no such mode, so it is not run
then. Under it some games cannot be finished (a board whose answer breaks another board's
hints waits for it): those count as lost, and the mean is over the finished games.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from wordlekit.core.rules import Mode
from wordlekit.core.variants import variant_for
from wordlekit.core.wordle import random_games
from wordlekit.core.words import WordList
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.solve.boards_play import benchmark_boards

HERE = Path(__file__).resolve().parent
DRIVER = HERE / "doddle_driver.py"
DEFAULT_DODDLE = "/work/doddle-venv/bin/python"
TARGET_QUORDLE = 0.999


class DoddleRun:
    """Doddle's solver on a list of games, in ``chunks`` processes at once (each plays a
    contiguous part; the seconds reported are their sum, as if one process played them
    all, so they compare with ours)."""

    def __init__(self, python: str, solver: str, games: list[tuple[str, ...]], chunks: int):
        self.procs: list[subprocess.Popen[str]] = []
        size = -(-len(games) // max(1, chunks))
        for start in range(0, len(games), size):
            job = tempfile.NamedTemporaryFile("w", suffix=".json", delete=False)  # noqa: SIM115
            with job:
                part = games[start : start + size]
                json.dump({"solver": solver, "games": part, "progress": True}, job)
            log = job.name.replace(".json", ".log")
            self.procs.append(
                subprocess.Popen(
                    [python, str(DRIVER), job.name, log], stdout=subprocess.PIPE, text=True
                )
            )

    def result(self) -> dict[str, Any] | None:
        rounds: list[int] = []
        seconds = setup = 0.0
        for proc in self.procs:
            out, _ = proc.communicate()
            if proc.returncode != 0:
                return None
            res = json.loads(out)
            rounds += res["rounds"]
            seconds += res["seconds"]
            setup = max(setup, res["setup_seconds"])
        return {"rounds": rounds, "seconds": seconds, "setup_seconds": setup}


def _cache_file(folder: Path | None, solver: str, games: list[tuple[str, ...]]) -> Path | None:
    if folder is None:
        return None
    digest = hashlib.sha256(json.dumps([solver, games]).encode()).hexdigest()[:16]
    return folder / f"doddle-{solver}-{len(games)}-{digest}.json"


def _row(
    variant: str,
    bot: str,
    rounds: list[int],
    limit: int,
    seconds: float,
    extra: str = "",
    lost: int = 0,
) -> dict[str, object]:
    """A bot's figures over games that took ``rounds`` guesses each, and ``lost`` more games
    never finished (counted as games, apart from the mean)."""
    n = len(rounds) + lost
    wins = sum(r <= limit for r in rounds)
    hist: dict[int, int] = {}
    for r in rounds:
        hist[r] = hist.get(r, 0) + 1
    row = {
        "variant": variant,
        "bot": bot,
        "games": n,
        "mean": sum(rounds) / len(rounds) if rounds else None,  # over the finished games
        "unfinished": lost,
        "wins": wins,
        "win_rate": wins / n,
        "seconds": seconds,
        "histogram": dict(sorted(hist.items())),
        "note": extra,
    }
    mean = "-" if row["mean"] is None else f"{row['mean']:.4f}"
    print(
        f"  {variant:<9} {bot:<22} {n:5d} games  mean {mean}  "
        f"won {wins}/{n} ({100 * wins / n:.2f} %)  {seconds:8.1f} s  "
        f"({1000 * seconds / n:7.1f} ms/game)  {extra}"
        + (f"  {lost} never finished" if lost else ""),
        flush=True,
    )
    print(f"  {'':<9} {'':<22} distribution {dict(sorted(hist.items()))}", flush=True)
    return row


def _ours(
    variant: str, strategy: str, games: list[tuple[str, ...]], seed: int, mode: str = "normal"
) -> tuple[list[int], float, int]:
    """One of our strategies on the games (in a worker process): turns per finished game,
    seconds, games never finished."""
    pm = PatternMatrix.for_list(WordList.bundled("original"))
    v = variant_for(variant)
    res = benchmark_boards(
        pm, strategy, v, len(games), seed, answer_sets=games, mode=Mode.parse(mode)
    )
    finished = [p.turns for p in res.plays if p.finished]
    return finished, res.seconds, len(res.plays) - len(finished)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--variants", default="quordle,octordle")
    ap.add_argument("--ours", default="lookahead,finisher,sum-entropy")
    ap.add_argument("--doddle", default="entropy,minimax", help="Doddle solvers ('' for none)")
    ap.add_argument("--doddle-python", default=DEFAULT_DODDLE)
    ap.add_argument("--jobs", type=int, default=1, help="Doddle solvers run at once")
    ap.add_argument("--ours-jobs", type=int, default=1, help="our strategies run at once")
    ap.add_argument(
        "--doddle-chunks", type=int, default=1, help="processes for each Doddle solver's games"
    )
    ap.add_argument(
        "--doddle-cache",
        type=Path,
        help="keep Doddle's results here, by solver and games (they never change), and reuse "
        "them: Doddle takes about a second a game",
    )
    ap.add_argument("--json", type=Path, help="also write the rows to this file")
    ap.add_argument(
        "--mode",
        choices=[m.value for m in Mode],
        default="normal",
        help="the rules ours play under (Doddle is not run outside normal mode)",
    )
    args = ap.parse_args()
    if args.mode != "normal":
        args.doddle = ""

    wl = WordList.bundled("original")
    PatternMatrix.for_list(wl)  # built and cached once, before the workers read it
    variants = [variant_for(v) for v in args.variants.split(",") if v]
    games = {v.name: random_games(v.boards, args.games, args.seed, wl) for v in variants}
    print(
        f"Multi-board bots on the same {args.games:,} seeded games (seed {args.seed}, "
        f"original lists: {len(wl.answers):,} answers, {len(wl.guesses):,} guesses, "
        f"{args.mode} mode)",
        flush=True,
    )
    # Doddle is slow (about a second a game): start its jobs first, and play ours meanwhile
    # only when asked to share the machine (--jobs > 1); otherwise one after the other.
    solvers = [s for s in args.doddle.split(",") if s]
    pending = [(v, s) for v in variants for s in solvers]
    rows: list[dict[str, object]] = []
    # Ours, each (variant, strategy) in a process of its own when --ours-jobs > 1 (the
    # lookahead takes a while); the seconds are measured inside each process.
    jobs = [(v.name, name) for v in variants for name in args.ours.split(",") if name]
    with ProcessPoolExecutor(max_workers=max(1, args.ours_jobs)) as pool:
        futures = [
            pool.submit(_ours, vname, name, games[vname], args.seed, args.mode)
            for vname, name in jobs
        ]
        for (vname, name), fut in zip(jobs, futures, strict=True):
            turns, seconds, lost = fut.result()
            limit = variant_for(vname).max_guesses
            bot = f"wordlekit {name}" + ("" if args.mode == "normal" else f" ({args.mode})")
            rows.append(_row(vname, bot, turns, limit, seconds, lost=lost))
    running: list[tuple[object, DoddleRun | None, float]] = []
    while pending or running:
        while pending and len(running) < max(1, args.jobs):
            v, s = pending.pop(0)
            cached = _cache_file(args.doddle_cache, s, games[v.name])
            proc = (
                None
                if cached is not None and cached.is_file()
                else DoddleRun(args.doddle_python, s, games[v.name], args.doddle_chunks)
            )
            running.append(((v, s), proc, time.time()))
        (v, s), proc, _ = running.pop(0)  # type: ignore[misc]
        cached = _cache_file(args.doddle_cache, s, games[v.name])
        if proc is None and cached is not None and cached.is_file():
            dres: dict[str, Any] = json.loads(cached.read_text())
            note = f"(set-up {dres['setup_seconds']:.1f} s; measured {dres['measured']}, cached)"
        else:
            assert proc is not None
            got = proc.result()
            if got is None:
                print(f"  doddle {s} on {v.name} failed", file=sys.stderr)
                continue
            dres = got
            dres["measured"] = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
            if cached is not None:
                cached.parent.mkdir(parents=True, exist_ok=True)
                cached.write_text(json.dumps(dres))
            note = f"(set-up {dres['setup_seconds']:.1f} s)"
        rows.append(
            _row(v.name, f"doddle {s}", dres["rounds"], v.max_guesses, dres["seconds"], note)
        )
    print()
    for v in variants:
        vrows = [r for r in rows if r["variant"] == v.name]
        ours = [r for r in vrows if str(r["bot"]).startswith("wordlekit finisher")]
        theirs = [r for r in vrows if str(r["bot"]).startswith("doddle")]
        if not ours or not theirs:
            continue
        o = ours[0]
        best = max(theirs, key=lambda r: (float(r["win_rate"]), -float(r["mean"])))  # type: ignore[arg-type]
        ok_win = float(o["win_rate"]) >= float(best["win_rate"])  # type: ignore[arg-type]
        ok_mean = float(o["mean"]) <= float(best["mean"])  # type: ignore[arg-type]
        print(
            f"  {v.name}: finisher vs best Doddle ({best['bot']}): win rate "
            f"{'met' if ok_win else 'MISSED'}, mean {'met' if ok_mean else 'MISSED'}, "
            f"speed {float(best['seconds']) / max(float(o['seconds']), 1e-9):.0f}x"  # type: ignore[arg-type]
        )
        if v.name == "quordle":
            met = float(o["win_rate"]) >= TARGET_QUORDLE  # type: ignore[arg-type]
            print(f"  quordle: >= 99.9 % won within 9: {'met' if met else 'MISSED'}")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
