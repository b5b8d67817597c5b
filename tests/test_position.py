"""The public solver API: Position (value, best, tree, after) on a shared Solver."""

from __future__ import annotations

import threading

import numpy as np
import pytest

from wordlekit.core.feedback import Turn, score
from wordlekit.core.rules import Mode
from wordlekit.core.words import WordList
from wordlekit.errors import InconsistentFeedbackError, InfeasibleError, WordleError
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.solve.optimal import OptimalResult, solve_opening, subtree_total
from wordlekit.solve.position import Position
from wordlekit.solve.solver import INF, Solver
from wordlekit.solve.state import GameState

ORIGINAL = WordList.bundled()


@pytest.fixture(scope="module")
def pm() -> PatternMatrix:
    return PatternMatrix.for_list(ORIGINAL)


def turns(*texts: str) -> list[Turn]:
    return [Turn.parse(t) for t in texts]


# Values of the solver's former private ``_root_value`` (measured with it before it became
# ``Position.value``): (mode, turns, {(guess, beta): value}, (best value, best guess)).
OLD_ROOT_VALUES = [
    (
        Mode.NORMAL,
        ["salet:bybbb"],
        {
            ("brond", None): 260,
            ("brond", 262): 260,
            ("crony", None): 267,
            ("crony", 262): 262,
            ("fuzzy", None): 328,
            ("fuzzy", 262): 262,
            ("round", None): 274,
            ("round", 262): 262,
        },
        (260, "brond"),
    ),
    (
        Mode.HARD,
        ["salet:bybbb"],
        {
            ("cigar", None): 284,
            ("cigar", 270): 270,
            ("manor", None): 292,
            ("manor", 270): 270,
            ("human", None): 293,
            ("human", 270): 270,
        },
        (265, "adorn"),
    ),
    (
        Mode.NORMAL,
        ["crane:bbbbb", "moist:bybbb"],
        {("pudgy", None): 11, ("holly", 30): 11, ("bulky", None): 10, ("bulky", 30): 10},
        (9, "blood"),
    ),
    (
        Mode.HARD,
        ["crane:byybb"],
        {("sonar", None): 193, ("radio", None): 184, ("radio", 200): 184, ("dairy", 200): 188},
        (171, "party"),
    ),
]


@pytest.mark.parametrize(("mode", "history", "values", "best"), OLD_ROOT_VALUES)
def test_values_equal_the_former_root_values(
    pm: PatternMatrix,
    mode: Mode,
    history: list[str],
    values: dict[tuple[str, int | None], int],
    best: tuple[int, str],
) -> None:
    here = Position.from_turns(pm, turns(*history), mode=mode)
    assert here.depth == 6 - len(history) and here.played == len(history)
    for (guess, beta), expected in values.items():
        assert here.value(guess, beta=INF if beta is None else beta) == expected, guess
    value, g = here.best()
    assert (value, ORIGINAL.guesses[g]) == best
    assert here.value(g) == value  # the best guess achieves the best value


@pytest.fixture(scope="module", params=[Mode.NORMAL, Mode.HARD], ids=["normal", "hard"])
def salet(pm: PatternMatrix, request: pytest.FixtureRequest) -> tuple[Position, OptimalResult]:
    """SALET solved once per mode; the root position shares the solver (and its memo)."""
    mode: Mode = request.param
    solver = Solver(pm, mode)
    result = solve_opening(pm, "salet", mode=mode, solver=solver)
    return Position.from_turns(pm, mode=mode, solver=solver), result


@pytest.mark.slow
def test_best_after_salet_equals_solve_opening(salet: tuple[Position, OptimalResult]) -> None:
    root, result = salet
    assert result.total == (8122 if root.solver.mode.hard else 7920) and result.proven
    assert root.value("salet") == result.total
    assert result.tree is not None
    total = root.n  # SALET itself, once per answer
    for pattern, members in root.groups("salet"):
        if pattern == root.solver.win:
            continue
        child = root.after("salet", pattern)
        assert np.array_equal(child.candidates, members)
        value, g = child.best()
        node = result.tree.root.children[pattern]
        assert value == subtree_total(node, 5)
        assert ORIGINAL.guesses[g] == node.guess  # the tree plays what best() finds
        total += value
    assert total == result.total


def test_tree_from_a_position(pm: PatternMatrix) -> None:
    here = Position.from_turns(pm, turns("salet:bybbb"))
    tree = here.tree()
    assert tree.root.guess == "brond" and tree.root.remaining == 102
    counts = tree.counts()
    # depths count SALET too: every answer below needs 3 or 4 guesses in all
    assert counts.histogram == {3: 46, 4: 56} and counts.games == 102
    assert counts.total == here.value("brond") + 102
    forced = here.tree(first="crony")
    assert forced.root.guess == "crony"
    assert forced.counts().total == here.value("crony") + 102
    for answer, depth in tree.depths.items():
        assert len(tree.path(answer, 5)) == depth - 1  # the path starts after SALET


