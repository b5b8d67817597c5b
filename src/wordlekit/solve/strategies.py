"""Strategies: given the game state, rank guesses and return them with their figures.

A strategy is one method, :meth:`Strategy.scores`: a score for every allowed guess (higher is
better, or lower when ``higher_is_better`` is false). Everything else is shared:

- the allowed guesses (all valid words, or only the candidates with ``candidates_only``, and
  only words obeying the NYT rule in hard mode; in ultrahard mode, hard mode with candidates
  only, every guess could still be the answer);
- the partition figures of every guess (parts, largest bucket, expected size, bits);
- a deterministic order: best score, then "could still be the answer", then alphabetical;
- two rules every strategy follows: with one candidate left, guess it; and never play a guess
  that can neither win nor split the candidates (it would teach nothing).

Strategies are found by name in :mod:`wordlekit.solve.registry` (``get_strategy("entropy")``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import numpy as np
import numpy.typing as npt

from wordlekit.errors import WordleError
from wordlekit.fast.partition import Figures, IntArray
from wordlekit.solve.state import GameState


@dataclass(frozen=True)
class Suggestion:
    """A ranked guess with the strategy's score and the figures every strategy reports."""

    word: str
    score: float
    parts: int
    largest: int
    expected: float
    bits: float
    can_win: bool

    def to_dict(self) -> dict[str, object]:
        return {
            "word": self.word,
            "score": round(self.score, 6),
            "parts": self.parts,
            "largest": self.largest,
            "expected": round(self.expected, 6),
            "bits": round(self.bits, 6),
            "can_win": self.can_win,
        }


class Strategy:
    """Base class. Subclasses set ``name`` and ``summary`` and implement :meth:`scores`."""

    name: ClassVar[str] = ""
    summary: ClassVar[str] = ""
    higher_is_better: ClassVar[bool] = True
    deterministic: ClassVar[bool] = True
    #: Partition strategies always prefer a candidate when two remain (it splits them
    #: perfectly and may win), so they can skip the full ranking there.
    partition_based: ClassVar[bool] = False

    def scores(self, state: GameState, figs: Figures) -> npt.NDArray[np.float64]:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    # Shared machinery ---------------------------------------------------------------------

    def _keys(
        self, state: GameState, figs: Figures
    ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64], npt.NDArray[np.bool_]]:
        raw = np.asarray(self.scores(state, figs), dtype=np.float64)
        # Rounded so that equal figures summed in a different order still tie exactly.
        key = np.round(raw if self.higher_is_better else -raw, 9)
        is_cand = state.is_candidate(figs.guesses)
        useless = (figs.parts <= 1) & ~is_cand
        key = np.where(useless, -np.inf, key)
        return key, raw, is_cand

    def _tiebreak(
        self, state: GameState, guesses: IntArray, is_cand: npt.NDArray[np.bool_]
    ) -> IntArray:
        ranks = state.matrix.alphabetical_rank
        return np.where(is_cand, 0, len(ranks)) + ranks[guesses]

    def choose(self, state: GameState) -> int:
        """The index of the best guess (what the bot plays)."""
        if state.n == 0:
            raise WordleError("no candidates left: the feedback contradicts the word list")
        if state.n == 1 or (self.partition_based and state.n == 2):
            return int(min(state.candidates, key=lambda i: state.wordlist.answers[i]))
        figs = state.figures()
        key, _, is_cand = self._keys(state, figs)
        best = key == key.max()
        tie = self._tiebreak(state, figs.guesses, is_cand)
        return int(figs.guesses[np.argmin(np.where(best, tie, np.iinfo(np.int64).max))])

    def rank(self, state: GameState, top: int = 10) -> list[Suggestion]:
        """The ``top`` best guesses, best first, with their figures."""
        if state.n == 0:
            raise WordleError("no candidates left: the feedback contradicts the word list")
        figs = state.figures()
        key, raw, is_cand = self._keys(state, figs)
        top = max(1, min(top, len(key)))
        threshold = np.partition(key, len(key) - top)[len(key) - top]
        pool = np.flatnonzero(key >= threshold)
        tie = self._tiebreak(state, figs.guesses[pool], is_cand[pool])
        order = pool[np.lexsort((tie, -key[pool]))][:top]
        if state.n == 1:  # the one rule above every strategy's own score
            only = np.flatnonzero(figs.guesses == state.candidates[0])
            order = np.concatenate([only, order[order != only[0]]])[:top] if len(only) else order
        words = state.wordlist.guesses
        expected, bits = figs.expected, figs.bits
        return [
            Suggestion(
                word=words[figs.guesses[i]],
                score=float(raw[i]),
                parts=int(figs.parts[i]),
                largest=int(figs.largest[i]),
                expected=float(expected[i]),
                bits=float(bits[i]),
                can_win=bool(is_cand[i]),
            )
            for i in order
        ]


