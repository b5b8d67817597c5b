"""Several boards at once on the command line: ``wordle play --boards 4``,
``wordle solve --boards 4 A,B,C,D``, ``wordle bench --boards 4`` and ``wordle boards`` (the
helper).

``play``, ``solve`` and ``bench`` keep their one-board behaviour; given ``--boards N`` or
``--variant NAME`` they hand over to the functions here. The rules are the library's
(:mod:`wordlekit.core.boards`), the helper and the games the services'
(:mod:`wordlekit.services.boards`): this module parses and draws.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import click
from rich.console import Console
from rich.text import Text

from wordlekit.cli.app import app, examples
from wordlekit.cli.progress import progress
from wordlekit.cli.render import (
    TILE_STYLES,
    UNKNOWN_STYLE,
    out,
    print_json,
    read_line,
    tiles_text,
)
from wordlekit.core.boards import VARIANTS, BoardGame, Status, Variant
from wordlekit.core.feedback import format_pattern
from wordlekit.core.rules import Mode
from wordlekit.core.words import WordList
from wordlekit.errors import InvalidWordError, WordleError
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.services import boards as service
from wordlekit.solve.boards_play import benchmark_boards
from wordlekit.solve.registry import default_strategy, get_strategy, strategy_names

#: The strategies of several boards, and the one played when none is named.
BOARD_STRATEGIES = strategy_names(boards=2)
DEFAULT_STRATEGY = default_strategy(boards=2)

QUIT = (":q", ":quit")
KEYBOARD_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
#: Boards drawn side by side on a terminal line.
PER_LINE = 4


def wanted(boards: int | None, variant: str | None) -> bool:
    """Whether the options ask for a multi-board game."""
    return boards is not None or variant is not None


def variant_options(f: Any) -> Any:
    """``--boards N``, ``--variant NAME`` and ``--max-guesses M`` (for play, solve, bench)."""
    names = ", ".join(f"{v.name} ({v.boards})" for v in VARIANTS.values())
    f = click.option(
        "--max-guesses",
        type=int,
        default=None,
        metavar="M",
        help="With --boards: the guess limit (default boards + 5).",
    )(f)
    f = click.option(
        "--variant",
        default=None,
        metavar="NAME",
        help=f"A multi-board variant by name: {names}.",
    )(f)
    return click.option(
        "--boards",
        type=int,
        default=None,
        metavar="N",
        help="Play N boards at once (2 Dordle, 4 Quordle, 8 Octordle, 16, 32, any N).",
    )(f)


def board_strategy_option(f: Any) -> Any:
    """``--board-strategy NAME`` (for solve and bench with ``--boards``)."""
    return click.option(
        "--board-strategy",
        default=None,
        metavar="NAME",
        help=f"With --boards: {', '.join(BOARD_STRATEGIES)} (default {DEFAULT_STRATEGY}).",
    )(f)


def _variant(boards: int | None, variant: str | None, max_guesses: int | None) -> Variant:
    return service.variant_of(variant, boards, max_guesses)


# -- drawing ---------------------------------------------------------------------------------


def board_lines(game: BoardGame, boards: Sequence[int]) -> list[Text]:
    """The rows of ``boards`` side by side, as many rows as guesses were played."""
    n = game.length
    width = 4 * n - 1
    columns = []
    for b in boards:
        col = [tiles_text(t.guess, t.pattern) for t in game.board_turns(b)]
        columns.append(col)
    depth = max((len(c) for c in columns), default=0)
    lines = []
    head = Text()
    for k, b in enumerate(boards):
        mark = "✓" if game.solved[b] else " "
        head.append(f"{'   ' if k else ''}{f'Board {b + 1} {mark}':<{width}}", style="bold")
    lines.append(head)
    for r in range(depth):
        line = Text()
        for k, col in enumerate(columns):
            if k:
                line.append("   ")
            line.append(col[r] if r < len(col) else Text(" " * width))
        lines.append(line)
    return lines


def keyboard_text(game: BoardGame) -> Text:
    """The keyboard with each key split per board: one coloured cell per unsolved board
    (the letter on the first), so a key shows its state on every board, as Quordle's."""
    unsolved = game.unsolved
    states = [game.keyboard(b) for b in unsolved]
    text = Text()
    for n, row in enumerate(KEYBOARD_ROWS):
        text.append(" " * (n * 2))
        for ch in row:
            for k, st in enumerate(states):
                tile = st.get(ch)
                style = TILE_STYLES[tile] if tile is not None else UNKNOWN_STYLE
                text.append(ch.upper() if k == 0 else " ", style=style)
            text.append(" ")
        text.append("\n")
    return text


