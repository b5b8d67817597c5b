"""The fewest guesses that win Absurdle, proved by a depth-limited search.

Absurdle's host is deterministic (:mod:`wordlekit.core.absurdle`), so from a position each
guess leads to exactly one next position: "can we win within ``d`` guesses?" is an OR search
over guess sequences, and the minimum is found by iterative deepening (``d`` = 1, 2, …).
Winning within ``d`` counts the last guess, the all-green one: a set of one word is won in 1.

What makes it fast (the compiled part is :mod:`._absurdle_jit`):

- capacity: the host keeps its largest group, so a guess showing a set at most ``P``
  patterns leaves at least ``n / P`` words; to win within 2 the set must be split into
  singletons, so no set larger than the most patterns any guess shows (150 on the original
  answers) can be won within 2, and no first guess leaves fewer than 168 words: "3 is
  impossible" is proved in a few milliseconds;
- the grouping of a guess is abandoned as soon as one group passes that cap, and a full
  split is refuted at the first two words showing the same pattern, reading the words'
  rows of the transposed matrix for every suspect guess at once (the closest pair first);
- the patterns a guess shows a set bound what it shows every subset, so only a short
  prefix of the guesses (in decreasing order of that figure) are suspects;
- sets already refuted are remembered by a 128-bit hash of the set (outside hard mode the
  answer depends on the set alone), and the first guesses are searched on threads (the
  kernels release the GIL).

Long work honours the active :mod:`wordlekit.budget` (its stop flag is read inside the
kernels between guesses) and reports progress per first guess.
"""

from __future__ import annotations

import dataclasses
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from wordlekit import budget as budgets
from wordlekit.core.absurdle import ABSURDLE, AbsurdleGame, host_order
from wordlekit.core.alphabet import CODES
from wordlekit.core.feedback import Turn, TurnView
from wordlekit.core.rules import Mode
from wordlekit.core.words import WordList
from wordlekit.errors import BudgetExceeded, ChallengeLostError, InternalError, WordleError
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.solve import _absurdle_jit as jit
from wordlekit.solve._solver_parts import allowed_hard, child_constraints
from wordlekit.solve.absurdle_scan import Progress, Scan

#: Searches stop at this many guesses unless asked for more (the start needs 4).
DEFAULT_MAX_DEPTH = 6
#: Two-guess sets remembered per thread (about 50 bytes each).
MEMO_CAP = 1_000_000

Ints = npt.NDArray[np.int32]


@dataclass(frozen=True)
class Tables:
    """What the kernels read: the pattern matrix, its transpose, the guesses' letters,
    every guess's pattern count on the answers, the host's tie-break ranks, hash keys."""

    matrix: PatternMatrix
    parts: Ints
    rank: Ints
    z1: npt.NDArray[np.uint64]
    z2: npt.NDArray[np.uint64]
    order: Ints  # every guess, alphabetically (the order first guesses are listed in)

    def kernel(self) -> tuple[Any, ...]:
        pm = self.matrix
        return (
            pm.data,
            pm.transposed,
            pm.guess_codes,
            pm.guess_letter_counts,
            self.parts,
            self.rank,
            self.z1,
            self.z2,
            pm.answer_codes,
        )


@lru_cache(maxsize=4)
def tables_for(wordlist: WordList) -> Tables:
    """The kernels' tables for a list (cached: the matrix is read once)."""
    pm = PatternMatrix.for_list(wordlist)
    n_patterns = 3**wordlist.length
    rank = np.asarray(host_order(wordlist.length), dtype=np.int32)
    parts = jit.pattern_parts(pm.data, n_patterns)
    rng = np.random.default_rng(0x0AB5)  # fixed: the hashes (and so the work) are repeatable
    top = np.iinfo(np.uint64).max
    z1 = rng.integers(0, top, size=len(wordlist.answers), dtype=np.uint64, endpoint=True)
    z2 = rng.integers(0, top, size=len(wordlist.answers), dtype=np.uint64, endpoint=True)
    words = wordlist.guesses
    order = np.asarray(sorted(range(len(words)), key=words.__getitem__), dtype=np.int32)
    return Tables(pm, parts, rank, z1, z2, order)


@dataclass(frozen=True)
class Node:
    """A position of the search: the host's words, the guesses allowed, hard-mode state."""

    cands: Ints
    allowed: Ints  # increasing guess index
    fixed: npt.NDArray[np.int8]
    mincnt: npt.NDArray[np.int8]


