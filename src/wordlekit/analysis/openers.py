"""Ranking first guesses, on one machine or a Dask cluster.

A *method* values one first guess:

- ``optimal``: its exact optimal total (the optimal solver), or "worse than B" with a cut-off;
- ``entropy``, ``minimax``, ``expected-size``, ``most-parts``: its one-step score over all
  answers (bits, largest bucket, expected bucket size, number of buckets);
- ``STRATEGY-bench`` (e.g. ``entropy-bench``): the total guesses of that strategy's benchmark
  over every answer, started from the word.

Work goes to Dask (``distributed``) in batches of words. Workers rebuild the pattern matrix
from the lists' content once per process (the lists travel once per batch as plain words, the
30 MB matrix never does). Results stream into SQLite keyed by the run's settings: a stopped or
crashed run resumes where it was, computes no word twice, and a finished one only reads.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from wordlekit.core.words import WordList
from wordlekit.errors import WordleError
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.solve.lru import LRUCache
from wordlekit.store.database import connect

ONE_STEP = {
    # name: (figure, higher is better)
    "entropy": ("bits", True),
    "minimax": ("largest", False),
    "expected-size": ("expected", False),
    "most-parts": ("parts", True),
}


class RankError(WordleError):
    """Bad settings for a ranking run (method, words, scheduler address)."""


@dataclass(frozen=True)
class Method:
    """How a first guess is valued."""

    name: str
    kind: str  # "optimal", "one-step" or "bench"
    strategy: str | None = None

    @property
    def higher_is_better(self) -> bool:
        return self.kind == "one-step" and ONE_STEP[self.name][1]

    @classmethod
    def parse(cls, text: str) -> Method:
        from wordlekit.solve.registry import REGISTRY

        name = text.strip().lower()
        if name == "optimal":
            return cls(name, "optimal")
        if name in ONE_STEP:
            return cls(name, "one-step")
        if name.endswith("-bench") and name[: -len("-bench")] in REGISTRY:
            return cls(name, "bench", name[: -len("-bench")])
        choices = ["optimal", *ONE_STEP, *(f"{s}-bench" for s in REGISTRY)]
        raise RankError(f"unknown method {text!r}: choose one of {', '.join(choices)}")


@dataclass(frozen=True)
class Settings:
    """Everything a word's value depends on; its hash keys the stored results."""

    method: Method
    lists_hash: str
    hard: bool
    max_guesses: int = 6
    beta: int | None = None

    @property
    def key(self) -> str:
        raw = json.dumps(
            [self.method.name, self.lists_hash, self.hard, self.max_guesses, self.beta]
        )
        return hashlib.sha256(raw.encode()).hexdigest()[:32]


@dataclass(frozen=True)
class Ranked:
    """One first guess's value. ``value`` is None when it is worse than the cut-off."""

    word: str
    value: float | None
    detail: dict[str, Any]
    seconds: float

    def to_dict(self) -> dict[str, Any]:
        return {
            "word": self.word,
            "value": self.value,
            **self.detail,
            "seconds": round(self.seconds, 4),
        }


# Work done on the workers ---------------------------------------------------------------------

#: The pattern matrices of the lists a worker process has seen (a worker serves one run at a
#: time, so two are plenty): bounded and locked, like every cache.
_MATRICES: LRUCache[str, PatternMatrix] = LRUCache(2)


def _matrix(answers: tuple[str, ...], allowed: tuple[str, ...], name: str) -> PatternMatrix:
    """The pattern matrix of these lists, built (or read from the disk cache) once per process."""
    wl = WordList(name, answers, allowed)
    return _MATRICES.get_or_make(wl.content_hash, lambda: PatternMatrix.for_list(wl))


def _warm(lists: tuple[tuple[str, ...], tuple[str, ...], str], method: Method) -> None:
    """Load the matrix and the kernels a method needs (runs once on every worker)."""
    import numba

    numba.set_num_threads(1)
    pm = _matrix(*lists)
    from wordlekit.fast.partition import load_numba

    load_numba()
    pm.transposed  # noqa: B018
    if method.kind != "optimal":
        from wordlekit.solve.state import GameState

        GameState.start(pm).figures()  # the first-turn figures, computed once per process
        pm.alphabetical_rank  # noqa: B018
    else:
        from wordlekit.solve import optimal  # noqa: F401  (loads the solver's kernels)


