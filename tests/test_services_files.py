"""``wordlekit.services.files``: the data folder, the default database and its backup, as the
front ends get them."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from wordlekit.errors import StorageError, WordleError
from wordlekit.services import files
from wordlekit.services.games import GameRequest, open_store, play_guess, start_game


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("WORDLEKIT_DATA_DIR", str(folder))
    return folder


def test_the_data_folder_and_the_default_database(data: Path) -> None:
    assert files.data_dir() == data
    assert files.default_db_path().parent == data
    assert files.default_db_path().suffix == ".sqlite3"


def test_backup_of_the_default_database(data: Path, tmp_path: Path) -> None:
    with pytest.raises(WordleError, match=r"no database at .*: no game has been stored yet"):
        files.backup_database(tmp_path / "copy.sqlite3")
    store = open_store()  # the default database
    stored, _ = start_game(store, "ann", GameRequest("quordle", seed=1))
    play_guess(store, stored.id, "ann", "crane")
    done = files.backup_database(tmp_path / "copy.sqlite3")
    assert done.path == tmp_path / "copy.sqlite3" and done.size == done.path.stat().st_size
    assert {"games", "turns", "summaries", "summary_wins", "challenges"} <= set(done.rows)
    assert {name: n for name, n in done.rows.items() if n} == {"games": 1, "secrets": 4, "turns": 4}
    copy = sqlite3.connect(done.path)
    assert copy.execute("SELECT variant FROM games").fetchall() == [("quordle",)]
    copy.close()


def test_backup_of_another_database_and_what_it_refuses(tmp_path: Path) -> None:
    with pytest.raises(WordleError, match="no database at"):
        files.backup_database(tmp_path / "copy.sqlite3", tmp_path / "none.sqlite3")
    db = tmp_path / "games.sqlite3"
    start_game(open_store(db), "bo", GameRequest("classic", seed=2))
    dest = tmp_path / "copy.sqlite3"
    assert files.backup_database(dest, db).rows["games"] == 1
    with pytest.raises(StorageError, match="already exists"):
        files.backup_database(dest, db)
    assert files.backup_database(dest, db, overwrite=True).path == dest