# The strategies --------------------------------------------------------------------------------


class Entropy(Strategy):
    name = "entropy"
    summary = "most expected information (bits) from the pattern distribution"
    partition_based = True

    def scores(self, state: GameState, figs: Figures) -> npt.NDArray[np.float64]:
        return figs.bits


class Minimax(Strategy):
    name = "minimax"
    summary = "smallest worst-case bucket (fewest words left in the worst case)"
    higher_is_better = False
    partition_based = True

    def scores(self, state: GameState, figs: Figures) -> npt.NDArray[np.float64]:
        return figs.largest.astype(np.float64)


class ExpectedSize(Strategy):
    name = "expected-size"
    summary = "smallest expected number of words left"
    higher_is_better = False
    partition_based = True

    def scores(self, state: GameState, figs: Figures) -> npt.NDArray[np.float64]:
        return figs.expected


class MostParts(Strategy):
    name = "most-parts"
    summary = "most distinct patterns (the most ways to split the words)"
    partition_based = True

    def scores(self, state: GameState, figs: Figures) -> npt.NDArray[np.float64]:
        return figs.parts.astype(np.float64)


class LetterFrequency(Strategy):
    name = "letter-frequency"
    summary = "letters scored 26..1 by frequency among the candidates, known letters ignored"

    def scores(self, state: GameState, figs: Figures) -> npt.NDArray[np.float64]:
        answers = state.matrix.answer_codes[state.candidates]
        freq = np.bincount(answers.ravel(), minlength=26).astype(np.float64)
        known = {ord(ch) - 97 for t in state.history for ch in t.guess}
        values = np.zeros(26)
        ranked = sorted(
            (c for c in range(26) if freq[c] > 0 and c not in known),
            key=lambda c: (-freq[c], c),
        )
        for rank, c in enumerate(ranked):
            values[c] = 26 - rank
        # Sum over distinct letters: a repeated letter counts once.
        present = state.matrix.letter_presence
        if len(figs.guesses) == len(present):
            return present @ values
        return present[figs.guesses] @ values


class Positional(Strategy):
    name = "positional"
    summary = "sum of how many candidates have each letter in that position"

    def scores(self, state: GameState, figs: Figures) -> npt.NDArray[np.float64]:
        answers = state.matrix.answer_codes[state.candidates]
        length = answers.shape[1]
        table = np.zeros((length, 26))
        for i in range(length):
            table[i] = np.bincount(answers[:, i], minlength=26)
        codes = state.matrix.guess_codes[figs.guesses]
        return np.asarray(table[np.arange(length), codes].sum(axis=1), dtype=np.float64)


class RandomCandidate(Strategy):
    """A uniformly random word among the remaining candidates (seeded)."""

    name = "random"
    summary = "a uniformly random word that could still be the answer"
    deterministic = False

    def __init__(self, seed: int | None = 0, *, stream: int | None = None) -> None:
        self.seed = seed
        self.stream = stream
        self.rng = np.random.default_rng(seed if stream is None else [seed or 0, stream])

    def for_answer(self, answer_index: int) -> RandomCandidate:
        """The generator used for the game on one answer: (seed, answer index).

        The bot and the benchmark both use it, so ``solve`` replays a benchmark's game.
        """
        return RandomCandidate(self.seed, stream=answer_index)

    def __repr__(self) -> str:
        return f"RandomCandidate(seed={self.seed})"

    def scores(self, state: GameState, figs: Figures) -> npt.NDArray[np.float64]:
        # iid uniform keys on candidates: the best is a uniformly random candidate.
        keys = self.rng.random(len(figs.guesses))
        return np.where(state.is_candidate(figs.guesses), keys, -1.0)

    def choose(self, state: GameState) -> int:
        if state.n == 0:
            raise WordleError("no candidates left: the feedback contradicts the word list")
        return int(state.candidates[self.rng.integers(state.n)])

    def rank(self, state: GameState, top: int = 10) -> list[Suggestion]:
        suggestions = super().rank(state, top)
        share = 1.0 / state.n
        return [
            Suggestion(s.word, share, s.parts, s.largest, s.expected, s.bits, s.can_win)
            for s in suggestions
            if s.can_win
        ]
