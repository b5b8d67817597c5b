"""The guess x answer pattern matrix of a word list, cached on disk.

Row ``g`` is guess ``wordlist.guesses[g]``, column ``a`` is answer ``wordlist.answers[a]``;
since the answers come first among the guesses, answer ``a`` is also row ``a``.

The cache file lives in the user cache directory (``WORDLEKIT_CACHE_DIR`` overrides it), is
named by the hash of the lists' words (:attr:`~wordlekit.core.words.WordList.words_hash`: the
``likely`` and ``all`` answer models of a list share one matrix), and carries its shape,
dtype and a CRC-32 of the data. It is written to a temporary file and renamed, so a reader
never sees half a file; a file that is truncated, corrupt or of another version is detected,
deleted and rebuilt, never trusted. A large file is memory-mapped (:data:`MMAP_FROM`).
"""

from __future__ import annotations

import contextlib
import json
import mmap
import struct
import time
import zlib
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

import numpy as np
import numpy.typing as npt

from wordlekit.core.codes import Codes, letter_counts, pattern_dtype
from wordlekit.core.words import WordList
from wordlekit.errors import InternalError
from wordlekit.fast import kernel, root_cache
from wordlekit.fast.partition import Figures
from wordlekit.store.files import atomic_write, cache_dir

MAGIC = b"WKPATMX1"
FORMAT_VERSION = 1
_HEADER_LEN = struct.Struct("<I")


@dataclass(frozen=True, eq=False)
class PatternMatrix:
    """Patterns of every valid guess against every answer of a :class:`WordList`.

    >>> pm = PatternMatrix.for_list(WordList.bundled())
    >>> pm.data.shape, pm.pattern("crane", "cigar")   # 2 + 1*3 + 1*9
    ((12972, 2315), 14)

    What is derived from the matrix once and used often (the transposed matrix, the letters
    of every guess, the first turn's figures, the alphabetical order) is a ``cached_property``:
    it lives and dies with the matrix. Python 3.11's ``cached_property`` computes it once
    under a lock; on later Pythons two threads may both compute it, to the same value.
    """

    wordlist: WordList
    data: npt.NDArray[np.unsignedinteger]
    source: str = field(default="built", compare=False)  # "built" or "cache"
    seconds: float = field(default=0.0, compare=False)

    def __post_init__(self) -> None:
        # Read-only whatever its source: a matrix read from the disk cache is (a buffer or a
        # read-only map), and numba compiles, and caches, one kernel per array type, so a
        # built matrix that stayed writable would compile every kernel a second time on the
        # next start (one that reads it from the cache).
        self.data.setflags(write=False)

    def __repr__(self) -> str:
        g, a = self.data.shape
        return f"PatternMatrix({self.wordlist.name!r}, {g}x{a}, {self.data.dtype}, {self.source})"

    @property
    def length(self) -> int:
        return self.wordlist.length

    def pattern(self, guess: str, answer: str) -> int:
        return int(self.data[self.wordlist.guess_index(guess), self.wordlist.answer_index(answer)])

    @cached_property
    def answer_codes(self) -> Codes:
        return self.wordlist.encode(self.wordlist.answers)

    @cached_property
    def guess_codes(self) -> Codes:
        return self.wordlist.encode(self.wordlist.guesses)

    @cached_property
    def transposed(self) -> npt.NDArray[np.unsignedinteger]:
        """Answers x guesses, contiguous: one answer's patterns against every guess."""
        return transpose(self.data)

    @cached_property
    def guess_letter_counts(self) -> npt.NDArray[np.uint8]:
        """Letter counts of every guess (guesses x CODES), for hard-mode checks."""
        return letter_counts(self.guess_codes)

    @cached_property
    def letter_presence(self) -> npt.NDArray[np.float64]:
        """1.0 where guess ``g`` contains letter ``c`` (once, however often it repeats)."""
        return (self.guess_letter_counts > 0).astype(np.float64)

    @cached_property
    def alphabetical_rank(self) -> npt.NDArray[np.int64]:
        """Rank of each guess in alphabetical order (for tie-breaking)."""
        words = self.wordlist.guesses
        order = sorted(range(len(words)), key=words.__getitem__)
        rank = np.empty(len(words), dtype=np.int64)
        rank[order] = np.arange(len(words))
        return rank

    @cached_property
    def root_figures(self) -> Figures:
        """Partition figures of every valid guess over all answers (the first turn), read
        from the disk cache beside the matrix or computed and stored there."""
        return root_cache.read_or_compute(self.wordlist, self.data)

    #: The derived arrays a reweighted matrix shares with the one it comes from.
    _SHARED = (
        "answer_codes",
        "guess_codes",
        "transposed",
        "guess_letter_counts",
        "letter_presence",
        "alphabetical_rank",
    )

    def reweighted(self, wordlist: WordList) -> PatternMatrix:
        """This matrix for ``wordlist``: the same words in the same order under other answer
        weights (the likely model on another date). The patterns and the arrays derived from
        them are shared, not copied; the first-guess figures are the new weights' own."""
        if wordlist.words_hash != self.wordlist.words_hash:
            raise InternalError(
                f"{wordlist.name!r} does not have the words of {self.wordlist.name!r}"
            )
        pm = PatternMatrix(wordlist, self.data, self.source, 0.0)
        for name in self._SHARED:
            if name in self.__dict__:
                pm.__dict__[name] = self.__dict__[name]
        return pm

    @classmethod
    def build(cls, wordlist: WordList) -> PatternMatrix:
        """Compute the matrix with the parallel kernel (no cache)."""
        start = time.perf_counter()
        data = kernel.pattern_matrix(
            wordlist.encode(wordlist.guesses), wordlist.encode(wordlist.answers)
        )
        return cls(wordlist, data, "built", time.perf_counter() - start)

    @classmethod
    def for_list(cls, wordlist: WordList, *, use_cache: bool = True) -> PatternMatrix:
        """The matrix from the on-disk cache, or built and cached if missing or bad."""
        if not use_cache:
            return cls.build(wordlist)
        path = cache_path(wordlist)
        start = time.perf_counter()
        data = read_cache(path, wordlist)
        if data is not None:
            return cls(wordlist, data, "cache", time.perf_counter() - start)
        pm = cls.build(wordlist)
        # A read-only or full cache folder must not stop the program.
        with contextlib.suppress(OSError):
            write_cache(path, wordlist, pm.data)
        return pm


