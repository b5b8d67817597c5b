"""Export SVG screenshots of the Play screen (a classic game and a Quordle) and of the Assist
screen for the docs.

``python -m wordlekit.tui.screenshots docs`` writes ``docs/tui-play.svg``,
``docs/tui-boards.svg`` and ``docs/tui-assist.svg``. The app runs headless on a throw-away
database, so the files only change when the screens do.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

from wordlekit.core.feedback import Turn, score
from wordlekit.core.game import KINDS
from wordlekit.core.words import WordList
from wordlekit.services.games import GameRequest, open_store, variants
from wordlekit.tui.app import WordleApp
from wordlekit.tui.assist import AssistScreen

SIZE = (100, 36)
PLAY_SEED = 42
PLAY_GUESSES = ("slate",)
BOARDS_VARIANT = "quordle"
BOARDS_SEED = 8
BOARDS_GUESSES = ("crane", "toils")
ASSIST_TURNS = ("crane", "tousy")
ASSIST_ANSWER = "daunt"


async def _settle(app: WordleApp) -> None:
    await app.workers.wait_for_complete()
    await asyncio.sleep(0.05)


async def capture(out_dir: Path) -> list[Path]:
    """Write the screenshots into ``out_dir`` and return their paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    wl = WordList.bundled()
    with tempfile.TemporaryDirectory(prefix="wordlekit-shots-") as tmp:
        store = open_store(Path(tmp) / "games.sqlite3", wl)
        request = GameRequest("classic", "practice", seed=PLAY_SEED)
        app = WordleApp(request, store, "screenshots-player-0", answers="list")
        async with app.run_test(size=SIZE) as pilot:
            await _settle(app)
            for word in PLAY_GUESSES:
                await pilot.press(*word, "enter")
            await pilot.press("ctrl+s")
            await _settle(app)
            await pilot.press(*"cr")  # a guess being typed
            await pilot.pause()
            play = out_dir / "tui-play.svg"
            play.write_text(app.export_screenshot(title="wordle tui: Play"), encoding="utf-8")

            await pilot.press("ctrl+o")  # the chooser: a seeded practice Quordle
            await pilot.pause()
            for at in (
                [v.name for v in variants()].index(BOARDS_VARIANT),
                KINDS.index("practice"),
                0,
            ):
                await pilot.press("home", *["down"] * at, "tab")  # a line of each list
            await pilot.press(*str(BOARDS_SEED), "enter")
            await pilot.pause()
            for word in BOARDS_GUESSES:
                await pilot.press(*word, "enter")
            await pilot.press(*"mo")
            await pilot.pause()
            boards = out_dir / "tui-boards.svg"
            boards.write_text(
                app.export_screenshot(title="wordle tui: Play, Quordle"), encoding="utf-8"
            )

            await pilot.press("f2")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, AssistScreen)
            for word in ASSIST_TURNS:
                turn = Turn(word, score(word, ASSIST_ANSWER))
                await pilot.press(*turn.format("letters"), "enter")
            await _settle(app)
            await pilot.pause()
            assist = out_dir / "tui-assist.svg"
            assist.write_text(app.export_screenshot(title="wordle tui: Assist"), encoding="utf-8")
    return [play, boards, assist]


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    out_dir = Path(args[0] if args else "docs")
    for path in asyncio.run(capture(out_dir)):
        print(path)


if __name__ == "__main__":
    main()
