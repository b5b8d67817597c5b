"""The Absurdle screen: play against the host that keeps the largest group of words, and ask
for a proven shortest win from the position reached.

The host's rule is :mod:`wordlekit.core.absurdle`'s and every game goes through
:mod:`wordlekit.services.absurdle`; this screen reads the guess line and draws the board.
Typed commands in the guess line: ``:target WORD`` starts a challenge (the host must end on
WORD), ``:target`` alone a plain game. The search runs in a thread under a work budget.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Input, Static

from wordlekit.budget import Budget
from wordlekit.core.absurdle import AbsurdleGame
from wordlekit.core.feedback import Tile, pattern_tiles
from wordlekit.core.game import Status
from wordlekit.core.words import WordList
from wordlekit.errors import BudgetExceeded, WordleError
from wordlekit.services import absurdle as service

#: Seconds the shortest-win search may take on this screen.
SOLVE_SECONDS = 20.0
#: How many of the host's words are named (when it holds no more).
NAMED = 12

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

HELP = (
    "Type a guess and Enter. The host keeps the largest group of words that would show the "
    "same colours (ties: fewest greens, then fewest yellows); win when one word is left and "
    "you guess it. ':target WORD' starts a challenge."
)


def row_text(word: str, pattern: int, contrast: bool = False) -> Text:
    """A guess as coloured tiles."""
    styles = _CONTRAST if contrast else _STYLES
    text = Text()
    for k, (letter, tile) in enumerate(zip(word, pattern_tiles(pattern, len(word)), strict=True)):
        if k:
            text.append(" ")
        text.append(f" {letter.upper()} ", style=styles[tile])
    return text


class AbsurdleScreen(Screen[None]):
    """Absurdle in the terminal."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+n", "new_game", "New game"),
        Binding("f6", "toggle_hard", "Hard mode"),
        Binding("ctrl+s", "solve", "Shortest win"),
    ]

    def __init__(self, wordlist: WordList | None = None) -> None:
        super().__init__()
        self.wordlist = wordlist or WordList.bundled()
        self.hard = False
        self.target: str | None = None
        self.game = service.new_game(self.wordlist)
        self.proof_text = Text()

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="absurdle-body"):
            yield Static("Absurdle", classes="panel-title")
            yield Static(HELP, classes="panel", id="absurdle-help")
            yield Static("", id="absurdle-board", classes="panel")
            yield Static("", id="absurdle-status", classes="panel")
            yield Input(placeholder="guess (or :target WORD)", id="absurdle-input")
            yield Static("", id="absurdle-message", classes="panel")
            yield Static("", id="absurdle-proof", classes="panel")
        yield Footer()

    def on_mount(self) -> None:
        self.render_game()

    def on_screen_resume(self) -> None:
        self.query_one("#absurdle-input", Input).focus()
        self.render_game()

    # -- drawing ----------------------------------------------------------------------------

    @property
    def contrast(self) -> bool:
        return bool(self.app.has_class("-high-contrast"))

    def render_game(self) -> None:
        game = self.game
        board = Text()
        for k, turn in enumerate(game.turns):
            if k:
                board.append("\n")
            board.append(f"{k + 1:>2}. ")
            board.append_text(row_text(turn.guess, turn.pattern, self.contrast))
        self.query_one("#absurdle-board", Static).update(board)
        self.query_one("#absurdle-status", Static).update(self.status_text())
        self.query_one("#absurdle-proof", Static).update(self.proof_text)

    def status_text(self) -> str:
        game = self.game
        rules = "hard mode" if game.hard else "normal mode"
        goal = f", challenge: end on {game.target.upper()}" if game.target else ""
        if game.over:
            return f"{game.outcome()}\n\n{game.share()}"
        n = len(game.remaining)
        named = ": " + " ".join(w.upper() for w in game.remaining) if n <= NAMED else ""
        return f"The host holds {n:,} word{'s' if n != 1 else ''}{named} ({rules}{goal})."

    def say(self, message: str) -> None:
        self.query_one("#absurdle-message", Static).update(message)

    # -- playing ----------------------------------------------------------------------------

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        event.input.value = ""
        if not text:
            return
        if text.startswith(":target"):
            self.start(target=text.removeprefix(":target").strip() or None)
            return
        try:
            self.game = service.guess(self.game, text)
        except WordleError as e:
            self.say(f"{e} (no turn used)")
            return
        self.say("")
        self.proof_text = Text()
        self.render_game()

    def start(self, *, hard: bool | None = None, target: str | None = None) -> None:
        """A new game (keeping the rules not given)."""
        try:
            game = service.new_game(
                self.wordlist, hard=self.hard if hard is None else hard, target=target
            )
        except WordleError as e:
            self.say(str(e))
            return
        self.game = game
        self.hard, self.target = game.hard, game.target
        self.proof_text = Text()
        self.say("New game.")
        self.render_game()

    def action_new_game(self) -> None:
        self.start(target=self.target)

    def action_toggle_hard(self) -> None:
        self.start(hard=not self.hard, target=self.target)

    def action_solve(self) -> None:
        if self.game.over:
            self.say("The game is over: Ctrl+N starts a new one.")
            return
        self.say("Proving the shortest win from here…")
        self.solve(self.game)

    @work(thread=True, exclusive=True, group="absurdle-solve", exit_on_error=False)
    def solve(self, game: AbsurdleGame) -> None:
        words = [t.guess for t in game.turns]
        try:
            with Budget(seconds=SOLVE_SECONDS).active():
                mode = "hard" if game.hard else "normal"
                data = service.solve(None, words, mode=mode, target=game.target)
        except BudgetExceeded as e:
            self.app.call_from_thread(self.say, f"No proof within the budget: {e}.")
            return
        except WordleError as e:
            self.app.call_from_thread(self.say, str(e))
            return
        self.app.call_from_thread(self.show_proof, game, data)

    def show_proof(self, game: AbsurdleGame, data: dict[str, Any]) -> None:
        if game is not self.game:
            return  # a guess was played meanwhile: the proof is of another position
        proof = data["proof"]
        if proof["stopped"]:
            self.proof_text = Text(f"No proof within the budget: {proof['stopped']}.")
        elif proof["minimum"] is None:
            self.proof_text = Text(f"No win within {proof['max_depth']} guesses.")
        else:
            n = proof["minimum"]
            impossible = ", ".join(
                f"{i['guesses']} impossible ({i['seconds']:.2f} s)" for i in proof["impossible"]
            )
            text = Text(f"A shortest win from here takes {n} guess{'es' if n != 1 else ''}")
            text.append(f" ({impossible})" if impossible else "")
            for t in proof["line"]:
                text.append("\n    ")
                text.append_text(row_text(t["guess"], t["pattern"], self.contrast))
            self.proof_text = text
        self.say("")
        self.render_game()

    @property
    def won(self) -> bool:
        return self.game.status is Status.WON