#: Rows and columns of the blocks :func:`transpose` copies at a time.
TRANSPOSE_BLOCK = 512


def transpose(data: npt.NDArray[np.unsignedinteger]) -> npt.NDArray[np.unsignedinteger]:
    """``data.T``, contiguous, copied block by block: numpy's own copy of a transposed byte
    matrix strides through memory a byte at a time (about 65 ms for the ``nyt`` matrix, a
    tenth of a command's start-up); blocks of 512 x 512 keep both sides in the cache and
    take a third of that (benchmarks/bench_cli_startup.py)."""
    rows, cols = data.shape
    out = np.empty((cols, rows), dtype=data.dtype)
    b = TRANSPOSE_BLOCK
    for i in range(0, rows, b):
        for j in range(0, cols, b):
            out[j : j + b, i : i + b] = data[i : i + b, j : j + b].T
    return out


#: Cache files larger than this are memory-mapped rather than read: no copy, and processes
#: that load the same matrix share its pages (the square matrix of the ``likely`` and
#: ``all`` models is 168 MB on the original lists).
MMAP_FROM = 16 * 2**20


def cache_path(wordlist: WordList) -> Path:
    return cache_dir() / f"patterns-{wordlist.words_hash[:32]}.bin"


def _header(wordlist: WordList, data: npt.NDArray[np.unsignedinteger]) -> bytes:
    header = {
        "version": FORMAT_VERSION,
        "content_hash": wordlist.words_hash,
        "dtype": data.dtype.str,
        "shape": list(data.shape),
        "crc32": zlib.crc32(data.tobytes()),
    }
    return json.dumps(header, sort_keys=True).encode()


def write_cache(path: Path, wordlist: WordList, data: npt.NDArray[np.unsignedinteger]) -> None:
    """Write atomically: a temporary file in the same folder, fsync, then rename."""
    data = np.ascontiguousarray(data)
    header = _header(wordlist, data)
    atomic_write(path, MAGIC + _HEADER_LEN.pack(len(header)) + header + data.tobytes())


def read_cache(path: Path, wordlist: WordList) -> npt.NDArray[np.unsignedinteger] | None:
    """The cached matrix if the file is complete and intact, else ``None`` (file removed)."""
    try:
        blob = _read(path)
    except (OSError, ValueError):
        return None
    data = _parse(blob, wordlist)
    if data is None:
        if isinstance(blob, mmap.mmap):
            blob.close()
        with contextlib.suppress(OSError):
            path.unlink()
    return data


def _read(path: Path) -> bytes | mmap.mmap:
    """The file's bytes: memory-mapped (read-only) when large, else read."""
    with path.open("rb") as f:
        size = f.seek(0, 2)
        if size < MMAP_FROM:
            f.seek(0)
            return f.read()
        return mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)


def _parse(blob: bytes | mmap.mmap, wordlist: WordList) -> npt.NDArray[np.unsignedinteger] | None:
    head = len(MAGIC) + _HEADER_LEN.size
    if len(blob) < head or blob[: len(MAGIC)] != MAGIC:
        return None
    (n,) = _HEADER_LEN.unpack_from(blob, len(MAGIC))
    try:
        header = json.loads(blob[head : head + n])
        dtype = np.dtype(header["dtype"])
        shape = tuple(int(x) for x in header["shape"])
        crc = int(header["crc32"])
        ok = header["version"] == FORMAT_VERSION and header["content_hash"] == wordlist.words_hash
    except (ValueError, KeyError, TypeError):
        return None
    expected_shape = (len(wordlist.guesses), len(wordlist.answers))
    if not ok or shape != expected_shape or dtype != np.dtype(pattern_dtype(wordlist.length)):
        return None
    body = memoryview(blob)[head + n :]
    if len(body) != shape[0] * shape[1] * dtype.itemsize or zlib.crc32(body) != crc:
        return None
    return np.frombuffer(body, dtype=dtype).reshape(shape)
