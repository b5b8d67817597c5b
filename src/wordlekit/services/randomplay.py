"""Random consistent play for the front ends: exactly how many guesses it takes to guess at
random among the words still possible, for one hidden word or for every one.

The figures are :mod:`wordlekit.analysis.randomplay`'s (:class:`RandomPlay`, exact;
:class:`Simulation`, the Monte Carlo cross-check), re-exported. By default
(``guesses="answers"``) the list's answers are both what may be guessed and what may be the
answer: the lists' other allowed guesses take no part. With ``guesses="valid"`` the guess is
drawn from every valid guess still consistent (what a player without the answer list does),
the answer from the answers: exact while it fits a budget of sets (:data:`DEFAULT_BUDGET`),
otherwise Monte Carlo with 99.9% intervals, and ``method`` says which. The run over every
word solves each consistent set once for all its words, stores each finished chunk of the
work in SQLite at once (by default in the data folder,
:func:`wordlekit.services.files.data_dir`) and every word's result at the end, so a stopped
run resumes without recomputing anything.

Importing this module loads numba (the recursion's kernels): a front end imports it inside
the command that needs it.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path

from wordlekit.analysis.randomplay import (
    Z_999,
    RandomPlay,
    ResultStore,
    Simulation,
    Solver,
    simulate_all,
    simulate_in,
)
from wordlekit.analysis.randomplay import run_all as run_every_word
from wordlekit.analysis.setplay import GUESSES, BudgetSpent, SetSolver, chunk_bounds, combine
from wordlekit.core.words import WordList
from wordlekit.errors import WordleError
from wordlekit.services.files import data_dir

__all__ = [
    "BIN_WIDTH",
    "DB_NAME",
    "DEFAULT_BUDGET",
    "DEFAULT_GAMES",
    "EXACT",
    "GUESSES",
    "MONTE_CARLO",
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
#: With ``guesses="valid"``: the most consistent sets solved exactly (per worker) before
#: falling back to Monte Carlo (about a minute of one core).
DEFAULT_BUDGET = 10_000_000
#: The games per word of the Monte Carlo fallback, when ``simulate`` does not say.
DEFAULT_GAMES = 1000
#: The two methods, as ``method`` reports them.
EXACT = "exact"
MONTE_CARLO = "monte carlo"


@dataclass(frozen=True)
class OneWord:
    """Random play on one hidden word of the list ``lists`` (``words`` words): the exact
    figures, and the simulated games when they were asked for."""

    lists: str
    words: int
    #: None when the exact recursion did not fit its budget (``method`` is Monte Carlo).
    exact: RandomPlay | None
    simulation: Simulation | None = None
    #: :data:`EXACT` or :data:`MONTE_CARLO`; the words that may be guessed (``answers`` or
    #: ``valid``).
    method: str = EXACT
    guesses: str = "answers"


@dataclass(frozen=True)
class EveryWord:
    """Random play on every hidden word of the list ``lists``: the mean of the expected
    guesses, the worst case and the word that has it, the chance of needing more than six
    (averaged over the words), the ``top`` easiest and hardest words, the histogram of the
    expected guesses (bins of :data:`BIN_WIDTH`, labelled ``a-b``), every word's figures
    (easiest first) and, when asked for, each word's simulated games. ``method``: exact, or
    Monte Carlo (``guesses="valid"`` over its budget: then the figures are the simulated
    games' and ``mean_low``/``mean_high`` the mean's 99.9% interval)."""

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
    method: str = EXACT
    guesses: str = "answers"
    mean_low: float | None = None
    mean_high: float | None = None


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


def _check_guesses(guesses: str) -> None:
    if guesses not in GUESSES:
        raise WordleError(f"unknown --guesses {guesses!r}: answers or valid")


def one_word(
    wordlist: WordList,
    word: str,
    *,
    simulate: int | None = None,
    seed: int = 0,
    guesses: str = "answers",
    budget: int = DEFAULT_BUDGET,
) -> OneWord:
    """The exact figures of random play on the hidden ``word`` (an answer of ``wordlist``),
    and with ``simulate`` that many random games (seeded) to check them. ``guesses="valid"``:
    every valid guess still consistent may be guessed; exact within ``budget`` sets, else
    ``simulate`` (default :data:`DEFAULT_GAMES`) games and ``method`` Monte Carlo."""
    _check_guesses(guesses)
    if guesses == "answers":
        wl = answers_only(wordlist)
        solver = Solver(wl)
        exact = solver.solve(wl.check_answer(word))
        sim = solver.simulate(exact.word, simulate, seed) if simulate else None
        return OneWord(wl.name, len(wl.answers), exact, sim)
    w = wordlist.check_answer(word)
    ss = SetSolver(wordlist, guesses=guesses, targets=[w], memory=2**28, budget=budget)
    h = wordlist.answer_index(w)
    try:
        chunks = [ss.chunk(lo, hi) for lo, hi in chunk_bounds(ss.n, 1)]
    except BudgetSpent:
        sim = simulate_in(ss.matrix, h, w, simulate or DEFAULT_GAMES, seed)
        return OneWord(wordlist.name, ss.n, None, sim, MONTE_CARLO, guesses)
    f = combine((w,), ss.n, chunks)
    work = chunks[0].work
    exact = RandomPlay(w, float(f.expected[0]), int(f.worst[0]), float(f.p_over_6[0]),
                       int(f.sets[0]), work.seconds)  # fmt: skip
    sim = simulate_in(ss.matrix, h, w, simulate, seed) if simulate else None
    return OneWord(wordlist.name, ss.n, exact, sim, EXACT, guesses)


def every_word(
    wordlist: WordList,
    *,
    db: str | Path | None = None,
    workers: int | None = None,
    simulate: int | None = None,
    seed: int = 0,
    top: int = 10,
    progress: Callable[[int, int, RandomPlay | None], None] | None = None,
    guesses: str = "answers",
    budget: int = DEFAULT_BUDGET,
    method: str = "shared",
) -> EveryWord:
    """Random play on every hidden word of ``wordlist``, on ``workers`` processes (default:
    every core), each finished chunk of the work stored in the SQLite file ``db`` (default:
    :data:`DB_NAME` in the data folder) as it comes and every word's result at the end, so a
    stopped run resumes; ``simulate``: that many random games per word too.
    ``progress(done, total, latest)`` is told each chunk finished (and once at the start,
    with what was stored before). ``guesses="valid"``: every valid guess still consistent
    may be guessed; exact within ``budget`` sets a worker, else ``simulate`` (default
    :data:`DEFAULT_GAMES`) games per word and ``method`` Monte Carlo. ``method="per-word"``:
    each word solved on its own and stored as it comes (``progress`` counts words)."""
    _check_guesses(guesses)
    wl = answers_only(wordlist) if guesses == "answers" else wordlist
    if not wl.answers:
        raise WordleError(f"the {wl.name} list has no answers")
    path = Path(db) if db is not None else data_dir() / DB_NAME
    figures = EXACT  # how the figures were found
    try:
        with closing(ResultStore(path)) as store:
            found = run_every_word(
                wl, store, workers=workers, progress=progress, guesses=guesses,
                budget=budget if guesses != "answers" else 0, method=method,
            )  # fmt: skip
    except BudgetSpent:
        figures = MONTE_CARLO
        mc = simulate_all(wl, simulate or DEFAULT_GAMES, seed, guesses=guesses, workers=workers)
        found = {w: RandomPlay(w, s.mean, s.worst_seen, s.p_over_6, 0, 0.0)
                 for w, s in mc.items()}  # fmt: skip
    ordered = tuple(sorted(found.values(), key=lambda r: (r.expected, r.word)))
    sims: dict[str, Simulation] = {}
    low = high = None
    if figures == MONTE_CARLO:
        sims = {r.word: mc[r.word] for r in ordered}
        # the list-wide mean of independent per-word means: its standard error
        n = len(ordered)
        se = math.sqrt(sum(((s.mean_high - s.mean) / Z_999) ** 2 for s in sims.values())) / n
        mean = statistics.fmean(r.expected for r in ordered)
        low, high = mean - Z_999 * se, mean + Z_999 * se
    elif simulate:
        if guesses == "answers":
            solver = Solver(wl)
            sims = {r.word: solver.simulate(r.word, simulate, seed) for r in ordered}
        else:
            ss = SetSolver(wl, guesses=guesses, memory=2**20)
            sims = {
                r.word: simulate_in(ss.matrix, wl.answer_index(r.word), r.word, simulate, seed)
                for r in ordered
            }
    worst = max(ordered, key=lambda r: (r.worst, r.expected))
    values = [r.expected for r in ordered]
    return EveryWord(
        wl.name, len(ordered), statistics.fmean(values), worst.worst, worst.word,
        statistics.fmean(r.p_over_6 for r in ordered), ordered[:top], ordered[::-1][:top],
        tuple(bins(values)), ordered, sims, figures, guesses, low, high,
    )  # fmt: skip
