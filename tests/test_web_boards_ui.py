"""Games of several boards on the Play page, in a browser (Debian's chromium through
Playwright), each to its end: Quordle at a phone and a laptop size with the physical keyboard,
Dordle and Octordle on a phone with the on-screen keys, Sedecordle and Duotrigordle on a wide
screen, and Quordle in hard mode (a refusal, then a win). The colours of every tile and key are
checked against the engine; the page computes none of them."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from harness_web import (
    STATES,
    Server,
    answers_of,
    click_guess,
    expect_board_row,
    guess_through_api,
    letters,
    open_app,
    screen,
    settled,
    shot,
    start_game,
    type_guess,
)

SEED = 12
WIDE = """(w) => [...document.querySelectorAll('#page-play *')]
  .filter((e) => e.getBoundingClientRect().right > w + 0.5)
  .slice(0, 8)
  .map((e) => `${e.tagName}.${e.className}#${e.id} ${e.getBoundingClientRect().right}`)"""


def opener(answers: tuple[str, ...]) -> str:
    return next(w for w in ("crane", "slate", "moist") if w not in answers)


def key_states(
    guesses: list[str], answers: tuple[str, ...], solved_at: list[int | None]
) -> dict[str, str]:
    """Each letter's ``data-states`` on a keyboard of several boards, by the engine: per board
    ``done`` once solved, else the letter's best tile ("" when not tried)."""
    rank = {"": -1, "gray": 0, "yellow": 1, "green": 2}
    out = {}
    for ch in "abcdefghijklmnopqrstuvwxyz":
        states = []
        for b, answer in enumerate(answers):
            if solved_at[b] is not None:
                states.append("done")
                continue
            best = ""
            for g in guesses:
                for c, code in zip(g, letters(g, answer), strict=True):
                    if c == ch and rank[STATES[code]] > rank[best]:
                        best = STATES[code]
            states.append(best)
        out[ch] = ",".join(states)
    return out


def expect_keys(page: Page, guesses: list[str], answers: tuple[str, ...]) -> None:
    solved: list[int | None] = [
        next((t for t, g in enumerate(guesses, start=1) if g == a), None) for a in answers
    ]
    for ch, states in key_states(guesses, answers, solved).items():
        expect(page.get_by_test_id(f"key-{ch}")).to_have_attribute("data-states", states)


def no_sideways_scroll(page: Page, width: int) -> None:
    scroll = page.evaluate("() => document.documentElement.scrollWidth")
    assert scroll <= width, (scroll, page.evaluate(WIDE, width))


def win_on_every_board(
    page: Page, answers: tuple[str, ...], *, first_turn: int, typing: bool = True, start: int = 0
) -> None:
    """Play every answer in turn (the physical keyboard, or the on-screen keys), from the
    answer ``start`` on (those before it played already)."""
    board = page.get_by_test_id("board")
    for k, word in enumerate(answers[start:], start=start):
        (type_guess if typing else click_guess)(page, word)
        turn = first_turn + k
        if k < len(answers) - 1:
            expect(page.get_by_test_id(f"board-{k}")).to_have_attribute("data-solved", "true")
            expect(page.get_by_test_id("game-label")).to_contain_text(
                f"{len(answers) - k - 1} of {len(answers)} boards to solve"
            )
        else:
            expect(board).to_have_attribute("data-status", "won")
        assert turn  # the turn numbers are the server's (the page sends them)


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 800)])
def test_play_a_quordle_to_the_end_with_the_keyboard(
    web_browser: Browser, web_server: Server, width: int, height: int
) -> None:
    answers = answers_of("quordle", SEED)
    first = opener(answers)
    with screen(web_browser, web_server, width, height) as page:
        open_app(page)
        start_game(page, "quordle", seed=SEED)
        expect(page.get_by_test_id("game-label")).to_contain_text(f"Practice Quordle #{SEED}")
        expect(page.locator("#board .mboard")).to_have_count(4)
        expect(page.get_by_test_id("hint")).to_be_visible()  # hints: every variant
        type_guess(page, first)
        for b, answer in enumerate(answers):
            expect_board_row(page, b, 0, first, answer)
        settled(page)
        # Each key shows its state on each board: the regions in board order.
        expect_keys(page, [first], answers)
        expect(page.get_by_test_id("keyboard")).to_have_attribute("data-layout", "split")
        assert "unknown" in page.get_by_test_id("key-q").inner_html()
        no_sideways_scroll(page, width)
        shot(page, f"quordle-playing-{width}")
        win_on_every_board(page, answers, first_turn=2)
        settled(page)
        expect_keys(page, [first, *answers], answers)  # every board done
        # the result, in the place of the set-up form, and the statistics of Quordle
        result = page.get_by_test_id("result")
        expect(result).to_be_visible()
        expect(page.get_by_test_id("result-text")).to_contain_text("Solved all 4 boards in 5/9")
        expect(page.get_by_test_id("answer")).to_have_count(0)  # the boards show the answers
        share = page.get_by_test_id("share-text").inner_text().replace("\ufe0f", "")
        assert share.startswith(f"Practice Quordle #{SEED}\n2⃣3⃣\n4⃣5⃣"), share
        dialog = page.get_by_test_id("stats-dialog")
        expect(dialog).to_be_visible()
        expect(dialog.locator("#stats-heading")).to_have_text("Statistics · Quordle")
        expect(page.get_by_test_id("stat-played")).to_have_text("1")
        expect(page.get_by_test_id("dist-5")).to_have_class("dist-row current")
        expect(page.get_by_test_id("dist-1")).to_have_count(0)  # a Quordle is won in 4 or more
        expect(page.get_by_test_id("stats-review")).to_be_hidden()  # reviews: one board only
        shot(page, f"quordle-won-stats-{width}")
        page.get_by_test_id("stats-close").click()
        shot(page, f"quordle-won-{width}")
        no_sideways_scroll(page, width)


