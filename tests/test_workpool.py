"""The work pool: budgets enforced across processes, cancellation, admission limits, and
workers that misbehave (ignore the budget, crash, grow) killed and replaced."""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections.abc import Iterator
from typing import Any

import pytest

from wordlekit.core.feedback import Turn
from wordlekit.core.words import WordList
from wordlekit.errors import BudgetExceeded, Busy, ClientBusy, ServerBusy, WordleError, WorkerFailed
from wordlekit.services.pool import PoolConfig, WorkPool

BUDGET = 1.0
GRACE = 0.5
# generous slack for a loaded two-core machine: the bounds are about seconds, not minutes
SLACK = 1.5


@pytest.fixture(scope="module")
def pool() -> Iterator[WorkPool]:
    # The proven trees on disk before the workers start (as on any machine after the first
    # run), so their warm-up cannot compile the solver by solving them.
    from wordlekit.core.rules import Mode
    from wordlekit.fast.matrix import PatternMatrix
    from wordlekit.solve import optimal_cache

    pm = PatternMatrix.for_list(WordList.bundled())
    for mode in (Mode.NORMAL, Mode.HARD):
        optimal_cache.opening_tree(pm, "salet", mode=mode)
    cfg = PoolConfig(
        workers=2,
        budget=BUDGET,
        grace=GRACE,
        heavy_slots=1,
        max_waiting=1,
        per_player=1,
        per_address=2,
        operations="pool_ops:OPERATIONS",
    )
    p = WorkPool(WordList.bundled(), cfg)
    assert p.wait_ready(300)
    yield p
    p.close()


def run(pool: WorkPool, op: str, player: str = "", **kwargs: Any) -> Any:
    return asyncio.run(pool.run(op, kwargs, player=player))


@pytest.mark.slow
def test_a_task_runs_in_another_process(pool: WorkPool) -> None:
    out = run(pool, "echo", a=1, b="x")
    assert out["kwargs"] == {"a": 1, "b": "x"} and out["pid"] != os.getpid()
    assert out["answers"] == 2315


@pytest.mark.slow
def test_the_warm_up_compiles_the_solver(pool: WorkPool) -> None:
    # compiling it inside a task would overrun the budget, get the worker killed before
    # numba could cache the code, and start over in the next worker
    assert run(pool, "compiled")["solver"] >= 1


def test_the_real_operations(pool: WorkPool) -> None:
    out = run(pool, "assist", turns=[Turn.parse("crane:bbggb")], top=3)
    # the typed result crosses the process boundary as it is
    assert out.remaining == 16 and len(out.advice.suggestions) == 3 and out.advice.exact
    with pytest.raises(WordleError, match="turn 2"):
        run(pool, "assist", turns=[Turn.parse("crane:bbbbb"), Turn.parse("plant:ggggg")])


def test_the_budget_reaches_the_worker(pool: WorkPool) -> None:
    out = run(pool, "flag_state")
    assert 0 < out["seconds"] <= BUDGET and out["nominal"] == BUDGET
    assert out["nodes"] == pool.config.nodes


def test_a_polite_task_stops_at_its_budget(pool: WorkPool) -> None:
    t = time.monotonic()
    with pytest.raises(BudgetExceeded) as e:
        run(pool, "polite", seconds=30)
    assert e.value.reason == "time"
    assert time.monotonic() - t < BUDGET + SLACK


def test_the_optimal_fallback_comes_within_the_budget(pool: WorkPool) -> None:
    t = time.monotonic()
    out = run(pool, "solve", answer="cigar", strategy="optimal", start="fuzzy")
    assert time.monotonic() - t < BUDGET + GRACE + SLACK
    assert out.solved and not out.exact and out.fallback_from_turn == 2
    assert out.turns[0].guess == "fuzzy" and out.note is not None and "1 s" in out.note


@pytest.mark.slow
def test_a_stubborn_task_is_killed_and_the_worker_replaced(pool: WorkPool) -> None:
    killed = pool.status()["killed"]
    t = time.monotonic()
    with pytest.raises(WorkerFailed, match="budget"):
        run(pool, "stubborn", seconds=60)
    assert time.monotonic() - t < BUDGET + GRACE + SLACK
    assert pool.status()["killed"] == killed + 1
    assert pool.wait_ready(300)
    assert run(pool, "echo")["kwargs"] == {}


@pytest.mark.slow
def test_a_crash_fails_one_task_only(pool: WorkPool) -> None:
    with pytest.raises(WorkerFailed):
        run(pool, "crash")
    assert pool.wait_ready(300)
    assert run(pool, "echo", n=2)["kwargs"] == {"n": 2}


