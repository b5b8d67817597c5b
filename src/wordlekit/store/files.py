"""Files written safely, and where they live.

- A file is written to a temporary name in the same folder, flushed to disk and renamed over
  the old one, so a reader (or a crash) never sees half a file.
- Caches (the pattern matrix, first-turn figures, proven trees) live in the user cache folder
  (``$WORDLEKIT_CACHE_DIR`` overrides it); games and long-run results in the user data folder
  (``$WORDLEKIT_DATA_DIR``).
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

import platformdirs

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


def cache_dir() -> Path:
    """Where on-disk caches live: ``$WORDLEKIT_CACHE_DIR`` or the user cache directory."""
    override = os.environ.get("WORDLEKIT_CACHE_DIR")
    return Path(override) if override else Path(platformdirs.user_cache_dir("wordlekit"))


def data_dir() -> Path:
    """``$WORDLEKIT_DATA_DIR`` or the user data folder (shared by the web app and the TUI)."""
    override = os.environ.get("WORDLEKIT_DATA_DIR")
    return Path(override) if override else Path(platformdirs.user_data_dir("wordlekit"))


def folder_for(path: str | Path, what: str) -> None:
    """Make sure the folder of ``path`` exists before a file is created there: wordlekit's
    own folders (data and cache) are created when missing; any other folder must exist
    already, so that a typo in a path is an error rather than new folders. ``what`` starts
    the message of the :class:`~wordlekit.errors.StorageError`."""
    parent = Path(path).absolute().parent
    if parent.is_dir():
        return
    if parent.exists():
        raise StorageError(f"{what}: {parent} is a file, not a folder")
    own = (data_dir().absolute(), cache_dir().absolute())
    if not any(parent == d or d in parent.parents for d in own):
        raise StorageError(f"{what}: the folder {parent} does not exist")
    try:
        parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise StorageError(f"{what}: cannot create the folder {parent}: {e.strerror}") from None