@pytest.mark.parametrize("variant", ["dordle", "octordle"])
def test_dordle_and_octordle_on_a_phone(
    web_browser: Browser, web_server: Server, variant: str
) -> None:
    answers = answers_of(variant, SEED)
    first = opener(answers)
    with screen(web_browser, web_server, 390, 844) as page:
        open_app(page)
        start_game(page, variant, seed=SEED)
        click_guess(page, "zzzzz")  # a word not in the list uses no turn
        expect(page.get_by_test_id("message")).to_contain_text("Not in word list")
        expect(page.locator("#board .mboard-rows > [data-state='revealed']")).to_have_count(0)
        for _ in range(5):
            page.get_by_test_id("key-backspace").click()
        click_guess(page, first)
        for b, answer in enumerate(answers):
            expect_board_row(page, b, 0, first, answer)
        settled(page)
        expect_keys(page, [first], answers)
        no_sideways_scroll(page, 390)
        # the keyboard stays on the screen whatever the number of boards (the boards scroll)
        kb = page.get_by_test_id("keyboard").bounding_box()
        assert kb is not None and kb["y"] + kb["height"] <= 844 + 0.5, kb
        shot(page, f"{variant}-playing-390")
        win_on_every_board(page, answers, first_turn=2, typing=False)
        expect(page.get_by_test_id("result-text")).to_contain_text(
            f"Solved all {len(answers)} boards in {len(answers) + 1}/"
        )
        expect(page.get_by_test_id("stats-dialog")).to_be_visible()
        page.get_by_test_id("stats-close").click()
        shot(page, f"{variant}-won-390")