def compute_batch(
    words: Sequence[str],
    method: Method,
    lists: tuple[tuple[str, ...], tuple[str, ...], str],
    hard: bool,
    max_guesses: int,
    beta: int | None,
) -> list[Ranked]:
    """Value every word of a batch (runs on a worker)."""
    import numba

    # One thread per worker process: the cluster already has a process per core.
    numba.set_num_threads(1)
    pm = _matrix(*lists)
    if method.kind == "one-step":
        return _one_step_batch(pm, words, method)
    if method.kind == "bench":
        return _bench_batch(pm, words, method, hard)
    return _optimal_batch(pm, words, hard, max_guesses, beta)


def _one_step_batch(pm: PatternMatrix, words: Sequence[str], method: Method) -> list[Ranked]:
    from wordlekit.solve.state import GameState

    wl = pm.wordlist
    t0 = time.perf_counter()
    idx = np.array([wl.guess_index(w) for w in words], dtype=np.int64)
    figs = GameState.start(pm).figures(idx)
    field, _ = ONE_STEP[method.name]
    values = {
        "bits": figs.bits,
        "largest": figs.largest,
        "expected": figs.expected,
        "parts": figs.parts,
    }[field]
    each = (time.perf_counter() - t0) / max(len(words), 1)
    out: list[Ranked] = []
    for k, w in enumerate(words):
        detail = {
            "bits": round(float(figs.bits[k]), 6),
            "parts": int(figs.parts[k]),
            "largest": int(figs.largest[k]),
            "expected": round(float(figs.expected[k]), 6),
        }
        out.append(Ranked(w, float(values[k]), detail, each))
    return out


def _bench_batch(
    pm: PatternMatrix, words: Sequence[str], method: Method, hard: bool
) -> list[Ranked]:
    from wordlekit.solve.bench import benchmark
    from wordlekit.solve.registry import get_strategy

    out: list[Ranked] = []
    for w in words:
        t0 = time.perf_counter()
        r = benchmark(pm, get_strategy(method.strategy or ""), start=w, hard=hard)
        detail = {"mean": round(r.mean, 6), "max": r.max, "failures": r.failures}
        out.append(Ranked(w, float(r.total), detail, time.perf_counter() - t0))
    return out


def _optimal_batch(
    pm: PatternMatrix, words: Sequence[str], hard: bool, max_guesses: int, beta: int | None
) -> list[Ranked]:
    from wordlekit.solve.optimal import INF, Position, Solver

    cap = INF if beta is None else beta
    out: list[Ranked] = []
    for w in words:
        # keep memory bounded between words: a new memo per word
        solver = Solver(pm, hard, max_guesses, memo_cap=4_000_000)
        root = Position.from_turns(pm, hard=hard, max_guesses=max_guesses, solver=solver)
        t0 = time.perf_counter()
        v = root.value(w, beta=cap)
        seconds = time.perf_counter() - t0
        if v >= INF:
            out.append(Ranked(w, None, {"status": "infeasible"}, seconds))
        elif v >= cap:
            out.append(Ranked(w, None, {"status": f"worse than {cap}"}, seconds))
        else:
            out.append(Ranked(w, float(v), {"mean": round(v / root.n, 6)}, seconds))
    return out


# Storage --------------------------------------------------------------------------------------


