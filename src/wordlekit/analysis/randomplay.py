"""Random consistent play: exactly how many guesses it takes to guess at random among the
words still possible, per hidden word.

The list is both what may be guessed and what may be the answer (as when a helper shows "the
words still possible" and you pick one). For a hidden word, :func:`random_play` gives exactly
the expected number of guesses, the worst case (the longest run of unlucky picks) and the
probability of needing more than six, by recursion over the consistent sets with a memo (see
:mod:`wordlekit.analysis._random_jit`). :func:`simulate` is the Monte Carlo cross-check with a 99.9%
confidence interval. :func:`run_all` does every hidden word on all cores: by default by the
shared-set recursion (:mod:`wordlekit.analysis.setplay`: each consistent set solved once for
all the words it may hide, the root's guesses split into chunks handed to the workers), each
finished chunk stored in SQLite at once and every word's row written when the last one is
done, so a stopped run resumes with the chunks done and computes nothing twice;
``method="per-word"`` is the per-word recursion of :class:`Solver`, each word stored as it
comes.
"""

from __future__ import annotations

import hashlib
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
from wordlekit.analysis import setplay
from wordlekit.core.words import WordList
from wordlekit.errors import WordleError
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.solve.counts import Counted, GuessCounts
from wordlekit.store.database import connect, transaction

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
    #: Distinct consistent sets solved (memo entries); from the shared-set run, the sets
    #: holding the word that the run solved (the root included).
    sets: int
    #: Seconds of the solve; from the shared-set run, the run's seconds shared equally by
    #: its words.
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
        stats = self.stats = np.zeros(jit.N_STATS, dtype=np.int64)
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
        return simulate_in(self.matrix, h, self.wordlist.answers[h], games, seed)


def simulate_in(
    matrix: npt.NDArray[np.unsignedinteger], index: int, word: str, games: int, seed: int = 0
) -> Simulation:
    """``games`` random games (seeded) on the hidden word ``word``, word ``index`` of the
    square ``matrix`` of the words that may be guessed."""
    if games < 2:
        raise WordleError("simulate at least 2 games")
    out = np.empty(games, dtype=np.int32)
    jit.simulate(matrix, index, games, seed, out)
    return summarize(word, out, seed)


_SIM: tuple[npt.NDArray[np.unsignedinteger], tuple[str, ...]] | None = None


def _init_sim_worker(wordlist: WordList, guesses: str) -> None:
    global _SIM
    ss = setplay.SetSolver(wordlist, guesses=guesses, memory=2**20)
    _SIM = (ss.matrix, wordlist.answers)


def _sim_in_worker(i: int, games: int, seed: int) -> Simulation:
    assert _SIM is not None
    matrix, answers = _SIM
    return simulate_in(matrix, i, answers[i], games, seed)


