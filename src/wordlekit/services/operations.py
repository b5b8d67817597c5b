"""The operations front ends offer beyond the referee: suggestions, the helper, the bot and
the review, each honouring the active work budget (:mod:`wordlekit.budget`).

Every operation takes the pattern matrix and plain values and returns a JSON-ready dict, so
the same call runs in the web app's worker processes, the terminal UI or a script. When the
budget runs out, an operation does not fail if a cheaper answer exists; it says so:

- suggestions from the ``optimal`` strategy fall back to ``entropy`` (``"exact": false`` and a
  ``note`` naming the command with no budget);
- the bot's game goes on with ``entropy`` from the turn the budget ran out
  (``"exact": false``, ``"fallback_from_turn"``);
- a review marks the turns valued by the estimate (``"complete": false`` and a ``note``).

Cancellation (the client went away) is never degraded: it raises
:class:`~wordlekit.errors.BudgetExceeded` with ``reason == "cancelled"``.

What a person is advised (a hint, the first of the helper's suggestions) prefers a word that
could be the answer when it is nearly as good as the strategy's first choice: see
:data:`ANSWER_PREFERENCE`. The bot and the benchmarks play the strategies as they are.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from wordlekit import budget as work
from wordlekit.core.feedback import Turn, format_pattern, score
from wordlekit.core.knowledge import Knowledge
from wordlekit.core.rules import GuessPool, Mode
from wordlekit.core.words import WordList
from wordlekit.errors import BudgetExceeded, WordleError
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.services import boards
from wordlekit.solve.bot import play
from wordlekit.solve.registry import get_strategy
from wordlekit.solve.registry import is_expensive as is_expensive  # for the front ends
from wordlekit.solve.state import GameState
from wordlekit.solve.strategies import (
    ALL_MODELS,
    RandomCandidate,
    Strategy,
    Suggestion,
    check_answer_model,
)

#: The strategy used when the one asked for cannot finish within the budget.
FALLBACK = "entropy"

#: How much less expected information (bits) than the strategy's first choice a word that
#: could be the answer may give and still be advised in its place.
ANSWER_PREFERENCE_BITS = 0.1
#: The rule, as a hint's ``rule`` says it. Measured over the 2,315 answers of the original
#: list (a bot that plays what the hint advises every turn, against the strategy itself):
#: entropy 3.4639 guesses a game against 3.4644, hard mode 3.5935 against 3.6022 with the
#: same 7 failures; minimax 3.5568 against 3.5732, expected-size 3.4756 against 3.4812,
#: letter-frequency 3.6514 against 3.8298 (hard mode: fewer failures for each). So the
#: preference does not weaken play. On the first turn it would swap entropy's SOARE for
#: RAISE (3.4713: worse), so the opener is left as the strategy's.
ANSWER_PREFERENCE = (
    "After the first guess, a word that could be the answer is advised in place of the "
    f"strategy's first choice when it gives at most {ANSWER_PREFERENCE_BITS:g} bits less "
    "expected information (the exact optimal strategy's choice always stands)."
)


def budget_note(
    strategy: str, budget: work.Budget | None, command: str, *, what: str = "these come"
) -> str:
    """What a fallback answer is, and how to get the exact one (``what``: the subject and
    its verb, e.g. "this suggestion comes")."""
    limit = f"the {budget.nominal:g} s" if budget is not None and budget.nominal else "the work"
    return (
        f"The {strategy} strategy needs more than {limit} allowed per request here, so "
        f"{what} from {FALLBACK} (most expected information) instead. Choose a heuristic "
        f"strategy, or run `{command}` on the command line (no budget there)."
    )


@dataclass(frozen=True)
class Advice:
    """Ranked suggestions, and whether they are what the strategy asked for would give."""

    strategy: str
    used: str
    exact: bool
    suggestions: tuple[Suggestion, ...]
    note: str | None = None
    #: The strategy's own first choice when a word that could be the answer was put before
    #: it (:data:`ANSWER_PREFERENCE`); it cannot be the answer itself.
    passed_over: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "strategy": self.strategy,
            "used": self.used,
            "exact": self.exact,
            "note": self.note,
            "suggestions": [s.to_dict() for s in self.suggestions],
            "passed_over": self.passed_over,
        }


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


def advise(
    state: GameState,
    strategy: str,
    top: int,
    *,
    seed: int | None = 0,
    what: str = "these come",
    for_person: bool = False,
) -> Advice:
    """The ``top`` useful suggestions of ``strategy`` (see :func:`useful`), or of the
    fallback when the budget runs out; ``for_person``: with :func:`prefer_answer` applied.
    A strategy that does not play the word list's answer model is refused
    (:class:`~wordlekit.solve.strategies.AnswerModelError`)."""
    strat = get_strategy(strategy, seed=seed)
    check_answer_model(strat, state.wordlist)
    try:
        ranked = useful(strat.rank(state, top))
    except BudgetExceeded as e:
        if e.reason == "cancelled":
            raise
    else:
        return _advice(state, strat, strat, ranked, for_person)
    fallback = get_strategy(FALLBACK)
    command = "wordle suggest --strategy optimal TURN ..."
    note = budget_note(strat.name, work.current(), command, what=what)
    with work.unlimited():  # one pass over the guesses: bounded, and it is the answer
        ranked = useful(fallback.rank(state, top))
        return _advice(state, strat, fallback, ranked, for_person, note)


def _advice(
    state: GameState,
    asked: Strategy,
    used: Strategy,
    ranked: tuple[Suggestion, ...],
    for_person: bool,
    note: str | None = None,
) -> Advice:
    passed_over = None
    if for_person:
        ranked, passed_over = prefer_answer(state, used, ranked)
    exact = note is None
    return Advice(asked.name, used.name, exact, ranked, note, passed_over)


def hint_verdict(suggestion: Suggestion) -> str:
    """Whether a hint's word can be the answer, and how far it narrows the words left (a word
    that could win with one pattern only is the one word left).

    >>> hint_verdict(Suggestion("kilps", 3.5, 12, 2, 1.5, 3.5, False))
    'cannot be the answer, but narrows it to ≤ 2 words'
    >>> hint_verdict(Suggestion("giant", 0.0, 1, 1, 1.0, 0.0, True))
    'is the only possible answer'
    """
    words = f"{suggestion.largest} word{'s' if suggestion.largest != 1 else ''}"
    if not suggestion.can_win:
        return f"cannot be the answer, but narrows it to ≤ {words}"
    if suggestion.parts <= 1:
        return "is the only possible answer"
    return f"could be the answer, and otherwise narrows it to ≤ {words}"


def _turn_dict(turn: Turn) -> dict[str, Any]:
    return {
        "guess": turn.guess,
        "pattern": turn.pattern,
        "emoji": format_pattern(turn.pattern, turn.length),
        "letters": format_pattern(turn.pattern, turn.length, "letters"),
    }


#: The matrices of the answer models a worker has used, by (list, model): the ``likely`` one
#: (12,972 x 12,972 on the original lists) is memory-mapped from the cache, so the processes
#: that load it share its pages.
_MODEL_MATRICES: dict[tuple[str, str], PatternMatrix] = {}


def answer_matrix(matrix: PatternMatrix, answers: str | None) -> PatternMatrix:
    """The matrix of ``matrix``'s word list under the answer model ``answers`` (``None``, or
    the list's own model: ``matrix`` itself); built or read from the disk cache once per
    process."""
    if answers is None or answers == matrix.wordlist.answer_model:
        return matrix
    wl = matrix.wordlist.with_answers(answers)
    if wl is matrix.wordlist:
        return matrix
    key = (matrix.wordlist.words_hash, wl.answer_model)
    found = _MODEL_MATRICES.get(key)
    if found is None or found.wordlist is not wl:
        found = _MODEL_MATRICES[key] = PatternMatrix.for_list(wl)
    return found


def assist(
    matrix: PatternMatrix,
    turns: Sequence[Turn],
    *,
    answers: str | None = None,
    strategy: str = "entropy",
    top: int = 10,
    mode: Mode | str = Mode.NORMAL,
    pool: GuessPool | str = GuessPool.VALID,
    max_candidates: int = 200,
) -> dict[str, Any]:
    """The helper: the words left after ``turns``, what is known, each turn's shrink and
    the best next guesses under ``mode`` (``pool`` candidates: only words that could still be
    the answer). ``answers`` is the answer model (``list``, ``likely`` or ``all``, see
    :meth:`~wordlekit.core.words.WordList.with_answers`; ``None``: the matrix's own): with
    ``likely`` the words left come most likely first, with their probabilities.
    Contradictory turns raise, naming the turn."""
    matrix = answer_matrix(matrix, answers)
    # an unknown name, or one that does not play the answer model, is refused before any work
    check_answer_model(get_strategy(strategy), matrix.wordlist)
    state = GameState.from_turns(matrix, turns, mode=Mode.parse(mode), pool=GuessPool.parse(pool))
    # what a person reads: the summary of the letters and each turn's shrink
    k = Knowledge(turns, matrix.wordlist, "answers")
    advice = advise(state, strategy, top, for_person=True)
    words: dict[str, Any] = {"candidates": state.candidate_words[:max_candidates]}
    if state.weighted:  # most likely first, with their probabilities
        ranked = state.ranked()[:max_candidates]
        words = {
            "candidates": [w for w, _ in ranked],
            "probabilities": [round(p, 8) for _, p in ranked],
        }
    return {
        "remaining": state.n,
        "answers": matrix.wordlist.answer_model,
        **words,
        **advice.to_dict(),
        "rule": ANSWER_PREFERENCE,
        "knowledge": {"summary": k.summary.describe(), **k.summary.to_dict()},
        "steps": [
            {
                **_turn_dict(s.turn),
                "before": s.before,
                "after": s.after,
                "bits": round(s.bits, 4),
            }
            for s in k.steps
        ],
    }


def hint(
    matrix: PatternMatrix,
    turns: Sequence[Turn],
    *,
    mode: Mode | str = Mode.NORMAL,
    strategy: str = "entropy",
) -> dict[str, Any]:
    """The word advised next in a game in progress (the caller counts it as a hint): the
    strategy's first choice, or a word that could be the answer nearly as good
    (:data:`ANSWER_PREFERENCE`). ``verdict`` says whether it can be the answer and how far it
    narrows the words left; ``rule`` is the preference; ``passed_over`` the strategy's own
    choice when the preference replaced it. In ultrahard ``mode`` the word advised could
    always be the answer."""
    state = GameState.from_turns(matrix, turns, mode=Mode.parse(mode))
    advice = advise(state, strategy, 1, what="this suggestion comes", for_person=True)
    out = advice.to_dict()
    out["suggestion"] = out["suggestions"][0]
    out["remaining"] = state.n
    out["verdict"] = hint_verdict(advice.suggestions[0])
    out["rule"] = ANSWER_PREFERENCE
    return out


class _WithFallback(Strategy):
    """Plays ``primary`` until the budget runs out, then the fallback for the rest."""

    name = "with-fallback"
    answer_models = ALL_MODELS  # the primary's are checked before it plays

    def __init__(self, primary: Strategy) -> None:
        self.primary = primary
        self.secondary = get_strategy(FALLBACK)
        self.fell_back_at: int | None = None

    def choose(self, state: GameState) -> int:
        if self.fell_back_at is None:
            try:
                return self.primary.choose(state)
            except BudgetExceeded as e:
                if e.reason == "cancelled":
                    raise
                self.fell_back_at = len(state.history) + 1
        with work.unlimited():
            return self.secondary.choose(state)


def solve(
    matrix: PatternMatrix,
    answer: str,
    *,
    strategy: str = "entropy",
    start: str | None = None,
    mode: Mode | str = Mode.NORMAL,
    seed: int = 0,
    pool: GuessPool | str = GuessPool.VALID,
) -> dict[str, Any]:
    """The bot plays ``answer`` under ``mode``: every guess and the words left after it
    (``pool`` candidates: it guesses only words that could still be the answer; in ultrahard
    mode the same, a ``start`` word included)."""
    wl = matrix.wordlist
    strat = get_strategy(strategy, seed=seed)
    check_answer_model(strat, wl)
    answer = wl.check_answer(answer)
    guard = None if isinstance(strat, RandomCandidate) else _WithFallback(strat)
    game = play(
        matrix,
        answer,
        guard or strat,
        start=start,
        mode=Mode.parse(mode),
        pool=GuessPool.parse(pool),
    )
    data = game.to_dict()
    data["strategy"] = strat.name
    data["answers"] = wl.answer_model
    data["turns"] = [
        {
            **s.to_dict(),
            "emoji": format_pattern(s.pattern, wl.length),
            "letters": format_pattern(s.pattern, wl.length, "letters"),
        }
        for s in game.steps
    ]
    fell = guard.fell_back_at if guard is not None else None
    data["exact"] = fell is None
    data["fallback_from_turn"] = fell
    data["note"] = (
        None
        if fell is None
        else budget_note(
            strat.name,
            work.current(),
            f"wordle solve {answer} --strategy {strat.name}",
            what=f"from turn {fell} on, the guesses come",
        )
    )
    return data


def turns_from_guesses(wl: WordList, guesses: Sequence[str], answer: str) -> list[Turn]:
    """Turns of bare guesses against a known answer (errors name the turn)."""
    try:
        answer = wl.check_answer(answer)
    except WordleError as e:
        raise WordleError(f"answer: {e}") from None
    turns = []
    for k, g in enumerate(guesses, start=1):
        try:
            w = wl.normalize(g)
        except WordleError as e:
            raise WordleError(f"turn {k}: {e}") from None
        turns.append(Turn(w, score(w, answer)))
    return turns


def review(
    matrix: PatternMatrix,
    turns: Sequence[Turn],
    *,
    answer: str | None = None,
    mode: Mode | str = Mode.NORMAL,
) -> dict[str, Any]:
    """The review of a played game under ``mode`` (turns valued by the estimate past the
    budget)."""
    from wordlekit.analysis.review import review as review_game

    return review_game(matrix, turns, answer=answer, mode=Mode.parse(mode)).to_dict()


def absurdle_solve(matrix: PatternMatrix, **kwargs: Any) -> dict[str, Any]:
    """:func:`wordlekit.services.absurdle.solve`, imported when first run: the Absurdle
    kernels load numba, which every ``wordle`` command importing this module would otherwise
    pay at start-up (0.25 s)."""
    from wordlekit.services.absurdle import solve

    return solve(matrix, **kwargs)


#: The operations a worker process can run, by name.
OPERATIONS: dict[str, Callable[..., dict[str, Any]]] = {
    "absurdle_solve": absurdle_solve,
    "assist": assist,
    "hint": hint,
    "solve": solve,
    "review": review,
    # Several boards at once (issue 16): the helper and the bot for N boards.
    "boards_assist": boards.assist,
    "boards_solve": boards.solve,
}