def render(console: Console, game: BoardGame) -> None:
    if console.is_terminal:
        for i in range(0, game.boards, PER_LINE):
            for line in board_lines(game, range(i, min(i + PER_LINE, game.boards))):
                console.print(line)
            console.print()
        console.print(keyboard_text(game))
        return
    # Not a terminal: the last guess's colours on every board still played, in emoji.
    t = len(game.guesses)
    word = game.guesses[-1]
    cells = []
    for b in range(game.boards):
        at = game.solved_at[b]
        if at is not None and at < t:
            cells.append("-" * game.length)
        else:
            cells.append(format_pattern(game.board_turns(b)[-1].pattern, game.length))
    console.print(f"{t}. {word.upper()} " + " ".join(cells))


# -- play ------------------------------------------------------------------------------------


def play(
    boards: int | None,
    variant: str | None,
    max_guesses: int | None,
    daily: str | None,
    seed: int | None,
    lists: str,
) -> None:
    """``wordle play --boards N``: a game read line by line."""
    if daily is not None and seed is not None:
        raise WordleError("choose --daily DATE or --seed N, not both")
    v = _variant(boards, variant, max_guesses)
    wl = WordList.load(lists)
    game = service.new_game(
        v, "daily" if daily is not None else "practice", date=daily, seed=seed, wordlist=wl
    )
    console = out()
    console.print(
        f"[bold]{game.label}[/bold]: {v.boards} boards, {v.max_guesses} guesses. "
        "Every guess goes to every board not solved yet."
    )
    while game.status is Status.PLAYING:
        line = read_line(console, f"Guess {len(game.guesses) + 1}/{v.max_guesses}: ")
        if line is None or line.strip() in QUIT:
            console.print("Game left unfinished.")
            return
        if not line.strip():
            continue
        try:
            game = game.guess(line.strip())
        except InvalidWordError as e:
            console.print(f"[yellow]{e}[/yellow] (no turn used)")
            continue
        render(console, game)
    style = "bold green" if game.status is Status.WON else "bold"
    console.print(Text(game.outcome() or "", style=style))
    console.print()
    console.print(game.share())


# -- solve and bench -------------------------------------------------------------------------


def _board_strategy(name: str | None) -> str:
    """A multi-board strategy name; the one-board default (entropy) means the default here."""
    if name is None or name == default_strategy(boards=1):
        return DEFAULT_STRATEGY
    return get_strategy(name, boards=2).name  # an unknown name says which names there are


def solve(
    answers: str,
    boards: int | None,
    variant: str | None,
    max_guesses: int | None,
    strategy: str | None,
    start: str | None,
    lists: str,
    json_: bool,
    mode: str = "normal",
) -> None:
    """``wordle solve --boards N A,B,...``: the bot plays the boards (under ``mode``)."""
    words = [w.strip() for w in answers.split(",") if w.strip()]
    if boards is None and variant is None:
        boards = len(words)
    v = _variant(boards, variant, max_guesses)
    if len(words) != v.boards:
        raise WordleError(
            f"{v.title} has {v.boards} boards: give {v.boards} answers separated by commas, "
            f"not {len(words)}"
        )
    wl = WordList.load(lists)
    pm = PatternMatrix.for_list(wl)
    data = service.solve(
        pm,
        words,
        strategy=_board_strategy(strategy),
        max_guesses=v.max_guesses,
        start=start,
        mode=mode,
    )
    if json_:
        print_json(data)
        return
    console = out()
    console.print(f"{data['strategy']} bot on {', '.join(w.upper() for w in data['answers'])}")
    for t, row in enumerate(data["rows"], start=1):
        cells = " ".join(p if p is not None else "-" * wl.length for p in row["patterns"])
        console.print(f"{t:2d}. {row['guess'].upper()}  {cells}")
    verdict = "Won" if data["won"] else "Lost"
    solved_at = ", ".join(str(n) for n in data["solved_at"])
    if not data["finished"]:
        console.print(
            f"Lost: not every board solved after {data['turns']} guesses ({mode} mode leaves no "
            f"word that could change anything; boards solved at {solved_at}, where 0 is not "
            "solved)."
        )
        return
    console.print(
        f"{verdict}: every board solved in {data['turns']}/{v.max_guesses} guesses "
        f"(boards solved at {solved_at})."
    )


