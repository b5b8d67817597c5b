"""The exact optimal search for the front ends: the proven best tree from a first guess or
among the most promising ones, and decision-tree files (written, verified, looked into).

The search, its objectives and the tree files are :mod:`wordlekit.solve.optimal`'s,
:mod:`~wordlekit.solve.objectives`' and :mod:`~wordlekit.solve.treefile`'s; this module hands
their results back as they are (:class:`OptimalResult`, :class:`OpenerResult`,
:class:`Verification`, re-exported) inside one value per use case. Functions that search take
the pattern matrix first, so an :class:`~wordlekit.services.engine.Engine` runs them.

Importing this module loads the compiled search (numba): a front end imports it inside the
command that needs it.

The search honours the active work budget (:mod:`wordlekit.budget`, e.g. a limit on search
nodes): past it, :func:`search` from a first guess returns what it proved (no total,
``stopped`` and a proven lower ``bound``) rather than fail.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wordlekit.core.feedback import Turn, TurnView, format_pattern
from wordlekit.core.rules import Mode
from wordlekit.core.words import WordList
from wordlekit.errors import StorageError
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.solve import optimal, treefile
from wordlekit.solve.objectives import Objective
from wordlekit.solve.optimal import DEFAULT_MEMO_CAP, OpenerResult, OptimalResult
from wordlekit.solve.treefile import Verification

__all__ = [
    "AnswerPath",
    "Objective",
    "OpenerResult",
    "OptimalResult",
    "OptimalSearch",
    "Subtree",
    "TreeCheck",
    "objective",
    "search",
    "show_tree",
    "verify_tree",
]


@dataclass(frozen=True)
class OptimalSearch:
    """What the exact search found: the best tree's figures (``result``); when the first
    guess was chosen among the most promising, each one's row (``openers``, in the order
    searched); where the tree was written (``tree_file``), if it was."""

    result: OptimalResult
    openers: tuple[OpenerResult, ...] = ()
    tree_file: str | None = None


@dataclass(frozen=True)
class TreeCheck:
    """A tree file replayed on every answer: the file, what the replay found, and the
    metadata stored in the file (the lists, mode and figures it was written with)."""

    file: str
    verification: Verification
    meta: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class AnswerPath:
    """An answer below a node of a tree, and the turns that find it from there."""

    answer: str
    turns: tuple[TurnView, ...]


@dataclass(frozen=True)
class Subtree:
    """A tree after some turns: the guess it plays next, how many answers are left below it,
    the next guess after each pattern (``branches``, by the pattern's letters) and each
    answer's path."""

    guess: str
    answers: int
    branches: dict[str, str]
    paths: tuple[AnswerPath, ...]


def objective(text: str | Objective | None) -> Objective:
    """The objective named ``text``: ``total``, ``worst``, ``total-then-worst`` or ``over K``
    (an unknown one is a :class:`~wordlekit.errors.WordleError` naming them)."""
    return Objective.parse(text)


def search(
    matrix: PatternMatrix,
    start: str | None = None,
    *,
    openers: int = 20,
    mode: Mode | str = Mode.NORMAL,
    max_guesses: int = 6,
    objective: Objective | str | None = None,
    top: int = 0,
    memo_cap: int | None = None,
    tree_file: str | None = None,
    progress: Callable[[int, int, str], None] | None = None,
) -> OptimalSearch:
    """The tree best for ``objective`` (least total guesses by default), proven unless
    ``top`` limits the guesses tried per node, when ``start`` is the first guess; or the proof
    that ``start`` cannot find every answer within ``max_guesses``. Without ``start``: the
    best of the ``openers`` most promising first guesses, each solved exactly (one that cannot
    beat the best so far is left as soon as that is proven), with a row each.

    ``tree_file``: write the tree there (``.json`` for JSON, else text).
    ``progress(done, total, word)``: the answers solved from ``start``, or the openers solved
    and the one being solved.
    """
    settings: dict[str, Any] = {
        "mode": Mode.parse(mode),
        "max_guesses": max_guesses,
        "top": top,
        "objective": Objective.parse(objective),
        "memo_cap": memo_cap or DEFAULT_MEMO_CAP,
    }
    rows: list[OpenerResult] = []
    if start is None:
        result, rows = optimal.best_openers(matrix, openers, **settings, progress=progress)
    else:
        word = matrix.wordlist.check_guess(start)

        def solved(done: int, total: int) -> None:
            assert progress is not None
            progress(done, total, word)

        result = optimal.solve_opening(
            matrix, word, **settings, progress=None if progress is None else solved,
            bound_on_budget=True,
        )  # fmt: skip
    found = OptimalSearch(result, tuple(rows))
    return _written(found, matrix.wordlist, tree_file)


def _written(search: OptimalSearch, wordlist: WordList, path: str | None) -> OptimalSearch:
    """``search``, its tree written to ``path`` (nothing to write: no tree was built)."""
    result = search.result
    if path is None or result.tree is None:
        return search
    meta = treefile.solver_meta(
        wordlist, start=result.start, mode=result.mode, objective=str(result.objective),
        max_guesses=result.max_guesses, total=result.total, proven=result.proven,
    )  # fmt: skip
    try:
        treefile.write(path, result.tree, wordlist.length, meta)
    except OSError as e:
        raise StorageError(f"cannot write {path}: {e.strerror or e}") from None
    return OptimalSearch(result, search.openers, path)


def verify_tree(
    path: str | Path,
    wordlist: WordList | None = None,
    *,
    mode: Mode | str = Mode.NORMAL,
    max_guesses: int = 6,
) -> TreeCheck:
    """Replay every answer of ``wordlist`` (the original lists by default) through the tree
    in the file ``path``, checking each guess against the rule of ``mode``: is it a valid
    strategy, and how good? A missing or unreadable file is a
    :class:`~wordlekit.errors.TreeFileError`."""
    wl = wordlist or WordList.bundled()
    tf = treefile.read(path)
    check = treefile.verify(tf.root, wl, mode=Mode.parse(mode), max_guesses=max_guesses)
    return TreeCheck(str(path), check, dict(tf.meta))


def show_tree(path: str | Path, turns: Sequence[Turn] = ()) -> Subtree | None:
    """The tree in the file ``path`` after ``turns`` (which must be the tree's own guesses):
    its next guess and every answer below; ``None`` when the last turn is a win."""
    tf = treefile.read(path)
    node = treefile.descend(tf.root, turns)
    if node is None:
        return None
    length = len(node.guess)
    below = treefile.answers_below(node, length)
    branches = {
        format_pattern(p, length, "letters"): child.guess
        for p, child in sorted(node.children.items())
    }
    paths = tuple(
        AnswerPath(answer, tuple(TurnView.of(Turn(g, p)) for g, p in steps))
        for answer, steps in below
    )
    return Subtree(node.guess, len(below), branches, paths)
