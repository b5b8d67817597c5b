"""The Play page, round 2 (issue 22), in Debian's chromium: the physical keyboard always plays
(after the header's buttons, a dialog, any control), choices made in the middle of a game are
for the next one, every row of every board and the keyboard fit the screen (Dordle to Octordle
on a phone, up to Duotrigordle on a laptop), toasts keep off the game bar, Absurdle's keyboard,
share button and board, the countdown to the next puzzle, no future date, and the share
preview's keycaps.

The games are played to their end with the physical keyboard, as a player would; every colour
checked is the engine's. Screenshots go to ``test-output/screenshots/round2-*.png``.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from harness_web import (
    ANSWER,
    STATES,
    Server,
    answers_of,
    expect_board_row,
    expect_row,
    guess_through_api,
    open_app,
    screen,
    settled,
    shot,
    start_game,
    type_guess,
)
from wordlekit.core.game import Game
from wordlekit.core.words import WordList
from wordlekit.services.games import GameRequest, make_game

SIZES = {"small": (320, 568), "phone": (390, 844), "laptop": (1280, 800)}
PHONE_LAPTOP = [SIZES["phone"], SIZES["laptop"]]
IDS = ["390x844", "1280x800"]
#: Valid guesses that are none of the answers of the games below (checked by the engine).
FILLERS = ["slate", "moist", "pudgy", "whack", "fjord", "blitz", "gnome", "vixen", "jumpy"]
WORDS = WordList.bundled()
assert all(WORDS.is_valid(w) for w in FILLERS)
#: A win of the free Absurdle game (its host is deterministic), checked by the model below.
ABSURDLE_LINE = ["arise", "scold", "bungy", "motto"]
RANK = {"": -1, "gray": 0, "yellow": 1, "green": 2}


def snap(page: Page, name: str) -> None:
    shot(page, f"round2-{name}")


def fillers(answers: tuple[str, ...], n: int) -> list[str]:
    words = [w for w in FILLERS if w not in answers][:n]
    assert len(words) == n
    return words


def box(page: Page, testid: str) -> dict[str, float]:
    rect = page.get_by_test_id(testid).bounding_box()
    assert rect is not None, f"{testid} is not shown"
    return rect


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return not (
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
    )


def game_id(page: Page) -> str:
    value = page.get_by_test_id("board").get_attribute("data-game-id")
    assert value
    return value


# 1. The physical keyboard always plays ----------------------------------------------------------


@pytest.mark.parametrize(("width", "height"), PHONE_LAPTOP, ids=IDS)
def test_enter_plays_the_word_after_any_control(
    web_browser: Browser, web_server: Server, width: int, height: int
) -> None:
    words = fillers((ANSWER,), 5)
    with screen(web_browser, web_server, width, height) as page:
        open_app(page)
        start_game(page)
        html = page.locator("html")
        dialog = page.get_by_test_id("stats-dialog")

        # Contrast, clicked: Enter alone does not toggle it back, and a word then Enter plays.
        page.get_by_test_id("contrast-toggle").click()
        expect(html).to_have_attribute("data-contrast", "high")
        page.keyboard.press("Enter")
        expect(page.get_by_test_id("message")).to_have_text("Not enough letters")
        expect(html).to_have_attribute("data-contrast", "high")
        type_guess(page, words[0])
        expect_row(page, 0, words[0], ANSWER)
        expect(html).to_have_attribute("data-contrast", "high")

        # Statistics, closed with Escape: Enter plays, and does not open them again.
        page.get_by_test_id("stats-button").click()
        expect(dialog).to_be_visible()
        page.keyboard.press("Escape")
        expect(dialog).to_be_hidden()
        type_guess(page, words[1])
        expect_row(page, 1, words[1], ANSWER)
        expect(dialog).to_be_hidden()

        # ... and closed with its ✕.
        page.get_by_test_id("stats-button").click()
        expect(dialog).to_be_visible()
        page.get_by_test_id("stats-close").click()
        expect(dialog).to_be_hidden()
        type_guess(page, words[2])
        expect_row(page, 2, words[2], ANSWER)
        expect(dialog).to_be_hidden()

        # The Hint button, then the set-up form opened and folded again.
        page.get_by_test_id("hint").click()
        expect(page.get_by_test_id("message")).to_contain_text("Hint: try")
        type_guess(page, words[3])
        expect_row(page, 3, words[3], ANSWER)
        page.get_by_test_id("play-again").click()
        expect(page.get_by_test_id("setup-form")).to_be_visible()
        page.get_by_test_id("setup-close").click()
        expect(page.get_by_test_id("setup-form")).to_be_hidden()
        type_guess(page, words[4])
        expect_row(page, 4, words[4], ANSWER)

        # Contrast again (off), and the last word wins.
        page.get_by_test_id("contrast-toggle").click()
        expect(html).not_to_have_attribute("data-contrast", "high")
        type_guess(page, ANSWER)
        expect_row(page, 5, ANSWER, ANSWER)
        expect(page.get_by_test_id("board")).to_have_attribute("data-status", "won")
        expect(dialog).to_be_visible()
        snap(page, f"enter-after-controls-{width}")
        page.keyboard.press("Escape")
        expect(dialog).to_be_hidden()
        expect(page.get_by_test_id("board")).to_be_focused()

        # A keyboard user still presses a button with Enter (no word typed): the focus that
        # Tab gives a control stays on it, even when it moves there before the dialog's close
        # event (a task of its own, which gives the focus to the board) has run.
        page.get_by_test_id("stats-button").click()
        expect(dialog).to_be_visible()
        page.evaluate(
            """() => {
                document.getElementById("stats-dialog").close();
                document.querySelector("[data-testid=contrast-toggle]").focus();
            }"""
        )
        page.evaluate("() => new Promise((done) => setTimeout(done, 50))")  # the close event
        toggle = page.get_by_test_id("contrast-toggle")
        expect(toggle).to_be_focused()
        page.keyboard.press("Enter")
        expect(html).to_have_attribute("data-contrast", "high")


# 2. Choices made in the middle of a game are for the next one ----------------------------------


@pytest.mark.parametrize(("width", "height"), PHONE_LAPTOP, ids=IDS)
def test_changing_the_mode_mid_game_keeps_the_game(
    web_browser: Browser, web_server: Server, width: int, height: int
) -> None:
    words = fillers((ANSWER,), 5)
    with screen(web_browser, web_server, width, height) as page:
        open_app(page)
        start_game(page)
        form = page.get_by_test_id("setup-form")
        label = page.get_by_test_id("game-label")
        message = page.get_by_test_id("message")
        type_guess(page, words[0])
        expect_row(page, 0, words[0], ANSWER)
        expect(form).to_be_hidden()  # folded once the game is under way
        expect(page.get_by_test_id("play-again")).to_be_visible()
        played = game_id(page)

        page.get_by_test_id("play-again").click()
        expect(form).to_be_visible()
        page.get_by_test_id("mode").select_option("hard")
        expect(message).to_have_text("Hard mode is for your next game: press New game to start it.")
        snap(page, f"hard-mid-game-{width}")
        # the letters go to the board, Enter plays them in the same game (not in hard mode)
        type_guess(page, words[1])
        expect_row(page, 1, words[1], ANSWER)
        assert game_id(page) == played
        expect(label).to_contain_text("4 guesses left")
        expect(label).not_to_contain_text("hard mode")

        page.get_by_test_id("kind-daily").click()
        expect(message).to_contain_text("Daily is for your next game")
        type_guess(page, words[2])
        expect_row(page, 2, words[2], ANSWER)
        page.get_by_test_id("variant").select_option("quordle")  # no daily opens mid-game
        expect(message).to_contain_text("Quordle is for your next game")
        type_guess(page, words[3])
        expect_row(page, 3, words[3], ANSWER)
        assert game_id(page) == played
        expect(label).to_contain_text("2 guesses left")

        # The form's own button starts the game chosen: today's Quordle in hard mode.
        page.get_by_test_id("new-game").click()
        expect(label).to_contain_text("Quordle")
        expect(label).to_contain_text("hard mode")
        assert game_id(page) != played

        # A new game the server refuses (as it refuses a second daily of a day in another
        # mode): a toast says why, in a sentence, and the game shown stays.
        quordle = game_id(page)

        def refuse(route: Route) -> None:
            if route.request.method == "POST":
                error = "today's puzzle is already being played in normal mode"
                route.fulfill(status=409, json={"error": error})
            else:
                route.continue_()

        page.route("**/api/games", refuse)
        page.get_by_test_id("mode").select_option("normal")
        page.get_by_test_id("new-game").click()
        expect(message).to_have_text("Today's puzzle is already being played in normal mode.")
        assert game_id(page) == quordle
        expect(label).to_contain_text("hard mode")
        page.unroute("**/api/games", refuse)


# 3. Every row of every board and the keyboard fit ------------------------------------------------

#: Every row of the board(s), every key, and where they are: what is off the screen, under
#: the keyboard or out of the board area; whether anything scrolls; the boards' centre.
FITS = """() => {
  const W = window.innerWidth, H = window.innerHeight;
  const out = [];
  const wrap = document.querySelector('#board-wrap').getBoundingClientRect();
  const kb = document.querySelector('#keyboard').getBoundingClientRect();
  const name = (el) => el.dataset.testid || el.className;
  const on = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.top < -0.5 || r.left < -0.5 || r.bottom > H + 0.5 || r.right > W + 0.5) {
      out.push(`${name(el)} off the screen: ${Math.round(r.top)}..${Math.round(r.bottom)}`);
    }
    return r;
  };
  const rows = [...document.querySelectorAll('#board .row')];
  for (const row of rows) {
    const r = on(row);
    if (r.bottom > kb.top + 0.5) out.push(`${name(row)} under the keyboard: ${r.bottom}`);
    if (r.bottom > wrap.bottom + 0.5) out.push(`${name(row)} below the board area`);
  }
  for (const key of document.querySelectorAll('#keyboard [data-key]')) on(key);
  const boards = [...document.querySelectorAll('#board .mboard')]
    .map((b) => b.getBoundingClientRect());
  const area = document.querySelector('#board-wrap');
  const doc = document.documentElement;
  return {
    out, W, H, rows: rows.length,
    scrollH: doc.scrollHeight, scrollW: doc.scrollWidth,
    areaScrolls: area.scrollHeight > area.clientHeight + 0.5,
    boardsCentre: boards.length ? (Math.min(...boards.map((b) => b.left))
                                   + Math.max(...boards.map((b) => b.right))) / 2 : null,
    keyboardCentre: (kb.left + kb.right) / 2,
    tile: document.querySelector('#board .tile').getBoundingClientRect().width,
  };
}"""


def assert_fits(page: Page, when: str) -> dict[str, Any]:
    fit: dict[str, Any] = page.evaluate(FITS)
    where = f"{when} at {fit['W']}×{fit['H']}"
    assert not fit["out"], f"{where}: {fit['out'][:6]}"
    assert fit["scrollH"] <= fit["H"] and fit["scrollW"] <= fit["W"], f"{where} scrolls: {fit}"
    assert not fit["areaScrolls"], f"{where} the board area scrolls: {fit}"
    if fit["boardsCentre"] is not None:  # the boards are centred as the keyboard is
        assert abs(fit["boardsCentre"] - fit["keyboardCentre"]) <= 2, f"{where}: {fit}"
    return fit


BOARD_GAMES = [
    ("dordle", *SIZES["small"]),
    ("quordle", *SIZES["small"]),
    ("octordle", *SIZES["small"]),
    ("quordle", *SIZES["phone"]),
    ("octordle", *SIZES["phone"]),
    ("quordle", *SIZES["laptop"]),
    ("octordle", *SIZES["laptop"]),
    ("duotrigordle", *SIZES["laptop"]),
]
LIMITS = {"dordle": 7, "quordle": 9, "octordle": 13, "duotrigordle": 37}


@pytest.mark.parametrize(
    ("variant", "width", "height"), BOARD_GAMES, ids=[f"{v}-{w}x{h}" for v, w, h in BOARD_GAMES]
)
def test_every_row_of_every_board_fits_to_the_end(
    web_browser: Browser, web_server: Server, variant: str, width: int, height: int
) -> None:
    """A game of several boards played to its last guess with the physical keyboard (five
    words that are no answer, then every answer: the tallest board ends with every row of the
    guess limit), the controls used on the way; after each guess every row of every board and
    every key are on the screen, with nothing scrolling."""
    seed = 3
    answers = answers_of(variant, seed)
    limit = LIMITS[variant]
    guesses = [*fillers(answers, limit - len(answers)), *answers]
    tiles: list[float] = []
    with screen(web_browser, web_server, width, height, reduced_motion="reduce") as page:
        open_app(page)
        start_game(page, variant, seed=seed)
        label = page.get_by_test_id("game-label")
        board = page.get_by_test_id("board")
        assert_fits(page, "at the start")
        game_id = board.get_attribute("data-game-id")
        # The 37 turns of a Duotrigordle: the first six and the last four typed, those between
        # played through the API as another tab would (the page reloaded and measured every
        # eighth turn): each of its turns costs the browser a second of drawing 5,920 tiles.
        by_api = range(7, limit - 3) if limit > 13 else range(0)
        for turn, word in enumerate(guesses, start=1):
            if turn in by_api:
                guess_through_api(page, game_id, word, turn)
                if turn % 8 == 0 or turn == by_api[-1]:
                    page.reload()
                    expect(page.locator("html")).to_have_attribute("data-ready", "true")
                    expect(label).to_contain_text(f"{limit - turn} guesses left")
                    tiles.append(float(assert_fits(page, f"after turn {turn} ({word})")["tile"]))
                continue
            page.keyboard.type(word[:3])  # a word being typed fits too
            assert_fits(page, f"typing turn {turn}")
            page.keyboard.type(word[3:])
            page.keyboard.press("Enter")
            if turn < limit:
                left = limit - turn
                expect(label).to_contain_text(f"{left} guess{'es' if left > 1 else ''} left")
            else:
                expect(board).to_have_attribute("data-status", "won")
                expect(page.get_by_test_id("stats-dialog")).to_be_visible()
                page.keyboard.press("Escape")
            fit = assert_fits(page, f"after turn {turn} ({word})")
            tiles.append(float(fit["tile"]))
            if turn == 1:  # the set-up form is out of the way once the game is under way
                expect(page.get_by_test_id("setup-form")).to_be_hidden()
                expect(page.get_by_test_id("play-again")).to_be_visible()
            # The controls, as a player uses them mid-game: typing still plays after them.
            if turn == 2:
                page.get_by_test_id("contrast-toggle").click()
            elif turn == 3:
                page.get_by_test_id("stats-button").click()
                expect(page.get_by_test_id("stats-dialog")).to_be_visible()
                page.get_by_test_id("stats-close").click()
            elif turn == 4 and len(answers) <= 8:
                with page.expect_response(re.compile(r"/hint$")):
                    page.get_by_test_id("hint").click()
                expect(page.get_by_test_id("message")).to_contain_text("Hint: try")
                assert_fits(page, "with the hint shown")
            elif turn == 5:  # the mode of the next game, chosen mid-game
                page.get_by_test_id("play-again").click()
                page.get_by_test_id("mode").select_option("hard")
                expect(page.get_by_test_id("message")).to_contain_text("Hard mode is for your next")
                assert_fits(page, "with the set-up form open")
            elif turn == 6:
                expect(label).not_to_contain_text("hard mode")
                page.get_by_test_id("setup-close").click()
            if turn in (1, limit // 2, limit - 1):
                snap(page, f"{variant}-{width}x{height}-turn{turn}")
        # the last board, solved by the last guess the limit allows
        expect_board_row(page, len(answers) - 1, limit - 1, guesses[-1], answers[-1])
        expect(page.get_by_test_id("result")).to_be_visible()
        expect(page.get_by_test_id("result-text")).to_contain_text(
            f"Solved all {len(answers)} boards in {limit}/{limit}"
        )
        assert_fits(page, "after the game")
        snap(page, f"{variant}-{width}x{height}-won")
    # The tiles shrink as the boards grow, and stay large enough to see: the figures.
    size = f"{variant} {width}x{height}"
    print(f"{size}: tiles {tiles[0]:.1f}px at turn 1, {tiles[-1]:.1f}px at the end")
    assert tiles[0] >= tiles[-1] >= 4


def test_a_daily_of_several_boards_opens_when_chosen(
    web_browser: Browser, web_server: Server
) -> None:
    """Choosing Octordle with Daily opens today's Octordle at once (as the first visit opens
    today's Wordle); before a game is shown, no keyboard is offered."""
    with screen(web_browser, web_server, *SIZES["phone"]) as page:
        page.route("**/api/games", lambda route: None)  # the first visit's game held back
        page.goto("/")
        expect(page.get_by_test_id("keyboard")).to_have_attribute("data-idle", "true")
        expect(page.get_by_test_id("key-a")).not_to_be_visible()
        page.unroute("**/api/games")
        page.reload()
        open_app(page)
        expect(page.get_by_test_id("key-a")).to_be_visible()
        expect(page.get_by_test_id("game-label")).to_contain_text("Wordle")
        page.get_by_test_id("variant").select_option("octordle")
        expect(page.get_by_test_id("game-label")).to_contain_text("Daily Octordle")
        expect(page.locator("#board .mboard")).to_have_count(8)
        type_guess(page, "slate")
        expect(page.get_by_test_id("game-label")).to_contain_text("12 guesses left")
        snap(page, "octordle-daily-390")


