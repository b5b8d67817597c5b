"""Ranking first guesses, on one machine or a Dask cluster.

A *method* (:mod:`wordlekit.analysis.opener_methods`) values one first guess: ``optimal``
(its exact optimal total), a one-step score (``entropy``, ``minimax``, ``expected-size``,
``most-parts``) or ``STRATEGY-bench`` (that strategy's benchmark started from the word).

Work goes to Dask (``distributed``) in batches of words (:mod:`wordlekit.analysis.opener_cluster`).
Workers rebuild the pattern matrix from the lists' content once per process (the lists travel
once per batch as plain words, the 30 MB matrix never does). Results stream into SQLite keyed by
the run's settings (:mod:`wordlekit.analysis.opener_store`): a stopped or crashed run resumes
where it was, computes no word twice, and a finished one only reads.

This module runs a ranking with those three; their public names are importable from here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from wordlekit.analysis.opener_cluster import DaskClient, run_batches
from wordlekit.analysis.opener_methods import (
    ONE_STEP,
    Method,
    Ranked,
    Settings,
    compute_batch,
    default_batch_size,
    method_names,
    sort_results,
)
from wordlekit.analysis.opener_store import RankStore
from wordlekit.core.rules import Mode
from wordlekit.core.words import WordList, read_word_file
from wordlekit.errors import RankError

__all__ = [
    "ONE_STEP",
    "Method",
    "ProgressFn",
    "RankError",
    "RankStore",
    "Ranked",
    "Settings",
    "compute_batch",
    "default_batch_size",
    "method_names",
    "rank_openers",
    "resolve_words",
    "sort_results",
]


def resolve_words(spec: str, wordlist: WordList) -> list[str]:
    """``all`` (every valid guess), ``answers``, or a file of words (each must be valid)."""
    if spec == "all":
        return list(wordlist.guesses)
    if spec == "answers":
        return list(wordlist.answers)
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


ProgressFn = Callable[[int, int, float], None]


def rank_openers(
    wordlist: WordList,
    method: Method,
    words: Sequence[str],
    store: RankStore,
    *,
    mode: Mode = Mode.NORMAL,
    max_guesses: int = 6,
    beta: int | None = None,
    objective: str = "total",
    scheduler: str | None = None,
    workers: int | None = None,
    batch_size: int | None = None,
    progress: ProgressFn | None = None,
    on_batch: Callable[[list[Ranked]], None] | None = None,
) -> tuple[Settings, list[Ranked]]:
    """Value every word (resuming), on a local Dask cluster or the one at ``scheduler``.

    Returns the settings and every word's result, best first.
    """
    settings = Settings(
        method, wordlist.content_hash, Mode.parse(mode), max_guesses, beta, objective
    )
    if method.kind != "optimal" and beta is not None:
        raise RankError("--beta only applies to --method optimal")
    if method.kind != "optimal" and objective != "total":
        raise RankError("--objective only applies to --method optimal")
    wanted = list(dict.fromkeys(words))
    done = store.done(settings)
    todo = [w for w in wanted if w not in done]
    sink = _Sink(settings, store, len(wanted), len(wanted) - len(todo), progress, on_batch)
    sink.report(0.0)
    if todo:
        with DaskClient(scheduler, workers) as client:
            n_workers = max(1, len(client.scheduler_info().get("workers", {})) or (workers or 1))
            size = batch_size or default_batch_size(method, len(todo), n_workers)
            batches = [todo[i : i + size] for i in range(0, len(todo), size)]
            run_batches(client, wordlist, batches, settings, sink.land)
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
