"""The browser front end, end to end: the real app served by uvicorn in a thread, driven by
Debian's chromium through Playwright.

These tests never skip: without /usr/bin/chromium they fail with a message saying so, because
CI must run them. Screenshots of every page go to ``test-output/screenshots/``.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect

from harness_web import (
    ANSWER,
    LABEL,
    STATES,
    Server,
    checked_page,
    expect_row,
    letters,
    local_context,
    open_app,
    run_server,
    shot,
    start_game,
    type_guess,
)
from wordlekit.core.feedback import Turn, format_pattern, parse_pattern, score
from wordlekit.core.rules import ultrahard_violation
from wordlekit.core.words import WordList
from wordlekit.errors import InvalidPatternError
from wordlekit.services.games import GameRequest, make_game

RANK = {"gray": 0, "yellow": 1, "green": 2}
GREEN = "rgb(83, 141, 78)"  # #538d4e
ORANGE = "rgb(245, 121, 58)"  # #f5793a, the high-contrast green


def best_states(guesses: list[str], answer: str) -> dict[str, str]:
    best: dict[str, str] = {}
    for guess in guesses:
        for ch, code in zip(guess, letters(guess, answer), strict=True):
            state = STATES[code]
            if ch not in best or RANK[state] > RANK[best[ch]]:
                best[ch] = state
    return best


def expect_keyboard(page: Page, guesses: list[str], answer: str) -> None:
    """Each on-screen key shows the best state of its letter (or none if never guessed)."""
    best = best_states(guesses, answer)
    for ch in "abcdefghijklmnopqrstuvwxyz":
        key = page.locator(f'#keyboard [data-key="{ch}"]')
        state = best.get(ch, "unused")
        expect(key).to_have_attribute("data-state", state)
        name = ch.upper() if state == "unused" else f"{ch.upper()}, {state}"
        expect(key).to_have_attribute("aria-label", name)


def win(page: Page) -> None:
    """Play the seeded practice game in one guess and wait for the statistics dialog."""
    open_app(page)
    start_game(page)
    type_guess(page, ANSWER)
    expect_row(page, 0, ANSWER, ANSWER)
    expect(page.get_by_test_id("stats-dialog")).to_be_visible()
    expect(page.get_by_test_id("stat-played")).to_have_text("1")


def background(page: Page, selector: str) -> str:
    return str(page.eval_on_selector(selector, "el => getComputedStyle(el).backgroundColor"))


def wait_background(page: Page, selector: str, colour: str) -> None:
    page.wait_for_function(
        "([sel, colour]) => getComputedStyle(document.querySelector(sel)).backgroundColor"
        " === colour",
        arg=[selector, colour],
    )


# Play ----------------------------------------------------------------------------------------


def test_a_first_visit_starts_todays_puzzle(page: Page) -> None:
    import datetime as dt

    from wordlekit.core.words import day_number

    open_app(page)
    label = page.get_by_test_id("game-label")
    expect(label).to_contain_text(f"Wordle {day_number(dt.date.today())}")
    expect(label).to_contain_text("6 guesses left")


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 800)])
def test_play_a_whole_practice_game_by_typing(page: Page, width: int, height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    open_app(page)
    start_game(page)
    expect(page.get_by_test_id("tile-0-0")).to_have_attribute("aria-label", "empty")
    wrong = [w for w in ("slate", "pious", "crane") if w != ANSWER][:2]
    played: list[str] = []
    for row, word in enumerate(wrong):
        page.keyboard.type(word)
        expect(page.get_by_test_id(f"tile-{row}-4")).to_have_attribute("data-state", "tbd")
        expect(page.get_by_test_id(f"tile-{row}-4")).to_have_attribute(
            "aria-label", word[4].upper()
        )
        page.keyboard.press("Enter")
        expect_row(page, row, word, ANSWER)
        played.append(word)
        expect_keyboard(page, played, ANSWER)
    expect(page.get_by_test_id("game-label")).to_contain_text("4 guesses left")
    shot(page, f"classic-playing-{width}")

    type_guess(page, ANSWER)
    expect_row(page, 2, ANSWER, ANSWER)
    played.append(ANSWER)
    expect(page.get_by_test_id("board")).to_have_attribute("data-status", "won")
    expect(page.get_by_test_id("result-text")).to_contain_text("Impressive! Solved in 3/6.")
    expect(page.get_by_test_id("answer")).to_have_text(ANSWER.upper())
    expect(page.get_by_test_id("message")).to_have_text("Impressive")
    expect_keyboard(page, played, ANSWER)

    dialog = page.get_by_test_id("stats-dialog")
    expect(dialog).to_be_visible()  # opens by itself when the game ends
    expect(page.get_by_test_id("stat-played")).to_have_text("1")
    expect(page.get_by_test_id("stat-win-percent")).to_have_text("100")
    expect(page.get_by_test_id("stat-current-streak")).to_have_text("1")
    expect(page.get_by_test_id("stat-max-streak")).to_have_text("1")
    for n in range(1, 7):
        expect(page.get_by_test_id(f"dist-count-{n}")).to_have_text("1" if n == 3 else "0")
    expect(page.get_by_test_id("dist-3")).to_have_class(re.compile(r"\bcurrent\b"))
    expect(dialog.locator("#stats-heading")).to_have_text("Statistics · Wordle")
    shot(page, f"classic-stats-{width}")

    page.get_by_test_id("stats-close").click()
    expect(dialog).to_be_hidden()
    page.keyboard.type("slate")  # the game is over: typing changes nothing
    expect(page.get_by_test_id("tile-3-0")).to_have_attribute("data-state", "empty")
    shot(page, f"classic-won-{width}")


def test_a_word_not_in_the_list_is_refused_without_using_a_turn(page: Page) -> None:
    open_app(page)
    start_game(page)
    type_guess(page, "cra")
    expect(page.get_by_test_id("message")).to_have_text("Not enough letters")
    expect(page.get_by_test_id("row-0")).to_have_class(re.compile(r"\bshake\b"))
    page.keyboard.type("zz")
    expect(page.get_by_test_id("row-0")).not_to_have_class(re.compile(r"\bshake\b"))
    for _ in range(5):
        page.keyboard.press("Backspace")
    expect(page.get_by_test_id("tile-0-0")).to_have_attribute("data-state", "empty")

    type_guess(page, "xxxxx")
    expect(page.get_by_test_id("message")).to_contain_text("Not in word list")
    expect(page.get_by_test_id("message")).to_have_attribute("role", "status")
    expect(page.get_by_test_id("row-0")).to_have_class(re.compile(r"\bshake\b"))
    for col in range(5):
        expect(page.get_by_test_id(f"tile-0-{col}")).to_have_attribute("data-state", "tbd")
    expect(page.get_by_test_id("game-label")).to_contain_text("6 guesses left")

    # The refused word stays in the row; after erasing it the next guess still goes in row 0.
    for _ in range(5):
        page.keyboard.press("Backspace")
    expect(page.get_by_test_id("message")).to_be_empty()
    guess = "slate" if ANSWER != "slate" else "crane"
    type_guess(page, guess)
    expect_row(page, 0, guess, ANSWER)
    expect(page.get_by_test_id("game-label")).to_contain_text("5 guesses left")


def test_hard_mode_refusal_message(page: Page) -> None:
    open_app(page)
    page.get_by_test_id("kind-daily").check()
    page.get_by_test_id("date").fill("2021-06-19")
    page.get_by_test_id("mode").select_option("hard")
    page.get_by_test_id("new-game").click()
    expect(page.get_by_test_id("game-label")).to_contain_text("Wordle 0")
    expect(page.get_by_test_id("game-label")).to_contain_text("hard mode")
    answer = make_game(GameRequest(kind="daily", date="2021-06-19")).game.secret[0]
    assert answer == "cigar"
    type_guess(page, "crane")
    expect_row(page, 0, "crane", answer)
    type_guess(page, "salty")
    expect(page.get_by_test_id("message")).to_have_text("Hard mode: 1st letter must be C")
    expect(page.get_by_test_id("row-1")).to_have_class(re.compile(r"\bshake\b"))
    expect(page.get_by_test_id("tile-1-0")).to_have_attribute("data-state", "tbd")
    expect(page.get_by_test_id("game-label")).to_contain_text("5 guesses left")


def test_ultrahard_practice_refusals_are_explained(page: Page) -> None:
    open_app(page)
    start_game(page, mode="ultrahard")
    expect(page.get_by_test_id("game-label")).to_contain_text("ultrahard mode")
    message = page.get_by_test_id("message")
    type_guess(page, "salet")  # a valid guess, but never the answer
    expect(message).to_have_text(
        "Ultrahard mode: SALET cannot be the answer: it is not in the answer list"
    )
    expect(page.get_by_test_id("row-0")).to_have_class(re.compile(r"\bshake\b"))
    for _ in range(5):
        page.keyboard.press("Backspace")
    first = "crane" if ANSWER != "crane" else "slate"
    type_guess(page, first)
    expect_row(page, 0, first, ANSWER)
    wl = WordList.bundled()
    turns = [Turn(first, score(first, ANSWER))]
    second = next(w for w in wl.answers if ultrahard_violation(turns, w, wl))
    type_guess(page, second)
    expect(message).to_have_text(f"Ultrahard mode: {ultrahard_violation(turns, second, wl)}")
    expect(page.get_by_test_id("tile-1-0")).to_have_attribute("data-state", "tbd")
    expect(page.get_by_test_id("game-label")).to_contain_text("5 guesses left")


def test_share_copies_the_emoji_grid(
    page: Page, web_context: BrowserContext, web_server: Server
) -> None:
    web_context.grant_permissions(["clipboard-read", "clipboard-write"], origin=web_server.url)
    win(page)
    expected = f"{LABEL} 1/6\n\n🟩🟩🟩🟩🟩"

    page.get_by_test_id("stats-share").click()  # from the statistics dialog
    expect(page.get_by_test_id("stats-share-status")).to_have_text("Copied results to clipboard")
    assert page.evaluate("navigator.clipboard.readText()") == expected

    page.evaluate("navigator.clipboard.writeText('')")
    page.get_by_test_id("stats-close").click()
    page.get_by_test_id("share").click()  # and from the page
    expect(page.get_by_test_id("message")).to_have_text("Copied results to clipboard")
    shown = page.get_by_test_id("share-text").inner_text()
    assert shown.startswith(LABEL)
    assert shown == expected
    clipboard = page.evaluate("navigator.clipboard.readText()")
    assert clipboard.startswith(f"{LABEL} 1/6")
    assert clipboard.splitlines()[-1] == "🟩" * 5


def test_on_screen_keyboard(page: Page) -> None:
    open_app(page)
    start_game(page)
    guess = "crane" if ANSWER != "crane" else "slate"
    keys = page.get_by_test_id("keyboard")
    expect(keys.get_by_role("button", name="Enter")).to_be_visible()
    expect(keys.get_by_role("button", name="Backspace")).to_be_visible()
    for ch in guess[:4]:
        keys.locator(f'[data-key="{ch}"]').click()
    keys.locator('[data-key="q"]').click()
    expect(page.get_by_test_id("tile-0-4")).to_have_text("Q")
    keys.get_by_role("button", name="Backspace").click()
    expect(page.get_by_test_id("tile-0-4")).to_have_attribute("data-state", "empty")
    keys.locator(f'[data-key="{guess[4]}"]').click()
    keys.locator('[data-key="z"]').click()  # a sixth letter does not fit
    expect(page.get_by_test_id("tile-0-4")).to_have_text(guess[4].upper())
    keys.get_by_role("button", name="Enter").click()
    expect_row(page, 0, guess, ANSWER)
    expect_keyboard(page, [guess], ANSWER)
    expect(page.get_by_test_id("tile-1-0")).to_have_attribute("data-state", "empty")


# Statistics ----------------------------------------------------------------------------------


def test_stats_persist_across_reloads_and_server_restarts(
    page: Page, web_context: BrowserContext, web_server: Server
) -> None:
    win(page)
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-ready", "true")
    # The finished game is back (its id is in localStorage), without opening the dialog.
    expect(page.get_by_test_id("board")).to_have_attribute("data-status", "won")
    expect_row(page, 0, ANSWER, ANSWER)
    expect(page.get_by_test_id("share-text")).to_contain_text(LABEL)
    expect(page.get_by_test_id("stats-dialog")).to_be_hidden()
    page.get_by_test_id("stats-button").click()
    expect(page.get_by_test_id("stats-dialog")).to_be_visible()
    expect(page.get_by_test_id("stat-played")).to_have_text("1")
    expect(page.get_by_test_id("stat-win-percent")).to_have_text("100")
    expect(page.get_by_test_id("dist-count-1")).to_have_text("1")

    # A second server process on the same SQLite file knows this player too (the cookie is
    # per host, not per port): the statistics live in the database, not in memory.
    with run_server(web_server.db) as other:
        again = web_context.new_page()
        again.goto(f"{other.url}/")
        expect(again.locator("html")).to_have_attribute("data-ready", "true")
        again.get_by_test_id("stats-button").click()
        expect(again.get_by_test_id("stat-played")).to_have_text("1")
        expect(again.get_by_test_id("stat-max-streak")).to_have_text("1")
        again.close()


# Assist and bot ------------------------------------------------------------------------------


def test_assist_with_clicked_tiles(page: Page) -> None:
    open_app(page, "#assist")
    page.get_by_test_id("assist-answers").select_option("list")  # the page's default: likely
    expect(page.get_by_test_id("assist-remaining")).to_have_text("2315")
    page.get_by_test_id("assist-word").fill("crane")
    page.get_by_test_id("assist-add").click()
    tiles = [page.get_by_test_id(f"assist-tile-0-{c}") for c in range(5)]
    expect(tiles[0]).to_have_attribute("aria-label", "C, gray")
    tiles[2].click()  # A: gray -> yellow
    tiles[3].click()  # N: gray -> yellow -> green
    tiles[3].click()
    for tile, state in zip(tiles, ["gray", "gray", "yellow", "green", "gray"], strict=True):
        expect(tile).to_have_attribute("data-state", state)
    expect(tiles[2]).to_have_attribute("aria-label", "A, yellow")
    expect(tiles[3]).to_have_attribute("aria-label", "N, green")

    expect(page.get_by_test_id("assist-remaining")).to_have_text("20")
    expect(page.get_by_test_id("assist-step-0")).to_contain_text("CRANE: 2315 → 20 (6.85 bits)")
    expect(page.get_by_test_id("assist-knowledge")).to_contain_text("N at 4")
    expect(page.locator("#assist-suggestions tr")).to_have_count(10)
    expect(page.get_by_test_id("assist-suggestion-0").locator("td").nth(1)).to_have_text(
        re.compile(r"^[A-Z]{5}$")
    )
    expect(page.locator("#assist-candidates li")).to_have_count(20)
    shot(page, "assist", full_page=True)

    # Contradictory turns: the error names the turn; removing it brings the answer back.
    page.get_by_test_id("assist-word").fill("plant ggggg")
    page.get_by_test_id("assist-word").press("Enter")
    expect(page.get_by_test_id("assist-row-1")).to_be_visible()
    error = page.get_by_test_id("assist-error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("turn 2")
    page.get_by_test_id("assist-remove-1").click()
    expect(error).to_be_hidden()
    expect(page.get_by_test_id("assist-remaining")).to_have_text("20")

    # Fewer suggestions on request.
    page.get_by_test_id("assist-top").fill("3")
    page.get_by_test_id("assist-top").press("Enter")
    page.get_by_test_id("assist-update").click()
    expect(page.locator("#assist-suggestions tr")).to_have_count(3)


def test_bot_solves_cigar(page: Page) -> None:
    open_app(page, "#bot")
    page.get_by_test_id("bot-answer").fill("cigar")
    page.get_by_test_id("bot-strategy").select_option("entropy")
    page.get_by_test_id("bot-start").fill("salet")
    page.get_by_test_id("bot-solve").click()
    expected = [
        ("salet", "102 left"),
        ("brond", "8 left"),
        ("chair", "1 left"),
        ("cigar", "solved"),
    ]
    for i, (word, left) in enumerate(expected):
        expect(page.get_by_test_id(f"bot-row-{i}")).to_be_visible()
        for c, ch in enumerate(word):
            tile = page.get_by_test_id(f"bot-tile-{i}-{c}")
            expect(tile).to_have_text(ch.upper())
            expect(tile).to_have_attribute("data-state", STATES[letters(word, "cigar")[c]])
        expect(page.get_by_test_id(f"bot-remaining-{i}")).to_have_text(left)
    expect(page.get_by_test_id("bot-row-4")).to_have_count(0)
    expect(page.get_by_test_id("bot-result")).to_have_text("Solved CIGAR in 4 guesses")
    expect(page.get_by_test_id("bot-summary")).to_contain_text("2315")
    shot(page, "bot", full_page=True)

    page.get_by_test_id("bot-answer").fill("xxxxx")
    page.get_by_test_id("bot-solve").click()
    expect(page.get_by_test_id("bot-error")).to_be_visible()
    expect(page.get_by_test_id("bot-row-0")).to_have_count(0)


# Review --------------------------------------------------------------------------------------

GIANT_PASTE = "crane bbggb\nmoist bbybg\ngiant ggggg"
GIANT_TURNS = [
    {"guess": "crane", "pattern": "bbggb"},
    {"guess": "moist", "pattern": "bbybg"},
    {"guess": "giant", "pattern": "ggggg"},
]
REVIEW_TIMEOUT = 60_000  # a first turn runs the optimal solver: seconds on a busy machine


def ordinal(n: int) -> str:
    suffix = "th" if n % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n:,}{suffix}"


def submit_review(page: Page, text: str, answer: str = "") -> None:
    page.get_by_test_id("review-input").fill(text)
    page.get_by_test_id("review-answer").fill(answer)
    page.get_by_test_id("review-submit").click()


def wait_review(page: Page) -> None:
    output = page.get_by_test_id("review-output")
    finished = re.compile(r"^(done|error)$")
    expect(output).to_have_attribute("data-state", finished, timeout=REVIEW_TIMEOUT)
    if output.get_attribute("data-state") == "error":
        pytest.fail(f"the review failed: {page.get_by_test_id('review-error').inner_text()}")
    expect(output).to_have_attribute("aria-busy", "false")
    # random play's figures on the answer, asked for once the review is shown: a heavy request
    # of its own, which a review the test asks for next would have to wait for
    block = page.get_by_test_id("review-random")
    if block.is_visible():
        expect(block).not_to_have_attribute("data-state", "loading", timeout=REVIEW_TIMEOUT)


def expect_review(page: Page, data: dict[str, Any]) -> None:
    """The Review page shows ``data``, the API's review of the same game."""
    expect(page.get_by_test_id("review-summary")).to_have_text(data["summary"])
    expect(page.get_by_test_id("review-skill")).to_have_text(str(data["skill"]))
    expect(page.get_by_test_id("review-luck")).to_have_text(str(data["luck"]))
    turns = data["turns"]
    expect(page.locator("#review-turns > li")).to_have_count(len(turns))
    for i, turn in enumerate(turns):
        played = turn["turn"]  # the guess and its colours
        code = format_pattern(played["pattern"], 5, "letters")
        for c, (ch, state) in enumerate(zip(played["guess"], code, strict=True)):
            tile = page.get_by_test_id(f"review-tile-{i}-{c}")
            expect(tile).to_have_attribute("data-state", STATES[state])
            expect(tile).to_have_attribute("aria-label", f"{ch.upper()}, {STATES[state]}")
        after = "solved" if code == "ggggg" else f"{turn['remaining_after']:,}"
        expect(page.get_by_test_id(f"review-remaining-{i}")).to_have_text(
            f"{turn['remaining_before']:,} → {after}"
        )
        expect(page.get_by_test_id(f"review-bits-{i}")).to_have_text(
            f"{turn['bits']:.2f} best {turn['best_bits']:.2f}"
        )
        expected = f"{turn['expected_played']:.2f} best {turn['expected_best']:.2f}"
        if turn["method"] == "estimate":
            expected += " estimate"
        expect(page.get_by_test_id(f"review-expected-{i}")).to_have_text(expected)
        expect(page.get_by_test_id(f"review-best-{i}")).to_contain_text(turn["best_guess"].upper())
        expect(page.get_by_test_id(f"review-rank-{i}")).to_contain_text(
            f"{ordinal(turn['rank'])} of {turn['out_of']:,}"
        )
        for kind in ("skill", "luck"):
            bar = page.get_by_test_id(f"review-turn-{kind}-{i}")
            expect(bar).to_have_attribute("data-value", str(turn[kind]))
            expect(bar).to_have_text(f"{kind.capitalize()}{turn[kind]}")
    # the bot's game as the server played it, with its feedback
    bot = [t["turn"] for t in data["bot_turns"]]
    assert [t["guess"] for t in bot] == data["bot_guesses"]
    assert [t["letters"] for t in bot] == [letters(t["guess"], data["answer"]) for t in bot]
    expect_bot_rows(page, bot)