def bench(
    boards: int | None,
    variant: str | None,
    max_guesses: int | None,
    strategies: Sequence[str],
    games: int,
    seed: int,
    lists: str,
    json_: bool,
    mode: str = "normal",
) -> None:
    """``wordle bench --boards N --games G --seed S`` (under ``mode``)."""
    v = _variant(boards, variant, max_guesses)
    if games < 1:
        raise WordleError(f"--games is a number from 1, not {games}")
    names = [_board_strategy(s) for s in strategies] or [DEFAULT_STRATEGY]
    wl = WordList.load(lists)
    pm = PatternMatrix.for_list(wl)
    results = []
    for name in names:
        with progress(name, games) as bar:
            results.append(
                benchmark_boards(
                    pm,
                    name,
                    v,
                    games,
                    seed,
                    progress=None if bar is None else bar.advance,
                    mode=Mode.parse(mode),
                )
            )
    if json_:
        print_json({"results": [r.to_dict() for r in results]})
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
            mark = "" if k <= v.max_guesses else "  (lost)"
            line = "█" * max(1, round(30 * c / top))
            console.print(f"  {k:3d} {line} {c:,}{mark}")


# -- the helper ------------------------------------------------------------------------------


@app.command(
    "boards",
    epilog=examples(
        "wordle boards --boards 4                 the best first guess for Quordle",
        "wordle boards -v quordle soare:bbybb,ybbbg,bbbbb,gbgbb",
        "wordle boards -b 2 crane:bbybb,ggggg clint:bybby,-     board 2 solved by CRANE",
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
    help=f"Multi-board strategy: {', '.join(BOARD_STRATEGIES)}.",
)
@click.option("--top", "-n", default=5, show_default=True, help="How many next guesses.")
@click.option("--lists", default="original", show_default=True, help="Word lists.")
@click.option("--json", "json_", is_flag=True, help="Machine-readable output.")
def boards_cmd(
    turns: tuple[str, ...],
    boards: int | None,
    variant: str | None,
    max_guesses: int | None,
    strategy: str,
    top: int,
    lists: str,
    json_: bool,
) -> None:
    """The helper for several boards: the words left on each board and the best next guess
    for all boards together, after your guesses and each board's colours."""
    if boards is None and variant is None:
        raise WordleError("say how many boards: --boards N or --variant NAME")
    v = _variant(boards, variant, max_guesses)
    wl = WordList.load(lists)
    guesses: list[str] = []
    columns: list[list[int | None]] = [[] for _ in range(v.boards)]
    for text in turns:
        word, pats = service.parse_board_turn(text, v.boards, wl.length)
        guesses.append(word)
        for b, p in enumerate(pats):
            columns[b].append(p)
    pm = PatternMatrix.for_list(wl)
    data = service.assist(
        pm,
        guesses,
        columns,
        boards=v.boards,
        max_guesses=v.max_guesses,
        strategy=_board_strategy(strategy),
        top=top,
    )
    if json_:
        print_json(data)
        return
    console = out()
    for board in data["boards"]:
        if board["solved"]:
            console.print(f"Board {board['board']}: solved ({board['answer'].upper()})")
            continue
        n = board["remaining"]
        shown = " ".join(w.upper() for w in board["words"][:12])
        more = " …" if n > 12 else ""
        console.print(f"Board {board['board']}: {n} left: {shown}{more}")
    if "suggestions" not in data:
        console.print("Every board is solved.")
        return
    console.print(f"Next guess for all boards ({data['guesses_left']} guesses left):")
    for s in data["suggestions"]:
        on = s["answer_on"]
        could = f", could solve board {'/'.join(map(str, on))}" if on else ""
        console.print(f"  {s['word'].upper()}  {s['bits']:.2f} bits{could}")
