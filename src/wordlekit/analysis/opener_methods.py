"""The methods that value a first guess, and a batch of words valued by one (what a worker runs).

A *method* values one first guess:

- ``optimal``: its exact optimal total (the optimal solver), or "worse than B" with a cut-off
  (a fixed ``beta``, or the best value found so far: see :func:`compute_batch`);
- ``entropy``, ``minimax``, ``expected-size``, ``most-parts``: its one-step score over all
  answers (bits, largest bucket, expected bucket size, number of buckets);
- ``STRATEGY-bench`` (e.g. ``entropy-bench``): the total guesses of that strategy's benchmark
  over every answer, started from the word.

Everything here runs the same on a worker of a Dask cluster and in a plain process (the tests
value batches directly): the lists arrive as plain words and each worker process rebuilds their
pattern matrix once. Where batches are sent (:mod:`wordlekit.analysis.opener_cluster`) and
where results are kept (:mod:`wordlekit.analysis.opener_store`) are separate modules;
:mod:`wordlekit.analysis.openers` runs a ranking with all three.
"""

from __future__ import annotations

import hashlib
import json
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

import numpy as np

from wordlekit.core.rules import Mode
from wordlekit.core.words import WordList
from wordlekit.errors import RankError
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.fast.partition import load_numba
from wordlekit.solve.bench import benchmark
from wordlekit.solve.lru import LRUCache
from wordlekit.solve.registry import get_strategy, strategy_names
from wordlekit.solve.state import GameState
from wordlekit.solve.strategies import PARTITION_STRATEGIES

if TYPE_CHECKING:
    from wordlekit.solve.objectives import Objective, Outcome
    from wordlekit.solve.solver import Solver

#: The one-step methods: name -> (the figure of the first turn it reads, higher is better),
#: those of the strategies that score a guess by one partition figure.
ONE_STEP = {cls.name: (cls.figure, cls.higher_is_better) for cls in PARTITION_STRATEGIES}


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
        """The method named ``text`` (one of :func:`method_names`, any case)."""
        name = text.strip().lower()
        if name == "optimal":
            return cls(name, "optimal")
        if name in ONE_STEP:
            return cls(name, "one-step")
        if name.endswith("-bench") and name[: -len("-bench")] in strategy_names():
            return cls(name, "bench", name[: -len("-bench")])
        raise RankError(f"unknown method {text!r}: choose one of {', '.join(method_names())}")


def method_names() -> list[str]:
    """The names :meth:`Method.parse` accepts: ``optimal``, the one-step scores of
    :data:`ONE_STEP` and ``STRATEGY-bench`` for every registered strategy."""
    return ["optimal", *ONE_STEP, *(f"{s}-bench" for s in strategy_names())]


#: The objectives whose search takes a cut-off (a word that cannot beat it stops early): the
#: total, answers over K, and total-then-worst (cut on its total, so that ties stay exact).
CUT_OBJECTIVES = ("total", "over", "total-then-worst")


def objective_cuts(objective: str) -> bool:
    """Whether a ranking by ``objective`` (``total``, ``over 4``...) can use the best-so-far
    cut-off (``worst`` cannot: it is proven depth by depth)."""
    return objective.split()[0].split(":")[0] in CUT_OBJECTIVES


@dataclass(frozen=True)
class Settings:
    """Everything a word's value depends on; its hash keys the stored results.

    ``cutoff``: the best-so-far cut-off is on (``--method optimal`` ranking several words
    without ``--exact-all``): a word that cannot beat or tie the best exact value found so far
    is only proven worse. Such a run keeps its exact values (and infeasible proofs) under the
    key of the same settings without any cut-off (:meth:`exact`, where an ``--exact-all`` run
    finds them) and its "worse than" proofs under its own :attr:`key`, which leaves out
    ``beta``: a proof holds whatever cut-off made it, and each run checks it against its own.
    """

    method: Method
    lists_hash: str
    mode: Mode = Mode.NORMAL
    max_guesses: int = 6
    beta: int | None = None
    objective: str = "total"
    cutoff: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "mode", Mode.parse(self.mode))

    @property
    def key(self) -> str:
        # The keys of earlier runs stay valid: they were made of a hard flag, then (only when
        # the objective is not the total or the mode is ultrahard) the objective and an
        # ultrahard flag; the cut-off's proofs add a marker (a list of another length).
        ultrahard = self.mode is Mode.ULTRAHARD
        parts: list[Any] = [self.method.name, self.lists_hash, self.mode.hard, self.max_guesses]
        parts.append(None if self.cutoff else self.beta)
        if self.objective != "total" or ultrahard:
            parts += [self.objective, ultrahard]
        if self.cutoff:
            parts.append("best-so-far")
        raw = json.dumps(parts)
        return hashlib.sha256(raw.encode()).hexdigest()[:32]

    def exact(self) -> Settings:
        """The same settings with no cut-off at all: where exact values are kept."""
        return replace(self, beta=None, cutoff=False)

    def fixed(self) -> Settings:
        """The same settings with the fixed cut-off ``beta`` only (as ``--exact-all``)."""
        return replace(self, cutoff=False)


