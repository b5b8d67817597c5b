"""Random consistent play for every hidden word at once: each consistent set solved once for
all the words it may hide (issue 28).

:class:`SetSolver` holds the matrix, the hash keys, a bounded memo and the scratch stacks of
:mod:`wordlekit.analysis._setplay_jit`; :meth:`SetSolver.chunk` solves the root set over a
range of its guesses and returns, per hidden word, the sums of the children's figures;
:func:`combine` turns the sums of every chunk into every word's figures. The root's guesses
split into :func:`chunk_bounds` (fixed by the list's size alone), which is what the parallel
run hands out to the workers and what a stopped run resumes from
(:func:`wordlekit.analysis.randomplay.run_all`).

Two games are played:

- ``guesses="answers"``: the list's answers are both the guesses and the possible answers
  (``wordle expected``'s game);
- ``guesses="valid"``: the guess is drawn from every valid guess still consistent (answers
  and allowed words: what a player without the answer list does), the answer from the
  answers. Its sets are larger and many more: it is exact under a budget of sets
  (``budget``), and :class:`BudgetSpent` tells the caller to fall back to Monte Carlo.
"""

from __future__ import annotations

import contextlib
import itertools
import math
import mmap
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from wordlekit.analysis import _setplay_jit as jit
from wordlekit.core.words import WordList
from wordlekit.errors import WordleError
from wordlekit.fast.matrix import PatternMatrix

#: The games random play is about: which words may be guessed.
GUESSES = ("answers", "valid")
#: The memo's memory per solver by default (its table and arena), in bytes.
DEFAULT_MEMORY = 2 * 2**30
#: How many chunks the root's guesses split into (at most one guess each).
CHUNKS = 96
#: The share of the memo's memory given to the table (32 bytes a slot), the rest to the
#: arena (56 bytes per member of a stored set).
_TABLE_SHARE = 0.125

Floats = npt.NDArray[np.float64]


class BudgetSpent(WordleError):
    """The exact recursion needed more sets than its budget."""


@dataclass(frozen=True)
class Work:
    """What a solver did: sets solved, partitions computed, parts found in the memo, sets
    stored, memo flushes, the most memo bytes in use, seconds."""

    sets: int = 0
    partitions: int = 0
    hits: int = 0
    stored: int = 0
    flushes: int = 0
    memo_bytes: int = 0
    seconds: float = 0.0

    def __add__(self, other: Work) -> Work:
        return Work(
            self.sets + other.sets,
            self.partitions + other.partitions,
            self.hits + other.hits,
            self.stored + other.stored,
            self.flushes + other.flushes,
            max(self.memo_bytes, other.memo_bytes),
            self.seconds + other.seconds,
        )


@dataclass(frozen=True)
class Chunk:
    """The root's guesses ``lo..hi`` solved: ``sums`` (targets x :data:`WIDTH`), the sums
    of the children's figures of each target word (in the order of :attr:`SetSolver.
    targets`); ``seen``: the sets solved holding each target; the work done."""

    lo: int
    hi: int
    sums: Floats
    seen: npt.NDArray[np.int64]
    work: Work


WIDTH = jit.WIDTH


def chunk_bounds(n: int, chunks: int = CHUNKS) -> list[tuple[int, int]]:
    """The root's ``n`` guesses in ``min(n, chunks)`` ranges of nearly equal size.

    >>> chunk_bounds(10, 4)
    [(0, 2), (2, 5), (5, 8), (8, 10)]
    """
    k = max(1, min(n, chunks))
    edges = [round(i * n / k) for i in range(k + 1)]
    return [(a, b) for a, b in itertools.pairwise(edges) if b > a]


def game_words(wordlist: WordList, guesses: str) -> tuple[str, ...]:
    """The words a game of ``guesses`` may guess: the answers, or every valid guess (the
    answers first)."""
    if guesses not in GUESSES:
        raise WordleError(f"unknown guesses {guesses!r}: answers or valid")
    return wordlist.answers if guesses == "answers" else wordlist.guesses


