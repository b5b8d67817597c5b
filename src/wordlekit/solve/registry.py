"""Strategies by name: the registry every front end and the bot look strategies up in.

``get_strategy("entropy")`` gives a fresh strategy; :func:`register` adds one (usable as a
class decorator), so a strategy of your own is one class and one line.
"""

from __future__ import annotations

from wordlekit.errors import UnknownStrategyError, quoted
from wordlekit.solve.optimal_strategy import (
    Optimal,
    OptimalOver4,
    OptimalTotalThenWorst,
    OptimalWorst,
)
from wordlekit.solve.strategies import (
    Entropy,
    ExpectedSize,
    LetterFrequency,
    Minimax,
    MostParts,
    Positional,
    RandomCandidate,
    Strategy,
)

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
        Optimal,
        OptimalWorst,
        OptimalTotalThenWorst,
        OptimalOver4,
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
