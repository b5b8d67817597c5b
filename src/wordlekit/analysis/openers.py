"""Ranking first guesses, on one machine or a Dask cluster.

A *method* (:mod:`wordlekit.analysis.opener_methods`) values one first guess: ``optimal``
(its exact optimal total), a one-step score (``entropy``, ``minimax``, ``expected-size``,
``most-parts``) or ``STRATEGY-bench`` (that strategy's benchmark started from the word).

Work goes to Dask (``distributed``) in batches of words (:mod:`wordlekit.analysis.opener_cluster`).
Workers rebuild the pattern matrix from the lists' content once per process (the lists travel
once per run as plain words, the 30 MB matrix never does). Results stream into SQLite keyed by
the run's settings (:mod:`wordlekit.analysis.opener_store`): a stopped or crashed run resumes
where it was, computes no word twice, and a finished one only reads.

**The best-so-far cut-off.** ``optimal`` ranking several words (without ``exact_all``) solves
them most promising first (:func:`~wordlekit.analysis.opener_methods.promising_order`: the
search's own order, smallest root lower bound ``3n - parts - [could be the answer]``, then
smallest sum of squared bucket sizes), one word a task, about two tasks per worker thread in
flight; each task leaves with the best exact value found so far, and a word that cannot beat
or tie it is only proven worse ("worse than BEST", a proven lower bound of BEST + 1). Ties
with the best stay exact. With ``beta`` too the cut-off is the smaller of the two. The best
word and value are those of an exact run of the same words; the words below the best are
exact only where they were solved before the best was known.

Resuming: the exact values stored (by any run of the same settings, ``--exact-all`` or not)
are reused and the cut-off starts from the best of them; a stored "worse than" proof is
reused when its bound is above the best (or proves the fixed ``beta``) and is otherwise
checked again last. An ``exact_all`` run never takes a proof for a value.

This module runs a ranking with those three; their public names are importable from here.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wordlekit.analysis.opener_cluster import DaskClient, Session
from wordlekit.analysis.opener_methods import (
    ONE_STEP,
    Method,
    Ranked,
    Settings,
    compute_batch,
    default_batch_size,
    method_names,
    objective_cuts,
    promising_order,
    sort_results,
)
from wordlekit.analysis.opener_store import RankStore
from wordlekit.core.rules import Mode
from wordlekit.core.words import WordList, read_word_file
from wordlekit.errors import RankError

__all__ = [
    "IN_FLIGHT",
    "ONE_STEP",
    "Method",
    "ProgressFn",
    "RankError",
    "RankProgress",
    "RankRun",
    "RankStore",
    "Ranked",
    "RunTotals",
    "Settings",
    "compute_batch",
    "default_batch_size",
    "method_names",
    "promising_order",
    "rank_openers",
    "resolve_words",
    "sort_results",
]

#: Exact tasks in flight per worker thread: one running, one queued behind it (so no worker
#: waits for the client), and no more, so each leaves with a recent cut-off.
IN_FLIGHT = 2


def resolve_words(spec: str, wordlist: WordList) -> list[str]:
    """``all`` (every valid guess), ``answers``, a file of words, or words separated by
    commas (``salet,crane``); each must be valid."""
    if spec == "all":
        return list(wordlist.guesses)
    if spec == "answers":
        return list(wordlist.answers)
    path = Path(spec)
    words: list[str]
    if path.is_file():
        words = list(read_word_file(path, wordlist.length))
        where = str(path)
    else:
        words = [w.strip().lower() for w in spec.split(",")]
        if not all(w.isalpha() for w in words):
            raise RankError(
                f"--words {spec!r}: use all, answers or a file of words (or WORD,WORD,...)"
            )
        where = f"--words {spec!r}"
    bad = [w for w in words if not wordlist.is_valid(w)]
    if bad:
        raise RankError(
            f"{where}: {len(bad)} word(s) not in the {wordlist.name} list, e.g. {bad[0].upper()}"
        )
    return list(words)


@dataclass(frozen=True)
class RankProgress:
    """Where a run is: ``done`` of ``total`` words have a result (``computed`` of them in this
    run, in ``seconds`` since the workers were ready), and the best so far."""

    done: int
    total: int
    computed: int
    seconds: float
    best: Ranked | None = None

    @property
    def left(self) -> float | None:
        """Seconds left at this run's rate so far (None before its first result)."""
        if self.done >= self.total:
            return 0.0
        if self.computed == 0 or self.seconds <= 0:
            return None
        return self.seconds / self.computed * (self.total - self.done)


