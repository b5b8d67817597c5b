"""The statistics and help screens, and the table of every key (the help screen shows it)."""

from __future__ import annotations

from typing import ClassVar

from rich.markup import escape
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from wordlekit.services.catalog import FALLBACK
from wordlekit.services.games import player_stats, variants
from wordlekit.services.players import local_player_file
from wordlekit.services.views import VariantInfo
from wordlekit.tui.context import AppContext
from wordlekit.tui.styles import correct_colour
from wordlekit.tui.widgets import stats_text

# (where, keys, what): the one list of keys, shown by the help screen (and in the README).
KEY_HELP: tuple[tuple[str, str, str], ...] = (
    ("Everywhere", "F1", "Play screen"),
    ("Everywhere", "F2", "Assist screen (help with a game played elsewhere)"),
    ("Everywhere", "F3", "Statistics"),
    ("Everywhere", "F4 or ?", "This help"),
    ("Everywhere", "F5 or Ctrl+T", "High-contrast colours on/off"),
    ("Everywhere", "F10", "Boards assist: help with a Quordle… played elsewhere"),
    ("Everywhere", "Escape", "From Statistics or Help, back to Play or Assist"),
    ("Everywhere", "Ctrl+Q", "Quit (the game is saved after every guess)"),
    ("Play", "A-Z", "Type a letter (or click the on-screen keys)"),
    ("Play", "Backspace", "Erase the last letter"),
    ("Play", "Enter", "Play the guess"),
    (
        "Play",
        "Ctrl+O",
        "Choose the game: the variant (Wordle, Dordle … Duotrigordle, Absurdle), practice, "
        "daily or a challenge, and the mode (normal, hard, ultrahard)",
    ),
    (
        "Play",
        "Ctrl+S",
        "A hint (counted): the bot's next guess on one board, the best guess for all boards "
        "on several, the first guess of a proven shortest win in Absurdle",
    ),
    ("Play", "Ctrl+Y", "Copy the share grid again (game over)"),
    ("Play", "Ctrl+N", "New practice game of the same variant and mode"),
    (
        "Play",
        "Ctrl+D, [ / ]",
        "Today's daily game; the one of the day before / after",
    ),
    ("Chooser", "Up/Down, Tab", "Choose in a list; the next list"),
    ("Chooser", "Enter, Escape", "Start the game chosen; close the chooser"),
    ("Statistics", "Left/Right", "The statistics of the previous / next variant"),
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
    ("Assist", "] / [", "Next / previous strategy (also that of the play hint on one board)"),
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
STREAK_DAILY = "Streak: days won in a row (a lost or missed day ends it)."
STREAK_PRACTICE = "Streak: games won in a row (practice games and challenges)."


class StatsScreen(BackScreen):
    """Played, win %, streaks and the guess distribution of one variant, read from the games
    database: the daily games' (as the NYT keeps them) and the others' apart, each labelled.
    It opens on the variant played; Left and Right show the others'."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "variant(-1)", "Previous variant"),
        Binding("right", "variant(1)", "Next variant"),
    ]

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(name="stats")
        self.ctx = ctx
        self.menu: list[VariantInfo] = variants()
        self.variant = ctx.variant  # the variant whose figures are shown

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="stats-body"):
            yield Static("", id="stats-title", classes="panel-title")
            yield Static("", id="stats")
            yield Static("", id="stats-where", classes="panel")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.sub_title = "Statistics"
        self.query_one("#stats-body").can_focus = False

    def on_screen_resume(self) -> None:
        self.variant = self.ctx.variant  # the variant played now
        self.refresh_stats()

    def action_variant(self, step: int) -> None:
        names = [v.name for v in self.menu]
        at = names.index(self.variant) if self.variant in names else 0
        self.variant = names[(at + step) % len(names)]
        self.refresh_stats()

    def refresh_stats(self) -> None:
        ctx = self.ctx
        info = next((v for v in self.menu if v.name == self.variant), None)
        stats = player_stats(ctx.store, ctx.player, self.variant)
        title = info.title if info is not None else self.variant
        played = " (the variant played)" if self.variant == ctx.variant else ""
        self.query_one("#stats-title", Static).update(
            Text.assemble(
                (f"Statistics: {title}", "bold"), played, ("   ← → other variants", "dim")
            )
        )
        accent = correct_colour(ctx.high_contrast)
        text = Text()
        for heading, figures, streak in (
            ("Daily games", stats.daily, STREAK_DAILY),
            ("Practice games", stats.practice, STREAK_PRACTICE),
        ):
            text.append(f"{heading}\n", style="bold underline")
            text.append(f"{streak}\n", style="dim")
            if not figures.played:
                text.append(f"No {heading.lower()} of {title} finished yet.\n")
                if figures is stats.practice:  # the daily figures show even at zero (NYT)
                    text.append("\n")
                    continue
            text.append_text(stats_text(figures, accent=accent, width=40))
            text.append("\n")
        self.query_one("#stats", Static).update(text)
        where = Text(
            f"\nGames: {ctx.store.path}\nPlayer id: {local_player_file()}\n"
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
                "Play: every variant on one screen, Ctrl+O chooses it (on several boards "
                "every guess goes to each board not solved yet):\n"
                + "".join(f"  {escape(v.title)}: {escape(v.summary)}\n" for v in variants())
                + "Green is the right letter in the right place, yellow a letter elsewhere in "
                "the word, gray a letter not in it (or not that many times).\n"
                "Assist: enter the guesses and colours of a game played elsewhere and see the "
                "words left, what is known and the best next guesses.\n"
                f'Hints and suggestions take at most {self.budget:g} s ("computing…" meanwhile; '
                f"any change in Assist stops it): past that, {FALLBACK} answers in place of a "
                "slower strategy (optimal far from its proven tree), with a note saying so.",
                classes="panel",
            )
            yield Static(key_table(), id="keys", classes="panel")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.sub_title = "Help"
        self.query_one("#help-body").can_focus = False