@dataclass(frozen=True)
class Ranked:
    """One first guess's value. ``value`` is None when the word is proven infeasible or worse
    than the cut-off (``detail["status"]`` says which); ``exact`` is then False and, for a
    cut-off, ``bound`` is a proven lower bound on the value the word would have (it can do no
    better). ``nodes``: the exact search's nodes for this word, when it ran one."""

    word: str
    value: float | None
    detail: dict[str, Any]
    seconds: float
    bound: float | None = None
    nodes: int | None = None
    exact: bool = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "exact", self.value is not None)


def sort_results(results: list[Ranked], method: Method) -> list[Ranked]:
    """Best first by ``method``; then the words proven worse than a cut-off (smallest bound
    first), then those proven infeasible; ties by word."""
    sign = -1.0 if method.higher_is_better else 1.0

    def key(r: Ranked) -> tuple[int, float, str]:
        if r.value is not None:
            return (0, sign * r.value, r.word)
        if r.bound is not None:
            return (1, r.bound, r.word)
        return (2, 0.0, r.word)

    return sorted(results, key=key)


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


# Work done on the workers ---------------------------------------------------------------------

#: The pattern matrices of the lists a worker process has seen (a worker serves one run at a
#: time, so two are plenty): bounded and locked, like every cache.
_MATRICES: LRUCache[str, PatternMatrix] = LRUCache(2)


def _matrix(answers: tuple[str, ...], allowed: tuple[str, ...], name: str) -> PatternMatrix:
    """The pattern matrix of these lists, built (or read from the disk cache) once per process."""
    wl = WordList(name, answers, allowed)
    return _MATRICES.get_or_make(wl.content_hash, lambda: PatternMatrix.for_list(wl))


def warm_worker(lists: tuple[tuple[str, ...], tuple[str, ...], str], method: Method) -> None:
    """Load the matrix and the kernels a method needs (runs once on every worker)."""
    import numba  # here: importing this module (the command line does) must not load numba

    numba.set_num_threads(1)
    pm = _matrix(*lists)
    load_numba()
    pm.transposed  # noqa: B018
    if method.kind != "optimal":
        GameState.start(pm).figures()  # the first-turn figures, computed once per process
        pm.alphabetical_rank  # noqa: B018
    else:
        from wordlekit.solve import optimal  # noqa: F401  (loads the solver's kernels)


def compute_batch(
    words: Sequence[str],
    settings: Settings,
    lists: tuple[tuple[str, ...], tuple[str, ...], str],
    best: float | None = None,
) -> list[Ranked]:
    """Value every word of a batch under ``settings`` (runs on a worker).

    With ``settings.cutoff``, ``best`` is the best value found so far (by any worker; None:
    none yet): a word that cannot beat or tie it is only proven worse, and a better value
    found in the batch lowers the cut-off for the rest of it."""
    import numba

    # One thread per worker process: the cluster already has a process per core.
    numba.set_num_threads(1)
    pm = _matrix(*lists)
    method, mode = settings.method, settings.mode
    if method.kind == "one-step":
        return _one_step_batch(pm, words, method)
    if method.kind == "bench":
        return _bench_batch(pm, words, method, mode)
    run = OptimalRun(mode, settings.max_guesses, settings.beta, settings.objective, settings.cutoff)
    return _optimal_batch(pm, words, run, best)


def promising_order(
    words: Sequence[str], lists: tuple[tuple[str, ...], tuple[str, ...], str]
) -> list[str]:
    """``words`` most promising first, as the exact search tries first guesses: smallest
    root lower bound ``3n - parts - [could be the answer]``, then smallest sum of squared
    bucket sizes, then list order (runs on a worker: it reads the lists' root figures)."""
    from wordlekit.solve.optimal import search_order

    pm = _matrix(*lists)
    wl = pm.wordlist
    figs = pm.root_figures
    n = len(wl.answers)
    _, ranked = search_order(figs, figs.guesses < n, n)
    place = {int(figs.guesses[p]): k for k, p in enumerate(ranked)}
    return sorted(words, key=lambda w: place[wl.guess_index(w)])


def _one_step_batch(pm: PatternMatrix, words: Sequence[str], method: Method) -> list[Ranked]:
    wl = pm.wordlist
    t0 = time.perf_counter()
    idx = np.array([wl.guess_index(w) for w in words], dtype=np.int64)
    figs = GameState.start(pm).figures(idx)
    field, _ = ONE_STEP[method.name]
    values = getattr(figs, field)
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
    pm: PatternMatrix, words: Sequence[str], method: Method, mode: Mode
) -> list[Ranked]:
    out: list[Ranked] = []
    for w in words:
        t0 = time.perf_counter()
        r = benchmark(pm, get_strategy(method.strategy or ""), start=w, mode=mode)
        detail = {"mean": round(r.mean, 6), "max": r.max, "failures": r.failures}
        out.append(Ranked(w, float(r.total), detail, time.perf_counter() - t0))
    return out


