"""Operations for the work-pool tests (loaded by the worker processes by name): well-behaved
ones and ones that misbehave on purpose (ignore the budget, crash, hog memory)."""

from __future__ import annotations

import os
import time
from typing import Any

from wordlekit import budget as work
from wordlekit.services.operations import OPERATIONS as REAL


def echo(matrix: Any, **kwargs: Any) -> dict[str, Any]:
    return {"kwargs": kwargs, "pid": os.getpid(), "answers": len(matrix.wordlist.answers)}


def polite(matrix: Any, seconds: float = 10.0) -> dict[str, Any]:
    """Works until done or stopped, checking the budget like every real operation."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        work.checkpoint()
        time.sleep(0.01)
    return {"done": True}


def stubborn(matrix: Any, seconds: float = 30.0) -> dict[str, Any]:
    """Ignores the budget entirely: the pool must kill it."""
    end = time.monotonic() + seconds
    x = 0
    while time.monotonic() < end:
        x += 1
    return {"done": True, "x": x}


def crash(matrix: Any) -> dict[str, Any]:
    os._exit(3)


def flag_state(matrix: Any) -> dict[str, Any]:
    b = work.current()
    assert b is not None
    return {"seconds": b.seconds, "nodes": b.nodes, "nominal": b.nominal, "pid": os.getpid()}


def compiled(matrix: Any) -> dict[str, Any]:
    """Which kernels the warm-up already compiled or loaded (before any task)."""
    from wordlekit.solve import _solver_jit

    return {"solver": len(_solver_jit.solve.signatures)}


OPERATIONS = {
    "compiled": compiled,
    **REAL,
    "echo": echo,
    "polite": polite,
    "stubborn": stubborn,
    "crash": crash,
    "flag_state": flag_state,
}


def broken(matrix: Any) -> dict[str, Any]:
    raise KeyError("a fault of ours")


def contradiction(matrix: Any) -> dict[str, Any]:
    from wordlekit.errors import InconsistentFeedbackError

    raise InconsistentFeedbackError("turn 2 contradicts turn 1", turn=2)


OPERATIONS["broken"] = broken
OPERATIONS["contradiction"] = contradiction