def simulate_all(
    wordlist: WordList,
    games: int,
    seed: int = 0,
    *,
    guesses: str = "answers",
    workers: int | None = None,
) -> dict[str, Simulation]:
    """``games`` random games on every answer (answer ``i`` seeded ``seed + i``) of the game
    ``guesses`` (see :mod:`wordlekit.analysis.setplay`), on ``workers`` processes."""
    n_workers = max(1, min(workers or os.cpu_count() or 1, len(wordlist.answers)))
    if n_workers == 1:
        _init_sim_worker(wordlist, guesses)
        return {w: _sim_in_worker(i, games, seed + i) for i, w in enumerate(wordlist.answers)}
    with ProcessPoolExecutor(
        n_workers, initializer=_init_sim_worker, initargs=(wordlist, guesses)
    ) as pool:
        futures = [
            pool.submit(_sim_in_worker, i, games, seed + i) for i in range(len(wordlist.answers))
        ]
        return {f.result().word: f.result() for f in futures}


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

        # the chunks of a shared-set run not finished yet (see run_all)
        self.conn.execute(
            "CREATE TABLE IF NOT EXISTS random_play_chunks ("
            " list TEXT NOT NULL, run TEXT NOT NULL, lo INTEGER NOT NULL, hi INTEGER NOT NULL,"
            " sums BLOB NOT NULL, seen BLOB NOT NULL, sets INTEGER NOT NULL,"
            " partitions INTEGER NOT NULL, seconds REAL NOT NULL,"
            " PRIMARY KEY (list, run, lo, hi))"
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

    def chunks(self, key: str, run: str, targets: int) -> dict[tuple[int, int], setplay.Chunk]:
        """The stored chunks of the shared-set run ``run`` (of ``targets`` target words)."""
        rows = self.conn.execute(
            "SELECT lo, hi, sums, seen, sets, partitions, seconds FROM random_play_chunks"
            " WHERE list = ? AND run = ?",
            (key, run),
        )
        out: dict[tuple[int, int], setplay.Chunk] = {}
        for lo, hi, sums, seen, sets, partitions, seconds in rows:
            a = np.frombuffer(sums, dtype="<f8").reshape(targets, setplay.WIDTH)
            b = np.frombuffer(seen, dtype="<i8")
            work = setplay.Work(sets, partitions, seconds=seconds)
            out[(lo, hi)] = setplay.Chunk(lo, hi, a.copy(), b.copy(), work)
        return out

    def add_chunk(self, key: str, run: str, c: setplay.Chunk) -> None:
        sums = np.ascontiguousarray(c.sums, dtype="<f8").tobytes()
        seen = np.ascontiguousarray(c.seen, dtype="<i8").tobytes()
        with transaction(self.conn):
            self.conn.execute(
                "INSERT OR REPLACE INTO random_play_chunks VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (key, run, c.lo, c.hi, sums, seen, c.work.sets, c.work.partitions,
                 c.work.seconds),
            )  # fmt: skip

    def finish(self, key: str, run: str, results: Iterable[RandomPlay]) -> None:
        """Every word's row of a finished shared-set run, and its chunks dropped: one
        transaction."""
        with transaction(self.conn):
            for r in results:
                self.add(key, r)
            self.conn.execute(
                "DELETE FROM random_play_chunks WHERE list = ? AND run = ?", (key, run)
            )

    def close(self) -> None:
        self.conn.close()


_WORKER: Solver | None = None
_SET_WORKER: setplay.SetSolver | None = None


def _init_worker(answers: tuple[str, ...], name: str) -> None:
    global _WORKER
    _WORKER = Solver(WordList(name, answers))


def _solve_in_worker(word: str) -> RandomPlay:
    assert _WORKER is not None
    return _WORKER.solve(word)


def _init_set_worker(
    wordlist: WordList, guesses: str, targets: tuple[str, ...], memory: int, budget: int
) -> None:
    global _SET_WORKER
    _SET_WORKER = setplay.SetSolver(
        wordlist, guesses=guesses, targets=targets, memory=memory, budget=budget
    )


def _chunk_in_worker(lo: int, hi: int) -> setplay.Chunk:
    assert _SET_WORKER is not None
    return _SET_WORKER.chunk(lo, hi)


def list_key(wordlist: WordList, guesses: str = "answers") -> str:
    """The key of a list's rows in the store: its content hash, and ``/valid`` for the game
    where every valid guess may be guessed."""
    return wordlist.content_hash + ("" if guesses == "answers" else f"/{guesses}")


def run_all(
    wordlist: WordList,
    store: ResultStore,
    *,
    workers: int | None = None,
    words: Iterable[str] | None = None,
    progress: Callable[[int, int, RandomPlay | None], None] | None = None,
    method: str = "shared",
    guesses: str = "answers",
    memory: int | None = None,
    budget: int = 0,
) -> dict[str, RandomPlay]:
    """Every hidden word's figures (or those of ``words``); results already stored are
    reused, only the others computed.

    ``method="shared"`` (the default): the shared-set recursion. ``progress(done, total,
    latest)`` counts chunks of the root's guesses (``latest`` is None until the last); each
    finished chunk is stored at once, every word's row when all are done. ``memory``: the
    memo's bytes per worker (default :func:`default_memory`); ``budget``: the most sets a
    worker solves (0: no limit), past which :class:`~wordlekit.analysis.setplay.BudgetSpent`
    is raised; ``guesses="valid"``: every valid guess may be guessed (the rows are stored
    under :func:`list_key`).

    ``method="per-word"``: :class:`Solver` word by word (answers only), ``progress`` told
    each word finished and each result stored at once.
    """
    if method not in ("shared", "per-word"):
        raise WordleError(f"unknown method {method!r}: shared or per-word")
    if method == "per-word" and guesses != "answers":
        raise WordleError("the per-word recursion plays with the answers as the guesses")
    key = list_key(wordlist, guesses)
    targets = list(words) if words is not None else list(wordlist.answers)
    results = {w: r for w, r in store.done(key).items() if w in set(targets)}
    todo = [w for w in targets if w not in results]
    if method == "shared":
        return _run_shared(
            wordlist, store, key, results, todo, workers=workers, progress=progress,
            guesses=guesses, memory=memory, budget=budget,
        )  # fmt: skip
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


