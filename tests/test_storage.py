"""The two storage rules: atomic file replacement and SQLite in WAL with full sync."""

from __future__ import annotations

from pathlib import Path

import pytest

from wordlekit.storage import atomic_write, connect


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
    conn = connect(tmp_path / "deep" / "x.sqlite3")
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    conn.execute("CREATE TABLE t (x)")
    conn.execute("INSERT INTO t VALUES (1)")  # autocommit: visible to a second connection
    assert connect(tmp_path / "deep" / "x.sqlite3").execute("SELECT x FROM t").fetchone() == (1,)
