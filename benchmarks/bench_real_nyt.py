"""Replay the NYT's real daily answers with each answer model (issue 24).

Run: ``.venv/bin/python benchmarks/bench_real_nyt.py [--lists original] [--every K]
[--from DATE] [--to DATE] [--models likely,list,...]``

For every day of the shipped history (``src/wordlekit/data/nyt-daily.tsv``) after the likely
model's training cutoff (the days it was never fitted on; ``--from`` chooses others), the bot
plays that day's real answer with the entropy strategy and each answer model, as of the day:

- ``likely``: the helper's default model on that date (every valid word, weighted by the
  fitted prior; the words served before the day weighed by the measured repeat share);
- ``likely-undated``: the same prior with no history (as if nothing had been served);
- ``list``: the answer list only (it cannot solve a day whose answer is outside it);
- ``all``: every valid word, equally likely;
- ``wordlebot``: the NYT WordleBot's 3,158 candidates of July 2023, equally likely;
- ``optimal-likely``: the exact optimal strategy under the dated likely prior, as the web
  app plays it: each guess searched exactly within ``--budget`` seconds (2 by default, the
  web app's), entropy's guess where the search does not finish in time.

Each bot chooses its own first guess on each day (the likely model's opener may change with
the date). It prints, side by side, the days played, mean, worst, failures (more than six
guesses, or a word the model cannot have) and the distribution, and the mean on the days
whose answer is in the list, with the wall time of each model. Caches go to a temporary
folder.
"""

from __future__ import annotations

import argparse
import datetime as dt
import functools
import os
import shutil
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from wordlekit.core.history import History
    from wordlekit.core.words import WordList
    from wordlekit.fast.matrix import PatternMatrix
    from wordlekit.services.bot import BotPlay

MODELS = ("likely", "likely-undated", "list", "all", "wordlebot", "optimal-likely")


@dataclass
class Tally:
    """One model's games: guesses per day (``None``: not solved within six or impossible)."""

    name: str
    games: dict[dt.date, int | None] = field(default_factory=dict)
    seconds: float = 0.0
    note: str = ""

    def solved(self) -> list[int]:
        return [g for g in self.games.values() if g is not None and g <= 6]

    def row(self, in_list: Callable[[dt.date], bool]) -> str:
        done = self.solved()
        fails = len(self.games) - len(done)
        mean = sum(done) / len(done) if done else float("nan")
        listed = [g for d, g in self.games.items() if in_list(d) and g is not None and g <= 6]
        mean_listed = sum(listed) / len(listed) if listed else float("nan")
        hist = Counter(done)
        dist = " ".join(f"{hist.get(k, 0):>3}" for k in range(1, 7))
        return (
            f"  {self.name:<16}{len(self.games):>5}{mean:>8.4f}{max(done, default=0):>5}"
            f"{fails:>6}{mean_listed:>9.4f}   {dist}{self.seconds:>8.1f} s"
        )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lists", default="original", help="the word lists (original or nyt)")
    parser.add_argument("--every", type=int, default=1, help="play every K-th day only")
    parser.add_argument("--from", dest="start", type=dt.date.fromisoformat, default=None)
    parser.add_argument("--to", dest="end", type=dt.date.fromisoformat, default=None)
    parser.add_argument("--models", default=",".join(MODELS))
    parser.add_argument(
        "--budget", type=float, default=2.0, help="seconds a guess of optimal-likely may take"
    )
    args = parser.parse_args(argv)
    os.environ["WORDLEKIT_CACHE_DIR"] = tmp = tempfile.mkdtemp(prefix="bench-real-nyt-")
    try:
        run(args)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def run(args: argparse.Namespace) -> None:
    from wordlekit.core.history import History
    from wordlekit.core.likely import model
    from wordlekit.core.words import WordList
    from wordlekit.errors import WordleError
    from wordlekit.fast.matrix import PatternMatrix
    from wordlekit.services.advice import answer_matrix
    from wordlekit.services.bot import solve
    from wordlekit.solve.registry import get_strategy
    from wordlekit.solve.strategies import check_answer_model

    history = History.shipped()
    cutoff = dt.date.fromisoformat(model().figures["training"]["cutoff"])
    start = args.start or cutoff + dt.timedelta(days=1)
    end = args.end or history.last
    days = [d for d in history.dates if start <= d <= end][:: args.every]
    base = WordList.load(args.lists)
    t = time.perf_counter()
    square = PatternMatrix.for_list(base.with_answers("likely"))
    print(
        f"{len(days)} real NYT days from {days[0]} to {days[-1]} (likely model fitted to "
        f"{cutoff}); lists {base.name}; entropy bot; square matrix built in "
        f"{time.perf_counter() - t:.1f} s",
        flush=True,
    )
    bot_words = [w for w in _wordlebot() if base.is_valid(w)]
    wordlebot = WordList(
        "wordlebot-2023-07",
        tuple(bot_words),
        tuple(w for w in base.guesses if w not in set(bot_words)),
    )
    plain = {"list": PatternMatrix.for_list(base)}

    def matrix_for(name: str, day: dt.date) -> tuple[PatternMatrix, str]:
        if name in ("likely", "optimal-likely"):
            return answer_matrix(
                square, "likely", day
            ), "entropy" if name == "likely" else "optimal"
        if name == "likely-undated":
            return square, "entropy"
        if name == "all":
            return answer_matrix(plain["list"], "all"), "entropy"
        if name == "wordlebot":
            if "wordlebot" not in plain:
                plain["wordlebot"] = PatternMatrix.for_list(wordlebot)
            return plain["wordlebot"], "entropy"
        return plain["list"], "entropy"

    tallies = []
    exact: list[int] = []  # the guesses of optimal-likely that were exact
    for name in args.models.split(","):
        if name not in MODELS:
            sys.exit(f"unknown model {name!r}: one of {', '.join(MODELS)}")
        if name == "optimal-likely":
            try:
                check_answer_model(get_strategy("optimal"), square.wordlist)
            except WordleError as e:
                print(f"  {name}: skipped ({e})")
                continue
            play = functools.partial(budgeted_optimal, seconds=args.budget, exact=exact)
            tallies.append(play_days(name, days, history, matrix_for, play))
            continue
        tallies.append(play_days(name, days, history, matrix_for, solve))
    if exact:
        print(
            f"optimal-likely: {sum(exact)} of {len(exact)} guesses exact within "
            f"{args.budget:g} s, the others entropy's"
        )

    report(tallies, days, history, base)