# 4. Toasts keep off the game bar ---------------------------------------------------------------


@pytest.mark.parametrize(("width", "height"), list(SIZES.values()), ids=list(SIZES))
def test_toasts_never_cover_the_label_or_the_hint_button(
    web_browser: Browser, web_server: Server, width: int, height: int
) -> None:
    with screen(web_browser, web_server, width, height) as page:
        open_app(page)
        message = page.get_by_test_id("message")

        def clear_of_the_bar(when: str) -> None:
            toast = page.locator("#message .toast")
            expect(toast).to_be_visible()
            t = toast.bounding_box()
            assert t is not None
            for part in ("game-label", "hint"):
                assert not overlap(t, box(page, part)), f"{when}: the toast covers {part}"
            area = page.locator("#board-wrap").bounding_box()
            assert area is not None and area["y"] <= t["y"], f"{when}: the toast is above the board"

        start_game(page)
        expect(message).to_contain_text("good luck")
        clear_of_the_bar("a new game")
        type_guess(page, "xxxxx")
        expect(message).to_contain_text("Not in word list")
        clear_of_the_bar("a word refused")
        snap(page, f"toast-refused-{width}")
        for _ in range(5):
            page.keyboard.press("Backspace")
        type_guess(page, "slate")
        expect_row(page, 0, "slate", ANSWER)
        page.get_by_test_id("hint").click()
        expect(message).to_contain_text("Hint: try")
        clear_of_the_bar("a hint")
        # the hint (it stays until the next guess) leaves the row played readable
        hint = page.locator("#message .toast").bounding_box()
        assert hint is not None and not overlap(hint, box(page, "row-0"))
        snap(page, f"toast-hint-{width}")
        page.locator("#message .toast").click()  # and a click puts it away
        expect(message).to_be_empty()