def expect_bot_rows(page: Page, bot: list[dict[str, Any]]) -> None:
    """The Review page draws the bot's rows exactly as ``bot`` (the ``turn`` of each of the
    server's bot_turns)."""
    expect(page.locator("#review-bot > [role=listitem]")).to_have_count(len(bot))
    for i, turn in enumerate(bot):
        for c, code in enumerate(turn["letters"]):
            tile = page.get_by_test_id(f"review-bot-tile-{i}-{c}")
            expect(tile).to_have_text(turn["guess"][c].upper())
            expect(tile).to_have_attribute("data-state", STATES[code])


def test_review_a_pasted_game(page: Page) -> None:
    open_app(page, "#review")
    expect(page.get_by_test_id("nav-review")).to_have_attribute("aria-current", "page")
    form = page.get_by_test_id("review-form")  # every field has a label
    expect(form.get_by_label("Your game")).to_be_visible()
    expect(form.get_by_label("Answer")).to_be_visible()
    expect(form.get_by_label("Hard mode")).not_to_be_checked()

    # Hold the answer back to see the loading state.
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)

    page.route("**/api/review", hold)
    submit_review(page, GIANT_PASTE)
    expect(page.get_by_test_id("review-status")).to_contain_text("Reviewing")
    expect(page.get_by_test_id("review-output")).to_have_attribute("aria-busy", "true")
    expect(page.get_by_test_id("review-submit")).to_be_disabled()
    expect(page.get_by_test_id("review-result")).to_be_hidden()
    deadline = time.monotonic() + 10
    while not held and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    assert len(held) == 1, "the review request was not sent"
    held[0].continue_()
    page.unroute("**/api/review", hold)
    wait_review(page)
    expect(page.get_by_test_id("review-status")).to_be_hidden()
    expect(page.get_by_test_id("review-submit")).to_be_enabled()

    response = page.request.post("/api/review", data={"turns": GIANT_TURNS, "mode": "normal"})
    assert response.ok, response.text()
    data = response.json()
    assert data["answer"] == "giant"
    assert [t["remaining_after"] for t in data["turns"]][:2] == [16, 1]
    expect(page.get_by_test_id("review-summary")).to_contain_text("GIANT")
    expect(page.get_by_test_id("review-answer-word")).to_have_text("GIANT")
    expect(page.get_by_test_id("review-outcome")).to_have_text("solved in 3")
    expect(page.get_by_test_id("review-remaining-1")).to_have_text("16 → 1")
    expect_review(page, data)
    # The first turn (2,315 words left) is an estimate, the second (16) exact.
    assert [t["method"] for t in data["turns"]] == ["estimate", "exact", "exact"]
    expect(page.get_by_test_id("review-expected-0")).to_contain_text("estimate")
    expect(page.get_by_test_id("review-expected-1")).not_to_contain_text("estimate")
    expect(page.get_by_test_id("review-rank-0")).to_contain_text("of 12,972")
    page.evaluate("window.scrollTo(0, 0)")  # the sticky header at the top of the picture
    shot(page, "review", full_page=True)

    # The form is kept in this browser.
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-ready", "true")
    expect(page.get_by_test_id("review-input")).to_have_value(GIANT_PASTE)