@dataclass(frozen=True)
class Line:
    """A winning line: the guesses to play and the pattern the host shows each."""

    turns: tuple[TurnView, ...]

    @property
    def guesses(self) -> tuple[str, ...]:
        return tuple(t.guess for t in self.turns)

    def __len__(self) -> int:
        return len(self.turns)

    def text(self) -> str:
        return " ".join(t.guess.upper() for t in self.turns)


@dataclass(frozen=True)
class Proof:
    """The fewest guesses that win from a position, with the times of the proofs.

    ``minimum`` is ``None`` when no win exists within ``max_depth`` (all refuted), or when
    the work budget stopped the search first (``stopped`` then says why).
    ``refuted`` lists ``(depth, seconds)`` for every depth proved impossible, ``found`` the
    seconds to find the winning ``line`` at ``minimum``.
    """

    start: tuple[str, ...]
    remaining: int
    mode: Mode
    target: str | None
    minimum: int | None
    line: Line | None
    refuted: tuple[tuple[int, float], ...]
    found: float | None
    seconds: float
    max_depth: int
    stopped: str | None = None


@dataclass(frozen=True)
class FirstGuesses:
    """Every first guess (from a position) that wins within ``depth``, with a line each.

    ``complete`` is true when every allowed guess was examined (else ``limit`` stopped the
    scan after the first ``len(wins)`` in alphabetical order).
    """

    depth: int
    wins: tuple[Line, ...]
    examined: int
    total: int
    complete: bool
    seconds: float
    threads: int
    mode: Mode = Mode.NORMAL
    target: str | None = None
    start: tuple[str, ...] = field(default=())
    #: Why the scan stopped early (the budget's message), when it was asked to return what
    #: it found rather than fail.
    stopped: str | None = None


