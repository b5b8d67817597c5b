"""Random play's figures beside the review in the API: ``GET /api/random-play/{word}`` and
``GET /api/games/{gid}/random-play`` (stored, computed under the budget, or none with the
reason), and no answer told for a game being played."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from harness_web import answers_of
from wordlekit.analysis.randomplay import RandomPlay, ResultStore
from wordlekit.core.words import WordList
from wordlekit.services import randomplay
from wordlekit.web.api import create_app

ORIGINAL = WordList.bundled()
SEED = 7
#: Made-up figures, stored for the answers the tests play: what the API shows is what the
#: table holds (no test computes a word of the original list).
FAKE = {"expected": 4.5678, "worst": 11, "p_over_6": 0.0625}
FIELDS = {"word", "lists", "words", "source", "expected", "worst", "p_over_6", "missing", "note"}


def store_figures(folder: Path, *words: str) -> None:
    with closing(ResultStore(folder / randomplay.DB_NAME)) as store:
        for w in words:
            r = RandomPlay(w, FAKE["expected"], FAKE["worst"], FAKE["p_over_6"], 1, 0.1)
            store.add(randomplay.answers_only(ORIGINAL).content_hash, r)


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    folder.mkdir()
    monkeypatch.setenv("WORDLEKIT_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def client(tmp_path: Path, data: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "games.sqlite3")) as c:
        yield c


def answer() -> str:
    return answers_of("classic", SEED)[0]


def new_game(client: TestClient) -> str:
    r = client.post("/api/games", json={"kind": "practice", "seed": SEED})
    assert r.status_code == 201, r.text
    return str(r.json()["id"])


def test_a_finished_game_gives_its_answers_stored_figures(client: TestClient, data: Path) -> None:
    store_figures(data, answer())
    gid = new_game(client)
    # while the game is played: 409, and nothing of the answer in the body
    r = client.get(f"/api/games/{gid}/random-play")
    assert r.status_code == 409 and answer() not in r.text.lower()
    other = "crane" if answer() != "crane" else "slate"
    assert client.post(f"/api/games/{gid}/guesses", json={"guess": other}).status_code == 200
    r = client.get(f"/api/games/{gid}/random-play")
    assert r.status_code == 409 and answer() not in r.text.lower()
    client.post(f"/api/games/{gid}/guesses", json={"guess": answer()})
    r = client.get(f"/api/games/{gid}/random-play")
    assert r.status_code == 200, r.text
    body = r.json()
    assert set(body) == FIELDS
    assert body == {
        "word": answer(), "lists": ORIGINAL.name, "words": 2315, "source": "stored",
        **FAKE, "missing": None, "note": None,
    }  # fmt: skip


def test_another_players_game_is_not_found(client: TestClient, tmp_path: Path) -> None:
    gid = new_game(client)
    with TestClient(client.app) as bob:  # no cookie: another player
        assert bob.get(f"/api/games/{gid}/random-play").status_code == 404


def test_a_word_the_client_names(client: TestClient, data: Path) -> None:
    store_figures(data, "cigar")
    body = client.get("/api/random-play/CIGAR").json()
    assert (body["word"], body["source"], body["worst"]) == ("cigar", "stored", FAKE["worst"])
    # a valid guess that is never an answer: no figures, no error
    r = client.get("/api/random-play/aahed")
    assert r.status_code == 200
    body = r.json()
    assert body["source"] is None and body["missing"] == "not_an_answer"
    assert body["expected"] is None and "AAHED" in body["note"]
    # not a word of the list's shape: the usual 422
    assert client.get("/api/random-play/toolong").status_code == 422


def test_a_word_not_stored_is_computed_in_the_pool_or_said_over_budget(
    client: TestClient,
) -> None:
    """HATER is the slowest word of the original list (2.7 million sets): under the server's
    2 s it is not computed in time here, which is a result, not an error (on a machine fast
    enough it would be computed, and that is fine too)."""
    pool = client.app.state.context.pool  # type: ignore[attr-defined]
    killed = pool.status()["killed"]
    r = client.get("/api/random-play/hater")
    assert r.status_code == 200, r.text
    # the kernel ran in a child of the worker, stopped there: the worker itself lives on
    assert pool.status()["killed"] == killed
    body = r.json()
    if body["source"] is None:
        assert body["missing"] == "over_budget"
        assert "Not computed in time" in body["note"]
        assert "`wordle expected hater`" in body["note"]
        assert "`wordle expected --all`" in body["note"]
        # asked again soon: the same answer, without spending the budget again
        tasks = pool.status()["tasks"]
        again = client.get("/api/random-play/hater")
        assert again.status_code == 200 and again.json() == body
        assert pool.status()["tasks"] == tasks
    else:
        assert body["source"] == "computed" and body["worst"] >= 1


def test_the_openapi_model(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    props = spec["components"]["schemas"]["WordFigures"]["properties"]
    assert set(props) == FIELDS
    for path in ("/api/random-play/{word}", "/api/games/{gid}/random-play"):
        ok = spec["paths"][path]["get"]["responses"]["200"]["content"]["application/json"]
        assert ok["schema"]["$ref"].endswith("/WordFigures")


def test_recent_misses_are_kept_for_a_while_and_a_few() -> None:
    from wordlekit.web.context import RecentMisses

    misses = RecentMisses(seconds=600, size=2)
    misses.add("a")
    misses.add("b")
    assert "a" in misses and "b" in misses and "c" not in misses
    misses.add("c")  # the oldest goes
    assert "a" not in misses and "b" in misses and "c" in misses
    gone = RecentMisses(seconds=-1)
    gone.add("a")
    assert "a" not in gone  # past its time
