"""Decision trees: what to guess in every position a strategy can reach.

A :class:`TreeNode` holds the guess played in one position and, for every pattern that guess
can produce other than the win, the node reached. Reading a game off the tree is a walk from
the root following the patterns of the hidden word; the depth at which the guess equals the
hidden word is the number of guesses it needed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from wordlekit.core.feedback import Turn, all_green, score
from wordlekit.solve.counts import DEFAULT_LIMIT, GuessCounts
from wordlekit.solve.state import GameState
from wordlekit.solve.strategies import Strategy

#: Called with the number of games finished since the last call.
ProgressFn = Callable[[int], None]

#: Games go on this long at most, so a poor strategy's distribution is not cut at six.
MAX_TURNS = 32


@dataclass
class TreeNode:
    """One position: the guess played and the children by pattern (the win has no child)."""

    guess: str
    remaining: int  # candidates before this guess
    children: dict[int, TreeNode] = field(default_factory=dict)
    unsolved: int = 0  # answers abandoned at this node after MAX_TURNS
    wins: bool = False  # the guess is itself one of the candidates here


@dataclass
class DecisionTree:
    """A whole strategy as a tree, with each answer's number of guesses."""

    root: TreeNode
    depths: dict[str, int]  # answer -> guesses needed (only solved answers)
    unsolved: list[str]

    def counts(self, limit: int = DEFAULT_LIMIT) -> GuessCounts:
        """The games by number of guesses (the unsolved ones apart); ``limit`` for failures."""
        return GuessCounts.of(self.depths.values(), unsolved=len(self.unsolved), limit=limit)

    def path(self, answer: str, length: int) -> list[tuple[str, int]]:
        """The (guess, pattern) pairs a game on ``answer`` follows."""
        out = []
        node: TreeNode | None = self.root
        win = all_green(length)
        while node is not None:
            p = score(node.guess, answer)
            out.append((node.guess, p))
            if p == win:
                break
            node = node.children.get(p)
        return out


def build_tree(
    strategy: Strategy,
    state: GameState,
    *,
    start: int | None = None,
    max_turns: int = MAX_TURNS,
    progress: ProgressFn | None = None,
) -> DecisionTree:
    """Play ``strategy`` from ``state`` against every candidate at once.

    Each position is solved once and every game is read off the tree, so the cost is the
    tree, not one game per answer. ``start`` forces the first guess (a guess index).
    """
    answers = state.wordlist.answers
    win = all_green(state.wordlist.length)
    depths: dict[str, int] = {}
    unsolved: list[str] = []
    data = state.matrix.data

    def grow(st: GameState, depth: int, forced: int | None) -> TreeNode:
        g = forced if forced is not None else strategy.choose(st)
        node = TreeNode(st.wordlist.guesses[g], st.n)
        row = data[g, st.candidates]
        order = np.argsort(row, kind="stable")
        sorted_pats = row[order]
        cuts = np.flatnonzero(np.diff(sorted_pats.astype(np.int64))) + 1
        for group in np.split(order, cuts):
            p = int(row[group[0]])
            members = st.candidates[group]
            if p == win:
                node.wins = True
                depths[answers[int(members[0])]] = depth
                if progress is not None:
                    progress(1)
                continue
            if depth >= max_turns:
                node.unsolved += len(members)
                unsolved.extend(answers[int(i)] for i in members)
                if progress is not None:
                    progress(len(members))
                continue
            child_state = st.child(Turn(st.wordlist.guesses[g], p), group)
            node.children[p] = grow(child_state, depth + 1, None)
        return node

    root = grow(state, len(state.history) + 1, start)
    return DecisionTree(root, depths, unsolved)
