"""The play screen: the grid, the keyboard, hints from the bot, the share grid and statistics.

The :class:`~wordlekit.core.game.Game` referees every guess; the screen only keeps the letters
being typed. Every guess is stored as it is played and every hint counted, so a game and
the statistics survive the program being closed at any moment.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, ClassVar, cast

from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from wordlekit.core.feedback import Turn
from wordlekit.core.game import Game, Status
from wordlekit.errors import GameOverError, HardModeError, InvalidWordError, WordleError
from wordlekit.solve.strategies import Suggestion
from wordlekit.store.games import StoredGame
from wordlekit.tui.session import GameSpec
from wordlekit.tui.styles import correct_colour
from wordlekit.tui.widgets import BACKSPACE, ENTER, Board, Keyboard, KeyCap, stats_text

if TYPE_CHECKING:
    from wordlekit.tui.app import WordleApp

PRAISE = ("Genius", "Magnificent", "Impressive", "Splendid", "Great", "Phew")


class PlayScreen(Screen[None]):
    """One game at a time: daily or practice, normal or hard."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "submit", "Guess"),
        Binding("backspace", "erase", "Erase", show=False),
        Binding("ctrl+s", "hint", "Hint"),
        Binding("ctrl+y", "copy_share", "Copy share grid"),
        Binding("ctrl+n", "new_game", "New game"),
    ]

    def __init__(self, spec: GameSpec) -> None:
        super().__init__(name="play")
        self.spec = spec
        self.game: Game = spec.game
        self.stored: StoredGame | None = None
        self.current = ""  # letters typed for the next guess
        self.share_text = ""
        self.last_hint: Suggestion | None = None

    @property
    def wordle_app(self) -> WordleApp:
        return cast("WordleApp", self.app)

    def compose(self) -> ComposeResult:
        game = self.game
        yield Header()
        yield Static("", id="message", classes="message")
        with Horizontal(id="play-main"):
            with VerticalScroll(id="play-left"):
                yield Board(game.max_guesses, game.length, id="board")
                yield Keyboard(id="keyboard")
            with VerticalScroll(id="play-side"):
                yield Static("", id="game-info", classes="panel")
                yield Static("", id="hint", classes="panel")
                with Vertical(id="end-panel"):
                    yield Static("", id="share", classes="panel")
                    yield Static("Statistics", classes="panel-title panel")
                    yield Static("", id="end-stats", classes="panel")
        yield Footer()

    def on_mount(self) -> None:
        for scroll in self.query(VerticalScroll):
            scroll.can_focus = False  # keys belong to the game, not to scrolling
        self.start(self.spec)

    # Game flow -----------------------------------------------------------------------------

    def start(self, spec: GameSpec) -> None:
        """Store the game (a daily puzzle already started is resumed) and show it."""
        app = self.wordle_app
        stored, created = app.store.create(app.player, spec.game, spec.mode, spec.day, spec.seed)
        self.spec = spec
        self.stored = stored
        self.game = stored.game
        self.current = ""
        self.share_text = ""
        self.last_hint = None
        self.query_one("#hint", Static).update("")
        self.sub_title = self.game.label + (" · hard mode" if self.game.hard else "")
        self.refresh_game()
        self.refresh_bindings()
        if not created:
            self.say(f"{self.game.label} resumed as you left it.")
        else:
            self.say(f"Guess the {self.game.length}-letter word in {self.game.max_guesses} tries.")
        if self.game.over:
            self.finish(copy=False)

    def refresh_game(self) -> None:
        """Show the game as it stands: played rows, the row being typed, the keyboard."""
        game = self.game
        board = self.query_one(Board)
        for n, row in enumerate(board.rows):
            if n < len(game.turns):
                turn = game.turns[n]
                row.show(turn.guess, turn.tiles)
            elif n == len(game.turns) and not game.over:
                row.show(self.current)
            else:
                row.show()
        self.query_one(Keyboard).show(game.keyboard())
        mode = "daily puzzle" if self.spec.mode == "daily" else "practice game"
        hints = self.stored.hints if self.stored is not None else 0
        info = [
            f"[b]{game.label}[/b]",
            f"{mode}{', hard mode' if game.hard else ''}",
            f"guess {min(len(game.turns) + 1, game.max_guesses)} of {game.max_guesses}"
            if not game.over
            else game.status.value,
            f"hints used: {hints}",
        ]
        self.query_one("#game-info", Static).update("\n".join(info))

    def say(self, text: str, *, error: bool = False) -> None:
        message = self.query_one("#message", Static)
        message.update(text)
        message.set_class(error, "-error")

    @property
    def message(self) -> str:
        return str(self.query_one("#message", Static).content)

    def type_letter(self, letter: str) -> None:
        if self.game.over:
            self.say("The game is over: Ctrl+N starts a new one.", error=True)
            return
        if len(self.current) < self.game.length:
            self.current += letter
            self.refresh_game()

    def action_erase(self) -> None:
        if self.current and not self.game.over:
            self.current = self.current[:-1]
            self.refresh_game()

    def action_submit(self) -> None:
        game = self.game
        if game.over:
            self.say("The game is over: Ctrl+N starts a new one.", error=True)
            return
        if len(self.current) < game.length:
            self.say("Not enough letters.", error=True)
            return
        try:
            turn = game.guess(self.current)
        except InvalidWordError as e:
            self.say(f"{e} (no turn used)", error=True)
            return
        except HardModeError as e:
            self.say(f"Hard mode: {e} (no turn used)", error=True)
            return
        except GameOverError as e:
            self.say(str(e), error=True)
            return
        self.record(turn)

    def record(self, turn: Turn) -> None:
        assert self.stored is not None
        self.wordle_app.store.add_turn(self.stored, turn)
        self.current = ""
        self.refresh_game()
        if self.game.over:
            self.finish(copy=True)
        else:
            self.say(f"{self.game.guesses_left} guesses left.")

    def finish(self, *, copy: bool) -> None:
        """The end: the outcome, the share grid (copied) and the statistics."""
        game = self.game
        if game.status is Status.WON:
            n = len(game.turns)
            self.say(f"{PRAISE[min(n, 6) - 1]}! Solved in {n}/{game.max_guesses}.")
        else:
            self.say(f"The answer was {game.answer.upper()}.")
        self.share_text = game.share(high_contrast=self.app.high_contrast)  # type: ignore[attr-defined]
        note = "Copied to the clipboard (where the terminal allows)."
        if copy:
            self.app.copy_to_clipboard(self.share_text)
        else:
            note = "Ctrl+Y copies it."
        self.query_one("#share", Static).update(f"{self.share_text}\n\n[dim]{note}[/dim]")
        self.show_stats()
        self.query_one("#end-panel").set_class(True, "-over")
        self.refresh_bindings()

    def show_stats(self) -> None:
        app = self.wordle_app
        won = self.game.status is Status.WON
        text = stats_text(
            app.store.stats(app.player),
            highlight=len(self.game.turns) if won else None,
            accent=correct_colour(app.high_contrast),
        )
        self.query_one("#end-stats", Static).update(text)

    def action_new_game(self) -> None:
        app = self.wordle_app
        self.start(GameSpec.practice(None, hard=self.game.hard, wordlist=app.wordlist))

    # Hints -----------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # The footer offers a hint while playing and the share grid once the game is over.
        if action == "hint":
            return not self.game.over
        if action == "copy_share":
            return self.game.over
        return True

    def action_copy_share(self) -> None:
        if self.game.over:
            self.app.copy_to_clipboard(self.share_text)
            self.say("Share grid copied to the clipboard.")

    def action_hint(self) -> None:
        if self.game.over:
            return
        strategy = self.wordle_app.strategy
        self.query_one("#hint", Static).update(f"[dim]Asking the bot ({strategy})…[/dim]")
        self.compute_hint(tuple(self.game.turns), strategy, self.game.hard, self.stored)

    @work(exclusive=True, group="hint")
    async def compute_hint(
        self, turns: tuple[Turn, ...], strategy: str, hard: bool, stored: StoredGame | None
    ) -> None:
        # The strategy runs in a thread (its first call may take a second); the result is
        # shown here, on the event loop.
        engine = self.wordle_app.engine
        try:
            best: Suggestion | WordleError = await asyncio.to_thread(
                engine.hint, turns, strategy, hard=hard
            )
        except WordleError as e:
            best = e
        self.show_hint(best, strategy, stored, turns)

    def show_hint(
        self,
        best: Suggestion | WordleError,
        strategy: str,
        stored: StoredGame | None,
        turns: tuple[Turn, ...],
    ) -> None:
        if stored is None or stored is not self.stored or turns != tuple(self.game.turns):
            # A guess was played or a new game started while the bot was thinking: the
            # answer is stale, and an unseen hint is not counted.
            self.query_one("#hint", Static).update("")
            return
        hint = self.query_one("#hint", Static)
        if isinstance(best, WordleError):
            hint.update(f"[b]Bot:[/b] {best}")
            return
        self.wordle_app.store.add_hint(stored)
        self.last_hint = best
        win = "could be the answer" if best.can_win else "cannot be the answer"
        hint.update(
            f"[b]Bot ({strategy}) suggests {best.word.upper()}[/b]\n"
            f"{best.bits:.2f} bits, {best.parts} group{'s' if best.parts != 1 else ''}, "
            f"largest {best.largest},\n"
            f"expected {best.expected:.1f} words left; {win}."
        )
        self.refresh_game()

    # Keys ------------------------------------------------------------------------------

    def on_key(self, event: events.Key) -> None:
        # Letters type (bindings use Ctrl and function keys, so they never take a letter).
        ch = event.character
        if ch is not None and len(ch) == 1 and ch.isascii() and ch.isalpha():
            event.stop()
            event.prevent_default()
            self.type_letter(ch.lower())

    def on_key_cap_pressed(self, message: KeyCap.Pressed) -> None:
        if message.key == ENTER:
            self.action_submit()
        elif message.key == BACKSPACE:
            self.action_erase()
        else:
            self.type_letter(message.key)

    def on_screen_resume(self) -> None:
        if self.stored is not None and self.game.over:
            self.show_stats()  # the contrast may have changed meanwhile
