"""The results of ranking runs in SQLite: one row per (settings, word).

A run's rows are keyed by the hash of its :class:`~wordlekit.analysis.opener_methods.Settings`,
so a stopped or crashed run resumes where it was, no word is computed twice, and a finished
run only reads. Kept apart from the computation, which never touches the disk.

The table has kept its five columns since the first runs (a file stays readable by every
version): a result's ``bound`` and ``nodes`` travel inside its ``detail`` JSON. Rows stored
before they did are read as they were meant: a "worse than B" row proves a value of B or more.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from wordlekit.analysis.opener_methods import Ranked, Settings
from wordlekit.store.database import connect

#: The status of a row stopped by a cut-off, as the first runs wrote it (with no bound).
_WORSE_THAN = re.compile(r"worse than (\d+)$")


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
        return {r[0]: _read(r[0], r[1], r[2], r[3]) for r in rows}

    def add_many(
        self, settings: Settings, results: Sequence[Ranked], *, replace: bool = False
    ) -> None:
        """Store ``results`` under ``settings``; a word already stored keeps its row unless
        ``replace`` (a stronger proof replacing a weaker one)."""
        if not results:
            return
        verb = "INSERT OR REPLACE" if replace else "INSERT OR IGNORE"
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            self.conn.executemany(
                f"{verb} INTO openers VALUES (?, ?, ?, ?, ?)",
                [(settings.key, r.word, r.value, _detail(r), r.seconds) for r in results],
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


def _detail(r: Ranked) -> str:
    extra: dict[str, Any] = {}
    if r.bound is not None:
        extra["bound"] = r.bound
    if r.nodes is not None:
        extra["nodes"] = r.nodes
    return json.dumps({**r.detail, **extra})


def _read(word: str, value: float | None, text: str, seconds: float) -> Ranked:
    detail = json.loads(text)
    bound = detail.pop("bound", None)
    nodes = detail.pop("nodes", None)
    if bound is None and value is None:
        m = _WORSE_THAN.match(str(detail.get("status", "")))
        bound = float(m[1]) if m else None
    return Ranked(word, value, detail, seconds, bound=bound, nodes=nodes)