def test_review_other_notations_give_the_same_turns(page: Page) -> None:
    open_app(page, "#review")
    shown: list[str] = []
    for text, answer in [
        (GIANT_PASTE, ""),
        ("crane\nmoist\ngiant", "giant"),  # the answer and bare guesses
        ("1. CRANE ⬛⬛🟩🟩⬛\n2. moist:00102\n\n3. giant GGGGG", ""),  # emoji, digits, a blank
    ]:
        submit_review(page, text, answer)
        wait_review(page)
        expect(page.locator("#review-turns > li")).to_have_count(3)
        expect(page.get_by_test_id("review-remaining-1")).to_have_text("16 → 1")
        shown.append(page.get_by_test_id("review-turns").inner_text())
        page.get_by_test_id("review-example").click()  # fills in the example (and reviews it)
    assert shown[0] == shown[1] == shown[2]
    expect(page.get_by_test_id("review-input")).to_have_value(GIANT_PASTE)
    expect(page.get_by_test_id("review-answer")).to_have_value("")


def test_review_errors_name_the_turn(page: Page) -> None:
    open_app(page, "#review")
    error = page.get_by_test_id("review-error")
    expect(error).to_be_hidden()

    submit_review(page, "crane bbbbb\nplant ggggg")  # the server refuses it
    expect(error).to_be_visible()
    expect(error).to_contain_text("turn 2")
    expect(error).to_have_attribute("role", "alert")
    expect(page.get_by_test_id("review-result")).to_be_hidden()
    expect(page.get_by_test_id("review-submit")).to_be_enabled()

    submit_review(page, "crane bbggb\nmoist bby")  # the page refuses it: 3 tiles for 5
    expect(error).to_contain_text("Turn 2")
    expect(error).to_contain_text("3 tiles")
    submit_review(page, "crane\nmoist")  # bare guesses need the answer
    expect(error).to_contain_text("Turn 1")
    expect(error).to_contain_text("answer")
    page.get_by_test_id("review-answer").fill("giant")  # editing clears the message
    expect(error).to_be_hidden()
    submit_review(page, "crane\nmoist", "xxxxx")
    expect(error).to_contain_text("XXXXX")

    submit_review(page, GIANT_PASTE)  # a good game clears the error
    wait_review(page)
    expect(error).to_be_hidden()
    expect(page.locator("#review-turns > li")).to_have_count(3)


