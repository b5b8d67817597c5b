"""The HTTP API: every endpoint and every error."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import anyio
import anyio.to_thread
import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from harness_web import START_SECONDS, answers_of
from wordlekit.core.feedback import format_pattern, score
from wordlekit.core.rules import BOARDS_HARD_RULE, ULTRAHARD_RULE
from wordlekit.core.words import WordList
from wordlekit.errors import InternalError, StorageError
from wordlekit.services.games import GameRequest, make_game, open_store
from wordlekit.services.pool import PoolConfig, WorkPool
from wordlekit.web.api import COOKIE, ServerSettings, create_app

ORIGINAL = WordList.bundled()
#: Every variant of the registry, by name (what /api/variants lists).
VARIANTS = ["classic", "dordle", "quordle", "octordle", "sedecordle", "duotrigordle", "absurdle"]
FIXED = VARIANTS[:-1]
#: A win of Absurdle's free game (the host is deterministic; checked by the model below).
ABSURDLE_WIN = ["crane", "smolt", "fudgy", "vivid"]


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    with TestClient(create_app(db)) as c:
        yield c


def new_game(client: TestClient, **body: object) -> dict:  # type: ignore[type-arg]
    r = client.post("/api/games", json={"kind": "practice", "seed": 7, **body})
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]


def answer_of(seed: int) -> str:
    return answers_of("classic", seed)[0]


def guess(client: TestClient, gid: str, word: str, turn: int | None = None) -> httpx.Response:
    body: dict[str, object] = {"guess": word}
    if turn is not None:
        body["turn"] = turn
    return client.post(f"/api/games/{gid}/guesses", json=body)


def secrets_in(text: str, words: tuple[str, ...]) -> list[str]:
    """The secret words that appear in a response's text."""
    return [w for w in words if w in text.lower()]


def winning_words(variant: str, seed: int | None) -> list[str]:
    """Guesses that win a practice game (every board's answer in turn; Absurdle's free game:
    a known line)."""
    if variant == "absurdle":
        return ABSURDLE_WIN
    assert seed is not None
    return list(answers_of(variant, seed))


# Every variant through one set of routes ------------------------------------------------------


def test_the_menu_lists_every_variant_and_mode(client: TestClient) -> None:
    menu = client.get("/api/variants").json()
    assert [v["name"] for v in menu["variants"]] == VARIANTS
    quordle = menu["variants"][2]
    assert quordle == {
        "name": "quordle",
        "title": "Quordle",
        "boards": 4,
        "max_guesses": 9,
        "host": "fixed",
        "summary": quordle["summary"],
    }
    assert menu["variants"][-1]["max_guesses"] is None
    assert menu["variants"][-1]["host"] == "adversary"
    modes = {m["name"]: m for m in menu["modes"]}
    assert list(modes) == ["normal", "hard", "ultrahard"]
    assert modes["hard"]["summary"] == BOARDS_HARD_RULE
    assert modes["ultrahard"]["summary"].startswith(ULTRAHARD_RULE)


def test_the_absurdle_line_wins_by_the_model() -> None:
    game = make_game(GameRequest(variant="absurdle", kind="practice")).game
    assert game.replay(ABSURDLE_WIN).status.value == "won"


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_whole_practice_game_of_every_variant(client: TestClient, variant: str) -> None:
    """Start, play to a win, and no secret in any answer before the end."""
    seed = None if variant == "absurdle" else 5
    body: dict[str, object] = {"variant": variant, "kind": "practice"}
    if seed is not None:
        body["seed"] = seed
    g = client.post("/api/games", json=body)
    assert g.status_code == 201, g.text
    view = g.json()
    secret = make_game(GameRequest(variant=variant, kind="practice", seed=seed)).game.secret
    boards = len(view["boards"])
    assert view["variant"]["name"] == variant and view["status"] == "playing"
    assert view["outcome"] is None and view["share"] is None
    assert all(b["answer"] is None and b["turns"] == [] for b in view["boards"])
    words = winning_words(variant, seed)
    for turn, word in enumerate(words, start=1):
        r = guess(client, view["id"], word, turn)
        assert r.status_code == 200, r.text
        view = r.json()
        if view["over"]:
            break
        # before the end: only the answers of boards solved (their guess said them)
        solved = {b["answer"] for b in view["boards"] if b["solved_at"]}
        assert all(b["answer"] is None for b in view["boards"] if not b["solved_at"])
        hidden = tuple(w for w in secret if w not in solved)
        assert not secrets_in(r.text, hidden), (variant, turn)
        got = client.get(f"/api/games/{view['id']}")
        assert not secrets_in(got.text, hidden)
    assert view["status"] == "won" and view["over"], view
    assert len(view["guesses"]) == len(words) and len(view["boards"]) == boards
    assert view["outcome"]["status"] == "won" and view["share"]
    if variant != "absurdle":
        assert view["outcome"]["answers"] == list(secret)
        assert [b["answer"] for b in view["boards"]] == list(secret)
    again = guess(client, view["id"], "crane")
    assert again.status_code == 409 and "over" in again.json()["error"]


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_daily_game_of_every_variant_is_one_game_per_day_and_mode(
    client: TestClient, variant: str
) -> None:
    body = {"variant": variant, "kind": "daily", "date": "2022-02-15"}
    a = client.post("/api/games", json=body)
    b = client.post("/api/games", json=body)
    assert a.status_code == 201 and b.status_code == 200, (a.text, b.text)
    assert a.json()["id"] == b.json()["id"] and a.json()["date"] == "2022-02-15"
    secret = make_game(GameRequest(variant=variant, kind="daily", date="2022-02-15")).game
    hidden = secret.secret if variant != "absurdle" else ()
    assert not secrets_in(a.text, hidden)
    hard = client.post("/api/games", json={**body, "mode": "hard"})
    assert hard.status_code == 201 and hard.json()["id"] != a.json()["id"]
    assert hard.json()["mode"] == "hard"


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_challenge_of_every_variant(client: TestClient, variant: str) -> None:
    info = next(v for v in client.get("/api/variants").json()["variants"] if v["name"] == variant)
    words = list(answers_of("octordle", 99)[: info["boards"]]) if info["boards"] <= 8 else None
    if words is None:  # 16 or 32 words of the answer list, distinct
        words = sorted(ORIGINAL.answers)[: info["boards"]]
    r = client.post("/api/games", json={"variant": variant, "kind": "challenge", "answers": words})
    assert r.status_code == 201, r.text
    view = r.json()
    assert view["kind"] == "challenge"
    if variant == "absurdle":
        assert view["target"] == words[0]  # the target is the point of the challenge
        return
    assert not secrets_in(r.text, tuple(words))
    for turn, word in enumerate(words, start=1):
        view = guess(client, view["id"], word, turn).json()
    assert view["status"] == "won"
    short = client.post(
        "/api/games",
        json={"variant": variant, "kind": "challenge", "answers": words[:-1] or ["xx"]},
    )
    assert short.status_code == 422 and "error" in short.json()


