"""The web app's test harness, one for every web test (a pytest plugin listed in
``conftest.py``): the real app served by uvicorn in a thread, Debian's chromium driven by
Playwright, pages of a given size that may load nothing from elsewhere and on which no
JavaScript error may happen, screenshots, and the helpers that play a game through the Play
page.

The browser tests never skip: without /usr/bin/chromium (or ``$WORDLEKIT_CHROMIUM``) they fail
with a message saying so, because CI must run them. Screenshots go to
``test-output/screenshots/``.

Fixtures: ``web_browser`` (chromium, per module), ``web_server`` (the app on a fresh
database, per module; a module may override it), ``web_context`` (a fresh context: a new
player) and ``page`` (a checked page of it at 1280×800); :func:`screen` makes a page of any
size.
"""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from fastapi import FastAPI
from playwright.sync_api import Browser, BrowserContext, Page, expect, sync_playwright

from wordlekit.core.feedback import format_pattern, score
from wordlekit.core.words import WordList
from wordlekit.services.games import GameRequest, make_game
from wordlekit.services.pool import PoolConfig, WorkPool, shared_pool
from wordlekit.web.api import ServerSettings, create_app
from wordlekit.web.protocol import server_config

CHROMIUM = Path(os.environ.get("WORDLEKIT_CHROMIUM") or "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    # no host but the loopback one resolves: the pages cannot reach the internet
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
    # less work for the 2 cores of the test machines: one raster thread, no optimising JIT
    # (the pages live seconds), no features a test never meets
    "--num-raster-threads=1",
    "--js-flags=--no-opt --no-sparkplug --no-maglev",
    "--disable-checker-imaging",
    "--disable-extensions",
    "--disable-features=PaintHolding,BackForwardCache,OptimizationHints,MediaRouter,Translate",
]
SCREENSHOTS = Path(__file__).parents[1] / "test-output" / "screenshots"
#: The sizes the pages are checked at, by name.
SIZES = {
    "small": (320, 568),
    "phone": (390, 844),
    "laptop": (1280, 800),
    "wide": (1440, 900),
    "large": (2560, 1440),
}
STATES = {"g": "green", "y": "yellow", "b": "gray"}
#: How long a server may take to start: its workers warm their kernels first, which takes
#: minutes on a machine shared by several test runs.
START_SECONDS = 300

expect.set_options(timeout=15_000)


# The server ----------------------------------------------------------------------------------


