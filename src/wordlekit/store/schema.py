"""The games database's schema (version 4, ``PRAGMA user_version``) and the migrations of
databases of versions 1, 2 and 3 (:mod:`wordlekit.store.games` says what each table holds).

Version 4 added challenge links (:mod:`wordlekit.store.challenges`): ``challenges`` (an
opaque random id, its creator, the variant and mode), ``challenge_words`` (each board's word,
kept apart like ``secrets``) and ``games.challenge``, the challenge a game was played from
(one game a player and challenge: a unique partial index, which also serves the counts of a
challenge's results). :func:`migrate_v3` adds the column; the tables are new.

Version 3 added ``games.touched_at`` (the time of the last change: what the retention rule of
:mod:`wordlekit.store.retention` reads, with two partial indexes on the open games) and the
summaries of :mod:`wordlekit.store.summary`. :func:`migrate_v2` adds the column;
:func:`fill_v3` then sets it (the last known time of each game: its end, else its start) and
fills the summaries from the games.

Version 1 kept one-board games in ``games`` with the mode as a number in ``hard`` (0 normal,
1 hard, 2 ultrahard) and their turns in ``turns``, and several-board games in ``board_games``
with their answers and guesses comma-joined. :func:`migrate_v1` moves every game, turn, hint
and date into version 2 inside the caller's transaction (``tests/test_gamestore.py`` checks it
on a database made by that version).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator, Sequence

from wordlekit.core.feedback import score
from wordlekit.core.game import Variant
from wordlekit.core.variants import variant_for
from wordlekit.store.summary import SUMMARY_SCHEMA, fill
from wordlekit.store.transfers_schema import TRANSFERS_SCHEMA

__all__ = [
    "SCHEMA",
    "SCHEMA_VERSION",
    "create",
    "fill_v3",
    "is_v1",
    "migrate_v1",
    "migrate_v2",
    "migrate_v3",
    "stored_variant",
]

SCHEMA_VERSION = 4

SCHEMA = (
    """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    player TEXT NOT NULL,
    variant TEXT NOT NULL,
    boards INTEGER NOT NULL,
    max_guesses INTEGER,
    mode TEXT NOT NULL CHECK (mode IN ('normal', 'hard', 'ultrahard')),
    kind TEXT NOT NULL CHECK (kind IN ('daily', 'practice', 'challenge')),
    day TEXT,
    seed INTEGER,
    label TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('playing', 'won', 'lost')),
    guesses INTEGER NOT NULL DEFAULT 0,
    hints INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    finished_at TEXT,
    touched_at TEXT,
    challenge TEXT
);
CREATE INDEX IF NOT EXISTS games_player ON games (player, variant, kind, finished_at);
CREATE UNIQUE INDEX IF NOT EXISTS games_daily
    ON games (player, variant, day, mode) WHERE kind = 'daily';
CREATE INDEX IF NOT EXISTS games_open_by_player ON games (player, touched_at)
    WHERE status = 'playing' AND kind != 'daily';
CREATE INDEX IF NOT EXISTS games_open_by_age ON games (touched_at)
    WHERE status = 'playing' AND (kind != 'daily' OR (guesses = 0 AND hints = 0));
CREATE UNIQUE INDEX IF NOT EXISTS games_challenge ON games (challenge, player)
    WHERE challenge IS NOT NULL;
