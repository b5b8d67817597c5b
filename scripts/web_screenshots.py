"""Screenshots of every page of the web app at a phone and a laptop size, for the docs.

Run: ``.venv/bin/python scripts/web_screenshots.py [OUT_DIR]`` (default ``docs``). It starts
``wordle serve`` on a free port with a temporary database, drives Debian's chromium with
Playwright (``WORDLEKIT_CHROMIUM`` overrides ``/usr/bin/chromium``; no browser is downloaded)
and writes ``web-<page>-<width>.png`` for Play (a game in progress and a finished one, a
Quordle, an Octordle, Absurdle with a shortest win), Assist, Bot, Review, Statistics, the
Boards helper and the API docs, at 390×844 and 1280×800.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
from playwright.sync_api import Page, sync_playwright

SIZES = [(390, 844), (1280, 800)]
CHROMIUM = os.environ.get("WORDLEKIT_CHROMIUM") or "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
SEED = 7  # a practice game whose answer the script plays at the end


@contextmanager
def server() -> Iterator[str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    db = Path(tempfile.mkdtemp(prefix="wordlekit-shots-")) / "games.sqlite3"
    wordle = Path(sys.executable).with_name("wordle")
    proc = subprocess.Popen(
        [str(wordle), "serve", "--port", str(port), "--db", str(db)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(600):
            try:
                httpx.get(f"{url}/api/daily", timeout=1)
                break
            except httpx.HTTPError:
                time.sleep(0.2)
        yield url
    finally:
        proc.terminate()
        proc.wait(30)


def practice(page: Page, url: str, guesses: list[str], variant: str = "classic") -> None:
    """A practice game of ``variant`` (seeded; Absurdle's free game) with ``guesses`` played
    through the page's own keyboard."""
    page.goto(f"{url}/#play")
    page.wait_for_timeout(800)  # the first visit starts today's puzzle
    page.get_by_test_id("variant").select_option(variant)
    page.get_by_test_id("kind-practice").check()
    page.get_by_test_id("seed").fill("" if variant == "absurdle" else str(SEED))
    page.get_by_test_id("new-game").click()
    page.wait_for_timeout(800)
    for word in guesses:
        page.keyboard.type(word)
        page.keyboard.press("Enter")
        page.wait_for_timeout(2_000)  # the staggered reveal


Shot = tuple[str, Callable[[Page], None]]


def play_shots(url: str) -> list[Shot]:
    """The Play page: a classic game and its end, the statistics, games of several boards,
    Absurdle."""
    from wordlekit.services.games import GameRequest, make_game

    def answers(variant: str) -> tuple[str, ...]:
        return make_game(GameRequest(variant=variant, kind="practice", seed=SEED)).game.secret

    (answer,) = answers("classic")
    wrong = [w for w in ["crane", "moist"] if w != answer]

    def stats(page: Page) -> None:
        practice(page, url, [*wrong, answer])
        page.wait_for_timeout(2_500)  # the statistics open by themselves after a game
        if not page.get_by_test_id("stats-dialog").is_visible():
            page.get_by_test_id("stats-button").click()
            page.wait_for_timeout(800)

    def play_result(page: Page) -> None:
        practice(page, url, [*wrong, answer])
        page.wait_for_timeout(2_500)
        if page.get_by_test_id("stats-dialog").is_visible():
            page.get_by_test_id("stats-close").click()  # the result above the board
            page.wait_for_timeout(500)

    def several(variant: str, solved: int) -> Callable[[Page], None]:
        """A game of several boards: an opener, then the first boards' answers."""

        def take(page: Page) -> None:
            opener = next(w for w in ["crane", "slate"] if w not in answers(variant))
            practice(page, url, [opener, *answers(variant)[:solved]], variant)

        return take

    def absurdle(page: Page) -> None:
        # a proven shortest line: MOTTO wins in 4; then the shortest win from the position
        practice(page, url, ["arise", "scold"], "absurdle")
        page.get_by_test_id("host-solve").click()
        page.get_by_test_id("host-minimum").wait_for(state="visible", timeout=60_000)
        page.wait_for_timeout(500)

    return [
        ("play", lambda page: practice(page, url, wrong)),
        ("play-result", play_result),
        ("quordle", several("quordle", 2)),
        ("octordle", several("octordle", 3)),
        ("absurdle", absurdle),
        ("stats", stats),
    ]


def other_shots(url: str) -> list[Shot]:
    """Assist, Bot, Review, the Boards helper, the API docs."""

    def assist(page: Page) -> None:
        page.goto(f"{url}/#assist")
        # a game played elsewhere whose answer (AIOLI) is not in the original list: the page's
        # default answer model (likely) finds it, with the probabilities
        for turn in ["crane:bbybb", "moist:byybb"]:
            page.get_by_test_id("assist-word").fill(turn)
            page.get_by_test_id("assist-add").click()
            page.wait_for_timeout(800)

    def bot(page: Page) -> None:
        page.goto(f"{url}/#bot")
        page.get_by_test_id("bot-answer").fill("cigar")
        page.get_by_test_id("bot-solve").click()
        page.wait_for_timeout(3_000)

    def review(page: Page) -> None:
        page.goto(f"{url}/#review")
        page.get_by_test_id("review-example").click()
        page.get_by_test_id("review-submit").click()
        page.get_by_test_id("review-result").wait_for(state="visible", timeout=60_000)
        page.wait_for_timeout(500)
        if page.viewport_size and page.viewport_size["width"] < 600:
            page.get_by_test_id("review-output").scroll_into_view_if_needed()

    def boards(page: Page) -> None:
        page.goto(f"{url}/#boards")
        page.wait_for_timeout(800)
        page.get_by_test_id("boards-assist-variant").select_option("quordle")
        for word in ["crane", "moist"]:
            page.get_by_test_id("boards-assist-word").fill(word)
            page.get_by_test_id("boards-assist-add").click()
            page.wait_for_timeout(800)

    def docs(page: Page) -> None:
        page.goto(f"{url}/docs")
        page.wait_for_timeout(2_500)

    return [
        ("assist", assist),
        ("bot", bot),
        ("review", review),
        ("boards", boards),
        ("docs", docs),
    ]


def shots(url: str) -> list[Shot]:
    return [*play_shots(url), *other_shots(url)]


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "docs")
    out.mkdir(parents=True, exist_ok=True)
    with server() as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        for name, take in shots(url):
            for width, height in SIZES:
                context = browser.new_context(viewport={"width": width, "height": height})
                page = context.new_page()
                take(page)
                path = out / f"web-{name}-{width}.png"
                page.screenshot(path=str(path))
                context.close()
                print(path)
        browser.close()


if __name__ == "__main__":
    main()
