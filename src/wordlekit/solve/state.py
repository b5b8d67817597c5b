"""The game state a strategy sees: the history, the candidate answers, the rules in force.

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
from wordlekit.core.knowledge import Knowledge
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.fast.partition import Figures, FloatArray, IntArray, figures, hard_mode_mask

if TYPE_CHECKING:
    from wordlekit.core.words import WordList


class GameState:
    """Where a game stands: the history, the candidate answers and the rules in force.

    Candidates are answer indices (answer ``i`` is also guess ``i``). States are made with
    :meth:`start` or :meth:`from_turns` and moved on with :meth:`after`.

    ``ultrahard=True`` is hard mode with the guesses restricted to the candidates (every guess
    could still be the answer): it sets ``hard`` and ``candidates_only``, and
    :attr:`ultrahard` is true whenever both are (the same guesses are allowed, so the same
    game), which keeps the rule through states built from these flags.

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
        hard: bool = False,
        candidates_only: bool = False,
        ultrahard: bool = False,
        weights: FloatArray | None = None,
    ) -> None:
        self.matrix = matrix
        self.history = history
        self.candidates = candidates
        self.hard = hard or ultrahard
        self.candidates_only = candidates_only or ultrahard
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
        n = len(self.candidates)
        if self.weights is None or n == 0:
            return np.full(n, 1.0 / max(n, 1))
        total = float(self.weights.sum())
        if not total > 0:
            return np.full(n, 1.0 / n)
        return np.asarray(self.weights / total, dtype=np.float64)

    def win_probability(self, guesses: IntArray) -> FloatArray:
        """For each guess, the probability that it is the answer (0 for a non-candidate)."""
        p = np.zeros(len(self.wordlist.guesses))
        p[self.candidates] = self.probabilities
        return np.asarray(p[guesses], dtype=np.float64)

    @property
    def ultrahard(self) -> bool:
        """Whether every guess must be a word that could still be the answer (hard mode with
        candidates only)."""
        return self.hard and self.candidates_only

    @classmethod
    def start(
        cls,
        matrix: PatternMatrix,
        *,
        hard: bool = False,
        candidates_only: bool = False,
        ultrahard: bool = False,
    ) -> GameState:
        n = len(matrix.wordlist.answers)
        return cls(
            matrix,
            (),
            np.arange(n, dtype=np.int64),
            hard=hard,
            candidates_only=candidates_only,
            ultrahard=ultrahard,
            weights=matrix.wordlist.weights,
        )

    @classmethod
    def from_turns(
        cls,
        matrix: PatternMatrix,
        turns: Sequence[Turn],
        *,
        hard: bool = False,
        candidates_only: bool = False,
        ultrahard: bool = False,
    ) -> GameState:
        """Check the turns (contradictions name the turn) and keep the candidates."""
        k = Knowledge(turns, matrix.wordlist, "answers", matrix=matrix)
        return cls(
            matrix,
            tuple(turns),
            np.asarray(k.candidate_indices, dtype=np.int64),
            hard=hard,
            candidates_only=candidates_only,
            ultrahard=ultrahard,
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
        row = self.matrix.data[g]
        mask = row[self.candidates] == pattern
        keep = self.candidates[mask]
        turn = Turn(self.wordlist.guesses[g], int(pattern))
        return GameState(
            self.matrix,
            (*self.history, turn),
            keep,
            hard=self.hard,
            candidates_only=self.candidates_only,
            weights=None if self.weights is None else self.weights[mask],
        )

    @cached_property
    def allowed(self) -> IntArray:
        """Guess indices a strategy may play here."""
        if self.candidates_only:
            # Candidates always obey hard mode: they are consistent with every turn. So this
            # is also the ultrahard rule (hard mode and candidates only).
            return self.candidates
        n_guesses = len(self.wordlist.guesses)
        if self.hard and self.history:
            mask = hard_mode_mask(
                self.matrix.guess_codes, self.history, self.matrix.guess_letter_counts
            )
            return np.flatnonzero(mask).astype(np.int64)
        return np.arange(n_guesses, dtype=np.int64)

    def figures(self, guesses: IntArray | None = None) -> Figures:
        """Partition figures of ``guesses`` (default: the allowed ones) over the candidates."""
        g = self.allowed if guesses is None else guesses
        if self.is_root and self._root_weights():
            root = self.matrix.root_figures
            if self.weights is None:
                return Figures(
                    g, self.n, root.parts[g], root.largest[g], root.sumsq[g], root.plogp[g]
                )
            return root.take(g)
        full = guesses is None and not self.candidates_only and not (self.hard and self.history)
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
        if self.ultrahard:
            flags = " ultrahard"
        else:
            flags = "".join(
                [" hard" if self.hard else "", " candidates-only" * self.candidates_only]
            )
        weighted = " weighted" if self.weights is not None else ""
        return f"<GameState {turns}: {self.n}{weighted} candidates{flags}>"
