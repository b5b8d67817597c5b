"""Strategies by name: the one registry every front end and the bot look strategies up in.

Both kinds live here: the one-board strategies (:class:`~wordlekit.solve.strategies.Strategy`)
and the multi-board ones (:class:`~wordlekit.solve.boards.BoardsStrategy`). A name belongs to
one kind; the number of boards says which kind a lookup means:

```pycon
>>> type(get_strategy("entropy")).__name__, type(get_strategy("finisher", boards=4)).__name__
('Entropy', 'Finisher')
>>> default_strategy(1), default_strategy(4)
('entropy', 'finisher')

```

``get_strategy(name)`` gives a fresh strategy; :func:`register` adds a class of either kind
(usable as a class decorator), so a strategy of your own is one class and one line.
:func:`strategies` describes each entry (:class:`StrategyInfo`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeVar, overload

from wordlekit.errors import UnknownStrategyError, WordleError, quoted
from wordlekit.solve.boards import BoardsStrategy, Finisher, SumEntropy
from wordlekit.solve.boards_lookahead import Lookahead
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

AnyStrategy = type[Strategy] | type[BoardsStrategy]
C = TypeVar("C", type[Strategy], type[BoardsStrategy])

#: Every strategy class by name, one-board and multi-board (names are unique across both).
_CLASSES: dict[str, AnyStrategy] = {}


@dataclass(frozen=True)
class StrategyInfo:
    """What the registry says of a strategy: its name and summary, whether it plays several
    boards at once (else one), whether it is expensive (it runs the exact search, so a
    server budgets it harder) and the answer models it plays."""

    name: str
    summary: str
    multi_board: bool
    expensive: bool
    answer_models: frozenset[str]


def _multi(cls: AnyStrategy) -> bool:
    return issubclass(cls, BoardsStrategy)


def register(cls: C) -> C:
    """Add a strategy class of either kind to the registry (usable as a decorator)."""
    if not issubclass(cls, (Strategy, BoardsStrategy)):
        raise TypeError(f"{cls!r} is neither a Strategy nor a BoardsStrategy")
    other = _CLASSES.get(cls.name)
    if other is not None and _multi(other) != _multi(cls):
        raise WordleError(f"the strategy name {cls.name!r} is taken by {other.__name__}")
    _CLASSES[cls.name] = cls
    return cls


_ONE_BOARD: tuple[type[Strategy], ...] = (
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
_SEVERAL_BOARDS: tuple[type[BoardsStrategy], ...] = (SumEntropy, Finisher, Lookahead)
for _one in _ONE_BOARD:
    register(_one)
for _several in _SEVERAL_BOARDS:
    register(_several)


def _key(name: str | None) -> str:
    return (name or "").strip().lower().replace("_", "-")


def _classes(boards: int) -> dict[str, AnyStrategy]:
    if boards < 1:
        raise WordleError(f"a game has at least one board, not {boards}")
    multi = boards > 1
    return {n: c for n, c in _CLASSES.items() if _multi(c) == multi}


def strategy_names(boards: int = 1) -> list[str]:
    """The names of the strategies for ``boards`` boards (one board, or several)."""
    return list(_classes(boards))


def default_strategy(boards: int = 1) -> str:
    """The strategy played when none is named: ``entropy`` on one board, ``finisher`` on
    several."""
    return Entropy.name if boards == 1 else Finisher.name


@overload
def get_strategy(name: str, *, boards: Literal[1] = 1, seed: int | None = 0) -> Strategy: ...


@overload
def get_strategy(name: str, *, boards: int, seed: int | None = 0) -> Strategy | BoardsStrategy: ...


def get_strategy(name: str, *, boards: int = 1, seed: int | None = 0) -> Strategy | BoardsStrategy:
    """A fresh strategy for ``boards`` boards by name (any case, ``_`` for ``-``); ``seed`` is
    used by ``random`` only. A name unknown for that number of boards (a multi-board one
    asked for one board, say) raises :class:`~wordlekit.errors.UnknownStrategyError` with the
    names there are."""
    classes = _classes(boards)
    cls = classes.get(_key(name))
    if cls is None:
        kind = "multi-board strategy" if boards > 1 else "strategy"
        other = " (it is for several boards)" if boards == 1 and _key(name) in _CLASSES else ""
        if boards > 1 and _key(name) in _CLASSES:
            other = " (it is for one board)"
        raise UnknownStrategyError(
            f"unknown {kind} {quoted(name)}{other}: choose one of {', '.join(classes)}"
        )
    if cls is RandomCandidate:
        return RandomCandidate(seed)
    return cls()


def info(cls: AnyStrategy) -> StrategyInfo:
    """The registry's description of a strategy class."""
    return StrategyInfo(cls.name, cls.summary, _multi(cls), cls.expensive, cls.answer_models)


def strategies(boards: int = 1) -> list[StrategyInfo]:
    """Every strategy for ``boards`` boards, described, in the registry's order."""
    return [info(cls) for cls in _classes(boards).values()]


def strategy_info(name: str, boards: int = 1) -> StrategyInfo:
    """The description of the strategy ``name`` for ``boards`` boards (refused as
    :func:`get_strategy` refuses it)."""
    cls = _classes(boards).get(_key(name))
    if cls is None:
        get_strategy(name, boards=boards)  # raises, saying which names there are
    assert cls is not None
    return info(cls)


def is_expensive(name: str | None) -> bool:
    """Whether the strategy ``name`` (of either kind) runs the exact search, so a server
    limits it harder; ``False`` for an unknown name."""
    cls = _CLASSES.get(_key(name))
    return cls is not None and bool(cls.expensive)
