"""Work budgets: deadlines, node allowances and cancellation, inside the solver kernel too."""

from __future__ import annotations

import threading
import time

import numpy as np
import pytest

from wordlekit import budget as work
from wordlekit.budget import Budget, checkpoint
from wordlekit.core.rules import Mode
from wordlekit.core.words import WordList
from wordlekit.errors import BudgetExceeded
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.solve.optimal import Solver, solve_opening


@pytest.fixture(scope="module")
def pm() -> PatternMatrix:
    """The matrix, with the solver compiled first: a deadline cannot stop numba compiling
    (5 s from a cold cache), only the compiled search."""
    matrix = PatternMatrix.for_list(WordList.bundled())
    Solver(matrix, Mode.NORMAL, 6).solve(np.arange(12, dtype=np.int32), 6)
    return matrix


def test_no_budget_means_no_checks() -> None:
    assert work.current() is None
    checkpoint()  # no-op


def test_deadline_and_reason() -> None:
    b = Budget(0.05)
    with b.active():
        assert work.current() is b
        checkpoint()
        time.sleep(0.08)
        with pytest.raises(BudgetExceeded) as e:
            checkpoint()
    assert e.value.reason == "time" and "0.05 s" in str(e.value)
    assert work.current() is None
    assert b.expired() and b.reason == "time"


def test_the_watchdog_sets_the_flag_without_any_check() -> None:
    b = Budget(0.05)
    with b.active():
        time.sleep(0.3)
        assert b.flag[0] == work.TIMEOUT  # set by the watchdog thread, not by a check


def test_cancel_and_nodes() -> None:
    b = Budget()
    b.cancel()
    with pytest.raises(BudgetExceeded) as e:
        b.check()
    assert e.value.reason == "cancelled"
    n = Budget(nodes=10)
    n.spend(9)
    assert n.node_allowance() == 1 and not n.expired()
    n.spend(1)
    assert n.expired() and n.reason == "nodes"


def test_nominal_limit_in_messages() -> None:
    b = Budget(0.01, nominal=2.0)
    time.sleep(0.02)
    with pytest.raises(BudgetExceeded, match="more than 2 s"):
        b.check()


def test_unlimited_inside_a_budget() -> None:
    b = Budget(0.0)
    with b.active():
        with work.unlimited():
            checkpoint()  # the fallback runs
        with pytest.raises(BudgetExceeded):
            checkpoint()


def test_bad_budgets() -> None:
    with pytest.raises(ValueError):
        Budget(-1)
    with pytest.raises(ValueError):
        Budget(nodes=-1)


def test_the_solver_stops_inside_the_kernel_at_the_deadline(pm: PatternMatrix) -> None:
    # FUZZY takes minutes to solve exactly; the budget stops it within a few node expansions.
    b = Budget(0.3)
    t = time.perf_counter()
    with b.active(), pytest.raises(BudgetExceeded) as e:
        solve_opening(pm, "fuzzy", build_tree=False, solver=Solver(pm, Mode.NORMAL, 6))
    elapsed = time.perf_counter() - t
    assert e.value.reason == "time"
    # generous for a loaded machine: the point is minutes without a budget, 0.3 s with one
    assert elapsed < 0.3 + 3
    assert b.nodes_used > 0


def test_node_allowance_is_exact(pm: PatternMatrix) -> None:
    b = Budget(nodes=50)
    with b.active(), pytest.raises(BudgetExceeded) as e:
        solve_opening(pm, "fuzzy", build_tree=False, solver=Solver(pm, Mode.NORMAL, 6))
    assert e.value.reason == "nodes"
    assert b.nodes_used == 51  # the 51st node sees the limit and unwinds


def test_another_thread_can_stop_the_kernel(pm: PatternMatrix) -> None:
    """The kernel releases the GIL and reads the flag: a cancel from another thread stops it."""
    b = Budget()
    outcome: list[object] = []

    def run() -> None:
        with b.active():
            try:
                solve_opening(pm, "fuzzy", build_tree=False, solver=Solver(pm, Mode.NORMAL, 6))
                outcome.append("finished")
            except BudgetExceeded as e:
                outcome.append(e.reason)

    thread = threading.Thread(target=run)
    thread.start()
    time.sleep(0.3)
    b.cancel()
    thread.join(10)
    assert not thread.is_alive() and outcome == ["cancelled"]


@pytest.mark.slow
def test_an_interrupted_search_leaves_only_proven_values(pm: PatternMatrix) -> None:
    """Stopping a search many times over stores nothing wrong: the same solver then proves
    the same totals as a fresh one."""
    ctx = Solver(pm, Mode.NORMAL, 6)
    for nodes in (1, 3, 10, 40, 150, 600):
        with Budget(nodes=nodes).active(), pytest.raises(BudgetExceeded):
            solve_opening(pm, "salet", build_tree=False, solver=ctx)
    resumed = solve_opening(pm, "salet", solver=ctx)
    assert resumed.total == 7920 and resumed.proven
    # and a partial search of another opener does not spoil the memo for its own value
    for nodes in (5, 50):
        with Budget(nodes=nodes).active(), pytest.raises(BudgetExceeded):
            solve_opening(pm, "trace", build_tree=False, solver=ctx)
    fresh = solve_opening(pm, "trace", build_tree=False, solver=Solver(pm, Mode.NORMAL, 6))
    again = solve_opening(pm, "trace", build_tree=False, solver=ctx)
    assert again.total == fresh.total


def test_flag_in_shared_memory_is_a_plain_array() -> None:
    import multiprocessing

    raw = multiprocessing.get_context("spawn").RawArray("q", 1)
    flag = np.frombuffer(raw, dtype=np.int64)
    b = Budget(flag=flag)
    raw[0] = work.CANCELLED  # what another process writes
    assert b.expired() and b.reason == "cancelled"
