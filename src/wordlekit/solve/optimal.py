"""The exact optimal solver: provably minimal decision trees, normal and hard mode.

For a first guess (or a game state) and the lists in use, :func:`solve_opening` finds the
decision tree that minimises the total number of guesses over all answers, with every answer
found within ``max_guesses``, and proves it (the search is exhaustive up to bounds that are
valid lower bounds). With ``top=N`` only the N most promising guesses are tried at each node:
the result is then an upper bound and is labelled ``proven=False``.

The search itself is numba code in :mod:`wordlekit.solve._solver_jit`; see its docstring for the
bounds and the memo.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import numpy.typing as npt
from numba import typed, types

from wordlekit import budget as work
from wordlekit.core.feedback import Turn, all_green, pattern_count
from wordlekit.errors import InternalError, InvalidWordError, WordleError
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.solve import _solver_jit as jit
from wordlekit.solve.tree import DecisionTree, TreeNode

_NO_FLAG = np.zeros(1, dtype=np.int64)  # never set: the search runs without a budget
#: Memo entries kept at most (each about 100 bytes in numba's typed dict): ~1.5 GB worst case.
DEFAULT_MEMO_CAP = 12_000_000
INF = jit.INF


class InfeasibleError(WordleError):
    """No strategy finds every answer within the guess limit."""


@dataclass
class SolverContext:
    """Everything the compiled search needs, built once per (lists, mode)."""

    matrix: PatternMatrix
    hard: bool
    max_guesses: int
    top: int = 0
    memo_cap: int = DEFAULT_MEMO_CAP
    stats: npt.NDArray[np.int64] = field(
        default_factory=lambda: np.zeros(jit.N_STATS, dtype=np.int64)
    )

    def __post_init__(self) -> None:
        # The kernel releases the GIL: one search at a time per memo.
        self.lock = threading.RLock()
        wl = self.matrix.wordlist
        rng = np.random.default_rng(0x5EED_F00D)
        n_answers = len(wl.answers)
        self.z1 = rng.integers(0, 2**63, n_answers, dtype=np.uint64) * np.uint64(2) + np.uint64(1)
        self.z2 = rng.integers(0, 2**63, n_answers, dtype=np.uint64)
        self.zf = rng.integers(0, 2**63, (2, wl.length, 27), dtype=np.uint64)
        self.zc = rng.integers(0, 2**63, (2, 26, wl.length + 1), dtype=np.uint64)
        self.guess_codes = np.ascontiguousarray(self.matrix.guess_codes.astype(np.int8))
        self.guess_counts = np.ascontiguousarray(self.matrix.guess_letter_counts.astype(np.int8))
        self.data = np.ascontiguousarray(self.matrix.data)
        # answers x guesses: the search reads one candidate's patterns against every guess
        self.transposed = self.matrix.transposed
        self.n_answers = n_answers
        self.win = all_green(wl.length)
        self.n_patterns = pattern_count(wl.length)
        self.memo = typed.Dict.empty(
            key_type=types.UniTuple(types.uint64, 2),  # type: ignore[no-untyped-call]
            value_type=types.UniTuple(types.int64, 3),  # type: ignore[no-untyped-call]
        )

    def solve(
        self,
        cands: npt.NDArray[np.int32],
        depth: int,
        beta: int = INF,
        fixed: npt.NDArray[np.int8] | None = None,
        mincnt: npt.NDArray[np.int8] | None = None,
    ) -> int:
        """Least total guesses for ``cands`` within ``depth`` guesses (or a bound >= beta).

        Honours the active :class:`~wordlekit.budget.Budget`: raises
        :class:`~wordlekit.errors.BudgetExceeded` when it runs out during the search.
        """
        f, m = self._constraints(fixed, mincnt)
        budget = work.current()
        if budget is not None:
            budget.check()
            flag, allowance = budget.flag, budget.node_allowance()
        else:
            flag, allowance = _NO_FLAG, int(work.NO_LIMIT)
        with self.lock:
            before = int(self.stats[jit.NODES])
            limit = before + allowance if allowance < work.NO_LIMIT - before else work.NO_LIMIT
            self.stats[jit.ABORTED] = 0
            value = jit.solve(
                self.data,
                self.transposed,
                np.ascontiguousarray(cands, dtype=np.int32),
                depth,
                beta,
                self.hard,
                f,
                m,
                self.guess_codes,
                self.guess_counts,
                self.n_answers,
                self.win,
                self.n_patterns,
                self.z1,
                self.z2,
                self.zf,
                self.zc,
                self.memo,
                self.memo_cap,
                self.stats,
                self.top,
                flag,
                int(limit),
            )
            aborted = bool(self.stats[jit.ABORTED])
            spent = int(self.stats[jit.NODES]) - before
        if budget is not None:
            budget.spend(spent)
            if aborted:
                if budget.flag[0] == work.RUNNING:
                    budget.flag[0] = work.NODES
                raise budget.exceeded()
        return int(value)

    def best_guess(
        self,
        cands: npt.NDArray[np.int32],
        depth: int,
        fixed: npt.NDArray[np.int8] | None = None,
        mincnt: npt.NDArray[np.int8] | None = None,
    ) -> tuple[int, int]:
        """(value, guess index) of an optimal play at this node."""
        n = len(cands)
        words = self.matrix.wordlist.answers
        if n == 0:
            raise WordleError("no candidates")
        if n <= 2:
            if n == 2 and depth < 2:
                return INF, -1
            first = min(cands.tolist(), key=lambda i: words[i])
            return (1 if n == 1 else 3), int(first)
        value = self.solve(cands, depth, INF, fixed, mincnt)
        if value >= INF:
            return INF, -1
        f, m = self._constraints(fixed, mincnt)
        entry = jit.lookup(
            self.memo,
            np.ascontiguousarray(cands, dtype=np.int32),
            depth,
            self.hard,
            f,
            m,
            self.z1,
            self.z2,
            self.zf,
            self.zc,
        )
        if entry[1] != 1 or entry[2] < 0:
            raise InternalError("the solver's memo is full: raise memo_cap to build the tree")
        return value, int(entry[2])

    def _constraints(
        self, fixed: npt.NDArray[np.int8] | None, mincnt: npt.NDArray[np.int8] | None
    ) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int8]]:
        length = self.matrix.wordlist.length
        f = fixed if fixed is not None else np.full(length, -1, dtype=np.int8)
        m = mincnt if mincnt is not None else np.zeros(26, dtype=np.int8)
        return np.ascontiguousarray(f, dtype=np.int8), np.ascontiguousarray(m, dtype=np.int8)

    def child_constraints(
        self, fixed: npt.NDArray[np.int8], mincnt: npt.NDArray[np.int8], g: int, pattern: int
    ) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int8]]:
        if not self.hard:
            return fixed, mincnt
        nf, nm = jit.child_constraints(fixed, mincnt, self.guess_codes, g, pattern)
        return nf, nm


@dataclass
class OptimalResult:
    """The optimal tree for one opening (or state), with its figures and the search's."""

    start: str | None
    total: int
    games: int
    histogram: dict[int, int]
    proven: bool
    hard: bool
    max_guesses: int
    seconds: float
    nodes: int
    memo_lookups: int
    memo_hits: int
    memo_entries: int
    tree: DecisionTree | None = None

    @property
    def mean(self) -> float:
        return self.total / self.games

    @property
    def max(self) -> int:
        return max(self.histogram) if self.histogram else 0

    @property
    def hit_rate(self) -> float:
        return self.memo_hits / self.memo_lookups if self.memo_lookups else 0.0

    def to_dict(self) -> dict[str, object]:
        return {
            "start": self.start,
            "total": self.total,
            "games": self.games,
            "mean": round(self.mean, 6),
            "max": self.max,
            "histogram": {str(k): v for k, v in self.histogram.items()},
            "proven": self.proven,
            "hard": self.hard,
            "max_guesses": self.max_guesses,
            "seconds": round(self.seconds, 3),
            "nodes": self.nodes,
            "memo_lookups": self.memo_lookups,
            "memo_hits": self.memo_hits,
            "memo_hit_rate": round(self.hit_rate, 4),
            "memo_entries": self.memo_entries,
        }


