"""Drawing a game on the command line, for every variant, from its public view
(:class:`~wordlekit.services.views.GameView`): the same functions draw the classic game,
Dordle … Duotrigordle, a custom number of boards and Absurdle.

What differs between variants comes from the view, never from a variant's name: the number
of boards (one board is drawn with its empty rows; several side by side, as many per line as
the terminal holds, with a keyboard whose keys are split per board still being played), the
guess limit (none: no empty rows, no "of M" in the prompt) and the host (an adversary's word
count, and its words when few, after every guess).

On a terminal the board is drawn in coloured tiles after every guess; piped, each guess is one
short plain line (``3. CRANE 🟩🟨⬛⬛⬛``) so a script or a test can read it.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console
from rich.text import Text

from wordlekit.cli.render import TILE_STYLES, UNKNOWN_STYLE, plural, tiles_text
from wordlekit.core.feedback import Tile
from wordlekit.core.rules import BOARDS_HARD_RULE
from wordlekit.services.views import BoardView, GameView, TileName

KEYBOARD_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
#: How many of an adversary host's words are named after a guess (the count is always shown).
NAMED = 8
#: Columns between two boards drawn side by side.
GAP = 3

_TILE_OF: dict[TileName, Tile] = {"green": Tile.GREEN, "yellow": Tile.YELLOW, "gray": Tile.GRAY}

#: How an adversary host plays, for the line that opens its games.
ADVERSARY_RULE = (
    "The host holds every answer and, after each guess, keeps the largest group of words "
    "that would give the same colours (ties: fewest greens, then fewest yellows, then the "
    "lower tile from the first letter). You win when one word is left and you guess it."
)


def _style(name: TileName | None) -> str:
    return UNKNOWN_STYLE if name is None else TILE_STYLES[_TILE_OF[name]]


def _mode(view: GameView) -> str:
    return "" if view.mode == "normal" else f" ({view.mode} mode)"


def intro(view: GameView) -> list[Text]:
    """The lines that open a game: its label, mode and what it asks."""
    head = Text.assemble((view.label, "bold"), f"{_mode(view)}: ")
    n = len(view.boards)
    limit = view.max_guesses
    if view.host_words is not None:
        lines = [head + Text(ADVERSARY_RULE)]
        if view.target:
            lines.append(Text(f"Challenge: make the host end on {view.target.upper()}."))
        lines.append(Text(f"The host holds {view.host_words:,} words."))
        return lines
    if n == 1:
        tries = "as many tries as it takes" if limit is None else f"{limit} tries"
        return [head + Text(f"guess the {view.length}-letter word in {tries}.")]
    guesses = "no guess limit" if limit is None else f"{limit} guesses"
    lines = [head + Text(f"{n} boards, {guesses}. Every guess goes to every board not solved yet.")]
    if view.mode != "normal":
        more = ", and could still be the answer of one of them" if view.mode == "ultrahard" else ""
        lines.append(Text(f"{view.mode.capitalize()} mode: {BOARDS_HARD_RULE}{more}."))
    return lines


def prompt(view: GameView) -> str:
    """``Guess 3/6: `` (``Guess 3: `` in a game with no guess limit)."""
    n = len(view.guesses) + 1
    return f"Guess {n}: " if view.max_guesses is None else f"Guess {n}/{view.max_guesses}: "


def draw(console: Console, view: GameView) -> None:
    """The game after a guess: the whole board on a terminal, the last guess otherwise; the
    keyboard while the game is on (the outcome and the share text follow its end)."""
    if console.is_terminal:
        _draw_boards(console, view)
        if not view.over:
            console.print(keyboard_text(view, console.width))
    else:
        console.print(last_turn_plain(view))
        if len(view.boards) == 1 and not view.over:
            console.print(keyboard_plain(view.boards[0]))


def outcome(console: Console, view: GameView) -> None:
    """The sentence that ends the game, then the share text."""
    assert view.outcome is not None and view.share is not None
    style = "bold green" if view.outcome.status == "won" else "bold"
    console.print(Text(view.outcome.message, style=style))
    for line in definition_lines(view):
        console.print(line)
    console.print()
    console.print(Text(view.share))


def definition_lines(view: GameView) -> list[Text]:
    """The answers' definitions of a finished game (the offline dictionary), one a board:
    ``Definition: knoll (noun): a small natural hill``, ``Definition: their: No definition in
    the offline dictionary.``"""
    return [
        Text.assemble(("Definition: ", "bold"), d.text if d.found else f"{d.word}: {d.text}")
        for d in view.definitions or []
    ]


# -- on a terminal ---------------------------------------------------------------------------


def _draw_boards(console: Console, view: GameView) -> None:
    if len(view.boards) == 1:
        board = view.boards[0]
        for t in board.turns:
            console.print(tiles_text(t.guess, t.pattern))
        if not view.over:
            for _ in range(view.guesses_left or 0):
                console.print(tiles_text(" " * view.length, None))
            host = host_text(view)
            if host:
                console.print(host)
        return
    per_line = max(1, (console.width + GAP) // (4 * view.length - 1 + GAP))
    shown = list(range(len(view.boards)))
    if len(shown) > per_line:  # more than a line of boards: the solved ones in one line
        shown = [b for b in shown if view.boards[b].solved_at is None]
        solved = solved_text(view)
        if solved is not None:
            console.print(solved, soft_wrap=False)  # wrapped between words
            console.print()
    for i in range(0, len(shown), per_line):
        for line in board_lines(view, shown[i : i + per_line]):
            console.print(line)
        console.print()


def solved_text(view: GameView) -> Text | None:
    """``Solved: board 2 ALERT (2), board 7 CIGAR (5)``: each solved board, its answer and the
    guess that solved it (``None`` while none is)."""
    done = [
        f"board {b + 1} {(board.answer or '').upper()} ({board.solved_at})"
        for b, board in enumerate(view.boards)
        if board.solved_at is not None
    ]
    return Text(f"Solved: {', '.join(done)}") if done else None


def board_lines(view: GameView, boards: Sequence[int]) -> list[Text]:
    """Boards ``boards`` side by side under their headers (``Board 3 ✓`` once solved), as many
    rows as the deepest of them has turns."""
    width = 4 * view.length - 1
    gap = " " * GAP
    columns = [[tiles_text(t.guess, t.pattern) for t in view.boards[b].turns] for b in boards]
    head = Text()
    for k, b in enumerate(boards):
        mark = "✓" if view.boards[b].solved_at is not None else " "
        head.append(f"{gap if k else ''}{f'Board {b + 1} {mark}':<{width}}", style="bold")
    lines = [head]
    for r in range(max((len(c) for c in columns), default=0)):
        line = Text()
        for k, col in enumerate(columns):
            if k:
                line.append(gap)
            line.append(col[r] if r < len(col) else Text(" " * width))
        lines.append(line)
    return lines


def keyboard_text(view: GameView, width: int | None = None) -> Text:
    """The keyboard with each letter's best known state. One board: a coloured key per letter.
    Several: each key split in one cell per board still being played (the letter on the
    first), so a key shows its state on every board, as Quordle's does; when that is wider
    than ``width`` columns, one key per letter in its best colour on any of those boards."""
    playing = [b.keyboard for b in view.boards if b.solved_at is None]
    keyboards = playing or [b.keyboard for b in view.boards]  # the game is over
    merged = len(keyboards) > 1 and width is not None and 10 * (len(keyboards) + 1) > width
    if merged:
        best: dict[str, TileName] = {}
        for keys in keyboards:
            for ch, name in keys.items():
                if ch not in best or _TILE_OF[name] > _TILE_OF[best[ch]]:
                    best[ch] = name
        keyboards = [best]
    wide = len(view.boards) == 1 or merged  # a key of three columns: " A "
    text = Text()
    for n, row in enumerate(KEYBOARD_ROWS):
        text.append(" " * (n * 2))
        for ch in row:
            if wide:
                text.append(f" {ch.upper()} ", style=_style(keyboards[0].get(ch)))
            else:
                for k, keys in enumerate(keyboards):
                    text.append(ch.upper() if k == 0 else " ", style=_style(keys.get(ch)))
            text.append(" ")
        text.append("\n")
    if merged:
        text.append(f"Each key: its best colour on the {len(playing)} boards still being played.\n")
    return text


def host_text(view: GameView) -> Text | None:
    """``168 words left`` (and the words, when few) while an adversary host holds words."""
    if view.host_words is None or view.over:
        return None
    n = view.host_words
    text = Text(f"{n:,} {plural(n, 'word')} left")
    if n <= NAMED and view.host_sample is not None:
        text += Text(": " + " ".join(w.upper() for w in view.host_sample))
    return text


# -- piped -----------------------------------------------------------------------------------


def last_turn_plain(view: GameView) -> Text:
    """The last guess in one line: ``3. CRANE 🟩🟨⬛⬛⬛`` for one board (with the host's words
    left, for an adversary), ``3. CRANE`` and each board's colours for several (``-----`` for
    a board solved before this guess)."""
    t = len(view.guesses)
    word = view.guesses[-1]
    if len(view.boards) == 1:
        line = Text(f"{t}. {word.upper()} {view.boards[0].turns[-1].emoji}")
        host = host_text(view)
        return line + Text("  ") + host if host is not None else line
    cells = []
    for board in view.boards:
        at = board.solved_at
        cells.append("-" * view.length if at is not None and at < t else board.turns[-1].emoji)
    return Text(f"{t}. {word.upper()} " + " ".join(cells))


def keyboard_plain(board: BoardView) -> str:
    """A board's letter states in words: ``Keyboard: green C · yellow AR · gray EN · unused …``."""
    groups = []
    for name in ("green", "yellow", "gray"):
        letters = sorted(ch for ch, t in board.keyboard.items() if t == name)
        if letters:
            groups.append(f"{name} {''.join(letters).upper()}")
    unused = "".join(ch for ch in "abcdefghijklmnopqrstuvwxyz" if ch not in board.keyboard)
    groups.append(f"unused {unused.upper()}")
    return "Keyboard: " + " · ".join(groups)
