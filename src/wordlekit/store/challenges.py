"""Challenge links in the games database: a puzzle on words a player chose, sent to friends
by a link that does not give the words away (issue 26).

- ``challenges``: one row a challenge: its id (:func:`~wordlekit.store.ids.random_id`:
  random, never derived from the words, so the link tells nothing of them), its creator,
  the variant by name with its boards and guess limit, the mode, whether every word is one
  of the list's answers, and when it was made;
- ``challenge_words``: each board's word (Absurdle: the target), kept apart from the row the
  public info is read from, as ``secrets`` is for games;
- ``games.challenge``: the challenge a game was played from; a unique partial index on
  ``(challenge, player)`` makes it one game a player and challenge, and bounds the count of a
  challenge's results to one index range.

Challenges are small (a row and a word a board) and are kept: the links sent must keep
working. Their creation is bounded instead: a player holds at most :data:`PER_CREATOR` of them
(and the web app rate-limits creation like new games).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass

from wordlekit.core.game import Variant
from wordlekit.core.rules import Mode
from wordlekit.errors import WordleError
from wordlekit.store import retention
from wordlekit.store.games import GameStore
from wordlekit.store.ids import random_id
from wordlekit.store.schema import stored_variant

__all__ = [
    "PER_CREATOR",
    "ChallengeRow",
    "Results",
    "add",
    "count_by",
    "find",
    "game_of",
    "results",
]

#: The most challenges one player may create (far more than anyone sends; it bounds the
#: table whatever a client does with one id).
PER_CREATOR = 1000


@dataclass(frozen=True)
class ChallengeRow:
    """A challenge as stored, its words included (callers show them to no one)."""

    id: str
    creator: str
    variant: Variant
    mode: Mode
    in_answers: bool
    created_at: str
    words: tuple[str, ...]


@dataclass(frozen=True)
class Results:
    """How a challenge's games stand: counts only, never who played or the word.
    ``distribution[i]`` is the number of games won in ``i + 1`` guesses."""

    played: int
    won: int
    lost: int
    playing: int
    distribution: tuple[int, ...]


def add(
    store: GameStore,
    creator: str,
    variant: Variant,
    mode: Mode,
    words: Sequence[str],
    in_answers: bool,
) -> ChallengeRow:
    """Store a new challenge on ``words`` (checked by the caller); refused past the
    creator's :data:`PER_CREATOR`."""
    cid = random_id(12)
    now = retention.STAMPS()
    with store.transaction() as db:
        if count_by(db, creator) >= PER_CREATOR:
            raise WordleError(f"a player may create at most {PER_CREATOR:,} challenges")
        db.execute(
            "INSERT INTO challenges (id, creator, variant, boards, max_guesses, mode, "
            "in_answers, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (cid, creator, variant.name, variant.boards, variant.max_guesses, mode.value,
             int(in_answers), now),
        )  # fmt: skip
        db.executemany(
            "INSERT INTO challenge_words (challenge_id, board, word) VALUES (?, ?, ?)",
            [(cid, b, w) for b, w in enumerate(words)],
        )
    return ChallengeRow(cid, creator, variant, mode, in_answers, now, tuple(words))


def count_by(db: sqlite3.Connection, creator: str) -> int:
    """How many challenges ``creator`` made (one range of the creator index)."""
    row = db.execute("SELECT COUNT(*) FROM challenges WHERE creator = ?", (creator,))
    return int(row.fetchone()[0])


def find(store: GameStore, cid: str) -> ChallengeRow | None:
    """The challenge ``cid``, or ``None``."""
    db = store.reader()
    row = db.execute("SELECT * FROM challenges WHERE id = ?", (cid,)).fetchone()
    if row is None:
        return None
    words = tuple(
        r[0]
        for r in db.execute(
            "SELECT word FROM challenge_words WHERE challenge_id = ? ORDER BY board", (cid,)
        )
    )
    variant = stored_variant(row["variant"], row["boards"], row["max_guesses"])
    return ChallengeRow(
        row["id"], row["creator"], variant, Mode.parse(row["mode"]), bool(row["in_answers"]),
        row["created_at"], words,
    )  # fmt: skip


def game_of(store: GameStore, cid: str, player: str) -> str | None:
    """The id of ``player``'s game of challenge ``cid``, if started (the unique index)."""
    row = (
        store.reader()
        .execute("SELECT id FROM games WHERE challenge = ? AND player = ?", (cid, player))
        .fetchone()
    )
    return None if row is None else str(row[0])


def results(store: GameStore, cid: str, max_guesses: int | None) -> Results:
    """The counts of challenge ``cid``'s games: one grouped read of its index range. The
    distribution has ``max_guesses`` places (a game without a limit: up to the longest win)."""
    rows = (
        store.reader()
        .execute(
            "SELECT status, guesses, COUNT(*) FROM games WHERE challenge = ? "
            "GROUP BY status, guesses",
            (cid,),
        )
        .fetchall()
    )
    by_status = {"won": 0, "lost": 0, "playing": 0}
    wins: dict[int, int] = {}
    for status, guesses, n in rows:
        by_status[status] += n
        if status == "won":
            wins[guesses] = wins.get(guesses, 0) + n
    size = max_guesses if max_guesses is not None else max(wins, default=0)
    size = max(size, max(wins, default=0))
    distribution = tuple(wins.get(i, 0) for i in range(1, size + 1))
    played = sum(by_status.values())
    return Results(played, by_status["won"], by_status["lost"], by_status["playing"], distribution)
