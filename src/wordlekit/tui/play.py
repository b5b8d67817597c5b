"""The play screen: the grid, the keyboard, hints from the bot, the share grid and statistics.

The screen keeps only the letters being typed. Which game a key asks for (the daily and seed
rules), every guess (one atomic, turn-numbered step: a turn played meanwhile in another window
is a conflict, and the game is reloaded as stored) and every hint go through
:mod:`wordlekit.services`, so a game and the statistics survive the program being closed at
any moment and follow the same rules as the web app.
"""

from __future__ import annotations

import datetime as dt
from typing import ClassVar

from rich.markup import escape
from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from wordlekit.core.feedback import Turn
from wordlekit.core.game import Game, Status
from wordlekit.errors import (
    HardModeError,
    InvalidWordError,
    TurnConflictError,
    UltrahardError,
    WordleError,
    WordlekitError,
)
from wordlekit.services.games import (
    GameSpec,
    Mode,
    game_spec,
    play_guess,
    player_stats,
    record_hint,
    share_text,
    start_game,
)
from wordlekit.services.operations import ANSWER_PREFERENCE, Advice, hint_verdict
from wordlekit.solve.strategies import Suggestion
from wordlekit.store.games import StoredGame
from wordlekit.tui.context import AppContext
from wordlekit.tui.engine import Job, in_thread
from wordlekit.tui.styles import correct_colour
from wordlekit.tui.widgets import BACKSPACE, ENTER, Board, Keyboard, KeyCap, MessageLine, stats_text

TICK = 0.2  # seconds between updates of the "computing…" line


