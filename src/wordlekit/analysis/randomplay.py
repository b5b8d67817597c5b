"""Random consistent play: exactly how many guesses it takes to guess at random among the
words still possible, per hidden word.

The list is both what may be guessed and what may be the answer (as when a helper shows "the
words still possible" and you pick one). For a hidden word, :func:`random_play` gives exactly
the expected number of guesses, the worst case (the longest run of unlucky picks) and the
probability of needing more than six, by recursion over the consistent sets with a memo (see
:mod:`wordlekit.analysis._random_jit`). :func:`simulate` is the Monte Carlo cross-check with a 99.9%
confidence interval. :func:`run_all` does every hidden word on all cores, storing each result
in SQLite as soon as it is known, so a stopped run resumes without recomputing anything.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import numpy.typing as npt

from wordlekit.analysis import _random_jit as jit
from wordlekit.core.words import WordList
from wordlekit.errors import WordleError
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.solve.counts import Counted, GuessCounts
from wordlekit.store.database import connect

#: z for a two-sided 99.9% interval: a fixed-seed test must not fail by bad luck.
Z_999 = 3.2905
#: The confidence of those intervals.
CONFIDENCE = 0.999


@dataclass(frozen=True)
class RandomPlay:
    """Exact figures of random consistent play on one hidden word."""

    word: str
    expected: float
    worst: int
    p_over_6: float
    sets: int  # distinct consistent sets solved (memo entries)
    seconds: float


@dataclass(frozen=True)
class Simulation(Counted):
    """A Monte Carlo estimate with its 99.9% confidence intervals; ``counts`` has the
    simulated games' distribution of guesses."""

    word: str
    seed: int
    counts: GuessCounts
    mean_low: float
    mean_high: float
    p_low: float
    p_high: float
    #: The share of the games needing more than six guesses; the most guesses a game took;
    #: the confidence of the intervals.
    p_over_6: float = field(init=False, compare=False)
    worst_seen: int = field(init=False, compare=False)
    confidence: float = field(init=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "p_over_6", self.counts.failures / self.counts.games)
        object.__setattr__(self, "worst_seen", self.counts.max)
        object.__setattr__(self, "confidence", CONFIDENCE)


class Solver:
    """The matrix (answers x answers), hash keys and memo table, built once per list."""

    def __init__(self, wordlist: WordList) -> None:
        self.wordlist = wordlist
        answers = wordlist.answers
        self.n = len(answers)
        if wordlist.allowed:
            # Only the answers take part: the list is both the guesses and the answers.
            wordlist = WordList(wordlist.name, answers)
        pm = PatternMatrix.for_list(wordlist)
        self.matrix = np.ascontiguousarray(pm.data[: self.n, : self.n])
        rng = np.random.default_rng(0xC0FFEE)
        self.z1 = rng.integers(0, 2**63, self.n, dtype=np.uint64)
        self.z2 = rng.integers(0, 2**63, self.n, dtype=np.uint64)
        # Measured on the original list: up to 2.7 million sets per word (HATER); 8.4 M slots
        # of 64 bytes, of which 70% are used before it stops storing: ~540 MB per process.
        cap = 1 << max(16, math.ceil(math.log2(max(self.n, 16) * 3600)))
        # one 64-byte record per set, seen as integers (keys) and as floats (values)
        self.table = np.zeros((cap, 8), dtype=np.uint64)
        self.table_f = self.table.view(np.float64)
        self.pool = np.empty((self.n + 2, self.n), dtype=np.int32)

    def solve(self, word: str) -> RandomPlay:
        h = self.wordlist.answer_index(self.wordlist.check_answer(word))
        self.table[:, 0] = 0
        stats = np.zeros(3, dtype=np.int64)
        self.pool[0] = np.arange(self.n, dtype=np.int32)
        hk1 = np.uint64(int(self.z1.sum(dtype=np.uint64)))
        hk2 = np.uint64(int(self.z2.sum(dtype=np.uint64)))
        t0 = time.perf_counter()
        r = jit.expect(
            self.pool,
            0,
            self.n,
            h,
            hk1,
            hk2,
            self.matrix,
            self.table,
            self.table_f,
            stats,
            self.z1,
            self.z2,
        )
        seconds = time.perf_counter() - t0
        return RandomPlay(
            word=self.wordlist.answers[h],
            expected=float(r[0]),
            worst=int(r[1]),
            p_over_6=max(0.0, 1.0 - float(r[7])),
            sets=int(stats[jit.COMPUTED]),
            seconds=seconds,
        )

    def simulate(self, word: str, games: int, seed: int = 0) -> Simulation:
        if games < 2:
            raise WordleError("simulate at least 2 games")
        h = self.wordlist.answer_index(self.wordlist.check_answer(word))
        out = np.empty(games, dtype=np.int32)
        jit.simulate(self.matrix, h, games, seed, out)
        return summarize(self.wordlist.answers[h], out, seed)