def report(tallies: list[Tally], days: list[dt.date], history: History, base: WordList) -> None:
    """The table of every model's games."""

    def in_list(day: dt.date) -> bool:
        answer = history.answer_on(day)
        return answer is not None and base.is_answer(answer)

    listed = sum(in_list(d) for d in days)
    print(f"days whose answer is in the {base.name} answer list: {listed} of {len(days)}")
    print(
        f"  {'model':<16}{'days':>5}{'mean':>8}{'max':>5}{'fail':>6}{'in-list':>9}   "
        f"{'  1   2   3   4   5   6'}{'time':>10}"
    )
    for tally in tallies:
        print(tally.row(in_list))
    print("mean and max over the days solved within six; fail: not solved within six, or an")
    print("answer the model cannot have; in-list: the mean on the days whose answer is listed")


def play_days(
    name: str,
    days: Sequence[dt.date],
    history: History,
    matrix_for: Callable[[str, dt.date], tuple[PatternMatrix, str]],
    solve: Callable[..., BotPlay | Played],
) -> Tally:
    """One model's games on ``days``, with a progress line."""
    tally = Tally(name)
    t0 = time.perf_counter()
    for i, day in enumerate(days, start=1):
        answer = history.answer_on(day)
        assert answer is not None
        pm, strategy = matrix_for(name, day)
        if not pm.wordlist.is_answer(answer):
            tally.games[day] = None  # the model cannot have this answer
        else:
            play = solve(pm, answer, strategy=strategy)
            tally.games[day] = play.guesses if play.solved else None
        if i % 20 == 0 or i == len(days):
            secs = time.perf_counter() - t0
            sys.stderr.write(f"\r  {name}: {i}/{len(days)} days, {secs:.0f} s   ")
            sys.stderr.flush()
    sys.stderr.write("\n")
    tally.seconds = time.perf_counter() - t0
    return tally


@dataclass(frozen=True)
class Played:
    """What :func:`budgeted_optimal` gives back (the fields of a bot's play that count)."""

    guesses: int
    solved: bool


def budgeted_optimal(
    pm: PatternMatrix, answer: str, *, strategy: str, seconds: float, exact: list[int]
) -> Played:
    """The optimal strategy as the web app plays it: each guess searched within ``seconds``,
    entropy's guess when the search does not finish; ``exact`` records each guess (1 when
    the search finished)."""
    from wordlekit.budget import Budget
    from wordlekit.core.feedback import Turn, all_green, score
    from wordlekit.errors import BudgetExceeded
    from wordlekit.solve.registry import get_strategy
    from wordlekit.solve.state import GameState

    optimal, entropy = get_strategy("optimal"), get_strategy("entropy")
    wl = pm.wordlist
    turns: list[Turn] = []
    while len(turns) < 6:
        state = GameState.from_turns(pm, turns)
        try:
            with Budget(seconds).active():
                g = optimal.choose(state)
            exact.append(1)
        except BudgetExceeded:
            g = entropy.choose(state)
            exact.append(0)
        guess = wl.guesses[g]
        turns.append(Turn(guess, score(guess, answer)))
        if turns[-1].pattern == all_green(wl.length):
            return Played(len(turns), True)
    return Played(len(turns), False)


def _wordlebot() -> list[str]:
    from importlib import resources

    text = resources.files("wordlekit").joinpath("data/answers-wordlebot-2023-07.txt")
    return text.read_text("ascii").split()


if __name__ == "__main__":
    main()
