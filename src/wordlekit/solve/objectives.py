"""What "optimal" means: the objectives of the exact solver, and how each is proven.

- ``total`` (the default): the least total number of guesses over all answers, every answer
  found within the guess limit.
- ``worst``: the least worst case (the fewest guesses that always suffice), then the least
  total among the trees with that worst case.
- ``total-then-worst``: the least total, then among the trees with that total the least
  worst case (a tree with the optimal mean that also never needs a 6th guess, if one exists).
- ``over K``: the fewest answers needing more than ``K`` guesses, then the least total.

>>> Objective.parse("over 4"), str(Objective.parse("total-then-worst"))
(Objective('over', 4), 'total-then-worst')

How: the worst case comes from the depth-only search (:meth:`Solver.feasible`), which proves
"these answers cannot all be found within d guesses" far faster than the total search can;
the totals from the total search limited to that depth (its memo is keyed by the guesses
left, so the depths share it); ``over K`` from the total search with a per-answer cost for
the guess at level ``K + 1`` (:class:`~wordlekit.solve.solver.Solver` ``over=K``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from wordlekit.errors import WordleError
from wordlekit.solve.position import Position, ProgressFn
from wordlekit.solve.solver import INF

Name = Literal["total", "worst", "total-then-worst", "over"]
NAMES: tuple[Name, ...] = ("total", "worst", "total-then-worst", "over")


@dataclass(frozen=True)
class Objective:
    """One of the solver's objectives (``k`` only for ``over``)."""

    name: Name = "total"
    k: int | None = None

    def __post_init__(self) -> None:
        if self.name not in NAMES:
            raise WordleError(f"unknown objective {self.name[:24]!r}: one of {', '.join(NAMES)}")
        if (self.name == "over") != (self.k is not None):
            raise WordleError("the objective 'over' needs K, and only it: e.g. 'over 4'")
        if self.k is not None and self.k < 0:
            raise WordleError("over K needs K >= 0")

    @classmethod
    def parse(cls, text: str | Objective | None) -> Objective:
        """``total``, ``worst``, ``total-then-worst``, ``over K`` (also ``over:K``, ``overK``)."""
        if isinstance(text, Objective):
            return text
        if text is None:
            return cls()
        s = text.strip().lower().replace("_", "-")
        if s.startswith("over"):
            rest = s[4:].strip(" :=")
            if not rest.isdigit():
                raise WordleError(f"objective {text[:24]!r}: write 'over K', e.g. 'over 4'")
            return cls("over", int(rest))
        if s not in NAMES:
            raise WordleError(f"unknown objective {text[:24]!r}: one of {', '.join(NAMES)} K")
        return cls(s)

    def __str__(self) -> str:
        return f"over {self.k}" if self.name == "over" else self.name

    def __repr__(self) -> str:
        return (
            f"Objective({self.name!r}, {self.k})"
            if self.k is not None
            else f"Objective({self.name!r})"
        )

    def describe(self) -> str:
        return {
            "total": "least total guesses",
            "worst": "least worst case, then least total",
            "total-then-worst": "least total, then least worst case",
            "over": f"fewest answers needing more than {self.k} guesses, then least total",
        }[self.name]

    def better(self, a: Outcome, b: Outcome | None) -> bool:
        """Whether outcome ``a`` beats ``b`` (``None``: nothing yet) under this objective."""
        if not a.feasible:
            return False
        if b is None or not b.feasible:
            return True
        return self.rank(a) < self.rank(b)

    def rank(self, o: Outcome) -> tuple[int, ...]:
        """A sort key: smaller is better; infeasible last."""
        if not o.feasible or o.total is None:
            return (1, 0, 0)
        worst = o.worst or 0
        if self.name == "worst":
            return (0, worst, o.total)
        if self.name == "total-then-worst":
            return (0, o.total, worst)
        if self.name == "over":
            return (0, o.over or 0, o.total)
        return (0, o.total)


@dataclass(frozen=True)
class Outcome:
    """What the search proved about one first guess from a position, under an objective.

    ``feasible`` False is a proof that no tree starting with it finds every answer within the
    guesses left (``total`` etc. are then ``None``). ``depth`` is the guess limit (from the
    position) of the tree that achieves the figures: less than the position's for ``worst``.
    ``worst`` is proven minimal for ``worst`` and ``total-then-worst``; ``over`` is the
    number of answers needing more than K guesses (``over K`` only).
    """

    guess: int
    feasible: bool
    total: int | None = None
    worst: int | None = None
    over: int | None = None
    depth: int = 0


def first_guess_depth(position: Position, guess: int, *, least: bool = True) -> int | None:
    """The least worst case from ``position`` when ``guess`` comes first (guesses from here,
    proven), or ``None`` when even the guesses left are not enough. With ``least`` False
    only the second is decided (cheaper: no proof that fewer guesses fail) and the guesses
    left are returned."""
    solver = position.solver
    worst = 1
    # Smallest first: a small bucket is decided in a fraction of a millisecond, and when one
    # cannot be done the guess is refuted before any large one is searched (AARGH in hard mode
    # has such a bucket of 8 words behind a feasible one of 587). Every bucket is searched when
    # the guess is feasible, so the order changes no value.
    for p, members in sorted(position.groups(guess), key=lambda group: len(group[1])):
        if p == solver.win:
            continue
        if position.depth <= 1:
            return None
        child = position.child(guess, p, members)
        args = (child.candidates, position.depth - 1, child.fixed, child.mincnt)
        if not least:
            if not solver.feasible(*args):
                return None
            continue
        d = solver.min_depth(*args)
        if d is None:
            return None
        worst = max(worst, d + 1)
    return worst if least else position.depth


def evaluate(
    position: Position,
    guess: int | str,
    objective: Objective | str | None = None,
    *,
    beta: int = INF,
    progress: ProgressFn | None = None,
) -> Outcome:
    """Prove ``objective`` for ``guess`` played first from ``position``.

    The position's solver must fit: ``over K`` needs a solver made with ``over=K``, the others
    one without. ``beta`` (a total, or with ``over K`` a solver value) lets a guess that cannot
    beat it stop early: its outcome then has ``total=None`` with ``feasible`` True.
    """
    obj = Objective.parse(objective)
    g = position.playable(guess)
    solver = position.solver
    if (obj.name == "over") != (solver.over is not None) or (
        solver.over is not None and solver.over != obj.k
    ):
        raise ValueError(f"{solver!r} does not fit the objective {obj}")
    least = first_guess_depth(position, g, least=obj.name in ("worst", "total-then-worst"))
    if least is None:
        return Outcome(g, False, depth=position.depth)
    if obj.name == "worst":
        at = position.limited(least)
        value = at.value(g, beta=beta, progress=progress)
        return _outcome(g, at, value, beta, worst=least)
    value = position.value(g, beta=beta, progress=progress)
    if obj.name != "total-then-worst" or value >= beta:
        return _outcome(g, position, value, beta)
    # the least worst case among the trees of least total: the shallowest limit keeping it
    for d in range(least, position.depth):
        if position.limited(d).value(g, beta=value + 1) == value:
            return _outcome(g, position.limited(d), value, beta, worst=d)
    return _outcome(g, position, value, beta, worst=position.depth)


def _outcome(g: int, at: Position, value: int, beta: int, worst: int | None = None) -> Outcome:
    if value >= beta or value >= INF:
        return Outcome(g, True, depth=at.depth)
    over, total = at.solver.split(value)
    return Outcome(
        g,
        True,
        total=total,
        worst=worst,
        over=over if at.solver.over is not None else None,
        depth=at.depth,
    )
