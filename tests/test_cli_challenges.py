"""``wordle challenge new`` and ``wordle challenge results`` on the local games database,
as the terminal player; the link they print is the one the web app plays."""

from __future__ import annotations

import json
import secrets
from pathlib import Path

import pytest

from harness_cli import bad, ok
from wordlekit.core.words import WordList
from wordlekit.services.challenges import create_challenge
from wordlekit.services.games import GameRequest, open_store, play_guess, start_game


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data folder of the test's own: its games database and terminal player."""
    monkeypatch.setenv("WORDLEKIT_DATA_DIR", str(tmp_path))
    return tmp_path


def test_new_prints_the_id_and_link_and_results_count_a_friends_game(data_dir: Path) -> None:
    text = ok("challenge", "new", "knoll")
    first = text.splitlines()[0]
    assert first.startswith("challenge ") and first.endswith(": Wordle, normal mode")
    cid = first.split()[1].rstrip(":")
    assert f"link: /?challenge={cid}" in text and "knoll" not in text.lower()
    # a friend plays it (as the web app would, on the same database)
    store = open_store(data_dir / "wordlekit.sqlite3", WordList.bundled())
    g, _ = start_game(store, "friend-player-000000", GameRequest(kind="challenge", challenge=cid))
    for w in ("crane", "knoll"):
        g = play_guess(store, g.id, "friend-player-000000", w)
    table = ok("challenge", "results", cid)
    assert "played" in table and "in progress" in table
    figures = table.splitlines()[2].split()
    assert figures == ["1", "1", "0", "0"], table
    got = json.loads(ok("challenge", "results", cid, "--json"))
    assert got["results"] == {
        "played": 1, "won": 1, "lost": 0, "playing": 0, "distribution": [0, 1, 0, 0, 0, 0],
    }  # fmt: skip
    assert got["mine"] is True and "knoll" not in json.dumps(got)


def test_an_id_never_begins_with_a_dash(monkeypatch: pytest.MonkeyPatch) -> None:
    # 1 id in 64 began with "-", which the command line then read as an option
    draws = iter(["-icX-CSeoJNpD1kx", "icX-CSeoJNpD1kx0"])
    monkeypatch.setattr(secrets, "token_urlsafe", lambda n: next(draws))
    cid = ok("challenge", "new", "knoll").split()[1].rstrip(":")
    assert cid == "icX-CSeoJNpD1kx0"
    assert "played" in ok("challenge", "results", cid)


def test_an_older_id_beginning_with_a_dash_goes_after_two_dashes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import wordlekit.store.challenges as rows

    monkeypatch.setattr(rows, "random_id", lambda n: "-oldOldOldOld000")
    cid = ok("challenge", "new", "knoll").split()[1].rstrip(":")
    assert cid == "-oldOldOldOld000"
    assert "played" in ok("challenge", "results", "--", cid)
    assert "after --" in ok("challenge", "results", "--help")


def test_new_json_several_boards_modes_and_lists() -> None:
    made = json.loads(ok("challenge", "new", "aahed", "--hard", "--json"))
    assert made["mode"] == "hard" and made["outside_answers"] is True
    assert made["url"] == f"/?challenge={made['id']}"
    two = json.loads(ok("challenge", "new", "knoll", "cigar", "--json"))
    assert two["variant"]["name"] == "dordle"
    es = json.loads(ok("challenge", "new", "perro", "--lists", "es-5", "--json"))
    assert es["url"].endswith("&list=es-5") and es["list"] == "es-5"
    text = ok("challenge", "new", "aahed")
    assert "not in the answer list" in text


def test_bad_input_is_one_line_and_stores_nothing(data_dir: Path) -> None:
    bad("challenge", "new", "zzzzz", match="not in the original word list")
    bad("challenge", "new", "knoll", "--variant", "quordle", match="4 words")
    bad("challenge", "new", "aahed", "--ultrahard", match="ultrahard mode")
    bad("challenge", "results", "nosuchchallenge0", match="no such challenge")
    store = open_store(data_dir / "wordlekit.sqlite3", WordList.bundled())
    assert store.reader().execute("SELECT COUNT(*) FROM challenges").fetchone()[0] == 0


def test_results_of_anothers_challenge_are_refused(data_dir: Path) -> None:
    store = open_store(data_dir / "wordlekit.sqlite3", WordList.bundled())
    cid = create_challenge(store, "someone-else-0000000", ["knoll"]).id
    bad("challenge", "results", cid, match="made by another player")
