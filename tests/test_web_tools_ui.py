"""The helper pages (Assist, Bot, Review, the Boards helper), the 404 page and /docs as a
player meets them, in Debian's chromium at a phone (390x844) and a laptop (1280x800) size,
and the API changes behind them with a TestClient:

- the Boards helper: no "Solved" before a guess, a "Mark solved" action, typed colours
  (``soare bbbbb gbbby bbbyy bbbyb``) and a message that says what a turn needs;
- Assist: a bare word waits for its colours, no figure next to an error, the hint that words
  outside the list fit, the count and the best guesses on the first screen of a phone, a
  table that fits, the same decimals at every turn;
- the Bot's answer model (AIOLI with "Any word, by likelihood"), Review's Example;
- a wrong URL in a browser, a body that is not JSON, the way back from /docs.

Screenshots go to ``test-output/screenshots/tools-*.png``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import Browser, Page, expect

from harness_web import Server, letters, open_app, screen, shot
from wordlekit.core.feedback import pattern_tiles, score
from wordlekit.core.words import WordList
from wordlekit.web.api import create_app

SIZES = {"phone": (390, 844), "laptop": (1280, 800)}
LETTERS = "byg"
# A Quordle played elsewhere: its four answers.
ANSWERS = ("mount", "shiny", "fable", "grief")
DECIMALS_2 = re.compile(r"^\d+\.\d\d$")


def pattern(guess: str, answer: str) -> str:
    return "".join(LETTERS[int(t)] for t in pattern_tiles(score(guess, answer)))


def sizes() -> Any:
    return pytest.mark.parametrize(("width", "height"), SIZES.values(), ids=SIZES.keys())


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path_factory.mktemp("tools") / "games.sqlite3")) as c:
        yield c


# The API -------------------------------------------------------------------------------------


def test_the_bot_plays_an_answer_outside_the_list_with_likely(client: TestClient) -> None:
    r = client.post("/api/solve", json={"answer": "aioli", "answers": "likely"})
    assert r.status_code == 200, r.text
    data = r.json()
    assert data["solved"] and data["answers"] == "likely"
    assert data["turns"][-1]["turn"]["guess"] == "aioli"
    assert data["start_candidates"] > 10_000  # every valid word could be the answer

    r = client.post("/api/solve", json={"answer": "aioli"})  # the list's answers by default
    assert r.status_code == 422
    assert r.json()["error"].startswith("AIOLI is a valid guess but never an answer")
    assert 'answers "likely"' in r.json()["error"]
    assert client.post("/api/solve", json={"answer": "cigar"}).json()["answers"] == "list"

    for wrong in ("all", "any", ""):
        r = client.post("/api/solve", json={"answer": "aioli", "answers": wrong})
        assert r.status_code == 422, wrong
        assert r.json()["error"].startswith("answers: "), r.json()
    r = client.post("/api/solve", json={"answer": "zzzzz", "answers": "likely"})
    assert r.status_code == 422
    assert "not in" in r.json()["error"]


def test_a_contradiction_with_the_list_counts_the_words_outside_it(client: TestClient) -> None:
    turns = [{"guess": "crane", "pattern": "bbybb"}, {"guess": "aioli", "pattern": "ggggg"}]
    r = client.post("/api/assist", json={"turns": turns, "answers": "list"})
    assert r.status_code == 422
    body = r.json()
    assert body["turn"] == 2
    assert body["any_word_fits"] == 1
    assert body["hint"].startswith("1 valid word fits the turns")
    # ... which the likely model takes
    r = client.post("/api/assist", json={"turns": turns, "answers": "likely"})
    assert r.status_code == 200
    assert r.json()["candidates"] == ["aioli"]
    # Turns that contradict each other: no word at all fits, nothing to count.
    turns = [{"guess": "crane", "pattern": "bbbbb"}, {"guess": "plant", "pattern": "ggggg"}]
    body = client.post("/api/assist", json={"turns": turns, "answers": "list"}).json()
    assert body["turn"] == 2
    assert "any_word_fits" not in body and "hint" not in body


def test_a_body_that_is_not_json_says_so(client: TestClient) -> None:
    for path in ("/api/assist", "/api/solve", "/api/games"):
        r = client.post(path, content="{bad", headers={"Content-Type": "application/json"})
        assert r.status_code == 422
        error = r.json()["error"]
        assert error.startswith("the request body is not valid JSON: "), error
        assert "character 1" in error
        assert "JSON decode error" not in error


def test_a_wrong_url_is_a_page_for_a_browser_and_json_for_the_api(client: TestClient) -> None:
    html = {"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"}
    r = client.get("/nosuchpage", headers=html)
    assert r.status_code == 404
    assert r.headers["content-type"].startswith("text/html")
    assert 'href="/"' in r.text and "/static/base.css" in r.text
    assert "/nosuchpage" in r.text
    for sheet in re.findall(r'<link rel="stylesheet" href="([^"]+)"', r.text):
        got = client.get(sheet)
        assert got.status_code == 200 and got.headers["content-type"].startswith("text/css")
    # The path is shown as text, never as markup.
    r = client.get("/%3Cscript%3Ealert(1)%3C/script%3E", headers=html)
    assert r.status_code == 404
    assert "<script>" not in r.text and "&lt;script&gt;" in r.text
    # The API, and a client that does not ask for HTML, keep JSON.
    for path, headers in (("/api/nosuch", html), ("/nosuchpage", {"Accept": "application/json"})):
        r = client.get(path, headers=headers)
        assert r.status_code == 404
        assert r.json() == {"error": "Not Found"}
    assert client.post("/nosuchpage", headers=html).json() == {"error": "Not Found"}


# The Boards helper ---------------------------------------------------------------------------


def open_boards(page: Page) -> None:
    open_app(page, "#boards")
    page.get_by_test_id("boards-assist-variant").select_option("quordle")
    page.get_by_test_id("boards-assist-clear").click()
    expect(page.get_by_test_id("boards-assist-grid").locator(".mboard")).to_have_count(4)


def add_turn(page: Page, text: str) -> None:
    page.get_by_test_id("boards-assist-word").fill(text)
    page.get_by_test_id("boards-assist-add").click()


def expect_tiles(page: Page, board: int, turn: int, letters: str) -> None:
    states = {"b": "gray", "y": "yellow", "g": "green"}
    for c, ch in enumerate(letters):
        tile = page.get_by_test_id(f"boards-assist-tile-{board}-{turn}-{c}")
        expect(tile).to_have_attribute("data-state", states[ch])


@sizes()
def test_the_boards_helper_takes_typed_colours_and_marks_boards_solved(
    web_browser: Browser, web_server: Server, width: int, height: int
) -> None:
    with screen(web_browser, web_server, width, height) as page:
        open_boards(page)
        grid = page.get_by_test_id("boards-assist-grid")
        # Before any guess nothing reads as a status: no "Solved", no control to mark one.
        expect(grid).not_to_contain_text("Solved")
        expect(grid.locator(".ba-solve")).to_have_count(0)
        expect(grid.locator('[data-solved="true"]')).to_have_count(0)
        shot(page, f"tools-boards-empty-{width}")

        # A wrong number of patterns says what a turn needs.
        first = [pattern("soare", a) for a in ANSWERS]
        add_turn(page, f"soare {first[0]} {first[1]}")
        error = page.get_by_test_id("boards-assist-error")
        expect(error).to_contain_text("SOARE: 2 patterns for 4 boards")
        expect(error).to_contain_text("e.g. soare ")
        expect(error).not_to_contain_text("Type a word")
        expect(grid.locator(".ba-board .tile")).to_have_count(0)  # nothing was added
        shot(page, f"tools-boards-wrong-count-{width}")

        # The word and one pattern per board, as the terminal takes them.
        add_turn(page, "soare " + " ".join(first))
        expect(error).to_be_hidden()
        for b, letters in enumerate(first):
            expect_tiles(page, b, 0, letters)
        solve = page.get_by_test_id("boards-assist-solve-2")
        expect(solve).to_have_text("Mark solved")
        expect(solve).to_have_attribute("aria-label", "Board 3: mark solved")
        expect(grid).not_to_contain_text("Solved")
        # The words left per board are the service's for these colours.
        want = httpx.post(
            f"{web_server.url}/api/boards/assist",
            json={"variant": "quordle", "guesses": ["soare"], "patterns": [[p] for p in first]},
            timeout=60,
        ).json()
        for b in range(4):
            expect(page.get_by_test_id(f"boards-assist-left-{b}")).to_have_attribute(
                "data-remaining", str(want["boards"][b]["remaining"])
            )

        # Board 3 is solved (marked): it says so, and the action undoes it.
        solve.click()
        board = page.get_by_test_id("boards-assist-board-2")
        expect(board).to_have_attribute("data-solved", "true")
        expect(page.get_by_test_id("boards-assist-status-2")).to_have_text("Solved")
        expect(solve).to_have_text("Not solved")
        expect(solve).to_have_attribute("aria-label", "Board 3: mark not solved")
        expect(grid.locator(".ba-status")).to_have_count(1)  # only the board that is solved

        # Now three boards take a pattern: the solved one is skipped (or given as -).
        second = [pattern("mount", a) for a in ANSWERS]
        add_turn(page, f"mount {second[0]} {second[1]} {second[3]}")
        expect(error).to_be_hidden()
        expect_tiles(page, 0, 1, second[0])  # all green: board 1 is solved too
        expect_tiles(page, 3, 1, second[3])
        expect(page.get_by_test_id("boards-assist-row-2-1")).to_have_count(0)
        expect(page.get_by_test_id("boards-assist-board-0")).to_have_attribute(
            "data-solved", "true"
        )
        expect(page.get_by_test_id("boards-assist-status")).to_contain_text("2 of 4 boards")
        add_turn(page, "fable bbbbb")
        expect(error).to_contain_text("FABLE: 1 pattern for 2 unsolved boards")
        add_turn(page, "fable bbbbb bbbbb bbbbb bbbbb")
        expect(error).to_contain_text("board 1 is solved (use - for it)")
        shot(page, f"tools-boards-typed-{width}", full_page=True)


# Assist --------------------------------------------------------------------------------------


def add_guess(page: Page, text: str) -> None:
    page.get_by_test_id("assist-word").fill(text)
    page.get_by_test_id("assist-add").click()


def sent_turns(request: Any) -> list[dict[str, Any]]:
    turns: list[dict[str, Any]] = json.loads(request.post_data or "{}")["turns"]
    return turns


@sizes()
def test_assist_waits_for_the_colours_of_a_bare_word(
    web_browser: Browser, web_server: Server, width: int, height: int
) -> None:
    with screen(web_browser, web_server, width, height) as page:
        open_app(page, "#assist")
        page.get_by_test_id("assist-answers").select_option("list")
        add_guess(page, "crane bbybb")
        remaining = page.get_by_test_id("assist-remaining")
        # the answers of the list CRANE colours so (read once the page shows them, not a
        # count of before)
        before = str(sum(letters("crane", w) == "bbybb" for w in WordList.bundled().answers))
        expect(remaining).to_have_text(before)

        # A bare word: its row waits for its colours, and the figures are those before it.
        with page.expect_request("**/api/assist") as sent:
            add_guess(page, "aioli")
        assert [t["guess"] for t in sent_turns(sent.value)] == ["crane"]
        # the player's local day goes with every request (the likely model's date)
        local = page.evaluate("() => new Date().toLocaleDateString('en-CA')")
        assert json.loads(sent.value.post_data or "{}")["date"] == local
        row = page.get_by_test_id("assist-row-1")
        expect(row).to_have_attribute("data-pending", "true")
        expect(page.get_by_test_id("assist-done-1")).to_be_visible()
        expect(page.get_by_test_id("assist-pending")).to_contain_text("Colour the tiles of AIOLI")
        expect(page.get_by_test_id("assist-error")).to_be_hidden()
        expect(page.locator("#assist-output")).to_have_attribute("data-state", "ok")
        expect(remaining).to_have_text(before)
        shot(page, f"tools-assist-pending-{width}")

        # Clicking its tiles sets them: the row counts once they are set.
        with page.expect_request(
            lambda r: r.url.endswith("/api/assist") and len(sent_turns(r)) == 2
        ) as sent:
            for c in range(5):
                page.get_by_test_id(f"assist-tile-1-{c}").click()
                page.get_by_test_id(f"assist-tile-1-{c}").click()
        assert sent_turns(sent.value)[1] == {"guess": "aioli", "pattern": "ggggg"}
        expect(row).not_to_have_attribute("data-pending", "true")
        expect(page.get_by_test_id("assist-pending")).to_be_hidden()

        # No answer of the list gives it: the error says what would, and no figure of other
        # turns stays beside it.
        error = page.get_by_test_id("assist-error")
        expect(error).to_contain_text("no possible answer gives this feedback")
        hint = page.get_by_test_id("assist-error-hint")
        expect(hint).to_contain_text(
            "1 valid word fits the turns: choose “Any word, by likelihood” to allow words "
            "outside the list"
        )
        expect(remaining).to_have_text("–")
        expect(page.get_by_test_id("assist-remaining-label")).not_to_contain_text("AIOLI")
        expect(page.locator("#assist-suggestions tr")).to_have_count(0)
        expect(page.locator("#assist-candidates li")).to_have_count(0)
        expect(page.get_by_test_id("assist-suggestions")).to_be_hidden()
        expect(page.get_by_test_id("assist-candidates")).to_be_hidden()
        shot(page, f"tools-assist-error-{width}")

        # One click allows it.
        page.get_by_test_id("assist-allow-any").click()
        expect(page.get_by_test_id("assist-answers")).to_have_value("likely")
        expect(error).to_be_hidden()
        expect(remaining).to_have_text("1")
        expect(page.get_by_test_id("assist-remaining-label")).to_contain_text("AIOLI")


def test_assist_done_takes_a_bare_word_all_gray(web_browser: Browser, web_server: Server) -> None:
    with screen(web_browser, web_server, 390, 844) as page:
        open_app(page, "#assist")
        page.get_by_test_id("assist-answers").select_option("list")
        add_guess(page, "crane")
        expect(page.get_by_test_id("assist-row-0")).to_have_attribute("data-pending", "true")
        expect(page.get_by_test_id("assist-remaining")).to_have_text("2315")
        page.get_by_test_id("assist-done-0").click()
        expect(page.get_by_test_id("assist-row-0")).not_to_have_attribute("data-pending", "true")
        expect(page.get_by_test_id("assist-step-0")).to_contain_text("CRANE: 2315 →")
        # Enter on an empty field is Done too.
        add_guess(page, "moist")
        expect(page.get_by_test_id("assist-row-1")).to_have_attribute("data-pending", "true")
        page.get_by_test_id("assist-word").press("Enter")
        expect(page.get_by_test_id("assist-row-1")).not_to_have_attribute("data-pending", "true")
        expect(page.get_by_test_id("assist-step-1")).to_contain_text("MOIST:")
        # Typing the next guess takes the one before it as it is.
        page.get_by_test_id("assist-clear").click()
        add_guess(page, "crane")
        add_guess(page, "moist")
        expect(page.get_by_test_id("assist-row-0")).not_to_have_attribute("data-pending", "true")
        expect(page.get_by_test_id("assist-row-1")).to_have_attribute("data-pending", "true")
        expect(page.get_by_test_id("assist-step-0")).to_contain_text("CRANE: 2315 →")
        expect(page.locator("#assist-steps li")).to_have_count(1)


@sizes()
def test_assist_results_are_on_the_first_screen_and_fit(
    web_browser: Browser, web_server: Server, width: int, height: int
) -> None:
    with screen(web_browser, web_server, width, height) as page:
        open_app(page, "#assist")
        page.get_by_test_id("assist-answers").select_option("list")
        expect(page.get_by_test_id("assist-remaining")).to_have_text("2315")
        expected = page.locator("#assist-suggestions tr td:nth-child(7)")
        expect(expected.first).to_be_visible()
        start = expected.all_inner_texts()
        assert start and all(DECIMALS_2.match(t) for t in start), start

        for n, text in enumerate(("crane bbybb", "moist bybbb"), start=1):
            add_guess(page, text)
            expect(page.locator("#assist-steps li")).to_have_count(n)
        first = page.get_by_test_id("assist-suggestion-0")
        expect(first).to_be_visible()
        page.wait_for_function(  # the scroll that brings them into view, if any, is done
            "() => { const r = document.querySelector('[data-testid=assist-suggestion-0]')"
            ".getBoundingClientRect(); return r.bottom <= innerHeight && r.top >= 0; }"
        )
        for test_id in ("assist-remaining", "assist-suggestion-0"):
            box = page.get_by_test_id(test_id).bounding_box()
            assert box is not None
            assert box["y"] >= 0 and box["y"] + box["height"] <= height, (test_id, box)
        # The table fits: no sideways scroll, in the table or on the page.
        wrap = page.locator(".page-assist .table-wrap")
        assert wrap.evaluate("el => el.scrollWidth <= el.clientWidth"), wrap.evaluate(
            "el => [el.scrollWidth, el.clientWidth]"
        )
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width
        # The same decimals at every turn.
        after = expected.all_inner_texts()
        assert after and all(DECIMALS_2.match(t) for t in after), after
        shot(page, f"tools-assist-results-{width}")


# Bot and Review ------------------------------------------------------------------------------


@sizes()
def test_the_bot_solves_aioli_with_any_word(
    web_browser: Browser, web_server: Server, width: int, height: int
) -> None:
    with screen(web_browser, web_server, width, height) as page:
        open_app(page, "#bot")
        answers = page.get_by_test_id("bot-answers")
        expect(answers).to_have_value("list")
        page.get_by_test_id("bot-answer").fill("aioli")
        page.get_by_test_id("bot-solve").click()
        error = page.get_by_test_id("bot-error")
        expect(error).to_contain_text("never an answer in the original list")
        expect(error).to_contain_text("choose Answers “Any word, by likelihood”")
        answers.select_option("likely")
        expect(page.get_by_test_id("bot-answers-help")).to_contain_text("Any valid word")
        page.get_by_test_id("bot-solve").click()
        expect(page.get_by_test_id("bot-result")).to_contain_text("Solved AIOLI")
        expect(error).to_be_hidden()
        expect(page.get_by_test_id("bot-summary")).to_contain_text("possible words")
        shot(page, f"tools-bot-aioli-{width}")


@sizes()
def test_review_example_reviews_it(
    web_browser: Browser, web_server: Server, width: int, height: int
) -> None:
    with screen(web_browser, web_server, width, height) as page:
        open_app(page, "#review")
        page.get_by_test_id("review-example").click()
        expect(page.get_by_test_id("review-input")).to_have_value(
            "crane bbggb\nmoist bbybg\ngiant ggggg"
        )
        expect(page.get_by_test_id("review-output")).to_have_attribute(
            "data-state", "done", timeout=60_000
        )
        expect(page.locator("#review-turns > li")).to_have_count(3)
        shot(page, f"tools-review-example-{width}")


def test_a_computation_refused_for_a_second_is_asked_again(
    web_browser: Browser, web_server: Server
) -> None:
    """The player's other long computations still running, the server refuses one more with a
    429 and ``Retry-After: 1`` (wait for the others): the page waits and asks again instead of
    showing the refusal. A longer wait (a rate limit) is shown as it is, asked once."""
    busy = {"error": "at most 2 long computations at a time per player: wait for the others"}
    with screen(web_browser, web_server, 390, 844) as page:
        asked: list[str] = []

        def refuse_twice(route: Any) -> None:
            asked.append(route.request.method)
            if len(asked) <= 2:
                route.fulfill(status=429, headers={"Retry-After": "1"}, json=busy)
            else:
                route.continue_()

        page.route(re.compile(r"/api/review(\?|$)"), refuse_twice)
        open_app(page, "#review")
        page.get_by_test_id("review-example").click()
        output = page.get_by_test_id("review-output")
        expect(output).to_have_attribute("data-state", "done", timeout=60_000)
        assert asked == ["POST", "POST", "POST"]
        expect(page.locator("#review-turns > li")).to_have_count(3)

        page.unroute(re.compile(r"/api/review(\?|$)"))
        limited: list[str] = []

        def rate_limit(route: Any) -> None:
            limited.append(route.request.method)
            route.fulfill(status=429, headers={"Retry-After": "60"}, json={"error": "slow down"})

        page.route(re.compile(r"/api/review(\?|$)"), rate_limit)
        page.get_by_test_id("review-submit").click()
        expect(output).to_have_attribute("data-state", "error")
        expect(output).to_contain_text("slow down")
        assert limited == ["POST"]


# The 404 page and /docs ----------------------------------------------------------------------

DARK = "rgb(18, 18, 19)"  # --bg


@sizes()
def test_a_wrong_url_in_a_browser_leads_back_to_the_app(
    web_browser: Browser, web_server: Server, width: int, height: int
) -> None:
    with screen(web_browser, web_server, width, height) as page:
        response = page.goto("/nosuchpage")
        assert response is not None and response.status == 404
        expect(page.get_by_test_id("not-found")).to_contain_text("No page here")
        expect(page.get_by_test_id("not-found-path")).to_have_text("/nosuchpage")
        assert page.evaluate("getComputedStyle(document.body).backgroundColor") == DARK
        shot(page, f"tools-404-{width}")
        page.get_by_test_id("not-found-home").click()
        expect(page.locator("html")).to_have_attribute("data-ready", "true")
        expect(page.get_by_test_id("nav-play")).to_be_visible()


@sizes()
def test_docs_name_every_page_and_lead_back(
    web_browser: Browser, web_server: Server, width: int, height: int
) -> None:
    with screen(web_browser, web_server, width, height) as page:
        page.goto("/docs")
        expect(page.locator(".opblock").first).to_be_visible()
        intro = page.get_by_test_id("docs-intro")
        for name in ("Play", "Assist", "Bot", "Review", "Boards helper", "Absurdle"):
            expect(intro).to_contain_text(name)
        for variant in ("Dordle", "Quordle", "Octordle", "Sedecordle", "Duotrigordle"):
            expect(intro).to_contain_text(variant)
        # Dark like the app, Swagger UI's panels included.
        assert page.evaluate("getComputedStyle(document.body).backgroundColor") == DARK
        title = page.locator(".swagger-ui .info .title")
        assert title.evaluate("el => getComputedStyle(el).color") == "rgb(248, 248, 248)"
        shot(page, f"tools-docs-{width}")
        page.get_by_test_id("docs-back").click()
        expect(page.locator("html")).to_have_attribute("data-ready", "true")
        expect(page.get_by_test_id("nav-play")).to_be_visible()
