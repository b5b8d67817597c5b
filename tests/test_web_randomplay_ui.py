"""Random play's figures beside the review in the browser (issue 28): a game played to its end
and reviewed from the statistics dialog (390x844), and a pasted game (1280x800), show
"Random play on ANSWER: expected …, worst …, P(more than 6) …" with where the figures came
from, a line saying what random play is and a link to the API docs. Figures for a word that
is never an answer, and one that did not fit in the budget, say so.

The figures are stored before the tests (the real ones, from ``wordle expected WORD``): no
test computes a word of the original list. Screenshots go to
``docs/web-review-randomplay-390.png`` and ``-1280.png``."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Route, expect

from harness_web import (
    ANSWER,
    Server,
    open_app,
    screen,
    settled,
    shot,
    start_game,
    type_guess,
)
from wordlekit.analysis.randomplay import RandomPlay, ResultStore
from wordlekit.core.words import WordList
from wordlekit.services import randomplay
from wordlekit.services.files import data_dir

pytestmark = pytest.mark.slow

DOCS = Path(__file__).resolve().parents[1] / "docs"
#: The real figures (``wordle expected craft`` and ``giant`` on the original list).
FIGURES = {
    "craft": RandomPlay("craft", 4.246031199897837, 11, 0.026937015712098167, 1049181, 6.4),
    "giant": RandomPlay("giant", 3.679342551087502, 9, 0.00030665060581003267, 620218, 3.2),
}
EXAMPLE = "crane bbggb\nmoist bbybg\ngiant ggggg"


@pytest.fixture(scope="module", autouse=True)
def stored() -> Iterator[None]:
    """The figures of the answers played here, in the table the server reads (the data
    folder of the test run), gone again after the module."""
    assert ANSWER == "craft"
    path = data_dir() / randomplay.DB_NAME
    path.parent.mkdir(parents=True, exist_ok=True)
    key = randomplay.answers_only(WordList.bundled()).content_hash
    with closing(ResultStore(path)) as store:
        for r in FIGURES.values():
            store.add(key, r)
    yield
    with closing(ResultStore(path)) as store:
        store.conn.execute("DELETE FROM random_play WHERE list = ?", (key,))


def expect_figures(page, word: str) -> None:  # type: ignore[no-untyped-def]
    r = FIGURES[word]
    block = page.get_by_test_id("review-random")
    expect(block).to_be_visible()
    expect(block).to_have_attribute("data-state", "stored")
    over = f"{100 * r.p_over_6:.1f}%" if r.p_over_6 >= 0.01 else f"{100 * r.p_over_6:.1g}%"
    expect(page.get_by_test_id("review-random-figures")).to_have_text(
        f"Random play on {word.upper()}: expected {r.expected:.4f} guesses, worst {r.worst}, "
        f"P(more than 6) {over}stored"
    )
    expect(block).to_contain_text("drawn uniformly among the words still possible")
    docs = page.get_by_test_id("review-random-docs")
    expect(docs).to_have_attribute("href", "/docs#/analysis/random_play_api_random_play__word__get")


def test_a_played_game_reviewed_shows_random_play_at_390(
    web_browser: Browser, web_server: Server
) -> None:
    with screen(web_browser, web_server, 390, 844) as page:
        asked: list[str] = []
        page.on("request", lambda r: asked.append(r.url) if "random-play" in r.url else None)
        open_app(page)
        start_game(page)
        type_guess(page, "slate")
        settled(page)
        assert not asked  # nothing of random play while the game is played
        type_guess(page, ANSWER)
        settled(page)
        expect(page.get_by_test_id("board")).to_have_attribute("data-status", "won")
        page.get_by_test_id("stats-review").click()
        expect(page.get_by_test_id("review-output")).to_have_attribute(
            "data-state", "done", timeout=60_000
        )
        expect_figures(page, "craft")
        assert len(asked) == 1 and "/api/games/" in asked[0]  # the game's, once it is over
        # right below the review's summary, within the width of the phone
        page.get_by_test_id("review-title").evaluate("el => el.scrollIntoView({block: 'start'})")
        block = page.get_by_test_id("review-random")
        expect(block).to_be_in_viewport(ratio=1)
        box, summary = block.bounding_box(), page.get_by_test_id("review-summary").bounding_box()
        assert box is not None and summary is not None
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["y"] > summary["y"]
        DOCS.mkdir(exist_ok=True)
        shutil.copyfile(
            shot(page, "web-review-randomplay-390"), DOCS / "web-review-randomplay-390.png"
        )


def test_a_pasted_game_shows_random_play_at_1280(web_browser: Browser, web_server: Server) -> None:
    with screen(web_browser, web_server, 1280, 800) as page:
        open_app(page, "#review")
        page.get_by_test_id("review-input").fill(EXAMPLE)
        page.get_by_test_id("review-submit").click()
        expect(page.get_by_test_id("review-output")).to_have_attribute(
            "data-state", "done", timeout=60_000
        )
        expect_figures(page, "giant")
        shutil.copyfile(
            shot(page, "web-review-randomplay-1280"), DOCS / "web-review-randomplay-1280.png"
        )


def test_no_figures_say_why(web_browser: Browser, web_server: Server) -> None:
    """Figures being worked out say so; figures past the budget name the commands (the
    server's answer held, then replaced by an over-budget one: nothing is computed). A word
    that is never an answer is the API tests' (a review refuses such a game)."""
    with screen(web_browser, web_server, 1280, 800) as page:
        held: list[Route] = []
        page.route("**/api/random-play/**", lambda route: held.append(route))
        open_app(page, "#review")
        page.get_by_test_id("review-input").fill(EXAMPLE)
        page.get_by_test_id("review-submit").click()
        figures = page.get_by_test_id("review-random-figures")
        expect(figures).to_have_text("Random play on GIANT: working it out…", timeout=60_000)
        expect(page.get_by_test_id("review-random")).to_have_attribute("data-state", "loading")
        note = (
            "Not computed in time: random play on GIANT needs more than the 2 s of work "
            "allowed here. Run `wordle expected giant` (one word), or `wordle expected --all` "
            "once to store every word's figures."
        )
        body = {
            "word": "giant", "lists": "original", "words": 2315, "source": None,
            "expected": None, "worst": None, "p_over_6": None, "missing": "over_budget",
            "note": note,
        }  # fmt: skip
        assert len(held) == 1
        held[0].fulfill(status=200, content_type="application/json", body=json.dumps(body))
        expect(figures).to_have_text(f"Random play on GIANT: {note}")
        expect(page.get_by_test_id("review-random")).to_have_attribute("data-state", "over_budget")