def test_review_a_played_game(page: Page) -> None:
    open_app(page)
    start_game(page)
    first = "crane" if ANSWER != "crane" else "slate"
    type_guess(page, first)
    expect_row(page, 0, first, ANSWER)
    type_guess(page, ANSWER)
    expect(page.get_by_test_id("board")).to_have_attribute("data-status", "won")
    expect(page.get_by_test_id("review-this-game")).to_be_visible()
    expect(page.get_by_test_id("stats-dialog")).to_be_visible()
    game_id = page.get_by_test_id("board").get_attribute("data-game-id")
    assert game_id

    page.get_by_test_id("stats-review").click()  # from the statistics dialog
    expect(page.get_by_test_id("stats-dialog")).to_be_hidden()
    expect(page).to_have_url(re.compile(r"#review$"))
    expect(page.get_by_test_id("nav-review")).to_have_attribute("aria-current", "page")
    wait_review(page)
    expect(page.get_by_test_id("review-title")).to_have_text(f"Review of {LABEL}")
    expect(page.get_by_test_id("review-answer-word")).to_have_text(ANSWER.upper())
    expect(page.get_by_test_id("review-summary")).to_contain_text(ANSWER.upper())
    expect(page.get_by_test_id("review-outcome")).to_have_text("solved in 2")
    expect(page.locator("#review-turns > li")).to_have_count(2)
    expect(page.get_by_test_id("review-input")).to_have_value(
        f"{first} {letters(first, ANSWER)}\n{ANSWER} ggggg"
    )
    expect(page.get_by_test_id("review-answer")).to_have_value(ANSWER)
    response = page.request.get(f"/api/games/{game_id}/review")
    assert response.ok, response.text()
    data = response.json()
    assert data["answer"] == ANSWER
    assert [t["turn"]["guess"] for t in data["turns"]] == [first, ANSWER]
    expect_review(page, data)

    # And from the end-of-game panel of the Play page.
    page.get_by_test_id("nav-play").click()
    expect(page.get_by_test_id("board")).to_have_attribute("data-status", "won")
    page.get_by_test_id("review-input").evaluate("el => { el.value = ''; }")
    page.get_by_test_id("review-this-game").click()
    expect(page.get_by_test_id("nav-review")).to_have_attribute("aria-current", "page")
    wait_review(page)
    expect(page.locator("#review-turns > li")).to_have_count(2)
    expect(page.get_by_test_id("review-input")).to_have_value(re.compile(f"^{first} "))


