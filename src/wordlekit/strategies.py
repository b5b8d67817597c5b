"""Strategies: given the game state, rank guesses and return them with their figures.

A strategy is one method, :meth:`Strategy.scores`: a score for every allowed guess (higher is
better, or lower when ``higher_is_better`` is false). Everything else is shared:

- the allowed guesses (all valid words, or only the candidates with ``candidates_only``, and
  only words obeying the NYT rule in hard mode);
- the partition figures of every guess (parts, largest bucket, expected size, bits);
- a deterministic order: best score, then "could still be the answer", then alphabetical;
- two rules every strategy follows: with one candidate left, guess it; and never play a guess
  that can neither win nor split the candidates (it would teach nothing).

Strategies are found by name in :data:`REGISTRY` (``get_strategy("entropy")``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, ClassVar

import numpy as np
import numpy.typing as npt

from wordlekit.budget import checkpoint
from wordlekit.errors import WordleError, quoted
from wordlekit.feedback import Pattern, all_green
from wordlekit.knowledge import Knowledge, Turn
from wordlekit.matrix import PatternMatrix
from wordlekit.partition import Figures, IntArray, figures, hard_mode_mask
from wordlekit.root_cache import root_figures

if TYPE_CHECKING:
    from wordlekit.tree import TreeNode
    from wordlekit.words import WordList


class UnknownStrategyError(WordleError):
    """A strategy name that is not in the registry."""


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


class GameState:
    """Where a game stands: the history, the candidate answers and the rules in force.

    Candidates are answer indices (answer ``i`` is also guess ``i``). States are made with
    :meth:`start` or :meth:`from_turns` and moved on with :meth:`after`.
    """

    def __init__(
        self,
        matrix: PatternMatrix,
        history: tuple[Turn, ...],
        candidates: IntArray,
        *,
        hard: bool = False,
        candidates_only: bool = False,
    ) -> None:
        self.matrix = matrix
        self.history = history
        self.candidates = candidates
        self.hard = hard
        self.candidates_only = candidates_only

    @classmethod
    def start(
        cls, matrix: PatternMatrix, *, hard: bool = False, candidates_only: bool = False
    ) -> GameState:
        n = len(matrix.wordlist.answers)
        return cls(
            matrix, (), np.arange(n, dtype=np.int64), hard=hard, candidates_only=candidates_only
        )

    @classmethod
    def from_turns(
        cls,
        matrix: PatternMatrix,
        turns: Sequence[Turn],
        *,
        hard: bool = False,
        candidates_only: bool = False,
    ) -> GameState:
        """Check the turns (contradictions name the turn) and keep the candidates."""
        k = Knowledge(turns, matrix.wordlist, "answers", matrix=matrix)
        return cls(
            matrix,
            tuple(turns),
            np.asarray(k.candidate_indices, dtype=np.int64),
            hard=hard,
            candidates_only=candidates_only,
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
        keep = self.candidates[row[self.candidates] == pattern]
        turn = Turn(self.wordlist.guesses[g], int(pattern))
        return GameState(
            self.matrix,
            (*self.history, turn),
            keep,
            hard=self.hard,
            candidates_only=self.candidates_only,
        )

    @cached_property
    def allowed(self) -> IntArray:
        """Guess indices a strategy may play here."""
        if self.candidates_only:
            # Candidates always obey hard mode: they are consistent with every turn.
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
        if self.is_root:
            root = root_figures(self.matrix)
            return Figures(g, self.n, root.parts[g], root.largest[g], root.sumsq[g], root.plogp[g])
        full = guesses is None and not self.candidates_only and not (self.hard and self.history)
        # The block kernel needs the transposed matrix; building it costs ~60 ms, worth it in
        # a server (which builds it at start-up) but not in a one-off command, so it is used
        # only when already there.
        transposed = self.matrix.__dict__.get("transposed") if full else None
        return figures(self.matrix.data, g, self.candidates, transposed=transposed)

    def is_candidate(self, guesses: IntArray) -> npt.NDArray[np.bool_]:
        mask = np.zeros(len(self.wordlist.guesses), dtype=bool)
        mask[self.candidates] = True
        return mask[guesses]

    def __repr__(self) -> str:
        turns = " ".join(str(t) for t in self.history) or "start"
        flags = "".join([" hard" if self.hard else "", " candidates-only" * self.candidates_only])
        return f"<GameState {turns}: {self.n} candidates{flags}>"


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
        ranks = alphabetical_rank(state.matrix)
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


_ALPHA: dict[str, IntArray] = {}
_PRESENCE: dict[str, npt.NDArray[np.float64]] = {}


def letter_presence(matrix: PatternMatrix) -> npt.NDArray[np.float64]:
    """1.0 where guess ``g`` contains letter ``c`` (once, however often it repeats)."""
    key = matrix.wordlist.content_hash
    if key not in _PRESENCE:
        codes = matrix.guess_codes
        present = np.zeros((len(codes), 26))
        present[np.arange(len(codes))[:, None], codes] = 1.0
        _PRESENCE[key] = present
    return _PRESENCE[key]


def alphabetical_rank(matrix: PatternMatrix) -> IntArray:
    """Rank of each guess in alphabetical order (for tie-breaking)."""
    key = matrix.wordlist.content_hash
    if key not in _ALPHA:
        words = matrix.wordlist.guesses
        order = sorted(range(len(words)), key=words.__getitem__)
        rank = np.empty(len(words), dtype=np.int64)
        rank[order] = np.arange(len(words))
        _ALPHA[key] = rank
    return _ALPHA[key]


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
        present = letter_presence(state.matrix)
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


StrategyFactory = Callable[..., Strategy]

REGISTRY: dict[str, type[Strategy]] = {
    cls.name: cls
    for cls in (
        RandomCandidate,
        LetterFrequency,
        Positional,
        Entropy,
        Minimax,
        ExpectedSize,
        MostParts,
    )
}


def register(cls: type[Strategy]) -> type[Strategy]:
    """Add a strategy class to the registry (usable as a decorator)."""
    REGISTRY[cls.name] = cls
    return cls


def get_strategy(name: str, *, seed: int | None = 0) -> Strategy:
    """A strategy by name; ``seed`` is used by ``random`` only."""
    key = name.strip().lower().replace("_", "-")
    cls = REGISTRY.get(key)
    if cls is None:
        raise UnknownStrategyError(
            f"unknown strategy {quoted(name)}: choose one of {', '.join(strategy_names())}"
        )
    if cls is RandomCandidate:
        return RandomCandidate(seed)
    return cls()


def strategy_names() -> list[str]:
    return list(REGISTRY)


def win_pattern(state: GameState) -> int:
    return all_green(state.wordlist.length)


__all__ = [
    "REGISTRY",
    "Entropy",
    "ExpectedSize",
    "GameState",
    "LetterFrequency",
    "Minimax",
    "MostParts",
    "Positional",
    "RandomCandidate",
    "Strategy",
    "Suggestion",
    "UnknownStrategyError",
    "get_strategy",
    "register",
    "strategy_names",
]


class Optimal(Strategy):
    """Exactly optimal play: the least total guesses with every answer within the limit.

    The first guess is SALET where valid (proven best on the original lists); its proven tree
    is cached on disk, so following it costs nothing. Off the tree (another opener, other
    turns) the exact solver answers. Ranking gives each guess's exact expected number of
    guesses from here (``score``, lower is better). Past the guess limit, or where no play
    fits it, the total is minimised with no limit. Ties between equally good guesses follow
    the solver's order (smaller bound, then smaller sum of squared bucket sizes, then list
    order) rather than the candidate-then-alphabetical rule of the other strategies: every
    tie is equally optimal, and this keeps suggestions, the bot and the proven tree in step.
    """

    name = "optimal"
    summary = "exact minimum expected guesses (proven decision tree, 6 guesses at most)"
    higher_is_better = False

    def __init__(self, max_guesses: int = 6) -> None:
        self.max_guesses = max_guesses

    def scores(self, state: GameState, figs: Figures) -> npt.NDArray[np.float64]:
        raise NotImplementedError("the optimal strategy ranks with the exact solver")

    def _tree_node(self, state: GameState) -> TreeNode | None:
        from wordlekit import optimal
        from wordlekit.treefile import descend

        opener = optimal.default_opener(state.matrix, state.hard, self.max_guesses)
        root = optimal.opening_tree(
            state.matrix, opener, hard=state.hard, max_guesses=self.max_guesses
        )
        try:
            return descend(root, state.history)
        except WordleError:
            return None  # the game left the cached tree

    def _solver(self, state: GameState):  # type: ignore[no-untyped-def]
        """(context, guesses left, hard-mode constraints) for this state."""
        from wordlekit import optimal

        depth = self.max_guesses - len(state.history)
        limit = self.max_guesses
        if depth < 1:
            limit = len(state.history) + 26  # past the limit: no effective limit
            depth = 26
        ctx = optimal.context_for(state.matrix, state.hard, limit)
        f, m = ctx._constraints(None, None)
        for t in state.history:
            f, m = ctx.child_constraints(f, m, state.wordlist.guess_index(t.guess), t.pattern)
        return ctx, depth, f, m

    def choose(self, state: GameState) -> int:
        if state.n == 0:
            raise WordleError("no candidates left: the feedback contradicts the word list")
        if state.n == 1:
            return int(state.candidates[0])
        node = self._tree_node(state)
        if node is not None:
            return state.wordlist.guess_index(node.guess)
        ctx, depth, f, m = self._solver(state)
        cands = state.candidates.astype(np.int32)
        g: int
        _, g = ctx.best_guess(cands, depth, f, m)
        if g < 0:  # nothing fits the limit from here: play for the least total anyway
            from wordlekit import optimal

            deep = optimal.context_for(state.matrix, state.hard, len(state.history) + 26)
            _, g = deep.best_guess(cands, 26, f, m)
        return g

    def rank(self, state: GameState, top: int = 10) -> list[Suggestion]:
        from wordlekit import optimal

        if state.n == 0:
            raise WordleError("no candidates left: the feedback contradicts the word list")
        figs = state.figures()
        is_cand = state.is_candidate(figs.guesses)
        n = state.n
        if n == 1:
            pos = int(np.flatnonzero(figs.guesses == state.candidates[0])[0])
            return [self._suggestion(state, figs, is_cand, pos, 1)]
        if state.is_root:
            # The first turn: the proven opener, valued from its cached tree (solving every
            # opener takes minutes; `wordle optimal --openers K` compares them).
            node = self._tree_node(state)
            assert node is not None
            g = state.wordlist.guess_index(node.guess)
            pos = int(np.flatnonzero(figs.guesses == g)[0])
            value = optimal.subtree_total(node, state.wordlist.length)
            return [self._suggestion(state, figs, is_cand, pos, value)]
        ctx, depth, f, m = self._solver(state)
        cands = state.candidates.astype(np.int32)
        lbs = 3 * n - figs.parts - is_cand
        found: list[tuple[int, int]] = []  # (exact total, position in figs)
        for pos in np.lexsort((figs.sumsq, lbs)):
            checkpoint()  # each guess may be cheap (no search): the budget still counts
            kth = sorted(v for v, _ in found)[top - 1] if len(found) >= top else optimal.INF
            if lbs[pos] >= kth:
                break  # the bound is below every value: no later guess enters the top
            if figs.parts[pos] <= 1 and not is_cand[pos]:
                continue
            beta = kth + 1 if kth < optimal.INF else optimal.INF
            v = optimal._root_value(ctx, int(figs.guesses[pos]), cands, depth, beta, f, m)
            if v < beta:
                found.append((v, int(pos)))
        # Equal totals keep the solver's own order (bound, then sum of squares, then list
        # order), so the first suggestion is the guess the bot and the proven tree play.
        rank_of = {int(pos): k for k, pos in enumerate(np.lexsort((figs.sumsq, lbs)))}
        found.sort(key=lambda vp: (vp[0], rank_of[vp[1]]))
        return [self._suggestion(state, figs, is_cand, pos, v) for v, pos in found[:top]]

    @staticmethod
    def _suggestion(
        state: GameState,
        figs: Figures,
        is_cand: npt.NDArray[np.bool_],
        pos: int,
        value: int,
    ) -> Suggestion:
        return Suggestion(
            word=state.wordlist.guesses[figs.guesses[pos]],
            score=value / state.n,
            parts=int(figs.parts[pos]),
            largest=int(figs.largest[pos]),
            expected=float(figs.expected[pos]),
            bits=float(figs.bits[pos]),
            can_win=bool(is_cand[pos]),
        )


REGISTRY[Optimal.name] = Optimal
