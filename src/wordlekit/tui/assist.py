"""The assist screen: help with a game played elsewhere.

Enter each guess and its colours; :func:`wordlekit.services.advice.assist` says which
words remain, what is known, what each turn taught and which guesses a strategy ranks best.
The screen keeps only the turns as typed. Contradictory rows are reported (the error names
the turn) while the last good result stays on screen.

Which words may be the answer is the answer model (F7 switches): ``likely`` by default (every
valid word, weighted by how likely it is to be chosen: the game being helped with may have an
answer outside the list; the words left are listed most likely first, with their
probabilities) or the answer list.

The suggestions run in a worker thread under a work budget (a few seconds): "computing…"
shows meanwhile, any change of the input (or leaving the screen) cancels the run, and a
strategy that needs more than the budget (the optimal one far from its proven tree) is
answered by the fallback strategy with a note saying so.
"""

from __future__ import annotations

import datetime as dt
from typing import ClassVar

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Static

from wordlekit.core.feedback import Tile, Turn, tiles_to_pattern
from wordlekit.core.rules import ULTRAHARD_RULE, Mode
from wordlekit.errors import (
    InconsistentFeedbackError,
    WordleError,
    WordlekitError,
)
from wordlekit.services import advice, catalog
from wordlekit.services.advice import Assist
from wordlekit.tui.context import AppContext
from wordlekit.tui.engine import Job
from wordlekit.tui.entry import RowInput
from wordlekit.tui.widgets import AssistRow, LetterTile, MessageLine

