"""The guess x answer pattern matrix, computed by a parallel numba kernel.

Every cell is exactly what :func:`wordlekit.core.feedback.score` computes (the tests check it
pair by pair). The loops live in :mod:`wordlekit.fast._jit`, compiled by numba once and cached
on disk (``cache=True``), so only the first run of a new install pays the compile time; that
module is imported on first use so that quick commands never load numba.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from wordlekit.core.codes import Codes, pattern_dtype


def _jit() -> Any:
    """The compiled loops, imported on first use (numba's import costs about 0.3 s)."""
    from wordlekit.fast import _jit as compiled

    return compiled


def pattern_matrix(guesses: Codes, answers: Codes) -> npt.NDArray[np.unsignedinteger]:
    """The ``(len(guesses), len(answers))`` matrix of patterns, computed in parallel."""
    if guesses.shape[1:] != answers.shape[1:]:
        raise ValueError("guesses and answers must have the same length")
    length = guesses.shape[1]
    out = np.empty((guesses.shape[0], answers.shape[0]), dtype=pattern_dtype(length))
    if out.size:
        _jit().fill_matrix(guesses, answers, out)
    return out
