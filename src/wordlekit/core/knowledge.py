"""What a history of turns implies: the consistent candidates and a readable summary.

Candidates are exact: a word is consistent with a turn exactly when
``score(turn.guess, word) == turn.pattern`` (never per-letter rules such as "gray means
absent", the classic bug). The summary (:class:`~wordlekit.core.constraints.LetterConstraints`)
is derived for people to read; the tests check that every candidate satisfies it.
:func:`narrow` is the same exact rule for any list of words, in one call.

When the word list's answers are weighted (the ``likely`` answer model), the candidates
have probabilities (:attr:`Knowledge.probabilities`, the prior renormalised over the words
left) and a turn's bits are the information of its pattern, ``-log2 P(pattern)``.
:func:`probabilities` and :func:`ranked` are those rules for any candidates: the solvers' game
state uses them too, so a person and a strategy see the same probabilities.

This module is pure numpy over letter codes: the solvers filter faster by reading rows of
their pattern matrix (:meth:`wordlekit.solve.state.GameState.from_turns`), and ask this
module only to explain a contradiction.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import numpy.typing as npt

from wordlekit.core.codes import Codes, consistent_mask, encode_together
from wordlekit.core.constraints import LetterConstraints, Pool, impossible_reason
from wordlekit.core.feedback import (
    Turn,
    format_pattern,
    score,
)
from wordlekit.core.words import WordList
from wordlekit.errors import (
    InconsistentFeedbackError,
    InvalidPatternError,
    InvalidWordError,
    WordleError,
    quoted,
)


def probabilities(weights: npt.ArrayLike | None, n: int) -> npt.NDArray[np.float64]:
    """The probabilities of ``n`` candidates from their ``weights`` (aligned with them, any
    positive scale): the weights renormalised to sum to 1; equal without weights, or when
    they sum to nothing.

    ```pycon
    >>> probabilities([2.0, 6.0], 2).tolist(), probabilities(None, 4).tolist()
    ([0.25, 0.75], [0.25, 0.25, 0.25, 0.25])

    ```
    """
    if weights is None or n == 0:
        return np.full(n, 1.0 / max(n, 1))
    w = np.asarray(weights, dtype=np.float64)
    if w.shape != (n,):
        raise ValueError(f"one weight per candidate: got {w.shape}, expected ({n},)")
    total = float(w.sum())
    if not total > 0.0:
        return np.full(n, 1.0 / n)
    return np.asarray(w / total, dtype=np.float64)


def ranked(words: Sequence[str], probs: npt.ArrayLike) -> list[tuple[str, float]]:
    """The words with their probabilities, most likely first (ties in alphabetical order).

    ```pycon
    >>> ranked(["b", "a", "c"], [0.25, 0.25, 0.5])
    [('c', 0.5), ('a', 0.25), ('b', 0.25)]

    ```
    """
    pairs = zip(words, np.asarray(probs, dtype=np.float64).tolist(), strict=True)
    return sorted(pairs, key=lambda wp: (-wp[1], wp[0]))


@dataclass(frozen=True)
class Step:
    """What one turn taught: candidates before and after it, and the bits gained.

    With weighted answers, ``mass_before`` and ``mass_after`` are the prior probability of
    the candidates before and after the turn, and the bits are ``log2(mass_before /
    mass_after)``: the information of the pattern seen.
    """

    number: int
    turn: Turn
    before: int
    after: int
    mass_before: float | None = None
    mass_after: float | None = None

    @property
    def bits(self) -> float:
        if self.mass_before is not None and self.mass_after is not None:
            if self.mass_after <= 0.0 or self.mass_before <= 0.0:
                return 0.0
            return math.log2(self.mass_before / self.mass_after)
        if self.after == 0 or self.before == 0:
            return 0.0
        return math.log2(self.before / self.after)

    @property
    def probability(self) -> float | None:
        """How likely the pattern seen was, given the turns before (weighted answers only)."""
        if self.mass_before is None or self.mass_after is None or self.mass_before <= 0:
            return None
        return self.mass_after / self.mass_before


class Knowledge:
    """The consistent candidates of a history of turns, checked and explained.

    ```pycon
    >>> k = Knowledge([Turn.parse("crane:bbggb"), Turn.parse("moist:bbybg")])
    >>> k.candidates, [(s.before, s.after) for s in k.steps]
    (('giant',), [(2315, 16), (16, 1)])

    ```
    """

    def __init__(
        self,
        turns: Sequence[Turn] = (),
        wordlist: WordList | None = None,
        pool: Pool = "answers",
        *,
        check_words: bool = True,
    ) -> None:
        self.wordlist = wordlist if wordlist is not None else WordList.bundled()
        if pool not in ("answers", "valid"):
            raise ValueError(f"pool must be 'answers' or 'valid', not {pool!r}")
        self.pool: Pool = pool
        self.turns: tuple[Turn, ...] = tuple(turns)
        length = self.wordlist.length
        for n, t in enumerate(self.turns, start=1):
            if t.length != length:
                raise InvalidWordError(
                    f"turn {n}: {t.guess.upper()} has {t.length} letters, the list has {length}"
                )
            if check_words and not self.wordlist.is_valid(t.guess):
                raise InvalidWordError(
                    f"turn {n}: {t.guess.upper()} is not in the {self.wordlist.name} word list"
                )
        self._masks = self._compute_masks()

    @cached_property
    def pool_words(self) -> tuple[str, ...]:
        return self.wordlist.answers if self.pool == "answers" else self.wordlist.guesses

    @cached_property
    def _pool_codes(self) -> Codes:
        return self.wordlist.encode(self.pool_words)

    def _compute_masks(self) -> list[np.ndarray]:
        """The pool mask after each turn; raises on the first contradictory turn."""
        codes = self._pool_codes
        current = np.ones(len(self.pool_words), dtype=bool)
        masks: list[np.ndarray] = []
        alones: list[np.ndarray] = []
        if self.pool == "answers" and self.wordlist.answer_model == "list":
            what = "possible answer"
        elif self.pool == "answers":
            what = "valid word"  # every valid word may be the answer
        else:
            what = "word in the list"
        for n, t in enumerate(self.turns, start=1):
            label = f"turn {n} ({t.guess.upper()} {format_pattern(t.pattern, t.length)})"
            reason = impossible_reason(t.guess, t.pattern)
            if reason:
                raise InconsistentFeedbackError(f"{label} is impossible: {reason}", turn=n)
            alone = self._turn_mask(t, codes)
            if not alone.any():
                raise InconsistentFeedbackError(f"{label}: no {what} gives this feedback", turn=n)
            after = current & alone
            if not after.any():
                # One earlier turn that conflicts on its own, else the first prefix that does.
                culprit = next(
                    (m for m, other in enumerate(alones, start=1) if not (other & alone).any()),
                    None,
                ) or next(
                    (m for m, earlier in enumerate(masks, start=1) if not (earlier & alone).any()),
                    None,
                )
                if culprit is not None:
                    earlier_t = self.turns[culprit - 1]
                    raise InconsistentFeedbackError(
                        f"{label} contradicts turn {culprit} ({earlier_t.guess.upper()} "
                        f"{format_pattern(earlier_t.pattern, earlier_t.length)}): "
                        f"no {what} fits both",
                        turn=n,
                    )
                raise InconsistentFeedbackError(
                    f"{label} contradicts the turns before it: no {what} fits them all", turn=n
                )
            masks.append(after)
            alones.append(alone)
            current = after
        return masks

    def _turn_mask(self, t: Turn, codes: Codes) -> np.ndarray:
        guess = self.wordlist.encode([t.guess])
        return consistent_mask(codes, guess, np.array([t.pattern], dtype=np.int64))

    @property
    def mask(self) -> np.ndarray:
        """Boolean mask over :attr:`pool_words` of the words still possible."""
        if self._masks:
            return self._masks[-1]
        return np.ones(len(self.pool_words), dtype=bool)

    @cached_property
    def candidates(self) -> tuple[str, ...]:
        words = self.pool_words
        return tuple(words[i] for i in np.flatnonzero(self.mask))

    @cached_property
    def candidate_indices(self) -> np.ndarray:
        """Indices into :attr:`pool_words` (answers first, so also guess indices)."""
        return np.flatnonzero(self.mask)

    @property
    def weights(self) -> np.ndarray | None:
        """The pool's weights (the answers' probabilities), or ``None`` when unweighted."""
        if self.pool == "answers":
            return self.wordlist.weights
        return None

    @cached_property
    def probabilities(self) -> np.ndarray:
        """Each candidate's probability of being the answer, aligned with
        :attr:`candidates`: the weights renormalised over the words left (equal without
        weights).

        ```pycon
        >>> wl = WordList.bundled().with_answers("likely")
        >>> k = Knowledge([Turn.parse("crane:bbybb")], wl)
        >>> p = dict(zip(k.candidates, k.probabilities))
        >>> len(k), bool(p["about"] > p["aioli"] > 0)
        (1200, True)

        ```
        """
        idx = self.candidate_indices
        w = self.weights
        return probabilities(None if w is None else w[idx], len(idx))

    def ranked(self) -> list[tuple[str, float]]:
        """The candidates with their probabilities, most likely first (ties alphabetical)."""
        return ranked(self.candidates, self.probabilities)

    @cached_property
    def summary(self) -> LetterConstraints:
        return LetterConstraints.from_turns(self.turns, self.wordlist.length)

    @cached_property
    def steps(self) -> tuple[Step, ...]:
        before = len(self.pool_words)
        w = self.weights
        mass: float | None = None if w is None else 1.0
        out = []
        for n, (t, m) in enumerate(zip(self.turns, self._masks, strict=True), start=1):
            after = int(m.sum())
            mass_after = None if w is None else float(w[m].sum())
            out.append(Step(n, t, before, after, mass, mass_after))
            before, mass = after, mass_after
        return tuple(out)

    @property
    def solved(self) -> bool:
        return bool(self.turns) and self.turns[-1].is_win

    def __len__(self) -> int:
        return int(self.mask.sum())

    def __repr__(self) -> str:
        turns = ", ".join(str(t) for t in self.turns)
        return f"<Knowledge [{turns}] {len(self)} of {len(self.pool_words)} {self.pool}>"


def narrow(words: Iterable[str], *turns: str | Turn | tuple[str, str | int]) -> list[str]:
    """The words of ``words`` (any iterable, any list of your own) that could still be the
    answer after the given turns, by the exact rule: a word stays exactly when
    ``score(guess, word) == pattern`` for every turn.

    A turn is ``"guess", "pattern"`` (two arguments), ``"guess:pattern"``, a
    :class:`~wordlekit.core.feedback.Turn` or a ``(guess, pattern)`` pair; the pattern in any
    text form (``g/y/b``, ``n/y/g``, ``2/1/0``, emoji) or its number.

    ```pycon
    >>> narrow(["alone", "nylon", "colon", "knoll", "talon"], "pylon", "nnyyy")
    ['alone', 'knoll']
    >>> narrow(["cigar", "rebut", "sissy", "humph"], "crane:gyybb")
    ['cigar']
    >>> narrow(["those", "geese", "these"], ("geese", "bbbgg"))
    ['those']

    ```
    """
    history = _turns_of(turns)
    kept = [w.strip().lower() for w in words]
    if not history or not kept:
        return kept
    length = history[0].length
    if any(t.length != length for t in history) or any(len(w) != length for w in kept):
        raise InvalidWordError("the words and the guesses must all have the same length")
    guesses, codes = encode_together([t.guess for t in history], kept)
    patterns = np.array([t.pattern for t in history], dtype=np.int64)
    mask = consistent_mask(codes, guesses, patterns)
    return [w for w, ok in zip(kept, mask, strict=True) if ok]


def _turns_of(args: Sequence[str | Turn | tuple[str, str | int]]) -> list[Turn]:
    """Turns from :func:`narrow`'s arguments (``"guess", "pattern"`` pairs read in order)."""
    out: list[Turn] = []
    items = list(args)
    while items:
        item = items.pop(0)
        if isinstance(item, Turn):
            out.append(item)
        elif isinstance(item, tuple):
            out.append(Turn.of(*item))
        elif ":" in item or "=" in item:
            out.append(Turn.parse(item))
        elif items and isinstance(items[0], str):
            pattern = items.pop(0)
            assert isinstance(pattern, str)
            out.append(Turn.of(item, pattern))
        else:
            raise InvalidPatternError(f"turn {quoted(item)} has no pattern: write guess:pattern")
    return out


def turns_from_guesses(wordlist: WordList, guesses: Sequence[str], answer: str) -> list[Turn]:
    """The turns of bare guesses against a known answer (errors name the turn).

    ```pycon
    >>> turns_from_guesses(WordList.bundled(), ["crane", "cigar"], "cigar")
    [Turn.parse('crane:gyybb'), Turn.parse('cigar:ggggg')]

    ```
    """
    try:
        answer = wordlist.check_answer(answer)
    except WordleError as e:
        raise WordleError(f"answer: {e}") from None
    turns = []
    for k, g in enumerate(guesses, start=1):
        try:
            w = wordlist.normalize(g)
        except WordleError as e:
            raise WordleError(f"turn {k}: {e}") from None
        turns.append(Turn(w, score(w, answer)))
    return turns
