"""The multi-board bot's strategies: several boards at once.

A :class:`BoardsState` holds one :class:`~wordlekit.solve.state.GameState` per board (its
candidates, from the pattern matrix), the guesses played, the limit and the rules' mode.
Three strategies, one protocol (:class:`BoardsStrategy`), found by name in
:mod:`wordlekit.solve.registry` with the one-board ones (auto-play and benchmarks are
:mod:`wordlekit.solve.boards_play`'s):

- ``sum-entropy``: finish a board that has one candidate left, else play the guess with the
  most expected information summed over the unsolved boards (ties: a word that could be an
  answer, then alphabetical).
- ``finisher`` (the default): the same information, plus what the sum leaves out:

  1. when several boards have one candidate left, the order matters: play first the one
     whose word tells the most about the other boards (they are all played anyway);
  2. a guess that could be a board's answer solves that board now with probability 1/n,
     which saves a whole turn; it gets ``SOLVE_BONUS`` bits for each board it may solve,
     times that probability (measured on seeded Quordle and Octordle games, see the README);
  3. the guess budget: when the guesses left are no more than the unsolved boards plus
     ``BUDGET_SLACK``, only words that could be an answer are played (every turn must then
     solve a board to win), most likely to solve first.
- ``lookahead`` (:mod:`wordlekit.solve.boards_lookahead`): the finisher, looking one turn
  ahead by play-outs.

Hard mode on several boards (:data:`~wordlekit.core.rules.BOARDS_HARD_RULE`): a guess must
obey the hard-mode rule of every board still being played, and in ultrahard mode also be a
word that could still be the answer of one of them, exactly
:func:`~wordlekit.core.rules.boards_violation`. :attr:`BoardsState.allowed` is that set, and
every strategy chooses within it. A board whose answer breaks another unsolved board's hints
cannot be solved while that board is unsolved, so some games cannot be won; where no allowed
guess could be an answer, the strategies still play (the most information).

The per-board figures come from the numba partition kernels over the state's pattern matrix
(the first turn's from the matrix's cached root figures); :func:`reference_bits` is the slow
readable version from :func:`~wordlekit.core.feedback.score`, which the tests check them
against, and against which the strategies' choices are checked.
"""

from __future__ import annotations

import math
from collections import Counter, OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import ClassVar

import numpy as np
import numpy.typing as npt

from wordlekit.core.feedback import Turn, all_green, score
from wordlekit.core.rules import Mode
from wordlekit.errors import WordleError
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.fast.partition import FloatArray, IntArray, figures
from wordlekit.solve.lru import LRUCache
from wordlekit.solve.state import GameState

#: Bits a guess earns for each board it may solve, times the chance it does (1/n).
SOLVE_BONUS = 2.0
#: How many spare guesses beyond one per unsolved board before only answers are played.
BUDGET_SLACK = 0
#: Past the limit the bot plays on (a benchmark's mean counts every game to its end); this
#: many guesses beyond one per board stop a game that would never end.
PLAY_ON = 30

BoolArray = npt.NDArray[np.bool_]


