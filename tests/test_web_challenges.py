"""The challenge-link routes (issue 26): create, play by two players to the end, the
creator's counts, what others see, the refusals (422, 404, 429), and that no answer holds
the word before the game is over."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from wordlekit.core.words import WordList
from wordlekit.web.api import COOKIE, ServerSettings, create_app

VARIANTS = ["classic", "dordle", "quordle", "octordle", "sedecordle", "duotrigordle", "absurdle"]
ORIGINAL = WordList.bundled()


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture
def two(db: Path) -> Iterator[tuple[TestClient, TestClient]]:
    """Two players (two cookie jars) on one server's database."""
    with TestClient(create_app(db)) as alice, TestClient(create_app(db)) as bob:
        yield alice, bob


def create(client: TestClient, **body: object) -> dict:  # type: ignore[type-arg]
    r = client.post("/api/challenges", json=body)
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]


def play(client: TestClient, cid: str) -> dict:  # type: ignore[type-arg]
    r = client.post("/api/games", json={"kind": "challenge", "challenge": cid})
    assert r.status_code in (200, 201), r.text
    return r.json()  # type: ignore[no-any-return]


def guess(client: TestClient, gid: str, word: str) -> dict:  # type: ignore[type-arg]
    r = client.post(f"/api/games/{gid}/guesses", json={"guess": word})
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def no_word(text: str, *words: str) -> None:
    for w in words:
        assert w not in text.lower(), f"{w} leaked in {text[:200]}"


def test_create_play_to_the_end_by_two_players_and_the_creators_counts(
    two: tuple[TestClient, TestClient], db: Path
) -> None:
    alice, bob = two
    made = create(alice, word="KNOLL")
    assert made["variant"]["name"] == "classic" and made["mode"] == "normal"
    assert made["url"].endswith(f"/?challenge={made['id']}") and made["url"].startswith("http")
    assert made["outside_answers"] is False and made["in_answers"] is True
    assert alice.cookies.get(COOKIE)  # the creator is a player from the first request
    no_word(json.dumps(made), "knoll")
    cid = made["id"]

    # bob wins in 3, carol loses: each is one game of the challenge
    g = play(bob, cid)
    assert g["kind"] == "challenge" and g["challenge"] == cid and g["status"] == "playing"
    no_word(json.dumps(g), "knoll")
    for w in ("crane", "toils"):
        g = guess(bob, g["id"], w)
        no_word(json.dumps(g), "knoll")  # in progress: no answer, no share
    g = guess(bob, g["id"], "knoll")
    assert g["status"] == "won" and g["outcome"]["answers"] == ["knoll"]
    head = g["share"].splitlines()[0]
    assert head == f"Wordle challenge {cid[:6]}… 3/6", head
    no_word(g["share"], "knoll")
    again = bob.post("/api/games", json={"kind": "challenge", "challenge": cid})
    assert again.status_code == 200 and again.json()["id"] == g["id"]  # one game a player
    # the spelling, {"mode": "challenge"}, is the same request
    same = bob.post("/api/games", json={"mode": "challenge", "challenge": cid})
    assert same.status_code == 200 and same.json()["id"] == g["id"]

    with TestClient(create_app(db)) as carol:
        c = play(carol, cid)
        for w in ("crane", "moist", "pudgy", "faxed", "wimpy", "jumbo"):
            c = guess(carol, c["id"], w)
        assert c["status"] == "lost"
        d = play(carol, create(carol, word="cigar")["id"])  # an open one: in progress
        assert d["status"] == "playing"
    with TestClient(create_app(db)) as dave:
        play(dave, cid)  # started, not played: in progress

    info = alice.get(f"/api/challenges/{cid}").json()
    assert info["mine"] is True
    assert info["results"] == {
        "played": 3, "won": 1, "lost": 1, "playing": 1, "distribution": [0, 0, 1, 0, 0, 0],
    }  # fmt: skip
    other = bob.get(f"/api/challenges/{cid}")
    assert other.status_code == 200
    assert other.json()["mine"] is False and other.json()["results"] is None
    for body in (info, other.json()):
        no_word(json.dumps(body), "knoll")  # never the word, nor who played
        assert "player" not in json.dumps(body)


def test_a_word_outside_the_answers_is_taken_and_said(two: tuple[TestClient, TestClient]) -> None:
    alice, bob = two
    assert not ORIGINAL.is_answer("aahed") and ORIGINAL.is_valid("aahed")
    made = create(alice, word="aahed", mode="hard")
    assert made["outside_answers"] is True and made["mode"] == "hard"
    info = bob.get(f"/api/challenges/{made['id']}").json()
    assert info["outside_answers"] is True and info["mode"] == "hard"
    g = play(bob, made["id"])
    assert g["mode"] == "hard"  # the challenge's mode, not the body's default
    g = guess(bob, g["id"], "aahed")
    assert g["status"] == "won" and g["share"].splitlines()[0].endswith("1/6*")


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_variant_can_be_challenged(two: tuple[TestClient, TestClient], variant: str) -> None:
    alice, bob = two
    boards = {"classic": 1, "dordle": 2, "quordle": 4, "octordle": 8, "sedecordle": 16}.get(
        variant, 32 if variant == "duotrigordle" else 1
    )
    words = sorted(ORIGINAL.answers)[:boards]
    made = create(alice, words=words, variant=variant)
    g = play(bob, made["id"])
    assert g["variant"]["name"] == variant and len(g["boards"]) == boards
    if variant == "absurdle":
        assert g["target"] == words[0]  # Absurdle's challenge is played towards a known target
    else:
        no_word(json.dumps(g), *words)
    assert made["id"][:6] in g["label"]


