"""``wordle archive`` on the local games database, as the terminal player."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from harness_cli import bad, ok
from wordlekit.core.words import WordList
from wordlekit.services.games import GameRequest, open_store, play_guess, start_game
from wordlekit.services.players import local_player_id


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data folder of the test's own: its games database and terminal player."""
    monkeypatch.setenv("WORDLEKIT_DATA_DIR", str(tmp_path))
    return tmp_path


def test_a_month_as_a_calendar_with_the_players_results(data_dir: Path) -> None:
    store = open_store(data_dir / "wordlekit.sqlite3", WordList.bundled())
    me = local_player_id()
    g, _ = start_game(store, me, GameRequest(kind="daily", date="2021-06-19"))
    for w in ("crane", "cigar"):
        g = play_guess(store, g.id, me, w)
    g, _ = start_game(store, me, GameRequest(kind="daily", date="2021-06-20"))
    play_guess(store, g.id, me, "crane")
    text = ok("archive", "--month", "2021-06")
    assert text.startswith("Wordle archive, June 2021 (puzzles 0–11)")
    assert "19 ✓2*" in text and "20 •" in text and "│ 21 │" in text
    assert "12 puzzles out: 1 won, 0 lost, 1 in progress, 10 not played (1 played late: *)" in text
    got = json.loads(ok("archive", "--month", "2021-06", "--json"))
    assert got["days"][0]["result"]["status"] == "won" and got["next"] == "2021-07"


def test_bad_months_are_one_line_errors() -> None:
    bad("archive", "--month", "2021-05", match="before the first Wordle")
    bad("archive", "--month", "June", match="bad month")
    bad("archive", "--month", "2999-01", match="not out yet")
