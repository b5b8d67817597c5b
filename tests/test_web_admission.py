"""Which requests count as heavy (at most all workers but one run them), and the admission
limits a server may be started with (one address cannot fill the queue)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

from wordlekit.errors import WordleError
from wordlekit.services.pool import PoolConfig
from wordlekit.web.context import Work


class Recorder:
    """A pool that answers every task at once and remembers whether it was heavy."""

    def __init__(self) -> None:
        self.heavy: dict[str, bool] = {}

    async def run(self, op: str, kwargs: dict[str, Any], **how: Any) -> str:
        self.heavy[op] = how["heavy"]
        return "done"


def heavy(op: str, **kwargs: Any) -> bool:
    pool = Recorder()
    request = SimpleNamespace(
        state=SimpleNamespace(known_player="p"),
        client=SimpleNamespace(host="203.0.113.5"),
        is_disconnected=lambda: False,
    )
    work = Work(pool, 2.0, request)  # type: ignore[arg-type]
    assert asyncio.run(work.run(op, str, **kwargs)) == "done"
    return pool.heavy[op]


def test_requests_that_may_take_the_whole_budget_are_heavy() -> None:
    assert heavy("review")
    assert heavy("absurdle_solve")  # its listing of first guesses runs to the deadline
    assert heavy("assist", strategy="optimal")
    assert heavy("game_hint", heavy=True)  # the route says so against Absurdle's host
    assert not heavy("assist", strategy="entropy")
    assert not heavy("game_hint", strategy="entropy")


def test_one_address_cannot_fill_the_queue() -> None:
    assert PoolConfig().per_address < PoolConfig().max_waiting
    with pytest.raises(WordleError, match="below --max-waiting"):
        PoolConfig(per_address=8, max_waiting=8)
    PoolConfig(per_address=8, max_waiting=0)  # nothing waits: no queue to fill
