"""How many guesses games took: the one distribution type of every result.

The bot's benchmarks (:class:`~wordlekit.solve.bench.BenchmarkResult`), the optimal solver
(:class:`~wordlekit.solve.optimal.OptimalResult`), tree files
(:class:`~wordlekit.solve.treefile.Verification`) and simulated random play
(:class:`~wordlekit.analysis.randomplay.Simulation`) all carry a :class:`GuessCounts`.

>>> c = GuessCounts.of([3, 4, 4, 7], unsolved=1)
>>> c.games, c.solved, c.total, c.mean, c.max, c.failures
(5, 4, 18, 4.5, 7, 2)
>>> c.histogram
{3: 1, 4: 2, 7: 1}
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

import numpy as np

#: Wordle's limit: a game needing more guesses than this is a failure.
DEFAULT_LIMIT = 6


@dataclass(frozen=True)
class GuessCounts:
    """Games by the number of guesses they needed, and the games never finished.

    ``limit`` is the number of guesses allowed: ``failures`` counts the games over it and the
    unfinished ones. ``mean`` is over the finished games (``nan`` when there are none).
    """

    histogram: Mapping[int, int] = field(default_factory=dict)
    unsolved: int = 0
    limit: int = DEFAULT_LIMIT

    #: The figures, worked out from the histogram (fields, so that every JSON form of a
    #: distribution has them): games finished, games played (finished or not), guesses over
    #: the finished games, guesses per finished game (``nan`` when none finished), the most
    #: guesses a finished game needed (0 when none), games over ``limit`` or never finished.
    solved: int = field(init=False, compare=False, repr=False)
    games: int = field(init=False, compare=False, repr=False)
    total: int = field(init=False, compare=False, repr=False)
    mean: float = field(init=False, compare=False, repr=False)
    max: int = field(init=False, compare=False, repr=False)
    failures: int = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        if any(k < 1 or v < 0 for k, v in self.histogram.items()) or self.unsolved < 0:
            raise ValueError(f"not a distribution of guesses: {dict(self.histogram)}")
        # sorted by the number of guesses, without empty rows
        tidy = {int(k): int(v) for k, v in sorted(self.histogram.items()) if v}
        solved = sum(tidy.values())
        total = sum(k * v for k, v in tidy.items())
        figures = {
            "histogram": tidy,
            "solved": solved,
            "games": solved + self.unsolved,
            "total": total,
            "mean": total / solved if solved else math.nan,
            "max": max(tidy, default=0),
            "failures": sum(v for k, v in tidy.items() if k > self.limit) + self.unsolved,
        }
        for name, value in figures.items():
            object.__setattr__(self, name, value)

    @classmethod
    def of(
        cls, guesses: Iterable[int], *, unsolved: int = 0, limit: int = DEFAULT_LIMIT
    ) -> GuessCounts:
        """The counts of one number of guesses per finished game (any iterable or array)."""
        if isinstance(guesses, np.ndarray):
            values, counts = np.unique(guesses, return_counts=True)
            return cls(dict(zip(values.tolist(), counts.tolist(), strict=True)), unsolved, limit)
        return cls(dict(Counter(guesses)), unsolved, limit)

    def shifted(self, turns: int) -> GuessCounts:
        """The same games with ``turns`` more guesses each (turns played before them)."""
        return GuessCounts(
            {k + turns: v for k, v in self.histogram.items()}, self.unsolved, self.limit
        )


class Counted:
    """The figures of a result that holds its distribution as ``counts`` (a mixin of the
    result types listed above, so each reads them the same way)."""

    counts: GuessCounts

    @property
    def games(self) -> int:
        return self.counts.games

    @property
    def histogram(self) -> dict[int, int]:
        return dict(self.counts.histogram)

    @property
    def unsolved(self) -> int:
        """Games never finished (within the turn limit of a tree)."""
        return self.counts.unsolved

    @property
    def solved(self) -> int:
        return self.counts.solved

    @property
    def total(self) -> int:
        return self.counts.total

    @property
    def mean(self) -> float:
        return self.counts.mean

    @property
    def max(self) -> int:
        return self.counts.max

    @property
    def failures(self) -> int:
        """Games needing more guesses than the limit, or never finished."""
        return self.counts.failures