class RankStore:
    """Results in SQLite, one row per (settings, word): resumable, never duplicated."""

    def __init__(self, path: str | Path) -> None:
        self.conn = connect(path)
        self.conn.execute(
            "CREATE TABLE IF NOT EXISTS openers ("
            " settings TEXT NOT NULL, word TEXT NOT NULL, value REAL, detail TEXT NOT NULL,"
            " seconds REAL NOT NULL, PRIMARY KEY (settings, word))"
        )

    def done(self, settings: Settings) -> dict[str, Ranked]:
        rows = self.conn.execute(
            "SELECT word, value, detail, seconds FROM openers WHERE settings = ?", (settings.key,)
        )
        return {r[0]: Ranked(r[0], r[1], json.loads(r[2]), r[3]) for r in rows}

    def add_many(self, settings: Settings, results: Sequence[Ranked]) -> None:
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            self.conn.executemany(
                "INSERT OR IGNORE INTO openers VALUES (?, ?, ?, ?, ?)",
                [(settings.key, r.word, r.value, json.dumps(r.detail), r.seconds) for r in results],
            )
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        self.conn.execute("COMMIT")

    def count(self, settings: Settings) -> int:
        row = self.conn.execute(
            "SELECT COUNT(*) FROM openers WHERE settings = ?", (settings.key,)
        ).fetchone()
        return int(row[0])

    def close(self) -> None:
        self.conn.close()


# The run --------------------------------------------------------------------------------------


def resolve_words(spec: str, wordlist: WordList) -> list[str]:
    """``all`` (every valid guess), ``answers``, or a file of words (each must be valid)."""
    if spec == "all":
        return list(wordlist.guesses)
    if spec == "answers":
        return list(wordlist.answers)
    from wordlekit.core.words import read_word_file

    path = Path(spec)
    if not path.is_file():
        raise RankError(f"--words {spec!r}: use all, answers or a file of words")
    words = read_word_file(path, wordlist.length)
    bad = [w for w in words if not wordlist.is_valid(w)]
    if bad:
        raise RankError(
            f"{path}: {len(bad)} word(s) not in the {wordlist.name} list, e.g. {bad[0].upper()}"
        )
    return list(words)


def default_batch_size(method: Method, n_words: int, n_workers: int) -> int:
    """Big batches for cheap one-step scores, small ones for benchmarks and proofs, and
    always several batches per worker so the load evens out."""
    if method.kind == "one-step":
        return max(1, min(2000, math.ceil(n_words / (4 * n_workers))))
    if method.kind == "bench":
        # a benchmark takes ~0.25 s: tasks of a few words keep both workers busy to the end
        # (measured on 60 words, 1 -> 2 workers: 1.79x with 4 words a task, 1.68-1.72x with
        # 2, where the main process's bookkeeping per task competes for the two cores)
        return max(1, min(4, math.ceil(n_words / (8 * n_workers))))
    return 1


ProgressFn = Callable[[int, int, float], None]


def rank_openers(
    wordlist: WordList,
    method: Method,
    words: Sequence[str],
    store: RankStore,
    *,
    hard: bool = False,
    max_guesses: int = 6,
    beta: int | None = None,
    scheduler: str | None = None,
    workers: int | None = None,
    batch_size: int | None = None,
    progress: ProgressFn | None = None,
    on_batch: Callable[[list[Ranked]], None] | None = None,
) -> tuple[Settings, list[Ranked]]:
    """Value every word (resuming), on a local Dask cluster or the one at ``scheduler``.

    Returns the settings and every word's result, best first.
    """
    settings = Settings(method, wordlist.content_hash, hard, max_guesses, beta)
    if method.kind != "optimal" and beta is not None:
        raise RankError("--beta only applies to --method optimal")
    wanted = list(dict.fromkeys(words))
    done = store.done(settings)
    todo = [w for w in wanted if w not in done]
    sink = _Sink(settings, store, len(wanted), len(wanted) - len(todo), progress, on_batch)
    sink.report(0.0)
    if todo:
        with _client(scheduler, workers) as client:
            n_workers = max(1, len(client.scheduler_info().get("workers", {})) or (workers or 1))
            size = batch_size or default_batch_size(method, len(todo), n_workers)
            batches = [todo[i : i + size] for i in range(0, len(todo), size)]
            _run_batches(client, wordlist, batches, settings, sink)
    everything = store.done(settings)
    ranked = [everything[w] for w in wanted if w in everything]
    return settings, sort_results(ranked, method)


