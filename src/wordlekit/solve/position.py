"""A game position for the exact solver: what optimal play is worth from here.

```pycon
>>> from wordlekit.core.words import WordList
>>> from wordlekit.fast.matrix import PatternMatrix
>>> pm = PatternMatrix.for_list(WordList.bundled())
>>> here = Position.from_turns(pm, [Turn.parse("salet:bybbb")])
>>> value, g = here.best()
>>> here.n, here.depth, value, pm.wordlist.guesses[g]      # BROND: 260 more guesses in all
(102, 5, 260, 'brond')
>>> here.value("fuzzy", beta=260) >= 260                   # FUZZY cannot do as well
True
>>> here.tree().counts().histogram                         # guesses per game, SALET included
{3: 46, 4: 56}

```
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from wordlekit.core.feedback import Turn
from wordlekit.core.rules import Mode
from wordlekit.errors import InfeasibleError, InvalidWordError, WordleError
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.solve import parallel
from wordlekit.solve.solver import INF, Candidates, Constraints, Solver
from wordlekit.solve.state import GameState
from wordlekit.solve.tree import DecisionTree, TreeNode

#: Called with (answers settled, answers in all) while :meth:`Position.value` works.
ProgressFn = Callable[[int, int], None]


@dataclass(frozen=True, eq=False)
class Position:
    """A node of the exact search: the candidates, the guesses left (``depth``), the hard-mode
    constraints and the turns played before it (``played``), on a shared :class:`Solver`.

    Values count the guesses from here on, over every candidate: a position whose answers all
    need two more guesses is worth ``2 * n``.
    """

    solver: Solver
    candidates: Candidates
    depth: int
    fixed: Constraints
    mincnt: Constraints
    played: int = 0

    @classmethod
    def from_turns(
        cls,
        matrix: PatternMatrix,
        turns: Sequence[Turn] = (),
        *,
        mode: Mode = Mode.NORMAL,
        max_guesses: int = 6,
        solver: Solver | None = None,
    ) -> Position:
        """The position after ``turns`` (checked: a contradiction names its turn), with
        ``max_guesses`` in all. ``solver`` shares a memo between positions (one is made
        otherwise); it must be of the same lists and mode."""
        mode = Mode.parse(mode)
        if solver is None:
            solver = Solver(matrix, mode, max_guesses)
        elif (
            solver.mode is not mode
            or solver.matrix.wordlist.content_hash != matrix.wordlist.content_hash
        ):
            raise ValueError(f"{solver!r} is not a solver of these lists in this mode")
        if solver.over is not None and solver.max_guesses != max_guesses:
            raise ValueError(f"{solver!r} counts levels out of {solver.max_guesses} guesses")
        state = GameState.from_turns(matrix, turns, mode=mode)
        if mode is Mode.ULTRAHARD:
            _check_ultrahard(matrix, turns)
        depth = max_guesses - len(turns)
        if depth < 1:
            raise WordleError(f"no guesses left: {len(turns)} turns played of {max_guesses}")
        return cls.from_state(solver, state, depth)

    @classmethod
    def from_state(cls, solver: Solver, state: GameState, depth: int) -> Position:
        """The position of a game state with ``depth`` guesses left."""
        fixed, mincnt = solver.constraints()
        for t in state.history:
            g = state.wordlist.guess_index(t.guess)
            fixed, mincnt = solver.child_constraints(fixed, mincnt, g, t.pattern)
        cands = np.ascontiguousarray(state.candidates, dtype=np.int32)
        return cls(solver, cands, depth, fixed, mincnt, len(state.history))

    def __repr__(self) -> str:
        return f"<Position: {self.n} candidates, {self.depth} guesses left>"

    @property
    def n(self) -> int:
        """Candidates left."""
        return len(self.candidates)

    @property
    def matrix(self) -> PatternMatrix:
        return self.solver.matrix

    def index(self, guess: int | str) -> int:
        """The guess index of ``guess`` (a word or an index), checked."""
        wl = self.matrix.wordlist
        return wl.guess_index(wl.check_guess(guess)) if isinstance(guess, str) else int(guess)

    def playable(self, guess: int | str) -> int:
        """:meth:`index`, refusing in ultrahard mode a word that cannot be the answer here."""
        g = self.index(guess)
        if self.solver.mode is Mode.ULTRAHARD and not (
            g < self.solver.n_answers and bool((self.candidates == g).any())
        ):
            raise InvalidWordError(
                f"{self.matrix.wordlist.guesses[g].upper()} cannot be the answer here, and in "
                "ultrahard mode every guess must be a word that could still be the answer"
            )
        return g

    def after(self, guess: int | str, pattern: int) -> Position:
        """The position after playing ``guess`` and seeing ``pattern``."""
        g = self.index(guess)
        row = self.matrix.data[g]
        keep = self.candidates[row[self.candidates] == pattern]
        return self.child(g, pattern, keep)

    def _value_parallel(self, g: int, threads: int, progress: ProgressFn | None) -> int:
        """:meth:`value` without a cut-off, the buckets searched on several threads."""
        solver = self.solver
        total = self.n * int(solver.inc[self.depth])
        jobs: list[parallel.Job] = []
        for p, b in self.groups(g):
            if p == solver.win:
                continue
            if len(b) <= 2:  # exactly its bound: no search
                total += solver.bucket_bound(len(b), self.depth - 1)
                continue
            fixed, mincnt = solver.child_constraints(self.fixed, self.mincnt, g, p)
            jobs.append((b, self.depth - 1, fixed, mincnt))
        settled = [self.n - sum(len(job[0]) for job in jobs)]
        lock = threading.Lock()

        def done(k: int) -> None:
            with lock:
                settled[0] += len(jobs[k][0])
                if progress is not None:
                    progress(settled[0], self.n)

        values = parallel.solve_all(solver, jobs, threads, done)
        if any(v >= INF for v in values):
            return INF
        return min(INF, total + sum(values))

    def limited(self, depth: int) -> Position:
        """This position with ``depth`` guesses left (at most as many as it has)."""
        if not 1 <= depth <= self.depth:
            raise WordleError(f"a limit of {depth} guesses from here: 1 to {self.depth}")
        return Position(self.solver, self.candidates, depth, self.fixed, self.mincnt, self.played)

    def child(self, guess: int, pattern: int, members: Candidates) -> Position:
        """The position after ``guess`` (an index) showed ``pattern``, given its candidates
        ``members`` (those of :meth:`groups`): :meth:`after` without filtering again."""
        fixed, mincnt = self.solver.child_constraints(self.fixed, self.mincnt, guess, pattern)
        return Position(self.solver, members, self.depth - 1, fixed, mincnt, self.played + 1)

    def groups(self, guess: int | str) -> list[tuple[int, Candidates]]:
        """The candidates ``guess`` splits apart, by pattern (ascending)."""
        g = self.index(guess)
        row = self.matrix.data[g]
        pats = row[self.candidates]
        order = np.argsort(pats, kind="stable")
        cuts = np.flatnonzero(np.diff(pats[order].astype(np.int64))) + 1
        return [(int(row[b[0]]), b) for b in np.split(self.candidates[order], cuts)]

    def value(
        self,
        guess: int | str,
        beta: int = INF,
        progress: ProgressFn | None = None,
        threads: int | None = None,
    ) -> int:
        """Total guesses over the candidates when ``guess`` is played first and optimal play
        follows: exact when below ``beta``, else a bound >= ``beta`` (``beta`` itself, or
        ``INF`` when nothing finishes within the guesses left).

        The buckets are solved largest first against what is left of ``beta``, so a guess
        that cannot beat it is abandoned early. Without a ``beta`` they are solved on
        ``threads`` threads at once (default: numba's thread count). Honours the active work
        budget.
        """
        threads = threads or parallel.default_threads()
        if beta >= INF and threads > 1 and self.depth > 1:
            return self._value_parallel(self.playable(guess), threads, progress)
        g = self.playable(guess)
        solver = self.solver
        win = solver.win
        buckets = [(p, b) for p, b in self.groups(g) if p != win]
        buckets.sort(key=lambda pb: len(pb[1]), reverse=True)
        # each bucket at its bound (2b - 1 for the total) until solved; the win costs this
        # guess only
        total = self.n * int(solver.inc[self.depth])
        total += sum(solver.bucket_bound(len(b), self.depth - 1) for _, b in buckets)
        settled = self.n - sum(len(b) for _, b in buckets)
        for p, b in buckets:
            if total >= beta:
                return beta
            if self.depth <= 1:
                return INF
            lb = solver.bucket_bound(len(b), self.depth - 1)
            fixed, mincnt = self.solver.child_constraints(self.fixed, self.mincnt, g, p)
            v = self.solver.solve(b, self.depth - 1, beta - total + lb, fixed, mincnt)
            if v >= beta - total + lb:
                return beta if v < INF else INF
            total += v - lb
            settled += len(b)
            if progress is not None:
                progress(settled, self.n)
        return total

    def bound(self, guess: int | str) -> int:
        """A proven lower bound on :meth:`value` from what the solver knows so far: each
        bucket at its proven value or bound in the memo, else at its size's bound. What a
        search stopped by its budget still proves."""
        g = self.index(guess)
        solver = self.solver
        total = self.n * int(solver.inc[self.depth])
        for p, members in self.groups(g):
            if p == solver.win:
                continue
            child = self.child(g, p, members)
            known = solver.known(child.candidates, child.depth, child.fixed, child.mincnt)
            total += max(solver.bucket_bound(child.n, child.depth), known)
        return min(total, INF)

    def best(self) -> tuple[int, int]:
        """(value, guess index) of an optimal guess here.

        Raises :class:`InfeasibleError` when no play finds every candidate within the
        guesses left.
        """
        value, g = self.solver.best_guess(self.candidates, self.depth, self.fixed, self.mincnt)
        if g < 0:
            raise InfeasibleError(
                f"no strategy finds these {self.n} answers within {self.depth} guesses"
            )
        return value, g

    def tree(self, first: int | str | None = None) -> DecisionTree:
        """The proven optimal decision tree from here (``first`` forces the first guess).

        Read out of the solver's memo (re-solving any node it does not hold); each answer's
        depth counts the turns played before this position too.
        """
        depths: dict[str, int] = {}
        root = _grow(self, None if first is None else self.index(first), depths)
        return DecisionTree(root, depths, [])


def _check_ultrahard(matrix: PatternMatrix, turns: Sequence[Turn]) -> None:
    """Every turn's guess could have been the answer when it was played."""
    wl = matrix.wordlist
    cands = np.arange(len(wl.answers))
    for i, t in enumerate(turns, start=1):
        g = wl.guess_index(t.guess)
        if not (g < len(wl.answers) and bool((cands == g).any())):
            raise WordleError(
                f"turn {i}: {t.guess.upper()} could not be the answer then, and ultrahard mode "
                "only plays words that could be"
            )
        cands = cands[matrix.data[g][cands] == t.pattern]


def _grow(position: Position, forced: int | None, depths: dict[str, int]) -> TreeNode:
    """The optimal subtree from ``position`` (its first guess ``forced``, or the best)."""
    g = forced if forced is not None else position.best()[1]
    words = position.matrix.wordlist
    node = TreeNode(words.guesses[g], position.n)
    for p, members in position.groups(g):
        if p == position.solver.win:
            node.wins = True
            depths[words.answers[int(members[0])]] = position.played + 1
            continue
        node.children[p] = _grow(position.child(g, p, members), None, depths)
    return node