@pytest.mark.parametrize("variant", ["classic", "quordle", "absurdle"])
def test_a_retry_spends_no_turn_and_a_conflict_is_a_409(client: TestClient, variant: str) -> None:
    g = new_game(client, variant=variant, seed=3)
    gid = g["id"]
    first = guess(client, gid, "crane", 1)
    assert first.status_code == 200
    retry = guess(client, gid, "crane", 1)
    assert retry.status_code == 200 and retry.json() == first.json()
    assert len(retry.json()["guesses"]) == 1
    other = guess(client, gid, "slate", 1)
    assert other.status_code == 409 and "already played (CRANE)" in other.json()["error"]
    ahead = guess(client, gid, "slate", 3)
    assert ahead.status_code == 409 and "at turn 2" in ahead.json()["error"]
    assert len(client.get(f"/api/games/{gid}").json()["guesses"]) == 1


@pytest.mark.parametrize("variant", VARIANTS)
def test_another_players_game_is_a_404(db: Path, variant: str) -> None:
    with TestClient(create_app(db)) as alice, TestClient(create_app(db)) as bob:
        g = new_game(alice, variant=variant)
        assert bob.get(f"/api/games/{g['id']}").status_code == 404  # not bob's game
        assert guess(bob, g["id"], "crane").status_code == 404
        assert bob.post(f"/api/games/{g['id']}/hint").status_code == 404
        assert bob.get(f"/api/games/{g['id']}/review").status_code == 404
        assert alice.get(f"/api/games/{g['id']}").status_code == 200


def test_statistics_are_per_variant(client: TestClient) -> None:
    g = new_game(client, variant="quordle", seed=4)
    for turn, word in enumerate(answers_of("quordle", 4), start=1):
        guess(client, g["id"], word, turn)
    g = new_game(client, variant="absurdle", seed=None)
    for turn, word in enumerate(ABSURDLE_WIN, start=1):
        guess(client, g["id"], word, turn)
    quordle = client.get("/api/stats", params={"variant": "quordle"}).json()
    assert quordle["variant"] == "quordle" and quordle["last_kind"] == "practice"
    assert quordle["practice"]["played"] == 1 and quordle["practice"]["wins"] == 1
    assert quordle["practice"]["distribution"] == {str(n): int(n == 4) for n in range(4, 10)}
    assert quordle["daily"]["played"] == 0
    absurdle = client.get("/api/stats", params={"variant": "absurdle"}).json()
    assert absurdle["practice"]["distribution"] == {"4": 1}
    classic = client.get("/api/stats").json()
    assert classic["variant"] == "classic" and classic["practice"]["played"] == 0
    assert classic["last_kind"] is None
    custom = new_game(client, variant=None, boards=3, max_guesses=10, seed=1)
    assert custom["variant"]["name"] == "3-board-10" and custom["variant"]["boards"] == 3
    r = client.get("/api/stats", params={"boards": 3, "max_guesses": 10})
    assert r.status_code == 200 and r.json()["variant"] == "3-board-10"
    assert client.get("/api/stats", params={"variant": "nope"}).status_code == 422


def test_hard_mode_on_several_boards(client: TestClient) -> None:
    """The hard rule on every board still being played: a refusal says "Hard mode"."""
    body = {"variant": "dordle", "kind": "challenge", "mode": "hard", "answers": ["cigar", "crane"]}
    g = client.post("/api/games", json=body).json()
    assert g["mode"] == "hard"
    view = guess(client, g["id"], "cigar", 1).json()  # board 1 solved; CRANE shows gbyyb
    assert view["boards"][0]["solved_at"] == 1
    assert view["boards"][1]["turns"][0]["letters"] == "gbbyy"
    r = guess(client, g["id"], "fuzzy", 2)
    assert r.status_code == 422 and r.json()["error"] == "Hard mode: 1st letter must be C"
    won = guess(client, g["id"], "crane", 2).json()
    assert won["status"] == "won" and won["share"].splitlines()[0].endswith("*")


def test_every_variant_has_a_hint(client: TestClient) -> None:
    """One hint route for every variant: the helper's word on one board, the best guess for
    all the boards on several, a proven shortest win's first guess against Absurdle."""
    g = new_game(client, variant="quordle", seed=2)
    r = client.post(f"/api/games/{g['id']}/hint")
    assert r.status_code == 200, r.text
    hint = r.json()
    assert hint["word"] and hint["hint"] is None and hint["absurdle"] is None
    assert [b["board"] for b in hint["boards"]["boards"]] == [1, 2, 3, 4]
    r = client.post(f"/api/games/{g['id']}/hint", params={"strategy": "nope"})
    assert r.status_code == 422 and "nope" in r.json()["error"]
    g = new_game(client, variant="absurdle", seed=None)
    guess(client, g["id"], "crane", 1)
    hint = client.post(f"/api/games/{g['id']}/hint").json()
    assert hint["boards"] is None and hint["absurdle"]["proof"]["minimum"] == 3
    assert hint["word"] == hint["absurdle"]["proof"]["line"]["turns"][0]["guess"]
    r = client.post(f"/api/games/{g['id']}/hint", params={"strategy": "entropy"})
    assert r.status_code == 422 and "no strategy" in r.json()["error"]
    r = client.get(f"/api/games/{g['id']}/review")
    assert r.status_code == 422 and "one board" in r.json()["error"]