def test_the_bots_rows_are_the_servers_bot_turns(page: Page) -> None:
    """The Review page draws the bot's game from the server's ``bot_turns``: with the answer
    tampered (the tiles of the bot's first guess swapped for others), the page shows what it
    was sent. Its script has no scoring code."""
    script = page.request.get("/static/review.js").text()
    assert "scoreLetters" not in script and not re.search(r"answer\s*\[", script)
    assert "bot_turns" in script
    sent: list[dict[str, Any]] = []

    def tamper(route: Route) -> None:
        data = route.fetch().json()
        first = data["bot_turns"][0]["turn"]
        first["letters"] = "".join({"g": "y", "y": "b", "b": "g"}[c] for c in first["letters"])
        sent.append(data)
        route.fulfill(json=data)

    open_app(page, "#review")
    page.route("**/api/review", tamper)
    submit_review(page, GIANT_PASTE)
    wait_review(page)
    assert len(sent) == 1
    bot = [t["turn"] for t in sent[0]["bot_turns"]]
    assert bot[0]["letters"] != letters(bot[0]["guess"], "giant")  # not the engine's colours
    expect_bot_rows(page, bot)
    expect(page.get_by_test_id("review-bot-count")).to_have_text(f"{len(bot)} guesses")


# Every character the engine reads as a tile, and others that it refuses
TILE_CANDIDATES = [chr(c) for c in range(33, 127)] + list("🟩🟨⬛⬜🟧🟦🟥🟪🟫🟢🟡⚫⚪■□")


