"""The exact search's service (``wordlekit.services.solver``): one typed value per use case,
the figures of the final result, tree files written, verified and looked into."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import SMALL_ANSWERS
from wordlekit.budget import Budget
from wordlekit.core.feedback import Turn
from wordlekit.core.words import WordList
from wordlekit.errors import StorageError, TreeFileError, WordleError
from wordlekit.services import solver
from wordlekit.services.engine import Engine
from wordlekit.services.jsonable import to_json

SMALL = WordList.from_words(SMALL_ANSWERS, ["salet", "crane", "slate"], name="small")


@pytest.fixture(scope="module")
def engine() -> Engine:
    return Engine(SMALL)


def test_objectives_by_name() -> None:
    assert solver.objective("over:4") == solver.Objective("over", 4)
    assert str(solver.objective(None)) == "total"
    with pytest.raises(WordleError, match="unknown objective"):
        solver.objective("fastest")


def test_a_proven_opening_has_the_figures_of_its_tree(engine: Engine, tmp_path: Path) -> None:
    path = tmp_path / "salet.json"
    told: list[tuple[int, int, str]] = []
    found = engine.call(
        solver.search, "SALET", tree_file=str(path), progress=lambda *a: told.append(a)
    )
    r = found.result
    assert found.openers == () and found.tree_file == str(path) and path.is_file()
    assert told and all(word == "salet" for _, _, word in told)
    assert r.start == "salet" and r.proven and r.feasible and r.total is not None
    assert r.counts is not None and r.counts.total == r.total
    # worked out from the final values, not from the empty result the search started with
    assert r.mean == r.total / r.games and r.max == r.counts.max > 0
    data = to_json(found)
    assert "tree" not in data["result"] and data["result"]["mode"] == "normal"
    check = solver.verify_tree(path, SMALL)
    assert check.verification.ok and check.verification.total == r.total
    assert check.meta["total"] == r.total and check.file == str(path)


def test_the_best_of_the_most_promising_openers(engine: Engine) -> None:
    seen: list[str] = []
    found = engine.call(solver.search, openers=4, progress=lambda i, k, w: seen.append(w))
    assert len(found.openers) == 4 and seen == [r.word for r in found.openers]
    best = min(r.total for r in found.openers if r.total is not None)
    assert found.result.total == best and found.tree_file is None


def test_what_cannot_work_and_what_the_budget_stopped(engine: Engine) -> None:
    r = engine.call(solver.search, "salet", max_guesses=2).result
    assert (r.feasible, r.total, r.proven, r.mean) == (False, None, True, None)
    with Budget(nodes=1).active():
        stopped = engine.call(solver.search, "cigar").result
    assert stopped.total is None and not stopped.proven and stopped.stopped
    with pytest.raises(WordleError, match="QQQQQ"):
        engine.call(solver.search, "qqqqq")


def test_a_tree_shown_after_turns(engine: Engine, tmp_path: Path) -> None:
    path = tmp_path / "crane.txt"
    engine.call(solver.search, "crane", tree_file=str(path))
    top = solver.show_tree(path)
    assert top is not None and top.guess == "crane" and top.answers == len(SMALL.answers)
    assert sum(1 for _ in top.branches) == len(top.branches) > 1
    first = top.paths[0]
    assert first.turns[0].guess == "crane" and first.turns[-1].guess == first.answer
    win = Turn("crane", 242) if "crane" in SMALL.answers else None
    assert win is None or solver.show_tree(path, [win]) is None
    letters, after = next(iter(top.branches.items()))
    below = solver.show_tree(path, [Turn.parse(f"crane:{letters}")])
    assert below is not None and below.guess == after and below.answers < top.answers


def test_tree_files_that_are_not_there(tmp_path: Path) -> None:
    with pytest.raises(TreeFileError):
        solver.verify_tree(tmp_path / "nope.txt")
    with pytest.raises(TreeFileError):
        solver.show_tree(tmp_path / "nope.txt")


def test_a_tree_that_cannot_be_written(engine: Engine, tmp_path: Path) -> None:
    with pytest.raises(StorageError, match="cannot write"):
        engine.call(solver.search, "salet", tree_file=str(tmp_path))  # a folder
