"""The exact searches' memos, made and measured by compiled code.

``numba.typed.Dict.empty`` and ``len`` of a typed dict, called from Python, compile numba's
dictionary helpers on every start of a process (they are not cached): about a second and a
half of each ``wordle optimal``. A dict made by a cached kernel, and its size read by one,
cost nothing of the sort; the dicts are the same typed dicts the searches take.
"""
# mypy: ignore-errors

from __future__ import annotations

import numpy as np
from numba import njit

_KEY = (np.uint64(0), np.uint64(0))


@njit(cache=True)
def new_value_memo():
    """An empty memo of the total searches: set hash -> (value, exact, guess)."""
    d = {}
    d[_KEY] = (np.int64(0), np.int64(0), np.int64(0))
    del d[_KEY]
    return d


@njit(cache=True)
def new_flag_memo():
    """An empty memo of the depth-only search: set hash -> 0 or 1."""
    d = {}
    d[_KEY] = np.int64(0)
    del d[_KEY]
    return d


@njit(cache=True, nogil=True)
def size(memo):
    """The number of entries of a memo."""
    return len(memo)
