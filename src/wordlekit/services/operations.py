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
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from wordlekit import budget as work
from wordlekit.core.feedback import Turn, format_pattern, score
from wordlekit.core.knowledge import Knowledge
from wordlekit.core.words import WordList
from wordlekit.errors import BudgetExceeded, WordleError
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.solve.bot import play
from wordlekit.solve.registry import get_strategy
from wordlekit.solve.state import GameState
from wordlekit.solve.strategies import RandomCandidate, Strategy, Suggestion

#: The strategy used when the one asked for cannot finish within the budget.
FALLBACK = "entropy"
#: Strategies whose work can grow beyond a fixed small cost (the exact search).
EXPENSIVE_STRATEGIES = frozenset({"optimal"})


def is_expensive(strategy: str | None) -> bool:
    """Whether a strategy may need the exact search (so a server limits it harder)."""
    return (strategy or "").strip().lower() in EXPENSIVE_STRATEGIES


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

    def to_dict(self) -> dict[str, Any]:
        return {
            "strategy": self.strategy,
            "used": self.used,
            "exact": self.exact,
            "note": self.note,
            "suggestions": [s.to_dict() for s in self.suggestions],
        }


def useful(suggestions: Sequence[Suggestion]) -> tuple[Suggestion, ...]:
    """The suggestions that can win or split the words left: the others teach nothing (a
    ranking puts them last, and near the end of a game a list of them is only noise). The
    first suggestion is always kept, so there is an answer."""
    return tuple(s for k, s in enumerate(suggestions) if k == 0 or s.parts > 1 or s.can_win)


def advise(
    state: GameState, strategy: str, top: int, *, seed: int | None = 0, what: str = "these come"
) -> Advice:
    """The ``top`` useful suggestions of ``strategy`` (see :func:`useful`), or of the
    fallback when the budget runs out."""
    strat = get_strategy(strategy, seed=seed)
    try:
        return Advice(strat.name, strat.name, True, useful(strat.rank(state, top)))
    except BudgetExceeded as e:
        if e.reason == "cancelled":
            raise
    fallback = get_strategy(FALLBACK)
    with work.unlimited():  # one pass over the guesses: bounded, and it is the answer
        ranked = useful(fallback.rank(state, top))
    command = "wordle suggest --strategy optimal TURN ..."
    note = budget_note(strat.name, work.current(), command, what=what)
    return Advice(strat.name, fallback.name, False, ranked, note)


def _turn_dict(turn: Turn) -> dict[str, Any]:
    return {
        "guess": turn.guess,
        "pattern": turn.pattern,
        "emoji": format_pattern(turn.pattern, turn.length),
        "letters": format_pattern(turn.pattern, turn.length, "letters"),
    }


def assist(
    matrix: PatternMatrix,
    turns: Sequence[Turn],
    *,
    strategy: str = "entropy",
    top: int = 10,
    hard: bool = False,
    candidates_only: bool = False,
    max_candidates: int = 200,
) -> dict[str, Any]:
    """The helper: the words left after ``turns``, what is known, each turn's shrink and
    the best next guesses. Contradictory turns raise, naming the turn."""
    get_strategy(strategy)  # an unknown name is refused before any work
    k = Knowledge(turns, matrix.wordlist, "answers", matrix=matrix)
    state = GameState(
        matrix,
        tuple(turns),
        np.asarray(k.candidate_indices, dtype=np.int64),
        hard=hard,
        candidates_only=candidates_only,
    )
    advice = advise(state, strategy, top)
    return {
        "remaining": state.n,
        "candidates": state.candidate_words[:max_candidates],
        **advice.to_dict(),
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
    matrix: PatternMatrix, turns: Sequence[Turn], *, hard: bool, strategy: str = "entropy"
) -> dict[str, Any]:
    """The bot's next guess for a game in progress (the caller counts it as a hint)."""
    state = GameState.from_turns(matrix, turns, hard=hard)
    advice = advise(state, strategy, 1, what="this suggestion comes")
    out = advice.to_dict()
    out["suggestion"] = out["suggestions"][0]
    out["remaining"] = state.n
    return out


class _WithFallback(Strategy):
    """Plays ``primary`` until the budget runs out, then the fallback for the rest."""

    name = "with-fallback"

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
    hard: bool = False,
    seed: int = 0,
    candidates_only: bool = False,
) -> dict[str, Any]:
    """The bot plays ``answer``: every guess and the words left after it (``candidates_only``:
    it guesses only words that could still be the answer)."""
    wl = matrix.wordlist
    strat = get_strategy(strategy, seed=seed)
    answer = wl.check_answer(answer)
    guard = None if isinstance(strat, RandomCandidate) else _WithFallback(strat)
    game = play(
        matrix, answer, guard or strat, start=start, hard=hard, candidates_only=candidates_only
    )
    data = game.to_dict()
    data["strategy"] = strat.name
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
    hard: bool = False,
) -> dict[str, Any]:
    """The review of a played game (turns valued by the estimate past the budget)."""
    from wordlekit.analysis.review import review as review_game

    return review_game(matrix, turns, answer=answer, hard=hard).to_dict()


#: The operations a worker process can run, by name.
OPERATIONS: dict[str, Callable[..., dict[str, Any]]] = {
    "assist": assist,
    "hint": hint,
    "solve": solve,
    "review": review,
}