class BoardsState:
    """Where a multi-board game stands: each board's state (``None`` once solved), the guesses
    played, the guess limit and the mode (the boards' states carry it too)."""

    def __init__(
        self,
        matrix: PatternMatrix,
        boards: tuple[GameState | None, ...],
        guesses: tuple[str, ...],
        max_guesses: int,
        mode: Mode = Mode.NORMAL,
    ) -> None:
        self.matrix = matrix
        self.boards = boards
        self.guesses = guesses
        self.max_guesses = max_guesses
        self.mode = Mode.parse(mode)

    @classmethod
    def start(
        cls, matrix: PatternMatrix, boards: int, max_guesses: int, *, mode: Mode = Mode.NORMAL
    ) -> BoardsState:
        root = GameState.start(matrix, mode=mode)
        return cls(matrix, (root,) * boards, (), max_guesses, mode)

    @classmethod
    def from_turns(
        cls,
        matrix: PatternMatrix,
        guesses: Sequence[str],
        patterns: Sequence[Sequence[int | None]],
        max_guesses: int,
        *,
        mode: Mode = Mode.NORMAL,
    ) -> BoardsState:
        """The state after ``guesses`` where ``patterns[b][t]`` is board ``b``'s colours for
        guess ``t`` (``None`` after that board was solved). Contradictory colours raise
        :class:`~wordlekit.errors.InconsistentFeedbackError` naming the board and turn."""
        wl = matrix.wordlist
        words = tuple(wl.check_guess(g) for g in guesses)
        win = all_green(wl.length)
        states: list[GameState | None] = []
        for b, row in enumerate(patterns):
            if len(row) != len(words):
                raise WordleError(
                    f"board {b + 1} has {len(row)} colour rows for {len(words)} guesses"
                )
            turns: list[Turn] = []
            solved = False
            for t, (w, p) in enumerate(zip(words, row, strict=True)):
                if solved:
                    if p is not None and p != win:
                        raise WordleError(f"board {b + 1} was solved before guess {t + 1}")
                    continue
                if p is None:
                    raise WordleError(f"board {b + 1} has no colours for guess {t + 1}")
                turns.append(Turn(w, p))
                solved = p == win
            if solved:
                states.append(None)
                continue
            try:
                states.append(GameState.from_turns(matrix, turns, mode=mode))
            except WordleError as e:
                raise type(e)(f"board {b + 1}: {e}") from None
        return cls(matrix, tuple(states), words, max_guesses, mode)

    @property
    def unsolved(self) -> list[int]:
        return [b for b, s in enumerate(self.boards) if s is not None]

    @property
    def live(self) -> list[tuple[int, GameState]]:
        """The unsolved boards with their states."""
        return [(b, s) for b, s in enumerate(self.boards) if s is not None]

    @property
    def guesses_left(self) -> int:
        return self.max_guesses - len(self.guesses)

    @property
    def over(self) -> bool:
        return not self.unsolved

    def candidates(self, board: int) -> list[str]:
        s = self.boards[board]
        return [] if s is None else s.candidate_words

    @cached_property
    def allowed_mask(self) -> BoolArray:
        """Which guesses the mode allows now: every one in normal mode; in hard mode those
        obeying the hard-mode rule of every unsolved board; in ultrahard mode those that
        also could be the answer of one of them (:func:`~wordlekit.core.rules.boards_violation`)."""
        mask = np.ones(len(self.matrix.wordlist.guesses), dtype=bool)
        if not self.mode.hard:
            return mask
        live = [s for _, s in self.live]
        for s in live:
            mask &= s.hard_mask
        if self.mode.candidates_only:
            answer_of_one = np.zeros_like(mask)
            for s in live:
                answer_of_one[s.candidates] = True
            mask &= answer_of_one
        return mask

    @cached_property
    def allowed(self) -> IntArray:
        """The guess indices of :attr:`allowed_mask`."""
        return np.flatnonzero(self.allowed_mask).astype(np.int64)

    def after(self, guess: int, patterns: Sequence[int | None]) -> BoardsState:
        """The state after ``guess`` showed ``patterns[b]`` on each board (``None`` on the
        solved ones)."""
        win = all_green(self.matrix.length)
        boards: list[GameState | None] = []
        for s, p in zip(self.boards, patterns, strict=True):
            if s is None:
                boards.append(None)
            elif p is None:
                raise WordleError("an unsolved board needs its colours")
            else:
                boards.append(None if p == win else s.after(guess, p))
        word = self.matrix.wordlist.guesses[guess]
        guesses = (*self.guesses, word)
        return BoardsState(self.matrix, tuple(boards), guesses, self.max_guesses, self.mode)


@dataclass(frozen=True)
class BoardsSuggestion:
    """A ranked guess: its score, the information summed over the boards, and the boards on
    which it could be the answer (numbered from 1, as the player counts them)."""

    word: str
    score: float
    bits: float
    answer_on: tuple[int, ...]
    reason: str