def test_absurdle_shows_the_hosts_words_and_a_shortest_win(client: TestClient) -> None:
    g = new_game(client, variant="absurdle", seed=None)
    assert g["host_words"] == len(ORIGINAL.answers) and len(g["host_sample"]) == 30
    assert g["target"] is None and g["max_guesses"] is None and g["guesses_left"] is None
    view = guess(client, g["id"], "crane", 1).json()
    assert view["host_words"] == 263 and view["boards"][0]["turns"][0]["letters"] == "bbbbb"
    body = {"guesses": view["guesses"], "mode": view["mode"], "target": view["target"]}
    r = client.post("/api/absurdle/solve", json=body)
    assert r.status_code == 200, r.text
    proof = r.json()["proof"]
    assert proof["minimum"] == 3 and proof["line"]["turns"][-1]["letters"] == "ggggg"
    assert [n for n, _ in proof["refuted"]] == [1, 2]
    daily = client.post("/api/games", json={"variant": "absurdle", "kind": "daily"}).json()
    assert daily["target"] and daily["label"].startswith("Absurdle")


# The classic game ---------------------------------------------------------------------------


def test_new_game_hides_the_answer(client: TestClient) -> None:
    g = new_game(client)
    assert g["status"] == "playing" and g["guesses"] == [] and g["max_guesses"] == 6
    assert g["length"] == 5 and g["kind"] == "practice" and g["mode"] == "normal"
    assert g["outcome"] is None and g["share"] is None and g["boards"][0]["answer"] is None
    r = client.get(f"/api/games/{g['id']}")
    assert r.status_code == 200 and answer_of(7) not in r.text


def test_cookie_is_httponly_and_samesite(db: Path) -> None:
    with TestClient(create_app(db)) as c:
        r = c.get("/api/stats")
        cookie = r.headers["set-cookie"]
        assert cookie.startswith(f"{COOKIE}=") and "HttpOnly" in cookie
        assert "samesite=lax" in cookie.lower()
        # the same player keeps the cookie: no new one is set
        assert "set-cookie" not in c.get("/api/stats").headers


def test_a_whole_game(client: TestClient) -> None:
    g = new_game(client)
    answer = answer_of(7)
    first = "crane" if answer != "crane" else "slate"
    r = guess(client, g["id"], first)
    assert r.status_code == 200
    state = r.json()
    (board,) = state["boards"]
    assert board["turns"][0]["guess"] == first
    assert board["turns"][0]["pattern"] == score(first, answer)
    assert len(board["turns"][0]["emoji"]) == 5
    assert set(board["keyboard"]) == set(first)
    assert board["answer"] is None and state["outcome"] is None
    r = guess(client, g["id"], answer.upper())
    won = r.json()
    assert won["status"] == "won" and won["boards"][0]["answer"] == answer
    assert won["outcome"]["answers"] == [answer] and won["outcome"]["praise"] == "Magnificent"
    assert won["share"].startswith("wordlekit practice #7 2/6")
    again = guess(client, g["id"], "crane")
    assert again.status_code == 409 and "over" in again.json()["error"]


def test_invalid_word_uses_no_turn(client: TestClient) -> None:
    g = new_game(client)
    for bad in ["xxxxx", "cran", "cr4ne", ""]:
        r = guess(client, g["id"], bad)
        assert r.status_code == 422, bad
        assert "error" in r.json()
    assert client.get(f"/api/games/{g['id']}").json()["guesses"] == []


def test_hard_mode_violation(client: TestClient) -> None:
    g = client.post("/api/games", json={"kind": "daily", "date": "2021-06-19", "mode": "hard"})
    assert g.status_code == 201
    gid = g.json()["id"]
    assert guess(client, gid, "crane").status_code == 200  # CIGAR: C green
    r = guess(client, gid, "salty")
    assert r.status_code == 422 and r.json()["error"] == "Hard mode: 1st letter must be C"
    assert len(client.get(f"/api/games/{gid}").json()["guesses"]) == 1


def test_ultrahard_refusals_explain_the_rule(client: TestClient) -> None:
    body = {"kind": "daily", "date": "2021-06-19", "mode": "ultrahard"}
    g = client.post("/api/games", json=body)
    assert g.status_code == 201 and g.json()["mode"] == "ultrahard"
    gid = g.json()["id"]
    r = guess(client, gid, "salet")
    assert r.status_code == 422
    assert r.json()["error"] == (
        "Ultrahard mode: SALET cannot be the answer: it is not in the answer list"
    )
    assert guess(client, gid, "crane").status_code == 200  # CIGAR: gyybb
    r = guess(client, gid, "cairn")  # obeys hard mode, but cannot be the answer
    assert r.status_code == 422 and r.json()["error"] == (
        "Ultrahard mode: CAIRN cannot be the answer: CRANE would have shown gyyyb, not gyybb"
    )
    hint = client.post(f"/api/games/{gid}/hint").json()["hint"]["suggestion"]
    assert hint["can_win"]
    done = guess(client, gid, "cigar").json()
    assert done["status"] == "won" and done["share"].splitlines()[0] == "Wordle 0 2/6** (1 hint)"
    # one daily game a date: played in ultrahard mode, it is not played again in another
    normal = client.post("/api/games", json={"kind": "daily", "date": "2021-06-19"})
    assert normal.status_code == 409 and normal.json() == {
        "error": "you have played Wordle 0 (won in 2): start a practice game to play again"
    }
    again = client.post("/api/games", json=body)
    assert again.status_code == 200 and again.json()["id"] == gid


