"""``wordle stats export`` / ``wordle stats import``: a round trip of the terminal player's
finished games into another database, counted there; a bad file refused whole."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from harness_cli import bad, ok
from wordlekit.core.variants import variant_for
from wordlekit.core.words import WordList
from wordlekit.services.games import GameRequest, open_store, play_guess, start_game
from wordlekit.services.players import local_player_id

ORIGINAL = WordList.bundled()


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("WORDLEKIT_DATA_DIR", str(tmp_path))
    return tmp_path


def test_export_then_import_into_another_database(data_dir: Path, tmp_path: Path) -> None:
    store = open_store(data_dir / "wordlekit.sqlite3", ORIGINAL)
    me = local_player_id()
    for day in ("2024-01-02", "2024-01-03"):
        g, _ = start_game(store, me, GameRequest(kind="daily", date=day))
        for w in ("crane", ORIGINAL.daily_answer(day)):
            g = play_guess(store, g.id, me, w)
    file = tmp_path / "games.json"
    assert ok("stats", "export", str(file)) == f"exported 2 finished games to {file}\n"
    data = json.loads(file.read_text())
    assert data["format"] == "wordlekit-games" and len(data["games"]) == 2

    other = tmp_path / "other.sqlite3"
    got = json.loads(ok("stats", "import", str(file), "--db", str(other), "--json"))
    assert got == {"games": 2, "added": 2, "skipped": 0}
    again = ok("stats", "import", str(file), "--db", str(other))
    assert again == "imported 0 of 2 games (2 already here)\n"
    stats = open_store(other, ORIGINAL).stats(me, variant_for("classic"))
    assert stats.daily.played == 2 and stats.daily.wins == 2 and stats.daily.distribution[2] == 2


def test_a_bad_file_is_refused_whole(tmp_path: Path) -> None:
    file = tmp_path / "bad.json"
    file.write_text(json.dumps({"format": "wordlekit-games", "version": 1, "games": [{"x": 1}]}))
    bad("stats", "import", str(file), match="games[0].x: unknown field")
    file.write_text("{not json")
    bad("stats", "import", str(file), match="not JSON")
