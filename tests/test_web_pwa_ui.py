"""Sharing and the installable app in the browser (issue 26): the share sheet on a phone, the
visible text to copy when the clipboard is blocked too, and the pages opening offline from
the service worker's cache with the banner that says play needs the server."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from harness_web import ANSWER, LABEL, Server, open_app, screen, shot, start_game, type_guess

pytestmark = pytest.mark.slow

EXPECTED = f"{LABEL} 1/6\n\n🟩🟩🟩🟩🟩"

# Neither the share sheet nor the clipboard: writeText refused, execCommand("copy") too
BLOCKED = """
delete Navigator.prototype.share;
Object.defineProperty(navigator, "clipboard", {
  value: { writeText: () => Promise.reject(new DOMException("blocked", "NotAllowedError")) },
});
document.execCommand = () => false;
"""

# A phone's share sheet that records what it was given (or is closed by the player)
SHEET = """
window.shared = [];
navigator.canShare = (data) => typeof data.text === "string";
navigator.share = async (data) => {
  if (window.cancelShare) throw new DOMException("closed", "AbortError");
  window.shared.push(data.text);
};
"""


def win(page: Page) -> None:
    open_app(page)
    start_game(page)
    type_guess(page, ANSWER)
    expect(page.get_by_test_id("stats-dialog")).to_be_visible()


def test_blocked_clipboard_shows_the_text_to_copy(web_browser: Browser, web_server: Server) -> None:
    with screen(web_browser, web_server, 390, 844) as page:
        page.add_init_script(BLOCKED)
        win(page)
        # from the statistics dialog: its own copy of the text, selected
        page.get_by_test_id("stats-share").click()
        status = page.get_by_test_id("stats-share-status")
        expect(status).to_have_text("Copying was refused: copy this text to share it.")
        text = page.get_by_test_id("stats-share-text")
        expect(text).to_be_visible()
        assert text.inner_text() == EXPECTED
        assert page.evaluate("String(window.getSelection())") == EXPECTED
        expect(page.get_by_test_id("stats-share-hint")).to_contain_text("Copy this text")
        page.get_by_test_id("stats-close").click()
        expect(text).to_be_hidden()
        # from the result: the result's text, selected, and the hint under the buttons
        page.get_by_test_id("share").click()
        expect(page.get_by_test_id("message")).to_have_text(
            "Copying was refused: copy this text to share it."
        )
        hint = page.get_by_test_id("share-hint")
        expect(hint).to_be_visible()
        expect(page.get_by_test_id("share-text")).to_be_visible()  # hidden on phones otherwise
        assert page.evaluate("String(window.getSelection())") == EXPECTED
        shot(page, "web-share-fallback-390")


def test_a_phone_shares_through_the_share_sheet(web_browser: Browser, web_server: Server) -> None:
    with screen(web_browser, web_server, 390, 844, has_touch=True, is_mobile=True) as page:
        page.add_init_script(SHEET)
        win(page)
        page.get_by_test_id("stats-close").click()
        page.get_by_test_id("share").click()
        expect(page.get_by_test_id("message")).to_have_text("Shared")
        assert page.evaluate("window.shared") == [EXPECTED]
        page.evaluate("window.cancelShare = true")
        page.get_by_test_id("share").click()  # closed by the player: not an error
        expect(page.get_by_test_id("message")).to_have_text("Sharing cancelled")
        expect(page.get_by_test_id("share-hint")).to_be_hidden()


def test_a_laptop_copies_even_where_a_share_sheet_exists(
    web_browser: Browser, web_server: Server
) -> None:
    clipboard = {"permissions": ["clipboard-read", "clipboard-write"]}
    with screen(web_browser, web_server, 1280, 800, **clipboard) as page:
        page.add_init_script(SHEET)
        win(page)
        page.get_by_test_id("stats-share").click()
        expect(page.get_by_test_id("stats-share-status")).to_have_text(
            "Copied results to clipboard"
        )
        assert page.evaluate("window.shared") == []
        assert page.evaluate("navigator.clipboard.readText()") == EXPECTED


def test_the_pages_open_offline_and_say_play_needs_the_server(
    web_browser: Browser, web_server: Server
) -> None:
    with screen(web_browser, web_server, 390, 844, service_workers="allow") as page:
        open_app(page)
        # the worker installed (the shell cached) and controls the page after a reload
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.reload()
        expect(page.locator("html")).to_have_attribute("data-ready", "true")
        assert page.evaluate("Boolean(navigator.serviceWorker.controller)")
        banner = page.get_by_test_id("offline-banner")
        expect(banner).to_be_hidden()

        page.context.set_offline(True)
        expect(banner).to_be_visible()
        page.reload()  # from the cache
        expect(page.locator("html")).to_have_attribute("data-ready", "true")
        expect(banner).to_have_text(
            "You are offline: the pages open, but play needs the wordlekit server."
        )
        expect(page.get_by_test_id("new-game")).to_be_visible()
        page.get_by_test_id("new-game").click()
        expect(page.get_by_test_id("message")).to_contain_text("Cannot reach the wordlekit server")
        page.goto("/#review")  # another page of the app opens too
        expect(page.get_by_test_id("nav-review")).to_be_visible()
        shot(page, "web-offline-390")

        page.context.set_offline(False)
        expect(banner).to_be_hidden()