def _root_value(
    ctx: SolverContext,
    g: int,
    cands: npt.NDArray[np.int32],
    depth: int,
    beta: int,
    fixed: npt.NDArray[np.int8],
    mincnt: npt.NDArray[np.int8],
    progress: Callable[[int, int], None] | None = None,
) -> int:
    """Total for playing guess ``g`` first at this node (>= beta if it cannot beat beta)."""
    n = len(cands)
    row = ctx.data[g]
    pats = row[cands]
    order = np.argsort(pats, kind="stable")
    groups = np.split(cands[order], np.flatnonzero(np.diff(pats[order].astype(np.int64))) + 1)
    buckets = sorted(groups, key=len, reverse=True)
    total = n
    rest = sum(2 * len(b) - 1 for b in buckets if int(row[b[0]]) != ctx.win)
    done = 0
    for b in buckets:
        p = int(row[b[0]])
        done += len(b)
        if p == ctx.win:
            continue
        lb = 2 * len(b) - 1
        if total + rest >= beta:
            return beta
        if depth - 1 < 1:
            return INF
        nf, nm = ctx.child_constraints(fixed, mincnt, g, p)
        v = ctx.solve(b.astype(np.int32), depth - 1, beta - (total + rest - lb), nf, nm)
        if v >= beta - (total + rest - lb):
            return beta if v < INF else INF
        total += v
        rest -= lb
        if progress is not None:
            progress(done, n)
    return total


