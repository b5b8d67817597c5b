"""SQLite, opened and written the one way every store here uses.

- A database runs in WAL mode with ``synchronous=FULL``: a transaction is on disk when its
  COMMIT returns, and readers never block the writer.
- Every change is one :func:`transaction` (``BEGIN IMMEDIATE``: the write lock from the start,
  so two writers never both read and then both write), rolled back on any error.

:func:`backup` copies a database while it is in use (SQLite's online backup API reads one
consistent snapshot) and writes the copy by the first rule.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sqlite3
import tempfile
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from wordlekit.errors import DatabaseBusy, StorageError
from wordlekit.store.files import folder_for

# One write lock per database file in this process, shared by every store on it.
_WRITE_LOCKS: dict[str, threading.Lock] = {}
_LOCKS_LOCK = threading.Lock()


def write_lock(path: str | Path) -> threading.Lock:
    """The lock this process's writers of the database ``path`` share (see
    :func:`transaction`); ``:memory:`` databases are private to their connection."""
    key = str(path) if str(path) == ":memory:" else os.path.realpath(path)
    with _LOCKS_LOCK:
        return _WRITE_LOCKS.setdefault(key, threading.Lock())


#: How long a writer waits for the database by default, in seconds: another process (a TUI,
#: a backup) may hold its write lock for a moment; past this the write fails with
#: :class:`StorageError` (the web app waits less: its budget).
BUSY_TIMEOUT = 10.0


def connect(path: str | Path, busy_timeout: float = BUSY_TIMEOUT) -> sqlite3.Connection:
    """An autocommit connection (transactions are explicit) in WAL mode, FULL sync, whose
    writes wait at most ``busy_timeout`` seconds for another writer."""
    if str(path) != ":memory:":
        folder_for(path, f"cannot open the database {path}")
    try:
        conn = sqlite3.connect(str(path), timeout=busy_timeout, isolation_level=None)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("PRAGMA foreign_keys=ON")
    except (OSError, sqlite3.Error) as e:
        raise StorageError(f"cannot open the database {path}: {e}") from None
    return conn


@contextlib.contextmanager
def transaction(
    conn: sqlite3.Connection, lock: threading.Lock | None = None, wait: float = BUSY_TIMEOUT
) -> Iterator[sqlite3.Connection]:
    """One write transaction on ``conn``: committed at the end of the block, rolled back if
    it raises. ``lock`` (shared by this process's writers of the same file) makes them queue
    at once instead of in SQLite's busy wait, which sleeps in growing steps of up to 100 ms;
    they queue at most ``wait`` seconds (the busy timeout ``conn`` was opened with).
    """
    if lock is not None and not lock.acquire(timeout=wait):
        raise DatabaseBusy(f"the database is busy: another write took over {wait:g} s")
    try:
        try:
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as e:  # locked by another process past the wait
            raise DatabaseBusy(f"the database is busy ({e}): try again") from None
        try:
            yield conn
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")
    finally:
        if lock is not None:
            lock.release()


@dataclass(frozen=True)
class Backup:
    """A finished backup: where it is, its size in bytes and the rows of each table in it."""

    path: Path
    size: int
    rows: dict[str, int]


def backup(source: str | Path, dest: str | Path, *, overwrite: bool = False) -> Backup:
    """Copy the SQLite database ``source`` to ``dest`` while other connections use it.

    The copy is one consistent snapshot of the committed data (an open write transaction
    elsewhere is neither waited for nor copied), checked, written to a temporary file beside
    ``dest``, flushed to disk and renamed into place: ``dest`` is never half written. The copy
    is a single file (rollback journal mode); :func:`connect` turns WAL back on when it is
    opened. An existing ``dest`` is replaced only with ``overwrite``; the source's data is never
    created or changed. Every failure is a :class:`StorageError` and leaves no temporary file.
    """
    src, dst = Path(source), Path(dest)
    what = f"cannot back up {src} to {dst}"
    if not src.is_file():
        raise StorageError(f"{what}: {'no such file' if not src.exists() else 'not a file'}")
    if dst.exists() or dst.is_symlink():
        if not overwrite:
            raise StorageError(f"{what}: {dst} already exists")
        if dst.is_dir():
            raise StorageError(f"{what}: {dst} is a folder")
        if dst.exists() and os.path.samefile(src, dst):
            raise StorageError(f"{what}: that is the database itself")
    folder_for(dst, what)
    tmp: str | None = None
    try:
        fd, tmp = tempfile.mkstemp(prefix=dst.name + ".", suffix=".tmp", dir=dst.parent)
        os.close(fd)
        rows = _copy(src, Path(tmp))
        with open(tmp, "rb") as f:
            os.fsync(f.fileno())
        size = os.path.getsize(tmp)
        _publish(tmp, dst, overwrite)
        tmp = None
        _fsync_dir(dst.parent)
    except (OSError, sqlite3.Error) as e:
        raise StorageError(f"{what}: {_reason(e)}") from None
    finally:
        if tmp is not None:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)
    return Backup(dst, size, rows)


def _copy(src: Path, tmp: Path) -> dict[str, int]:
    """The backup itself: ``src`` (opened read-write but never written) into the file ``tmp``."""
    # mode=rw never creates the source; read-only connections cannot always open a WAL file
    source = sqlite3.connect(src.absolute().as_uri() + "?mode=rw", uri=True, timeout=30)
    try:
        target = sqlite3.connect(str(tmp), isolation_level=None)
        try:
            source.backup(target)  # all pages in one step: one snapshot, no restart
            target.execute("PRAGMA journal_mode=DELETE")
            if (check := target.execute("PRAGMA quick_check").fetchone()[0]) != "ok":
                raise sqlite3.DatabaseError(f"the copy fails its check: {check}")
            tables = [
                r[0]
                for r in target.execute(
                    "SELECT name FROM sqlite_master WHERE type = 'table' "
                    "AND name NOT LIKE 'sqlite_%' ORDER BY name"
                )
            ]
            count = "SELECT COUNT(*) FROM {}"
            return {t: target.execute(count.format(_quoted(t))).fetchone()[0] for t in tables}
        finally:
            target.close()
    finally:
        source.close()


def _quoted(name: str) -> str:
    """An SQL identifier in double quotes."""
    return '"' + name.replace('"', '""') + '"'


def _publish(tmp: str, dst: Path, overwrite: bool) -> None:
    """Rename ``tmp`` to ``dst``; without ``overwrite`` a file that appeared meanwhile stays."""
    if overwrite:
        os.replace(tmp, dst)
        return
    try:
        os.link(tmp, dst)  # fails if dst exists, atomically
    except FileExistsError:
        raise
    except OSError:  # a file system without hard links
        if dst.exists():
            raise FileExistsError(errno.EEXIST, "already exists", str(dst)) from None
        os.replace(tmp, dst)
        return
    os.unlink(tmp)


def _fsync_dir(folder: Path) -> None:
    """Make a rename in ``folder`` durable (where the platform allows opening folders)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)


def _reason(e: BaseException) -> str:
    if isinstance(e, OSError) and e.strerror:
        return e.strerror if not e.filename else f"{e.filename}: {e.strerror}"
    return str(e)
