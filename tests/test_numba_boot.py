"""Cached kernels load without numba's whole target set-up (wordlekit.fast.numba_boot)."""

from __future__ import annotations

import subprocess
import sys
from importlib import metadata

import pytest

from wordlekit.fast import numba_boot

# A kernel from the disk cache: a fresh process makes a memo (the first run compiles it into
# the cache, the second loads it) and says whether numba refreshed its whole target (which
# imports numba.np.linalg, nothing of wordlekit's does) and whether the short load is on.
LOAD = """
import sys
from wordlekit.solve import _memo_jit
memo = _memo_jit.new_flag_memo()
from wordlekit.fast import numba_boot
print(_memo_jit.size(memo), numba_boot.installed(), "numba.np.linalg" in sys.modules)
"""

# Then numba compiles something new in the same process: its compiler refreshes the target
# itself, so what the short load skipped is there when it is needed.
COMPILE_AFTER = (
    LOAD
    + """
from numba import njit
@njit
def shout(s):
    return s.upper() + "!"
print(shout("crane"), "numba.np.linalg" in sys.modules)
"""
)


def run(code: str) -> list[str]:
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=True
    )
    return out.stdout.split()


def test_numba_runs_the_hook_from_the_entry_point() -> None:
    eps = metadata.entry_points().select(group="numba_extensions", name="init")
    assert "wordlekit.fast.numba_boot:init" in [e.value for e in eps]


def test_a_cached_kernel_loads_without_the_whole_target() -> None:
    run(LOAD)  # compiled and cached if it was not
    assert run(LOAD) == ["0", "True", "False"]


def test_numba_still_compiles_after_a_short_load() -> None:
    run(LOAD)
    assert run(COMPILE_AFTER) == ["0", "True", "False", "CRANE!", "True"]


def test_the_hook_is_installed_once() -> None:
    pytest.importorskip("numba")
    from numba.core import caching

    numba_boot.init()
    first = caching.Cache.load_overload
    numba_boot.init()
    assert caching.Cache.load_overload is first
    assert numba_boot.installed()
