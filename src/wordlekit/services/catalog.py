"""What the front ends' menus list besides the variants (:func:`wordlekit.services.games.variants`):
the strategies, by the number of boards they play, and the answer models.

The strategies themselves live in one registry (:mod:`wordlekit.solve.registry`); this module
describes them as plain values, checks a name a user typed before any work is spent, and says
what a fallback answer is when the work budget ran out.
"""

from __future__ import annotations

from dataclasses import dataclass

from wordlekit import budget as work
from wordlekit.core.words import ANSWER_MODEL_TEXT, ANSWER_MODELS
from wordlekit.solve import registry
from wordlekit.solve.registry import StrategyInfo

__all__ = [
    "FALLBACK",
    "AnswerModelInfo",
    "StrategyInfo",
    "answer_models",
    "budget_note",
    "check_strategy",
    "default_strategy",
    "is_expensive",
    "strategies",
]

#: The strategy used when the one asked for cannot finish within the budget.
FALLBACK = "entropy"


@dataclass(frozen=True)
class AnswerModelInfo:
    """An answer model: which words may be the answer."""

    name: str
    summary: str


def strategies(boards: int = 1) -> list[StrategyInfo]:
    """The strategies that play games of ``boards`` boards, in the registry's order."""
    return registry.strategies(boards)


def check_strategy(name: str, boards: int = 1) -> str:
    """The registry's name for ``name`` (case, ``_`` for ``-``), or
    :class:`~wordlekit.errors.UnknownStrategyError` listing the names for ``boards`` boards."""
    return registry.strategy_info(name, boards).name


def default_strategy(boards: int = 1) -> str:
    return registry.default_strategy(boards)


def is_expensive(name: str | None) -> bool:
    """Whether a strategy may need the exact search (so a server limits it harder); an
    unknown name is not (it is refused before any work)."""
    return registry.is_expensive(name)


def answer_models() -> list[AnswerModelInfo]:
    return [AnswerModelInfo(m, ANSWER_MODEL_TEXT[m]) for m in ANSWER_MODELS]


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
