"""The player cookie is signed by the server (W10 of the red-team report, 2026-12-01): once any
cookie value of the id's shape was that player, so a client could choose its id (or have one
planted). Now an id the server did not sign is no player, except an older unsigned cookie of a
player who already has games here, which is then issued again, signed.

On a live server (requests through real sockets, cookies as raw headers).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from harness_web import SEED, Server, run_server
from wordlekit.services.games import GameRequest, open_store, start_game
from wordlekit.web.api import ServerSettings, create_app
from wordlekit.web.player import COOKIE, KEY_FILE, Signer, cookie_key, cookie_pair


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with run_server(tmp_path_factory.mktemp("cookie") / "games.sqlite3") as srv:
        yield srv


def issued(r: httpx.Response) -> str:
    """The value of the player cookie the response sets ("" if none)."""
    for header in r.headers.get_list("set-cookie"):
        name, _, rest = header.partition("=")
        if name == COOKIE:
            return rest.split(";")[0]
    return ""


def as_player(server: Server, cookie: str | None) -> httpx.Client:
    """A client sending exactly this player cookie (none for None), and keeping no other."""
    headers = {"Cookie": f"{COOKIE}={cookie}"} if cookie is not None else {}
    return httpx.Client(base_url=server.url, timeout=30, headers=headers)


def new_player(server: Server) -> tuple[str, str]:
    """A newcomer's first game: its id, and the cookie the server gave."""
    with as_player(server, None) as c:
        r = c.post("/api/games", json={"seed": SEED})
        assert r.status_code == 201
        return r.json()["id"], issued(r)


def test_a_signed_cookie_keeps_its_games_across_requests(live: Server) -> None:
    gid, cookie = new_player(live)
    _, signature = cookie.split(".")
    assert len(signature) == 22 and len(cookie) == 47  # small: 24-character id, dot, 128 bits
    with as_player(live, cookie) as c:
        for _ in range(3):
            r = c.get(f"/api/games/{gid}")
            assert r.status_code == 200 and not issued(r)  # the same player, nothing new
        r = c.post(f"/api/games/{gid}/guesses", json={"guess": "crane"})
        assert r.status_code == 200 and r.json()["guesses"] == ["crane"]
        assert c.get("/api/stats").status_code == 200


def test_an_invented_id_is_a_new_player(live: Server) -> None:
    """A client picking a guessable id gets a fresh one, signed; two clients with the same
    invented id share nothing."""
    invented = "a" * 16
    with as_player(live, invented) as c:
        r = c.post("/api/games", json={"seed": SEED})
        assert r.status_code == 201
        given = issued(r)
        assert given and not given.startswith(invented + ".")
        gid = r.json()["id"]
        assert c.get(f"/api/games/{gid}").status_code == 404  # still nobody's player
    with as_player(live, given) as c:
        assert c.get(f"/api/games/{gid}").status_code == 200


@pytest.mark.parametrize("tamper", ["signature", "id", "short", "empty"])
def test_a_tampered_cookie_is_a_new_player(live: Server, tamper: str) -> None:
    gid, cookie = new_player(live)
    player, signature = cookie.split(".")
    other = "B" if signature[0] != "B" else "C"
    forged = {
        "signature": f"{player}.{other}{signature[1:]}",
        "id": f"{player[:-1]}{'x' if player[-1] != 'x' else 'y'}.{signature}",
        "short": f"{player}.{signature[:-1]}",
        "empty": f"{player}.",
    }[tamper]
    with as_player(live, forged) as c:
        assert c.get(f"/api/games/{gid}").status_code == 404
        r = c.post("/api/games", json={"seed": SEED})
        assert r.status_code == 201 and issued(r) and issued(r).split(".")[0] != player


def test_an_unsigned_cookie_of_a_player_with_games_is_upgraded(live: Server) -> None:
    """A cookie from before the signature (a bare id) whose player has games here: the
    player keeps them, and gets the cookie again, signed."""
    legacy = "Legacy_player_0123456789"
    store = open_store(live.db)
    gid = start_game(store, legacy, GameRequest(kind="practice", seed=SEED))[0].id
    with as_player(live, legacy) as c:
        r = c.get(f"/api/games/{gid}")
        assert r.status_code == 200
        signed = issued(r)
        assert signed.startswith(legacy + ".")
    with as_player(live, signed) as c:
        r = c.get(f"/api/games/{gid}")
        assert r.status_code == 200 and not issued(r)


def test_an_unsigned_cookie_without_games_is_a_new_player(live: Server) -> None:
    with as_player(live, "Nobody_has_this_id_0123") as c:
        r = c.post("/api/games", json={"seed": SEED})
        assert r.status_code == 201
        assert not issued(r).startswith("Nobody_has_this_id_0123.")


def test_the_key_is_kept_next_to_the_database_for_its_owner_only(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    create_app(db)
    key_file = tmp_path / KEY_FILE
    assert stat.S_IMODE(os.stat(key_file).st_mode) == 0o600
    assert cookie_key(db) == key_file.read_bytes()  # the same key on the next start
    key_file.write_bytes(b"short")
    with pytest.raises(OSError, match="damaged"):
        cookie_key(db)


def test_a_key_given_in_the_settings_signs_the_cookies(tmp_path: Path) -> None:
    key = b"k" * 32
    app = create_app(tmp_path / "g.sqlite3", settings=ServerSettings(cookie_key=key))
    with TestClient(app) as c:
        player, signature = issued(c.post("/api/games", json={})).split(".")
    assert Signer(key).valid(player, signature)
    assert not (tmp_path / KEY_FILE).exists()


def test_the_cookie_is_found_among_others_and_decoys() -> None:
    """The bounded regular expression: the player's pair among other cookies, names that
    merely end like it, and a malformed signature."""
    sig = "S" * 22
    header = f"x{COOKIE}=zzzzzzzzzzzzzzzz.{sig}; a=b; {COOKIE}=p" + "q" * 20 + f".{sig}; c=d"
    assert cookie_pair([(b"cookie", header.encode())]) == ("p" + "q" * 20, sig)
    bad = f"{COOKIE}={'p' * 20}.{sig}x"
    assert cookie_pair([(b"cookie", bad.encode())]) == ("", "")
    assert cookie_pair([(b"cookie", f"{COOKIE}={'p' * 20}".encode())]) == ("p" * 20, "")
