"""The helper and the bot of several boards on the command line: ``wordle solve --boards 4
A,B,C,D``, ``wordle bench --boards 4`` and ``wordle boards`` (the helper). Games of several
boards are played by ``wordle play``, as every variant (:mod:`wordlekit.cli.play`).

``solve`` and ``bench`` keep their one-board behaviour; given ``--boards N`` or ``--variant
NAME`` they hand over to the functions here. The variants are the registry's
(:func:`wordlekit.core.variants.variant_for`), the helper, the bot and its benchmark the
services' (:mod:`wordlekit.services.boards`), run on an
:class:`~wordlekit.services.engine.Engine`: this module parses and prints.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import click

from wordlekit.cli.answers import BotOptions
from wordlekit.cli.app import app, examples
from wordlekit.cli.options import (
    NamedChoice,
    combine,
    json_option,
    lists_option,
    mode_options,
    strategy_names,
    top_option,
    variant_options,
)
from wordlekit.cli.progress import progress
from wordlekit.cli.render import out, print_json
from wordlekit.core.game import Variant
from wordlekit.core.rules import ULTRAHARD_RULE, Host, Mode
from wordlekit.core.variants import variant_for
from wordlekit.core.words import WordList
from wordlekit.errors import WordleError
from wordlekit.services import boards as service
from wordlekit.services.catalog import default_strategy
from wordlekit.services.engine import Engine

#: The strategies of several boards, and the one played when none is named.
BOARD_STRATEGIES = strategy_names(boards=2)
DEFAULT_STRATEGY = default_strategy(boards=2)


@dataclass(frozen=True)
class Several:
    """What ``--variant``, ``--boards``, ``--max-guesses`` and ``--board-strategy`` ask of
    ``solve`` and ``bench``: the bot of several boards when a variant or a number of boards is
    given."""

    variant: str | None = None
    boards: int | None = None
    max_guesses: int | None = None
    strategy: str | None = None

    @property
    def wanted(self) -> bool:
        return self.boards is not None or self.variant is not None

    def variant_of(self, boards: int | None = None) -> Variant:
        """The variant the bot of several boards plays (a fixed answer per board); with
        neither option given, one of ``boards`` boards."""
        n = self.boards if self.wanted else boards
        v = variant_for(self.variant, boards=n, max_guesses=self.max_guesses)
        if v.host is not Host.FIXED:
            raise WordleError(
                f"the bot of several boards plays fixed answers, not {v.title}: "
                "see wordle solve --absurdle"
            )
        return v


def several_options(f: Callable[..., Any]) -> Callable[..., Any]:
    """``--variant``, ``--boards``, ``--max-guesses`` and ``--board-strategy``, given to the
    command as one :class:`Several` argument ``several``."""

    @functools.wraps(f)
    def command(**params: Any) -> Any:
        names = ("variant", "boards", "max_guesses")
        several = Several(
            **{k: params.pop(k) for k in names}, strategy=params.pop("board_strategy")
        )
        return f(**params, several=several)

    strategy = click.option(
        "--board-strategy",
        default=None,
        metavar="NAME",
        type=NamedChoice("multi-board strategy", BOARD_STRATEGIES),
        help=f"With --boards: {', '.join(BOARD_STRATEGIES)} (default {DEFAULT_STRATEGY}).",
    )
    return combine(variant_options, strategy)(command)


# -- solve and bench -------------------------------------------------------------------------


def solve(answers: str, several: Several, start: str | None, bot: BotOptions) -> None:
    """``wordle solve --boards N A,B,...``: the bot plays the boards (under ``bot.mode``)."""
    words = [w.strip() for w in answers.split(",") if w.strip()]
    v = several.variant_of(len(words))
    if len(words) != v.boards:
        raise WordleError(
            f"{v.title} has {v.boards} boards: give {v.boards} answers separated by commas, "
            f"not {len(words)}"
        )
    mode, lists, json_ = bot.mode, bot.lists, bot.json
    wl = WordList.load(lists)
    found = Engine(wl).call(
        service.solve, words, strategy=several.strategy, max_guesses=v.max_guesses,
        start=start, mode=mode,
    )  # fmt: skip
    if json_:
        print_json(found)
        return
    played = found.play
    console = out()
    console.print(f"{played.strategy} bot on {', '.join(w.upper() for w in played.answers)}")
    for t, row in enumerate(found.rows, start=1):
        shown = " ".join(c.emoji if c is not None else "-" * wl.length for c in row.boards)
        console.print(f"{t:2d}. {row.guess.upper()}  {shown}")
    solved_at = ", ".join(str(n) for n in played.solved_at)
    if not played.finished:
        console.print(
            f"Lost: not every board solved after {played.turns} guesses ({mode} mode leaves "
            f"no word that could change anything; boards solved at {solved_at}, where 0 is "
            "not solved)."
        )
        return
    verdict = "Won" if played.won else "Lost"
    console.print(
        f"{verdict}: every board solved in {played.turns}/{v.max_guesses} guesses "
        f"(boards solved at {solved_at})."
    )


def bench(several: Several, games: int, bot: BotOptions) -> None:
    """``wordle bench --boards N --games G --seed S`` (under ``bot.mode``)."""
    v = several.variant_of()
    if games < 1:
        raise WordleError(f"--games is a number from 1, not {games}")
    names = [several.strategy or DEFAULT_STRATEGY]
    mode, seed, lists, json_ = bot.mode, bot.seed, bot.lists, bot.json
    engine = Engine(WordList.load(lists))
    results = []
    for name in names:
        with progress(name, games) as bar:
            result = engine.call(
                service.benchmark, v, strategy=name, games=games, seed=seed, mode=mode,
                progress=bar.advance,
            )  # fmt: skip
        results.append(result)
    if json_:
        print_json({"results": results})
        return
    console = out()
    for r in results:
        console.print(
            f"[bold]{r.strategy}[/bold] on {r.games:,} {v.title} games (seed {seed}, "
            f"{v.boards} boards, {v.max_guesses} guesses):"
        )
        console.print(
            f"  mean {r.mean:.4f} guesses, won {r.wins:,}/{r.games:,} "
            f"({100 * r.win_rate:.2f} %) within {v.max_guesses}, {r.seconds:.1f} s"
        )
        top = max(r.counts.histogram.values(), default=1)
        for k, c in r.counts.histogram.items():
            mark = "" if v.max_guesses is None or k <= v.max_guesses else "  (lost)"
            line = "█" * max(1, round(30 * c / top))
            console.print(f"  {k:3d} {line} {c:,}{mark}")


# -- the helper ------------------------------------------------------------------------------


@app.command(
    "boards",
    epilog=examples(
        "wordle boards --boards 4                 the best first guess for Quordle",
        "wordle boards -v quordle soare:bbybb,ybbbg,bbbbb,gbgbb",
        "wordle boards -b 2 crane:bbybb,ggggg clint:bybby,-     board 2 solved by CRANE",
        "wordle boards -v dordle --hard crane:bbybb,ybbbg       the hints of every board used",
        "Each TURN is GUESS:PATTERN,PATTERN,... with one pattern per board (g/y/b, 2/1/0 or",
        "emoji), - for a board already solved.",
    ),
)
@click.argument("turns", nargs=-1, metavar="[TURN]...")
@click.option("--boards", "-b", type=int, default=None, metavar="N", help="How many boards.")
@click.option("--variant", "-v", default=None, metavar="NAME", help="Or the variant by name.")
@click.option("--max-guesses", type=int, default=None, metavar="M", help="The guess limit.")
@click.option(
    "--strategy",
    "-s",
    default=DEFAULT_STRATEGY,
    show_default=True,
    metavar="NAME",
    type=NamedChoice("multi-board strategy", BOARD_STRATEGIES),
    help=f"Multi-board strategy: {', '.join(BOARD_STRATEGIES)}.",
)
@top_option(5, "How many next guesses.", short=True)
@mode_options(
    "Hard mode: every guess uses the hints of every board still being played.",
    f"Ultrahard mode on every board still being played: {ULTRAHARD_RULE}.",
)
@lists_option
@json_option
def boards_cmd(
    turns: tuple[str, ...],
    boards: int | None,
    variant: str | None,
    max_guesses: int | None,
    strategy: str,
    top: int,
    mode: Mode,
    lists: str,
    json_: bool,
) -> None:
    """The helper for several boards: the words left on each board and the best next guess
    for all boards together, after your guesses and each board's colours."""
    if boards is None and variant is None:
        raise WordleError("say how many boards: --boards N or --variant NAME")
    v = Several(variant, boards, max_guesses).variant_of()
    wl = WordList.load(lists)
    guesses: list[str] = []
    columns: list[list[int | None]] = [[] for _ in range(v.boards)]
    for text in turns:
        word, pats = service.parse_board_turn(text, v.boards, wl.length)
        guesses.append(word)
        for b, p in enumerate(pats):
            columns[b].append(p)
    found = Engine(wl).call(
        service.assist, guesses, columns, boards=v.boards, max_guesses=v.max_guesses,
        strategy=strategy, top=top, mode=mode,
    )  # fmt: skip
    if json_:
        print_json(found)
        return
    console = out()
    for board in found.boards:
        if board.solved:
            console.print(f"Board {board.board}: solved ({(board.answer or '').upper()})")
            continue
        n = board.remaining
        shown = " ".join(w.upper() for w in board.words[:12])
        more = " …" if n > 12 else ""
        console.print(f"Board {board.board}: {n} left: {shown}{more}")
    if found.note:
        console.print(found.note)
        return
    if not found.suggestions:
        console.print("Every board is solved.")
        return
    console.print(f"Next guess for all boards ({found.guesses_left} guesses left):")
    for s in found.suggestions:
        could = f", could solve board {'/'.join(map(str, s.answer_on))}" if s.answer_on else ""
        console.print(f"  {s.word.upper()}  {s.bits:.2f} bits{could}")