def engine_tile(ch: str) -> str | None:
    try:
        return format_pattern(parse_pattern(ch, 1), 1, "letters")
    except InvalidPatternError:
        return None


def test_review_reads_exactly_the_tiles_the_engine_reads(page: Page) -> None:
    open_app(page, "#review")
    read = page.evaluate(
        """async (chars) => {
            const tiles = await import("/static/tiles.js");
            return chars.map((ch) => {
                try { return tiles.readTiles(ch) || null; } catch (e) { return null; }
            });
        }""",
        TILE_CANDIDATES,
    )
    assert dict(zip(TILE_CANDIDATES, read, strict=True)) == {
        ch: engine_tile(ch) for ch in TILE_CANDIDATES
    }
    # and the high-contrast share grid and the other gray letters, pasted
    submit_review(page, "crane ⬛⬛🟧🟧⬛\nmoist nx🟦-🟧\ngiant 🟧🟧🟧🟧🟧")
    wait_review(page)
    expect(page.get_by_test_id("review-remaining-1")).to_have_text("16 → 1")
    expect(page.get_by_test_id("review-outcome")).to_have_text("solved in 3")
    submit_review(page, "crane bb🟥gb")
    expect(page.get_by_test_id("review-error")).to_contain_text("“🟥” is not a colour")