def test_ultrahard_assist_and_solve(client: TestClient) -> None:
    body = {"turns": [{"guess": "crane", "pattern": "bbygb"}], "top": 5, "mode": "ultrahard"}
    data = client.post("/api/assist", json=body).json()
    suggestions = data["advice"]["suggestions"]
    assert data["mode"] == "ultrahard" and suggestions and all(s["can_win"] for s in suggestions)
    r = client.post("/api/solve", json={"answer": "cigar", "mode": "ultrahard", "start": "crane"})
    assert r.status_code == 200 and r.json()["solved"] and r.json()["mode"] == "ultrahard"
    r = client.post("/api/solve", json={"answer": "cigar", "mode": "ultrahard", "start": "salet"})
    assert r.status_code == 422 and "SALET cannot be the answer" in r.json()["error"]
    assert client.post("/api/games", json={"mode": "very"}).status_code == 422
    body = {"guesses": ["crane", "cairn"], "answer": "cigar", "mode": "ultrahard"}
    r = client.post("/api/review", json=body)
    assert r.status_code == 422 and r.json()["error"].startswith(
        "turn 2 breaks ultrahard mode: CAIRN cannot be the answer"
    )


def test_loss_reveals_the_answer(client: TestClient) -> None:
    g = new_game(client, seed=11)
    for _ in range(6):
        state = guess(client, g["id"], "fuzzy").json()
    assert state["status"] == "lost" and state["boards"][0]["answer"] == answer_of(11)
    assert state["outcome"]["message"] == f"Out of guesses. The answer was {answer_of(11).upper()}."
    assert "X/6" in state["share"]


def test_daily_is_one_game_per_day(client: TestClient) -> None:
    a = client.post("/api/games", json={"kind": "daily", "date": "2022-02-15"})
    b = client.post("/api/games", json={"kind": "daily", "date": "2022-02-15"})
    assert a.status_code == 201 and b.status_code == 200
    assert a.json()["id"] == b.json()["id"] and a.json()["label"] == "Wordle 241"


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        ({"kind": "weekly"}, "kind"),
        ({"mode": "hardest"}, "mode"),
        ({"kind": "daily", "date": "2019-01-01"}, "before the first"),
        ({"kind": "daily", "date": "soon"}, "bad date"),
        ({"kind": "daily", "seed": 3}, "not a seed"),
        ({"kind": "daily", "date": "2099-01-01"}, "not out yet"),
        ({"kind": "practice", "date": "2022-01-01"}, "no date"),
        ({"kind": "practice", "seed": -1}, "seed"),
        ({"kind": "practice", "answers": ["cigar"]}, "only a challenge"),
        ({"kind": "challenge", "answers": ["xxxxx"]}, "XXXXX"),
        ({"variant": "sextordle"}, "unknown variant"),
        ({"variant": "quordle", "boards": 2}, "4 boards, not 2"),
        ({"variant": "absurdle", "max_guesses": 6}, "no guess limit"),
        ({"boards": 33}, "boards"),
        ({"boards": 4, "max_guesses": 3}, "at least 4 guesses"),
        ({"hard": True}, "hard: Extra inputs are not permitted"),
        ({"answers": ["a" * 33]}, "answers"),
        ({"answers": ["cigar"] * 33}, "answers"),
    ],
)
def test_new_game_errors(client: TestClient, body: dict, fragment: str) -> None:  # type: ignore[type-arg]
    r = client.post("/api/games", json=body)
    assert r.status_code == 422, r.text
    assert fragment in r.json()["error"] and "\n" not in r.json()["error"]