def solve_opening(
    matrix: PatternMatrix,
    start: str,
    *,
    hard: bool = False,
    max_guesses: int = 6,
    top: int = 0,
    history: Sequence[Turn] = (),
    build_tree: bool = True,
    memo_cap: int = DEFAULT_MEMO_CAP,
    progress: Callable[[int, int], None] | None = None,
    context: SolverContext | None = None,
) -> OptimalResult:
    """The optimal total (and tree) when ``start`` is the first guess (after ``history``)."""
    wl = matrix.wordlist
    word = wl.check_guess(start)
    g = wl.guess_index(word)
    if max_guesses < 1:
        raise WordleError("max_guesses must be at least 1")
    ctx = context or SolverContext(matrix, hard, max_guesses, top, memo_cap)
    cands, fixed, mincnt = _state(ctx, history)
    depth = max_guesses - len(history)
    if depth < 1:
        raise WordleError(f"no guesses left: {len(history)} turns played of {max_guesses}")
    if hard and history:
        from wordlekit.core.game import hard_mode_violation

        reason = hard_mode_violation(history, word)
        if reason:
            raise InvalidWordError(f"{word.upper()} breaks hard mode here: {reason}")
    t0 = time.perf_counter()
    total = _root_value(ctx, g, cands, depth, INF, fixed, mincnt, progress)
    if total >= INF:
        raise InfeasibleError(
            f"{word.upper()} cannot find every answer within {max_guesses} guesses"
        )
    tree = _extract(ctx, cands, depth, fixed, mincnt, first=g) if build_tree else None
    seconds = time.perf_counter() - t0
    hist: dict[int, int] = {}
    if tree is not None:
        base = len(history)
        for d in tree.depths.values():
            hist[d + base] = hist.get(d + base, 0) + 1
        tree_total = sum(tree.depths.values())
        if tree_total != total:  # the tree must achieve the value it was built from
            raise InternalError(f"the tree's total {tree_total} differs from its value {total}")
    return OptimalResult(
        start=word,
        total=total + len(history) * len(cands),
        games=len(cands),
        histogram=dict(sorted(hist.items())),
        proven=top == 0,
        hard=hard,
        max_guesses=max_guesses,
        seconds=seconds,
        nodes=int(ctx.stats[jit.NODES]),
        memo_lookups=int(ctx.stats[jit.MEMO_LOOKUPS]),
        memo_hits=int(ctx.stats[jit.MEMO_HITS]),
        memo_entries=len(ctx.memo),
        tree=tree,
    )