def _huge(n: int, dtype: type[np.generic]) -> npt.NDArray[Any]:
    """A zeroed array of ``n`` items in anonymous memory asking for huge pages (the memo is
    read at random: 4 KB pages cost a TLB miss on almost every probe)."""
    size = max(1, n * np.dtype(dtype).itemsize)
    buf = mmap.mmap(-1, size, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
    if hasattr(mmap, "MADV_HUGEPAGE"):
        with contextlib.suppress(OSError):
            buf.madvise(mmap.MADV_HUGEPAGE)
    return np.frombuffer(buf, dtype=dtype, count=n)


class SetSolver:
    """The square matrix of a game's words, the hash keys, the memo and the stacks, built
    once per list (and kept across chunks: later chunks find the sets earlier ones
    solved)."""

    def __init__(
        self,
        wordlist: WordList,
        *,
        guesses: str = "answers",
        targets: Iterable[str] | None = None,
        memory: int = DEFAULT_MEMORY,
        budget: int = 0,
        min_memo: int = 3,
    ) -> None:
        self.wordlist = wordlist
        self.guesses = guesses
        self.words = game_words(wordlist, guesses)
        self.n = n = len(self.words)
        if not wordlist.answers:
            raise WordleError(f"the {wordlist.name} list has no answers")
        square = WordList(
            wordlist.name, self.words, alphabet=wordlist.alphabet, language=wordlist.language
        )
        pm = PatternMatrix.for_list(square)
        self.matrix = pm.data
        if targets is None:
            idx = list(range(len(wordlist.answers)))
        else:
            idx = sorted({wordlist.answer_index(wordlist.check_answer(w)) for w in targets})
        # answers come first among the valid guesses: answer i is word i in both games
        self.targets = np.array(idx, dtype=np.int64)
        self.target = np.zeros(n, dtype=np.uint8)
        self.target[self.targets] = 1
        rng = np.random.default_rng(0xC0FFEE)
        self.z1 = rng.integers(0, 2**63, n, dtype=np.uint64)
        self.z2 = rng.integers(0, 2**63, n, dtype=np.uint64)
        slots = max(1 << 12, 1 << int(math.log2(max(memory * _TABLE_SHARE / 32, 1))))
        self.table = _huge(slots * 4, np.uint64).reshape(slots, 4)
        self.arena = _huge(max(WIDTH * 64, (memory - slots * 32) // 8), np.float64)
        self.memory = self.table.nbytes + self.arena.nbytes
        patterns = 3**wordlist.length
        self.pat = np.zeros(n, dtype=np.int64)
        self.cnt = np.zeros(patterns, dtype=np.int64)
        self.touched = np.zeros(min(patterns, n) + 1, dtype=np.int64)
        self._stacks(4 * n + 4096)
        self.state = jit.new_state(budget, min_memo)
        self.stats = np.zeros(jit.N_STATS, dtype=np.int64)
        self.seen = np.zeros(n, dtype=np.int64)

    def _stacks(self, units: int) -> None:
        """Stacks of ``units`` words of frames (at least the root's)."""
        self.units = units = max(units, self.n + 2)
        self.ist = np.zeros(3 * units + 8, dtype=np.int32)
        self.fst = np.zeros(WIDTH * units + 8, dtype=np.float64)

    @property
    def work(self) -> Work:
        s = self.stats
        return Work(
            int(s[jit.SOLVED]), int(s[jit.PARTITIONS]), int(s[jit.HITS]), int(s[jit.STORED]),
            int(s[jit.FLUSHES]), int(s[jit.ARENA_PEAK]) * 8 + self.table.nbytes,
        )  # fmt: skip

    def chunk(self, lo: int, hi: int) -> Chunk:
        """The root set solved over its guesses ``lo..hi``."""
        if not 0 <= lo < hi <= self.n:
            raise WordleError(f"no guesses {lo}..{hi} among {self.n}")
        before = self.work
        seen0 = self.seen.copy()
        t0 = time.perf_counter()
        while True:
            self.ist[: self.n] = np.arange(self.n, dtype=np.int32)
            self.state[jit.OVERFLOW] = 0
            i64 = np.int64
            jit.solve(
                i64(self.n), i64(0), i64(0), i64(lo), i64(hi), i64(0), self.ist, self.fst,
                self.matrix, self.target,
                self.z1, self.z2, self.pat, self.cnt, self.touched, self.table, self.arena,
                self.state, self.stats, self.seen,
            )  # fmt: skip
            if self.state[jit.ABORT]:
                raise BudgetSpent(f"more than {int(self.state[jit.BUDGET]):,} sets")
            if not self.state[jit.OVERFLOW]:
                break
            self._stacks(self.units * 2)  # the memo's sets stay: they are exact
        seconds = time.perf_counter() - t0
        after = self.work
        sums = self.fst[: WIDTH * self.n].reshape(self.n, WIDTH)[self.targets].copy()
        work = Work(
            after.sets - before.sets, after.partitions - before.partitions,
            after.hits - before.hits, after.stored - before.stored,
            after.flushes - before.flushes, after.memo_bytes, seconds,
        )  # fmt: skip
        return Chunk(lo, hi, sums, (self.seen - seen0)[self.targets], work)


@dataclass(frozen=True)
class Figures:
    """Every target word's figures, in the order of the targets."""

    words: tuple[str, ...]
    expected: Floats
    worst: npt.NDArray[np.int64]
    p_over_6: Floats
    sets: npt.NDArray[np.int64]


def combine(words: tuple[str, ...], n: int, chunks: Iterable[Chunk]) -> Figures:
    """The figures of the root set of ``n`` words from its chunks' sums (added in the order
    of the chunks, whatever order they were computed in): the kernel's own formulas."""
    ordered = sorted(chunks, key=lambda c: c.lo)
    acc = np.zeros_like(ordered[0].sums)
    seen = np.zeros_like(ordered[0].seen)
    for c in ordered:
        acc[:, 0] += c.sums[:, 0]
        acc[:, 1] = np.maximum(acc[:, 1], c.sums[:, 1])
        acc[:, 2:] += c.sums[:, 2:]
        seen += c.seen
    inv = 1.0 / n
    p6 = inv + acc[:, 6] * inv
    return Figures(
        words,
        1.0 + acc[:, 0] * inv,
        (1.0 + acc[:, 1]).astype(np.int64),
        np.maximum(0.0, 1.0 - p6),
        seen - (len(ordered) - 1),  # the root is counted once per chunk
    )
