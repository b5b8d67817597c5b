"""Strategies: given the game state, rank guesses and return them with their figures.

A strategy is one method, :meth:`Strategy.scores`: a score for every allowed guess (higher is
better, or lower when ``higher_is_better`` is false). Everything else is shared:

- the allowed guesses (:attr:`GameState.allowed <wordlekit.solve.state.GameState.allowed>`:
  all valid words, or only the candidates with the candidates pool, and only words obeying the
  NYT rule in hard mode; in ultrahard mode every guess could still be the answer);
- the partition figures of every guess (parts, largest bucket, expected size, bits);
- a deterministic order: best score, then "could still be the answer", then alphabetical;
- two rules every strategy follows: with one candidate left, guess it; and never play a guess
  that can neither win nor split the candidates (it would teach nothing).

With weighted candidates (the ``likely`` answer model) the figures are weighted (see
:mod:`wordlekit.fast.partition`) and the strategies use them: ``entropy`` the entropy of the
weighted pattern distribution, ``minimax`` the probability of the worst bucket,
``expected-size`` the expected number of words left with each pattern as likely as its
bucket, ``most-parts`` the parts (unchanged), ``letter-frequency`` and ``positional`` letters
counted with each candidate's weight. One more rule then applies, the **near-tie rule**: a
guess that could be the answer wins a near tie, the more easily the likelier it is. Each such
guess, of probability ``p``, has its score raised by ``NEAR_TIE * p * |best|`` (``best`` the
best score of all, so the margin is in the strategy's own units: 0.6 x 0.2 x 5 = 0.6 bits for
a word of probability 0.2 when the best guess gives 5 bits) and the guess played is the best
by the raised score (ties: the likelier, then alphabetical order); with two candidates left,
the likelier is played. :meth:`Strategy.rank` lists that guess first. Near the end of a
game the **guess-limit guard** (:mod:`wordlekit.solve.guard`) keeps only guesses that leave
every word, however unlikely, findable within six guesses. Without weights nothing changes.

Strategies are found by name in :mod:`wordlekit.solve.registry` (``get_strategy("entropy")``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

import numpy as np
import numpy.typing as npt

from wordlekit.core.alphabet import CODES
from wordlekit.core.feedback import all_green
from wordlekit.errors import AnswerModelError, WordleError
from wordlekit.fast import partition
from wordlekit.fast.partition import Figures, IntArray
from wordlekit.solve.guard import guard_for
from wordlekit.solve.state import GameState

if TYPE_CHECKING:
    from wordlekit.core.words import WordList

#: The near-tie rule with weighted candidates (see the module docstring): a guess that could
#: be the answer, with probability ``p``, has its score raised by ``NEAR_TIE * p * |best|``
#: (``best``: the best score of all) before the best is taken. Measured with the guess-limit
#: guard (:mod:`wordlekit.solve.guard`) on the likely entropy bot (``bench_likely.py``; mean
#: on the 2,315 original answers; mean and failures over all 12,972 valid words): 0.3 ->
#: 3.6168 / 4.3710, 68 (cap 60); 0.45 -> 3.6056 / 4.3923, 64 (cap 30); 0.6 -> 3.5961 /
#: 4.4090, 67 (cap 30); 1.0 -> 3.5948 / 4.4560, 92 (cap 60). Without the guard: 0.3 -> 3.6069,
#: 4.4282, 691 failures; 0.1 -> 3.6609; 1.0 -> 3.5758.
NEAR_TIE = 0.6
#: Every answer model (what the heuristic strategies play).
ALL_MODELS = frozenset({"list", "likely", "all"})


def expected_guesses(state: GameState, guesses: IntArray | None = None) -> npt.NDArray[np.float64]:
    """Estimated expected number of guesses from ``state`` (the next one included) for each
    guess (default: the allowed ones), with the candidates' weights: see
    :func:`wordlekit.fast.partition.expected_guesses` for the formula."""
    g = state.allowed if guesses is None else np.asarray(guesses, dtype=np.int64)
    return partition.expected_guesses(
        state.matrix.data,
        g,
        state.candidates,
        state.weights,
        win=all_green(state.wordlist.length),
    )


@dataclass(frozen=True)
class Suggestion:
    """A ranked guess with the strategy's score and the figures every strategy reports.

    ``probability`` is set when the candidates are weighted: the probability that this guess
    is the answer (0 when it cannot be).
    """

    word: str
    score: float
    parts: int
    largest: int
    expected: float
    bits: float
    can_win: bool
    probability: float | None = None


def check_answer_model(strategy: Strategy, wordlist: WordList) -> None:
    """Refuse, in one line, a strategy that does not play ``wordlist``'s answer model."""
    model = wordlist.answer_model
    if model not in strategy.answer_models:
        raise AnswerModelError(
            f"the {strategy.name} strategy plays only the answer list (--answers list), not "
            f"--answers {model}: {strategy.other_models}"
        )


