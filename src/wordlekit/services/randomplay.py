"""Random consistent play for the front ends: exactly how many guesses it takes to guess at
random among the words still possible, for one hidden word or for every one.

The figures are :mod:`wordlekit.analysis.randomplay`'s (:class:`RandomPlay`, exact;
:class:`Simulation`, the Monte Carlo cross-check), re-exported. The list's answers are both
what may be guessed and what may be the answer: the lists' other allowed guesses take no
part. The run over every word stores each result in SQLite as soon as it is known (by
default in the data folder, :func:`wordlekit.services.files.data_dir`), so a stopped run
resumes without recomputing anything.

Importing this module loads numba (the recursion's kernels): a front end imports it inside
the command that needs it.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path

from wordlekit.analysis.randomplay import RandomPlay, ResultStore, Simulation, Solver
from wordlekit.analysis.randomplay import run_all as run_every_word
from wordlekit.core.words import WordList
from wordlekit.errors import WordleError
from wordlekit.services.files import data_dir

__all__ = [
    "BIN_WIDTH",
    "DB_NAME",
    "EveryWord",
    "OneWord",
    "RandomPlay",
    "Simulation",
    "answers_only",
    "bins",
    "every_word",
    "one_word",
]

#: The file of the stored results in the data folder.
DB_NAME = "analysis.sqlite3"
#: The width of a bin of the histogram of expected guesses over every word.
BIN_WIDTH = 0.25


@dataclass(frozen=True)
class OneWord:
    """Random play on one hidden word of the list ``lists`` (``words`` words): the exact
    figures, and the simulated games when they were asked for."""

    lists: str
    words: int
    exact: RandomPlay
    simulation: Simulation | None = None


@dataclass(frozen=True)
class EveryWord:
    """Random play on every hidden word of the list ``lists``: the mean of the expected
    guesses, the worst case and the word that has it, the chance of needing more than six
    (averaged over the words), the ``top`` easiest and hardest words, the histogram of the
    expected guesses (bins of :data:`BIN_WIDTH`, labelled ``a-b``), every word's figures
    (easiest first) and, when asked for, each word's simulated games."""

    lists: str
    words: int
    mean: float
    worst: int
    worst_word: str
    p_over_6: float
    easiest: tuple[RandomPlay, ...]
    hardest: tuple[RandomPlay, ...]
    histogram: tuple[tuple[str, int], ...]
    results: tuple[RandomPlay, ...]
    simulations: dict[str, Simulation] = field(default_factory=dict)


def answers_only(wordlist: WordList) -> WordList:
    """The list random play is about: its answers, which are also the only guesses."""
    return WordList(wordlist.name, wordlist.answers)


def bins(values: Sequence[float], width: float = BIN_WIDTH) -> list[tuple[str, int]]:
    """How many values fall in each bin ``[a, a + width)``, from the lowest bin to the
    highest (empty bins included), labelled ``a-b``.

    >>> bins([3.1, 3.2, 3.6], 0.25)
    [('3.00-3.25', 2), ('3.25-3.50', 0), ('3.50-3.75', 1)]
    """
    if not values:
        return []
    lo = int(min(values) / width) * width
    counts: dict[int, int] = {}
    for v in values:
        k = int((v - lo) / width)
        counts[k] = counts.get(k, 0) + 1
    edges = [round(lo + k * width, 6) for k in range(max(counts) + 1)]
    return [(f"{a:.2f}-{a + width:.2f}", counts.get(k, 0)) for k, a in enumerate(edges)]


def one_word(
    wordlist: WordList, word: str, *, simulate: int | None = None, seed: int = 0
) -> OneWord:
    """The exact figures of random play on the hidden ``word`` (an answer of ``wordlist``),
    and with ``simulate`` that many random games (seeded) to check them."""
    wl = answers_only(wordlist)
    solver = Solver(wl)
    exact = solver.solve(wl.check_answer(word))
    sim = solver.simulate(exact.word, simulate, seed) if simulate else None
    return OneWord(wl.name, len(wl.answers), exact, sim)


def every_word(
    wordlist: WordList,
    *,
    db: str | Path | None = None,
    workers: int | None = None,
    simulate: int | None = None,
    seed: int = 0,
    top: int = 10,
    progress: Callable[[int, int, RandomPlay | None], None] | None = None,
) -> EveryWord:
    """Random play on every hidden word of ``wordlist``, on ``workers`` processes (default:
    every core), each result stored in the SQLite file ``db`` (default: :data:`DB_NAME` in
    the data folder) as it comes, so a stopped run resumes; ``simulate``: that many random
    games per word too. ``progress(done, total, latest)`` is told each word finished (and
    once at the start, with what was stored before)."""
    wl = answers_only(wordlist)
    if not wl.answers:
        raise WordleError(f"the {wl.name} list has no answers")
    path = Path(db) if db is not None else data_dir() / DB_NAME
    with closing(ResultStore(path)) as store:
        found = run_every_word(wl, store, workers=workers, progress=progress)
    ordered = tuple(sorted(found.values(), key=lambda r: (r.expected, r.word)))
    sims: dict[str, Simulation] = {}
    if simulate:
        solver = Solver(wl)
        sims = {r.word: solver.simulate(r.word, simulate, seed) for r in ordered}
    worst = max(ordered, key=lambda r: (r.worst, r.expected))
    values = [r.expected for r in ordered]
    return EveryWord(
        wl.name, len(ordered), statistics.fmean(values), worst.worst, worst.word,
        statistics.fmean(r.p_over_6 for r in ordered), ordered[:top], ordered[::-1][:top],
        tuple(bins(values)), ordered, sims,
    )  # fmt: skip