@dataclass
class _Sink:
    """Where a run's results land: stored as each batch lands, then reported."""

    settings: Settings
    store: RankStore
    total: int
    finished: int
    progress: ProgressFn | None
    on_batch: Callable[[list[Ranked]], None] | None

    def report(self, seconds: float) -> None:
        if self.progress is not None:
            self.progress(self.finished, self.total, seconds)

    def land(self, results: list[Ranked], seconds: float) -> None:
        self.store.add_many(self.settings, results)
        self.finished += len(results)
        if self.on_batch is not None:
            self.on_batch(results)
        self.report(seconds)


def _run_batches(
    client: Any, wordlist: WordList, batches: list[list[str]], settings: Settings, sink: _Sink
) -> None:
    from distributed import as_completed

    lists = (wordlist.answers, wordlist.allowed, wordlist.name)
    # Every worker loads the lists' matrix and the compiled kernels before the first task, so
    # set-up is not charged to the work (or to one unlucky batch).
    client.run(_warm, lists, settings.method)
    t0 = time.perf_counter()  # rates count from here: the cluster is up and warm
    # The word lists go to every worker once (scattered); tasks carry only a reference.
    shared = client.scatter(lists, broadcast=True, hash=False)
    futures = client.map(
        compute_batch,
        batches,
        method=settings.method,
        lists=shared,
        hard=settings.hard,
        max_guesses=settings.max_guesses,
        beta=settings.beta,
        pure=False,
    )
    for fut in as_completed(futures):
        sink.land(fut.result(), time.perf_counter() - t0)


def sort_results(results: list[Ranked], method: Method) -> list[Ranked]:
    sign = -1.0 if method.higher_is_better else 1.0

    def key(r: Ranked) -> tuple[int, float, str]:
        if r.value is None:
            return (1, 0.0, r.word)
        return (0, sign * r.value, r.word)

    return sorted(results, key=key)


class _client:
    """A Dask client: the cluster at ``scheduler``, or a local one (a process per core)."""

    def __init__(self, scheduler: str | None, workers: int | None) -> None:
        self.scheduler = scheduler
        self.workers = workers
        self.cluster: Any = None
        self.client: Any = None

    def __enter__(self) -> Any:
        import dask
        from distributed import Client, LocalCluster

        if self.scheduler:
            if not self.scheduler.startswith(("tcp://", "tls://", "inproc://", "ucx://")):
                raise RankError(f"bad scheduler address {self.scheduler!r}: use tcp://HOST:PORT")
            try:
                self.client = Client(self.scheduler, timeout="10s")
            except (OSError, TimeoutError) as e:
                raise RankError(
                    f"cannot reach the Dask scheduler at {self.scheduler}: {e}"
                ) from None
            return self.client
        n = self.workers or os.cpu_count() or 1
        # Dask's workers sample every task's stack 100 times a second for their profiler; for
        # these Python-heavy tasks that cost ~45% of the time (measured: 15 entropy benchmarks
        # in 6.8 s on one worker against 3.6 s in a plain process), so it is switched off.
        dask.config.set(
            {
                "distributed.worker.profile.enabled": False,
                "distributed.worker.profile.interval": "10s",
                "distributed.worker.profile.cycle": "100s",
                # Dask starts workers with MALLOC_TRIM_THRESHOLD_=65536, which also freezes
                # glibc's mmap threshold at 128 KiB: every larger numpy block (a set's rows of
                # the transposed matrix) became an mmap, page faults and an munmap.
                "distributed.nanny.pre-spawn-environ": {
                    "MALLOC_TRIM_THRESHOLD_": str(256 * 2**20),
                    "MALLOC_MMAP_THRESHOLD_": str(64 * 2**20),
                },
            }
        )
        self.cluster = LocalCluster(
            n_workers=n,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            silence_logs=50,
        )
        self.client = Client(self.cluster)
        return self.client

    def __exit__(self, *exc: object) -> None:
        if self.client is not None:
            self.client.close()
        if self.cluster is not None:
            self.cluster.close()