class Search:
    """The search from one position: ``Search(game).minimum()``, ``.first_guesses(4)``."""

    def __init__(self, game: AbsurdleGame) -> None:
        if game.lost_target and game.target is not None:
            raise ChallengeLostError(
                f"the challenge is lost: the host no longer holds {game.target.upper()}"
            )
        if game.over:
            raise WordleError(f"the game is over ({game.status.value})")
        self.game = game
        self.wordlist = game.wordlist
        self.tables = tables_for(game.wordlist)
        self.kt = self.tables.kernel()
        wl = game.wordlist
        self.target = -1 if game.target is None else wl.answer_index(game.target)
        if game.target is not None and game.target not in game.remaining:
            raise ChallengeLostError(f"the host no longer holds {game.target.upper()}")
        # Absurdle's search knows hard mode (the NYT rule); an ultrahard game is searched in
        # hard mode, which allows more guesses: its minimum is then a lower bound.
        self.mode = Mode.HARD if game.mode.hard else Mode.NORMAL
        cands = np.asarray([wl.answer_index(w) for w in game.remaining], dtype=np.int32)
        fixed = np.full(wl.length, -1, dtype=np.int8)
        mincnt = np.zeros(CODES, dtype=np.int8)
        pm = self.tables.matrix
        if self.mode.hard:
            for turn in game.turns:
                g = wl.guess_index(turn.guess)
                fixed, mincnt = child_constraints(fixed, mincnt, pm.guess_codes, g, turn.pattern)
            allowed = allowed_hard(fixed, mincnt, pm.guess_codes, pm.guess_letter_counts)
        else:
            allowed = np.arange(len(wl.guesses), dtype=np.int32)
        self.root = Node(cands, np.asarray(allowed, dtype=np.int32), fixed, mincnt)
        self.cap2 = int(self.tables.parts.max())
        self._local = threading.local()
        # (depth, set, constraints) after a first guess -> the rest of a winning line or None
        self._after_first: dict[tuple[int, bytes, bytes, bytes], list[int] | None] = {}

    # -- the kernels, per thread ------------------------------------------------------------

    def _memo(self) -> Any:
        memo = getattr(self._local, "memo", None)
        if memo is None:
            memo = jit.new_memo()
            self._local.memo = memo
        return memo

    @staticmethod
    def _flag() -> npt.NDArray[np.int64]:
        b = budgets.current()
        return b.flag if b is not None else np.zeros(1, dtype=np.int64)

    def _kept(self, node: Node, g: int) -> tuple[int, Ints]:
        """(pattern, words kept) after guess ``g``."""
        pm = self.tables.matrix
        counts = np.zeros(self.tables.rank.shape[0], dtype=np.int32)
        out = np.empty(node.cands.shape[0], dtype=np.int32)
        m, p = jit.kept(pm.data[g], node.cands, self.tables.rank, counts, 1 << 30, out)
        return int(p), out[:m].copy()

    def child(self, node: Node, g: int) -> tuple[int, Node]:
        p, kept = self._kept(node, g)
        if not self.mode.hard:
            return p, Node(kept, node.allowed, node.fixed, node.mincnt)
        pm = self.tables.matrix
        allowed, nf, nm = jit.child_allowed(
            True, node.allowed, node.fixed, node.mincnt, pm.guess_codes,
            pm.guess_letter_counts, g, p,
        )  # fmt: skip
        return p, Node(kept, allowed, nf, nm)

    def _survey(self, node: Node) -> tuple[Ints, Ints]:
        sizes, _pats = jit.survey(
            self.tables.matrix.data, node.cands, node.allowed, self.tables.rank, self.target
        )
        return node.allowed, sizes

    # -- wins within d ----------------------------------------------------------------------

    def wins(self, node: Node, depth: int) -> list[int] | None:
        """Guess indices (without the last, all-green one) winning within ``depth``."""
        n = node.cands.shape[0]
        if n == 1:
            ok = self.target < 0 or int(node.cands[0]) == self.target
            return [] if ok and depth >= 1 else None
        if depth <= 1:
            return None
        if depth == 2:
            return self._wins2(node)
        if depth == 3:
            return self._wins3(node)
        return self._wins_deep(node, depth)

    def _wins2(self, node: Node) -> list[int] | None:
        if node.cands.shape[0] > self.cap2:
            return None  # no guess shows this many patterns: none splits the set
        g = jit.win2_at(self.kt, node.cands, node.allowed, self.target)
        return None if g < 0 else [int(g)]

    def _wins3(self, node: Node) -> list[int] | None:
        stats = np.zeros(3, dtype=np.int64)
        flag = self._flag()
        g1, g2 = jit.win3(
            self.kt, node.cands, node.allowed, node.fixed, node.mincnt, self.mode.hard,
            self.target, self.cap2, self._memo(), MEMO_CAP, flag, stats,
        )  # fmt: skip
        if flag[0] != 0:
            raise _stopped()
        if g1 < 0:
            return None
        return [int(g1)] if g2 < 0 else [int(g1), int(g2)]

    def _wins_deep(self, node: Node, depth: int) -> list[int] | None:
        allowed, sizes = self._survey(node)
        n = node.cands.shape[0]
        seen: set[bytes] = set()
        # most promising first: the smallest group kept
        for t in np.argsort(sizes, kind="stable"):
            budgets.checkpoint()
            m = int(sizes[t])
            if m < 0 or m >= n:
                continue  # the target would leave, or no progress
            g = int(allowed[t])
            _p, child = self.child(node, g)
            if not self.mode.hard:
                key = child.cands.tobytes()
                if key in seen:
                    continue
                seen.add(key)
            rest = self.wins(child, depth - 1)
            if rest is not None:
                return [g, *rest]
        return None

    # -- public -----------------------------------------------------------------------------

    def line(self, node: Node, guesses: Sequence[int]) -> Line:
        """The winning line played out from ``node``: the guesses, then the last word."""
        words = self.wordlist.guesses
        turns: list[Turn] = []
        for g in guesses:
            p, node = self.child(node, int(g))
            turns.append(Turn(words[g], p))
        if turns and turns[-1].is_win:
            return Line(tuple(TurnView.of(t) for t in turns))
        assert node.cands.shape[0] == 1
        last = int(node.cands[0])
        p, _ = self.child(node, last)
        turns.append(Turn(words[last], p))
        return Line(tuple(TurnView.of(t) for t in turns))

    def minimum(
        self,
        max_depth: int = DEFAULT_MAX_DEPTH,
        progress: Callable[[int], None] | None = None,
        *,
        partial: bool = False,
    ) -> Proof:
        """The fewest guesses that win, by iterative deepening, with a winning line.

        When the work budget runs out, :class:`~wordlekit.errors.BudgetExceeded` is raised,
        or with ``partial`` (and unless the work was cancelled) a proof with no minimum, the
        depths refuted so far and ``stopped`` saying why."""
        t0 = time.perf_counter()
        refuted: list[tuple[int, float]] = []
        for depth in range(1, max_depth + 1):
            if progress is not None:
                progress(depth)
            t = time.perf_counter()
            try:
                found = self.wins(self.root, depth)
            except BudgetExceeded as e:
                if not partial or e.reason == "cancelled":
                    raise
                proof = self._proof(None, None, refuted, None, t0, max_depth)
                return dataclasses.replace(proof, stopped=str(e))
            dt = time.perf_counter() - t
            if found is not None:
                return self._proof(depth, self.line(self.root, found), refuted, dt, t0, max_depth)
            refuted.append((depth, dt))
        return self._proof(None, None, refuted, None, t0, max_depth)

    def _proof(
        self,
        depth: int | None,
        line: Line | None,
        refuted: list[tuple[int, float]],
        found: float | None,
        t0: float,
        max_depth: int,
    ) -> Proof:
        return Proof(
            start=tuple(t.guess for t in self.game.turns),
            remaining=len(self.game.remaining),
            mode=self.mode,
            target=self.game.target,
            minimum=depth,
            line=line,
            refuted=tuple(refuted),
            found=found,
            seconds=time.perf_counter() - t0,
            max_depth=max_depth,
        )

    def first_guesses(
        self,
        depth: int,
        limit: int | None = None,
        threads: int = 1,
        progress: Progress | None = None,
        partial: bool = False,
    ) -> FirstGuesses:
        """Every allowed guess that wins within ``depth`` from here (the first ``limit`` in
        alphabetical order), each with a winning line; on ``threads`` threads.

        When the work budget runs out, :class:`~wordlekit.errors.BudgetExceeded` is raised,
        or with ``partial`` the wins found so far are returned (``complete`` false, ``stopped``
        saying why)."""
        if depth < 1:
            raise WordleError("the depth must be at least 1")
        if limit is not None and limit < 1:
            raise WordleError("the limit must be at least 1")
        t0 = time.perf_counter()
        order = [int(g) for g in self.tables.order if _contains(self.root.allowed, int(g))]
        scan = Scan(lambda g: self._first(g, depth), order, limit, progress, partial)
        n_threads = scan.run(threads)
        wins = [self.line(self.root, [order[k], *rest]) for k, rest in scan.wins()]
        if limit is not None:
            wins = wins[:limit]
        return FirstGuesses(
            depth=depth,
            wins=tuple(wins),
            examined=len(scan.results),
            total=len(order),
            complete=len(scan.results) == len(order),
            seconds=time.perf_counter() - t0,
            threads=n_threads,
            mode=self.mode,
            target=self.game.target,
            start=tuple(t.guess for t in self.game.turns),
            stopped=scan.stopped,
        )

    def _first(self, g: int, depth: int) -> list[int] | None:
        """The rest of a line winning within ``depth`` when ``g`` is played first, or None."""
        _p, child = self.child(self.root, g)
        if self.target >= 0 and not _contains_any(child.cands, self.target):
            return None
        if child.cands.shape[0] >= self.root.cands.shape[0] and self.root.cands.shape[0] > 1:
            return None  # no progress: never part of a shortest win
        # Many first guesses leave the same set (12,972 guesses, 7,808 sets from the start):
        # what follows depends on the set and the hard-mode constraints only.
        key = (depth, child.cands.tobytes(), child.fixed.tobytes(), child.mincnt.tobytes())
        if key in self._after_first:
            return self._after_first[key]
        rest = self.wins(child, depth - 1)
        self._after_first[key] = rest
        return rest


def _contains(sorted_arr: Ints, x: int) -> bool:
    i = int(np.searchsorted(sorted_arr, x))
    return i < sorted_arr.shape[0] and int(sorted_arr[i]) == x


def _contains_any(arr: Ints, x: int) -> bool:
    return bool(np.any(arr == x))


def _stopped() -> BaseException:
    b = budgets.current()
    return b.exceeded() if b is not None else InternalError("the search stopped on its own")


def prove(
    words: Sequence[str] = (),
    *,
    wordlist: WordList | None = None,
    mode: Mode = Mode.NORMAL,
    target: str | None = None,
    max_depth: int = DEFAULT_MAX_DEPTH,
) -> Proof:
    """The fewest guesses that win after playing ``words`` (see :meth:`Search.minimum`); in
    hard ``mode`` every guess uses the colours shown so far."""
    start = ABSURDLE.challenge([target] if target else [], wordlist=wordlist, mode=Mode.parse(mode))
    game = start.replay(words)
    assert isinstance(game, AbsurdleGame)
    return Search(game).minimum(max_depth)
