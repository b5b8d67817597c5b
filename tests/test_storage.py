"""The two storage rules: atomic file replacement and SQLite in WAL with full sync; and the
online backup of a database in use."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

from wordlekit.errors import StorageError
from wordlekit.store.database import backup, connect
from wordlekit.store.files import atomic_write


def test_atomic_write_replaces_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "sub" / "file.bin"
    atomic_write(target, b"first")
    atomic_write(target, b"second")
    assert target.read_bytes() == b"second"
    assert [p.name for p in target.parent.iterdir()] == ["file.bin"]


def test_a_failed_write_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "file.bin"
    atomic_write(target, b"old")

    def broken(*args: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr("os.replace", broken)
    with pytest.raises(OSError):
        atomic_write(target, b"new")
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["file.bin"]


def test_connect_uses_wal_and_full_sync(tmp_path: Path) -> None:
    (tmp_path / "deep").mkdir()
    conn = connect(tmp_path / "deep" / "x.sqlite3")
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    conn.execute("CREATE TABLE t (x)")
    conn.execute("INSERT INTO t VALUES (1)")  # autocommit: visible to a second connection
    assert connect(tmp_path / "deep" / "x.sqlite3").execute("SELECT x FROM t").fetchone() == (1,)


# backup -----------------------------------------------------------------------------------------


def make_db(path: Path, rows: int = 50) -> sqlite3.Connection:
    conn = connect(path)
    conn.executescript(
        "CREATE TABLE games (id TEXT PRIMARY KEY, status TEXT NOT NULL);"
        "CREATE INDEX games_status ON games (status);"
        "CREATE TABLE turns (game_id TEXT REFERENCES games (id), n INTEGER, guess TEXT);"
    )
    with_turns = [(f"g{i}", "won" if i % 3 else "lost") for i in range(rows)]
    conn.execute("BEGIN")
    conn.executemany("INSERT INTO games VALUES (?, ?)", with_turns)
    conn.executemany("INSERT INTO turns VALUES (?, 1, 'crane')", [(g,) for g, _ in with_turns])
    conn.execute("COMMIT")
    return conn


def dump(path: Path) -> list[str]:
    """Everything in a database as SQL, read without changing the file's journal mode."""
    conn = sqlite3.connect(path)
    try:
        return list(conn.iterdump())
    finally:
        conn.close()


def test_backup_copies_everything_into_one_file(tmp_path: Path) -> None:
    source = tmp_path / "games.sqlite3"
    make_db(source)
    (tmp_path / "out").mkdir()  # the folder must exist: a typo makes none
    done = backup(source, tmp_path / "out" / "copy.sqlite3")
    copy = tmp_path / "out" / "copy.sqlite3"
    assert done.path == copy
    assert done.size == copy.stat().st_size > 0
    assert done.rows == {"games": 50, "turns": 50}
    assert dump(copy) == dump(source)
    assert any("CREATE INDEX games_status" in line for line in dump(copy))
    # a single self-contained file: rollback journal, nothing else left in the folder
    assert sqlite3.connect(copy).execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    assert [p.name for p in copy.parent.iterdir()] == ["copy.sqlite3"]
    # a backup opened by the usual helper is an ordinary database again
    assert connect(copy).execute("SELECT COUNT(*) FROM games").fetchone()[0] == 50


def test_backup_while_another_connection_holds_an_open_write_transaction(tmp_path: Path) -> None:
    source = tmp_path / "games.sqlite3"
    make_db(source)
    committed = dump(source)
    writer = connect(source)
    writer.execute("BEGIN IMMEDIATE")
    writer.execute("INSERT INTO games VALUES ('half', 'playing')")
    writer.execute("UPDATE games SET status = 'lost'")
    # neither waits for the writer nor copies its uncommitted changes
    done = backup(source, tmp_path / "during.sqlite3")
    assert done.rows["games"] == 50
    assert dump(tmp_path / "during.sqlite3") == committed
    writer.execute("COMMIT")
    after = backup(source, tmp_path / "during.sqlite3", overwrite=True)
    assert after.rows["games"] == 51
    assert dump(tmp_path / "during.sqlite3") == dump(source) != committed