class Strategy:
    """Base class. Subclasses set ``name`` and ``summary`` and implement :meth:`scores`."""

    name: ClassVar[str] = ""
    summary: ClassVar[str] = ""
    higher_is_better: ClassVar[bool] = True
    deterministic: ClassVar[bool] = True
    #: Partition strategies always prefer a candidate when two remain (it splits them
    #: perfectly and may win), so they can skip the full ranking there.
    partition_based: ClassVar[bool] = False
    #: The answer models (:data:`wordlekit.core.words.ANSWER_MODELS`) the strategy plays: by
    #: default the list only; the heuristics below play every model (weighted or not).
    answer_models: ClassVar[frozenset[str]] = frozenset({"list"})
    #: What the refusal of another answer model advises instead.
    other_models: ClassVar[str] = "choose a heuristic strategy such as entropy"
    #: Whether the strategy runs the exact search (its work can grow beyond a fixed small
    #: cost, so a server budgets it harder): the ``optimal`` family.
    expensive: ClassVar[bool] = False

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
        if state.weights is not None and len(key):  # the guess-limit guard (solve.guard)
            best = float(key.max())
            played = key + NEAR_TIE * abs(best) * state.win_probability(figs.guesses)
            keep = guard_for(state).keep(state, figs, key, played)
            if keep is not None:
                key = np.where(keep, key, -np.inf)
        return key, raw, is_cand

    def _tiebreak(
        self, state: GameState, guesses: IntArray, is_cand: npt.NDArray[np.bool_]
    ) -> IntArray:
        ranks = state.matrix.alphabetical_rank
        return np.where(is_cand, 0, len(ranks)) + ranks[guesses]

    def _near_tie(
        self, state: GameState, figs: Figures, key: npt.NDArray[np.float64]
    ) -> int | None:
        """The position (in ``figs``) of the guess the near-tie rule plays with weighted
        candidates, or ``None`` when the rule does not apply (no weights, or the best guess
        stands)."""
        if state.weights is None or not len(key):
            return None
        best = float(key.max())
        if not np.isfinite(best):
            return None
        winp = state.win_probability(figs.guesses)
        raised = key + NEAR_TIE * abs(best) * winp
        top = float(raised.max())
        if top <= best + 1e-12:
            return None  # no guess that could be the answer overtakes the best
        ranks = state.matrix.alphabetical_rank[figs.guesses]
        pool = np.flatnonzero(raised >= top - 1e-12)
        return int(pool[np.lexsort((ranks[pool], -winp[pool]))[0]])

    def _likelier_of_two(self, state: GameState) -> int:
        """The more likely of two candidates (ties: alphabetical order)."""
        p = state.probabilities
        answers = state.wordlist.answers
        k = min(range(len(p)), key=lambda i: (-p[i], answers[state.candidates[i]]))
        return int(state.candidates[k])

    def choose(self, state: GameState) -> int:
        """The index of the best guess (what the bot plays)."""
        if state.n == 0:
            raise WordleError("no candidates left: the feedback contradicts the word list")
        if state.n == 2 and self.partition_based and state.weights is not None:
            return self._likelier_of_two(state)
        if state.n == 1 or (self.partition_based and state.n == 2):
            return int(min(state.candidates, key=lambda i: state.wordlist.answers[i]))
        figs = state.figures()
        key, _, is_cand = self._keys(state, figs)
        preferred = self._near_tie(state, figs, key)
        if preferred is not None:
            return int(figs.guesses[preferred])
        best = key == key.max()
        tie = self._tiebreak(state, figs.guesses, is_cand)
        return int(figs.guesses[np.argmin(np.where(best, tie, np.iinfo(np.int64).max))])

    def rank(self, state: GameState, top: int = 10) -> list[Suggestion]:
        """The ``top`` best guesses, best first, with their figures (with weighted candidates,
        the near-tie rule's choice first: what :meth:`choose` plays)."""
        if state.n == 0:
            raise WordleError("no candidates left: the feedback contradicts the word list")
        figs = state.figures()
        key, raw, is_cand = self._keys(state, figs)
        top = max(1, min(top, len(key)))
        threshold = np.partition(key, len(key) - top)[len(key) - top]
        pool = np.flatnonzero(key >= threshold)
        tie = self._tiebreak(state, figs.guesses[pool], is_cand[pool])
        order = pool[np.lexsort((tie, -key[pool]))][:top]
        first: int | None = None
        if state.n == 1:  # the one rule above every strategy's own score
            only = np.flatnonzero(figs.guesses == state.candidates[0])
            first = int(only[0]) if len(only) else None
        elif state.weights is not None:
            if state.n == 2 and self.partition_based:
                chosen = np.flatnonzero(figs.guesses == self._likelier_of_two(state))
                first = int(chosen[0]) if len(chosen) else None
            else:
                first = self._near_tie(state, figs, key)
        if first is not None:
            order = np.concatenate([[first], order[order != first]])[:top]
        words = state.wordlist.guesses
        expected, bits = figs.expected, figs.bits
        winp = state.win_probability(figs.guesses) if state.weights is not None else None
        return [
            Suggestion(
                word=words[figs.guesses[i]],
                score=float(raw[i]),
                parts=int(figs.parts[i]),
                largest=int(figs.largest[i]),
                expected=float(expected[i]),
                bits=float(bits[i]),
                can_win=bool(is_cand[i]),
                probability=None if winp is None else float(winp[i]),
            )
            for i in order
        ]


