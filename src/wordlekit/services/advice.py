"""Advice on one board: the helper (:func:`assist`: the words left, what is known, what each
turn taught, the best next guesses) and a game's hint (:func:`hint`), each honouring the
active work budget (:mod:`wordlekit.budget`).

When the budget runs out, an answer is not a failure if a cheaper one exists: suggestions from
an exact strategy fall back to ``entropy`` and say so (``exact`` false and a ``note`` naming
the command with no budget). Cancellation (the client went away) is never degraded: it raises
:class:`~wordlekit.errors.BudgetExceeded` with ``reason == "cancelled"``.

What a person is advised (a hint, the helper's first suggestion) prefers a word that could be
the answer when it is nearly as good as the strategy's first choice: see
:data:`ANSWER_PREFERENCE`. The bot and the benchmarks play the strategies as they are.

Every function takes the pattern matrix first (the work pool's operations do, see
:mod:`wordlekit.services.operations`; in-process callers go through
:class:`~wordlekit.services.engine.Engine`) and returns a typed value.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from wordlekit import budget as work
from wordlekit.core.constraints import KnownLetters
from wordlekit.core.feedback import Turn, TurnView
from wordlekit.core.knowledge import Knowledge
from wordlekit.core.rules import GuessPool, Mode
from wordlekit.core.words import WordList
from wordlekit.errors import BudgetExceeded, InconsistentFeedbackError
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.services.catalog import FALLBACK, budget_note, is_expensive
from wordlekit.solve.registry import get_strategy
from wordlekit.solve.state import GameState
from wordlekit.solve.strategies import Strategy, Suggestion, check_answer_model

__all__ = [
    "ANSWER_PREFERENCE",
    "Advice",
    "Assist",
    "Hint",
    "StepView",
    "Suggestion",
    "answer_matrix",
    "any_word_fits",
    "assist",
    "hint",
    "hint_verdict",
]

#: How much less expected information (bits) than the strategy's first choice a word that
#: could be the answer may give and still be advised in its place.
ANSWER_PREFERENCE_BITS = 0.1
#: The rule, as a hint's ``rule`` says it. How it was chosen (a bot that plays what the hint
#: advises against the strategy itself, on every answer) is in the README; on the first turn
#: it would swap entropy's SOARE for a worse opener, so the opener is left as the strategy's.
ANSWER_PREFERENCE = (
    "After the first guess, a word that could be the answer is advised in place of the "
    f"strategy's first choice when it gives at most {ANSWER_PREFERENCE_BITS:g} bits less "
    "expected information (the exact optimal strategy's choice always stands)."
)


@dataclass(frozen=True)
class Advice:
    """Ranked suggestions, and whether they are what the strategy asked for would give:
    ``used`` is the strategy that answered (the fallback past the budget, then ``exact`` is
    false and ``note`` says so); ``passed_over`` the strategy's own first choice when a word
    that could be the answer nearly as good was put before it (it cannot be the answer)."""

    strategy: str
    used: str
    exact: bool
    suggestions: tuple[Suggestion, ...]
    note: str | None = None
    passed_over: str | None = None


@dataclass(frozen=True)
class StepView:
    """What one turn taught: the words left before and after it, and the bits gained."""

    turn: TurnView
    before: int
    after: int
    bits: float


@dataclass(frozen=True)
class Assist:
    """The helper's answer for a history of turns.

    ``candidates`` are the words left (at most ``max_candidates``; with a weighted answer model
    most likely first, with their ``probabilities``); ``answers`` the answer model they are
    for; ``known`` what the turns imply, for people; ``steps`` each turn's shrink.
    """

    remaining: int
    answers: str
    mode: Mode
    pool: GuessPool
    candidates: tuple[str, ...]
    probabilities: tuple[float, ...] | None
    advice: Advice
    rule: str
    known: KnownLetters
    steps: tuple[StepView, ...]


@dataclass(frozen=True)
class Hint:
    """The word advised next in a game (the caller counts it as a hint): ``verdict`` says
    whether it can be the answer and how far it narrows the words left; ``rule`` is the
    preference for words that could be the answer."""

    suggestion: Suggestion
    remaining: int
    verdict: str
    rule: str
    advice: Advice


def useful(suggestions: Sequence[Suggestion]) -> tuple[Suggestion, ...]:
    """The suggestions that can win or split the words left: the others teach nothing (a
    ranking puts them last, and near the end of a game a list of them is only noise). The
    first suggestion is always kept, so there is an answer."""
    return tuple(s for k, s in enumerate(suggestions) if k == 0 or s.parts > 1 or s.can_win)


def prefer_answer(
    state: GameState, strategy: Strategy, ranked: Sequence[Suggestion]
) -> tuple[tuple[Suggestion, ...], str | None]:
    """``ranked`` with the word a person is advised first (:data:`ANSWER_PREFERENCE`), and
    the strategy's first choice if it was passed over.

    The word preferred is the candidate with the most expected information (ties: the first
    in alphabetical order). Not applied on the first turn, to a first choice that could be
    the answer already, nor to the exact search (its choice already counts the chance of
    winning at once), nor with weighted answers (the strategies' own near-tie rule already
    prefers the word most likely to be the answer, see :mod:`wordlekit.solve.strategies`).
    """
    ranked = tuple(ranked)
    first = ranked[0]
    if first.can_win or not state.history or is_expensive(strategy.name) or state.weighted:
        return ranked, None
    figs = state.figures(state.candidates)
    bits = figs.bits
    order = np.lexsort((state.matrix.alphabetical_rank[figs.guesses], -np.round(bits, 9)))
    j = int(order[0])
    if bits[j] < first.bits - ANSWER_PREFERENCE_BITS - 1e-9:
        return ranked, None
    scores = np.asarray(strategy.scores(state, figs), dtype=np.float64)
    chosen = Suggestion(
        word=state.wordlist.guesses[figs.guesses[j]],
        score=float(scores[j]),
        parts=int(figs.parts[j]),
        largest=int(figs.largest[j]),
        expected=float(figs.expected[j]),
        bits=float(bits[j]),
        can_win=True,
    )
    rest = tuple(s for s in ranked if s.word != chosen.word)
    return (chosen, *rest)[: len(ranked)], first.word


def answers_flag(state: GameState) -> str:
    """The ``--answers`` option of the command that gives a state's answer model ("" for the
    list's), for the note of a fallback."""
    model = state.wordlist.answer_model
    return "" if model == "list" else f" --answers {model}"