# 5. Absurdle: the keyboard's colours, sharing, the board on a phone, a bad target --------------


def absurdle_letters(guesses: list[str]) -> list[str]:
    """The host's colours of each guess of the free game, by the model."""
    game: Game = make_game(GameRequest(variant="absurdle", kind="practice")).game.replay(guesses)
    return [t.format("letters").split(":")[1] for t in game.turns]


@pytest.mark.parametrize(("width", "height"), PHONE_LAPTOP, ids=IDS)
def test_absurdle_keyboard_share_and_board(
    web_browser: Browser, web_server: Server, width: int, height: int
) -> None:
    assert (
        make_game(GameRequest(variant="absurdle", kind="practice"))
        .game.replay(ABSURDLE_LINE)
        .status.value
        == "won"
    )
    perms = ["clipboard-read", "clipboard-write"]
    with screen(web_browser, web_server, width, height, permissions=perms) as page:
        open_app(page)
        start_game(page, "absurdle", seed=None)
        played: list[str] = []
        for turn, word in enumerate(ABSURDLE_LINE, start=1):
            type_guess(page, word)
            played.append(word)
            if turn < len(ABSURDLE_LINE):
                expect(page.get_by_test_id("game-label")).to_contain_text(f"{turn} guess")
            else:
                expect(page.get_by_test_id("board")).to_have_attribute("data-status", "won")
                expect(page.get_by_test_id("stats-dialog")).to_be_visible()
                page.keyboard.press("Escape")
                expect(page.get_by_test_id("stats-dialog")).to_be_hidden()
            settled(page)
            # Each key has its best colour so far, the host's (as on the classic board).
            best: dict[str, str] = {}
            for guess, code in zip(played, absurdle_letters(played), strict=True):
                for ch, c in zip(guess, code, strict=True):
                    if RANK[STATES[c]] > RANK[best.get(ch, "")]:
                        best[ch] = STATES[c]
            for ch in "abcdefghijklmnopqrstuvwxyz":
                expect(page.get_by_test_id(f"key-{ch}")).to_have_attribute(
                    "data-state", best.get(ch, "unused")
                )
            # The board on the screen: the row just played and every key.
            for testid in (f"row-{turn - 1}", "key-enter", "key-backspace", "key-m"):
                expect(page.get_by_test_id(testid)).to_be_in_viewport(ratio=1)
            if turn == 3:
                snap(page, f"absurdle-turn3-{width}")
        share = page.get_by_test_id("share")
        expect(share).to_be_visible()
        share.click()
        expect(page.get_by_test_id("message")).to_have_text("Copied results to clipboard")
        copied = page.evaluate("navigator.clipboard.readText()")
        assert copied.startswith("Absurdle 4/∞"), copied
        snap(page, f"absurdle-won-{width}")

        # A challenge whose target is no word: the refusal, and nothing left of the game
        # before (its words, its end, its host) next to it.
        page.get_by_test_id("play-again").click()
        page.get_by_test_id("kind-challenge").check()
        page.get_by_test_id("words").fill("zzzzz")
        page.get_by_test_id("new-game").click()
        expect(page.get_by_test_id("message")).to_contain_text("ZZZZZ")
        expect(page.get_by_test_id("tile-0-0")).to_have_attribute("data-state", "empty")
        expect(page.get_by_test_id("tile-0-0")).to_have_text("")
        expect(page.get_by_test_id("host-panel")).to_be_hidden()
        expect(page.get_by_test_id("result")).to_be_hidden()
        expect(page.get_by_test_id("game-label")).not_to_contain_text("won")
        assert "motto" not in page.locator("#page-play").inner_text().lower()
        snap(page, f"absurdle-bad-target-{width}")
        # and a good target plays
        page.get_by_test_id("words").fill("cigar")
        page.get_by_test_id("new-game").click()
        expect(page.get_by_test_id("host-target")).to_have_text("Target: CIGAR")


