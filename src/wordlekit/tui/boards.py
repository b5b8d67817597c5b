"""The Boards screen (F9): Dordle, Quordle, Octordle, Sedecordle, Duotrigordle in the
terminal. Every guess goes to every board not solved yet; the games and statistics per
variant are stored with the app's other games (:mod:`wordlekit.store.boards`).

Typed commands in the guess line: ``:variant NAME`` (or ``:boards N``) starts a practice game
of that variant, ``:seed N`` a seeded practice game, ``:daily`` the variant's daily game. The
keyboard shows each key once per board still played (one coloured cell each, the letter on
the first), as Quordle splits its keys.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Input, Static

from wordlekit.core.boards import BoardGame, Variant
from wordlekit.core.feedback import Tile, pattern_tiles
from wordlekit.core.words import WordList
from wordlekit.errors import WordleError
from wordlekit.services import boards as service
from wordlekit.store.boards import BoardStore, StoredBoardGame

#: Boards drawn side by side.
PER_LINE = 4
KEY_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")

_STYLES = {
    Tile.GREEN: "bold #ffffff on #538d4e",
    Tile.YELLOW: "bold #ffffff on #b59f3b",
    Tile.GRAY: "bold #ffffff on #3a3a3c",
}
_CONTRAST = {
    Tile.GREEN: "bold #ffffff on #f5793a",
    Tile.YELLOW: "bold #ffffff on #85c0f9",
    Tile.GRAY: "bold #ffffff on #3a3a3c",
}
_UNKNOWN = "bold #000000 on #d3d6da"
_DONE = "on #1f1f20"

HELP = (
    "Every guess goes to every board not solved yet. Type a guess and Enter. "
    "':variant quordle' (or ':boards 8') starts a practice game, ':seed N' a seeded one, "
    "':daily' the variant's daily game."
)


def board_text(game: BoardGame, contrast: bool = False) -> Text:
    """The boards side by side, ``PER_LINE`` a line, one row per guess played on each."""
    styles = _CONTRAST if contrast else _STYLES
    n = game.length
    width = 3 * n
    out = Text()
    for start in range(0, game.boards, PER_LINE):
        boards = range(start, min(start + PER_LINE, game.boards))
        turns = {b: game.board_turns(b) for b in boards}
        for b in boards:
            mark = "✓" if game.solved[b] else " "
            out.append(f"{f'{b + 1}{mark}':<{width}}  ", style="bold")
        out.append("\n")
        depth = max(len(t) for t in turns.values())
        for r in range(depth):
            for b in boards:
                if r < len(turns[b]):
                    t = turns[b][r]
                    for letter, tile in zip(t.guess, pattern_tiles(t.pattern, n), strict=True):
                        out.append(f" {letter.upper()} ", style=styles[tile])
                else:
                    out.append(" " * width)
                out.append("  ")
            out.append("\n")
        out.append("\n")
    return out


def keyboard_text(game: BoardGame, contrast: bool = False) -> Text:
    """Each key once per unsolved board (a cell in that board's colour for the letter)."""
    styles = _CONTRAST if contrast else _STYLES
    states = [game.keyboard(b) if not game.solved[b] else None for b in range(game.boards)]
    out = Text()
    for r, row in enumerate(KEY_ROWS):
        out.append(" " * (r * 2))
        for ch in row:
            for k, st in enumerate(states):
                if st is None:
                    style = _DONE
                else:
                    tile = st.get(ch)
                    style = styles[tile] if tile is not None else _UNKNOWN
                out.append(ch.upper() if k == 0 else " ", style=style)
            out.append(" ")
        out.append("\n")
    return out


class BoardsScreen(Screen[None]):
    """Several boards at once in the terminal."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+n", "new_game", "New game")]

    def __init__(self, wordlist: WordList, db_path: str, player: str) -> None:
        super().__init__()
        self.wordlist = wordlist
        self.store = BoardStore(db_path, wordlist)
        self.player = player
        self.variant: Variant = service.variant_of("quordle")
        self.stored: StoredBoardGame | None = None

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="boards-body"):
            yield Static("Boards", classes="panel-title")
            yield Static(HELP, classes="panel", id="boards-help")
            yield Static("", id="boards-label", classes="panel")
            yield Static("", id="boards-board", classes="panel")
            yield Static("", id="boards-keyboard", classes="panel")
            yield Input(placeholder="guess (or :variant NAME, :seed N, :daily)", id="boards-input")
            yield Static("", id="boards-message", classes="panel")
        yield Footer()

    def on_mount(self) -> None:
        self.start("practice")

    def on_screen_resume(self) -> None:
        self.query_one("#boards-input", Input).focus()
        self.render_game()

    @property
    def game(self) -> BoardGame:
        assert self.stored is not None
        return self.stored.game

    @property
    def contrast(self) -> bool:
        return bool(self.app.has_class("-high-contrast"))

    def say(self, message: str) -> None:
        self.query_one("#boards-message", Static).update(message)

    def render_game(self) -> None:
        if self.stored is None:
            return
        game = self.game
        left = len(game.unsolved)
        status = (
            game.outcome()
            if game.over
            else f"{game.guesses_left} guesses left, {left} of {game.boards} boards to solve"
        )
        self.query_one("#boards-label", Static).update(f"{game.label}: {status}")
        self.query_one("#boards-board", Static).update(board_text(game, self.contrast))
        self.query_one("#boards-keyboard", Static).update(keyboard_text(game, self.contrast))

    def start(self, mode: str, seed: int | None = None) -> None:
        try:
            self.stored, _ = service.start(
                self.store,
                self.player,
                self.variant,
                "daily" if mode == "daily" else "practice",
                seed=seed,
            )
        except WordleError as e:
            self.say(str(e))
            return
        self.say(f"New game: {self.variant.title}.")
        self.render_game()

    def action_new_game(self) -> None:
        self.start("practice")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        event.input.value = ""
        if not text:
            return
        if text.startswith(":"):
            self.command(text[1:].split())
            return
        if self.stored is None:
            return
        try:
            self.stored = service.guess(self.store, self.stored.id, self.player, text)
        except WordleError as e:
            self.say(f"{e} (no turn used)")
            return
        self.say("")
        self.render_game()
        if self.game.over:
            stats = service.stats(self.store, self.player, self.game.variant)
            self.say(
                f"{self.game.share()}\n\n{self.game.variant.title}: played {stats['played']}, "
                f"won {stats['win_percent']} %, streak {stats['current_streak']} "
                f"(best {stats['max_streak']})"
            )

    def command(self, words: list[str]) -> None:
        name, args = (words[0].lower(), words[1:]) if words else ("", [])
        try:
            if name == "variant" and len(args) == 1:
                self.variant = service.variant_of(args[0])
                self.start("practice")
            elif name == "boards" and len(args) == 1 and args[0].isdigit():
                self.variant = service.variant_of(boards=int(args[0]))
                self.start("practice")
            elif name == "seed" and len(args) == 1 and args[0].isdigit():
                self.start("practice", int(args[0]))
            elif name == "daily" and not args:
                self.start("daily")
            else:
                self.say("Commands: :variant NAME, :boards N, :seed N, :daily")
        except WordleError as e:
            self.say(str(e))