def _state(
    ctx: SolverContext, history: Sequence[Turn]
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int8], npt.NDArray[np.int8]]:
    from wordlekit.solve.state import GameState

    state = GameState.from_turns(ctx.matrix, history, hard=ctx.hard)
    f, m = ctx._constraints(None, None)
    for t in history:
        f, m = ctx.child_constraints(f, m, ctx.matrix.wordlist.guess_index(t.guess), t.pattern)
    return state.candidates.astype(np.int32), f, m


def _extract(
    ctx: SolverContext,
    cands: npt.NDArray[np.int32],
    depth: int,
    fixed: npt.NDArray[np.int8],
    mincnt: npt.NDArray[np.int8],
    first: int | None = None,
) -> DecisionTree:
    """Read the optimal tree out of the memo (re-solving any node it does not hold)."""
    words = ctx.matrix.wordlist
    depths: dict[str, int] = {}

    def grow(
        cs: npt.NDArray[np.int32],
        d: int,
        level: int,
        f: npt.NDArray[np.int8],
        m: npt.NDArray[np.int8],
        forced: int | None,
    ) -> TreeNode:
        if forced is not None:
            g = forced
        else:
            _, g = ctx.best_guess(cs, d, f, m)
            if g < 0:
                raise InfeasibleError("no strategy fits the guess limit")
        node = TreeNode(words.guesses[g], len(cs))
        row = ctx.data[g]
        pats = row[cs]
        order = np.argsort(pats, kind="stable")
        sorted_c = cs[order]
        cuts = np.flatnonzero(np.diff(pats[order].astype(np.int64))) + 1
        for group in np.split(sorted_c, cuts):
            p = int(row[group[0]])
            if p == ctx.win:
                node.wins = True
                depths[words.answers[int(group[0])]] = level
                continue
            nf, nm = ctx.child_constraints(f, m, g, p)
            node.children[p] = grow(group.astype(np.int32), d - 1, level + 1, nf, nm, None)
        return node

    root = grow(cands, depth, 1, fixed, mincnt, first)
    return DecisionTree(root, depths, [])


@dataclass
class OpenerResult:
    word: str
    total: int | None  # None when it cannot beat the best found (value > bound)
    bound: int
    seconds: float


def best_openers(
    matrix: PatternMatrix,
    k: int = 20,
    *,
    hard: bool = False,
    max_guesses: int = 6,
    top: int = 0,
    memo_cap: int = DEFAULT_MEMO_CAP,
    progress: Callable[[int, int, str], None] | None = None,
) -> tuple[OptimalResult, list[OpenerResult]]:
    """The best first guess among the ``k`` most promising (by the bound, then sum of squares).

    Each candidate opener is solved with the best total so far as its cut-off, so a worse one
    is abandoned early; its row then says "more than BEST". The winner's tree is built.
    """
    from wordlekit.fast.partition import figures

    wl = matrix.wordlist
    ctx = SolverContext(matrix, hard, max_guesses, top, memo_cap)
    n = len(wl.answers)
    g_all = np.arange(len(wl.guesses))
    figs = figures(matrix.data, g_all, np.arange(n), use_numba=True)
    is_cand = np.zeros(len(wl.guesses), dtype=bool)
    is_cand[:n] = True
    lbs = 3 * n - figs.parts - is_cand
    order = np.lexsort((figs.sumsq, lbs))[:k]
    cands = np.arange(n, dtype=np.int32)
    f, m = ctx._constraints(None, None)
    rows: list[OpenerResult] = []
    best_total, best_g = INF, -1
    for i, g in enumerate(order):
        if progress is not None:
            progress(i, len(order), wl.guesses[g])
        t0 = time.perf_counter()
        v = _root_value(ctx, int(g), cands, max_guesses, best_total, f, m)
        secs = time.perf_counter() - t0
        if v < best_total:
            best_total, best_g = v, int(g)
            rows.append(OpenerResult(wl.guesses[g], v, v, secs))
        else:
            rows.append(OpenerResult(wl.guesses[g], None, best_total, secs))
    if best_g < 0:
        raise InfeasibleError(f"no opener among {k} fits within {max_guesses} guesses")
    result = solve_opening(
        matrix, wl.guesses[best_g], hard=hard, max_guesses=max_guesses, top=top, context=ctx
    )
    return result, rows


