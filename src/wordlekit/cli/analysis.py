"""Analysis commands: ``expected`` (random consistent play, :mod:`wordlekit.services.randomplay`)
and ``review`` (a played game, :mod:`wordlekit.services.review`). Both services load numba: each
command imports its own when it runs."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import click
from rich.console import Console

from wordlekit.cli.answers import answer_options, explain_no_fit, load_words
from wordlekit.cli.app import app, examples
from wordlekit.cli.options import (
    csv_option,
    db_option,
    json_option,
    lists_option,
    mode_options,
    top_option,
    turns_argument,
    workers_option,
)
from wordlekit.cli.progress import progress
from wordlekit.cli.render import bars, out, print_csv, print_json, print_lines, table
from wordlekit.core.feedback import Turn
from wordlekit.core.knowledge import turns_from_guesses
from wordlekit.core.rules import Mode
from wordlekit.core.words import WordList
from wordlekit.errors import WordleError
from wordlekit.services.engine import Engine

if TYPE_CHECKING:
    from wordlekit.services.randomplay import EveryWord, OneWord, RandomPlay
    from wordlekit.services.review import Review


@app.command(
    "expected",
    epilog=examples(
        "wordle expected cigar                       exact: 3.7625 guesses, worst 10",
        "wordle expected cigar --simulate 100000     and a Monte Carlo check beside it",
        "wordle expected --all --top 5               every hidden word (resumable)",
        "wordle expected --all --csv > random-play.csv",
        "wordle expected cigar --guesses valid       guessing among every valid word left",
    ),
)
@click.argument("word", required=False)
@click.option("--all", "all_", is_flag=True, help="Every hidden word of the list.")
@top_option(10, "With --all: how many easiest and hardest words to show.")
@click.option(
    "--simulate",
    "games",
    type=click.IntRange(min=2),
    metavar="N",
    help="Also play N random games per word (Monte Carlo, 99.9% intervals).",
)
@click.option("--seed", default=0, show_default=True, help="Seed of --simulate.")
@click.option(
    "--guesses",
    type=click.Choice(["answers", "valid"]),
    default="answers",
    show_default=True,
    help="What is guessed: the answers still possible, or every valid guess still consistent "
    "(the answer is always one of the answers).",
)
@click.option(
    "--budget",
    type=click.IntRange(min=1),
    metavar="SETS",
    help="With --guesses valid: the most consistent sets solved exactly (a worker) before "
    "falling back to Monte Carlo (--simulate games, default 1000) [default: 10,000,000].",
)
@click.option(
    "--method",
    type=click.Choice(["shared", "per-word"]),
    default="shared",
    show_default=True,
    help="With --all: solve each consistent set once for all its words (shared), or each "
    "word on its own (per-word: less memory, each word stored as it comes).",
)
@workers_option("Processes for --all (default: cores).")
@db_option("SQLite file of --all results (default: data folder).")
@csv_option("With --all: CSV output.")
@lists_option
@json_option
def expected_cmd(
    word: str | None,
    all_: bool,
    top: int,
    games: int | None,
    seed: int,
    guesses: str,
    budget: int | None,
    method: str,
    workers: int | None,
    db: str | None,
    csv_: bool,
    lists: str,
    json_: bool,
) -> None:
    """Guessing at random among the words still possible: how many guesses, exactly?

    For WORD (or every word with --all): the expected number of guesses when each guess is
    drawn uniformly from the words consistent with all feedback so far, the worst case and
    the probability of needing more than six. The list's answers are both the guesses and the
    possible answers; with --guesses valid every valid guess still consistent may be guessed
    (exact within --budget, else Monte Carlo, and the output says which).
    """
    if bool(word) == all_:
        raise WordleError("give a WORD or --all (not both)")
    # imported here: random play's kernels load numba
    from wordlekit.services import randomplay

    wl = WordList.load(lists)
    limit = {"budget": budget} if budget else {}
    if word is not None:
        one = randomplay.one_word(
            wl, word, simulate=games, seed=seed, guesses=guesses, **limit
        )  # fmt: skip
        if json_:
            print_json(one)
        else:
            _print_expected_one(out(), one)
        return
    with progress("random play" + (" (chunks)" if method == "shared" else ""), None) as bar:

        def update(done: int, total: int, latest: RandomPlay | None) -> None:
            bar.update(done, total, f"{latest.word} {latest.expected:.3f}" if latest else "")

        every = randomplay.every_word(
            wl, db=db, workers=workers, simulate=games, seed=seed, top=top,
            progress=update, guesses=guesses, method=method, **limit,
        )  # fmt: skip
    if csv_:
        print_csv(*_expected_csv(every))
    elif json_:
        print_json(every)
    else:
        _print_expected_all(out(), every, top)


def _print_expected_one(console: Console, one: OneWord) -> None:
    result, sim = one.exact, one.simulation
    what = "consistent guesses" if one.guesses == "answers" else "consistent valid guesses"
    if result is None:
        assert sim is not None
        console.print(
            f"[bold]{sim.word.upper()}[/bold] ({one.lists} list, {one.words} words), random "
            f"{what}: Monte Carlo (the exact recursion is over its budget), {sim.games:,} games "
            f"(seed {sim.seed}): mean [bold]{sim.mean:.4f}[/bold], 99.9% interval "
            f"[{sim.mean_low:.4f}, {sim.mean_high:.4f}]; P(>6) {sim.p_over_6:.5f} "
            f"[{sim.p_low:.5f}, {sim.p_high:.5f}]; worst seen {sim.worst_seen}"
        )
        return
    console.print(
        f"[bold]{result.word.upper()}[/bold] ({one.lists} list, {one.words} words), random "
        f"{what}: expected [bold]{result.expected:.4f}[/bold] guesses, worst "
        f"{result.worst}, P(more than 6) = {result.p_over_6:.6f}"
    )
    console.print(f"  exact over {result.sets:,} consistent sets in {result.seconds:.2f} s")
    if sim:
        verdict = "contains" if sim.mean_low <= result.expected <= sim.mean_high else "MISSES"
        console.print(
            f"  Monte Carlo, {sim.games:,} games (seed {sim.seed}): mean {sim.mean:.4f}, "
            f"99.9% interval [{sim.mean_low:.4f}, {sim.mean_high:.4f}] {verdict} the "
            f"exact value; P(>6) {sim.p_over_6:.5f} [{sim.p_low:.5f}, {sim.p_high:.5f}]; "
            f"worst seen {sim.worst_seen}"
        )


def _expected_csv(every: EveryWord) -> tuple[list[str], list[list[object]]]:
    sims = every.simulations
    header = ["word", "expected", "worst", "p_over_6", "sets", "seconds"]
    if sims:
        header += ["mc_mean", "mc_low", "mc_high"]
    rows: list[list[object]] = []
    for r in every.results:
        row: list[object] = [
            r.word,
            f"{r.expected:.10f}",
            r.worst,
            f"{r.p_over_6:.10f}",
            r.sets,
            f"{r.seconds:.3f}",
        ]
        if sims:
            s = sims[r.word]
            row += [f"{s.mean:.6f}", f"{s.mean_low:.6f}", f"{s.mean_high:.6f}"]
        rows.append(row)
    return header, rows


def _print_expected_all(console: Console, every: EveryWord, top: int) -> None:
    if every.method == "exact":
        console.print(
            f"[bold]{every.words}[/bold] hidden words ({every.lists} list"
            f"{'' if every.guesses == 'answers' else ', every valid guess'}): mean expected "
            f"guesses [bold]{every.mean:.4f}[/bold], worst case {every.worst} "
            f"({every.worst_word.upper()}), P(more than 6) averaged {every.p_over_6:.5f}"
        )
    else:
        games = next(iter(every.simulations.values())).games
        console.print(
            f"[bold]{every.words}[/bold] hidden words ({every.lists} list, every valid guess): "
            f"Monte Carlo (the exact recursion is over its budget), {games:,} games a word: "
            f"mean guesses [bold]{every.mean:.4f}[/bold] (99.9% interval "
            f"[{every.mean_low:.4f}, {every.mean_high:.4f}]), worst seen {every.worst} "
            f"({every.worst_word.upper()}), P(more than 6) averaged {every.p_over_6:.5f}"
        )
    for title, rows in (("easiest", every.easiest), ("hardest", every.hardest)):
        cells = (
            (r.word.upper(), f"{r.expected:.4f}", str(r.worst), f"{r.p_over_6:.5f}") for r in rows
        )
        columns = ("word", "expected", "worst", "P(>6)")
        console.print(table(columns, cells, left={"word"}, title=f"{top} {title}"))
    console.print("expected guesses:")
    print_lines(console, bars(every.histogram))
    sims = every.simulations
    if sims and every.method == "exact":
        inside = sum(
            sims[r.word].mean_low <= r.expected <= sims[r.word].mean_high for r in every.results
        )
        console.print(f"Monte Carlo: {inside} of {every.words} intervals contain the exact value")


@app.command(
    "review",
    epilog=examples(
        "wordle review crane:bbggb moist:bbybg giant:ggggg",
        "wordle review --answer cigar adieu story cigar",
        "wordle review salet:bybbb brond:bybbb chair:gbyyg cigar:ggggg --json",
        "wordle review --answer aioli crane slate aioli --answers likely",
    ),
)
@turns_argument(required=True)
@click.option("--answer", metavar="WORD", help="The answer (then turns may be bare guesses).")
@mode_options(
    "The game was played in hard mode.",
    "The game was played in ultrahard mode: every guess could still be the answer.",
)
@lists_option
@answer_options
@json_option
def review_cmd(
    turns: tuple[str, ...],
    answer: str | None,
    mode: Mode,
    lists: str,
    answers: str,
    add: tuple[str, ...],
    date: str | None,
    json_: bool,
) -> None:
    """How good was each guess, and how lucky? A turn-by-turn review of a played game.

    TURN is GUESS:PATTERN, or a bare GUESS when --answer is given. With --answers likely or
    all, every valid word may have been the answer: each turn is valued by the estimate with
    the words' probabilities, and the entropy bot is the one compared with.
    """
    # imported here: the review runs the exact search, which loads numba
    from wordlekit.services.review import review

    wl = load_words(lists, answers, add, date)
    history = _review_turns(wl, turns, answer)
    with explain_no_fit(wl, history):
        result = Engine(wl).call(review, history, answer=answer, mode=mode)
    if json_:
        print_json(result)
        return
    _print_review(out(), result)


def _review_turns(wl: WordList, texts: Sequence[str], answer: str | None) -> list[Turn]:
    """Turns typed as GUESS:PATTERN, or bare guesses scored against ``answer`` (the library's
    :func:`~wordlekit.core.knowledge.turns_from_guesses`)."""
    bare = [k for k, t in enumerate(texts) if ":" not in t and "=" not in t]
    if not bare:
        return [Turn.parse(t) for t in texts]
    if answer is None:
        k = bare[0]
        raise WordleError(
            f"turn {k + 1}: {texts[k]!r} has no pattern: write GUESS:PATTERN or give --answer"
        )
    scored = iter(turns_from_guesses(wl, [texts[k] for k in bare], answer))
    return [next(scored) if k in bare else Turn.parse(t) for k, t in enumerate(texts)]


REVIEW_COLUMNS = (
    "#",
    "guess",
    "tiles",
    "left",
    "bits",
    "best bits",
    "E(played)",
    "E(best)",
    "best",
    "rank",
    "skill",
    "luck",
    "",
)


def _print_review(console: Console, result: Review) -> None:
    rows = (
        (
            str(tr.number),
            tr.guess.upper(),
            tr.turn.emoji,
            f"{tr.remaining_before}→{tr.remaining_after}",
            f"{tr.bits:.2f}",
            f"{tr.best_bits:.2f}",
            f"{tr.expected_played:.3f}",
            f"{tr.expected_best:.3f}",
            tr.best_guess.upper(),
            f"{tr.rank}",
            str(tr.skill),
            str(tr.luck),
            "" if tr.method == "exact" else "estimate",
        )
        for tr in result.turns
    )
    console.print(table(REVIEW_COLUMNS, rows, left={"guess", "tiles", "best", ""}))
    console.print(result.summary)
    if result.answers != "list":
        console.print(
            "[dim]Every valid word may be the answer "
            f"({'weighted by how likely it is' if result.answers == 'likely' else 'equally'}): "
            "E(...) = expected guesses from that turn on (it included), estimated with the "
            "words' probabilities; bits = information of the pattern seen; skill = 100 − 100 × "
            "(E(played) − E(best)); luck = % of the probability on answers that would have "
            "left more of it.[/dim]"
        )
        return
    console.print(
        "[dim]E(...) = expected guesses from that turn on (it included), exact by the optimal "
        "solver up to 400 words, else estimated (on the first turn: the gap to the proven "
        "best); skill = 100 − 100 × (E(played) − E(best)); "
        "luck = % of possible answers that would have left more words.[/dim]"
    )