def test_refusals_are_422s_and_change_nothing(two: tuple[TestClient, TestClient]) -> None:
    alice, _ = two
    for body, says in (
        ({"word": "zzzzz"}, "not in"),
        ({"word": "knolls"}, "letters"),
        ({"words": ["knoll"], "variant": "dordle"}, "2 words"),
        ({"words": ["knoll", "knoll"], "variant": "dordle"}, "distinct"),
        ({"word": "aahed", "variant": "absurdle"}, "never an answer"),
        ({"word": "knoll", "words": ["knoll"]}, "not both"),
        ({"word": "knoll", "variant": "nope"}, "nope"),
        ({"word": "knoll", "mode": "extreme"}, ""),
        ({"word": "knoll", "answer": "x"}, ""),
    ):
        r = alice.post("/api/challenges", json=body)
        assert r.status_code == 422, (body, r.text)
        assert says in r.json()["error"], (body, r.json())
    cid = create(alice, word="knoll")["id"]
    both = alice.post(
        "/api/games", json={"kind": "challenge", "challenge": cid, "answers": ["cigar"]}
    )
    assert both.status_code == 422 and "not both" in both.json()["error"]
    seeded = alice.post("/api/games", json={"kind": "practice", "challenge": cid})
    assert seeded.status_code == 422
    mixed = alice.post("/api/games", json={"kind": "practice", "mode": "challenge"})
    assert mixed.status_code == 422
    # the old way of a challenge (explicit answers) still works
    r = alice.post("/api/games", json={"kind": "challenge", "answers": ["cigar"]})
    assert r.status_code == 201 and r.json()["challenge"] is None


def test_an_unknown_challenge_is_a_404(two: tuple[TestClient, TestClient]) -> None:
    alice, _ = two
    for cid in ("nosuchchallenge0", "x" * 300):
        r = alice.get(f"/api/challenges/{cid}")
        assert r.status_code == 404 and "no such challenge" in r.json()["error"]
        p = alice.post("/api/games", json={"kind": "challenge", "challenge": cid[:64]})
        assert p.status_code == 404 and "no such challenge" in p.json()["error"]


def test_a_challenge_lives_in_its_lists_store(two: tuple[TestClient, TestClient]) -> None:
    alice, bob = two
    r = alice.post("/api/challenges?list=es-5", json={"word": "perro"})
    assert r.status_code == 201, r.text
    made = r.json()
    assert made["url"].endswith(f"/?challenge={made['id']}&list=es-5") and made["list"] == "es-5"
    assert bob.get(f"/api/challenges/{made['id']}").status_code == 404  # not in the home list
    g = bob.post("/api/games?list=es-5", json={"kind": "challenge", "challenge": made["id"]})
    assert g.status_code == 201 and g.json()["length"] == 5


def test_creating_is_rate_limited_like_new_games(db: Path) -> None:
    with TestClient(create_app(db, settings=ServerSettings(games_per_player=2))) as c:
        create(c, word="knoll")
        create(c, word="cigar")
        r = c.post("/api/challenges", json={"word": "humph"})
        assert r.status_code == 429 and int(r.headers["retry-after"]) > 0
        assert "too many" in r.json()["error"]


def test_long_inputs_are_short_4xx_that_never_echo_them(
    two: tuple[TestClient, TestClient],
) -> None:
    alice, _ = two
    long = "x" * 60_000
    for method, path, body in (
        ("POST", "/api/challenges", {"word": long}),
        ("POST", "/api/challenges", {"words": [long]}),
        ("POST", "/api/challenges", {"word": "knoll", "variant": long}),
        ("GET", f"/api/challenges/{long}", None),
        ("POST", "/api/games", {"kind": "challenge", "challenge": long}),
        ("POST", "/api/challenges", {"word": "q" * 32}),
    ):
        r = alice.request(method, path, json=body)
        where = (method, path[:40], r.status_code, r.text[:200])
        assert 400 <= r.status_code < 500 and isinstance(r.json()["error"], str), where
        assert len(r.content) < 1024 and "x" * 100 not in r.text, where


def test_the_challenge_routes_set_the_player_cookie(db: Path) -> None:
    with TestClient(create_app(db)) as c:
        r = c.post("/api/challenges", json={"word": "knoll"})
        assert r.status_code == 201 and r.headers["set-cookie"].startswith(f"{COOKIE}=")
        cid = r.json()["id"]
    with TestClient(create_app(db)) as c:  # a friend's first request: the link's info
        r = c.get(f"/api/challenges/{cid}")
        assert r.status_code == 200 and r.headers["set-cookie"].startswith(f"{COOKIE}=")
        assert "set-cookie" not in c.get(f"/api/challenges/{cid}").headers  # kept, not reissued
