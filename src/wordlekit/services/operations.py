"""The operations a worker process of the web app's pool runs, by name.

Each is a service function whose first argument is the pattern matrix and whose result is a
typed value (:mod:`wordlekit.services.advice`, :mod:`~wordlekit.services.bot`,
:mod:`~wordlekit.services.review`, :mod:`~wordlekit.services.boards`,
:mod:`~wordlekit.services.absurdle`, :mod:`~wordlekit.services.hints`,
:mod:`~wordlekit.services.randomplay`). They are named here
as ``module:function`` and imported when first run: some of those modules load numba's
compiled kernels, which a process that only names an operation (the server, the command line)
should not pay for.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from wordlekit.errors import InternalError

#: The operations by name, as ``module:function`` (a table of operations may also hold the
#: functions themselves, as the tests' do).
OPERATIONS: dict[str, str | Callable[..., Any]] = {
    "assist": "wordlekit.services.advice:assist",
    "hint": "wordlekit.services.advice:hint",
    "solve": "wordlekit.services.bot:solve",
    "review": "wordlekit.services.review:review",
    "boards_assist": "wordlekit.services.boards:assist",
    "boards_solve": "wordlekit.services.boards:solve",
    "absurdle_solve": "wordlekit.services.absurdle:solve",
    "game_hint": "wordlekit.services.hints:game_hint",
    "random_play": "wordlekit.services.randomplay:word_figures",
}

#: The operations a server limits harder (fewer workers may run them at once): those that
#: may use the whole budget whatever they are asked (a review, Absurdle's proofs).
HEAVY = frozenset({"review", "absurdle_solve", "random_play"})


def operation(
    name: str, table: dict[str, str | Callable[..., Any]] | None = None
) -> Callable[..., Any]:
    """The function of operation ``name`` (of ``table``, by default :data:`OPERATIONS`)."""
    spec = (OPERATIONS if table is None else table).get(name)
    if spec is None:
        raise InternalError(f"no operation {name!r}")
    if callable(spec):
        return spec
    module, _, attribute = spec.partition(":")
    function: Callable[..., Any] = getattr(importlib.import_module(module), attribute)
    return function
