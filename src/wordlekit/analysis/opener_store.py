"""The results of ranking runs in SQLite: one row per (settings, word).

A run's rows are keyed by the hash of its :class:`~wordlekit.analysis.opener_methods.Settings`,
so a stopped or crashed run resumes where it was, no word is computed twice, and a finished
run only reads. Kept apart from the computation, which never touches the disk.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from wordlekit.analysis.opener_methods import Ranked, Settings
from wordlekit.store.database import connect


class RankStore:
    """Results in SQLite, one row per (settings, word): resumable, never duplicated."""

    def __init__(self, path: str | Path) -> None:
        self.conn = connect(path)
        self.conn.execute(
            "CREATE TABLE IF NOT EXISTS openers ("
            " settings TEXT NOT NULL, word TEXT NOT NULL, value REAL, detail TEXT NOT NULL,"
            " seconds REAL NOT NULL, PRIMARY KEY (settings, word))"
        )

    def done(self, settings: Settings) -> dict[str, Ranked]:
        rows = self.conn.execute(
            "SELECT word, value, detail, seconds FROM openers WHERE settings = ?", (settings.key,)
        )
        return {r[0]: Ranked(r[0], r[1], json.loads(r[2]), r[3]) for r in rows}

    def add_many(self, settings: Settings, results: Sequence[Ranked]) -> None:
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            self.conn.executemany(
                "INSERT OR IGNORE INTO openers VALUES (?, ?, ?, ?, ?)",
                [(settings.key, r.word, r.value, json.dumps(r.detail), r.seconds) for r in results],
            )
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        self.conn.execute("COMMIT")

    def count(self, settings: Settings) -> int:
        row = self.conn.execute(
            "SELECT COUNT(*) FROM openers WHERE settings = ?", (settings.key,)
        ).fetchone()
        return int(row[0])

    def close(self) -> None:
        self.conn.close()