SIX = ["planet", "garden", "silver", "orange", "rocket", "castle", "winter", "summer", "bright",
       "stream", "forest", "mother", "father", "number", "yellow", "purple", "little", "people",
       "camera", "dinner"]  # fmt: skip


def test_assist_with_six_letter_words(
    web_browser: Browser, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """A server running a list of six-letter words: the Assist page takes its word length
    from the server (six tiles a row, six colours), and refuses five-letter words."""
    six = WordList.from_words(SIX, ["banana", "candle", "pencil"], name="six")
    db = tmp_path_factory.mktemp("six") / "games.sqlite3"
    with (
        run_server(db, six) as srv,
        local_context(web_browser, srv.url) as ctx,
        checked_page(ctx) as page,
    ):
        open_app(page, "#assist")
        page.get_by_test_id("assist-answers").select_option("list")
        expect(page.get_by_test_id("assist-remaining")).to_have_text(str(len(SIX)))
        expect(page.locator("#assist-word-help")).to_contain_text("6 letters")
        expect(page.get_by_test_id("assist-pattern").locator(".slot")).to_have_count(6)

        page.get_by_test_id("assist-word").fill("crane")
        page.get_by_test_id("assist-add").click()
        expect(page.get_by_test_id("assist-error")).to_contain_text("6 letters")
        expect(page.get_by_test_id("assist-row-0")).to_have_count(0)

        code = letters6("planet", "castle")
        page.get_by_test_id("assist-word").fill(f"planet {code}")
        page.get_by_test_id("assist-add").click()
        expect(page.get_by_test_id("assist-error")).to_be_hidden()
        for c in range(6):
            expect(page.get_by_test_id(f"assist-tile-0-{c}")).to_have_attribute(
                "data-state", STATES[code[c]]
            )
        expect(page.get_by_test_id("assist-tile-0-6")).to_have_count(0)
        left = [w for w in SIX if letters6("planet", w) == code]
        expect(page.get_by_test_id("assist-remaining")).to_have_text(str(len(left)))
        expect(page.locator("#assist-candidates li")).to_have_text([w.upper() for w in left])
        page.get_by_test_id("assist-tile-0-0").click()  # P: gray -> yellow
        expect(page.get_by_test_id("assist-tile-0-0")).to_have_attribute("data-state", "yellow")
        expect(page.get_by_test_id("assist-error")).to_contain_text("turn 1")
        shot(page, "assist-six", full_page=True)

        page.get_by_test_id("nav-bot").click()
        expect(page.get_by_test_id("bot-answer")).to_have_attribute("maxlength", "6")
        page.get_by_test_id("bot-answer").fill("castle")
        page.get_by_test_id("bot-solve").click()
        expect(page.get_by_test_id("bot-result")).to_contain_text("Solved CASTLE")
        expect(page.get_by_test_id("bot-tile-0-5")).to_have_attribute("data-state", COLOURED)


def letters6(guess: str, answer: str) -> str:
    return format_pattern(score(guess, answer), 6, "letters")


COLOURED = re.compile("^(green|yellow|gray)$")


# Look and feel -------------------------------------------------------------------------------


def test_high_contrast_toggle_changes_colours_and_persists(page: Page) -> None:
    open_app(page)
    start_game(page)
    guess = "crane" if ANSWER != "crane" else "slate"
    type_guess(page, guess)
    expect_row(page, 0, guess, ANSWER)
    col = letters(guess, ANSWER).index("g")  # a green tile
    tile = f'[data-testid="tile-0-{col}"]'
    toggle = page.get_by_test_id("contrast-toggle")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    wait_background(page, tile, GREEN)

    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    wait_background(page, tile, ORANGE)
    assert background(page, tile) != GREEN
    shot(page, "high-contrast", full_page=True)

    page.reload()
    expect(page.locator("html")).to_have_attribute("data-ready", "true")
    expect(page.get_by_test_id(f"tile-0-{col}")).to_have_attribute("data-state", "green")
    expect(page.get_by_test_id("contrast-toggle")).to_have_attribute("aria-pressed", "true")
    wait_background(page, tile, ORANGE)
    wait_background(page, f'#keyboard [data-key="{guess[col]}"]', ORANGE)

    page.get_by_test_id("contrast-toggle").click()
    wait_background(page, tile, GREEN)
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-ready", "true")
    wait_background(page, tile, GREEN)


def test_phone_width_and_accessible_names(page: Page) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    open_app(page)
    start_game(page)
    type_guess(page, ANSWER)
    expect(page.get_by_test_id("stats-dialog")).to_be_visible()
    page.get_by_test_id("stats-close").click()
    for where in ("#play", "#assist", "#bot", "#review", "#boards"):
        page.goto(f"/{where}")
        expect(page.locator(f'[data-nav="{where[1:]}"]')).to_have_attribute("aria-current", "page")
        if where == "#assist":
            expect(page.get_by_test_id("assist-remaining")).to_have_text(
                "12972"
            )  # the likely model, the default there
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"{where} is {width}px wide on a 390px screen"
        nameless = page.evaluate(
            """() => [...document.querySelectorAll('button, a, input, select')]
                .filter((el) => el.offsetParent !== null)
                .filter((el) => !(el.getAttribute('aria-label') || el.labels?.length
                                  || el.textContent.trim()))
                .map((el) => el.outerHTML.slice(0, 80))"""
        )
        assert nameless == [], nameless
        shot(page, f"phone-{where[1:]}", full_page=True)
    page.goto("/#play")
    expect(page.get_by_test_id("board")).to_have_attribute("data-status", "won")
    shot(page, "phone", full_page=True)