#: The memo's memory of all the workers of a shared-set run together, by default.
TOTAL_MEMORY = 6 * 2**30


def default_memory(workers: int, words: int) -> int:
    """The memo's bytes per worker: :data:`TOTAL_MEMORY` shared by the workers, at most 3 GB
    each, and no more than a list of ``words`` words can use (2 MB a word)."""
    return int(min(3 * 2**30, TOTAL_MEMORY // max(1, workers), 2 * 2**20 * max(words, 16)))


def _run_shared(  # noqa: C901
    wordlist: WordList,
    store: ResultStore,
    key: str,
    results: dict[str, RandomPlay],
    todo: list[str],
    *,
    workers: int | None,
    progress: Callable[[int, int, RandomPlay | None], None] | None,
    guesses: str,
    memory: int | None,
    budget: int,
) -> dict[str, RandomPlay]:
    n = len(setplay.game_words(wordlist, guesses))
    bounds = setplay.chunk_bounds(n)
    if not todo:
        if progress is not None:
            progress(len(bounds), len(bounds), None)
        return results
    # The targets, in the solver's order (the answers'), name the run: a run stopped and
    # resumed has the same targets (no row is written before its end).
    order = sorted({wordlist.answer_index(wordlist.check_answer(w)) for w in todo})
    names = tuple(wordlist.answers[i] for i in order)
    if len(names) == len(wordlist.answers):
        run = f"{guesses}:all"
    else:
        run = f"{guesses}:" + hashlib.sha256("\n".join(names).encode()).hexdigest()[:32]
    done = store.chunks(key, run, len(names))
    pending = [b for b in bounds if b not in done]
    if progress is not None:
        progress(len(done), len(bounds), None)
    n_workers = max(1, min(workers or os.cpu_count() or 1, len(pending)))
    mem = memory if memory is not None else default_memory(n_workers, n)

    def finished(c: setplay.Chunk) -> None:
        store.add_chunk(key, run, c)  # stored the moment it is known
        done[(c.lo, c.hi)] = c
        if progress is not None and len(done) < len(bounds):
            progress(len(done), len(bounds), None)

    if pending and n_workers == 1:
        solver = setplay.SetSolver(
            wordlist, guesses=guesses, targets=names, memory=mem, budget=budget
        )
        for lo, hi in pending:
            finished(solver.chunk(lo, hi))
    elif pending:
        with ProcessPoolExecutor(
            n_workers,
            initializer=_init_set_worker,
            initargs=(wordlist, guesses, names, mem, budget),
        ) as pool:
            futures = [pool.submit(_chunk_in_worker, lo, hi) for lo, hi in pending]
            try:
                for f in as_completed(futures):
                    finished(f.result())
            except BaseException:  # over budget, interrupted: the other chunks are not run
                pool.shutdown(wait=True, cancel_futures=True)
                raise
    figures = setplay.combine(names, n, [done[b] for b in bounds])
    seconds = sum(c.work.seconds for c in done.values()) / len(names)
    rows = [
        RandomPlay(w, float(e), int(x), float(p), int(k), seconds)
        for w, e, x, p, k in zip(
            names, figures.expected, figures.worst, figures.p_over_6, figures.sets, strict=True
        )
    ]
    store.finish(key, run, rows)
    for r in rows:
        results[r.word] = r
    if progress is not None:
        progress(len(bounds), len(bounds), rows[-1])
    return results
