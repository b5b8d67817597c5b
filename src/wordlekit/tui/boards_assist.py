"""The Boards assist screen (F10): help with a multi-board game (Dordle, Quordle…) played
elsewhere.

Type each guess with its colours on one line, one pattern per board not solved yet, in board
order: ``crane bbygb gybbb bbbbb ybbbg`` (``g``/``y``/``b``, or ``-`` for a solved board when
every board is given). A board is solved once a pattern of it is all green; later guesses
take no pattern for it. :func:`wordlekit.services.boards.assist` then says, per board, how
many words are left (and the first of them) and ranks the next guesses for all boards
together.

Commands in the same line: ``:variant NAME`` or ``:boards N`` (start over with that many
boards), ``:undo`` (remove the last guess), ``:clear`` (every guess; also Ctrl+L).

The figures are computed in a worker thread under the app's work budget, as on the one-board
Assist screen (:mod:`wordlekit.tui.assist`): a new line cancels the run going on. Colours that
contradict each other give a one-line message naming the board and the turn, while the last
good figures stay on screen; bad input never changes the guesses entered.
"""

from __future__ import annotations

import re
from typing import ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Input, Static

from wordlekit.core.feedback import all_green, format_pattern, parse_pattern
from wordlekit.core.game import Variant
from wordlekit.core.variants import variant_for
from wordlekit.errors import WordleError, WordlekitError
from wordlekit.services import boards as service
from wordlekit.services.boards import BoardsAssist
from wordlekit.services.hints import on_boards
from wordlekit.tui.context import AppContext
from wordlekit.tui.engine import Job
from wordlekit.tui.widgets import MessageLine

#: Words listed per board (the count says how many are left in all).
WORDS_PER_BOARD = 8
#: Next guesses ranked for all boards together.
TOP = 5

HELP = (
    "Type a guess and each unsolved board's colours (g/y/b), in board order, then Enter: "
    "crane bbygb gybbb bbbbb ybbbg. ':variant octordle' or ':boards N' starts over; "
    "':undo' removes the last guess, ':clear' (Ctrl+L) all of them."
)