def summarize(word: str, guesses: npt.NDArray[np.int32], seed: int) -> Simulation:
    """The figures of simulated games (``guesses``: each game's number of guesses)."""
    counts = GuessCounts.of(guesses)
    n = counts.games
    half = Z_999 * float(guesses.std(ddof=1)) / math.sqrt(n)
    over = counts.failures / n
    # Wilson score interval: stays inside [0, 1] and behaves for rare events.
    z2 = Z_999**2
    centre = (over + z2 / (2 * n)) / (1 + z2 / n)
    spread = Z_999 * math.sqrt(over * (1 - over) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return Simulation(
        word,
        seed,
        counts,
        counts.mean - half,
        counts.mean + half,
        max(0.0, centre - spread),
        min(1.0, centre + spread),
    )


def random_play(word: str, wordlist: WordList | None = None) -> RandomPlay:
    """Exact random-play figures for one hidden word (see the module docstring)."""
    return Solver(wordlist or WordList.bundled()).solve(word)


def simulate(word: str, games: int, seed: int = 0, wordlist: WordList | None = None) -> Simulation:
    """Monte Carlo estimate of random play on ``word`` (``games`` games, seeded)."""
    return Solver(wordlist or WordList.bundled()).simulate(word, games, seed)


# Every hidden word: parallel, stored as it goes, resumable -------------------------------------


class ResultStore:
    """Per-word results in SQLite, keyed by the list's content: a rerun skips what is done."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self.conn = connect(path)
        self.conn.execute(
            "CREATE TABLE IF NOT EXISTS random_play ("
            " list TEXT NOT NULL, word TEXT NOT NULL, expected REAL NOT NULL,"
            " worst INTEGER NOT NULL, p_over_6 REAL NOT NULL, sets INTEGER NOT NULL,"
            " seconds REAL NOT NULL, PRIMARY KEY (list, word))"
        )

    def done(self, key: str) -> dict[str, RandomPlay]:
        rows = self.conn.execute(
            "SELECT word, expected, worst, p_over_6, sets, seconds FROM random_play WHERE list = ?",
            (key,),
        )
        return {r[0]: RandomPlay(*r) for r in rows}

    def add(self, key: str, r: RandomPlay) -> None:
        self.conn.execute(
            "INSERT OR REPLACE INTO random_play VALUES (?, ?, ?, ?, ?, ?, ?)",
            (key, r.word, r.expected, r.worst, r.p_over_6, r.sets, r.seconds),
        )

    def close(self) -> None:
        self.conn.close()


_WORKER: Solver | None = None


def _init_worker(answers: tuple[str, ...], name: str) -> None:
    global _WORKER
    _WORKER = Solver(WordList(name, answers))


def _solve_in_worker(word: str) -> RandomPlay:
    assert _WORKER is not None
    return _WORKER.solve(word)


def run_all(
    wordlist: WordList,
    store: ResultStore,
    *,
    workers: int | None = None,
    words: Iterable[str] | None = None,
    progress: Callable[[int, int, RandomPlay | None], None] | None = None,
) -> dict[str, RandomPlay]:
    """Every hidden word's figures; results already stored are reused, new ones stored at once.

    ``progress(done, total, latest)`` is called after each word (and once at the start).
    """
    key = wordlist.content_hash
    targets = list(words) if words is not None else list(wordlist.answers)
    results = {w: r for w, r in store.done(key).items() if w in set(targets)}
    todo = [w for w in targets if w not in results]
    total = len(targets)
    if progress is not None:
        progress(len(results), total, None)
    if not todo:
        return results
    n_workers = max(1, min(workers or os.cpu_count() or 1, len(todo)))
    if n_workers == 1:
        solver = Solver(wordlist)
        for w in todo:
            r = solver.solve(w)
            store.add(key, r)
            results[w] = r
            if progress is not None:
                progress(len(results), total, r)
        return results
    with ProcessPoolExecutor(
        n_workers, initializer=_init_worker, initargs=(wordlist.answers, wordlist.name)
    ) as pool:
        futures = [pool.submit(_solve_in_worker, w) for w in todo]
        for f in as_completed(futures):
            r = f.result()
            store.add(key, r)  # stored the moment it is known: a crash loses nothing done
            results[r.word] = r
            if progress is not None:
                progress(len(results), total, r)
    return results
