"""The assist screen: help with a game played elsewhere.

Enter each guess and its colours; the library says which words remain, what is known, what
each turn taught and which guesses a strategy ranks best. The screen keeps only the turns
as typed; contradictory rows are reported (the error names the turn) while the last good
result stays on screen.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, ClassVar, cast

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Static

from wordlekit.core.feedback import Tile, Turn, parse_pattern, pattern_tiles, tiles_to_pattern
from wordlekit.errors import InconsistentFeedbackError, InvalidWordError, WordleError
from wordlekit.solve.registry import REGISTRY, strategy_names
from wordlekit.tui.session import Analysis
from wordlekit.tui.widgets import LetterTile, TileRow

if TYPE_CHECKING:
    from wordlekit.tui.app import WordleApp

MAX_ROWS = 8
SHOWN_WORDS = 200
SEPARATORS = (":", "=")


class AssistRow(Horizontal):
    """One entered turn: its tiles and what it taught (before → after, bits)."""

    def __init__(self, row: int, length: int) -> None:
        super().__init__(classes="assist-row")
        self.tiles = TileRow(row, length)
        self.step = Static("", classes="step")

    def compose(self) -> ComposeResult:
        yield self.tiles
        yield self.step


class AssistScreen(Screen[None]):
    """Type guesses, colour their tiles, read the figures."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "add_row", "Add row"),
        Binding("space", "cycle", "Colour"),
        Binding("backspace", "erase", "Erase", show=False),
        Binding("delete", "remove_row", "Remove row", show=False),
        Binding("left", "move(0, -1)", "Tile left", show=False),
        Binding("right", "move(0, 1)", "Tile right", show=False),
        Binding("up", "move(-1, 0)", "Row up", show=False),
        Binding("down", "move(1, 0)", "Row down", show=False),
        Binding("right_square_bracket", "strategy(1)", "Strategy"),
        Binding("left_square_bracket", "strategy(-1)", "Previous strategy", show=False),
        Binding("ctrl+l", "clear", "Clear"),
        Binding("f6", "toggle_hard", "Hard mode"),
        Binding("pageup", "scroll_words(-1)", "Scroll words up", show=False),
        Binding("pagedown", "scroll_words(1)", "Scroll words down", show=False),
    ]

    def __init__(self, length: int) -> None:
        super().__init__(name="assist")
        self.length = length
        self.turns: list[Turn] = []
        self.typed = ""  # the next row as typed: a word, then optionally ":" and a pattern
        self.sel_row: int | None = None
        self.sel_col = 0
        self.hard = False  # F6: suggestions obey the hard-mode rule
        self.analysis: Analysis | None = None  # the last good result
        self.error: str | None = None
        self._generation = 0
        self.rows = [AssistRow(r, length) for r in range(MAX_ROWS)]
        self.entry = AssistRow(MAX_ROWS, length)

    @property
    def wordle_app(self) -> WordleApp:
        return cast("WordleApp", self.app)

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="assist-message", classes="message")
        with Horizontal(id="assist-main"):
            with VerticalScroll(id="assist-left"):
                yield Static(
                    "Type a guess and Enter; then Space (or a click) cycles the selected "
                    "tile gray → yellow → green. Or type crane:bbygb.",
                    classes="panel",
                )
                yield from self.rows
                yield self.entry
                yield Static("", id="entry-hint", classes="panel")
            with Vertical(id="assist-side"):
                yield Static("", id="remaining", classes="panel-title")
                yield Static("", id="known", classes="panel")
                with VerticalScroll(id="candidates"):
                    yield Static("", id="words")
        yield Static("", id="suggestions-title")
        table: DataTable[str] = DataTable(id="suggestions", cursor_type="none", zebra_stripes=True)
        yield table
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "Assist"
        # Arrow keys, Space and Enter belong to the tiles, never to a focused scroll area.
        for widget in (*self.query(VerticalScroll), self.query_one(DataTable)):
            widget.can_focus = False
        table = self.query_one("#suggestions", DataTable)
        table.add_columns("#", "Guess", "Score", "Bits", "Parts", "Largest", "Expected", "Can win")
        self.query_one("#remaining", Static).update("Loading the word data…")
        self.refresh_rows()
        self.recompute()

    # Showing ---------------------------------------------------------------------------

    def say(self, text: str, *, error: bool = False) -> None:
        message = self.query_one("#assist-message", Static)
        message.update(text)
        message.set_class(error, "-error")

    @property
    def message(self) -> str:
        return str(self.query_one("#assist-message", Static).content)

    def refresh_rows(self) -> None:
        for n, row in enumerate(self.rows):
            row.display = n < len(self.turns)
            if n < len(self.turns):
                turn = self.turns[n]
                row.tiles.show(turn.guess, turn.tiles)
                row.tiles.select(self.sel_col if n == self.sel_row else None)
        word, sep, pattern = self.typed.partition(":")
        preview: tuple[Tile, ...] | None = None
        if pattern:  # the colours typed so far (each char was checked as it was typed)
            preview = pattern_tiles(parse_pattern(pattern), len(pattern))
        self.entry.display = len(self.turns) < MAX_ROWS
        self.entry.tiles.show(word, preview)
        self.entry.step.update(f"[dim]{self.typed.upper() or 'next guess'}[/dim]")
        hint = ""
        if len(word) == self.length and not sep:
            hint = "Enter adds the row (all gray), or type : and the colours (g/y/b)."
        self.query_one("#entry-hint", Static).update(f"[dim]{hint}[/dim]")

    def show_analysis(self, result: Analysis) -> None:
        self.analysis = result
        k, state = result.knowledge, result.state
        n = state.n
        remaining = f"{n} words left" if n != 1 else f"1 word left: {k.candidates[0].upper()}"
        self.query_one("#remaining", Static).update(remaining)
        self.query_one("#known", Static).update("\n".join(k.summary.describe()))
        words = " ".join(w.upper() for w in k.candidates[:SHOWN_WORDS])
        if n > SHOWN_WORDS:
            words += f"\n… and {n - SHOWN_WORDS} more"
        self.query_one("#words", Static).update(words)
        for row, step in zip(self.rows, k.steps, strict=False):
            row.step.update(f"{step.before} → {step.after} · {step.bits:.2f} bits")
            row.step.set_class(False, "-error")
        table = self.query_one("#suggestions", DataTable)
        table.clear()
        for i, s in enumerate(result.suggestions, start=1):
            table.add_row(
                str(i),
                s.word.upper(),
                f"{s.score:.4g}",
                f"{s.bits:.2f}",
                str(s.parts),
                str(s.largest),
                f"{s.expected:.1f}",
                "yes" if s.can_win else "no",
            )
        self.show_strategy()

    def show_strategy(self) -> None:
        name = self.wordle_app.strategy
        names = strategy_names()
        title = Text.assemble(
            ("Top suggestions by ", "bold"),
            (name, "bold"),
            f"  (strategy {names.index(name) + 1} of {len(names)}: ] next, [ previous)",
            ("  hard mode (F6)" if self.hard else "", "bold"),
        )
        self.query_one("#suggestions-title", Static).update(title)

    def show_error(self, error: WordleError) -> None:
        self.error = str(error)
        self.say(f"{error} (the figures shown are for the last consistent rows)", error=True)
        turn = error.turn if isinstance(error, InconsistentFeedbackError) else None
        if turn is not None and 1 <= turn <= len(self.rows):
            step = self.rows[turn - 1].step
            step.update("✗ impossible here")
            step.set_class(True, "-error")

    # Analysis, off the event loop (the first call loads the matrix and compiled kernels) --

    def recompute(self) -> None:
        self._generation += 1
        self.show_strategy()
        self.analyse(self._generation, tuple(self.turns), self.wordle_app.strategy, self.hard)

    @work(exclusive=True, group="assist")
    async def analyse(
        self, generation: int, turns: tuple[Turn, ...], strategy: str, hard: bool = False
    ) -> None:
        engine = self.wordle_app.engine
        try:
            result = await asyncio.to_thread(engine.analyse, turns, strategy, hard=hard)
        except WordleError as e:
            if generation == self._generation:
                self.show_error(e)
            return
        if generation == self._generation:
            if self.error is not None:  # the contradiction is gone
                self.say("")
            self.error = None
            self.show_analysis(result)

    # Editing ---------------------------------------------------------------------------

    def action_add_row(self) -> None:
        word, sep, pattern = self.typed.partition(":")
        if not word:
            self.say("Type a guess first.", error=True)
            return
        if len(self.turns) >= MAX_ROWS:
            self.say(f"At most {MAX_ROWS} rows.", error=True)
            return
        wordlist = self.wordle_app.wordlist
        try:
            w = wordlist.normalize(word)
            if not wordlist.is_valid(w):
                raise InvalidWordError(f"Not in word list: {w.upper()}")
            turn = Turn.of(w, pattern if sep else 0)
        except WordleError as e:
            self.say(str(e), error=True)
            return
        self.turns.append(turn)
        self.typed = ""
        self.sel_row, self.sel_col = len(self.turns) - 1, 0
        self.say(f"Added {turn.guess.upper()}: select tiles with ←/→ and press Space to colour.")
        self.changed()

    def changed(self) -> None:
        self.refresh_rows()
        self.recompute()

    def action_erase(self) -> None:
        if self.typed:
            self.typed = self.typed[:-1]
            self.refresh_rows()

    def action_remove_row(self) -> None:
        if self.sel_row is None or not self.turns:
            return
        removed = self.turns.pop(self.sel_row)
        self.sel_row = min(self.sel_row, len(self.turns) - 1) if self.turns else None
        self.say(f"Removed {removed.guess.upper()}.")
        self.changed()

    def action_clear(self) -> None:
        self.turns.clear()
        self.typed = ""
        self.sel_row = None
        self.say("Cleared.")
        self.changed()

    def action_move(self, rows: int, columns: int) -> None:
        if self.sel_row is None:
            return
        self.sel_row = max(0, min(len(self.turns) - 1, self.sel_row + rows))
        self.sel_col = max(0, min(self.length - 1, self.sel_col + columns))
        self.refresh_rows()

    def action_cycle(self) -> None:
        if self.sel_row is not None:
            self.cycle(self.sel_row, self.sel_col)

    def cycle(self, row: int, column: int) -> None:
        """Next colour of one tile: gray → yellow → green → gray."""
        turn = self.turns[row]
        tiles = list(turn.tiles)
        tiles[column] = Tile((tiles[column] + 1) % 3)
        self.turns[row] = Turn(turn.guess, tiles_to_pattern(tiles))
        self.sel_row, self.sel_col = row, column
        self.changed()

    def action_toggle_hard(self) -> None:
        """Suggest only guesses that obey the hard-mode rule (for a hard-mode game)."""
        self.hard = not self.hard
        self.say("Hard mode: suggestions use every hint." if self.hard else "Normal mode.")
        self.recompute()

    def action_strategy(self, step: int) -> None:
        names = strategy_names()
        app = self.wordle_app
        app.strategy = names[(names.index(app.strategy) + step) % len(names)]
        self.say(f"Strategy: {app.strategy} ({REGISTRY[app.strategy].summary}).")
        self.recompute()

    def action_scroll_words(self, pages: int) -> None:
        scroll = self.query_one("#candidates", VerticalScroll)
        if pages < 0:
            scroll.scroll_page_up()
        else:
            scroll.scroll_page_down()

    def on_letter_tile_clicked(self, message: LetterTile.Clicked) -> None:
        if message.row < len(self.turns):
            self.cycle(message.row, message.column)

    def on_key(self, event: events.Key) -> None:
        ch = event.character
        if ch is None or len(ch) != 1 or ch == " ":
            return
        word, sep, pattern = self.typed.partition(":")
        handled = True
        if sep:  # after the colon every character is a tile colour
            try:
                parse_pattern(pattern + ch)
            except WordleError:
                self.say(
                    f"{ch!r} is not a colour: use g (green), y (yellow), b (gray).", error=True
                )
            else:
                if len(pattern) < self.length:
                    self.typed += ch.lower()
        elif ch.isascii() and ch.isalpha():
            if len(word) < self.length:
                self.typed += ch.lower()
            else:
                self.say("The word is complete: Enter adds it, or type : and the colours.")
        elif ch in SEPARATORS and len(word) == self.length:
            self.typed += ":"
        elif ch.isdigit() and 1 <= int(ch) <= self.length:
            self.sel_col = int(ch) - 1
        else:
            handled = False
        if handled:
            event.stop()
            event.prevent_default()
            self.refresh_rows()

    def on_screen_resume(self) -> None:
        # The strategy may have changed elsewhere; the figures follow it.
        if self.analysis is not None and self.analysis.strategy != self.wordle_app.strategy:
            self.recompute()