ProgressFn = Callable[[RankProgress], None]


@dataclass(frozen=True)
class RunTotals:
    """What a run did: ``computed`` words valued (the others came from the store), their
    ``core_seconds`` (the sum of the per-word seconds on the workers), the run's
    ``wall_seconds`` (cluster start included) and its ``workers`` (worker threads; 0 when
    nothing needed computing)."""

    computed: int = 0
    core_seconds: float = 0.0
    wall_seconds: float = 0.0
    workers: int = 0


@dataclass(frozen=True)
class RankRun:
    """A finished run: its settings, every word's result (best first) and its totals."""

    settings: Settings
    results: list[Ranked]
    totals: RunTotals


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
    exact_all: bool = False,
    scheduler: str | None = None,
    workers: int | None = None,
    batch_size: int | None = None,
    progress: ProgressFn | None = None,
    on_batch: Callable[[list[Ranked]], None] | None = None,
) -> RankRun:
    """Value every word (resuming), on a local Dask cluster or the one at ``scheduler``.

    ``optimal`` on several words uses the best-so-far cut-off (see the module docstring)
    unless ``exact_all``, or the objective is ``worst`` (which is proven depth by depth).
    Returns the settings, every word's result, best first, and the run's totals.
    """
    started = time.perf_counter()
    if method.kind != "optimal" and beta is not None:
        raise RankError("--beta only applies to --method optimal")
    if method.kind != "optimal" and objective != "total":
        raise RankError("--objective only applies to --method optimal")
    if method.kind != "optimal" and exact_all:
        raise RankError("--exact-all only applies to --method optimal")
    wanted = list(dict.fromkeys(words))
    cutoff = (
        method.kind == "optimal" and not exact_all and len(wanted) > 1 and objective_cuts(objective)
    )
    settings = Settings(
        method, wordlist.content_hash, Mode.parse(mode), max_guesses, beta, objective, cutoff
    )
    feed = _Feed.read(settings, store, wanted, batch_size, progress, on_batch)
    feed.report(0.0)
    threads = 0
    if feed.queue:
        with DaskClient(scheduler, workers) as client:
            session = Session(client, wordlist, method)
            threads = session.threads()
            if method.kind == "optimal" and len(feed.queue) > 1:
                feed.reorder(session.order(feed.queue))
            feed.size = batch_size or default_batch_size(method, len(feed.queue), threads)
            session.run(feed, settings, per_thread=IN_FLIGHT if method.kind == "optimal" else None)
            threads = session.threads()
    ranked = [feed.results[w] for w in wanted if w in feed.results]
    totals = RunTotals(feed.computed, feed.core_seconds, time.perf_counter() - started, threads)
    return RankRun(settings, sort_results(ranked, method), totals)


