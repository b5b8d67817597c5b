"""Word lists per request: ``GET /api/lists``, games of es-5 and de-5 played to a win in their
own stores, a bad list name, a game id of one list not found under another, the helper on
es-5 (through the same work pool, limits and budget as the home list)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from wordlekit.core.feedback import format_pattern, score
from wordlekit.core.words import BUNDLED, WordList
from wordlekit.services.games import GameRequest, make_game
from wordlekit.web.api import create_app


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    with TestClient(create_app(db)) as c:
        yield c


def answer_of(name: str, seed: int) -> str:
    """The answer of a seeded practice game of list ``name`` (the same the server draws)."""
    request = GameRequest(variant="classic", kind="practice", seed=seed)
    return make_game(request, WordList.bundled(name)).game.secret[0]


def test_lists_names_every_bundled_list(client: TestClient) -> None:
    r = client.get("/api/lists")
    assert r.status_code == 200, r.text
    lists = {x["name"]: x for x in r.json()}
    assert list(lists) == list(BUNDLED)
    assert lists["original"]["default"] and not lists["es-5"]["default"]
    es = lists["es-5"]
    assert (es["language"], es["language_name"], es["length"]) == ("es", "Spanish", 5)
    assert es["letters"] == "abcdefghijklmnñopqrstuvwxyz"
    assert es["answers"] > 0 and es["guesses"] >= es["answers"]
    assert lists["en-8"]["length"] == 8 and lists["original"]["language_name"] == "English"


@pytest.mark.parametrize(
    ("name", "first"),
    [("es-5", "araña"), ("de-5", None)],
)
def test_a_game_of_another_list_is_won_in_its_own_store(
    client: TestClient, db: Path, name: str, first: str | None
) -> None:
    seed = 3
    answer = answer_of(name, seed)
    r = client.post(f"/api/games?list={name}", json={"kind": "practice", "seed": seed})
    assert r.status_code == 201, r.text
    game = r.json()
    assert game["length"] == 5 and answer not in r.text
    gid = game["id"]
    words = [first or "bauer", answer] if answer != (first or "bauer") else [answer]
    for k, word in enumerate(words, start=1):
        r = client.post(f"/api/games/{gid}/guesses?list={name}", json={"guess": word, "turn": k})
        assert r.status_code == 200, r.text
    played = r.json()
    assert played["status"] == "won"
    row = played["boards"][0]["turns"][0]
    assert row["guess"] == words[0]
    assert row["pattern"] == score(words[0], answer)
    assert re.fullmatch(rf"wordlekit practice #\d+ {name} \d/6", played["share"].splitlines()[0])
    # its own database beside the home one; the home list's store knows no such game
    assert (db.parent / f"games-{name}.sqlite3").exists()
    assert client.get(f"/api/games/{gid}").status_code == 404
    assert client.get(f"/api/games/{gid}?list=fr-5").status_code == 404
    assert client.get(f"/api/games/{gid}?list={name}").json()["status"] == "won"
    stats = client.get(f"/api/stats?list={name}").json()
    assert stats["practice"]["played"] == 1
    assert client.get("/api/stats").json()["practice"]["played"] == 0


def test_a_german_guess_typed_with_an_umlaut_folds(client: TestClient) -> None:
    answer = answer_of("de-5", 5)
    gid = client.post("/api/games?list=de-5", json={"kind": "practice", "seed": 5}).json()["id"]
    r = client.post(f"/api/games/{gid}/guesses?list=de-5", json={"guess": "über", "turn": 1})
    # ü folds to ue: ÜBER is UEBER, which the list may or may not hold; never a 500
    assert r.status_code in (200, 422), r.text
    if r.status_code == 200:
        assert r.json()["guesses"] == ["ueber"]
        assert r.json()["boards"][0]["turns"][0]["pattern"] == score("ueber", answer)


def test_a_spanish_guess_keeps_its_enye_and_drops_accents(client: TestClient) -> None:
    answer = answer_of("es-5", 11)
    gid = client.post("/api/games?list=es-5", json={"kind": "practice", "seed": 11}).json()["id"]
    r = client.post(f"/api/games/{gid}/guesses?list=es-5", json={"guess": "ARAÑA", "turn": 1})
    assert r.status_code == 200, r.text
    assert r.json()["guesses"] == ["araña"]
    r = client.post(f"/api/games/{gid}/guesses?list=es-5", json={"guess": "cañón", "turn": 2})
    assert r.status_code == 200, r.text
    assert r.json()["guesses"][1] == "cañon"
    assert r.json()["boards"][0]["turns"][1]["pattern"] == score("cañon", answer)


def test_a_bad_list_name_is_refused(client: TestClient) -> None:
    for path in ("/api/daily?list=klingon-5", "/api/stats?list=klingon-5"):
        r = client.get(path)
        assert r.status_code == 422, r.text
        assert "no word list 'klingon-5'" in r.json()["error"]
        assert "es-5" in r.json()["error"]
    r = client.post("/api/games?list=xx", json={"kind": "practice", "seed": 1})
    assert r.status_code == 422 and "error" in r.json()
    r = client.post("/api/assist?list=xx", json={"turns": []})
    assert r.status_code == 422 and "error" in r.json()
    r = client.get("/api/daily?list=" + "x" * 100)
    assert r.status_code == 422 and "error" in r.json()


def test_an_english_game_is_not_found_under_another_list(client: TestClient) -> None:
    gid = client.post("/api/games", json={"kind": "practice", "seed": 1}).json()["id"]
    assert client.get(f"/api/games/{gid}?list=es-5").status_code == 404
    r = client.post(f"/api/games/{gid}/guesses?list=es-5", json={"guess": "araña"})
    assert r.status_code == 404
    assert client.get(f"/api/games/{gid}?list=original").status_code == 200


def test_the_daily_puzzle_is_per_list(client: TestClient) -> None:
    date = "2024-01-01"
    es = client.post("/api/games?list=es-5", json={"kind": "daily", "date": date}).json()
    en = client.post("/api/games", json={"kind": "daily", "date": date}).json()
    answer = WordList.bundled("es-5").daily_answer(date)  # type: ignore[arg-type]
    gid = es["id"]
    r = client.post(f"/api/games/{gid}/guesses?list=es-5", json={"guess": answer, "turn": 1})
    assert r.json()["status"] == "won", r.text
    assert client.get(f"/api/games/{en['id']}").json()["status"] == "playing"
    assert client.get("/api/daily?list=en-8").json()["length"] == 8


def test_assist_on_spanish(client: TestClient) -> None:
    answer = "araña"
    guess = "cañon"
    pattern = format_pattern(score(guess, answer), 5, "letters")
    body = {"turns": [{"guess": guess, "pattern": pattern}], "top": 3}
    r = client.post("/api/assist?list=es-5", json=body)
    assert r.status_code == 200, r.text
    out = r.json()
    es = WordList.bundled("es-5")
    left = [w for w in es.answers if score(guess, w) == score(guess, answer)]
    assert out["remaining"] == len(left)
    assert set(out["candidates"]) <= set(left)
    for s in out["advice"]["suggestions"]:
        assert es.is_valid(s["word"])
    # the likely model is English five letters only: refused before any work
    r = client.post("/api/assist?list=es-5", json={**body, "answers": "likely"})
    assert r.status_code == 422 and "likely" in r.json()["error"]


def test_the_bot_plays_an_eight_letter_word(client: TestClient) -> None:
    answer = WordList.bundled("en-8").answers[10]
    r = client.post("/api/solve?list=en-8", json={"answer": answer})
    assert r.status_code in (200, 503), r.text
    if r.status_code == 200:
        assert r.json()["turns"][-1]["turn"]["guess"] == answer


def test_a_hint_in_a_spanish_game_is_a_spanish_word(client: TestClient) -> None:
    gid = client.post("/api/games?list=es-5", json={"kind": "practice", "seed": 136}).json()["id"]
    r = client.post(f"/api/games/{gid}/guesses?list=es-5", json={"guess": "araña", "turn": 1})
    assert r.status_code == 200, r.text
    r = client.post(f"/api/games/{gid}/hint?list=es-5")
    assert r.status_code == 200, r.text
    word = r.json()["word"]
    es = WordList.bundled("es-5")
    assert word is not None and es.is_valid(word)
    # under the home list the game is not found (no hint, no work queued)
    assert client.post(f"/api/games/{gid}/hint").status_code == 404
    lists = {x["name"]: x for x in client.get("/api/lists").json()}
    assert lists["original"]["likely"] and not lists["es-5"]["likely"]
    assert lists["de-5"]["folds"]["ü"] == "ue"