@dataclass
class Server:
    url: str
    db: Path
    app: FastAPI
    server: uvicorn.Server
    thread: threading.Thread

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=15)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def run_server(
    db: Path,
    wordlist: WordList | None = None,
    pool: WorkPool | None = None,
    settings: ServerSettings | None = None,
) -> Iterator[Server]:
    """The real app on a free loopback port, served by uvicorn in a daemon thread, once it
    answers and its work pool is ready (the server itself listens at once: the tests time
    nothing before the workers are warm)."""
    port = free_port()
    app = create_app(db, wordlist, settings, pool=pool)
    config = server_config(app, "127.0.0.1", port, app.state.context.settings, log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, name=f"uvicorn-{port}", daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{port}"
    running = Server(url, db, app, server, thread)
    deadline = time.monotonic() + START_SECONDS
    try:
        while True:
            if not thread.is_alive():
                raise RuntimeError(f"the server on port {port} stopped while starting")
            try:
                if httpx.get(f"{url}/api/variants", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"the server on port {port} did not answer in {START_SECONDS} s")
            time.sleep(0.05)
        if not app.state.context.pool.wait_ready(START_SECONDS):
            raise RuntimeError(f"the work pool on port {port} was not ready in {START_SECONDS} s")
        yield running
    finally:
        running.stop()


def read_response(sock: socket.socket) -> tuple[int, dict[str, str], bytes]:
    """One HTTP response read from a raw socket: its status, headers (lower-case names) and
    body (by Content-Length), for the tests that speak HTTP byte by byte."""
    data = b""
    while b"\r\n\r\n" not in data:
        more = sock.recv(65536)
        assert more, f"the connection closed before the response's headers: {data!r}"
        data += more
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    while len(body) < int(headers["content-length"]):
        more = sock.recv(65536)
        assert more, "the connection closed before the body's end"
        body += more
    return int(lines[0].split()[1]), headers, body


@pytest.fixture(scope="session")
def default_pool() -> WorkPool:
    """The work pool ``create_app(db)`` uses (the process-wide one for the bundled lists and
    the default settings), started and warm."""
    pool = shared_pool(WordList.bundled(), PoolConfig())
    assert pool.wait_ready(START_SECONDS), "the work pool did not warm up"
    return pool


def needs_pool(module: str) -> bool:
    """Whether the tests of ``module`` (its name) call the warm default work pool: the web
    modules, whose in-process clients (``TestClient(create_app(db))``) reach it at once."""
    return module.startswith(("test_web", "test_absurdle_web"))


@pytest.fixture(autouse=True)
def _warm_pool_for_web_tests(request: pytest.FixtureRequest) -> None:
    """The web app listens before its workers are warm: the web modules wait for them."""
    if needs_pool(request.module.__name__):
        request.getfixturevalue("default_pool")


@pytest.fixture(scope="module")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with run_server(tmp_path_factory.mktemp("web") / "games.sqlite3") as srv:
        yield srv


# The browser ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def web_browser() -> Iterator[Browser]:
    """Chromium, per module: Playwright's sync API holds an event loop in the main thread
    while it runs, which the tests that drive the app with ``anyio.run`` must not meet."""
    if not CHROMIUM.exists():
        pytest.fail(
            f"{CHROMIUM} is missing: the browser tests need Debian's chromium "
            "(apt-get install chromium); they are not skipped because CI must run them.",
            pytrace=False,
        )
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            close_contexts(b)
            b.close()


def is_local(url: str) -> bool:
    return url.startswith(("http://127.0.0.1:", "data:", "blob:", "about:"))


@dataclass
class KeptContext:
    """A browser context kept for the tests of a module that ask for the same server, size and
    options: a new context costs the browser a renderer and an empty HTTP cache (every module
    of the app fetched and compiled again), about a second of a core each time. Between two
    tests it is emptied (:func:`empty_context`): a new player as far as the app can tell."""

    context: BrowserContext
    keeper: Page  # a page of the server's origin, kept open: the renderer stays
    outside: list[str]


#: The contexts of each browser, by server, size and options (closed with their browser).
KEPT: dict[int, dict[str, KeptContext]] = {}


def kept_context(browser: Browser, url: str, width: int, height: int, options: Any) -> KeptContext:
    contexts = KEPT.setdefault(id(browser), {})
    # No service worker (web/pwa.py) but where a test asks for one: its cache would serve the
    # static files and hide the requests from page.route()
    options = {"service_workers": "block", **options}
    key = repr((url, width, height, sorted(options.items())))
    if key not in contexts:
        ctx = browser.new_context(
            base_url=url, viewport={"width": width, "height": height}, **options
        )
        ctx.set_default_timeout(15_000)
        outside: list[str] = []
        # The page must load nothing from the internet: Chromium resolves no other host
        # (CHROMIUM_ARGS) and every request the page makes elsewhere is recorded.
        ctx.on("request", lambda r: None if is_local(r.url) else outside.append(r.url))
        keeper = ctx.new_page()
        keeper.goto("/favicon.svg")
        contexts[key] = KeptContext(ctx, keeper, outside)
    return contexts[key]


#: What an origin stores that outlives its pages.
STORAGE = "local_storage,indexeddb,service_workers,cache_storage"


def empty_context(kept: KeptContext, url: str) -> None:
    """What a test left in a kept context goes: its pages (and their session storage with
    them), cookies, permissions and what the origin stored (:data:`STORAGE`)."""
    ctx = kept.context
    for pg in ctx.pages:
        if pg is not kept.keeper:
            pg.close()
    ctx.clear_cookies()
    ctx.clear_permissions()
    ctx.set_offline(False)
    cdp = ctx.new_cdp_session(kept.keeper)
    try:
        cdp.send(
            "Storage.clearDataForOrigin",
            {"origin": url, "storageTypes": STORAGE},
        )
    finally:
        cdp.detach()
    kept.outside.clear()


def close_contexts(browser: Browser) -> None:
    for kept in KEPT.pop(id(browser), {}).values():
        kept.context.close()


@contextmanager
def local_context(
    browser: Browser, url: str, width: int = 1280, height: int = 800, **options: Any
) -> Iterator[BrowserContext]:
    """A browser context (to the app: a new player, with nothing stored) on ``url`` at a size
    (other options as Playwright takes them, e.g. ``reduced_motion``) that may load nothing
    from elsewhere; kept for the next test that asks for the same (see :class:`KeptContext`)."""
    kept = kept_context(browser, url, width, height, options)
    try:
        yield kept.context
        assert not kept.outside, f"the page requested outside resources: {kept.outside}"
    finally:
        empty_context(kept, url)


@contextmanager
def checked_page(context: BrowserContext) -> Iterator[Page]:
    """A page of ``context`` on which no JavaScript error may happen."""
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    yield pg
    assert not errors, f"JavaScript errors on the page: {errors}"


@contextmanager
def screen(
    browser: Browser, server: Server, width: int = 1280, height: int = 800, **options: Any
) -> Iterator[Page]:
    """A checked page in a fresh context of the given size."""
    with (
        local_context(browser, server.url, width, height, **options) as ctx,
        checked_page(ctx) as pg,
    ):
        yield pg


@pytest.fixture
def web_context(web_browser: Browser, web_server: Server) -> Iterator[BrowserContext]:
    with local_context(web_browser, web_server.url) as ctx:
        yield ctx


@pytest.fixture
def page(web_context: BrowserContext) -> Iterator[Page]:
    with checked_page(web_context) as pg:
        yield pg


def shot(page: Page, name: str, *, full_page: bool = False) -> Path:
    """A screenshot of the page as ``test-output/screenshots/<name>.png``."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path


# Playing through the Play page ----------------------------------------------------------------


def answers_of(variant: str = "classic", seed: int = 42, mode: str = "normal") -> tuple[str, ...]:
    """The answers of a seeded practice game (the same the server draws), from the model."""
    game = make_game(GameRequest(variant=variant, kind="practice", seed=seed, mode=mode)).game
    return game.secret


#: The classic practice game the tests play unless they say otherwise: its seed, answer, label.
SEED = 42
ANSWER = answers_of("classic", SEED)[0]
LABEL = f"wordlekit practice #{SEED}"


def letters(guess: str, answer: str) -> str:
    """The g/y/b colours of ``guess`` against ``answer``, by the engine."""
    return format_pattern(score(guess, answer), len(guess), "letters")


def open_app(page: Page, where: str = "") -> None:
    page.goto(f"/{where}")
    expect(page.locator("html")).to_have_attribute("data-ready", "true")


def start_game(
    page: Page,
    variant: str = "classic",
    *,
    kind: str = "practice",
    seed: int | None = SEED,
    mode: str = "normal",
    words: Sequence[str] = (),
) -> None:
    """Start a game through the set-up form (brought back first if a finished game's result
    stands in its place) and wait until it is shown (its label shows the seed given)."""
    if not page.get_by_test_id("new-game").is_visible():
        page.get_by_test_id("play-again").click()
    page.get_by_test_id("variant").select_option(variant)
    page.get_by_test_id(f"kind-{kind}").check()
    page.get_by_test_id("mode").select_option(mode)
    if kind == "practice":
        page.get_by_test_id("seed").fill("" if seed is None else str(seed))
    elif kind == "challenge":
        page.get_by_test_id("words").fill(" ".join(words))
    before = page.get_by_test_id("board").get_attribute("data-game-id")
    page.get_by_test_id("new-game").click()
    board = page.get_by_test_id("board")
    expect(board).to_have_attribute("data-status", "playing")
    expect(board).not_to_have_attribute("data-game-id", before or "none")
    if kind == "practice" and seed is not None:
        expect(page.get_by_test_id("game-label")).to_contain_text(f"#{seed}")


def guess_through_api(page: Page, game_id: str | None, word: str, turn: int) -> None:
    """Play ``word`` as turn ``turn`` of the game through the API with the page's cookies, as
    another tab of the same player would (the page shows it once reloaded)."""
    response = page.request.post(
        f"/api/games/{game_id}/guesses", data={"guess": word, "turn": turn}
    )
    assert response.ok, response.text()


def type_guess(page: Page, word: str) -> None:
    """Type a guess on the physical keyboard and press Enter."""
    page.keyboard.type(word)
    page.keyboard.press("Enter")


def click_guess(page: Page, word: str) -> None:
    """Type a guess on the on-screen keyboard and press its Enter."""
    for ch in word:
        page.get_by_test_id(f"key-{ch}").click()
    page.get_by_test_id("key-enter").click()


def expect_row(page: Page, row: int, guess: str, answer: str) -> None:
    """Every tile of ``row`` of a one-board game shows its letter in the engine's colour."""
    for col, (ch, code) in enumerate(zip(guess, letters(guess, answer), strict=True)):
        tile = page.get_by_test_id(f"tile-{row}-{col}")
        expect(tile).to_have_attribute("data-state", STATES[code])
        expect(tile).to_have_text(ch.upper())
        expect(tile).to_have_attribute("aria-label", f"{ch.upper()}, {STATES[code]}")


def expect_board_row(page: Page, board: int, row: int, guess: str, answer: str) -> None:
    """Every tile of ``row`` of board ``board`` of a game of several boards."""
    for col, (ch, code) in enumerate(zip(guess, letters(guess, answer), strict=True)):
        tile = page.get_by_test_id(f"tile-{board}-{row}-{col}")
        expect(tile).to_have_attribute("data-state", STATES[code])
        expect(tile).to_have_text(ch.upper())


def settled(page: Page) -> None:
    """Wait for the reveal (and the keyboard after it) to end: nothing on the board moves."""
    page.wait_for_function(
        """() => document.getAnimations().every((a) =>
            a.playState !== "running" || !a.effect?.target?.closest?.("#board"))"""
    )
    page.wait_for_timeout(150)