# The optimal strategy's data: solver contexts and cached trees ---------------------------------

_CONTEXTS: dict[tuple[str, bool, int], SolverContext] = {}


def context_for(matrix: PatternMatrix, hard: bool, max_guesses: int) -> SolverContext:
    """One solver (and memo) per lists and mode, kept for the life of the process."""
    key = (matrix.wordlist.content_hash, hard, max_guesses)
    if key not in _CONTEXTS:
        _CONTEXTS[key] = SolverContext(matrix, hard, max_guesses)
    return _CONTEXTS[key]


def tree_cache_path(matrix: PatternMatrix, opener: str, hard: bool, max_guesses: int) -> Path:
    from wordlekit.store.files import cache_dir

    mode = "hard" if hard else "normal"
    name = f"optimal-{matrix.wordlist.content_hash[:24]}-{opener}-{mode}-{max_guesses}.json"
    return cache_dir() / name


def opening_tree(
    matrix: PatternMatrix, opener: str, *, hard: bool = False, max_guesses: int = 6
) -> TreeNode:
    """The proven optimal tree for ``opener``: from the on-disk cache, or solved and cached.

    A cached tree is verified against the lists before it is trusted (replaying every answer
    takes ~30 ms); a bad or stale file is solved again and replaced.
    """

    path = tree_cache_path(matrix, opener, hard, max_guesses)
    if path in _TREES:
        return _TREES[path]
    _TREES[path] = _load_or_solve(matrix, opener, hard, max_guesses, path)
    return _TREES[path]


_TREES: dict[Path, TreeNode] = {}
_OPENERS: dict[tuple[str, bool, int], str] = {}


def _load_or_solve(
    matrix: PatternMatrix, opener: str, hard: bool, max_guesses: int, path: Path
) -> TreeNode:
    from wordlekit.solve import treefile

    if path.exists():
        try:
            tf = treefile.read(path)
            check = treefile.verify(tf.root, matrix.wordlist, hard=hard, max_guesses=max_guesses)
            if check.ok and tf.root.guess == opener and tf.meta.get("total") == check.total:
                return tf.root
        except WordleError:
            pass
    result = solve_opening(
        matrix,
        opener,
        hard=hard,
        max_guesses=max_guesses,
        context=context_for(matrix, hard, max_guesses),
    )
    assert result.tree is not None
    meta = {
        "lists": matrix.wordlist.name,
        "content_hash": matrix.wordlist.content_hash,
        "start": opener,
        "hard": hard,
        "max_guesses": max_guesses,
        "total": result.total,
        "proven": True,
    }
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        treefile.write(path, result.tree, matrix.wordlist.length, meta)
    return result.tree.root


def default_opener(matrix: PatternMatrix, hard: bool, max_guesses: int) -> str:
    """SALET where it is a valid guess (proven best on the original lists by Alex Selby,
    2022); otherwise the best of the five most promising openers by exact search."""
    if matrix.wordlist.is_valid("salet"):
        return "salet"
    key = (matrix.wordlist.content_hash, hard, max_guesses)
    if key not in _OPENERS:
        result, _ = best_openers(matrix, 5, hard=hard, max_guesses=max_guesses)
        assert result.start is not None
        _OPENERS[key] = result.start
    return _OPENERS[key]


def subtree_total(node: TreeNode, length: int) -> int:
    """Total guesses the tree spends from ``node`` on, over the answers below it."""
    from wordlekit.solve.treefile import answers_below

    return sum(len(path) for _, path in answers_below(node, length))