class PlayScreen(Screen[None]):
    """One game at a time: daily or practice, normal, hard or ultrahard."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "submit", "Guess"),
        Binding("backspace", "erase", "Erase", show=False),
        Binding("ctrl+s", "hint", "Hint"),
        Binding("ctrl+y", "copy_share", "Copy share grid"),
        Binding("ctrl+n", "new_game", "New game"),
        Binding("ctrl+d", "daily(0)", "Daily"),
        Binding("left_square_bracket", "daily(-1)", "Day before", show=False),
        Binding("right_square_bracket", "daily(1)", "Day after", show=False),
    ]

    def __init__(self, ctx: AppContext, spec: GameSpec) -> None:
        super().__init__(name="play")
        self.ctx = ctx
        self.spec = spec
        self.game: Game = spec.game
        self.stored: StoredGame | None = None
        self.current = ""  # letters typed for the next guess
        self.share_text = ""
        self.last_hint: Suggestion | None = None
        self.hint_job: Job | None = None
        self.hint_strategy = ""

    def compose(self) -> ComposeResult:
        game = self.game
        yield Header()
        yield MessageLine(id="message")
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
        self.set_interval(TICK, self.show_progress)
        self.start(self.spec)

    # Game flow -----------------------------------------------------------------------------

    def start(self, spec: GameSpec) -> None:
        """Store the game (a daily puzzle already started is resumed) and show it."""
        stored, created = start_game(self.ctx.store, self.ctx.player, spec)
        self.spec = spec
        self.current = ""
        self.show_game(stored)
        if not created:
            self.say(f"{self.game.label} resumed as you left it.")
        else:
            self.say(f"Guess the {self.game.length}-letter word in {self.game.max_guesses} tries.")
        if self.game.over:
            self.finish(copy=False)

    def show_game(self, stored: StoredGame) -> None:
        """Show another game, or the same one as stored now (a pending hint is dropped)."""
        self.cancel_hint()
        self.stored = stored
        self.game = stored.game
        self.share_text = ""
        self.last_hint = None
        self.query_one("#hint", Static).update("")
        self.query_one("#end-panel").set_class(False, "-over")
        self.sub_title = self.game.label + (f" · {self.game.rules} mode" if self.game.hard else "")
        self.refresh_game()
        self.refresh_bindings()

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
        self.query_one("#game-info", Static).update(self.info())

    def info(self) -> str:
        game = self.game
        mode = "daily puzzle" if self.spec.mode == "daily" else "practice game"
        hints = self.stored.hints if self.stored is not None else 0
        where = (
            f"guess {min(len(game.turns) + 1, game.max_guesses)} of {game.max_guesses}"
            if not game.over
            else game.status.value
        )
        return "\n".join(
            (
                f"[b]{game.label}[/b]",
                f"{mode}{f', {game.rules} mode' if game.hard else ''}",
                where,
                f"hints used: {hints}",
            )
        )

    def say(self, text: str, *, error: bool = False) -> None:
        self.query_one(MessageLine).say(text, error=error)

    @property
    def message(self) -> str:
        return self.query_one(MessageLine).text

    def refused_as_over(self) -> bool:
        if self.game.over:
            self.say("The game is over: Ctrl+N starts a new one.", error=True)
        return self.game.over

    def type_letter(self, letter: str) -> None:
        if not self.refused_as_over() and len(self.current) < self.game.length:
            self.current += letter
            self.refresh_game()

    def action_erase(self) -> None:
        if self.current and not self.game.over:
            self.current = self.current[:-1]
            self.refresh_game()

    def action_submit(self) -> None:
        if self.refused_as_over() or self.stored is None:
            return
        if len(self.current) < self.game.length:
            self.say("Not enough letters.", error=True)
            return
        ctx, number = self.ctx, len(self.game.turns) + 1
        try:
            stored = play_guess(ctx.store, self.stored.id, ctx.player, self.current, number)
        except TurnConflictError as e:
            self.reload(f"Another window played this game meanwhile: {e}. Here it is as stored.")
        except HardModeError as e:
            rules = "Ultrahard" if isinstance(e, UltrahardError) else "Hard"
            self.say(f"{rules} mode: {e} (no turn used)", error=True)
        except InvalidWordError as e:
            self.say(f"{e} (no turn used)", error=True)
        except WordleError as e:  # the game is over, or gone from the database
            self.say(str(e), error=True)
        else:
            self.played(stored)

    def played(self, stored: StoredGame) -> None:
        self.current = ""
        self.show_game(stored)
        if self.game.over:
            self.finish(copy=True)
        else:
            self.say(f"{self.game.guesses_left} guesses left.")

    def reload(self, why: str) -> None:
        """The game as stored now (another window played it meanwhile); typed letters stay."""
        assert self.stored is not None
        stored = self.ctx.store.get(self.stored.id, self.ctx.player)
        if stored is None:
            self.say("This game is no longer in the database: Ctrl+N starts a new one.", error=True)
            return
        self.show_game(stored)
        self.say(why, error=True)
        if self.game.over:
            self.current = ""
            self.finish(copy=False)

    def finish(self, *, copy: bool) -> None:
        """The end: the outcome, the share grid (copied) and the statistics."""
        game = self.game
        self.say(game.outcome() or "")
        assert self.stored is not None
        self.share_text = share_text(self.stored, high_contrast=self.ctx.high_contrast)
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
        """The figures of this game's kind: the daily puzzle's (its streak), or practice's."""
        ctx = self.ctx
        won = self.game.status is Status.WON
        stats = player_stats(ctx.store, ctx.player)
        daily = self.spec.mode == "daily"
        text = Text("Daily puzzle\n" if daily else "Practice games\n", style="bold underline")
        text.append_text(
            stats_text(
                stats.daily if daily else stats.practice,
                highlight=len(self.game.turns) if won else None,
                accent=correct_colour(ctx.high_contrast),
            )
        )
        self.query_one("#end-stats", Static).update(text)

    # New games -------------------------------------------------------------------------

    def open_game(self, mode: Mode, *, date: dt.date | None = None) -> None:
        """Start the game a key asks for; a refusal (a puzzle not out yet) is only said."""
        try:
            spec = game_spec(
                mode,
                hard=self.game.hard,
                ultrahard=self.game.ultrahard,
                date=date,
                wordlist=self.ctx.wordlist,
            )
        except WordleError as e:
            self.say(f"{sentence(str(e))} (the game shown goes on)", error=True)
            return
        self.start(spec)

    def action_new_game(self) -> None:
        self.open_game("practice")

    def action_daily(self, days: int) -> None:
        """Today's daily puzzle (0), or the one ``days`` after the puzzle shown (or today)."""
        shown = self.stored.day if self.stored is not None else None
        base = dt.date.fromisoformat(shown) if shown and days else dt.date.today()
        self.open_game("daily", date=base + dt.timedelta(days=days))

    # Hints and the share grid ------------------------------------------------------------

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
        if self.game.over or self.stored is None:
            return
        self.cancel_hint()
        job = self.hint_job = self.ctx.engine.job()
        self.hint_strategy = self.ctx.strategy
        self.show_progress()
        game = self.game
        self.compute_hint(job, tuple(game.turns), self.hint_strategy, game.hard, game.ultrahard)

    def cancel_hint(self) -> None:
        if self.hint_job is not None:
            self.hint_job.cancel()
            self.hint_job = None

    def show_progress(self) -> None:
        job = self.hint_job
        if job is not None and job.running:
            text = f"[dim]Asking the bot ({self.hint_strategy})… {job.progress()}[/dim]"
            self.query_one("#hint", Static).update(text)

    @work(group="hint")
    async def compute_hint(
        self, job: Job, turns: tuple[Turn, ...], strategy: str, hard: bool, ultrahard: bool
    ) -> None:
        # The strategy runs in a thread under the budget; the answer is shown here, on the
        # event loop, unless the game moved on meanwhile (then the job was cancelled).
        advice = await in_thread(
            self.ctx.engine.hint, job, turns, strategy, hard=hard, ultrahard=ultrahard
        )
        if job is self.hint_job and not job.cancelled:
            self.hint_job = None
            self.show_hint(advice)

    def show_hint(self, advice: Advice | WordlekitError) -> None:
        hint = self.query_one("#hint", Static)
        if isinstance(advice, WordlekitError):
            hint.update(f"[b]Bot:[/b] {escape(str(advice))}")
            return
        assert self.stored is not None
        record_hint(self.ctx.store, self.stored)
        best = self.last_hint = advice.suggestions[0]
        hint.update(hint_text(advice, best))
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


def sentence(text: str) -> str:
    """A library message (lower case, as the command line prints it) as a sentence."""
    return text[:1].upper() + text[1:]


def hint_text(advice: Advice, best: Suggestion) -> str:
    """The advised word, whether it can be the answer and its figures; the rule preferring a
    word that could be the answer; and why it is not the strategy's own if not."""
    who = advice.used if advice.exact else f"{advice.used}, in place of {advice.strategy}"
    text = (
        f"[b]Bot ({who}) suggests {best.word.upper()}[/b]: it "
        f"{hint_verdict(best)}.\n"
        f"{best.bits:.2f} bits, {best.parts} group{'s' if best.parts != 1 else ''}, "
        f"expected {best.expected:.1f} words left.\n"
        f"[dim]{escape(ANSWER_PREFERENCE)}[/dim]"
    )
    if advice.note:
        text += f"\n[dim]{escape(advice.note)}[/dim]"
    return text