def test_malformed_requests(client: TestClient) -> None:
    r = client.post(
        "/api/games", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert r.status_code == 422 and "error" in r.json()
    g = new_game(client)
    r = client.post(f"/api/games/{g['id']}/guesses", json={})
    assert r.status_code == 422 and "guess" in r.json()["error"]
    for body in ({"guess": "a" * 100}, {"guess": "crane", "turn": 65}, {"guess": "crane", "x": 1}):
        r = client.post(f"/api/games/{g['id']}/guesses", json=body)
        assert r.status_code == 422, body


def test_unknown_and_foreign_games(db: Path) -> None:
    with TestClient(create_app(db)) as alice, TestClient(create_app(db)) as bob:
        g = new_game(alice)
        assert alice.get("/api/games/nope").json() == {"error": "no such game"}
        assert alice.get("/api/games/nope").status_code == 404
        assert alice.get(f"/api/games/{'x' * 100}").status_code == 404
        assert bob.get(f"/api/games/{g['id']}").status_code == 404  # not bob's game
        assert guess(bob, g["id"], "crane").status_code == 404
        assert client_404(alice, "/api/nothing-here")
        for gone in ("/api/boards/games", "/api/boards/variants", "/api/boards/stats"):
            assert client_404(alice, gone), gone
        assert alice.post("/api/absurdle/play", json={}).status_code in (404, 405)


def client_404(c: TestClient, path: str) -> bool:
    r = c.get(path)
    return r.status_code == 404 and "error" in r.json()


def test_stats_survive_a_restart(db: Path) -> None:
    with TestClient(create_app(db)) as c:
        for seed in (1, 2):
            g = new_game(c, seed=seed)
            guess(c, g["id"], answer_of(seed))
        g = new_game(c, seed=3)
        for _ in range(6):
            guess(c, g["id"], "fuzzy")
        g = new_game(c, seed=4)
        guess(c, g["id"], "crane" if answer_of(4) != "crane" else "slate")
        guess(c, g["id"], answer_of(4))
        stats = c.get("/api/stats").json()
        cookie = c.cookies.get(COOKIE)
    practice = stats["practice"]
    assert practice["played"] == 4 and practice["wins"] == 3 and practice["win_percent"] == 75
    assert practice["current_streak"] == 1 and practice["max_streak"] == 2
    assert practice["distribution"]["1"] == 2 and practice["distribution"]["2"] == 1
    # practice games are not the daily puzzle: its figures are untouched
    daily = stats["daily"]
    assert daily["played"] == 0 and daily["max_streak"] == 0 and stats["last_kind"] == "practice"
    with TestClient(create_app(db), cookies={COOKIE: cookie}) as again:
        assert again.get("/api/stats").json() == stats


def test_hint_counts(client: TestClient) -> None:
    g = new_game(client)
    r = client.post(f"/api/games/{g['id']}/hint")
    hint = r.json()["hint"]
    assert r.status_code == 200 and r.json()["word"] == hint["suggestion"]["word"] == "soare"
    assert r.json()["reason"] == hint["verdict"]
    assert hint["verdict"] == "cannot be the answer, but narrows it to ≤ 183 words"
    assert hint["advice"]["passed_over"] is None and "0.1 bits" in hint["rule"]
    assert client.get(f"/api/games/{g['id']}").json()["hints"] == 1
    assert client.post(f"/api/games/{g['id']}/hint?strategy=magic").status_code == 422


def test_assist(client: TestClient) -> None:
    body = {"turns": [{"guess": "crane", "pattern": "bbygb"}], "strategy": "entropy", "top": 5}
    r = client.post("/api/assist", json=body)
    assert r.status_code == 200
    data = r.json()
    assert data["remaining"] == 20 and len(data["candidates"]) == 20
    suggestions = data["advice"]["suggestions"]
    assert len(suggestions) == 5 and data["mode"] == "normal" and data["pool"] == "valid"
    assert {"word", "score", "parts", "largest", "expected", "bits", "can_win"} <= set(
        suggestions[0]
    )
    assert data["steps"][0]["before"] == 2315 and data["steps"][0]["after"] == 20
    assert data["steps"][0]["turn"]["letters"] == "bbygb"
    assert any("N at 4" in line for line in data["known"]["summary"])
    only = client.post("/api/assist", json={**body, "pool": "candidates"}).json()
    assert all(s["can_win"] for s in only["advice"]["suggestions"])
    for old in ({"hard": True}, {"ultrahard": True}, {"candidates_only": True}):
        r = client.post("/api/assist", json={**body, **old})  # one value per rule, not flags
        assert r.status_code == 422 and next(iter(old)) in r.json()["error"]
    empty = client.post("/api/assist", json={}).json()
    assert empty["remaining"] == 2315 and len(empty["candidates"]) == 200
    emoji = client.post(
        "/api/assist", json={"turns": [{"guess": "crane", "pattern": "⬛⬛🟨🟩⬛"}]}
    )
    assert emoji.json()["remaining"] == 20
    as_int = client.post("/api/assist", json={"turns": [{"guess": "crane", "pattern": 63}]})
    assert as_int.json()["remaining"] == 20


def test_assist_with_answers_outside_the_list(client: TestClient) -> None:
    """AIOLI is not an answer of the original list: the list's words left miss it, the
    ``likely`` model has it, most likely first with probabilities that add up to 1."""
    turns = [{"guess": "crane", "pattern": "bbybb"}, {"guess": "moist", "pattern": "byybb"}]
    listed = client.post("/api/assist", json={"turns": turns}).json()
    assert listed["answers"] == "list" and "aioli" not in listed["candidates"]
    r = client.post("/api/assist", json={"turns": turns, "answers": "likely", "top": 3})
    assert r.status_code == 200, r.text
    data = r.json()
    assert data["answers"] == "likely" and "aioli" in data["candidates"]
    probs = data["probabilities"]
    assert len(probs) == len(data["candidates"]) == data["remaining"]
    assert probs == sorted(probs, reverse=True) and abs(sum(probs) - 1) < 1e-6
    assert client.post("/api/assist", json={"answers": "list"}).json()["probabilities"] is None
    for bad_model in ("maybe", "all"):  # all: the command line's, not the server's
        bad = client.post("/api/assist", json={"answers": bad_model})
        assert bad.status_code == 422 and "error" in bad.json()
    worst = client.post("/api/assist", json={"answers": "likely", "strategy": "optimal-worst"})
    assert worst.status_code == 422 and "likely" in worst.json()["error"]
    # the least expected guesses under the prior: from the start it cannot finish within the
    # budget, so entropy answers and says so (tests/test_weighted_optimal.py: exact when small)
    exact = client.post("/api/assist", json={"answers": "likely", "strategy": "optimal"})
    assert exact.status_code == 200, exact.text
    advice = exact.json()["advice"]
    assert advice["strategy"] == "optimal" and advice["used"] == "entropy" and not advice["exact"]


def test_assist_as_of_the_player_s_day(client: TestClient) -> None:
    """ABOUT was the NYT's answer on 2023-06-27: the helper of that day has it first, the
    helper of the day after weighs it as a repeat (the words never served come first)."""
    turns = [{"guess": "crane", "pattern": "bbybb"}]

    def first(date: str | None, answers: str = "likely") -> str:
        body = {"turns": turns, "answers": answers, "top": 1, "date": date}
        r = client.post("/api/assist", json=body)
        assert r.status_code == 200, r.text
        return str(r.json()["candidates"][0])

    assert first("2023-06-27") == first(None) == "about"
    assert first("2023-06-28") != "about"
    assert first("2023-06-28", "list") == first(None, "list")  # a date is the likely model's
    for bad, fragment in (
        ("2021-06-18", "before the first Wordle"),
        ("soon", "bad date"),
        ("2999-01-01", "not out yet"),
    ):
        r = client.post("/api/assist", json={"turns": turns, "answers": "likely", "date": bad})
        assert r.status_code == 422 and fragment in r.json()["error"], r.text
    solved = client.post(
        "/api/solve", json={"answer": "about", "answers": "likely", "date": "2023-06-28"}
    )
    assert solved.status_code == 200 and solved.json()["solved"]


@pytest.mark.parametrize(
    ("turns", "strategy", "fragment"),
    [
        (
            [{"guess": "crane", "pattern": "bbbbb"}, {"guess": "plant", "pattern": "ggggg"}],
            "entropy",
            "turn 2",
        ),
        ([{"guess": "crane", "pattern": "bbzgb"}], "entropy", "bad tile"),
        ([{"guess": "xxxxx", "pattern": "bbbbb"}], "entropy", "not in the original word list"),
        ([{"guess": "crane"}], "entropy", "pattern"),
        ([], "magic", "unknown strategy"),
    ],
)
def test_assist_errors(client: TestClient, turns: list, strategy: str, fragment: str) -> None:  # type: ignore[type-arg]
    r = client.post("/api/assist", json={"turns": turns, "strategy": strategy})
    assert r.status_code == 422
    assert fragment in r.json()["error"]


def test_solve(client: TestClient) -> None:
    r = client.post("/api/solve", json={"answer": "cigar", "strategy": "entropy", "start": "salet"})
    data = r.json()
    assert data["solved"] and [t["turn"]["guess"] for t in data["turns"]][-1] == "cigar"
    assert [t["remaining"] for t in data["turns"]] == [102, 8, 1, 1]
    assert data["turns"][0]["turn"]["letters"] == "bybbb"
    assert client.post("/api/solve", json={"answer": "xxxxx"}).status_code == 422
    assert client.post("/api/solve", json={"answer": "cigar", "strategy": "no"}).status_code == 422
    names = [s["name"] for s in client.get("/api/strategies").json()]
    assert "entropy" in names and "optimal" in names


def test_docs_and_openapi_work_offline(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    assert "/api/games" in spec["paths"] and "/api/assist" in spec["paths"]
    html = client.get("/docs").text
    assert "/docs-assets/swagger-ui-bundle.js" in html
    assert "cdn" not in html.lower()
    assert client.get("/docs-assets/swagger-ui-bundle.js").status_code == 200


def test_index_page(client: TestClient) -> None:
    r = client.get("/")
    assert r.status_code == 200 and "text/html" in r.headers["content-type"]
    assert "https://" not in r.text  # nothing from the internet


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


#: The app in a process of its own, as ``wordle serve`` runs it (without the command line).
SERVE = (
    "import sys, uvicorn; from wordlekit.web.api import create_app; "
    "uvicorn.run(create_app(sys.argv[1]), host='127.0.0.1', port=int(sys.argv[2]), "
    "log_level='warning')"
)


def _start(db: Path, port: int) -> subprocess.Popen:  # type: ignore[type-arg]
    proc = subprocess.Popen(
        [sys.executable, "-c", SERVE, str(db), str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=dict(os.environ),
    )
    for _ in range(300):
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/variants", timeout=1)
            return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError(proc.stderr.read().decode() if proc.stderr else "server did not start")


def test_killed_server_loses_nothing(db: Path) -> None:
    port = _free_port()
    proc = _start(db, port)
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}") as c:
            g = c.post("/api/games", json={"kind": "practice", "seed": 5}).json()
            c.post(f"/api/games/{g['id']}/guesses", json={"guess": answer_of(5)})
            stats = c.get("/api/stats").json()
            cookie = c.cookies.get(COOKIE)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    assert stats["practice"]["played"] == 1
    port = _free_port()
    proc = _start(db, port)
    try:
        r = httpx.get(f"http://127.0.0.1:{port}/api/stats", cookies={COOKIE: cookie})
        assert r.json() == stats
        r = httpx.get(f"http://127.0.0.1:{port}/api/games/{g['id']}", cookies={COOKIE: cookie})
        assert r.json()["status"] == "won"
    finally:
        proc.terminate()
        proc.wait()
    assert open_store(db, ORIGINAL).count_finished() == 1
    assert json.loads(json.dumps(stats))  # plain JSON


def test_review(client: TestClient) -> None:
    body = {
        "turns": [
            {"guess": "crane", "pattern": "bbggb"},
            {"guess": "moist", "pattern": "bbybg"},
            {"guess": "giant", "pattern": "ggggg"},
        ]
    }
    r = client.post("/api/review", json=body)
    assert r.status_code == 200
    data = r.json()
    assert data["solved"] and data["answer"] == "giant" and len(data["turns"]) == 3
    for t in data["turns"]:
        assert {
            "remaining_before",
            "remaining_after",
            "bits",
            "best_bits",
            "best_guess",
            "skill",
            "luck",
        } <= set(t)
    assert "GIANT" in data["summary"]
    same = client.post(
        "/api/review", json={"answer": "giant", "guesses": ["crane", "moist", "giant"]}
    )
    assert same.json()["turns"] == data["turns"]


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        ({}, "give turns"),
        (
            {
                "turns": [
                    {"guess": "crane", "pattern": "bbbbb"},
                    {"guess": "plant", "pattern": "ggggg"},
                ]
            },
            "turn 2",
        ),
        ({"answer": "giant", "guesses": ["crane", "zz"]}, "turn 2"),
        ({"answer": "xxxxx", "guesses": ["crane"]}, "not in the original word list"),
    ],
)
def test_review_errors(client: TestClient, body: dict, fragment: str) -> None:  # type: ignore[type-arg]
    r = client.post("/api/review", json=body)
    assert r.status_code == 422 and fragment in r.json()["error"]


