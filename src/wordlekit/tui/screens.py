"""The statistics and help screens, and the table of every key (the help screen shows it)."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from wordlekit.services.games import player_stats
from wordlekit.services.operations import FALLBACK
from wordlekit.tui.context import AppContext
from wordlekit.tui.player import player_file
from wordlekit.tui.styles import correct_colour
from wordlekit.tui.widgets import stats_text

# (where, keys, what): the one list of keys, shown by the help screen (and in the README).
KEY_HELP: tuple[tuple[str, str, str], ...] = (
    ("Everywhere", "F1", "Play screen"),
    ("Everywhere", "F2", "Assist screen (help with a game played elsewhere)"),
    ("Everywhere", "F3", "Statistics"),
    ("Everywhere", "F4 or ?", "This help"),
    ("Everywhere", "F5 or Ctrl+T", "High-contrast colours on/off"),
    ("Everywhere", "F8", "Absurdle (the host keeps the largest group of words)"),
    ("Everywhere", "F9", "Several boards at once: Dordle, Quordle, Octordle…"),
    ("Everywhere", "F10", "Boards assist: help with a Quordle… played elsewhere"),
    ("Everywhere", "Escape", "From Statistics or Help, back to Play or Assist"),
    ("Everywhere", "Ctrl+Q", "Quit (the game is saved after every guess)"),
    ("Play", "A-Z", "Type a letter (or click the on-screen keys)"),
    ("Play", "Backspace", "Erase the last letter"),
    ("Play", "Enter", "Play the guess"),
    ("Play", "Ctrl+S", "The bot's suggestion (counted as a hint)"),
    ("Play", "Ctrl+Y", "Copy the share grid again (game over)"),
    ("Play", "Ctrl+N", "New practice game"),
    (
        "Play",
        "Ctrl+D, [ / ]",
        "Today's daily puzzle; the one of the day before / after",
    ),
    ("Assist", "A-Z", "Type a guess; Enter adds it as a row (all gray)"),
    ("Assist", "word:pattern", "Or type the pattern after a colon: crane:bbygb (g/y/b)"),
    ("Assist", "Left/Right, 1-8", "Select a tile of the selected row"),
    ("Assist", "Up/Down", "Select a row"),
    ("Assist", "Space or click", "Cycle the tile's colour: gray → yellow → green"),
    ("Assist", "Backspace", "Erase a typed letter"),
    ("Assist", "Delete", "Remove the selected row"),
    ("Assist", "Ctrl+L", "Clear every row"),
    (
        "Assist",
        "F6",
        "Rules: normal → hard (guesses use every hint) → ultrahard (guesses could be the answer)",
    ),
    (
        "Assist",
        "F7",
        "Answers: likely (every valid word, weighted by how likely) ↔ the answer list",
    ),
    ("Assist", "] / [", "Next / previous strategy (also used by the play hint)"),
    ("Assist", "PgUp/PgDn", "Scroll the remaining words"),
    (
        "Boards assist",
        "guess P1 P2…",
        "A guess and one pattern per unsolved board (crane bbygb gybbb …), Enter",
    ),
    ("Boards assist", ":variant, :undo", "Start over (:variant NAME, :boards N); undo a guess"),
    ("Boards assist", "Ctrl+L", "Clear every guess"),
)


def key_table() -> Table:
    table = Table(box=None, show_header=True, header_style="bold", pad_edge=False)
    table.add_column("Screen", style="dim")
    table.add_column("Key", style="bold")
    table.add_column("Action")
    last = ""
    for where, keys, what in KEY_HELP:
        table.add_row(where if where != last else "", keys, what)
        last = where
    return table


class BackScreen(Screen[None]):
    """A screen that Escape leaves for the game screen (Play or Assist) shown before it."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "app.go_back", "Back")]


#: What the streak counts, as the statistics screen says it.
STREAK_DAILY = "Streak: puzzle days won in a row (a lost or missed day ends it)."
STREAK_PRACTICE = "Streak: practice games won in a row."


class StatsScreen(BackScreen):
    """Played, win %, streaks and the guess distribution, read from the games database: the
    daily puzzle's (as the NYT keeps them) and the practice games' apart, each labelled."""

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(name="stats")
        self.ctx = ctx

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="stats-body"):
            yield Static("Statistics", classes="panel-title")
            yield Static("", id="stats")
            yield Static("", id="stats-where", classes="panel")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "Statistics"
        self.query_one("#stats-body").can_focus = False

    def on_screen_resume(self) -> None:
        self.refresh_stats()

    def refresh_stats(self) -> None:
        ctx = self.ctx
        stats = player_stats(ctx.store, ctx.player)
        accent = correct_colour(ctx.high_contrast)
        text = Text()
        for title, figures, streak in (
            ("Daily puzzle", stats.daily, STREAK_DAILY),
            ("Practice games", stats.practice, STREAK_PRACTICE),
        ):
            text.append(f"{title}\n", style="bold underline")
            text.append(f"{streak}\n", style="dim")
            if not figures.played:
                text.append(f"No {title.lower()} finished yet.\n")
                if figures is stats.practice:  # the daily figures show even at zero (NYT)
                    text.append("\n")
                    continue
            text.append_text(stats_text(figures, accent=accent, width=40))
            text.append("\n")
        self.query_one("#stats", Static).update(text)
        where = Text(
            f"\nGames: {ctx.store.path}\nPlayer id: {player_file()}\n"
            "The web app (wordle serve) keeps its own players in the same database.",
            style="dim",
        )
        self.query_one("#stats-where", Static).update(where)


class HelpScreen(BackScreen):
    """Every key, and what the screens do."""

    def __init__(self, budget: float) -> None:
        super().__init__(name="help")
        self.budget = budget  # seconds a hint or the suggestions may take

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="help-body"):
            yield Static(
                "[b]wordlekit in the terminal[/b]\n"
                "Play: guess the word in six tries; green is the right letter in the right "
                "place, yellow a letter elsewhere in the word, gray a letter not in it (or "
                "not that many times).\n"
                "Assist: enter the guesses and colours of a game played elsewhere and see the "
                "words left, what is known and the best next guesses.\n"
                f'Hints and suggestions take at most {self.budget:g} s ("computing…" meanwhile; '
                f"any change in Assist stops it): past that, {FALLBACK} answers in place of a "
                "slower strategy (optimal far from its proven tree), with a note saying so.",
                classes="panel",
            )
            yield Static(key_table(), id="keys", classes="panel")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "Help"
        self.query_one("#help-body").can_focus = False
