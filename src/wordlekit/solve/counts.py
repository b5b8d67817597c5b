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

    def __post_init__(self) -> None:
        if any(k < 1 or v < 0 for k, v in self.histogram.items()) or self.unsolved < 0:
            raise ValueError(f"not a distribution of guesses: {dict(self.histogram)}")
        # sorted by the number of guesses, without empty rows
        tidy = {int(k): int(v) for k, v in sorted(self.histogram.items()) if v}
        object.__setattr__(self, "histogram", tidy)

    @classmethod
    def of(
        cls, guesses: Iterable[int], *, unsolved: int = 0, limit: int = DEFAULT_LIMIT
    ) -> GuessCounts:
        """The counts of one number of guesses per finished game (any iterable or array)."""
        if isinstance(guesses, np.ndarray):
            values, counts = np.unique(guesses, return_counts=True)
            return cls(dict(zip(values.tolist(), counts.tolist(), strict=True)), unsolved, limit)
        return cls(dict(Counter(guesses)), unsolved, limit)

    @property
    def solved(self) -> int:
        """Games finished."""
        return sum(self.histogram.values())

    @property
    def games(self) -> int:
        """Games played: finished or not."""
        return self.solved + self.unsolved

    @property
    def total(self) -> int:
        """Guesses over every finished game."""
        return sum(k * v for k, v in self.histogram.items())

    @property
    def mean(self) -> float:
        """Guesses per finished game (``nan`` when none finished)."""
        solved = self.solved
        return self.total / solved if solved else math.nan

    @property
    def max(self) -> int:
        """The most guesses a finished game needed (0 when none finished)."""
        return max(self.histogram, default=0)

    @property
    def failures(self) -> int:
        """Games needing more than ``limit`` guesses, or never finished."""
        return sum(v for k, v in self.histogram.items() if k > self.limit) + self.unsolved

    def shifted(self, turns: int) -> GuessCounts:
        """The same games with ``turns`` more guesses each (turns played before them)."""
        return GuessCounts(
            {k + turns: v for k, v in self.histogram.items()}, self.unsolved, self.limit
        )

    def to_dict(self) -> dict[str, object]:
        return {
            "games": self.games,
            "total": self.total,
            "mean": round(self.mean, 6),
            "max": self.max,
            "failures": self.failures,
            "histogram": {str(k): v for k, v in self.histogram.items()},
        }


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