CREATE TABLE IF NOT EXISTS challenges (
    id TEXT PRIMARY KEY,
    creator TEXT NOT NULL,
    variant TEXT NOT NULL,
    boards INTEGER NOT NULL,
    max_guesses INTEGER,
    mode TEXT NOT NULL CHECK (mode IN ('normal', 'hard', 'ultrahard')),
    in_answers INTEGER NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS challenges_creator ON challenges (creator, created_at);
CREATE TABLE IF NOT EXISTS challenge_words (
    challenge_id TEXT NOT NULL REFERENCES challenges (id) ON DELETE CASCADE,
    board INTEGER NOT NULL,
    word TEXT NOT NULL,
    PRIMARY KEY (challenge_id, board)
);
CREATE TABLE IF NOT EXISTS secrets (
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    board INTEGER NOT NULL,
    word TEXT NOT NULL,
    PRIMARY KEY (game_id, board)
);
CREATE TABLE IF NOT EXISTS turns (
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    board INTEGER NOT NULL,
    n INTEGER NOT NULL,
    guess TEXT NOT NULL,
    pattern INTEGER NOT NULL,
    PRIMARY KEY (game_id, board, n)
);
"""
    + SUMMARY_SCHEMA
    + TRANSFERS_SCHEMA
)


def stored_variant(name: str, boards: int, max_guesses: int | None) -> Variant:
    """The variant of a stored row (a custom one by its figures)."""
    try:
        v = variant_for(name)
    except ValueError:
        v = variant_for(boards=boards, max_guesses=max_guesses)
    if (v.boards, v.max_guesses) != (boards, max_guesses):
        v = variant_for(boards=boards, max_guesses=max_guesses)
    return v


def create(db: sqlite3.Connection) -> None:
    """The tables and indexes, where missing, inside the caller's transaction (not with
    ``executescript``, which commits first)."""
    for statement in SCHEMA.split(";"):
        if statement.strip():
            db.execute(statement)


def is_v1(db: sqlite3.Connection) -> bool:
    columns = {r[1] for r in db.execute("PRAGMA table_info(games)")}
    return "hard" in columns and "variant" not in columns


def migrate_v2(db: sqlite3.Connection) -> None:
    """Version 2 to 3, before :func:`create` (whose indexes read the new column)."""
    columns = {r[1] for r in db.execute("PRAGMA table_info(games)")}
    if "touched_at" not in columns:
        db.execute("ALTER TABLE games ADD COLUMN touched_at TEXT")


def migrate_v3(db: sqlite3.Connection) -> None:
    """Version 3 to 4, before :func:`create` (whose index reads the new column); the
    challenge tables are new, made by :func:`create`."""
    columns = {r[1] for r in db.execute("PRAGMA table_info(games)")}
    if "challenge" not in columns:
        db.execute("ALTER TABLE games ADD COLUMN challenge TEXT")


def fill_v3(db: sqlite3.Connection) -> None:
    """What version 3 adds, from the rows of an earlier version (after :func:`create`)."""
    db.execute(
        "UPDATE games SET touched_at = COALESCE(finished_at, created_at) WHERE touched_at IS NULL"
    )
    fill(db)


_V1_MODES = "CASE hard WHEN 0 THEN 'normal' WHEN 1 THEN 'hard' ELSE 'ultrahard' END"


def migrate_v1(db: sqlite3.Connection, tables: set[str]) -> None:
    """Version 1 to 2, inside the caller's transaction (every row kept; see the module
    docstring)."""
    for index in ("games_player", "games_daily", "board_games_player", "board_games_daily"):
        db.execute(f"DROP INDEX IF EXISTS {index}")
    db.execute("ALTER TABLE games RENAME TO games_v1")
    db.execute("ALTER TABLE turns RENAME TO turns_v1")
    create(db)
    db.execute(
        "INSERT INTO games (id, player, variant, boards, max_guesses, mode, kind, day, seed, "
        "label, status, guesses, hints, created_at, finished_at) "
        "SELECT id, player, CASE max_guesses WHEN 6 THEN 'classic' "
        "ELSE 'classic-' || max_guesses END, 1, max_guesses, "
        f"{_V1_MODES}, mode, day, seed, label, status, "
        "(SELECT COUNT(*) FROM turns_v1 t WHERE t.game_id = g.id), hints, created_at, "
        "finished_at FROM games_v1 g"
    )
    db.execute("INSERT INTO secrets (game_id, board, word) SELECT id, 0, answer FROM games_v1")
    db.execute(
        "INSERT INTO turns (game_id, board, n, guess, pattern) "
        "SELECT game_id, 0, n, guess, pattern FROM turns_v1"
    )
    if "board_games" in tables:
        for row in db.execute("SELECT * FROM board_games").fetchall():
            _migrate_board_game(db, row)
        db.execute("DROP TABLE board_games")
    db.execute("DROP TABLE turns_v1")
    db.execute("DROP TABLE games_v1")


def _migrate_board_game(db: sqlite3.Connection, row: sqlite3.Row) -> None:
    answers = row["answers"].split(",")
    guesses = [g for g in row["guesses"].split(",") if g]
    variant = stored_variant(row["variant"], row["boards"], row["max_guesses"])
    db.execute(
        "INSERT INTO games (id, player, variant, boards, max_guesses, mode, kind, day, seed, "
        "label, status, guesses, hints, created_at, finished_at) "
        "VALUES (?, ?, ?, ?, ?, 'normal', ?, ?, ?, ?, ?, ?, 0, ?, ?)",
        (row["id"], row["player"], variant.name, row["boards"], row["max_guesses"], row["mode"],
         row["day"], row["seed"], row["label"], row["status"], len(guesses), row["created_at"],
         row["finished_at"]),
    )  # fmt: skip
    db.executemany(
        "INSERT INTO secrets (game_id, board, word) VALUES (?, ?, ?)",
        [(row["id"], b, w) for b, w in enumerate(answers)],
    )
    db.executemany(
        "INSERT INTO turns (game_id, board, n, guess, pattern) VALUES (?, ?, ?, ?, ?)",
        list(_board_turns(row["id"], answers, guesses)),
    )


def _board_turns(
    gid: str, answers: Sequence[str], guesses: Sequence[str]
) -> Iterator[tuple[str, int, int, str, int]]:
    for b, answer in enumerate(answers):
        for n, g in enumerate(guesses, start=1):
            yield gid, b, n, g, score(g, answer)
            if g == answer:
                break