@pytest.mark.parametrize("variant", ["sedecordle", "duotrigordle"])
def test_sixteen_and_thirty_two_boards_on_a_wide_screen(
    web_browser: Browser, web_server: Server, variant: str
) -> None:
    answers = answers_of(variant, 3)
    first = opener(answers)
    # reduced motion: the final state at once (32 reveals would take a minute)
    with screen(web_browser, web_server, 1440, 900, reduced_motion="reduce") as page:
        open_app(page)
        start_game(page, variant, seed=3)
        expect(page.locator("#board .mboard")).to_have_count(len(answers))
        type_guess(page, first)
        for b in (0, len(answers) - 1):
            expect_board_row(page, b, 0, first, answers[b])
        # Full rows of boards, as many a row as give the largest tiles (the boards fit the
        # screen), and the keys show bars rather than a region per board.
        cols = page.evaluate(
            "() => getComputedStyle(document.querySelector('#board'))"
            ".gridTemplateColumns.split(' ').length"
        )
        assert cols in (4, 8, 16) and len(answers) % cols == 0, cols
        expect(page.get_by_test_id("board")).to_have_attribute("data-fits", "true")
        expect(page.get_by_test_id("keyboard")).to_have_attribute("data-layout", "bars")
        expect_keys(page, [first], answers)
        no_sideways_scroll(page, 1440)
        shot(page, f"{variant}-playing-1440")
        # A Duotrigordle: the answers but the last four played through the API as another tab
        # would, then the page reloaded (drawing 5,920 tiles a turn costs the browser a second)
        start = len(answers) - 4 if len(answers) > 16 else 0
        if start:
            game_id = page.get_by_test_id("board").get_attribute("data-game-id")
            for k, word in enumerate(answers[:start]):
                guess_through_api(page, game_id, word, 2 + k)
            page.reload()
            expect(page.get_by_test_id("game-label")).to_contain_text(
                f"{len(answers) - start} of {len(answers)} boards to solve"
            )
            expect_keys(page, [first, *answers[:start]], answers)
        win_on_every_board(page, answers, first_turn=2, start=start)
        expect(page.get_by_test_id("result-text")).to_contain_text(
            f"Solved all {len(answers)} boards in {len(answers) + 1}/"
        )
        page.get_by_test_id("stats-close").click()
        shot(page, f"{variant}-won-1440")


#: A Quordle (practice #8) that hard mode lets be won: AMAZE first shows board 3 an M in
#: 2nd place and an E, then SMELL, RUSTY and INBOX obey every board's hints (checked below).
HARD_SEED = 8


def test_quordle_in_hard_mode_a_refusal_then_a_win(
    web_browser: Browser, web_server: Server
) -> None:
    answers = answers_of("quordle", HARD_SEED, "hard")
    order = ["amaze", "smell", "rusty", "inbox"]
    assert sorted(order) == sorted(answers)
    with screen(web_browser, web_server, 390, 844) as page:
        open_app(page)
        start_game(page, "quordle", seed=HARD_SEED, mode="hard")
        expect(page.get_by_test_id("game-label")).to_contain_text("hard mode")
        type_guess(page, order[0])
        solved = answers.index(order[0])
        expect(page.get_by_test_id(f"board-{solved}")).to_have_attribute("data-solved", "true")
        settled(page)
        type_guess(page, "fuzzy")  # no M in 2nd place: refused, no turn used
        message = page.get_by_test_id("message")
        # the board whose hints FUZZY breaks (numbered by the model)
        expect(message).to_contain_text(re.compile(r"^Hard mode: board \d+: 2nd letter must be M$"))
        expect(page.locator("#board .row.shake").first).to_be_visible()
        expect(page.get_by_test_id("game-label")).to_contain_text("8 guesses left")
        shot(page, "quordle-hard-refused-390")
        for _ in range(5):
            page.keyboard.press("Backspace")
        for word in order[1:]:
            type_guess(page, word)
            expect(page.get_by_test_id(f"board-{answers.index(word)}")).to_have_attribute(
                "data-solved", "true"
            )
        expect(page.get_by_test_id("board")).to_have_attribute("data-status", "won")
        expect(page.get_by_test_id("result-text")).to_contain_text("(hard mode)")
        share = page.get_by_test_id("share-text").inner_text()
        assert share.splitlines()[0].endswith("*"), share


def test_a_game_of_several_boards_survives_a_reload(
    web_browser: Browser, web_server: Server
) -> None:
    answers = answers_of("dordle", 21)
    first = opener(answers)
    with screen(web_browser, web_server, 1280, 800) as page:
        open_app(page)
        start_game(page, "dordle", seed=21)
        type_guess(page, first)
        expect_board_row(page, 1, 0, first, answers[1])
        page.reload()
        expect(page.locator("html")).to_have_attribute("data-ready", "true")
        expect(page.get_by_test_id("game-label")).to_contain_text("Practice Dordle #21")
        expect(page.get_by_test_id("variant")).to_have_value("dordle")
        for b, answer in enumerate(answers):
            expect_board_row(page, b, 0, first, answer)
        type_guess(page, answers[0])
        expect(page.get_by_test_id("board-0")).to_have_attribute("data-solved", "true")