class BoardFigures:
    """Each board's expected information for every guess, from the partition kernel; repeated
    sets (the second turn's, shared by many games) come from a small cache."""

    #: Sets smaller than this are computed again rather than cached (cheap, and rarely met
    #: twice).
    CACHE_FROM = 24

    def __init__(self, matrix: PatternMatrix, size: int = 256) -> None:
        self.matrix = matrix
        self.size = size
        self._cache: OrderedDict[bytes, FloatArray] = OrderedDict()
        self._guesses = np.arange(len(matrix.wordlist.guesses), dtype=np.int64)

    def bits(self, state: GameState) -> FloatArray:
        """Expected information (bits) of every guess over ``state``'s candidates."""
        cands = state.candidates
        n = len(cands)
        if n <= 1:
            return np.zeros(len(self._guesses))
        if n == len(self.matrix.wordlist.answers):
            return self.matrix.root_figures.bits
        key = cands.tobytes() if n >= self.CACHE_FROM else b""
        if key and key in self._cache:
            self._cache.move_to_end(key)
            return self._cache[key]
        figs = figures(self.matrix.data, self._guesses, cands, transposed=self.matrix.transposed)
        bits = figs.bits
        if key:
            self._cache[key] = bits
            if len(self._cache) > self.size:
                self._cache.popitem(last=False)
        return bits


def reference_bits(guess: str, candidates: Sequence[str]) -> float:
    """The expected information of ``guess`` over ``candidates``, from :func:`score` (slow,
    readable: what the kernels are tested against)."""
    n = len(candidates)
    if n <= 1:
        return 0.0
    buckets = Counter(score(guess, c) for c in candidates)
    return sum(c / n * math.log2(n / c) for c in buckets.values())


def best_of(
    key: FloatArray, pool: IntArray, answer_of_one: BoolArray, rank: IntArray
) -> int | None:
    """The guess of ``pool`` with the highest ``key`` (indexed by guess); ties to a word
    that could be an answer (``answer_of_one``), then alphabetical (``rank``). ``None`` for
    an empty pool."""
    if not len(pool):
        return None
    k = key[pool]
    # Floating sums of the same bits in another order may differ in the last place.
    tied = pool[k >= k.max() - 1e-9]
    return int(min(tied, key=lambda g: (not answer_of_one[g], int(rank[g]))))


class BoardsStrategy:
    """Base class: ``scores`` gives every guess a score (higher is better) for the unsolved
    boards; :meth:`choose` adds the finishing rules, within the guesses the mode allows.

    A strategy is made without a matrix: it reads the state's, and keeps each matrix's
    figure cache (:class:`BoardFigures`, made on first use)."""

    name: ClassVar[str] = ""
    summary: ClassVar[str] = ""
    #: Whether the strategy runs the exact search (none of the multi-board ones does).
    expensive: ClassVar[bool] = False
    #: The answer models played (:data:`wordlekit.core.words.ANSWER_MODELS`): the figures
    #: are unweighted, so the answer list only.
    answer_models: ClassVar[frozenset[str]] = frozenset({"list"})

    def __init__(self) -> None:
        self._figures: LRUCache[str, BoardFigures] = LRUCache(2)

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    def figures(self, matrix: PatternMatrix) -> BoardFigures:
        """The figure cache of ``matrix``'s lists."""
        return self._figures.get_or_make(matrix.wordlist.content_hash, lambda: BoardFigures(matrix))

    def summed_bits(self, state: BoardsState, boards: Sequence[int] | None = None) -> FloatArray:
        figs = self.figures(state.matrix)
        total = np.zeros(len(state.matrix.wordlist.guesses))
        for b in state.unsolved if boards is None else boards:
            s = state.boards[b]
            assert s is not None
            total += figs.bits(s)
        return total

    def solve_chance(self, state: BoardsState) -> FloatArray:
        """For each guess, the expected number of boards it solves now: the sum of 1/n over
        the boards where it is a candidate."""
        chance = np.zeros(len(state.matrix.wordlist.guesses))
        for _, s in state.live:
            chance[s.candidates] += 1.0 / s.n
        return chance

    def scores(self, state: BoardsState) -> FloatArray:
        return self.summed_bits(state)

    def useless(self, state: BoardsState, guess: int) -> bool:
        """Whether ``guess`` can change nothing: it splits no unsolved board's candidates and
        could be no board's answer. When the strategy's choice is useless, every allowed
        guess is (each strategy prefers any information, or a chance to solve a board, to
        none): under hard mode the game can then never go on."""
        figs = self.figures(state.matrix)
        for _, s in state.live:
            if s.n > 1 and figs.bits(s)[guess] > 1e-12:
                return False
            if bool((s.candidates == guess).any()):
                return False
        return True

    def _singletons(self, state: BoardsState) -> list[int]:
        """The words of the boards with one candidate left that the mode allows now."""
        out = []
        for b, s in state.live:
            if s.n == 0:
                raise WordleError(f"board {b + 1}: no candidates left")
            if s.n == 1 and state.allowed_mask[s.candidates[0]]:
                out.append(int(s.candidates[0]))
        return out

    def _best(self, key: FloatArray, state: BoardsState, pool: IntArray | None = None) -> int:
        """The highest key among the allowed guesses (of ``pool``, when given and one of
        them is allowed); ties to a possible answer, then alphabetical."""
        allowed = state.allowed
        if pool is not None:
            within = pool[state.allowed_mask[pool]]
            allowed = within if len(within) else allowed
        found = best_of(key, allowed, self.solve_chance(state) > 0, state.matrix.alphabetical_rank)
        if found is None:
            raise WordleError(
                f"no guess is allowed on every board in {state.mode.value} mode: every word "
                "breaks a board's rule"
            )
        return found

    def choose(self, state: BoardsState) -> int:
        if state.over:
            raise WordleError("every board is solved")
        single = self._singletons(state)
        if single:
            return single[0]
        return self._best(self.scores(state), state)

    def rank(self, state: BoardsState, top: int = 10) -> list[BoardsSuggestion]:
        """The ``top`` best allowed guesses by score, led by what :meth:`choose` plays."""
        if state.over:
            raise WordleError("every board is solved")
        first = self.choose(state)
        key = self.scores(state)
        bits = self.summed_bits(state)
        chance = self.solve_chance(state)
        allowed = state.allowed
        rank = state.matrix.alphabetical_rank
        order = allowed[np.lexsort((rank[allowed], chance[allowed] <= 0, -key[allowed]))]
        # Guesses worth nothing (every board but solved ones down to one word) are not shown.
        rest = [int(g) for g in order[: top + 1] if int(g) != first and key[g] > 0]
        picks = [first, *rest[: top - 1]]
        members = {b: set(s.candidates.tolist()) for b, s in state.live}
        guesses = state.matrix.wordlist.guesses
        singles = self._singletons(state)
        out = []
        for g in picks:
            on = tuple(b + 1 for b in state.unsolved if g in members[b])
            reason = ""
            if g == first:
                reason = (
                    "the only word left on its board" if g in singles else "the strategy's choice"
                )
            out.append(BoardsSuggestion(guesses[g], float(key[g]), float(bits[g]), on, reason))
        return out


