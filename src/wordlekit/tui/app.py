"""The Textual app: its screens (Play, for every variant; Assist, Statistics, Help and the
Boards helper) switched by function keys.

The app holds what the screens share (:class:`~wordlekit.tui.context.AppContext`, which it
implements and passes to each screen): the games database (from
:func:`wordlekit.services.games.open_store`) and the local player, the word list and the
engine running the service operations on its pattern matrix (loaded once, in a worker, while
the player types the first guess) with the jobs run on it, the strategy chosen for hints and
suggestions, the variant played and the colour theme.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from textual import events, work
from textual.app import App
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen

from wordlekit.core.rules import Mode
from wordlekit.core.words import BUNDLED, WordList
from wordlekit.errors import WordleError
from wordlekit.services import advice, catalog
from wordlekit.services.engine import Engine
from wordlekit.services.games import (
    GameRequest,
    GameStore,
    list_db_path,
    make_game,
    open_store,
)
from wordlekit.services.players import local_player_id
from wordlekit.tui.assist import ASSIST_MODELS, AssistScreen
from wordlekit.tui.boards_assist import BoardsAssistScreen
from wordlekit.tui.engine import INTERACTIVE_BUDGET, Jobs
from wordlekit.tui.play import PlayScreen
from wordlekit.tui.screens import HelpScreen, StatsScreen
from wordlekit.tui.styles import CSS

SCREENS = ("play", "assist", "stats", "help", "boards-assist")
# Where Escape on Statistics and Help goes back to.
GAME_SCREENS = ("play", "assist", "boards-assist")
COMPACT_BELOW = (96, 34)  # (columns, lines) the full-size tiles and keys need


@dataclass(frozen=True)
class ListSwitch:
    """How the app ended when the player chose another word list: the list, and the game
    to open on it."""

    name: str
    request: GameRequest


class WordleApp(App[ListSwitch | None]):
    """wordlekit in the terminal."""

    TITLE = "wordlekit"
    CSS = CSS
    # The palette's commands (themes, screenshots…) would bypass the game's own colours.
    ENABLE_COMMAND_PALETTE = False
    # Function keys, Ctrl and "?" only: every letter types in the game and in Assist.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "show('play')", "Play", priority=True),
        Binding("f2", "show('assist')", "Assist", priority=True),
        Binding("f3", "show('stats')", "Stats", priority=True),
        Binding("f4,question_mark", "show('help')", "Help", priority=True),
        Binding("f5,ctrl+t", "toggle_contrast", "Contrast", priority=True),
        Binding("f10", "show('boards-assist')", "Boards", priority=True),
        Binding("ctrl+q", "quit", "Quit", priority=True),
    ]

    def __init__(
        self,
        request: GameRequest,
        store: GameStore,
        player: str,
        *,
        strategy: str = "entropy",
        high_contrast: bool = False,
        budget: float = INTERACTIVE_BUDGET,
        answers: str = "likely",
    ) -> None:
        super().__init__()
        self.request = request  # the game the Play screen opens with
        self.store = store
        self.player = player
        self.wordlist: WordList = store.wordlist
        self.variant = request.variant or "classic"
        self.engine = Engine(self.wordlist)
        self.jobs = Jobs(self.engine, budget)
        self.strategy = catalog.check_strategy(strategy)
        self.answers = answers
        self._start_high_contrast = high_contrast
        self.previous = "play"  # the game screen Escape returns to

    @property
    def high_contrast(self) -> bool:
        return self.has_class("-high-contrast")

    @property
    def current(self) -> str:
        """The name of the screen shown (play, assist, stats, help, boards-assist; chooser
        while the game chooser is open)."""
        return self.screen.name or ""

    def on_mount(self) -> None:
        self.set_class(self._start_high_contrast, "-high-contrast")
        self.fit(*self.size)
        self.install_screen(PlayScreen(self, self.request), "play")
        self.install_screen(AssistScreen(self), "assist")
        self.install_screen(StatsScreen(self), "stats")
        self.install_screen(HelpScreen(self.jobs.seconds), "help")
        self.install_screen(BoardsAssistScreen(self), "boards-assist")
        self.push_screen("play")
        self.warm_up()

    def switch_list(self, name: str, request: GameRequest) -> None:
        """Play ``request`` on the bundled list ``name``: the app ends with a
        :class:`ListSwitch` and ``wordle tui`` starts it again on that list (its games, and
        statistics, are in that list's database)."""
        self.exit(ListSwitch(name, request))

    def on_unmount(self) -> None:
        # A strategy still searching in a thread would hold the exit up until its budget ends.
        self.jobs.cancel_all()

    def on_resize(self, event: events.Resize) -> None:
        self.fit(event.size.width, event.size.height)

    def fit(self, width: int, height: int) -> None:
        # Below the full layout's size, one-line tiles and keys (see the stylesheet).
        self.set_class(width < COMPACT_BELOW[0] or height < COMPACT_BELOW[1], "-compact")

    @work(thread=True, group="warm-up", exit_on_error=False)
    def warm_up(self) -> None:
        # Only a head start (the matrix, and the strategy's compiled kernels): if it fails,
        # the first hint or analysis loads them again.
        self.engine.call(advice.hint, [])

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # The footer leaves out the key of the screen already shown (the line is short); the
        # game chooser is closed (Escape) before another screen is shown.
        if action == "show" and isinstance(self.screen, ModalScreen):
            return False
        return not (action == "show" and bool(parameters) and parameters[0] == self.current)

    def action_show(self, name: str) -> None:
        if name not in SCREENS or name == self.current or isinstance(self.screen, ModalScreen):
            return
        if self.current in GAME_SCREENS:
            self.previous = self.current
        self.switch_screen(name)

    def action_go_back(self) -> None:
        """From Statistics or Help, back to the game screen (Play or Assist) last shown."""
        self.action_show(self.previous)

    def action_toggle_contrast(self) -> None:
        on = not self.high_contrast
        self.set_class(on, "-high-contrast")
        self.notify(f"High contrast {'on' if on else 'off'}.", timeout=2)
        # The statistics bars are coloured text, not CSS: redraw the one on screen (the
        # others redraw when they are shown again).
        screen = self.screen
        if isinstance(screen, StatsScreen):
            screen.refresh_stats()
        elif isinstance(screen, PlayScreen):
            screen.recolour()  # the boards of several and the statistics are coloured text


def build_app(
    *,
    variant: str = "classic",
    mode: Mode | str = Mode.NORMAL,
    daily: str | None = None,
    seed: int | None = None,
    practice: bool = False,
    db: str | Path | None = None,
    high_contrast: bool = False,
    strategy: str = "entropy",
    wordlist: WordList | None = None,
    budget: float = INTERACTIVE_BUDGET,
    answers: str = "likely",
    request: GameRequest | None = None,
) -> WordleApp:
    """Check the options, open the database and the player, and make the app.

    The Play screen opens on a game of ``variant`` in ``mode``: the daily game of ``daily``
    (a date, or ``today``), a practice game of ``seed``, a random practice game if
    ``practice``, and else today's daily game, as the web app does; by the service's daily
    and seed rules. Bad input raises a :class:`~wordlekit.errors.WordleError`
    here, before anything is drawn. ``budget`` is the seconds a hint or the assist screen's
    suggestions may take before a quicker strategy answers instead. ``answers`` is the answer
    model the Assist screen starts with (``likely`` or ``list``; F7 switches).
    """
    if sum((daily is not None, seed is not None, practice)) > 1:
        raise WordleError("choose one of --daily DATE, --seed N and --practice")
    catalog.check_strategy(strategy)  # an unknown name is refused before the screen is taken over
    if answers not in ASSIST_MODELS:
        raise WordleError(
            f"the Assist screen offers {' and '.join(ASSIST_MODELS)}, not {answers!r}"
        )
    wl = wordlist or WordList.bundled()
    if not wl.likely_fits:  # the likely model is fitted to English five-letter answers
        answers = "list"
    if request is not None:
        pass  # the game chosen on the list played before (see ListSwitch)
    elif seed is None and not practice:
        request = GameRequest(variant, "daily", Mode.parse(mode), date=daily or "today")
    else:
        request = GameRequest(variant, "practice", Mode.parse(mode), seed=seed)
    make_game(request, wl)  # refuses a bad variant, date or seed now
    return WordleApp(
        request,
        # each bundled list keeps its games apart, beside the original's (as the web app does)
        open_store(list_db_path(db, wl) if wl.name in BUNDLED else db, wl),
        local_player_id(),
        strategy=strategy,
        high_contrast=high_contrast,
        budget=budget,
        answers=answers,
    )