def test_a_client_that_leaves_cancels_its_work(pool: WorkPool) -> None:
    cancelled = pool.status()["cancelled"]

    async def go() -> float:
        started = time.monotonic()

        async def gone() -> bool:
            return time.monotonic() - started > 0.2

        with pytest.raises(BudgetExceeded) as e:
            await pool.run("polite", {"seconds": 30}, disconnected=gone)
        assert e.value.reason == "cancelled"
        return time.monotonic() - started

    assert asyncio.run(go()) < 0.2 + SLACK
    assert pool.status()["cancelled"] == cancelled + 1
    assert run(pool, "echo")["kwargs"] == {}  # the same workers go on


def test_per_player_and_per_address_limits(pool: WorkPool) -> None:
    async def go() -> None:
        first = asyncio.create_task(pool.run("polite", {"seconds": 0.6}, player="p1"))
        await asyncio.sleep(0.1)
        with pytest.raises(ClientBusy) as e:
            await pool.run("echo", {}, player="p1")
        assert isinstance(e.value, ClientBusy) and e.value.retry_after >= 1
        assert (await pool.run("echo", {}, player="p2"))["kwargs"] == {}  # others go on
        assert await first == {"done": True}

    asyncio.run(go())

    async def by_address() -> None:
        tasks = [
            asyncio.create_task(pool.run("polite", {"seconds": 0.5}, address="10.0.0.1"))
            for _ in range(2)
        ]
        await asyncio.sleep(0.05)
        with pytest.raises(ClientBusy) as e:
            await pool.run("echo", {}, address="10.0.0.1")
        assert isinstance(e.value, ClientBusy)
        await settle(tasks)

    asyncio.run(by_address())


async def settle(tasks: list[asyncio.Task[Any]]) -> None:
    """Wait for tasks that only filled the slots: done, refused or stopped are all fine."""
    for t in tasks:
        with contextlib.suppress(Busy, BudgetExceeded):
            await t


def test_heavy_work_leaves_a_worker_for_quick_requests(pool: WorkPool) -> None:
    async def go() -> None:
        heavy = asyncio.create_task(pool.run("polite", {"seconds": 0.8}, player="h1", heavy=True))
        await asyncio.sleep(0.1)
        t = time.monotonic()
        assert (await pool.run("echo", {}, player="q1"))["kwargs"] == {}
        assert time.monotonic() - t < 0.5  # not queued behind the heavy task
        # a second heavy task waits at most half the budget for the heavy slot, then 503
        with pytest.raises(ServerBusy) as e:
            await pool.run("polite", {"seconds": 0.1}, player="h2", heavy=True)
        assert isinstance(e.value, ServerBusy) and e.value.retry_after >= 1
        assert await heavy == {"done": True}

    asyncio.run(go())


def test_a_full_queue_is_refused_at_once(pool: WorkPool) -> None:
    async def go() -> None:
        busy = [
            asyncio.create_task(pool.run("polite", {"seconds": 0.7}, player=f"b{i}"))
            for i in range(2)
        ]
        await asyncio.sleep(0.1)
        waiting = asyncio.create_task(pool.run("echo", {}, player="w1"))  # the one place
        await asyncio.sleep(0.05)
        t = time.monotonic()
        with pytest.raises(ServerBusy) as e:
            await pool.run("echo", {}, player="w2")
        assert isinstance(e.value, ServerBusy) and time.monotonic() - t < 0.2
        await settle([*busy, waiting])

    asyncio.run(go())


def test_waiting_counts_against_the_budget(pool: WorkPool) -> None:
    async def go() -> None:
        busy = [
            asyncio.create_task(pool.run("polite", {"seconds": 0.3}, player=f"c{i}"))
            for i in range(2)
        ]
        await asyncio.sleep(0.05)
        out = await pool.run("flag_state", {}, player="c9")
        assert out["seconds"] < BUDGET - 0.1  # it waited for a worker first
        for task in busy:
            await task

    asyncio.run(go())


@pytest.mark.slow
def test_a_worker_over_its_memory_limit_is_replaced() -> None:
    cfg = PoolConfig(workers=1, budget=BUDGET, memory_mb=1, operations="pool_ops:OPERATIONS")
    p = WorkPool(WordList.bundled(), cfg)
    try:
        assert p.wait_ready(300)
        first = asyncio.run(p.run("echo", {}))["pid"]
        assert p.wait_ready(300)
        second = asyncio.run(p.run("echo", {}))["pid"]
        assert first != second and p.status()["respawned"] >= 1
    finally:
        p.close()


def test_bad_settings() -> None:
    with pytest.raises(WordleError):
        PoolConfig(workers=0)
    with pytest.raises(WordleError):
        PoolConfig(budget=0)


def test_errors_come_back_by_class(pool: WorkPool) -> None:
    from wordlekit.errors import InconsistentFeedbackError, InternalError

    with pytest.raises(InternalError, match="KeyError"):
        run(pool, "broken")
    with pytest.raises(InconsistentFeedbackError, match="turn 2"):
        run(pool, "contradiction")
    assert run(pool, "echo")["kwargs"] == {}  # the worker goes on