MAX_ROWS = 8
TICK = 0.2  # seconds between updates of the "computing…" line
#: The answer models the screen offers, in the order F7 goes through them, and how the
#: screen names each.
ASSIST_MODELS = ("likely", "list")
ANSWERS_TEXT = {
    "likely": "any valid word, most likely first (the answer may be outside the list)",
    "list": "words of the answer list",
}
COLUMNS = ("#", "Guess", "Score", "Bits", "Parts", "Largest", "Expected", "Can win")
TOP = 10  # suggestions shown
SHOWN_WORDS = 200  # remaining words listed


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
        Binding("f6", "toggle_hard", "Rules"),
        Binding("f7", "toggle_answers", "Answers"),
        Binding("pageup", "scroll_words(-1)", "Scroll words up", show=False),
        Binding("pagedown", "scroll_words(1)", "Scroll words down", show=False),
    ]

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(name="assist")
        self.ctx = ctx
        self.length = ctx.wordlist.length
        self.turns: list[Turn] = []
        self.typed = RowInput(self.length)  # the next row: a word, then ":" and its colours
        self.sel_row: int | None = None
        self.sel_col = 0
        # F6 cycles the rules the suggestions obey: normal, hard, ultrahard
        self.mode = Mode.NORMAL
        self.analysis: Assist | None = None  # the last good result
        self.error: str | None = None
        self.job: Job | None = None  # the run of the figures shown next
        self.interrupted = False  # a run was cancelled by leaving the screen
        self.rows = [AssistRow(r, self.length) for r in range(MAX_ROWS)]
        self.entry = AssistRow(MAX_ROWS, self.length)

    def compose(self) -> ComposeResult:
        yield Header()
        yield MessageLine(id="assist-message")
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
        yield Static("", id="suggestions-status")
        table: DataTable[str] = DataTable(id="suggestions", cursor_type="none", zebra_stripes=True)
        yield table
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.sub_title = "Assist"
        # Arrow keys, Space and Enter belong to the tiles, never to a focused scroll area.
        for widget in (*self.query(VerticalScroll), self.query_one(DataTable)):
            widget.can_focus = False
        self.query_one("#suggestions", DataTable).add_columns(*COLUMNS)
        self.query_one("#remaining", Static).update("Loading the word data…")
        self.set_interval(TICK, self.show_progress)
        self.refresh_rows()
        self.recompute()

    # Showing ---------------------------------------------------------------------------

    def say(self, text: str, *, error: bool = False) -> None:
        self.query_one(MessageLine).say(text, error=error)

    @property
    def message(self) -> str:
        return self.query_one(MessageLine).text

    @property
    def status(self) -> str:
        """The line under the suggestions' title: "computing…", a fallback's note, or ""."""
        return str(self.query_one("#suggestions-status", Static).content)

    def refresh_rows(self) -> None:
        for n, row in enumerate(self.rows):
            row.display = n < len(self.turns)
            if n < len(self.turns):
                turn = self.turns[n]
                row.tiles.show(turn.guess, turn.tiles)
                row.tiles.select(self.sel_col if n == self.sel_row else None)
        self.entry.display = len(self.turns) < MAX_ROWS
        self.entry.tiles.show(self.typed.word, self.typed.preview())
        self.entry.step.update(f"[dim]{self.typed.text.upper() or 'next guess'}[/dim]")
        hint = ""
        if self.typed.word_complete:
            hint = "Enter adds the row (all gray), or type : and the colours (g/y/b)."
        self.query_one("#entry-hint", Static).update(f"[dim]{hint}[/dim]")

    def show_analysis(self, result: Assist) -> None:
        self.analysis = result
        n = result.remaining
        one = f"1 word left: {result.candidates[0].upper()}" if result.candidates else ""
        left = f"{n} words left" if n != 1 else one
        self.query_one("#remaining", Static).update(
            f"{left}\n[dim]{ANSWERS_TEXT[result.answers]} (F7)[/dim]"
        )
        self.query_one("#known", Static).update("\n".join(result.known.summary))
        shown = result.candidates[:SHOWN_WORDS]
        panel = self.query_one("#words", Static)
        if result.probabilities:  # most likely first: each word with its probability
            pairs = [
                (f"{w.upper()} ", percent(p))
                for w, p in zip(shown, result.probabilities, strict=False)
            ]
            words = unbroken(pairs, panel.content_size.width or 60)
        else:
            words = Text(" ".join(w.upper() for w in shown))
        if n > SHOWN_WORDS:
            words.append(f"\n… and {n - SHOWN_WORDS} more")
        panel.update(words)
        for row, step in zip(self.rows, result.steps, strict=False):
            row.step.update(f"{step.before} → {step.after} · {step.bits:.2f} bits")
            row.step.set_class(False, "-error")
        self.show_suggestions(result)
        self.show_title()
        self.show_status(result.advice.note or "", note=True)

    def show_suggestions(self, result: Assist) -> None:
        table = self.query_one("#suggestions", DataTable)
        table.clear()
        for i, s in enumerate(result.advice.suggestions, start=1):
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

    def show_title(self) -> None:
        name = self.ctx.strategy
        names = strategy_names()
        # While a run computes, the title names the strategy asked for; then, what answered.
        advice = self.analysis.advice if self.job is None and self.analysis is not None else None
        title = Text.assemble(
            ("Top suggestions by ", "bold"),
            (f"{advice.used} in place of {name}" if advice and not advice.exact else name, "bold"),
            f"  (strategy {names.index(name) + 1} of {len(names)}: ] next, [ previous)",
            (f"  {self.rules} mode (F6)" if self.mode.hard else "", "bold"),
        )
        self.query_one("#suggestions-title", Static).update(title)

    def show_status(self, text: str, *, note: bool = False) -> None:
        status = self.query_one("#suggestions-status", Static)
        status.update(Text(text, style="italic"))
        status.set_class(note, "-note")
        status.display = bool(text)

    def show_progress(self) -> None:
        if self.job is not None and self.job.running:
            self.show_status(f"{self.ctx.strategy}: {self.job.progress()}")

    def show_error(self, error: WordleError) -> None:
        self.error = str(error)
        self.say(f"{error} (the figures shown are for the last consistent rows)", error=True)
        turn = error.turn if isinstance(error, InconsistentFeedbackError) else None
        if turn is not None and 1 <= turn <= len(self.rows):
            step = self.rows[turn - 1].step
            step.update("✗ impossible here")
            step.set_class(True, "-error")

    # Analysis, off the event loop, under a budget that any change cancels ------------------

    def recompute(self) -> None:
        """New figures for the turns as they are now (the run going on is cancelled)."""
        self.cancel()
        job = self.job = self.ctx.jobs.start()
        self.set_stale(True)
        self.show_title()
        self.show_progress()
        self.analyse(job, tuple(self.turns), self.ctx.strategy, self.mode, self.ctx.answers)

    def cancel(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.job = None

    @work(group="assist")
    async def analyse(
        self,
        job: Job,
        turns: tuple[Turn, ...],
        strategy: str,
        mode: Mode,
        answers: str,
    ) -> None:
        # The answer model's matrix is loaded (once) before the budget's clock starts. The
        # likely model weighs the words served before the player's day (this machine's date).
        on = dt.date.today() if answers == "likely" else None
        failed = await job.load(advice.answer_matrix, answers, on)
        result = (
            failed
            if failed is not None
            else await job.run(
                advice.assist,
                turns,
                answers=answers,
                on=on,
                strategy=strategy,
                top=TOP,
                mode=mode,
                max_candidates=SHOWN_WORDS,
            )
        )
        if job is self.job and not job.cancelled:  # else a newer run shows its figures
            self.job = None
            self.show_result(result)

    def set_stale(self, stale: bool) -> None:
        """Dim the figures of the turns as they were while those of the turns now compute."""
        for widget in (self.query_one("#assist-side"), self.query_one("#suggestions")):
            widget.set_class(stale, "-stale")

    def show_result(self, result: Assist | WordlekitError) -> None:
        self.set_stale(False)
        if isinstance(result, WordleError):
            self.show_status("")
            self.show_error(result)
        elif isinstance(result, WordlekitError):  # the budget ran out where no fallback is
            self.show_status(str(result), note=True)
        else:
            if self.error is not None:  # the contradiction is gone
                self.say("")
            self.error = None
            self.show_analysis(result)

    # Editing ---------------------------------------------------------------------------

    def action_add_row(self) -> None:
        if not self.typed.word:
            self.say("Type a guess first.", error=True)
            return
        if len(self.turns) >= MAX_ROWS:
            self.say(f"At most {MAX_ROWS} rows.", error=True)
            return
        try:
            turn = self.typed.turn(self.ctx.wordlist)
        except WordleError as e:
            self.say(str(e), error=True)
            return
        coloured = bool(self.typed.colours)  # typed as crane:bbybb
        self.turns.append(turn)
        self.typed.clear()
        self.sel_row, self.sel_col = len(self.turns) - 1, 0
        if coloured:
            self.say(f"Added {turn.guess.upper()} {turn.format('letters').split(':')[1]}.")
        else:
            self.say(
                f"Added {turn.guess.upper()}: select tiles with ←/→ and press Space to colour."
            )
        self.changed()

    def changed(self) -> None:
        self.refresh_rows()
        self.recompute()

    def action_erase(self) -> None:
        if self.typed.text:
            self.typed.erase()
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
        self.typed.clear()
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

    @property
    def rules(self) -> str:
        """The rules the suggestions obey: ``normal``, ``hard`` or ``ultrahard``."""
        return self.mode.value

    def action_toggle_hard(self) -> None:
        """The next rules for the suggestions (for a game played in them): normal → hard
        (every hint used) → ultrahard (only words that could be the answer) → normal."""
        modes = list(Mode)
        self.mode = modes[(modes.index(self.mode) + 1) % len(modes)]
        said = {
            "normal": "Normal mode.",
            "hard": "Hard mode: suggestions use every hint.",
            "ultrahard": f"Ultrahard mode: {ULTRAHARD_RULE}.",
        }
        self.say(said[self.rules])
        self.recompute()

    def action_toggle_answers(self) -> None:
        """The other answer model: likely (every valid word, weighted) ↔ the answer list."""
        ctx = self.ctx
        ctx.answers = ASSIST_MODELS[(ASSIST_MODELS.index(ctx.answers) + 1) % len(ASSIST_MODELS)]
        self.say(f"Answers: {ANSWERS_TEXT[ctx.answers]}.")
        self.recompute()

    def action_strategy(self, step: int) -> None:
        names = strategy_names()
        ctx = self.ctx
        ctx.strategy = names[(names.index(ctx.strategy) + step) % len(names)]
        summary = next(s.summary for s in catalog.strategies() if s.name == ctx.strategy)
        self.say(f"Strategy: {ctx.strategy} ({summary}).")
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

    # Typing the next row ---------------------------------------------------------------

    def on_key(self, event: events.Key) -> None:
        # Backspace and Enter in the order the keys came, as on the Play screen: through
        # their bindings they ran after the characters of the same burst (a paste).
        if event.key in ("backspace", "enter"):
            event.stop()
            event.prevent_default()
            self.action_erase() if event.key == "backspace" else self.action_add_row()
            return
        ch = event.character
        # Space, Tab… are keys of their own (bindings), not characters here.
        if ch is None or len(ch) != 1 or not ch.isprintable() or ch.isspace():
            return
        if self.type_char(ch):
            event.stop()
            event.prevent_default()
            self.refresh_rows()

    def type_char(self, ch: str) -> bool:
        """One key for the next row, or a tile number (1-8) of the selected row. Returns
        whether the key was taken."""
        if self.typed.takes(ch):
            refused = self.typed.add(ch)
            if refused is not None:
                self.say(refused, error=True)
        elif ch.isdigit() and 1 <= int(ch) <= self.length:
            self.sel_col = int(ch) - 1
        else:
            return False
        return True

    # Coming and going ------------------------------------------------------------------

    def on_screen_suspend(self) -> None:
        # Nobody reads the figures of a screen that is not shown: stop the run.
        if self.job is not None and self.job.running:
            self.cancel()
            self.interrupted = True

    def on_screen_resume(self) -> None:
        # The run left unfinished starts again; a strategy changed elsewhere is followed.
        shown = self.analysis.advice.strategy if self.analysis is not None else None
        if self.interrupted or (shown is not None and shown != self.ctx.strategy):
            self.interrupted = False
            self.recompute()

    def on_unmount(self) -> None:
        self.cancel()


def strategy_names() -> list[str]:
    """The strategies for one board, in the registry's order (] and [ go through them)."""
    return [s.name for s in catalog.strategies()]


def unbroken(pairs: list[tuple[str, str]], width: int) -> Text:
    """Words with their (dim) probabilities, as many to a line as ``width`` holds, a word
    never parted from its probability (the terminal would break the line between them).

    >>> unbroken([("ABOUT ", "24%"), ("TOTAL ", "0.7%")], 12).plain.splitlines()
    ['ABOUT 24%', 'TOTAL 0.7%']
    """
    text, used = Text(), 0
    for word, share in pairs:
        size = len(word) + len(share)
        if used and used + 2 + size > width:
            text.append("\n")
            used = 0
        elif used:
            text.append("  ")
            used += 2
        text.append(word)
        text.append(share, style="dim")
        used += size
    return text


def percent(p: float) -> str:
    """A probability as people read it: "24%", "1.8%", "<0.1%".

    >>> percent(0.2413), percent(0.018), percent(0.0004)
    ('24%', '1.8%', '<0.1%')
    """
    x = 100 * p
    if x >= 9.95:
        return f"{x:.0f}%"
    return f"{x:.1f}%" if x >= 0.095 else "<0.1%"
