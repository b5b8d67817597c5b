"""The Play screen: every variant on one screen, drawn from the game's view.

- One board (the classic game, Absurdle): the grid of tile widgets and the on-screen keyboard;
  a game with no guess limit grows its grid a row at a time.
- Several boards (Dordle … Duotrigordle): the boards side by side and the keyboard split per
  board, as text (:mod:`wordlekit.tui.grids`), smaller on a compact terminal.
- Absurdle (an adversary host): the words the host still holds, a sample of them and the
  challenge's target.

Ctrl+S asks for a hint in every variant, counted in the game (its share grid says so): the
bot's next guess on one board (:func:`wordlekit.services.advice.hint`), the best guess for
all boards together on several (:func:`wordlekit.services.boards.assist`), the first guess
of a proven shortest win against an adversary (:func:`wordlekit.services.absurdle.solve`).
It runs in a worker thread under a budget; a guess played meanwhile drops it.

At the end of a game of one board, the end panel shows random play's figures on the answer
(:mod:`wordlekit.services.randomplay`): read from the table ``wordle expected`` fills when
stored, else computed in a worker (a child process the job's cancellation stops), with its
"computing…" line meanwhile; a new game drops it.

The screen keeps only the letters being typed. Which game a key or the chooser (Ctrl+O,
:mod:`wordlekit.tui.chooser`) asks for (the daily and seed rules), every guess (one atomic,
turn-numbered step: a turn played meanwhile in another window is a conflict, and the game is
reloaded as stored) and every hint counted go through :mod:`wordlekit.services.games`, whatever the
variant, so the games and the statistics are the web app's too, and survive the program being
closed at any moment. What differs between variants comes from the view (its boards, its
guess limit, its host), never from a variant's name.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from typing import ClassVar

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from wordlekit.core.game import Game
from wordlekit.core.rules import Mode
from wordlekit.errors import (
    GameNotFoundError,
    HardModeError,
    InvalidWordError,
    TurnConflictError,
    UltrahardError,
    WordlekitError,
)
from wordlekit.services.games import (
    GameRequest,
    GameView,
    StoredGame,
    load_game,
    play_guess,
    player_stats,
    record_hint,
    start_game,
    variants,
    view,
)
from wordlekit.services.hints import game_hint, hint_request
from wordlekit.tui.chooser import ChooserScreen
from wordlekit.tui.context import AppContext
from wordlekit.tui.engine import Job
from wordlekit.tui.grids import board_lines, boards_text, keyboard_text
from wordlekit.tui.panels import (
    Advised,
    advised,
    host_text,
    info_text,
    progress_line,
    random_play_text,
    random_play_waiting,
    sentence,
)
from wordlekit.tui.styles import correct_colour
from wordlekit.tui.widgets import (
    BACKSPACE,
    ENTER,
    Board,
    Keyboard,
    KeyCap,
    MessageLine,
    keyboard_rows,
    keyboard_tiles,
    row_tiles,
    stats_text,
)

TICK = 0.2  # seconds between updates of the "computing…" line
#: Rows of a one-board grid with no guess limit before it grows (as many as Wordle's).
MIN_ROWS = 6
#: Seconds the shortest-win search (an adversary's hint) may take on this screen.
SOLVE_SECONDS = 20.0
#: Seconds random play's figures on an answer may take to compute (1 to 9 s on the original
#: list; ``wordle expected --all`` stores them all).
RANDOM_PLAY_SECONDS = 60.0
#: The next guesses ranked for a hint on several boards (only the first is advised).


class PlayScreen(Screen[None]):
    """One game at a time, of any variant: daily, practice or a challenge, in any mode."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "submit", "Guess", show=False),
        Binding("backspace", "erase", "Erase", show=False),
        Binding("ctrl+s", "hint", "Hint"),
        Binding("ctrl+y", "copy_share", "Copy share"),
        Binding("ctrl+o", "choose", "Game"),
        Binding("ctrl+n", "new_game", "New"),
        Binding("ctrl+d", "daily(0)", "Daily"),
        Binding("left_square_bracket", "daily(-1)", "Day before", show=False),
        Binding("right_square_bracket", "daily(1)", "Day after", show=False),
    ]

    def __init__(self, ctx: AppContext, request: GameRequest) -> None:
        super().__init__(name="play")
        self.ctx = ctx
        self.request = request  # the game asked for last (Ctrl+N and Ctrl+D keep its rules)
        self.stored: StoredGame | None = None
        self.view: GameView | None = None
        self.current = ""  # letters typed for the next guess
        self.share_text = ""
        self.last_hint: str | None = None  # the word the last hint shown advised
        self.hint_job: Job | None = None
        self.hint_asked = ""  # what the "computing…" line says is asked
        self.random_job: Job | None = None  # random play's figures being computed
        self.random_word = ""

    def compose(self) -> ComposeResult:
        length = self.ctx.wordlist.length
        yield Header()
        yield MessageLine(id="message")
        with Horizontal(id="play-main"):
            with Vertical(id="play-left"):
                with VerticalScroll(id="play-scroll"):
                    yield Board(MIN_ROWS, length, id="board")
                    yield Keyboard(keyboard_rows(self.ctx.wordlist.alphabet.letters), id="keyboard")
                    yield Static("", id="boards-grid")
                yield Static("", id="boards-keys")  # under the boards, never scrolled away
            with VerticalScroll(id="play-side"):
                yield Static("", id="game-info", classes="panel")
                yield Static("", id="host", classes="panel")
                yield Static("", id="hint", classes="panel")
                with Vertical(id="end-panel"):
                    yield Static("", id="definition", classes="panel")
                    yield Static("", id="random-play", classes="panel")
                    yield Static("", id="share", classes="panel")
                    yield Static("Statistics", classes="panel-title panel")
                    yield Static("", id="end-stats", classes="panel")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        for scroll in self.query(VerticalScroll):
            scroll.can_focus = False  # keys belong to the game, not to scrolling
        self.set_interval(TICK, self.show_progress)
        self.set_interval(TICK, self.show_random_progress)
        refused = self.start(self.request)
        if refused is not None:  # build_app checked the request: only the database can fail
            self.say(refused, error=True)

    # What the screen shows -----------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The game shown, as a value (the stored one)."""
        assert self.stored is not None
        return self.stored.game

    @property
    def over(self) -> bool:
        return self.view is not None and self.view.over

    @property
    def several(self) -> bool:
        return self.view is not None and len(self.view.boards) > 1

    @property
    def adversary(self) -> bool:
        return self.view is not None and self.view.host_words is not None

    def say(self, text: str, *, error: bool = False) -> None:
        self.query_one(MessageLine).say(text, error=error)

    @property
    def message(self) -> str:
        return self.query_one(MessageLine).text

    def show_game(self, stored: StoredGame) -> None:
        """Show another game, or the same one as stored now (a pending hint is dropped)."""
        self.cancel_hint()
        self.cancel_random_play()
        self.query_one("#random-play", Static).update("")
        self.stored = stored
        v = self.view = view(stored)
        self.ctx.variant = v.variant.name
        self.share_text = ""
        self.last_hint = None
        self.query_one("#hint", Static).update("")
        self.query_one("#end-panel").set_class(False, "-over")
        self.set_class(self.several, "-boards")
        self.query_one("#host").display = self.adversary
        marks = f" · {v.mode} mode" if Mode(v.mode).hard else ""
        # the title bar reads "wordlekit — practice #42", not "wordlekit — wordlekit practice"
        label = v.label.removeprefix(f"{self.app.TITLE} ")
        self.sub_title = label[:1].upper() + label[1:] + marks
        self.refresh_game()
        self.refresh_bindings()

    def refresh_game(self) -> None:
        """Show the game as it stands: played rows, the row being typed, the keyboard."""
        v = self.view
        if v is None:
            return
        if self.several:
            self.draw_boards(v)
        else:
            self.draw_board(v)
        self.query_one("#game-info", Static).update(info_text(v))
        if self.adversary:
            self.query_one("#host", Static).update(host_text(v))

    def draw_board(self, v: GameView) -> None:
        turns = v.boards[0].turns
        board = self.query_one(Board)
        playing = 0 if v.over else 1
        board.set_rows(v.max_guesses or max(MIN_ROWS, len(turns) + playing))
        for n, row in enumerate(board.rows):
            if n < len(turns):
                row.show(turns[n].guess, row_tiles(turns[n]))
            elif n == len(turns) and not v.over:
                row.show(self.current)
            else:
                row.show()
        self.query_one(Keyboard).show(keyboard_tiles(v.boards[0].keyboard))
        if v.max_guesses is None and len(turns) < len(board.rows):
            board.rows[len(turns)].scroll_visible(animate=False)  # the row being typed

    def draw_boards(self, v: GameView) -> None:
        left = self.query_one("#play-left")
        width = left.content_region.width or max(self.app.size.width - 40, 20)
        # One-letter tiles on a small terminal, and for more boards than two lines of full
        # tiles hold (Sedecordle, Duotrigordle): more of them are seen at once.
        n = len(v.boards)
        compact = self.app.has_class("-compact") or board_lines(n, width, v.length, False) > 2
        contrast = self.ctx.high_contrast
        grid = boards_text(v, self.current, width=width, compact=compact, contrast=contrast)
        keys = keyboard_text(
            v, contrast=contrast, rows=keyboard_rows(self.ctx.wordlist.alphabet.letters)
        )
        self.query_one("#boards-grid", Static).update(grid)
        self.query_one("#boards-keys", Static).update(keys)
        # The keyboard sits under the boards; when they are taller than the screen, the
        # boards scroll above it and it stays in view (its margin is a line above and below).
        height = left.content_region.height or self.app.size.height - 4
        lines = len(grid.plain.splitlines()) + len(keys.plain.splitlines()) + 2
        self.set_class(lines > height, "-overflow")

    def on_resize(self, event: events.Resize) -> None:
        # Boards drawn as text fit the width: draw them again for the new one.
        if self.several:
            self.call_after_refresh(self.refresh_game)

    def recolour(self) -> None:
        """Draw again what is coloured as text, not by CSS (the contrast changed)."""
        self.refresh_game()
        if self.over:
            self.finish(copy=False, say=False)

    # Game flow -----------------------------------------------------------------------------

    def start(self, request: GameRequest) -> str | None:
        """Store the game ``request`` asks for (a daily game already started is resumed) and
        show it; returns why it was refused (the game shown goes on), or ``None``."""
        try:
            stored, created = start_game(self.ctx.store, self.ctx.player, request)
        except WordlekitError as e:
            return sentence(str(e))
        self.request = request
        self.current = ""
        self.show_game(stored)
        v = self.view
        assert v is not None
        if not created:
            self.say(f"{v.label} resumed as you left it.")
        else:
            target = f" Challenge: make the host end on {v.target.upper()}." if v.target else ""
            self.say(f"{v.variant.title}: {v.variant.summary}.{target}")
        if v.over:
            self.finish(copy=False)
        return None

    def refused_as_over(self) -> bool:
        if self.over:
            self.say("The game is over: Ctrl+N starts a new one, Ctrl+O another game.", error=True)
        return self.over

    def type_letter(self, letter: str) -> None:
        if not self.refused_as_over() and len(self.current) < self.ctx.wordlist.length:
            self.current += letter
            self.refresh_game()

    def action_erase(self) -> None:
        if self.current and not self.over:
            self.current = self.current[:-1]
            self.refresh_game()

    def action_submit(self) -> None:
        if self.refused_as_over() or self.stored is None or self.view is None:
            return
        if len(self.current) < self.ctx.wordlist.length:
            self.say("Not enough letters.", error=True)
            return
        ctx, number = self.ctx, len(self.view.guesses) + 1
        try:
            stored = play_guess(ctx.store, self.stored.id, ctx.player, self.current, number)
        except TurnConflictError as e:
            self.reload(f"Another window played this game meanwhile: {e}. Here it is as stored.")
        except HardModeError as e:
            rules = "Ultrahard" if isinstance(e, UltrahardError) else "Hard"
            self.say(f"{rules} mode: {e} (no turn used)", error=True)
        except InvalidWordError as e:
            self.say(f"{e} (no turn used)", error=True)
        except WordlekitError as e:  # the game is over, or gone from the database
            self.say(sentence(str(e)), error=True)
        else:
            self.played(stored)

    def played(self, stored: StoredGame) -> None:
        self.current = ""
        self.show_game(stored)
        if self.over:
            self.finish(copy=True)
        else:
            assert self.view is not None
            self.say(progress_line(self.view))

    def reload(self, why: str) -> None:
        """The game as stored now (another window played it meanwhile); typed letters stay."""
        assert self.stored is not None
        try:
            stored = load_game(self.ctx.store, self.stored.id, self.ctx.player)
        except GameNotFoundError:
            self.say("This game is no longer in the database: Ctrl+N starts a new one.", error=True)
            return
        self.show_game(stored)
        self.say(why, error=True)
        if self.over:
            self.current = ""
            self.finish(copy=False, say=False)

    def finish(self, *, copy: bool, say: bool = True) -> None:
        """The end: the outcome, the share grid (copied) and the statistics."""
        v, stored = self.view, self.stored
        assert v is not None and stored is not None
        if say and v.outcome is not None:
            self.say(v.outcome.message)
        self.share_text = stored.game.share(high_contrast=self.ctx.high_contrast, hints=v.hints)
        note = "Copied to the clipboard (where the terminal allows)."
        if copy:
            self.app.copy_to_clipboard(self.share_text)
        else:
            note = "Ctrl+Y copies it."
        self.query_one("#share", Static).update(
            Text.assemble(self.share_text, "\n\n", (note, "dim"))
        )
        self.query_one("#definition", Static).update(definition_text(v))
        self.show_random_play()
        self.show_stats()
        self.query_one("#end-panel").set_class(True, "-over")
        self.refresh_bindings()

    def show_stats(self) -> None:
        """This variant's figures of this game's kind: the daily games' (their streak), or the
        others'."""
        ctx, v = self.ctx, self.view
        assert v is not None and self.stored is not None
        stats = player_stats(ctx.store, ctx.player, self.game.variant)
        daily = v.kind == "daily"
        title = f"{v.variant.title}: {'daily games' if daily else 'practice games'}\n"
        text = Text(title, style="bold underline")
        won = v.status == "won"
        text.append_text(
            stats_text(
                stats.daily if daily else stats.practice,
                highlight=len(v.guesses) if won else None,
                accent=correct_colour(ctx.high_contrast),
            )
        )
        self.query_one("#end-stats", Static).update(text)

    # Random play on the answer -------------------------------------------------------------

    def show_random_play(self) -> None:
        """Random play's figures on the answer of a finished game of one board with a fixed
        answer: the stored ones at once, else computed in a worker (with its "computing…"
        line)."""
        from wordlekit.services.randomplay import stored_figures

        self.cancel_random_play()
        v, panel = self.view, self.query_one("#random-play", Static)
        assert v is not None
        word = v.boards[0].answer if len(v.boards) == 1 and v.host_words is None else None
        if word is None:
            panel.update("")
            return
        try:
            found = stored_figures(self.ctx.wordlist, word)
        except WordlekitError as e:
            panel.update(Text.assemble("Random play: ", sentence(str(e))))
            return
        if found is not None:
            panel.update(random_play_text(found))
            return
        job = self.ctx.jobs.start(RANDOM_PLAY_SECONDS, then="it stops")
        self.random_job, self.random_word = job, word
        self.show_random_progress()
        self.compute_random_play(job, word)

    def cancel_random_play(self) -> None:
        if self.random_job is not None:
            self.random_job.cancel()
            self.random_job = None

    def show_random_progress(self) -> None:
        job = self.random_job
        if job is not None and job.running:
            waiting = random_play_waiting(self.random_word, job.progress())
            # (a tick may come while the app quits, its widgets already gone: then nothing)
            for panel in self.query("#random-play").results(Static):
                panel.update(waiting)

    @work(group="random-play")
    async def compute_random_play(self, job: Job, word: str) -> None:
        from wordlekit.services.randomplay import word_figures

        figures = await job.run(word_figures, word)
        if job is not self.random_job or job.cancelled:
            return  # another game is shown, or the app quits
        self.random_job = None
        panel = self.query_one("#random-play", Static)
        if isinstance(figures, WordlekitError):
            panel.update(Text.assemble("Random play: ", sentence(str(figures))))
        else:
            panel.update(random_play_text(figures))

    # New games -----------------------------------------------------------------------------

    def open_game(self, request: GameRequest) -> None:
        """Start the game a key asks for; a refusal (a puzzle not out yet) is only said."""
        refused = self.start(request)
        if refused is not None:
            self.say(f"{refused} (the game shown goes on)", error=True)

    def action_new_game(self) -> None:
        """A new practice game of the variant and mode played."""
        self.open_game(replace(self.request, kind="practice", date=None, seed=None, answers=()))

    def action_daily(self, days: int) -> None:
        """Today's daily game (0), or the one ``days`` after the daily game shown (or today)."""
        shown = self.stored.day if self.stored is not None else None
        base = dt.date.fromisoformat(shown) if shown and days else dt.date.today()
        day = base + dt.timedelta(days=days)
        self.open_game(replace(self.request, kind="daily", date=day, seed=None, answers=()))

    def action_choose(self) -> None:
        chooser = ChooserScreen(variants(), self.request, self.start)
        chooser.offer_lists(self.ctx.wordlist.name, self.ctx.switch_list)
        self.app.push_screen(chooser)

    # Hints, the shortest win and the share grid ----------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # The footer offers a hint while playing and the share grid once the game is over.
        if action == "hint":
            return not self.over
        if action == "copy_share":
            return self.over
        return True

    def action_copy_share(self) -> None:
        if self.over:
            self.app.copy_to_clipboard(self.share_text)
            self.say("Share grid copied to the clipboard.")

    def action_hint(self) -> None:
        """Ask the services for a hint on the game shown (any previous one still computing is
        dropped); what is asked depends on the game's host and boards, never on its name."""
        if self.over or self.stored is None:
            return
        self.cancel_hint()
        game = self.game
        if game.host_words() is not None:  # an adversary: the search stops, not falls back
            job = self.ctx.jobs.start(SOLVE_SECONDS, then="it stops")
            self.hint_asked = "Proving the shortest win from here"
        else:
            job = self.ctx.jobs.start()
            several = len(game.boards) > 1
            self.hint_asked = "Asking the bot" + ("" if several else f" ({self.ctx.strategy})")
        self.hint_job = job
        self.show_progress()
        self.compute_hint(job, game, self.ctx.strategy)

    def cancel_hint(self) -> None:
        if self.hint_job is not None:
            self.hint_job.cancel()
            self.hint_job = None

    def show_progress(self) -> None:
        job = self.hint_job
        if job is not None and job.running:
            text = f"[dim]{self.hint_asked}… {job.progress()}[/dim]"
            for panel in self.query("#hint").results(Static):  # (none while the app quits)
                panel.update(text)

    @work(group="hint")
    async def compute_hint(self, job: Job, game: Game, strategy: str) -> None:
        # The service runs in a thread under the job's budget; the answer is shown here, on
        # the event loop, unless the game moved on meanwhile (show_game cancelled the job).
        advised = await self.ask(job, game, strategy)
        if job is self.hint_job and not job.cancelled:
            self.hint_job = None
            self.show_hint(advised)

    async def ask(self, job: Job, game: Game, strategy: str) -> Advised | WordlekitError:
        """The hint for ``game`` from the service (which knows what to ask for its rules); the
        app's strategy is the one-board one, games of several boards ask the registry's
        default."""
        several = len(game.boards) > 1 or game.host_words() is not None
        hint = await job.run(
            game_hint, **hint_request(game), strategy=None if several else strategy
        )
        return hint if isinstance(hint, WordlekitError) else advised(hint, self.ctx.high_contrast)

    def show_hint(self, advised: Advised | WordlekitError) -> None:
        panel = self.query_one("#hint", Static)
        if isinstance(advised, WordlekitError):
            panel.update(Text.assemble(("Bot: ", "bold"), sentence(str(advised))))
            return
        if advised.word is not None:  # a word advised is a hint taken
            self.count_hint()
            self.last_hint = advised.word
        panel.update(advised.text)

    def count_hint(self) -> None:
        """Count a hint shown in the game (its share grid says so)."""
        assert self.stored is not None
        self.stored = record_hint(self.ctx.store, self.stored)
        self.view = view(self.stored)
        self.refresh_game()

    # Keys ----------------------------------------------------------------------------------

    def on_key(self, event: events.Key) -> None:
        # Letters type (bindings use Ctrl and function keys, so they never take a letter).
        # Backspace and Enter are handled here too, in the order the keys came: through their
        # bindings they ran after the letters of the same burst (a fast typist's, or a paste),
        # so "⌫⌫moist" left "MOI".
        ch = event.character
        if ch is not None and len(ch) == 1 and ch.isalpha():
            event.stop()
            event.prevent_default()
            # the list's folding rule, key by key: Ñ stays in Spanish, Ü is UE in German
            try:
                letters = self.ctx.wordlist.alphabet.fold(ch)
            except InvalidWordError as e:
                self.say(str(e), error=True)
                return
            for letter in letters:
                self.type_letter(letter)
        elif event.key in ("backspace", "enter"):
            event.stop()
            event.prevent_default()
            self.action_erase() if event.key == "backspace" else self.action_submit()

    def on_key_cap_pressed(self, message: KeyCap.Pressed) -> None:
        if message.key == ENTER:
            self.action_submit()
        elif message.key == BACKSPACE:
            self.action_erase()
        else:
            self.type_letter(message.key)

    def on_screen_resume(self) -> None:
        if self.view is not None:
            self.recolour()  # the contrast may have changed meanwhile


def definition_text(view: GameView) -> Text:
    """The answers' definitions of a finished game (the offline dictionary), one a board."""
    lines: list[Text] = []
    for d in view.definitions or []:
        if d.found:
            parts: list[str | tuple[str, str]] = [(d.word.upper(), "bold")]
            for i, e in enumerate(d.entries):
                head = e.pos if e.base is None else f"{e.pos}, {e.base}"
                parts += [" " if i == 0 else " — ", (head, "italic"), ": ", "; ".join(e.senses)]
            lines.append(Text.assemble(*parts))
        else:
            lines.append(Text.assemble((d.word.upper(), "bold"), " ", (d.text, "dim")))
    return Text("\n").join(lines)
