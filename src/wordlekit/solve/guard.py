"""The guess-limit guard of the weighted strategies: six guesses are a limit, not a cost.

With weighted candidates (the ``likely`` answer model) a strategy spends guesses on the words
the prior deems likely, so a rare word in a cluster of rare words (FURLS among HURLS, GURLS,
PURLS, …) can be left to more than six guesses. Near the end the guard keeps only guesses
that leave every word findable in time, counted in **words**, not weight (a rare word still
has to be found):

- with one guess left after this one, every bucket must be a single word (a full split);
- with two left, every bucket must be fully split by some valid guess (checked exactly,
  memoised per bucket; a bucket of one or two words always is);
- with three left, no bucket may hold more than :data:`CAP3` words (a heuristic: sets of that
  size are nearly always split well enough by one guess).

The guesses are checked in the order the strategy would play them (its score raised by the
near-tie rule), at most :data:`CHECKED` of them; the guard keeps the safe ones found. When
none is safe, it keeps the guesses with the smallest largest bucket (the least damage).

Measured with ``benchmarks/bench_likely.py`` (likely entropy bot; without the guard: 3.6069 on
the 2,315 original answers, 4.4282 and 691 failures over the 12,972 valid words): see
:data:`CAP3` for the figures with it.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from wordlekit.fast.partition import Figures
from wordlekit.solve.state import GameState

#: The game's guesses (the bot and the helper play six-guess games).
GAME_GUESSES = 6
#: With three guesses left after this one, the most words a bucket may hold. Measured with
#: the exact two-left rule and NEAR_TIE 0.6 (likely entropy bot: mean on the 2,315 original
#: answers; mean and failures over the 12,972 valid words): 8 -> 3.6173 / 4.3769, 39;
#: 12 -> 3.6073 / 4.3953, 46; 20 -> 3.6000 / 4.4066, 47; 30 -> 3.5961 / 4.4085, 56; no cap ->
#: about 3.5944 / 4.4573, 93 (NEAR_TIE 1.0).
CAP3 = 20
#: How many guesses are checked exactly with two guesses left: the first in the order played,
#: then (if none of them is safe) the first by count (smallest largest bucket, most parts).
CHECKED = 40
#: Buckets larger than this are taken as never fully split by one guess (no valid guess of
#: the original lists gives more than 40 words 40 different patterns once the first turns
#: have left a cluster): it bounds the check's cost.
SPLIT_MAX = 60

FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]


class Guard:
    """The guard over one pattern matrix, with its memo of buckets known to be splittable."""

    def __init__(self) -> None:
        self._split: dict[bytes, bool] = {}

    def keep(
        self, state: GameState, figs: Figures, key: FloatArray, order: FloatArray
    ) -> BoolArray | None:
        """Which of ``figs.guesses`` to keep (``None``: no restriction). ``key`` is the
        strategy's key (``-inf`` for guesses never played), ``order`` the key the guesses are
        played by (higher first)."""
        left = GAME_GUESSES - len(state.history) - 1
        if state.weights is None or left not in (1, 2, 3) or state.n <= 2:
            return None
        playable = np.isfinite(key)
        if not playable.any():
            return None
        largest = np.where(playable, figs.largest, np.iinfo(np.int64).max)
        if left == 1:
            safe = playable & (figs.largest <= 1)
        elif left == 3:
            safe = playable & (figs.largest <= CAP3)
        else:
            safe = self._two_left(state, figs, playable, order)
        if safe.any():
            return safe
        return largest <= int(largest.min())  # nothing safe: the least damage

    def _two_left(
        self, state: GameState, figs: Figures, playable: BoolArray, order: FloatArray
    ) -> BoolArray:
        safe = np.zeros(len(figs.guesses), dtype=bool)
        data = state.matrix.data
        # first the guesses in the order played; if none of them is safe, the guesses that
        # split the words best by count (smallest largest bucket, then most parts)
        by_play = np.argsort(-np.where(playable, order, -np.inf), kind="stable")
        by_count = np.lexsort((-figs.parts, np.where(playable, figs.largest, 1 << 30)))
        for ranked in (by_play, by_count):
            for i in ranked[:CHECKED]:
                if not playable[i]:
                    break
                row = data[figs.guesses[i], state.candidates]
                if self.every_bucket_splits(state, row):
                    safe[i] = True
            if safe.any():
                break
        return safe

    @property
    def memo_size(self) -> int:
        """Buckets remembered (at most :data:`MEMO_CAP`)."""
        return len(self._split)

    def every_bucket_splits(self, state: GameState, row: npt.NDArray[np.generic]) -> bool:
        """Whether every bucket of a guess's patterns ``row`` (over the candidates) can be
        split apart by one more guess."""
        patterns, counts = np.unique(row, return_counts=True)
        for p in patterns[np.argsort(-counts, kind="stable")]:
            bucket = state.candidates[row == p]
            if len(bucket) <= 2:
                return True  # the rest are smaller still
            if not self.splits(state, bucket):
                return False
        return True

    def splits(self, state: GameState, bucket: npt.NDArray[np.int64]) -> bool:
        """Whether some valid guess gives every word of ``bucket`` its own pattern."""
        if len(bucket) > SPLIT_MAX:
            return False
        memo_key = np.asarray(bucket, dtype=np.int64).tobytes()
        found = self._split.get(memo_key)
        if found is None:
            if len(self._split) >= MEMO_CAP:
                self._split.clear()
            cols = np.sort(state.matrix.data[:, bucket], axis=1)
            found = bool((np.diff(cols, axis=1) != 0).all(axis=1).any())
            self._split[memo_key] = found
        return found


#: Memo entries kept per word list before the memo starts again (bounded memory).
MEMO_CAP = 200_000
_GUARDS: dict[str, Guard] = {}


def guard_for(state: GameState) -> Guard:
    """The guard of ``state``'s words (one memo per list of words: the same words give the
    same patterns), for the process's life."""
    key = state.matrix.wordlist.words_hash
    g = _GUARDS.get(key)
    if g is None:
        if len(_GUARDS) > 8:  # a few lists at most in one process
            _GUARDS.clear()
        g = _GUARDS[key] = Guard()
    return g
