"""Play given multi-board games with Doddle's simultaneous solver (run by Doddle's own venv).

Driven by ``bench_variants.py`` as a subprocess with the Python of a separate virtual
environment that has ``doddle`` installed (Doddle 1.6 needs numpy < 1.25), so nothing of
Doddle enters wordlekit's environment and no code of Doddle's is copied: this script only
calls its public engine. Reads a JSON file named by its argument::

    {"solver": "entropy", "games": [["cigar", "humor", ...], ...]}

(a second argument names a log file that gets one line per game as it ends: its number,
rounds and seconds) and writes one JSON object on stdout: the rounds each game took (Doddle
plays every game to its end), the seconds the games took (set-up excluded) and the set-up
seconds.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path


def main() -> None:
    job = json.loads(Path(sys.argv[1]).read_text())
    t0 = time.perf_counter()
    from doddle import Doddle  # type: ignore[import-not-found]
    from doddle.words import Word  # type: ignore[import-not-found]

    # lazy_eval=False scores every word pair up front, as Doddle advises for many games.
    doddle = Doddle(size=5, solver_type=job["solver"].upper(), lazy_eval=False)
    doddle.histogram_builder.score_matrix.precompute()
    setup = time.perf_counter() - t0
    rounds = []
    # Each game's result is also appended to the log file (if given) as it ends, so a run cut
    # short still tells how the games played so far went.
    log = open(sys.argv[2], "a") if len(sys.argv) > 2 else None  # noqa: SIM115
    t1 = time.perf_counter()
    for k, answers in enumerate(job["games"]):
        g0 = time.perf_counter()
        game = doddle.simul_engine.run([Word(a) for a in answers], [])
        rounds.append(int(game.rounds))
        if log is not None:
            log.write(f"{k} {game.rounds} {time.perf_counter() - g0:.4f}\n")
            log.flush()
        if job.get("progress") and (k + 1) % 50 == 0:
            print(f"doddle {job['solver']}: {k + 1} games", file=sys.stderr, flush=True)
    seconds = time.perf_counter() - t1
    json.dump({"rounds": rounds, "seconds": seconds, "setup_seconds": setup}, sys.stdout)


if __name__ == "__main__":
    main()
