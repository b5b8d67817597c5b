"""What the optimal strategy keeps between calls: solvers, proven opening trees, openers.

An :class:`OptimalCache` holds each kind in a bounded, thread-safe
:class:`~wordlekit.solve.lru.LRUCache`; :data:`DEFAULT_CACHE` is the process's shared one.
Opening trees also live on disk (:func:`tree_cache_path`, one file per lists, opener, mode,
guess limit and objective), verified against the lists before they are trusted. The searches
themselves are :mod:`wordlekit.solve.optimal`'s.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

import numpy as np
import numpy.typing as npt

from wordlekit.core.rules import Mode
from wordlekit.errors import InfeasibleError, WordleError
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.solve import treefile
from wordlekit.solve.lru import LRUCache
from wordlekit.solve.objectives import Objective
from wordlekit.solve.optimal import best_openers, solve_opening
from wordlekit.solve.solver import DEFAULT_MEMO_CAP, Solver
from wordlekit.solve.tree import TreeNode
from wordlekit.solve.weighted import WeightedSolver, fixed_point, weights_digest
from wordlekit.store.files import cache_dir


def tree_cache_path(
    matrix: PatternMatrix,
    opener: str,
    mode: Mode,
    max_guesses: int,
    objective: Objective | None = None,
) -> Path:
    """Where the proven tree of ``opener`` is kept (the file names of earlier versions: the
    mode's name is what the flags were written as)."""
    name = Mode.parse(mode).value
    if objective is not None and objective.name != "total":
        name += "-" + str(objective).replace(" ", "")
    file = f"optimal-{matrix.wordlist.content_hash[:24]}-{opener}-{name}-{max_guesses}.json"
    return cache_dir() / file


class OptimalCache:
    """Solvers (with their memos), proven opening trees and default openers, kept between
    calls by whoever owns the cache (a strategy, an app, a worker process).

    Each kind is an :class:`~wordlekit.solve.lru.LRUCache`: bounded (the least recently used
    goes first) and safe to share between threads (a value is computed once; a solver runs one
    search at a time). Keys are the lists' content, so equal lists share entries. A solver's
    memo holds up to ``memo_cap`` entries (about 100 bytes each).
    """

    def __init__(
        self,
        *,
        solvers: int = 2,
        trees: int = 8,
        openers: int = 16,
        memo_cap: int = DEFAULT_MEMO_CAP,
    ) -> None:
        self.memo_cap = memo_cap
        self.solvers: LRUCache[tuple[str, Mode, int | None, int], Solver] = LRUCache(solvers)
        self.trees: LRUCache[tuple[str, str, Mode, int, str], TreeNode] = LRUCache(trees)
        self.openers: LRUCache[tuple[str, Mode, int], str] = LRUCache(openers)
        self.weighted: LRUCache[tuple[str, Mode, str], WeightedSolver] = LRUCache(solvers)

    def __repr__(self) -> str:
        return (
            f"OptimalCache(solvers={self.solvers}, weighted={self.weighted}, "
            f"trees={self.trees}, openers={self.openers})"
        )

    def solver(
        self,
        matrix: PatternMatrix,
        mode: Mode = Mode.NORMAL,
        over: int | None = None,
        max_guesses: int = 6,
    ) -> Solver:
        """The shared solver of these lists in this mode (its memo serves every guess limit;
        with ``over=K``, the solver of that objective for ``max_guesses``)."""
        mode = Mode.parse(mode)
        limit = max_guesses if over is not None else 0
        key = (matrix.wordlist.content_hash, mode, over, limit)
        return self.solvers.get_or_make(
            key, lambda: Solver(matrix, mode, max_guesses, memo_cap=self.memo_cap, over=over)
        )

    def weighted_solver(
        self,
        matrix: PatternMatrix,
        mode: Mode,
        weights: npt.NDArray[np.float64],
    ) -> WeightedSolver:
        """The shared weighted solver of these lists in this mode for this table of weights
        (one per answer; :func:`~wordlekit.solve.weighted.state_weights` gives a state's), so
        the states of a game under one prior share its memo."""
        mode = Mode.parse(mode)
        digest = weights_digest(fixed_point(weights))
        key = (matrix.wordlist.content_hash, mode, digest)
        return self.weighted.get_or_make(
            key, lambda: WeightedSolver(matrix, mode, weights=weights, memo_cap=self.memo_cap)
        )

    def opening_tree(
        self,
        matrix: PatternMatrix,
        opener: str,
        *,
        mode: Mode = Mode.NORMAL,
        max_guesses: int = 6,
        objective: Objective | str | None = None,
    ) -> TreeNode:
        """The proven optimal tree for ``opener``: from the on-disk cache, or solved and cached.

        A cached tree is verified against the lists (and its mode's rule) before it is
        trusted; a bad or stale file is solved again and replaced.
        """
        mode = Mode.parse(mode)
        obj = Objective.parse(objective)
        key = (matrix.wordlist.content_hash, opener, mode, max_guesses, str(obj))
        return self.trees.get_or_make(
            key, lambda: self._load_or_solve(matrix, opener, mode, max_guesses, obj)
        )

    def default_opener(self, matrix: PatternMatrix, mode: Mode, max_guesses: int) -> str:
        """SALET where it is a valid guess (proven best on the original lists by Alex Selby,
        2022) and the mode allows it; otherwise the best of the five most promising openers
        by exact search."""
        mode = Mode.parse(mode)
        wl = matrix.wordlist
        if wl.is_valid("salet") and (wl.is_answer("salet") or not mode.candidates_only):
            return "salet"

        def search() -> str:
            result, _ = best_openers(matrix, 5, mode=mode, max_guesses=max_guesses)
            assert result.start is not None
            return result.start

        return self.openers.get_or_make((wl.content_hash, mode, max_guesses), search)

    def clear(self) -> None:
        self.solvers.clear()
        self.weighted.clear()
        self.trees.clear()
        self.openers.clear()

    def _load_or_solve(
        self, matrix: PatternMatrix, opener: str, mode: Mode, max_guesses: int, obj: Objective
    ) -> TreeNode:
        path = tree_cache_path(matrix, opener, mode, max_guesses, obj)
        cached = _read_tree(path, matrix, opener, mode, max_guesses)
        if cached is not None:
            return cached
        solver = self.solver(matrix, mode, obj.k, max_guesses)
        result = solve_opening(
            matrix, opener, mode=mode, max_guesses=max_guesses, solver=solver, objective=obj
        )
        if result.tree is None:
            raise InfeasibleError(
                f"{opener.upper()} cannot find every answer within {max_guesses} guesses"
            )
        meta = treefile.solver_meta(
            matrix.wordlist,
            start=opener,
            mode=mode,
            objective=str(obj),
            max_guesses=max_guesses,
            total=result.total,
            proven=True,
        )
        with contextlib.suppress(OSError):
            path.parent.mkdir(parents=True, exist_ok=True)
            treefile.write(path, result.tree, matrix.wordlist.length, meta)
        return result.tree.root


def _read_tree(
    path: Path, matrix: PatternMatrix, opener: str, mode: Mode, max_guesses: int
) -> TreeNode | None:
    """The tree stored at ``path`` if it is there, is of ``mode`` and verifies, else
    ``None`` (files written before the metadata named the mode say it with flags)."""
    if not path.exists():
        return None
    try:
        tf = treefile.read(path)
        if tf.mode is not mode:
            return None
        check = treefile.verify(tf.root, matrix.wordlist, mode=mode, max_guesses=max_guesses)
    except WordleError:
        return None
    if check.ok and tf.root.guess == opener and tf.meta.get("total") == check.total:
        return tf.root
    return None


#: The process's shared cache: what ``Optimal()`` uses unless given its own, and what
#: :func:`opening_tree` and :func:`default_opener` read. Bounded (two solvers, eight trees,
#: sixteen openers) and locked, like every :class:`OptimalCache`.
DEFAULT_CACHE = OptimalCache()


def opening_tree(
    matrix: PatternMatrix, opener: str, *, mode: Mode = Mode.NORMAL, max_guesses: int = 6
) -> TreeNode:
    """:meth:`OptimalCache.opening_tree` of :data:`DEFAULT_CACHE`."""
    return DEFAULT_CACHE.opening_tree(matrix, opener, mode=mode, max_guesses=max_guesses)


def default_opener(matrix: PatternMatrix, mode: Mode, max_guesses: int) -> str:
    """:meth:`OptimalCache.default_opener` of :data:`DEFAULT_CACHE`."""
    return DEFAULT_CACHE.default_opener(matrix, mode, max_guesses)
