"""The word list menu in Debian's chromium: Spanish on a phone played to a win with the
physical keyboard (a word typed with Ñ, one with an accent that folds away) and the on-screen
Ñ key (after L, as on Spanish keyboards); German with an Ü typed that becomes UE; the choice
kept after a reload; an 8-letter English board on a phone without horizontal scrolling.

A key of a national keyboard is sent as chromium receives it from one (a trusted keydown
with that key, through the DevTools protocol: Playwright's own keyboard knows the US layout
only). The answers are those of seeded practice games, drawn by the model as the server
draws them. Screenshots go to ``test-output/screenshots/lists-*.png``.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, Page, expect

from harness_web import STATES, Server, open_app, screen, settled, shot, start_game
from wordlekit.core.feedback import format_pattern, score
from wordlekit.core.words import WordList
from wordlekit.services.games import GameRequest, make_game

PHONE = (390, 844)
#: Keys of a Spanish or German keyboard: their ``code`` on those layouts (for the keydown).
CODES = {"ñ": "Semicolon", "ü": "BracketLeft", "ó": "KeyO"}


def answer_of(name: str, seed: int) -> str:
    request = GameRequest(variant="classic", kind="practice", seed=seed)
    return make_game(request, WordList.bundled(name)).game.secret[0]


def choose_list(page: Page, name: str) -> None:
    """Choose a list in the header's menu (the app reloads with it)."""
    with page.expect_navigation():
        page.get_by_test_id("word-list").select_option(name)
    expect(page.locator("html")).to_have_attribute("data-ready", "true")
    expect(page.locator("html")).to_have_attribute("data-list", name)


def national_type(page: Page, text: str, *, enter: bool = True) -> None:
    """Type ``text`` as a national keyboard does: every key a trusted keydown with its
    character (ñ, ü, ó included), then Enter."""
    cdp: Any = page.context.new_cdp_session(page)
    for ch in text:
        if ch.isascii():
            page.keyboard.press(ch)
            continue
        event = {"key": ch, "code": CODES.get(ch, ""), "text": ch, "unmodifiedText": ch}
        cdp.send("Input.dispatchKeyEvent", {"type": "keyDown", **event})
        cdp.send("Input.dispatchKeyEvent", {"type": "keyUp", "key": ch, "code": event["code"]})
    cdp.detach()
    if enter:
        page.keyboard.press("Enter")


def expect_tiles(page: Page, row: int, word: str, answer: str) -> None:
    """Row ``row`` shows ``word`` (as the list folds it) in the engine's colours."""
    codes = format_pattern(score(word, answer), len(word), "letters")
    for col, (ch, code) in enumerate(zip(word, codes, strict=True)):
        tile = page.get_by_test_id(f"tile-{row}-{col}")
        expect(tile).to_have_text(ch.upper())
        expect(tile).to_have_attribute("data-state", STATES[code])


def no_horizontal_scroll(page: Page, width: int) -> None:
    widths = page.evaluate(
        """() => ({
            doc: document.documentElement.scrollWidth,
            board: document.querySelector('[data-testid=board]').getBoundingClientRect().right,
            keys: Math.max(...[...document.querySelectorAll('.key')].map(
                (k) => k.getBoundingClientRect().right)),
        })"""
    )
    assert widths["doc"] <= width, widths
    assert widths["board"] <= width and widths["keys"] <= width, widths


def test_spanish_on_a_phone(web_browser: Browser, web_server: Server) -> None:
    seed, answer = 136, "peñon"
    assert answer_of("es-5", seed) == answer
    with screen(web_browser, web_server, *PHONE) as page:
        open_app(page)
        choose_list(page, "es-5")
        # the keyboard of the list: Ñ after L on the middle row, which takes the whole width
        middle = page.locator(".key-row").nth(1).locator("button[data-key]")
        keys = middle.evaluate_all("(ks) => ks.map((k) => k.dataset.key)")
        assert keys == list("asdfghjklñ")
        start_game(page, seed=seed)
        national_type(page, "araña")
        expect_tiles(page, 0, "araña", answer)
        national_type(page, "CAÑÓN")  # the accent folds away: CAÑON
        expect_tiles(page, 1, "cañon", answer)
        settled(page)
        expect(page.get_by_test_id("key-ñ")).to_have_attribute("data-state", "green")
        no_horizontal_scroll(page, PHONE[0])
        shot(page, "lists-es-phone-playing")
        for ch in answer:  # the on-screen keys, Ñ included
            page.get_by_test_id(f"key-{ch}").click()
        page.get_by_test_id("key-enter").click()
        expect_tiles(page, 2, answer, answer)
        board = page.get_by_test_id("board")
        expect(board).to_have_attribute("data-status", "won")
        settled(page)
        page.keyboard.press("Escape")
        shot(page, "lists-es-phone-won")
        gid = board.get_attribute("data-game-id")
        # kept after a reload: the list, and its game
        page.reload()
        expect(page.locator("html")).to_have_attribute("data-ready", "true")
        expect(page.get_by_test_id("word-list")).to_have_value("es-5")
        expect(board).to_have_attribute("data-game-id", gid or "")
        expect(board).to_have_attribute("data-status", "won")
        share = page.evaluate("() => document.querySelector('#share-text')?.textContent || ''")
        assert "es-5" in share