def test_review_of_a_played_game(client: TestClient) -> None:
    g = new_game(client)
    assert client.get(f"/api/games/{g['id']}/review").status_code == 409
    guess(client, g["id"], "crane" if answer_of(7) != "crane" else "slate")
    guess(client, g["id"], answer_of(7))
    r = client.get(f"/api/games/{g['id']}/review")
    assert r.status_code == 200 and r.json()["answer"] == answer_of(7)


# The shape of the app (issue 12) ---------------------------------------------------------------


def json_operations(spec: dict) -> Iterator[tuple[str, str, dict]]:  # type: ignore[type-arg]
    for path, methods in spec["paths"].items():
        for method, op in methods.items():
            yield f"{method.upper()} {path}", method, op


def test_every_json_route_has_response_models(client: TestClient) -> None:
    """The OpenAPI schema shows every answer: each route's success is a named model (or a
    list of one), and its errors are the ``{"error": ...}`` model (a 422 of turns may add the
    turn a contradiction names: ContradictionOut, an ErrorOut with ``turn``)."""
    spec = client.get("/openapi.json").json()
    schemas = spec["components"]["schemas"]
    seen = set()
    for where, _, op in json_operations(spec):
        responses = op["responses"]
        ok = [code for code in responses if code.startswith("2")]
        assert ok, where
        for code in ok:
            schema = responses[code]["content"]["application/json"]["schema"]
            ref = schema.get("$ref") or schema.get("items", {}).get("$ref")
            assert ref, (where, code, schema)
            name = ref.rsplit("/", 1)[-1]
            assert schemas[name]["properties"], (where, name)
            seen.add(name)
        for code in ("422", "500", "503"):
            schema = responses[code]["content"]["application/json"]["schema"]
            allowed = ("/ErrorOut", "/ContradictionOut") if code == "422" else ("/ErrorOut",)
            assert schema["$ref"].endswith(allowed), (where, code)
    assert schemas["ErrorOut"]["required"] == ["error"]
    assert schemas["ContradictionOut"]["required"] == ["error"]
    assert {
        "GameView",
        "GameHint",
        "PlayerStats",
        "Menu",
        "DailyPuzzle",
        "StrategyInfo",
        "Assist",
        "BotPlay",
        "Review",
        "BoardsAssist",
        "BoardsSolve",
        "AbsurdleSolve",
    } <= seen, seen
    # the answers are the services' values: the only models of the web layer are its errors
    assert {n for n in schemas if n.endswith("Out")} == {"ErrorOut", "ContradictionOut"}
    review = schemas["Review"]["properties"]
    assert "bot_turns" in review and "bot_guesses" in review
    for route in ("/api/games/{gid}", "/api/games/{gid}/guesses", "/api/games/{gid}/hint"):
        assert set(spec["paths"][route][next(iter(spec["paths"][route]))]["responses"]) >= {
            "404"
        }, route


