"""The terminal UI's test harness, a pytest plugin (listed in ``conftest.py``): the app factory,
a scenario run headless under Textual's pilot, waiting for the workers, keys, the game
chooser, and reading what the screen shows.

pytest-asyncio is not a dependency: every scenario runs its own event loop with asyncio.run.
The app's modules (Textual, the solvers) are imported when a helper first needs them, not when
pytest loads this plugin for every test session. Test modules use the ``tui_data_dir``
fixture (each test its own player file) with
``pytestmark = pytest.mark.usefixtures("tui_data_dir")``, and import the helpers from here.
"""

from __future__ import annotations

import asyncio
import html
import re
from collections.abc import Awaitable, Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from textual.pilot import Pilot

    from wordlekit.tui import WordleApp
    from wordlekit.tui.assist import AssistScreen
    from wordlekit.tui.chooser import ChooserScreen
    from wordlekit.tui.play import PlayScreen

#: Terminal sizes: the usual one, a large one (several boards side by side), an 80x24 one.
SIZE = (100, 40)
LARGE = (120, 50)
SMALL = (80, 24)

Scenario = Callable[["WordleApp", "Pilot[None]"], Awaitable[None]]
PlayScenario = Callable[["WordleApp", "Pilot[None]", "PlayScreen"], Awaitable[None]]
AppFactory = Callable[..., "WordleApp"]


@pytest.fixture
def tui_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test has its own player file (the games database is passed with ``db``)."""
    folder = tmp_path / "data"
    monkeypatch.setenv("WORDLEKIT_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """The games database of a test."""
    return tmp_path / "games.sqlite3"


@pytest.fixture
def make_app(db: Path) -> AppFactory:
    """``build_app`` on the test's database (any option may be given, ``db`` included)."""

    def make(**options: Any) -> WordleApp:
        from wordlekit.tui import build_app

        options.setdefault("db", db)
        return build_app(**options)

    return make


def run(app: WordleApp, scenario: Scenario, size: tuple[int, int] = SIZE) -> None:
    """Run ``scenario`` on ``app`` headless, in a terminal of ``size``."""

    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await settle(app, pilot)
            await scenario(app, pilot)

    asyncio.run(main())


def play(
    make_app: AppFactory, scenario: PlayScenario, size: tuple[int, int] = SIZE, **options: Any
) -> None:
    """Run ``scenario`` on the Play screen of an app made with ``options``."""

    async def on_play(app: WordleApp, pilot: Pilot[None]) -> None:
        await scenario(app, pilot, play_screen(app))

    run(make_app(**options), on_play, size)


async def settle(app: WordleApp, pilot: Pilot[None]) -> None:
    """Wait for the workers (strategies run in threads) and the screen updates they make."""
    await pilot.pause()
    await app.workers.wait_for_complete()
    await pilot.pause()


async def key_now(app: WordleApp, pilot: Pilot[None], *keys: str) -> None:
    """Keys as the terminal sends them, each followed by a short wait: the screen must have
    answered by then. (``Pilot.press`` waits for the CPU to be idle, which a search running
    in a worker thread puts off by seconds.)"""
    from textual import events

    for key in keys:
        app.post_message(events.Key(key, key if len(key) == 1 else None))
        await pilot.pause(0.1)


async def type_word(pilot: Pilot[None], text: str) -> None:
    """Type ``text`` and Enter, as a terminal sends the keys of a quick typist: all at once,
    then a wait for the screen to answer (``Pilot.press`` waits for the screen to be idle after
    every key, which a screen of 32 boards drawing each letter makes slow)."""
    from textual import events

    for key in (*text, "enter"):
        pilot.app.post_message(events.Key(key, key if len(key) == 1 else None))
    await pilot.pause()


async def type_words(pilot: Pilot[None], words: Iterable[str]) -> None:
    for word in words:
        await type_word(pilot, word)


async def choose(
    app: WordleApp,
    pilot: Pilot[None],
    variant: str,
    kind: str = "practice",
    mode: str = "normal",
    text: str = "",
) -> ChooserScreen:
    """Open the game chooser (Ctrl+O) and choose with its keys: the lists' lines by Home and
    Down, Tab to the next list, the line of text, Enter. Returns the chooser (still open if
    the game was refused)."""
    from wordlekit.core.game import KINDS
    from wordlekit.core.rules import Mode
    from wordlekit.services.games import variants
    from wordlekit.tui.chooser import ChooserScreen

    await pilot.press("ctrl+o")
    await pilot.pause()
    chooser = app.screen
    assert isinstance(chooser, ChooserScreen), chooser
    names = [v.name for v in variants()]
    for at in (names.index(variant), KINDS.index(kind), list(Mode).index(Mode(mode))):
        await pilot.press("home", *["down"] * at, "tab")
    await pilot.press(*text, "enter")
    await settle(app, pilot)
    return chooser


def svg_text(svg: str) -> str:
    """The text of an SVG screenshot (Rich writes one <text> element per styled run)."""
    runs = re.findall(r"<text[^>]*>(.*?)</text>", svg, flags=re.S)
    return html.unescape("".join(runs)).replace("\xa0", " ")


def screen_text(app: WordleApp) -> str:
    return svg_text(app.export_screenshot())


def static_text(app: WordleApp, selector: str) -> str:
    """The text of a Static on the screen shown."""
    from textual.widgets import Static

    return str(app.screen.query_one(selector, Static).render())


def play_screen(app: WordleApp) -> PlayScreen:
    from wordlekit.tui.play import PlayScreen

    screen = app.screen
    assert isinstance(screen, PlayScreen), screen
    return screen


def assist_screen(app: WordleApp) -> AssistScreen:
    from wordlekit.tui.assist import AssistScreen

    screen = app.screen
    assert isinstance(screen, AssistScreen), screen
    return screen


def highlighted(chooser: ChooserScreen) -> list[str | None]:
    """The ids of the chooser's highlighted lines (variant, kind, mode)."""
    out: list[str | None] = []
    for lst in chooser.lists:
        at = lst.highlighted
        out.append(None if at is None else lst.get_option_at_index(at).id)
    return out
