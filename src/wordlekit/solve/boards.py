"""The multi-board bot's strategies: several boards at once.

A :class:`BoardsState` holds one :class:`~wordlekit.solve.state.GameState` per board (its
candidates, from the pattern matrix) and the guesses left. Three strategies, one protocol
(:class:`BoardsStrategy`), in :data:`BOARD_STRATEGIES` (auto-play and benchmarks are
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
- ``lookahead``: the finisher, looking one turn ahead by play-outs (see :class:`Lookahead`).

The per-board figures come from the numba partition kernels over :class:`PatternMatrix`
(the first turn's from the matrix's cached root figures); :func:`reference_bits` is the slow
readable version from :func:`~wordlekit.core.feedback.score`, which the tests check them
against, and against which the strategies' choices are checked.
"""

from __future__ import annotations

import hashlib
import math
from collections import Counter, OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from wordlekit.core.feedback import Turn, all_green, score
from wordlekit.errors import WordleError
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.fast.partition import FloatArray, IntArray, figures
from wordlekit.solve.state import GameState

#: Bits a guess earns for each board it may solve, times the chance it does (1/n).
SOLVE_BONUS = 2.0
#: How many spare guesses beyond one per unsolved board before only answers are played.
BUDGET_SLACK = 0
#: Past the limit the bot plays on (a benchmark's mean counts every game to its end); this
#: many guesses beyond one per board stop a game that would never end.
PLAY_ON = 30
#: How many of the finisher's best guesses the lookahead tries, and on how many answer sets.
LOOK_TOP = 4
LOOK_SAMPLES = 16


