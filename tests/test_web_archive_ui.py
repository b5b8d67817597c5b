"""The archive calendar in the browser (issue 26): at 390×844 a player opens the archive, goes
to the previous month, picks a day, plays it to the end on the physical keyboard, reopens the
archive and sees the day's mark; at 1280×800 a screenshot of the calendar."""

from __future__ import annotations

import datetime as dt

import pytest
from playwright.sync_api import Browser, Page, expect

from harness_web import Server, open_app, screen, settled, shot, type_guess
from wordlekit.core.words import WordList

pytestmark = pytest.mark.slow


def previous_month_day() -> dt.date:
    """The 3rd of the month before this one (always out)."""
    first = dt.date.today().replace(day=1)
    return (first - dt.timedelta(days=1)).replace(day=3)


def open_archive(page: Page) -> None:
    if not page.get_by_test_id("archive-open").is_visible():
        page.get_by_test_id("play-again").click()
    page.get_by_test_id("archive-open").click()
    expect(page.get_by_test_id("archive-dialog")).to_be_visible()
    expect(page.get_by_test_id("archive-day").first).to_be_visible()


def test_pick_a_past_day_play_it_and_see_its_mark(web_browser: Browser, web_server: Server) -> None:
    day = previous_month_day()
    answer = WordList.bundled().daily_answer(day)
    number = (day - dt.date(2021, 6, 19)).days
    with screen(web_browser, web_server, 390, 844) as page:
        open_app(page)
        open_archive(page)
        today = dt.date.today()
        expect(page.get_by_test_id("archive-month")).to_have_text(f"{today:%B %Y}")
        expect(page.get_by_test_id("archive-next")).to_be_disabled()
        page.get_by_test_id("archive-prev").click()
        expect(page.get_by_test_id("archive-month")).to_have_text(f"{day:%B %Y}")
        cell = page.locator(f'[data-testid="archive-day"][data-date="{day.isoformat()}"]')
        expect(cell).to_have_attribute(
            "aria-label",
            f"Puzzle {(day - dt.date(2021, 6, 19)).days}, {day.day} {day:%B %Y}: not played",
        )
        box = page.get_by_test_id("archive-grid").bounding_box()
        assert box is not None and box["width"] <= 390
        cell.focus()
        page.keyboard.press("Enter")
        expect(page.get_by_test_id("archive-dialog")).to_be_hidden()
        expect(page.get_by_test_id("game-label")).to_contain_text(
            f"Wordle {(day - dt.date(2021, 6, 19)).days}"
        )
        for word in ("crane" if answer != "crane" else "slate", answer):
            type_guess(page, word)
            settled(page)
        expect(page.get_by_test_id("board")).to_have_attribute("data-status", "won")
        # counted as the NYT counts an archive game: played and won, no streak
        expect(page.get_by_test_id("stat-played")).to_have_text("1")
        expect(page.get_by_test_id("stat-current-streak")).to_have_text("0")
        expect(page.get_by_test_id("stats-archive")).to_have_text(
            "1 game from the archive: counted in played and wins, not in the streak."
        )
        page.get_by_test_id("stats-close").click()
        open_archive(page)
        page.get_by_test_id("archive-prev").click()
        expect(cell.get_by_test_id("archive-mark")).to_have_text("✓2")
        expect(cell).to_have_attribute(
            "aria-label",
            f"Puzzle {number}, {day.day} {day:%B %Y}: won in 2, from the archive",
        )
        shot(page, "web-archive-390")
        page.keyboard.press("Escape")
        expect(page.get_by_test_id("archive-dialog")).to_be_hidden()


def test_the_calendar_on_a_laptop(web_browser: Browser, web_server: Server) -> None:
    with screen(web_browser, web_server, 1280, 800) as page:
        open_app(page)
        open_archive(page)
        page.get_by_test_id("archive-prev").click()
        expect(page.get_by_test_id("archive-day").first).to_be_visible()
        shot(page, "web-archive-1280")