class SumEntropy(BoardsStrategy):
    name = "sum-entropy"
    summary = (
        "finish a board with one word left, else the most expected information summed over "
        "the unsolved boards"
    )


class Finisher(BoardsStrategy):
    name = "finisher"
    summary = (
        "sum-entropy, plus: among boards with one word left the most informative first; a "
        f"bonus of {SOLVE_BONUS:g} bits for each board a guess may solve now (times 1/n); "
        "only possible answers when the guesses left are down to one per unsolved board"
    )

    def __init__(self, bonus: float = SOLVE_BONUS, slack: int = BUDGET_SLACK) -> None:
        super().__init__()
        self.bonus = bonus
        self.slack = slack

    def scores(self, state: BoardsState) -> FloatArray:
        return self.summed_bits(state) + self.bonus * self.solve_chance(state)

    def budget_rule(self, left: int, unsolved: int) -> bool:
        """Whether only words that could be an answer are played: the guesses left are down
        to one per unsolved board (plus the slack)."""
        return 0 < left <= unsolved + self.slack

    def choose(self, state: BoardsState) -> int:
        if state.over:
            raise WordleError("every board is solved")
        single = self._singletons(state)
        if len(single) == 1:
            return single[0]
        if single:
            # All of them are played anyway: first the one that tells most about the rest.
            others = [b for b, s in state.live if s.n > 1]
            bits = self.summed_bits(state, others)
            return self._best(bits, state, np.asarray(single, dtype=np.int64))
        key = self.scores(state)
        if self.budget_rule(state.guesses_left, len(state.unsolved)):
            chance = self.solve_chance(state)
            # Every turn must now solve a board: the likeliest to, then the most informative
            # (where the mode allows no possible answer, the most informative guess).
            return self._best(chance * 1000.0 + key, state, np.flatnonzero(chance > 0))
        return self._best(key, state)