def test_backups_taken_during_commits_are_consistent_snapshots(tmp_path: Path) -> None:
    """Each commit adds a game and its turn: every snapshot has as many of each."""
    source = tmp_path / "games.sqlite3"
    make_db(source, rows=0)
    stop = threading.Event()

    def write() -> None:
        conn = connect(source)
        i = 0
        while not stop.is_set():
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("INSERT INTO games VALUES (?, 'won')", (f"w{i}",))
            conn.execute("INSERT INTO turns VALUES (?, 1, 'crane')", (f"w{i}",))
            conn.execute("COMMIT")
            i += 1
        conn.close()

    thread = threading.Thread(target=write)
    thread.start()
    try:
        counts = [backup(source, tmp_path / f"b{k}.sqlite3").rows for k in range(8)]
    finally:
        stop.set()
        thread.join()
    assert all(c["games"] == c["turns"] for c in counts), counts
    final = backup(source, tmp_path / "final.sqlite3")
    assert final.rows["games"] == final.rows["turns"] >= counts[-1]["games"]


def test_backup_refuses_to_overwrite_unless_asked(tmp_path: Path) -> None:
    source = tmp_path / "games.sqlite3"
    make_db(source)
    dest = tmp_path / "copy.sqlite3"
    dest.write_bytes(b"keep me")
    with pytest.raises(StorageError, match="already exists"):
        backup(source, dest)
    assert dest.read_bytes() == b"keep me"
    backup(source, dest, overwrite=True)
    assert dump(dest) == dump(source)
    assert {p.name for p in tmp_path.iterdir()} - {source.name + x for x in ("-wal", "-shm")} == {
        "copy.sqlite3",
        "games.sqlite3",
    }


def test_a_file_that_appears_during_the_backup_is_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import wordlekit.store.database as storage

    source = tmp_path / "games.sqlite3"
    make_db(source)
    dest = tmp_path / "copy.sqlite3"
    real_copy = storage._copy

    def racing_copy(src: Path, tmp: Path) -> dict[str, int]:
        dest.write_bytes(b"written meanwhile")
        return real_copy(src, tmp)

    monkeypatch.setattr(storage, "_copy", racing_copy)
    with pytest.raises(StorageError, match="exists"):
        backup(source, dest)
    assert dest.read_bytes() == b"written meanwhile"
    assert not list(tmp_path.glob("*.tmp"))


def test_backup_bad_paths_are_storage_errors(tmp_path: Path) -> None:
    source = tmp_path / "games.sqlite3"
    make_db(source)
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"this is not a database, just some text" * 100)
    a_file = tmp_path / "a-file"
    a_file.write_text("x")
    (tmp_path / "folder").mkdir()
    cases = [
        (tmp_path / "missing.sqlite3", tmp_path / "b1.sqlite3", "no such file"),
        (tmp_path / "folder", tmp_path / "b2.sqlite3", "not a file"),
        (junk, tmp_path / "b3.sqlite3", "not a database"),
        (source, tmp_path / "folder", "already exists"),
        (source, a_file / "b4.sqlite3", "cannot back up"),
    ]
    for src, dest, match in cases:
        with pytest.raises(StorageError, match=match):
            backup(src, dest)
    with pytest.raises(StorageError, match="is a folder"):
        backup(source, tmp_path / "folder", overwrite=True)
    with pytest.raises(StorageError, match="the database itself"):
        backup(source, source, overwrite=True)
    assert not (tmp_path / "missing.sqlite3").exists()  # a missing source is never created
    assert not list(tmp_path.rglob("*.tmp"))
    assert not any((tmp_path / f"b{i}.sqlite3").exists() for i in range(1, 4))
    assert connect(source).execute("SELECT COUNT(*) FROM games").fetchone()[0] == 50
