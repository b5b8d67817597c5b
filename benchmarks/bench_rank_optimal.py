"""What ranking every first guess exactly costs: a random sample of first guesses, each
solved as `wordle rank-openers --method optimal` solves it (a fresh solver per word), and
the projected wall time of the complete table on 1, 2 and 64 cores.

Run: ``.venv/bin/python benchmarks/bench_rank_optimal.py --mode hard --sample 200``. Each word
gets at most ``--budget`` seconds (a word stopped there counts as that long: the projection
is then a lower bound, and the run says how many were stopped). Lines are appended to
``--out`` as JSON as they finish, so a long run can be read while it goes and resumed.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from pathlib import Path


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mode", choices=["normal", "hard", "ultrahard"], default="normal")
    ap.add_argument("--sample", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--lists", default="nyt")
    ap.add_argument("--budget", type=float, default=120.0)
    ap.add_argument("--out", default=None)
    args = ap.parse_args()

    from wordlekit.budget import Budget
    from wordlekit.core.rules import Mode
    from wordlekit.core.words import WordList
    from wordlekit.errors import BudgetExceeded
    from wordlekit.fast.matrix import PatternMatrix
    from wordlekit.solve.objectives import evaluate
    from wordlekit.solve.optimal import Position, make_solver

    wl = WordList.load(args.lists)
    pm = PatternMatrix.for_list(wl)
    pool = list(wl.answers) if args.mode == "ultrahard" else list(wl.guesses)
    words = random.Random(args.seed).sample(pool, min(args.sample, len(pool)))
    out = Path(args.out or f"/tmp/rank-optimal-{args.mode}-{args.lists}.jsonl")
    done = {}
    if out.exists():
        for line in out.read_text().splitlines():
            row = json.loads(line)
            done[row["word"]] = row
    mode = Mode.parse(args.mode)
    # compile every kernel before timing anything
    warm = make_solver(pm, mode)
    try:
        with Budget(seconds=10).active():
            root = Position.from_turns(pm, mode=mode, solver=warm)
            evaluate(root, "salet" if mode is not Mode.ULTRAHARD else pool[0])
    except BudgetExceeded:
        pass
    for i, w in enumerate(words, start=1):
        if w in done:
            continue
        solver = make_solver(pm, mode, memo_cap=4_000_000)
        root = Position.from_turns(pm, mode=mode, solver=solver)
        t0 = time.perf_counter()
        try:
            with Budget(seconds=args.budget).active():
                o = evaluate(root, w)
            status = "exact" if o.feasible else "infeasible"
            total = o.total
        except BudgetExceeded:
            status, total = "stopped", None
        row = {
            "word": w,
            "status": status,
            "total": total,
            "seconds": round(time.perf_counter() - t0, 3),
            "nodes": solver.nodes,
        }
        done[w] = row
        with out.open("a") as f:
            f.write(json.dumps(row) + "\n")
        line = f"{i:>4} {w} {status:<10} {total!s:>6} {row['seconds']:>8.2f} s {solver.nodes:>9,}"
        print(line, flush=True)
    report(
        list(done[w] for w in words if w in done),
        len(wl.guesses) if mode is not Mode.ULTRAHARD else len(pool),
        args,
    )


def report(rows: list[dict], n_all: int, args: argparse.Namespace) -> None:
    secs = sorted(r["seconds"] for r in rows)
    k = len(secs)
    if not k:
        return
    by = {s: sum(r["status"] == s for r in rows) for s in ("exact", "infeasible", "stopped")}
    mean = statistics.fmean(secs)
    print(
        f"\n{args.mode} mode, {args.lists} lists: {k} first guesses sampled (seed {args.seed}); "
        f"{by['exact']} exact, {by['infeasible']} proven infeasible, {by['stopped']} stopped at "
        f"{args.budget:g} s"
    )
    print(
        f"seconds per opener: median {statistics.median(secs):.2f}, 90th percentile "
        f"{secs[min(k - 1, int(0.9 * k))]:.2f}, worst {secs[-1]:.2f}, mean {mean:.2f}"
    )
    inf = [r["seconds"] for r in rows if r["status"] == "infeasible"]
    if inf:
        print(f"infeasible proofs: median {statistics.median(inf):.3f} s, worst {max(inf):.3f} s")
    for cores in (1, 2, 64):
        hours = mean * n_all / cores / 3600
        bound = " (a lower bound: some words were stopped)" if by["stopped"] else ""
        print(
            f"projected complete table ({n_all:,} openers) on {cores:>2} cores: "
            f"{hours:,.1f} h{bound}"
        )


if __name__ == "__main__":
    main()