@dataclass
class _Feed:
    """A run's words: those still to value (a queue, most promising first with the exact
    method), where results land (stored as each batch lands, then reported) and the best
    value so far, which each exact batch takes as its cut-off."""

    settings: Settings
    store: RankStore
    total: int
    results: dict[str, Ranked]
    queue: deque[str]
    #: stored "worse than" proofs that the best at the start did not confirm, checked again
    #: when their word's turn comes (last: the cut-off only falls)
    proofs: dict[str, Ranked]
    progress: ProgressFn | None
    on_batch: Callable[[list[Ranked]], None] | None
    size: int = 1
    best: Ranked | None = None
    computed: int = 0
    core_seconds: float = 0.0
    seconds: float = 0.0  # since the workers were ready, at the last report

    @classmethod
    def read(
        cls,
        settings: Settings,
        store: RankStore,
        wanted: list[str],
        batch_size: int | None,
        progress: ProgressFn | None,
        on_batch: Callable[[list[Ranked]], None] | None,
    ) -> _Feed:
        """What the store already holds for ``wanted`` under ``settings``, and the rest."""
        results: dict[str, Ranked] = {}
        proofs: dict[str, Ranked] = {}
        if not settings.cutoff:
            stored = store.done(settings)
            results = {w: stored[w] for w in wanted if w in stored}
        else:
            # exact values and infeasible proofs (of any run of these settings), then the
            # rows of the same fixed beta (its "worse than B" rows prove this run's B), then
            # the cut-off's own proofs, which must hold against this run's best
            exact = store.done(settings.exact())
            fixed = store.done(settings.fixed()) if settings.beta is not None else {}
            own = store.done(settings)
            for w in wanted:
                if w in exact:
                    results[w] = exact[w]
                elif w in fixed:
                    results[w] = fixed[w]
                elif w in own:
                    proofs[w] = own[w]
        queue = deque(w for w in wanted if w not in results and w not in proofs)
        feed = cls(settings, store, len(wanted), results, queue, proofs, progress, on_batch)
        feed.size = batch_size or 1
        for r in results.values():
            feed.consider(r)
        for w, proof in list(proofs.items()):
            if feed.holds(proof):
                results[w] = proofs.pop(w)
        queue.extend(proofs)
        return feed

    def reorder(self, order: list[str]) -> None:
        """Value the queue's words in ``order`` (the stored proofs to check still last)."""
        self.queue = deque(
            [w for w in order if w not in self.proofs] + [w for w in order if w in self.proofs]
        )

    def next_batch(self) -> tuple[list[str], dict[str, Any]] | None:
        batch: list[str] = []
        while self.queue and len(batch) < self.size:
            w = self.queue.popleft()
            proof = self.proofs.pop(w, None)
            if proof is not None and self.holds(proof):
                self.results[w] = proof  # still a proof against today's best: nothing to do
                self.report(self.seconds)
                continue
            batch.append(w)
        if not batch:
            return None
        if not self.settings.cutoff:
            return batch, {}
        return batch, {"best": None if self.best is None else self.best.value}

    def land(self, results: list[Ranked], seconds: float) -> None:
        if self.settings.cutoff:
            # exact values where every run of these settings finds them; proofs apart
            # (replacing a weaker one checked again)
            self.store.add_many(self.settings.exact(), [r for r in results if r.bound is None])
            proofs = [r for r in results if r.bound is not None]
            self.store.add_many(self.settings, proofs, replace=True)
        else:
            self.store.add_many(self.settings, results)
        for r in results:
            self.results[r.word] = r
            self.computed += 1
            self.core_seconds += r.seconds
            self.consider(r)
        if self.on_batch is not None:
            self.on_batch(results)
        self.report(seconds)

    def report(self, seconds: float) -> None:
        self.seconds = seconds
        if self.progress is not None:
            done = len(self.results)
            self.progress(RankProgress(done, self.total, self.computed, seconds, self.best))

    def consider(self, r: Ranked) -> None:
        """Keep ``r`` if it is the best value so far (ties: the first found)."""
        if r.value is None:
            return
        best = None if self.best is None else self.best.value
        higher = self.settings.method.higher_is_better
        if best is None or (r.value > best if higher else r.value < best):
            self.best = r

    def holds(self, proof: Ranked) -> bool:
        """Whether a stored "worse than" proof settles its word for this run: its bound is
        above the best value so far (which only falls), or it proves this run's ``beta``."""
        if proof.bound is None:
            return False
        best = None if self.best is None else self.best.value
        if best is not None and proof.bound > best:
            return True
        cap = proof.detail.get("beta")
        return self.settings.beta is not None and isinstance(cap, int) and cap >= self.settings.beta