class BoardsAssistScreen(Screen[None]):
    """Type the guesses of a multi-board game with each board's colours, read the figures."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+l", "clear", "Clear")]

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(name="boards-assist")
        self.ctx = ctx
        self.length = ctx.wordlist.length
        self.variant: Variant = variant_for("quordle")
        self.guesses: list[str] = []
        #: ``patterns[b][t]``: board ``b``'s colours for guess ``t`` (``None`` once solved)
        self.patterns: list[list[int | None]] = [[] for _ in range(self.variant.boards)]
        self.result: BoardsAssist | None = None  # the last good figures
        self.error: str | None = None
        self.job: Job | None = None

    def compose(self) -> ComposeResult:
        yield Header()
        yield MessageLine(id="ba-message")
        with VerticalScroll(id="ba-body"):
            yield Static("", id="ba-title", classes="panel-title")
            yield Static(HELP, id="ba-help", classes="panel")
            yield Static("", id="ba-turns", classes="panel")
            yield Input(placeholder="crane bbygb gybbb …  (or :variant NAME, :undo)", id="ba-input")
            yield Static("", id="ba-boards", classes="panel")
            yield Static("", id="ba-next", classes="panel")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.sub_title = "Boards assist"
        self.show_turns()
        self.recompute()

    def on_screen_resume(self) -> None:
        self.query_one("#ba-input", Input).focus()

    def on_unmount(self) -> None:
        self.cancel()

    # What the screen shows ---------------------------------------------------------------

    def say(self, text: str, *, error: bool = False) -> None:
        self.query_one(MessageLine).say(text, error=error)

    @property
    def message(self) -> str:
        return self.query_one(MessageLine).text

    def text_of(self, wid: str) -> str:
        return str(self.query_one(f"#{wid}", Static).content)

    def solved(self) -> list[bool]:
        win = all_green(self.length)
        return [win in row for row in self.patterns]

    @property
    def max_guesses(self) -> int:
        # start() takes only variants with a guess limit (several fixed boards)
        assert self.variant.max_guesses is not None
        return self.variant.max_guesses

    def show_turns(self) -> None:
        v = self.variant
        left = self.max_guesses - len(self.guesses)
        self.query_one("#ba-title", Static).update(
            f"{v.title}: {v.boards} boards, {len(self.guesses)} guesses entered, {left} left"
        )
        lines = Text()
        for t, word in enumerate(self.guesses):
            cells = [
                "-" if row[t] is None else format_pattern(row[t] or 0, self.length, "letters")
                for row in self.patterns
            ]
            lines.append(f"{t + 1}. {word.upper()}  {' '.join(cells)}\n")
        self.query_one("#ba-turns", Static).update(lines)

    def show_result(self, result: BoardsAssist) -> None:
        self.result = result
        lines = Text()
        for b in result.boards:
            lines.append(f"Board {b.board}: ", style="bold")
            if b.answer is not None:
                lines.append(f"solved ({b.answer.upper()})\n")
                continue
            words = " ".join(w.upper() for w in b.words)
            more = " …" if b.remaining > len(b.words) else ""
            lines.append(f"{b.remaining} word{'s' if b.remaining != 1 else ''} left: ")
            lines.append(f"{words}{more}\n")
        self.query_one("#ba-boards", Static).update(lines)
        nxt = Text()
        if not result.suggestions:
            if result.note is not None:  # the mode allows no word
                nxt.append(result.note)
            elif all(b.solved for b in result.boards):
                nxt.append("Every board is solved.")
            else:
                nxt.append("No guess left.")
        else:
            best, *others = result.suggestions
            nxt.append(f"Best next guess for all boards: {best.word.upper()}", style="bold")
            nxt.append(
                f"  (score {best.score:.4g}, {best.bits:.2f} bits{could_be(best.answer_on)}; "
                f"{result.strategy}, {result.guesses_left} guesses left)\n"
            )
            for i, s in enumerate(others, start=2):
                nxt.append(
                    f"{i}. {s.word.upper()}  score {s.score:.4g}, "
                    f"{s.bits:.2f} bits{could_be(s.answer_on)}\n"
                )
        self.query_one("#ba-next", Static).update(nxt)

    @property
    def best(self) -> str | None:
        """The best next guess shown (``None`` before any figures, or when all is solved)."""
        if self.result is None or not self.result.suggestions:
            return None
        return self.result.suggestions[0].word

    def set_stale(self, stale: bool) -> None:
        for wid in ("#ba-boards", "#ba-next"):
            self.query_one(wid, Static).set_class(stale, "-stale")

    # Computing, off the event loop -------------------------------------------------------

    def recompute(self) -> None:
        self.cancel()
        job = self.job = self.ctx.jobs.start()
        self.set_stale(True)
        self.analyse(
            job,
            tuple(self.guesses),
            tuple(tuple(row) for row in self.patterns),
            self.variant,
        )

    def cancel(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.job = None

    @work(group="boards-assist")
    async def analyse(
        self,
        job: Job,
        guesses: tuple[str, ...],
        patterns: tuple[tuple[int | None, ...], ...],
        variant: Variant,
    ) -> None:
        result = await job.run(
            service.assist,
            guesses,
            patterns,
            boards=variant.boards,
            max_guesses=variant.max_guesses,
            top=TOP,
            words_shown=WORDS_PER_BOARD,
        )
        if job is self.job and not job.cancelled:  # else a newer run shows its figures
            self.job = None
            self.set_stale(False)
            self.answer(result)

    def answer(self, result: BoardsAssist | WordlekitError) -> None:
        if isinstance(result, WordleError):
            self.error = str(result)
            self.say(
                f"{result} (the figures shown are for the last consistent guesses; "
                "':undo' removes the last guess)",
                error=True,
            )
        elif isinstance(result, WordlekitError):  # the budget ran out
            self.say(str(result), error=True)
        else:
            if self.error is not None:
                self.say("")
            self.error = None
            self.show_result(result)

    # Input -------------------------------------------------------------------------------

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if not text:
            return
        try:
            if text.startswith(":"):
                self.command(text[1:].split())
            else:
                self.add_turn(text)
        except WordleError as e:  # bad input: the line stays to be fixed
            self.say(str(e), error=True)
            return
        except Exception as e:  # never crash on what was typed
            self.say(f"cannot read {text!r}: {e}", error=True)
            return
        event.input.value = ""

    def parse_turn(self, text: str) -> tuple[str, list[int | None]]:
        """``GUESS P1 P2 …`` (one pattern per unsolved board, or one per board with ``-``
        for the solved ones) as the guess and every board's pattern."""
        tokens = [p for p in re.split(r"[\s,:;]+", text) if p]
        if not tokens:
            raise WordleError("type a guess and its colours: crane bbygb gybbb …")
        word, *parts = tokens
        word = self.ctx.wordlist.check_guess(word)
        solved = self.solved()
        open_boards = [b for b, s in enumerate(solved) if not s]
        if len(parts) == len(open_boards):
            given = dict(zip(open_boards, parts, strict=True))
        elif len(parts) == self.variant.boards:
            given = {b: p for b, p in enumerate(parts) if not solved[b]}
            for b, p in enumerate(parts):
                if solved[b] and p != "-":
                    raise WordleError(f"{word.upper()}: board {b + 1} is solved (use - for it)")
        else:
            raise WordleError(
                f"{word.upper()}: {len(parts)} pattern{'s' if len(parts) != 1 else ''} for "
                f"{len(open_boards)} unsolved board{'s' if len(open_boards) != 1 else ''} "
                "(one per unsolved board, in board order)"
            )
        pats: list[int | None] = [None] * self.variant.boards
        for b, p in given.items():
            if p == "-":
                raise WordleError(f"{word.upper()}: board {b + 1} is not solved: its colours?")
            try:
                pats[b] = parse_pattern(p, self.length)
            except WordleError as e:
                raise WordleError(f"{word.upper()}, board {b + 1}: {e}") from None
        return word, pats

    def add_turn(self, text: str) -> None:
        if not [s for s in self.solved() if not s]:
            raise WordleError("every board is solved (':undo' or ':clear' to change that)")
        if len(self.guesses) >= self.max_guesses:
            raise WordleError(f"{self.variant.title} has {self.max_guesses} guesses")
        word, pats = self.parse_turn(text)
        self.guesses.append(word)
        for row, p in zip(self.patterns, pats, strict=True):
            row.append(p)
        self.say(f"Added {word.upper()}.")
        self.changed()

    def changed(self) -> None:
        self.show_turns()
        self.recompute()

    def command(self, words: list[str]) -> None:
        name, args = (words[0].lower(), words[1:]) if words else ("", [])
        if name == "variant" and len(args) == 1:
            self.start(variant_for(args[0]))
        elif name == "boards" and len(args) == 1 and args[0].isdigit():
            self.start(variant_for(boards=int(args[0])))
        elif name == "undo" and not args:
            if not self.guesses:
                raise WordleError("no guess to remove")
            word = self.guesses.pop()
            for row in self.patterns:
                row.pop()
            self.say(f"Removed {word.upper()}.")
            self.changed()
        elif name == "clear" and not args:
            self.action_clear()
        else:
            raise WordleError("Commands: :variant NAME, :boards N, :undo, :clear")

    def start(self, variant: Variant) -> None:
        if variant.max_guesses is None:  # an adversary host has no boards to enter
            raise WordleError(f"{variant.title} has no fixed answers to help with here")
        self.variant = variant
        self.guesses = []
        self.patterns = [[] for _ in range(variant.boards)]
        self.result = None
        self.say(f"{variant.title}: {variant.boards} boards, {variant.max_guesses} guesses.")
        self.changed()

    def action_clear(self) -> None:
        self.guesses = []
        self.patterns = [[] for _ in range(self.variant.boards)]
        self.say("Cleared.")
        self.changed()


def could_be(boards: tuple[int, ...]) -> str:
    """ ", could be the answer on boards 2, 3" when the guess may win boards outright."""
    return f", could be the answer {on_boards(boards)}" if boards else ""
