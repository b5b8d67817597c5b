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

import contextlib
import math
import os
import pickle
import select
import signal
import sqlite3
import statistics
from collections.abc import Callable, Sequence
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path

from wordlekit import budget as work
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
from wordlekit.errors import InternalError, WordleError
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.services.files import data_dir

__all__ = [
    "BIN_WIDTH",
    "COMPUTED",
    "DB_NAME",
    "DEFAULT_BUDGET",
    "DEFAULT_GAMES",
    "EXACT",
    "GUESSES",
    "MONTE_CARLO",
    "NOT_AN_ANSWER",
    "OVER_BUDGET",
    "STORED",
    "EveryWord",
    "OneWord",
    "RandomPlay",
    "Simulation",
    "WordFigures",
    "answers_only",
    "bins",
    "every_word",
    "one_word",
    "over_budget_figures",
    "solve_apart",
    "stored_figures",
    "word_figures",
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


# One word's figures beside a finished game (the web app's review, the terminal UI's end panel) --

#: Where a word's figures came from: the stored results table, or worked out for this request.
STORED = "stored"
COMPUTED = "computed"
#: Why there are no figures: the word is never an answer of the list (random play hides only
#: answers), or working them out did not fit in the work budget.
NOT_AN_ANSWER = "not_an_answer"
OVER_BUDGET = "over_budget"


@dataclass(frozen=True)
class WordFigures:
    """Random play on the hidden ``word`` of the list ``lists`` (``words`` answers, which are
    also the only guesses): the expected guesses, the worst case and the chance of needing
    more than six, and where they came from (``source``: :data:`STORED`, read from the
    results table that ``wordle expected`` fills; :data:`COMPUTED`, worked out for this
    request). Without figures, ``source`` is ``None`` and ``missing`` says why
    (:data:`NOT_AN_ANSWER`, :data:`OVER_BUDGET`) with ``note``, a sentence that says what to
    run instead where there is something to run."""

    word: str
    lists: str
    words: int
    source: str | None
    expected: float | None = None
    worst: int | None = None
    p_over_6: float | None = None
    missing: str | None = None
    note: str | None = None

    @property
    def known(self) -> bool:
        return self.source is not None


def _with(wl: WordList, r: RandomPlay, source: str) -> WordFigures:
    return WordFigures(r.word, wl.name, len(wl.answers), source, r.expected, r.worst, r.p_over_6)


def _results_path(db: str | Path | None) -> Path:
    return Path(db) if db is not None else data_dir() / DB_NAME


def stored_figures(
    wordlist: WordList, word: str, *, db: str | Path | None = None
) -> WordFigures | None:
    """Quick (one SQLite read, no computing): the figures of ``word`` when the results table
    ``db`` (default: :data:`DB_NAME` in the data folder) has them, "no figures" when the word
    is never an answer of ``wordlist``, else ``None`` (they must be computed:
    :func:`word_figures`). A word of the wrong shape is an
    :class:`~wordlekit.errors.InvalidWordError`; a missing results file is "not stored"
    (it is not created)."""
    wl = answers_only(wordlist)
    w = wordlist.normalize(word)
    if not wl.is_answer(w):
        return WordFigures(
            w, wl.name, len(wl.answers), None, missing=NOT_AN_ANSWER,
            note=f"{w.upper()} is not one of the {len(wl.answers):,} answers of the {wl.name} "
            "list, so random play has no figures for it.",
        )  # fmt: skip
    path = _results_path(db)
    if not path.exists():
        return None
    with closing(ResultStore(path)) as store:
        found = store.done(wl.content_hash).get(w)
    return None if found is None else _with(wl, found, STORED)


def word_figures(
    matrix: PatternMatrix, word: str, *, db: str | Path | None = None, keep: bool = True
) -> WordFigures:
    """The random-play figures of ``word`` on the list of ``matrix`` (the work pool's and the
    terminal UI's operation ``random_play``): read from the results table ``db`` when stored
    (see :func:`stored_figures`), else computed by the per-word path (1 to 9 s a word on the
    original list) and, with ``keep``, stored there for next time.

    Under an active work budget the computing runs in a child process of this one (forked:
    the compiled kernel comes with it), killed when the budget runs out or is cancelled, since
    the recursion's kernel does not stop by itself: nothing runs on, and the memory of its
    memo table (up to ~540 MB on the original list) is given back at once. Past the budget
    the result has no figures (``missing`` :data:`OVER_BUDGET`) and its note names the
    commands that compute them without a limit; a cancelled request raises
    :class:`~wordlekit.errors.BudgetExceeded`."""
    wordlist = matrix.wordlist
    found = stored_figures(wordlist, word, db=db)
    if found is not None:
        return found
    wl = answers_only(wordlist)
    w = wl.check_answer(word)
    budget = work.current()
    r = solve_apart(wl, w, budget) if budget is not None else _solve(wl, w)
    if r is None:
        assert budget is not None
        if budget.reason == "cancelled":
            raise budget.exceeded()
        return over_budget_figures(wordlist, w, budget.nominal or 0.0)
    if keep:
        with (
            contextlib.suppress(OSError, sqlite3.Error, WordleError),
            closing(ResultStore(_results_path(db))) as store,
        ):
            store.add(wl.content_hash, r)
    return _with(wl, r, COMPUTED)


def over_budget_figures(wordlist: WordList, word: str, seconds: float) -> WordFigures:
    """No figures for ``word`` (an answer of ``wordlist``): computing them needs more than the
    ``seconds`` of work allowed; the note names the commands that have no limit."""
    wl = answers_only(wordlist)
    return WordFigures(
        word, wl.name, len(wl.answers), None, missing=OVER_BUDGET,
        note=f"Not computed in time: random play on {word.upper()} needs more than the "
        f"{seconds:g} s of work allowed here. Run `wordle expected {word}` (one word), or "
        "`wordle expected --all` once to store every word's figures.",
    )  # fmt: skip


#: Seconds between two looks at the budget while a child process computes.
POLL = 0.02


def _die_with(parent: int) -> None:  # pragma: no cover - runs in the child
    """Be killed if the process that forked this one dies (Linux; a worker killed by its pool
    leaves no orphan computing on)."""
    with contextlib.suppress(Exception):
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    if os.getppid() != parent:  # it died before that was set
        os._exit(1)


def _solve(wl: WordList, word: str) -> RandomPlay:
    return Solver(wl).solve(word)


def solve_apart(
    wl: WordList,
    word: str,
    budget: work.Budget,
    *,
    solve: Callable[[WordList, str], RandomPlay] = _solve,
) -> RandomPlay | None:
    """``solve(wl, word)`` (the per-word path) in a forked child process, its result sent
    back through a pipe; ``None`` when ``budget`` runs out first (the child is killed then).
    Where processes cannot be forked, computed here, unbounded."""
    if not hasattr(os, "fork"):  # pragma: no cover - not POSIX
        return solve(wl, word)
    if budget.expired():
        return None
    read, write = os.pipe()
    parent = os.getpid()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child: compute, send, exit without cleaning up
        status = 1
        try:
            os.close(read)
            _die_with(parent)
            data = pickle.dumps(solve(wl, word))
            with os.fdopen(write, "wb") as out:
                out.write(data)
            status = 0
        finally:
            os._exit(status)
    os.close(write)
    data = b""
    try:
        with os.fdopen(read, "rb") as source:
            while True:
                if select.select([source], [], [], POLL)[0]:
                    data = source.read()  # the child writes once, then exits
                    break
                if budget.expired():
                    os.kill(pid, signal.SIGKILL)
                    return None
    finally:
        os.waitpid(pid, 0)
    if not data:
        raise InternalError(f"random play on {word.upper()} failed in its child process")
    result: RandomPlay = pickle.loads(data)
    return result
