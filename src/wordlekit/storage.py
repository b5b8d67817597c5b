"""Writing files and opening SQLite safely: the two rules every store here follows.

- A file is written to a temporary name in the same folder, flushed to disk and renamed over
  the old one, so a reader (or a crash) never sees half a file.
- An SQLite database runs in WAL mode with ``synchronous=FULL``: a transaction is on disk when
  its COMMIT returns, and readers never block the writer.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import tempfile
from pathlib import Path

from wordlekit.errors import StorageError


def atomic_write(path: str | Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically (temporary file, fsync, rename)."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=p.name + ".", suffix=".tmp", dir=p.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, p)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


def connect(path: str | Path) -> sqlite3.Connection:
    """An autocommit connection (transactions are explicit) in WAL mode, FULL sync."""
    try:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(str(path), timeout=30, isolation_level=None)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("PRAGMA foreign_keys=ON")
    except (OSError, sqlite3.Error) as e:
        raise StorageError(f"cannot open the database {path}: {e}") from None
    return conn
