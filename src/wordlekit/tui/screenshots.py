"""Export SVG screenshots of the Play and Assist screens for the docs.

``python -m wordlekit.tui.screenshots docs`` writes ``docs/tui-play.svg`` and
``docs/tui-assist.svg``. The app runs headless on a throw-away database, so the files only
change when the screens do.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

from wordlekit.core.feedback import Turn, score
from wordlekit.core.words import WordList
from wordlekit.services.games import game_spec
from wordlekit.store.games import Store
from wordlekit.tui.app import WordleApp
from wordlekit.tui.assist import AssistScreen

SIZE = (100, 36)
PLAY_SEED = 42
PLAY_GUESSES = ("slate",)
ASSIST_TURNS = ("crane", "tousy")
ASSIST_ANSWER = "daunt"


async def _settle(app: WordleApp) -> None:
    await app.workers.wait_for_complete()
    await asyncio.sleep(0.05)


async def capture(out_dir: Path) -> list[Path]:
    """Write the two screenshots into ``out_dir`` and return their paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    wl = WordList.bundled()
    with tempfile.TemporaryDirectory(prefix="wordlekit-shots-") as tmp:
        store = Store(Path(tmp) / "games.sqlite3", wl)
        spec = game_spec("practice", seed=PLAY_SEED, wordlist=wl)
        app = WordleApp(spec, store, "screenshots-player-0", answers="list")
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
    return [play, assist]


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    out_dir = Path(args[0] if args else "docs")
    for path in asyncio.run(capture(out_dir)):
        print(path)


if __name__ == "__main__":
    main()
