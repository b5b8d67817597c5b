"""Ranking first guesses for the front ends: every opener valued by one method, on this
machine or a Dask cluster, the results stored as they arrive.

The methods, the cluster and the store are :mod:`wordlekit.analysis.openers`' (and its
``opener_methods``, ``opener_cluster``, ``opener_store``); a word's value is their
:class:`Ranked`, re-exported. Results go to SQLite (by default in the data folder,
:func:`wordlekit.services.files.data_dir`) keyed by the run's settings: a stopped run resumes
without recomputing, a finished one with the same settings only reads.

Importing this module loads no numba (a worker loads the kernels when it starts), so the
method names are there for a command's options; the exact method's objective is checked with
the solver, imported when it is needed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

from wordlekit.analysis.openers import (
    Method,
    Ranked,
    RankProgress,
    RankStore,
    RunTotals,
    method_names,
    rank_openers,
    resolve_words,
)
from wordlekit.core.rules import Mode
from wordlekit.core.words import WordList
from wordlekit.services.files import data_dir

__all__ = [
    "DB_NAME",
    "Place",
    "RankProgress",
    "Ranked",
    "Ranking",
    "RunTotals",
    "check_objective",
    "methods",
    "rank",
]

#: The file of the stored rankings in the data folder.
DB_NAME = "openers.sqlite3"


@dataclass(frozen=True)
class Place:
    """A first guess's place in a ranking (from 1) and its value."""

    rank: int
    result: Ranked


@dataclass(frozen=True)
class Ranking:
    """First guesses ranked by ``method`` (``higher_is_better`` says which way) on the lists
    ``lists`` under the run's settings (``settings``: the key of its stored results), best
    first; the words proven worse than a cut-off, then those proven infeasible, last.

    ``cutoff``: the best-so-far cut-off was on (the exact method on several words without
    ``exact_all``): the best word and value are exact, and a word that cannot beat or tie the
    best is only proven worse (``exact`` False, ``bound`` a proven lower bound); ``beta`` is
    the fixed cut-off, if any. ``totals``: what this run computed and how long it took."""

    method: str
    higher_is_better: bool
    lists: str
    mode: Mode
    max_guesses: int
    objective: str
    beta: int | None
    cutoff: bool
    settings: str
    words: int
    results: tuple[Place, ...]
    totals: RunTotals


def methods() -> list[str]:
    """The methods a ranking may use: ``optimal``, the one-step scores and ``STRATEGY-bench``
    for every strategy of one board."""
    return method_names()


def check_objective(text: str) -> str:
    """The exact method's objective as the store keys it (``over:4`` is ``over 4``); an
    unknown one is a :class:`~wordlekit.errors.WordleError` naming them."""
    if text.strip().lower() == "total":
        return "total"
    # the objectives live beside the compiled search (numba): loaded only for another one
    from wordlekit.services.solver import objective

    return str(objective(text))


def rank(
    wordlist: WordList,
    method: str,
    words: str | Sequence[str] = "all",
    *,
    mode: Mode | str = Mode.NORMAL,
    max_guesses: int = 6,
    objective: str = "total",
    beta: int | None = None,
    exact_all: bool = False,
    db: str | Path | None = None,
    scheduler: str | None = None,
    workers: int | None = None,
    progress: Callable[[RankProgress], None] | None = None,
) -> Ranking:
    """Value ``words`` (``all`` valid guesses, the ``answers``, the words of a file or
    ``WORD,WORD``, or the words themselves) as first guesses by ``method`` and rank them,
    resuming from the SQLite file ``db`` (default: :data:`DB_NAME` in the data folder). Work
    goes to the Dask scheduler at ``scheduler`` (``tcp://HOST:PORT``) or to a local cluster
    of ``workers`` processes. ``max_guesses``, ``objective``, ``beta`` (stop a word as soon as
    it cannot beat B) and ``exact_all`` (no best-so-far cut-off: every word's exact value, or
    with ``beta`` every one below B) are the exact method's. ``progress`` follows the words
    (:class:`RankProgress`: done, total, the best so far, the time left)."""
    how = Method.parse(method)
    wanted = resolve_words(words, wordlist) if isinstance(words, str) else list(words)
    goal = check_objective(objective)
    m = Mode.parse(mode)
    path = Path(db) if db is not None else data_dir() / DB_NAME
    with closing(RankStore(path)) as store:
        run = rank_openers(
            wordlist, how, wanted, store, mode=m, max_guesses=max_guesses, beta=beta,
            objective=goal, exact_all=exact_all, scheduler=scheduler, workers=workers,
            progress=progress,
        )  # fmt: skip
    places = tuple(Place(k, r) for k, r in enumerate(run.results, start=1))
    return Ranking(
        how.name, how.higher_is_better, wordlist.name, m, max_guesses, goal, beta,
        run.settings.cutoff, run.settings.key, len(run.results), places, run.totals,
    )  # fmt: skip
