"""The game's JSON on the web (issue 26): ``definition`` and ``definitions`` appear once the
game is over (never before: they would give the answer away) and are in the OpenAPI schema."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from wordlekit.web.api import create_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "games.sqlite3")) as c:
        yield c


def start(client: TestClient, *words: str, variant: str = "classic") -> str:
    body = {"variant": variant, "kind": "challenge", "answers": list(words)}
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return str(r.json()["id"])


def guess(client: TestClient, gid: str, word: str) -> dict[str, object]:
    r = client.post(f"/api/games/{gid}/guesses", json={"guess": word})
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def test_the_definition_comes_with_the_end_of_the_game(client: TestClient) -> None:
    gid = start(client, "knoll")
    on = guess(client, gid, "crane")
    assert on["definition"] is None and on["definitions"] is None
    assert "hill" not in client.get(f"/api/games/{gid}").text
    won = guess(client, gid, "knoll")
    assert won["definition"] == {
        "word": "knoll",
        "found": True,
        "entries": [{"pos": "noun", "senses": ["a small natural hill"], "base": None}],
        "text": "knoll (noun): a small natural hill",
        "source": "WordNet 3.0, Princeton University",
    }
    assert client.get(f"/api/games/{gid}").json()["definitions"] == [won["definition"]]


def test_a_lost_game_without_an_entry(client: TestClient) -> None:
    gid = start(client, "their")
    for _ in range(6):
        shown = guess(client, gid, "crane")
    assert shown["status"] == "lost"
    d = shown["definition"]
    assert isinstance(d, dict) and d["found"] is False and d["entries"] == []
    assert d["text"] == "No definition in the offline dictionary."


def test_the_schema_documents_it(client: TestClient) -> None:
    schemas = client.get("/openapi.json").json()["components"]["schemas"]
    game = schemas["GameView"]["properties"]
    assert "definition" in game and "definitions" in game
    assert set(schemas["DefinitionView"]["properties"]) == {
        "word",
        "found",
        "entries",
        "text",
        "source",
    }
