"""The game state a strategy sees: the history, the candidate answers, the rules in force.

Which state model exists for what (one per history, each for its own reader):

- :class:`~wordlekit.core.knowledge.Knowledge` (core): what a history implies, for people:
  the candidates as words, each turn's shrink, a readable summary of the letters, and the
  contradiction that names its turn. Pure numpy over letter codes, no pattern matrix.
- :class:`GameState` (here): a strategy's view of one board: the candidates as indices into
  the pattern matrix, the rules' :class:`~wordlekit.core.rules.Mode`, the bot's
  :class:`~wordlekit.core.rules.GuessPool` and the candidates' weights. It filters by
  reading matrix rows (asking ``Knowledge`` only to explain a contradiction), and both take
  the candidates' probabilities from :func:`wordlekit.core.knowledge.probabilities`.
- :class:`~wordlekit.solve.boards.BoardsState`: several boards, a ``GameState`` per unsolved
  board, the guesses played and the limit.
- :class:`~wordlekit.solve.position.Position`: the exact search's node, built from a
  ``GameState`` (:meth:`~wordlekit.solve.position.Position.from_state`): the candidates, the
  guesses left and the hard-mode constraints as the compiled search reads them.

Candidates are answer indices (answer ``i`` is also guess ``i``); the partition figures of
every allowed guess over them come from :mod:`wordlekit.fast.partition` (the first turn's from
the on-disk cache). When the word list's answers are weighted (the ``likely`` answer model),
the state carries the candidates' weights and the figures are weighted.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from wordlekit.core.feedback import Pattern, Turn
from wordlekit.core.knowledge import Knowledge, probabilities, ranked
from wordlekit.core.rules import GuessPool, Mode
from wordlekit.errors import InternalError
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.fast.partition import Figures, FloatArray, IntArray, figures, hard_mode_mask

if TYPE_CHECKING:
    from wordlekit.core.words import WordList


def consistent(matrix: PatternMatrix, turns: Sequence[Turn]) -> IntArray:
    """The answer indices consistent with ``turns``, by reading rows of the matrix.

    A turn that is not a valid guess of the list, or that leaves no answer, is explained by
    :class:`~wordlekit.core.knowledge.Knowledge` (its error names the turn and says why).
    """
    wl = matrix.wordlist
    cands = np.arange(len(wl.answers), dtype=np.int64)
    for n, t in enumerate(turns, start=1):
        if t.length != wl.length or not wl.is_valid(t.guess):
            Knowledge(turns[:n], wl, "answers")  # raises: a wrong length, or not in the list
            raise InternalError(f"turn {n}: {t.guess.upper()} is not a guess of the list")
        row = matrix.data[wl.guess_index(t.guess)]
        cands = cands[row[cands] == t.pattern]
        if not len(cands):
            Knowledge(turns[:n], wl, "answers")  # raises: the contradiction, naming its turn
            raise InternalError(f"turn {n} leaves no answer, yet no contradiction was found")
    return cands


class GameState:
    """Where a game stands: the history, the candidate answers and the rules in force.

    Candidates are answer indices (answer ``i`` is also guess ``i``). States are made with
    :meth:`start` or :meth:`from_turns` and moved on with :meth:`after`.

    ``mode`` is the rules' (normal, hard, or ultrahard: hard mode where every guess could
    still be the answer); ``pool`` what the bot chooses from within it (every valid guess, or
    only the candidates). :attr:`only_candidates` is true when either restricts the guesses to
    the candidates: ultrahard mode, or the candidates pool (in any mode the same guesses, since
    a candidate obeys every hint).

    ``weights`` are the candidates' weights (aligned with ``candidates``, any positive scale):
    by default the word list's (:attr:`WordList.weights <wordlekit.core.words.WordList.weights>`,
    ``None`` when every answer is equally likely). :attr:`probabilities` normalises them.
    """

    def __init__(
        self,
        matrix: PatternMatrix,
        history: tuple[Turn, ...],
        candidates: IntArray,
        *,
        mode: Mode = Mode.NORMAL,
        pool: GuessPool = GuessPool.VALID,
        weights: FloatArray | None = None,
    ) -> None:
        self.matrix = matrix
        self.history = history
        self.candidates = candidates
        self.mode = Mode.parse(mode)
        self.pool = GuessPool.parse(pool)
        if weights is None:
            full = matrix.wordlist.weights
            weights = None if full is None else full[candidates]
        elif len(weights) != len(candidates):
            raise ValueError("one weight per candidate")
        self.weights = weights

    @property
    def weighted(self) -> bool:
        """Whether the candidates carry weights (not all equally likely)."""
        return self.weights is not None

    @cached_property
    def probabilities(self) -> FloatArray:
        """Each candidate's probability of being the answer (equal without weights)."""
        return probabilities(self.weights, len(self.candidates))

    def ranked(self) -> list[tuple[str, float]]:
        """The candidates with their probabilities, most likely first (ties alphabetical)."""
        return ranked(self.candidate_words, self.probabilities)

    def win_probability(self, guesses: IntArray) -> FloatArray:
        """For each guess, the probability that it is the answer (0 for a non-candidate)."""
        p = np.zeros(len(self.wordlist.guesses))
        p[self.candidates] = self.probabilities
        return np.asarray(p[guesses], dtype=np.float64)

    @property
    def only_candidates(self) -> bool:
        """Whether only the candidates may be played: ultrahard mode, or the candidates
        pool."""
        return self.mode.candidates_only or self.pool is GuessPool.CANDIDATES

    @classmethod
    def start(
        cls,
        matrix: PatternMatrix,
        *,
        mode: Mode = Mode.NORMAL,
        pool: GuessPool = GuessPool.VALID,
    ) -> GameState:
        n = len(matrix.wordlist.answers)
        candidates = np.arange(n, dtype=np.int64)
        return cls(matrix, (), candidates, mode=mode, pool=pool, weights=matrix.wordlist.weights)

    @classmethod
    def from_turns(
        cls,
        matrix: PatternMatrix,
        turns: Sequence[Turn],
        *,
        mode: Mode = Mode.NORMAL,
        pool: GuessPool = GuessPool.VALID,
    ) -> GameState:
        """Check the turns (contradictions name the turn) and keep the candidates."""
        candidates = consistent(matrix, turns)
        return cls(matrix, tuple(turns), candidates, mode=mode, pool=pool)

    def child(self, turn: Turn, keep: npt.NDArray[np.bool_] | IntArray) -> GameState:
        """The state after ``turn``, whose candidates are this state's at ``keep`` (a mask
        or positions, as the caller split them): the same rules, each weight kept with its
        word."""
        return GameState(
            self.matrix,
            (*self.history, turn),
            self.candidates[keep],
            mode=self.mode,
            pool=self.pool,
            weights=None if self.weights is None else self.weights[keep],
        )

    @property
    def wordlist(self) -> WordList:
        return self.matrix.wordlist

    @property
    def n(self) -> int:
        return len(self.candidates)

    @property
    def is_root(self) -> bool:
        return not self.history and self.n == len(self.wordlist.answers)

    @property
    def candidate_words(self) -> list[str]:
        answers = self.wordlist.answers
        return [answers[i] for i in self.candidates]

    def after(self, guess: int | str, pattern: Pattern) -> GameState:
        """The state after playing ``guess`` and seeing ``pattern``."""
        g = guess if isinstance(guess, int) else self.wordlist.guess_index(guess)
        mask = self.matrix.data[g][self.candidates] == pattern
        return self.child(Turn(self.wordlist.guesses[g], int(pattern)), mask)

    @cached_property
    def allowed(self) -> IntArray:
        """Guess indices a strategy may play here."""
        if self.only_candidates:
            # Candidates always obey hard mode: they are consistent with every turn. So this
            # is also the ultrahard rule (hard mode and candidates only).
            return self.candidates
        if self.mode.hard and self.history:
            return np.flatnonzero(self.hard_mask).astype(np.int64)
        return np.arange(len(self.wordlist.guesses), dtype=np.int64)

    @cached_property
    def hard_mask(self) -> npt.NDArray[np.bool_]:
        """Which guesses obey the hard-mode rule after the history (all of them at the
        start), whatever this state's mode: a game of several boards asks it of every
        board."""
        if not self.history:
            return np.ones(len(self.wordlist.guesses), dtype=bool)
        pm = self.matrix
        return hard_mode_mask(
            pm.guess_codes, self.history, pm.guess_letter_counts, pm.wordlist.alphabet
        )

    def figures(self, guesses: IntArray | None = None) -> Figures:
        """Partition figures of ``guesses`` (default: the allowed ones) over the candidates."""
        g = self.allowed if guesses is None else guesses
        if self.is_root and self._root_weights():
            return self.matrix.root_figures.take(g)
        full = (
            guesses is None and not self.only_candidates and not (self.mode.hard and self.history)
        )
        # The block kernel needs the transposed matrix; building it costs ~60 ms, worth it in
        # a server (which builds it at start-up) but not in a one-off command, so it is used
        # only when already there.
        transposed = self.matrix.__dict__.get("transposed") if full else None
        return figures(
            self.matrix.data, g, self.candidates, transposed=transposed, weights=self.weights
        )

    def _root_weights(self) -> bool:
        """Whether the root's cached figures fit this state's weights (the list's own)."""
        own = self.matrix.wordlist.weights
        if self.weights is None or own is None:
            return self.weights is None and own is None
        return self.weights is own or bool(np.array_equal(self.weights, own))

    def is_candidate(self, guesses: IntArray) -> npt.NDArray[np.bool_]:
        mask = np.zeros(len(self.wordlist.guesses), dtype=bool)
        mask[self.candidates] = True
        return mask[guesses]

    def __repr__(self) -> str:
        turns = " ".join(str(t) for t in self.history) or "start"
        flags = "" if self.mode is Mode.NORMAL else f" {self.mode.value}"
        if self.pool is not GuessPool.VALID:
            flags += f" {self.pool.value}-pool"
        weighted = " weighted" if self.weights is not None else ""
        return f"<GameState {turns}: {self.n}{weighted} candidates{flags}>"