# 6. The countdown; 7. the date picker ----------------------------------------------------------


@pytest.mark.parametrize(("width", "height"), PHONE_LAPTOP, ids=IDS)
def test_the_statistics_count_down_to_the_next_puzzle(
    web_browser: Browser, web_server: Server, width: int, height: int
) -> None:
    with screen(web_browser, web_server, width, height) as page:
        # Ten seconds to midnight on the player's clock (the browser's time zone, here the
        # machine's), the clock held there.
        midnight = page_midnight()
        page.clock.install(time=midnight - dt.timedelta(minutes=5))
        open_app(page)
        page.clock.pause_at(midnight - dt.timedelta(seconds=10))
        page.get_by_test_id("stats-button").click()
        countdown = page.get_by_test_id("stats-countdown")
        expect(countdown).to_have_text("Next Wordle in 00:00:10")
        page.clock.run_for(3_000)
        expect(countdown).to_have_text("Next Wordle in 00:00:07")
        expect(page.get_by_test_id("stats-dialog")).to_contain_text("midnight, your time")
        snap(page, f"countdown-{width}")


def page_midnight() -> dt.datetime:
    """The next midnight, local time (the browser's zone is this machine's)."""
    now = dt.datetime.now().astimezone()
    return (now + dt.timedelta(days=1)).replace(hour=0, minute=0, second=0, microsecond=0)