def advise(
    state: GameState,
    strategy: str,
    top: int,
    *,
    seed: int | None = 0,
    what: str = "these come",
    for_person: bool = True,
) -> Advice:
    """The ``top`` useful suggestions of ``strategy`` (see :func:`useful`), or of the
    fallback when the budget runs out; ``for_person``: with :func:`prefer_answer` applied
    (the command line's ``suggest`` shows the strategy's own ranking).
    A strategy that does not play the word list's answer model is refused
    (:class:`~wordlekit.errors.AnswerModelError`)."""
    strat = get_strategy(strategy, seed=seed)
    check_answer_model(strat, state.wordlist)
    note = None
    used = strat
    try:
        ranked = useful(strat.rank(state, top))
    except BudgetExceeded as e:
        if e.reason == "cancelled":
            raise
        used = get_strategy(FALLBACK)
        command = f"wordle suggest --strategy {strat.name}{answers_flag(state)} TURN ..."
        note = budget_note(strat.name, work.current(), command, what=what)
        with work.unlimited():  # one pass over the guesses: bounded, and it is the answer
            ranked = useful(used.rank(state, top))
    passed_over = None
    if for_person:
        ranked, passed_over = prefer_answer(state, used, ranked)
    return Advice(strat.name, used.name, note is None, ranked, note, passed_over)


def hint_verdict(suggestion: Suggestion) -> str:
    """Whether a hint's word can be the answer, and how far it narrows the words left (a word
    that could win with one pattern only is the one word left).

    ```pycon
    >>> hint_verdict(Suggestion("kilps", 3.5, 12, 2, 1.5, 3.5, False))
    'cannot be the answer, but narrows it to ≤ 2 words'
    >>> hint_verdict(Suggestion("giant", 0.0, 1, 1, 1.0, 0.0, True))
    'is the only possible answer'

    ```
    """
    words = f"{suggestion.largest} word{'s' if suggestion.largest != 1 else ''}"
    if not suggestion.can_win:
        return f"cannot be the answer, but narrows it to ≤ {words}"
    if suggestion.parts <= 1:
        return "is the only possible answer"
    return f"could be the answer, and otherwise narrows it to ≤ {words}"


#: The matrices of the answer models a process has used, by (list, model): the ``likely`` one
#: (every valid word as a possible answer) is memory-mapped from the cache, so the processes
#: that load it share its pages.
_MODEL_MATRICES: dict[tuple[str, str], PatternMatrix] = {}