def test_after_equals_from_turns(pm: PatternMatrix) -> None:
    solver = Solver(pm, Mode.HARD)
    start = Position.from_turns(pm, mode=Mode.HARD, solver=solver)
    stepped = start.after("salet", Turn.parse("salet:bybbb").pattern).after(
        "cigar", score("cigar", "vapor")
    )
    direct = Position.from_turns(
        pm, [Turn.parse("salet:bybbb"), Turn("cigar", score("cigar", "vapor"))], mode=Mode.HARD
    )
    assert np.array_equal(stepped.candidates, direct.candidates)
    assert np.array_equal(stepped.fixed, direct.fixed)
    assert np.array_equal(stepped.mincnt, direct.mincnt)
    assert (stepped.depth, stepped.played) == (direct.depth, direct.played) == (4, 2)
    assert stepped.value("vapor") == direct.value("vapor")


def test_from_state_and_its_depth(pm: PatternMatrix) -> None:
    state = GameState.from_turns(pm, turns("salet:bybbb"))
    here = Position.from_state(Solver(pm), state, 26)
    assert here.n == state.n == 102 and here.depth == 26 and here.played == 1
    assert here.best()[0] == 260  # more guesses do not help BROND's tree here


def test_bounds_and_infeasible_positions(pm: PatternMatrix) -> None:
    here = Position.from_turns(pm, turns("salet:bybbb"))
    assert here.value("fuzzy", beta=100) == 100  # cannot beat 100: the bound itself
    last = Position.from_turns(pm, turns("salet:bybbb"), max_guesses=2)
    assert last.depth == 1
    assert last.value("brond") == INF  # one guess cannot find 102 answers
    with pytest.raises(InfeasibleError):
        last.best()
    with pytest.raises(InfeasibleError):
        Position.from_turns(pm, turns("salet:bybbb"), max_guesses=3).best()


def test_bad_positions_are_refused(pm: PatternMatrix) -> None:
    with pytest.raises(WordleError, match="no guesses left"):
        Position.from_turns(pm, turns("salet:bybbb"), max_guesses=1)
    with pytest.raises(InconsistentFeedbackError):
        Position.from_turns(pm, turns("crane:bbbbb", "plant:ggggg"))
    with pytest.raises(ValueError, match="not a solver of these lists"):
        Position.from_turns(pm, mode=Mode.HARD, solver=Solver(pm, Mode.NORMAL))
    with pytest.raises(WordleError):
        Position.from_turns(pm).value("xxxxx")


def test_solver_constraints(pm: PatternMatrix) -> None:
    solver = Solver(pm, Mode.HARD)
    fixed, mincnt = solver.constraints()
    assert fixed.tolist() == [-1] * 5 and mincnt.tolist() == [0] * 32
    g = ORIGINAL.guess_index("salet")
    f, m = solver.child_constraints(fixed, mincnt, g, Turn.parse("salet:gybbb").pattern)
    assert f.tolist() == [ord("s") - 97, -1, -1, -1, -1]
    assert m[ord("s") - 97] == 1 and m[ord("a") - 97] == 1 and m.sum() == 2
    normal = Solver(pm)
    f0, m0 = normal.constraints()
    assert normal.child_constraints(f0, m0, g, 5) == (f0, m0)  # normal mode: no constraints


def test_solver_statistics(pm: PatternMatrix) -> None:
    solver = Solver(pm)
    assert (solver.nodes, solver.memo_entries) == (0, 0)
    here = Position.from_turns(pm, turns("salet:bybbb"), solver=solver)
    here.best()
    nodes, hits = solver.nodes, solver.memo_hits
    # (the first search may hit too: a guess's buckets are looked up before any is searched)
    assert nodes > 0 and solver.memo_entries > 0 and hits < solver.memo_lookups
    assert here.best() == (260, ORIGINAL.guess_index("brond"))
    assert solver.nodes == nodes  # the second time, the memo answers
    assert hits < solver.memo_hits <= solver.memo_lookups
    assert "normal" in repr(solver)


def test_two_threads_share_one_solver(pm: PatternMatrix) -> None:
    """Searches on one solver run one at a time (the kernel releases the GIL; the lock keeps
    the memo whole): two threads get the values one thread gets."""
    solver = Solver(pm)
    here = Position.from_turns(pm, turns("salet:bybbb"), solver=solver)
    guesses = ["brond", "crony", "round", "fuzzy"]
    results: dict[str, int] = {}
    barrier = threading.Barrier(2)

    def work(words: list[str]) -> None:
        barrier.wait()
        for w in words:
            results[w] = here.value(w)

    threads = [threading.Thread(target=work, args=(guesses[i::2],)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert results == {"brond": 260, "crony": 267, "round": 274, "fuzzy": 328}
