"""Challenge links in the browser (issue 26): a player creates a challenge on the Play page
and copies its link; a friend (another browser context: another player) opens the link at
390×844, is told it is a challenge, plays it to the end on the physical keyboard and gets a
share text naming the challenge, never the word; the creator then sees one game played."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from harness_web import Server, open_app, screen, settled, shot, type_guess

pytestmark = pytest.mark.slow

CLIPBOARD = {"permissions": ["clipboard-read", "clipboard-write"]}


def create_on_page(page: Page, word: str) -> str:
    """Create a challenge through the dialog (opened first if it is not); returns its link."""
    dialog = page.get_by_test_id("challenge-dialog")
    if not dialog.is_visible():
        page.get_by_test_id("challenge-open").click()
    expect(dialog).to_be_visible()
    page.get_by_test_id("challenge-word").fill(word)
    page.get_by_test_id("challenge-create").click()
    link = page.get_by_test_id("challenge-link")
    expect(link).to_have_value(re.compile(r"/\?challenge=[\w-]{16}$"))
    expect(page.get_by_test_id("challenge-status")).to_contain_text("created")
    return str(link.input_value())


def test_a_challenge_from_link_to_the_creators_counts(
    web_browser: Browser, web_server: Server
) -> None:
    with screen(web_browser, web_server, 1280, 800, **CLIPBOARD) as creator:
        open_app(creator)
        url = create_on_page(creator, "knoll")
        assert "knoll" not in url.lower()
        cid = url.rsplit("=", 1)[1]
        creator.get_by_test_id("challenge-copy").click()
        expect(creator.get_by_test_id("challenge-status")).to_contain_text("copied")
        assert creator.evaluate("navigator.clipboard.readText()") == url
        expect(creator.get_by_test_id("challenge-item")).to_have_count(1)
        expect(creator.get_by_test_id("challenge-counts")).to_contain_text("0 players")
        creator.get_by_test_id("challenge-close").click()

        with screen(web_browser, web_server, 390, 844) as friend:
            friend.goto(url.replace(web_server.url, ""))
            expect(friend.locator("html")).to_have_attribute("data-ready", "true")
            note = friend.get_by_test_id("challenge-note")
            expect(note).to_have_text("A challenge from a friend.")
            label = friend.get_by_test_id("game-label")
            expect(label).to_contain_text(f"Wordle challenge {cid[:6]}…")
            assert "challenge=" not in friend.url  # a reload resumes the game
            # nothing on the page holds the word while the game is on
            assert "knoll" not in friend.content().lower()
            for word in ("crane", "knoll"):
                type_guess(friend, word)
                settled(friend)
            expect(friend.get_by_test_id("board")).to_have_attribute("data-status", "won")
            friend.get_by_test_id("stats-close").click()
            share = friend.get_by_test_id("share-text")
            expect(share).to_contain_text(f"Wordle challenge {cid[:6]}… 2/6")
            assert "knoll" not in share.inner_text().lower()
            expect(note).to_be_visible()
            friend.reload()
            expect(friend.locator("html")).to_have_attribute("data-ready", "true")
            expect(note).to_have_text("A challenge from a friend.")
            expect(friend.get_by_test_id("board")).to_have_attribute("data-status", "won")
            expect(friend.get_by_test_id("result")).to_be_visible()
            shot(friend, "web-challenge-390")  # docs/web-challenge-390.png

        creator.get_by_test_id("challenge-open").click()
        counts = creator.get_by_test_id("challenge-counts")
        expect(counts).to_contain_text("1 player · 1 won · 0 lost · 0 playing")
        # the link made last is still shown for copying in the 1280 screenshot
        create_on_page(creator, "aahed")
        expect(creator.get_by_test_id("challenge-made-note")).to_contain_text(
            "not in the answer list"
        )
        expect(creator.get_by_test_id("challenge-item")).to_have_count(2)
        shot(creator, "web-challenge-1280")  # docs/web-challenge-1280.png


def test_a_word_outside_the_answers_is_said_and_a_bad_word_refused(
    web_browser: Browser, web_server: Server
) -> None:
    # (the options make another context than the friend's: the harness keeps one per size
    # and options, and the same context would be the same player)
    with screen(web_browser, web_server, 390, 844, **CLIPBOARD) as creator:
        open_app(creator)
        creator.get_by_test_id("challenge-open").click()
        creator.get_by_test_id("challenge-word").fill("zzzzz")
        creator.get_by_test_id("challenge-create").click()
        status = creator.get_by_test_id("challenge-status")
        expect(status).to_contain_text("ZZZZZ is not in the original word list")
        expect(status).to_have_attribute("data-kind", "error")
        url = create_on_page(creator, "aahed")
        shot(creator, "web-challenge-dialog-390")
        with screen(web_browser, web_server, 390, 844) as friend:
            friend.goto(url.replace(web_server.url, ""))
            expect(friend.locator("html")).to_have_attribute("data-ready", "true")
            expect(friend.get_by_test_id("challenge-note")).to_have_text(
                "A challenge from a friend: the word may not be in the answer list."
            )
            type_guess(friend, "aahed")
            settled(friend)
            expect(friend.get_by_test_id("board")).to_have_attribute("data-status", "won")
        # an unknown link says so and leaves the page usable
        with screen(web_browser, web_server, 390, 844) as stranger:
            stranger.goto("/?challenge=nosuchchallenge0")
            expect(stranger.locator("html")).to_have_attribute("data-ready", "true")
            expect(stranger.get_by_test_id("message")).to_contain_text("No such challenge")