@pytest.mark.parametrize(("width", "height"), PHONE_LAPTOP, ids=IDS)
def test_the_date_picker_offers_no_day_to_come(
    web_browser: Browser, web_server: Server, width: int, height: int
) -> None:
    with screen(web_browser, web_server, width, height) as page:
        open_app(page)
        date = page.get_by_test_id("date")
        today = page.evaluate(
            """() => { const d = new Date(); const p = (n) => String(n).padStart(2, "0");
                       return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`; }"""
        )
        servers = str(page.request.get("/api/daily").json()["date"])
        latest = date.get_attribute("max")
        assert latest is not None and today <= latest <= max(today, servers), (latest, today)
        shown = game_id(page)
        posts: list[str] = []
        page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
        date.fill("2099-01-01")
        page.get_by_test_id("new-game").click()
        expect(page.get_by_test_id("message")).to_have_text(
            "The puzzle of 1 January 2099 is not out yet: pick today or an earlier day."
        )
        assert game_id(page) == shown
        assert not posts, posts  # refused in the page: nothing asked of the server
        snap(page, f"future-date-{width}")


# 8. The share preview's keycaps -----------------------------------------------------------------


def test_the_share_preview_draws_its_keycaps(web_browser: Browser, web_server: Server) -> None:
    """The counts of a Quordle's share (keycap emoji) are drawn as keys with their number, the
    same size as the squares, whether or not the machine has an emoji font; the text copied
    keeps the emoji."""
    seed = 3
    answers = answers_of("quordle", seed)
    with screen(web_browser, web_server, *SIZES["laptop"], reduced_motion="reduce") as page:
        open_app(page)
        start_game(page, "quordle", seed=seed)
        for b, word in enumerate(answers):
            type_guess(page, word)
            expect(page.get_by_test_id(f"board-{b}")).to_have_attribute("data-solved", "true")
        expect(page.get_by_test_id("board")).to_have_attribute("data-status", "won")
        expect(page.get_by_test_id("stats-dialog")).to_be_visible()
        page.keyboard.press("Escape")
        preview = page.get_by_test_id("share-text")
        expect(preview).to_be_visible()
        keys = preview.locator(".sq-n")
        expect(keys).to_have_count(4)
        square = preview.locator(".sq").first.bounding_box()
        assert square is not None
        for i in range(4):
            key = keys.nth(i)
            k = key.bounding_box()
            assert k is not None
            assert abs(k["width"] - k["height"]) <= 1 and abs(k["width"] - square["height"]) <= 1, k
            drawn = key.evaluate("el => getComputedStyle(el, '::before').content")
            assert drawn == f'"{i + 1}"', drawn
            assert key.evaluate("el => getComputedStyle(el).color") == "rgba(0, 0, 0, 0)"
        text = preview.inner_text()
        assert "1\ufe0f\u20e3" in text and "4\ufe0f\u20e3" in text, text
        snap(page, "share-keycaps-1280")
