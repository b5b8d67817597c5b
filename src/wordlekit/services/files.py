"""Where wordlekit keeps its files, and the backup of the games database, for the front ends.

Front ends never import :mod:`wordlekit.store`; what they need of it is here:

- :func:`data_dir`: the user data folder (``$WORDLEKIT_DATA_DIR`` overrides it) where the
  games database, long-run results and the command line's error log live;
- :func:`default_db_path`: the games and statistics database the web app and the terminal UI
  share by default;
- :func:`backup_database`: a safe copy of that database (or another), even while the web app
  writes to it.
"""

from __future__ import annotations

from pathlib import Path

from wordlekit.errors import WordleError
from wordlekit.store.database import Backup, backup
from wordlekit.store.files import data_dir
from wordlekit.store.games import default_db_path

__all__ = ["Backup", "backup_database", "data_dir", "default_db_path"]


def backup_database(
    dest: str | Path, source: str | Path | None = None, *, overwrite: bool = False
) -> Backup:
    """Copy the games database ``source`` (default: :func:`default_db_path`) to ``dest``.

    The copy is one consistent snapshot (SQLite's online backup), written beside ``dest`` and
    renamed into place, so ``dest`` is never half written; an existing ``dest`` is replaced
    only with ``overwrite``. No database at ``source`` is a
    :class:`~wordlekit.errors.WordleError` (at the default path: no game has been stored
    yet); anything the file system refuses, ``dest`` already there included, is a
    :class:`~wordlekit.errors.StorageError`.
    """
    src = Path(source) if source is not None else default_db_path()
    if not src.exists():
        why = "" if source is not None else ": no game has been stored yet"
        raise WordleError(f"no database at {src}{why}")
    return backup(src, dest, overwrite=overwrite)