def test_german_folds_an_umlaut(web_browser: Browser, web_server: Server) -> None:
    seed = 3
    answer = answer_of("de-5", seed)
    with screen(web_browser, web_server, *PHONE) as page:
        open_app(page)
        choose_list(page, "de-5")
        assert page.get_by_test_id("key-ñ").count() == 0
        start_game(page, seed=seed)
        national_type(page, "grün")  # Ü is UE in German: GRUEN
        expect_tiles(page, 0, "gruen", answer)
        national_type(page, "ñ", enter=False)  # no place in German: said so, nothing typed
        expect(page.get_by_test_id("message")).to_contain_text("Ñ is not a letter of this list")
        expect(page.get_by_test_id("tile-1-0")).to_have_text("")
        national_type(page, answer)
        expect_tiles(page, 1, answer, answer)
        expect(page.get_by_test_id("board")).to_have_attribute("data-status", "won")
        settled(page)
        page.keyboard.press("Escape")
        shot(page, "lists-de-phone-won")
        # back to the original list: its own game, not the German one
        choose_list(page, "original")
        expect(page.get_by_test_id("game-label")).not_to_contain_text(f"#{seed}")


def test_eight_letters_on_a_phone_and_a_laptop(web_browser: Browser, web_server: Server) -> None:
    words = WordList.bundled("en-8")
    answer = answer_of("en-8", 1)
    other = next(w for w in words.answers if w != answer)
    for width, height in (PHONE, (1280, 800)):
        with screen(web_browser, web_server, width, height) as page:
            open_app(page)
            choose_list(page, "en-8")
            start_game(page, seed=1)
            page.keyboard.type(other)
            page.keyboard.press("Enter")
            expect_tiles(page, 0, other, answer)
            settled(page)
            no_horizontal_scroll(page, width)
            tile = page.get_by_test_id("tile-0-7").bounding_box()
            assert tile is not None and tile["width"] >= 30, tile
            shot(page, f"lists-en8-{width}")


def test_assist_and_bot_in_spanish(web_browser: Browser, web_server: Server) -> None:
    es = WordList.bundled("es-5")
    answer, guess = "peñon", "araña"
    pattern = format_pattern(score(guess, answer), 5, "letters")
    left = sum(score(guess, w) == score(guess, answer) for w in es.answers)
    with screen(web_browser, web_server, *PHONE) as page:
        open_app(page, "#assist")
        choose_list(page, "es-5")
        # no likely model for Spanish: the answers of the list only
        answers = page.get_by_test_id("assist-answers")
        expect(answers).to_have_value("list")
        assert answers.locator("option[value=likely]").count() == 0
        expect(page.get_by_test_id("assist-remaining")).to_have_text(str(len(es.answers)))
        page.get_by_test_id("assist-word").fill(f"ARAÑA {pattern}")
        page.get_by_test_id("assist-add").click()
        expect(page.get_by_test_id("assist-remaining")).to_have_text(str(left))
        no_horizontal_scroll_page(page, PHONE[0])
        shot(page, "lists-es-assist-phone")
        page.goto("/#bot")
        expect(page.locator("html")).to_have_attribute("data-ready", "true")
        page.get_by_test_id("bot-answer").fill("Peñón")  # folded as the list folds: peñon
        page.get_by_test_id("bot-solve").click()
        expect(page.get_by_test_id("bot-result")).to_contain_text("Solved PEÑON")
        shot(page, "lists-es-bot-phone")


def no_horizontal_scroll_page(page: Page, width: int) -> None:
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width


def test_the_menu_fits_small_phones(web_browser: Browser, web_server: Server) -> None:
    """The longest name in the menu (Portuguese) on the smallest phones: the header keeps to
    the screen's width."""
    for width, height in ((320, 568), (360, 640)):
        with screen(web_browser, web_server, width, height) as page:
            open_app(page)
            choose_list(page, "pt-5")
            no_horizontal_scroll_page(page, width)
            shot(page, f"lists-pt-{width}")