def answer_matrix(
    matrix: PatternMatrix, answers: str | None, on: dt.date | None = None
) -> PatternMatrix:
    """The matrix of ``matrix``'s word list under the answer model ``answers`` (``None``, or
    the list's own model: ``matrix`` itself) as of the date ``on`` (the ``likely`` model
    weighs the words the NYT served before it, see
    :meth:`~wordlekit.core.words.WordList.with_answers`); built or read from the disk cache
    once per process, and shared by every date."""
    if answers is None or (answers == matrix.wordlist.answer_model and on is None):
        return matrix
    wl = matrix.wordlist.with_answers(answers, on=on)
    if wl is matrix.wordlist:
        return matrix
    base = matrix.wordlist.with_answers(answers)
    key = (matrix.wordlist.words_hash, wl.answer_model)
    found = _MODEL_MATRICES.get(key)
    if found is None or found.wordlist is not base:
        found = _MODEL_MATRICES[key] = PatternMatrix.for_list(base)
    if wl is base:
        return found
    return _dated_matrix(found, wl)


@lru_cache(maxsize=8)
def _dated_matrix(matrix: PatternMatrix, wordlist: WordList) -> PatternMatrix:
    return matrix.reweighted(wordlist)


def assist(
    matrix: PatternMatrix,
    turns: Sequence[Turn],
    *,
    answers: str | None = None,
    strategy: str = "entropy",
    top: int = 10,
    mode: Mode | str = Mode.NORMAL,
    pool: GuessPool | str = GuessPool.VALID,
    seed: int | None = 0,
    max_candidates: int = 200,
    for_person: bool = True,
    on: dt.date | None = None,
) -> Assist:
    """The helper: the words left after ``turns``, what is known, each turn's shrink and
    the best next guesses under ``mode`` (ultrahard: only words that could still be the
    answer) from ``pool``. ``answers`` is the answer model (``list``, ``likely`` or ``all``,
    see :meth:`~wordlekit.core.words.WordList.with_answers`; ``None``: the matrix's own): with
    ``likely`` the words left come most likely first, with their probabilities, weighed as
    of the date ``on`` (the player's day: the words served before it count as repeats; none:
    as if nothing had been served). Contradictory turns raise, naming the turn."""
    matrix = answer_matrix(matrix, answers, on)
    # an unknown name, or one that does not play the answer model, is refused before any work
    check_answer_model(get_strategy(strategy, seed=seed), matrix.wordlist)
    m, p = Mode.parse(mode), GuessPool.parse(pool)
    try:
        state = GameState.from_turns(matrix, turns, mode=m, pool=p)
    except InconsistentFeedbackError as e:
        if matrix.wordlist.answer_model == "list" and e.any_word_fits is None:
            e.any_word_fits = any_word_fits(matrix.wordlist, turns)
        raise
    advice = advise(state, strategy, top, seed=seed, for_person=for_person)
    k = Knowledge(turns, matrix.wordlist, "answers")  # what a person reads of the turns
    if state.weighted:  # most likely first, with their probabilities
        ranked = state.ranked()[:max_candidates]
        words = tuple(w for w, _ in ranked)
        probabilities: tuple[float, ...] | None = tuple(float(q) for _, q in ranked)
    else:
        words, probabilities = tuple(state.candidate_words[:max_candidates]), None
    steps = tuple(StepView(TurnView.of(s.turn), s.before, s.after, s.bits) for s in k.steps)
    return Assist(
        state.n, matrix.wordlist.answer_model, m, p, words, probabilities, advice,
        ANSWER_PREFERENCE, k.summary.known(), steps,
    )  # fmt: skip


def any_word_fits(wordlist: WordList, turns: Sequence[Turn]) -> int:
    """How many valid words fit ``turns`` (0 when they contradict each other whatever the
    answer): turns no answer of the list fits may still fit a word outside it."""
    try:
        return len(Knowledge(turns, wordlist, "valid"))
    except InconsistentFeedbackError:
        return 0


def hint(
    matrix: PatternMatrix,
    turns: Sequence[Turn],
    *,
    mode: Mode | str = Mode.NORMAL,
    strategy: str = "entropy",
) -> Hint:
    """The word advised next in a game in progress: the strategy's first choice, or a word
    that could be the answer nearly as good (:data:`ANSWER_PREFERENCE`). In ultrahard mode
    the word advised could always be the answer."""
    state = GameState.from_turns(matrix, turns, mode=Mode.parse(mode))
    advice = advise(state, strategy, 1, what="this suggestion comes")
    first = advice.suggestions[0]
    return Hint(first, state.n, hint_verdict(first), ANSWER_PREFERENCE, advice)