class BoardsState:
    """Where a multi-board game stands: each board's state (``None`` once solved), the guesses
    played and the guess limit."""

    def __init__(
        self,
        matrix: PatternMatrix,
        boards: tuple[GameState | None, ...],
        guesses: tuple[str, ...],
        max_guesses: int,
    ) -> None:
        self.matrix = matrix
        self.boards = boards
        self.guesses = guesses
        self.max_guesses = max_guesses

    @classmethod
    def start(cls, matrix: PatternMatrix, boards: int, max_guesses: int) -> BoardsState:
        root = GameState.start(matrix)
        return cls(matrix, (root,) * boards, (), max_guesses)

    @classmethod
    def from_turns(
        cls,
        matrix: PatternMatrix,
        guesses: Sequence[str],
        patterns: Sequence[Sequence[int | None]],
        max_guesses: int,
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
                states.append(GameState.from_turns(matrix, turns))
            except WordleError as e:
                raise type(e)(f"board {b + 1}: {e}") from None
        return cls(matrix, tuple(states), words, max_guesses)

    @property
    def unsolved(self) -> list[int]:
        return [b for b, s in enumerate(self.boards) if s is not None]

    @property
    def guesses_left(self) -> int:
        return self.max_guesses - len(self.guesses)

    @property
    def over(self) -> bool:
        return not self.unsolved

    def candidates(self, board: int) -> list[str]:
        s = self.boards[board]
        return [] if s is None else s.candidate_words

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
        return BoardsState(self.matrix, tuple(boards), (*self.guesses, word), self.max_guesses)


@dataclass(frozen=True)
class BoardsSuggestion:
    """A ranked guess: its score, the information summed over the boards, and the boards on
    which it could be the answer."""

    word: str
    score: float
    bits: float
    answer_on: tuple[int, ...]
    reason: str

    def to_dict(self) -> dict[str, object]:
        return {
            "word": self.word,
            "score": round(self.score, 4),
            "bits": round(self.bits, 4),
            "answer_on": [b + 1 for b in self.answer_on],
            "reason": self.reason,
        }


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


class BoardsStrategy:
    """Base class: ``scores`` gives every guess a score (higher is better) for the unsolved
    boards; :meth:`choose` adds the finishing rules."""

    name: ClassVar[str] = ""
    summary: ClassVar[str] = ""

    def __init__(self, matrix: PatternMatrix) -> None:
        self.matrix = matrix
        self.figures = BoardFigures(matrix)

    def summed_bits(self, state: BoardsState, boards: Sequence[int] | None = None) -> FloatArray:
        total = np.zeros(len(self.matrix.wordlist.guesses))
        for b in state.unsolved if boards is None else boards:
            s = state.boards[b]
            assert s is not None
            total += self.figures.bits(s)
        return total

    def solve_chance(self, state: BoardsState) -> tuple[FloatArray, list[list[int]]]:
        """For each guess, the expected number of boards it solves now (sum of 1/n over the
        boards where it is a candidate), and those boards."""
        chance = np.zeros(len(self.matrix.wordlist.guesses))
        for b in state.unsolved:
            s = state.boards[b]
            assert s is not None
            chance[s.candidates] += 1.0 / s.n
        return chance, []

    def scores(self, state: BoardsState) -> FloatArray:
        return self.summed_bits(state)

    def _singletons(self, state: BoardsState) -> list[int]:
        out = []
        for b in state.unsolved:
            s = state.boards[b]
            assert s is not None
            if s.n == 0:
                raise WordleError(f"board {b + 1}: no candidates left")
            if s.n == 1:
                out.append(int(s.candidates[0]))
        return out

    def _best(self, key: FloatArray, state: BoardsState, pool: IntArray | None = None) -> int:
        """The highest key (within ``pool``); ties to a possible answer, then alphabetical."""
        chance, _ = self.solve_chance(state)
        idx = np.arange(len(key)) if pool is None else pool
        k = key[idx]
        top = k.max()
        # Floating sums of the same bits in another order may differ in the last place.
        tied = idx[k >= top - 1e-9]
        rank = self.matrix.alphabetical_rank
        return int(min(tied, key=lambda g: (not chance[g] > 0, int(rank[g]))))

    def choose(self, state: BoardsState) -> int:
        if state.over:
            raise WordleError("every board is solved")
        single = self._singletons(state)
        if single:
            return single[0]
        return self._best(self.scores(state), state)

    def rank(self, state: BoardsState, top: int = 10) -> list[BoardsSuggestion]:
        """The ``top`` best guesses by score, led by what :meth:`choose` plays."""
        if state.over:
            raise WordleError("every board is solved")
        first = self.choose(state)
        key = self.scores(state)
        bits = self.summed_bits(state)
        chance, _ = self.solve_chance(state)
        rank = self.matrix.alphabetical_rank
        order = np.lexsort((rank, chance <= 0, -key))
        # Guesses worth nothing (every board but solved ones down to one word) are not shown.
        rest = [int(g) for g in order[: top + 1] if int(g) != first and key[g] > 0]
        picks = [first, *rest[: top - 1]]
        members = {
            b: set((state.boards[b] or _NO_STATE).candidates.tolist()) for b in state.unsolved
        }
        guesses = self.matrix.wordlist.guesses
        out = []
        for g in picks:
            on = tuple(b for b in state.unsolved if g in members[b])
            reason = self._reason(state, g, first)
            out.append(BoardsSuggestion(guesses[g], float(key[g]), float(bits[g]), on, reason))
        return out

    def _reason(self, state: BoardsState, g: int, first: int) -> str:
        if g != first:
            return ""
        if g in self._singletons(state):
            return "the only word left on its board"
        return "the strategy's choice"


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

    def __init__(
        self,
        matrix: PatternMatrix,
        bonus: float = SOLVE_BONUS,
        slack: int = BUDGET_SLACK,
    ) -> None:
        super().__init__(matrix)
        self.bonus = bonus
        self.slack = slack

    def scores(self, state: BoardsState) -> FloatArray:
        chance, _ = self.solve_chance(state)
        return self.summed_bits(state) + self.bonus * chance

    def choose(self, state: BoardsState) -> int:
        if state.over:
            raise WordleError("every board is solved")
        single = self._singletons(state)
        if len(single) == 1:
            return single[0]
        if single:
            # All of them are played anyway: first the one that tells most about the rest.
            others = [b for b in state.unsolved if (state.boards[b] or _NO_STATE).n > 1]
            bits = self.summed_bits(state, others)
            pool = np.asarray(single, dtype=np.int64)
            return self._best(bits, state, pool)
        key = self.scores(state)
        left = state.guesses_left
        if 0 < left <= len(state.unsolved) + self.slack:
            chance, _ = self.solve_chance(state)
            pool = np.flatnonzero(chance > 0)
            # Every turn must now solve a board: the likeliest to, then the most informative.
            return self._best(chance * 1000.0 + key, state, pool)
        return self._best(key, state)


class Lookahead(Finisher):
    """``finisher``, looking one turn ahead where no board has one word left: it tries the
    finisher's ``top`` best guesses and its ``top`` best words that could be an answer, each
    played on ``samples`` answer sets drawn from the boards' candidates and the game played
    out to its end, and plays the guess with the fewest guesses on average (a loss counting
    ``LOSS_PENALTY`` more). The same answer sets judge every guess (less noise), drawn from a
    generator seeded by the guesses so far, so the choice is deterministic.

    The play-outs follow the finisher's rules over a short list of guesses (the words that
    could still be an answer and the ``INFO_POOL`` most informative guesses of the decision),
    which makes them a hundred times cheaper than ranking every valid guess at every turn.
    """

    name = "lookahead"
    summary = (
        "finisher, looking one turn ahead: its best guesses and best possible answers, each "
        "played out on answer sets drawn from the boards' candidates; the fewest guesses wins"
    )
    LOSS_PENALTY = 5.0
    INFO_POOL = 48

    def __init__(self, matrix: PatternMatrix, top: int = LOOK_TOP, samples: int = LOOK_SAMPLES):
        super().__init__(matrix)
        self.top = top
        self.samples = samples

    def choose(self, state: BoardsState) -> int:
        if state.over:
            raise WordleError("every board is solved")
        first = super().choose(state)
        if not state.guesses or self._singletons(state):
            return first
        key = self.scores(state)
        chance, _ = self.solve_chance(state)
        order = np.argsort(-key, kind="stable")
        answers = order[chance[order] > 0][: self.top]
        pool = list(dict.fromkeys([first, *order[: self.top].tolist(), *answers.tolist()]))
        info = order[: self.INFO_POOL]
        rng = np.random.default_rng(
            int.from_bytes(hashlib.sha256(" ".join(state.guesses).encode()).digest()[:8])
        )
        sets = []
        for _ in range(self.samples):
            sets.append(
                [-1 if s is None else int(s.candidates[rng.integers(s.n)]) for s in state.boards]
            )
        best, best_cost = first, math.inf
        for g in pool:
            cost = 0.0
            for picks in sets:
                turns = self._playout(state, int(g), picks, info)
                cost += turns + (self.LOSS_PENALTY if turns > state.max_guesses else 0.0)
            cost /= len(sets)
            if cost < best_cost - 1e-9:
                best, best_cost = int(g), cost
        return best

    def _playout(self, state: BoardsState, g: int, picks: list[int], info: IntArray) -> int:
        stop = state.max_guesses + PLAY_ON
        data = self.matrix.data
        # The boards as candidate arrays only (no GameState: the play-out is a hot loop).
        cands = [None if s is None else s.candidates for s in state.boards]
        turns = len(state.guesses)
        while True:
            turns += 1
            row = data[g]
            for b, c in enumerate(cands):
                if c is None:
                    continue
                p = row[picks[b]]
                cands[b] = None if g == picks[b] else c[row[c] == p]
            live = [c for c in cands if c is not None]
            if not live or turns >= stop:
                return turns
            g = self._quick_choice(live, info, state.max_guesses - turns)

    def _quick_choice(self, live: list[IntArray], info: IntArray, left: int) -> int:
        """The finisher's choice among the candidates and the ``info`` guesses."""
        singles = [int(c[0]) for c in live if len(c) == 1]
        if singles:
            return singles[0]
        live_all = np.concatenate(live)
        pool = np.unique(np.concatenate([info, live_all]))
        bits = np.zeros(len(pool))
        chance = np.zeros(len(pool))
        for c in live:
            figs = figures(self.matrix.data, pool, c, use_numba=False)
            bits += figs.bits
            chance += np.isin(pool, c) / len(c)
        key = bits + self.bonus * chance
        if 0 < left <= len(live) + self.slack:
            key = np.where(chance > 0, chance * 1000.0 + key, -np.inf)
        # Ties as the finisher breaks them: a possible answer, then alphabetical.
        tied = np.flatnonzero(key >= key.max() - 1e-9)
        rank = self.matrix.alphabetical_rank
        return int(min(pool[tied], key=lambda g: (not np.isin(g, live_all), int(rank[g]))))


class _NoState:
    """Stands for a solved board's state where one is read (never in play)."""

    n = 1
    candidates = np.zeros(0, dtype=np.int64)


_NO_STATE = _NoState()

#: The multi-board strategies by name.
BOARD_STRATEGIES: dict[str, type[BoardsStrategy]] = {
    SumEntropy.name: SumEntropy,
    Finisher.name: Finisher,
    Lookahead.name: Lookahead,
}
DEFAULT_STRATEGY = Finisher.name


def get_board_strategy(name: str, matrix: PatternMatrix) -> BoardsStrategy:
    key = name.strip().lower()
    if key not in BOARD_STRATEGIES:
        raise WordleError(
            f"unknown multi-board strategy {name!r}: use {', '.join(BOARD_STRATEGIES)}"
        )
    return BOARD_STRATEGIES[key](matrix)