@dataclass(frozen=True)
class OptimalRun:
    """What an exact ranking proves for each word: mode, guess limit, fixed cut-off,
    objective, and whether the best value found so far is a cut-off too."""

    mode: Mode
    max_guesses: int
    beta: int | None
    objective: str = "total"
    cutoff: bool = False


def _optimal_batch(
    pm: PatternMatrix, words: Sequence[str], run: OptimalRun, best: float | None = None
) -> list[Ranked]:
    """Each word proven: infeasible (the depth-only search, usually milliseconds), "worse
    than" the cut-off, or exact. The value ranked is the objective's first figure: the total,
    the worst case, or the answers over K; the detail has the others.

    The cut-off is the fixed ``beta`` (for the objectives that compare values: total and
    over K, in the solver's values), and with ``run.cutoff`` also the best value so far plus
    one (total, over K, total-then-worst): "cannot beat or tie the best", so a word as good as
    the best gets its exact value. A word stopped by it says "worse than BEST" (its value is
    greater than the best's); one stopped by ``beta`` "worse than B" (it cannot beat B).
    Either way ``bound`` is what it proves: the value is at least that."""
    # the exact search loads numba: imported here, not when the command line starts
    from wordlekit.solve.objectives import Objective, evaluate
    from wordlekit.solve.optimal import INF, Position, make_solver

    obj = Objective.parse(run.objective)
    out: list[Ranked] = []
    for w in words:
        # keep memory bounded between words: a new memo per word
        solver = make_solver(pm, run.mode, obj, run.max_guesses, memo_cap=4_000_000)
        root = Position.from_turns(pm, mode=run.mode, max_guesses=run.max_guesses, solver=solver)
        fixed = INF if run.beta is None or obj.name not in ("total", "over") else run.beta
        cut = INF
        if run.cutoff and best is not None and obj.name in CUT_OBJECTIVES:
            cut = _cut_after(obj, best, solver)
        cap = min(fixed, cut)
        t0 = time.perf_counter()
        o = evaluate(root, w, obj, beta=cap)
        seconds = time.perf_counter() - t0
        nodes = solver.nodes
        if not o.feasible:
            out.append(Ranked(w, None, {"status": "infeasible"}, seconds, nodes=nodes))
        elif o.total is None:
            assert best is not None or cap == fixed
            status = f"worse than {_shown(obj, best)}" if cap == cut else f"worse than {cap}"
            bound = float(_ranked_value(obj, _at_least(obj, solver, cap)))
            proof = {"status": status, "beta": cap}
            out.append(Ranked(w, None, proof, seconds, bound=bound, nodes=nodes))
        else:
            detail: dict[str, Any] = {"mean": round(o.total / root.n, 6), "total": o.total}
            if o.worst is not None:
                detail["worst"] = o.worst
            if o.over is not None:
                detail["over"] = o.over
            value = float(_ranked_value(obj, o))
            out.append(Ranked(w, value, detail, seconds, nodes=nodes))
            if run.cutoff and (best is None or value < best):
                best = value  # the rest of the batch needs beat or tie only this
    return out


#: A ranked value puts the first figure (worst case, answers over K) above the total.
_SCALE = 100_000


def _cut_after(obj: Objective, best: float, solver: Solver) -> int:
    """The solver's cut-off that keeps exact every word as good as ``best`` (a ranked value):
    its value plus one, in the solver's values (total-then-worst: its total plus one)."""
    if obj.name == "over":
        over, total = divmod(int(best), _SCALE)
        return over * solver.penalty + total + 1
    return math.floor(best) + 1


def _shown(obj: Objective, best: float | None) -> str:
    """The best value so far as a "worse than" row names it."""
    assert best is not None
    if obj.name == "over":
        over, total = divmod(int(best), _SCALE)
        return f"{over} over {obj.k}, total {total}"
    return str(math.floor(best))


def _at_least(obj: Objective, solver: Solver, cap: int) -> Outcome:
    """The outcome a word's stopped search proves it cannot beat: the cut-off's figures."""
    from wordlekit.solve.objectives import Outcome

    over, total = solver.split(cap)
    return Outcome(-1, True, total=total, over=over if obj.name == "over" else None)


def _ranked_value(obj: Objective, o: Outcome) -> float:
    """One number to sort by, smaller first, ties broken by the second figure."""
    assert o.total is not None
    if obj.name == "worst":
        return (o.worst or 0) * _SCALE + o.total
    if obj.name == "total-then-worst":
        return o.total + (o.worst or 0) / 100
    if obj.name == "over":
        return (o.over or 0) * _SCALE + o.total
    return o.total
