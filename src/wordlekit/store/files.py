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
    import os

    import platformdirs

    override = os.environ.get("WORDLEKIT_DATA_DIR")
    return Path(override) if override else Path(platformdirs.user_data_dir("wordlekit"))