# The strategies --------------------------------------------------------------------------------


class PartitionStrategy(Strategy):
    """A strategy that scores each guess by one partition figure of :class:`Figures`
    (``figure``; ``weighted_figure`` in its place with weighted candidates, when it differs)."""

    partition_based = True
    answer_models = ALL_MODELS
    figure: ClassVar[str] = "bits"
    weighted_figure: ClassVar[str | None] = None

    def scores(self, state: GameState, figs: Figures) -> npt.NDArray[np.float64]:
        name = self.weighted_figure if figs.weighted and self.weighted_figure else self.figure
        return np.asarray(getattr(figs, name), dtype=np.float64)


class Entropy(PartitionStrategy):
    name = "entropy"
    summary = "most expected information (bits) from the pattern distribution"
    figure = "bits"


class Minimax(PartitionStrategy):
    name = "minimax"
    summary = "smallest worst-case bucket (fewest words left in the worst case)"
    higher_is_better = False
    figure = "largest"
    weighted_figure = "largest_share"  # the probability of the worst bucket


class ExpectedSize(PartitionStrategy):
    name = "expected-size"
    summary = "smallest expected number of words left"
    higher_is_better = False
    figure = "expected"


class MostParts(PartitionStrategy):
    name = "most-parts"
    summary = "most distinct patterns (the most ways to split the words)"
    figure = "parts"


#: The strategies of one partition figure each (what a one-step opener ranking reads).
PARTITION_STRATEGIES: tuple[type[PartitionStrategy], ...] = (
    Entropy,
    Minimax,
    ExpectedSize,
    MostParts,
)


def _letters(state: GameState) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.float64] | None]:
    """The candidates' letter codes and, when they are weighted, their probabilities (what
    the letter-counting strategies weigh each candidate's letters by)."""
    codes = state.matrix.answer_codes[state.candidates]
    return codes, None if state.weights is None else state.probabilities


class LetterFrequency(Strategy):
    name = "letter-frequency"
    summary = "letters scored N..1 by frequency among the candidates, known letters ignored"
    answer_models = ALL_MODELS

    def scores(self, state: GameState, figs: Figures) -> npt.NDArray[np.float64]:
        answers, p = _letters(state)
        # with weights, each candidate's letters count with its probability
        w = None if p is None else np.repeat(p, answers.shape[1])
        freq = np.bincount(answers.ravel(), weights=w, minlength=CODES).astype(np.float64)
        alphabet = state.matrix.wordlist.alphabet
        known = {alphabet.codes[ch] for t in state.history for ch in t.guess}
        values = np.zeros(CODES)
        ranked = sorted(
            (c for c in range(CODES) if freq[c] > 0 and c not in known),
            key=lambda c: (-freq[c], c),
        )
        # N..1 for an alphabet of N letters (26..1 in English)
        for rank, c in enumerate(ranked):
            values[c] = len(alphabet.letters) - rank
        # Sum over distinct letters: a repeated letter counts once.
        present = state.matrix.letter_presence
        if len(figs.guesses) == len(present):
            return present @ values
        return present[figs.guesses] @ values


class Positional(Strategy):
    name = "positional"
    summary = "sum of how many candidates have each letter in that position"
    answer_models = ALL_MODELS

    def scores(self, state: GameState, figs: Figures) -> npt.NDArray[np.float64]:
        answers, w = _letters(state)  # with weights: each candidate counts with its probability
        length = answers.shape[1]
        table = np.zeros((length, CODES))
        for i in range(length):
            table[i] = np.bincount(answers[:, i], weights=w, minlength=CODES)
        codes = state.matrix.guess_codes[figs.guesses]
        return np.asarray(table[np.arange(length), codes].sum(axis=1), dtype=np.float64)


class RandomCandidate(Strategy):
    """A uniformly random word among the remaining candidates (seeded)."""

    name = "random"
    summary = "a uniformly random word that could still be the answer"
    deterministic = False
    answer_models = ALL_MODELS

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
            Suggestion(
                s.word, share, s.parts, s.largest, s.expected, s.bits, s.can_win, s.probability
            )
            for s in suggestions
            if s.can_win
        ]