def test_the_version_is_the_package_version(client: TestClient) -> None:
    import wordlekit

    assert client.get("/openapi.json").json()["info"]["version"] == wordlekit.__version__


def test_daily_gives_the_word_length(client: TestClient) -> None:
    data = client.get("/api/daily", params={"date": "2021-06-20"}).json()
    assert data == {"date": "2021-06-20", "number": 1, "length": 5}


def test_reviews_carry_the_bots_turns_with_their_feedback(client: TestClient) -> None:
    g = new_game(client)
    guess(client, g["id"], "crane" if answer_of(7) != "crane" else "slate")
    guess(client, g["id"], answer_of(7))
    for r in (
        client.get(f"/api/games/{g['id']}/review"),
        client.post("/api/review", json={"answer": "giant", "guesses": ["crane", "giant"]}),
    ):
        assert r.status_code == 200, r.text
        data = r.json()
        answer = data["answer"]
        bot_turns = [t["turn"] for t in data["bot_turns"]]
        assert bot_turns and [t["guess"] for t in bot_turns] == data["bot_guesses"]
        for t in bot_turns:
            assert t["pattern"] == score(t["guess"], answer)
            assert t["letters"] == format_pattern(t["pattern"], 5, "letters")
            assert t["emoji"] == format_pattern(t["pattern"], 5, "emoji")
        assert bot_turns[-1]["letters"] == "ggggg"
        for t in data["turns"]:  # the player's turns carry their letters too
            t = t["turn"]
            assert t["letters"] == format_pattern(t["pattern"], 5, "letters")


def test_only_hard_mode_refusals_say_hard_mode(client: TestClient) -> None:
    r = client.post("/api/games", json={"kind": "daily", "date": "2021-06-19", "mode": "hard"})
    gid = r.json()["id"]
    assert guess(client, gid, "crane").status_code == 200  # CIGAR: C green
    refused = guess(client, gid, "salty")
    assert refused.json()["error"] == "Hard mode: 1st letter must be C"
    for word in ("xxxxx", "cra"):  # other refusals in a hard game are not about hard mode
        r = guess(client, gid, word)
        assert r.status_code == 422 and "hard mode" not in r.json()["error"].lower(), r.text
    r = client.post(f"/api/games/{gid}/guesses", json={"guess": "cigar", "turn": 5})
    assert r.status_code == 409 and "hard mode" not in r.json()["error"].lower()


def broken_store(app: FastAPI, method: str, error: Exception) -> None:
    def fail(*args: object) -> None:
        raise error

    setattr(app.state.context.store, method, fail)


def test_a_storage_failure_is_a_503_naming_no_file(
    db: Path, caplog: pytest.LogCaptureFixture
) -> None:
    app = create_app(db)
    broken_store(app, "stats", StorageError("cannot write /srv/secret/games.sqlite3"))
    with TestClient(app) as c, caplog.at_level(logging.WARNING, "wordlekit.web"):
        r = c.get("/api/stats")
        assert r.status_code == 503 and r.headers["retry-after"] == "1"
        assert set(r.json()) == {"error"} and "secret" not in r.text
        assert "games.sqlite3" in caplog.text  # the log says which file


def test_an_internal_error_is_a_500_and_a_log_line(
    db: Path, caplog: pytest.LogCaptureFixture
) -> None:
    app = create_app(db)
    broken_store(app, "insert", InternalError("the memo is full"))
    with TestClient(app) as c, caplog.at_level(logging.ERROR, "wordlekit.web"):
        r = c.post("/api/games", json={"kind": "practice"})
        assert r.status_code == 500 and r.json() == {"error": "internal server error"}
        assert "the memo is full" in caplog.text and "POST /api/games" in caplog.text


def test_quick_routes_use_the_apps_own_threads(db: Path) -> None:
    """The SQLite work of quick routes runs on at most ``quick_threads`` threads of the app's
    own limiter, and the app changes no process-wide setting (anyio's default limiter)."""
    app = create_app(db, settings=ServerSettings(quick_threads=2))
    store = app.state.context.store
    running, most = [0], [0]
    lock = threading.Lock()
    stats = store.stats

    def slow_stats(player: str, *args: object) -> object:
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
        time.sleep(0.05)
        with lock:
            running[0] -= 1
        return stats(player, *args)

    store.stats = slow_stats

    async def main() -> tuple[int, int, list[int]]:
        default = anyio.to_thread.current_default_thread_limiter().total_tokens
        async with app.router.lifespan_context(app):
            transport = httpx.ASGITransport(app=app)
            async with httpx.AsyncClient(transport=transport, base_url="http://t") as c:
                rs = await asyncio.gather(*(c.get("/api/stats") for _ in range(12)))
            after = anyio.to_thread.current_default_thread_limiter().total_tokens
        return default, after, [r.status_code for r in rs]

    default, after, codes = anyio.run(main)
    assert codes == [200] * 12
    assert after == default  # untouched by the app's start-up
    assert most[0] == 2  # at most quick_threads at once (and they did run in parallel)


