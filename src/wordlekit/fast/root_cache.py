"""The partition figures of every guess over every answer, cached on disk.

The first turn is the most expensive ranking (12,972 guesses x 2,315 answers) and is the same
for every strategy and every game, so it is computed once per word list and stored beside the
pattern matrix (same key, same atomic write, same "never trust a bad file" rule). In memory
it is the matrix's own: :attr:`PatternMatrix.root_figures
<wordlekit.fast.matrix.PatternMatrix.root_figures>` calls :func:`read_or_compute` once with
its word list and data (this module knows no matrix class, so the two do not import each
other).
"""

from __future__ import annotations

import contextlib
import io
import zipfile
import zlib
from pathlib import Path

import numpy as np
import numpy.typing as npt

from wordlekit.core.words import WordList
from wordlekit.fast.partition import Figures, figures
from wordlekit.store.files import atomic_write, cache_dir

_FIELDS = ("parts", "largest", "sumsq", "plogp")
#: The weighted figures, stored too when the list's answers are weighted (``likely``).
_WEIGHTED = ("wlargest", "wsize", "wsumsq", "wplogp")


def _fields(wordlist: WordList) -> tuple[str, ...]:
    return _FIELDS + (_WEIGHTED if wordlist.weights is not None else ())


def cache_path(wordlist: WordList) -> Path:
    """Where the figures of the lists are stored (keyed by the content hash, which covers
    the answers' weights)."""
    return cache_dir() / f"root-figures-{wordlist.content_hash[:32]}.npz"


def read_or_compute(wordlist: WordList, data: npt.NDArray[np.unsignedinteger]) -> Figures:
    """Figures of every valid guess over all answers (the first turn) of ``wordlist``, whose
    pattern matrix is ``data``: from the file if it is intact, else computed and written (a
    damaged file is removed, never trusted). The figures of the likely model on a date
    (:attr:`WordList.as_of <wordlekit.core.words.WordList.as_of>`) are computed and not
    stored: a file a day would pile up in the cache folder of a server that helps players
    every day, and they take a fraction of a second."""
    if wordlist.as_of is not None:
        return figures(
            data,
            np.arange(len(wordlist.guesses), dtype=np.int64),
            np.arange(len(wordlist.answers), dtype=np.int64),
            use_numba=True,
            weights=wordlist.weights,
        )
    path = cache_path(wordlist)
    n_guesses, n_answers = len(wordlist.guesses), len(wordlist.answers)
    guesses = np.arange(n_guesses, dtype=np.int64)
    fields = _fields(wordlist)
    weights = wordlist.weights
    loaded = _read(path, n_guesses, fields)
    if loaded is not None:
        counted, weighted = loaded[:4], loaded[4:]
        return Figures.of(guesses, n_answers, counted, weighted if weights is not None else None)
    all_answers = np.arange(n_answers, dtype=np.int64)
    figs = figures(data, guesses, all_answers, use_numba=True, weights=weights)
    with contextlib.suppress(OSError):
        _write(path, figs, fields)
    return figs


def _write(path: Path, figs: Figures, fields: tuple[str, ...] = _FIELDS) -> None:
    buf = io.BytesIO()
    arrays = {name: getattr(figs, name) for name in fields}
    crc = 0
    for name in fields:
        crc = zlib.crc32(np.ascontiguousarray(arrays[name]).tobytes(), crc)
    np.savez(buf, crc=np.array([crc], dtype=np.int64), **arrays)
    atomic_write(path, buf.getvalue())


def _read(
    path: Path, n_guesses: int, fields: tuple[str, ...] = _FIELDS
) -> tuple[np.ndarray, ...] | None:
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = tuple(np.array(data[name]) for name in fields)
            crc = int(data["crc"][0])
    except (OSError, ValueError, KeyError, EOFError, zlib.error, zipfile.BadZipFile):
        with contextlib.suppress(OSError):
            path.unlink()
        return None
    check = 0
    for a in arrays:
        check = zlib.crc32(np.ascontiguousarray(a).tobytes(), check)
    if check != crc or any(len(a) != n_guesses for a in arrays):
        with contextlib.suppress(OSError):
            path.unlink()
        return None
    return arrays
