"""Loading wordlekit's cached kernels without numba's whole target set-up.

Before numba loads a function from its on-disk cache it refreshes its whole CPU target: it
imports some forty modules of implementations (unicode, datetime, random, linalg, ...) and
installs their registries. Rebuilding cached machine code needs none of that, only numba's
runtime (NRT, which compiled code allocates through) must be up. A command that only runs
cached kernels (``wordle optimal`` on a warm machine) paid that refresh, a quarter of a second,
for nothing: about as much as importing numba itself.

:func:`init` is numba's own extension hook: the ``numba_extensions`` entry point named ``init``
in ``pyproject.toml``, which numba runs when the first dispatcher is made (at the first
``@njit``, so before any kernel is called). It makes the cache loads of wordlekit's functions
start the runtime only. Nothing else changes: anything numba compiles still refreshes the
target first (its compiler does that itself), so a cache miss compiles exactly as before, and
other packages' functions are loaded as numba loads them.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any

#: Functions whose module starts with this are loaded the short way.
PACKAGE = "wordlekit."


def init() -> None:
    """Install the short load for wordlekit's cached functions (idempotent)."""
    # numba's internals, untyped: imported as plain modules
    caching: Any = importlib.import_module("numba.core.caching")
    rtsys: Any = importlib.import_module("numba.core.runtime").rtsys

    original = caching.Cache.load_overload
    if getattr(original, "wordlekit_short_load", False):
        return

    def load_overload(self: Any, sig: Any, target_context: Any) -> Any:
        module = getattr(self._py_func, "__module__", None) or ""
        if not module.startswith(PACKAGE):
            return original(self, sig, target_context)
        rtsys.initialize(target_context)  # what compiled code needs of the refresh
        with self._guard_against_spurious_io_errors():
            return self._load_overload(sig, target_context)

    load_overload.wordlekit_short_load = True  # type: ignore[attr-defined]
    caching.Cache.load_overload = load_overload


def installed() -> bool:
    """Whether numba loads wordlekit's cached functions the short way in this process."""
    caching = sys.modules.get("numba.core.caching")
    if caching is None:
        return False
    return bool(getattr(caching.Cache.load_overload, "wordlekit_short_load", False))