SIX = ["planet", "garden", "silver", "orange", "rocket", "castle", "winter", "summer", "bright",
       "stream", "forest", "mother", "father", "number", "yellow", "purple", "little", "people",
       "camera", "dinner"]  # fmt: skip
SIX_EXTRA = ["banana", "candle", "pencil", "button", "carpet", "guitar"]


def six_letter_list() -> WordList:
    return WordList.from_words(SIX, SIX_EXTRA, name="six")


def test_a_six_letter_list(db: Path) -> None:
    six = six_letter_list()
    # one worker: a list of its own compiles every kernel for its wider patterns on a first run
    pool = WorkPool(six, PoolConfig(workers=1))
    app = create_app(db, wordlist=six, pool=pool)
    with contextlib.closing(pool), TestClient(app) as c:
        assert c.get("/api/daily").json()["length"] == 6
        g = c.post("/api/games", json={"kind": "practice", "seed": 3}).json()
        assert g["length"] == 6
        state = guess(c, g["id"], "banana").json()
        assert len(state["boards"][0]["turns"][0]["letters"]) == 6
        pattern = score("planet", "castle")
        body = {"turns": [{"guess": "planet", "pattern": pattern}], "top": 3}
        assert app.state.context.pool.wait_ready(START_SECONDS)  # its own workers
        data = c.post("/api/assist", json=body).json()
        assert data["candidates"] == [w for w in SIX if score("planet", w) == pattern]
        assert data["steps"][0]["turn"]["letters"] == format_pattern(pattern, 6, "letters")
        assert c.post("/api/assist", json={"turns": [{"guess": "crane", "pattern": 0}]}).json()[
            "error"
        ]


def test_a_won_game_says_the_game_s_word(client: TestClient) -> None:
    g = new_game(client)
    assert g["outcome"] is None
    state = guess(client, g["id"], answer_of(7)).json()
    assert state["status"] == "won" and state["outcome"]["praise"] == "Genius"


# Statistics as the NYT keeps them, hints that say what they are ------------------------------


def test_stats_give_the_daily_puzzle_at_the_top_and_practice_apart(client: TestClient) -> None:
    import datetime as dt

    empty = client.get("/api/stats").json()
    assert empty["daily"]["played"] == 0 and empty["practice"]["played"] == 0
    assert empty["last_kind"] is None
    today = client.post("/api/games", json={"kind": "daily"}).json()
    answer = make_game(GameRequest(kind="daily", date=dt.date.today())).game.secret[0]
    guess(client, today["id"], answer)
    g = new_game(client, seed=3)
    for _ in range(6):
        guess(client, g["id"], "fuzzy")
    stats = client.get("/api/stats").json()
    daily = stats["daily"]
    assert (daily["played"], daily["wins"], daily["current_streak"]) == (1, 1, 1)
    assert daily["distribution"]["1"] == 1
    assert stats["practice"]["played"] == 1 and stats["practice"]["wins"] == 0
    assert stats["last_kind"] == "practice"
    schema = client.get("/openapi.json").json()["components"]["schemas"]
    assert {"daily", "practice"} <= set(schema["PlayerStats"]["properties"])
    assert {"word", "reason", "hint", "boards", "absurdle"} <= set(schema["GameHint"]["properties"])
    assert {"verdict", "rule", "advice"} <= set(schema["Hint"]["properties"])


def test_a_hint_says_whether_it_can_win_and_the_share_grid_counts_hints(
    client: TestClient,
) -> None:
    g = client.post("/api/games", json={"kind": "daily", "date": "2021-06-19"}).json()
    guess(client, g["id"], "crane")  # CIGAR: gyybb leaves a few words
    r = client.post(f"/api/games/{g['id']}/hint")
    hint = r.json()["hint"]
    assert r.status_code == 200 and client.get(f"/api/games/{g['id']}").json()["hints"] == 1
    best = hint["suggestion"]
    assert hint["verdict"].startswith("could be" if best["can_win"] else "cannot be")
    passed_over = hint["advice"]["passed_over"]
    if passed_over is not None:  # a possible answer preferred: it can win
        assert best["can_win"] and passed_over != best["word"]
    public = client.post("/api/assist", json={"turns": [{"guess": "crane", "pattern": "gyybb"}]})
    # Assist's first suggestion is the hint
    assert public.json()["advice"]["suggestions"][0] == best
    won = guess(client, g["id"], "cigar").json()
    assert won["share"].splitlines()[0] == "Wordle 0 2/6 (1 hint)"


def test_a_contradiction_names_its_turn_in_a_field(client: TestClient) -> None:
    turns = [{"guess": "crane", "pattern": "bbbbb"}, {"guess": "plant", "pattern": "ggggg"}]
    r = client.post("/api/assist", json={"turns": turns})
    assert r.status_code == 422
    body = r.json()
    assert body["turn"] == 2 and body["error"].startswith("turn 2 (PLANT")
    impossible = client.post(
        "/api/assist", json={"turns": [{"guess": "crane", "pattern": "ggggy"}]}
    )
    assert impossible.status_code == 422 and impossible.json()["turn"] == 1
    other = client.post("/api/assist", json={"turns": [{"guess": "xxxxx", "pattern": "bbbbb"}]})
    assert other.status_code == 422 and set(other.json()) == {"error"}
    schema = client.get("/openapi.json").json()
    refusal = schema["paths"]["/api/assist"]["post"]["responses"]["422"]
    assert refusal["content"]["application/json"]["schema"]["$ref"].endswith("ContradictionOut")


def test_the_api_and_the_cli_give_the_same_values(client: TestClient) -> None:
    """One value per answer, declared once: the web's JSON is what ``--json`` prints."""
    from harness_cli import ok

    body = {"turns": [{"guess": "crane", "pattern": "bybbg"}], "top": 3, "mode": "hard"}
    cli = json.loads(ok("suggest", "crane:bybbg", "--hard", "--top", "3", "--json"))
    assert client.post("/api/assist", json=body).json() == cli
    cli = json.loads(ok("solve", "cigar", "--start", "salet", "--json"))
    assert client.post("/api/solve", json={"answer": "cigar", "start": "salet"}).json() == cli
