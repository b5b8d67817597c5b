"""Absurdle for the front ends: a game from its guesses, a guess, and the solver.

The host is deterministic, so a game is fully described by its rules and its guesses: the
web app keeps no state, the page sends the guesses so far (at most :data:`MAX_GUESSES`, so the
work per request is bounded: each guess is one vectorised grouping of at most 2,315 words)
and the service replays them. Every result is a JSON-ready dict.

:func:`solve` is the pool's operation (``absurdle_solve`` in
:data:`wordlekit.services.operations.OPERATIONS`): it honours the active work budget; the
proof of the minimum stops with :class:`~wordlekit.errors.BudgetExceeded`, the listing of
winning first guesses returns what it found, marked incomplete.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from wordlekit.core.absurdle import ABSURDLE, AbsurdleGame
from wordlekit.core.feedback import Turn, format_pattern
from wordlekit.core.rules import Mode
from wordlekit.core.words import WordList
from wordlekit.errors import WordleError
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.solve.absurdle import DEFAULT_MAX_DEPTH, FirstGuesses, Line, Proof, Search

#: The most guesses a replayed game may hold (a game is won in 4; 30 is generous).
MAX_GUESSES = 30
#: How many of the host's words a game's dict lists (the count is always there).
SHOW_WORDS = 30

__all__ = [
    "MAX_GUESSES",
    "game_dict",
    "guess",
    "new_game",
    "proof_dict",
    "replay",
    "solve",
]


def new_game(
    wordlist: WordList | None = None, *, hard: bool = False, target: str | None = None
) -> AbsurdleGame:
    """A new game on the list's answers (a challenge with ``target``)."""
    mode = "hard" if hard else "normal"
    game = ABSURDLE.challenge([target] if target else [], wordlist=wordlist, mode=mode)
    assert isinstance(game, AbsurdleGame)
    return game


def replay(
    words: Sequence[str],
    wordlist: WordList | None = None,
    *,
    hard: bool = False,
    target: str | None = None,
) -> AbsurdleGame:
    """The game after ``words`` (bounded: at most :data:`MAX_GUESSES`)."""
    if len(words) > MAX_GUESSES:
        raise WordleError(f"at most {MAX_GUESSES} guesses in a game of Absurdle")
    return new_game(wordlist, hard=hard, target=target).replay(words)


def guess(game: AbsurdleGame, word: str) -> AbsurdleGame:
    """``game`` after one more guess (invalid words and hard-mode breaks raise)."""
    if len(game.turns) >= MAX_GUESSES:
        raise WordleError(f"at most {MAX_GUESSES} guesses in a game of Absurdle")
    return game.guess(word)


def _turn(turn: Turn, length: int) -> dict[str, Any]:
    return {
        "guess": turn.guess,
        "pattern": turn.pattern,
        "letters": format_pattern(turn.pattern, length, "letters"),
        "emoji": format_pattern(turn.pattern, length),
    }


def game_dict(game: AbsurdleGame) -> dict[str, Any]:
    """Everything a front end shows of a game."""
    n = len(game.remaining)
    return {
        "turns": [_turn(t, game.length) for t in game.turns],
        "remaining": n,
        "words": list(game.remaining[:SHOW_WORDS]),
        "status": game.status.value,
        "outcome": None if game.outcome() is None else game.outcome().message,  # type: ignore[union-attr]
        "share": game.share() if game.over else None,
        "hard": game.mode.hard,
        "target": game.target,
        "length": game.length,
    }


def line_dict(line: Line, length: int) -> list[dict[str, Any]]:
    return [_turn(t, length) for t in line.turns]


def proof_dict(proof: Proof, length: int) -> dict[str, Any]:
    return {
        "start": list(proof.start),
        "remaining": proof.remaining,
        "hard": proof.mode.hard,
        "target": proof.target,
        "minimum": proof.minimum,
        "max_depth": proof.max_depth,
        "line": None if proof.line is None else line_dict(proof.line, length),
        "impossible": [{"guesses": d, "seconds": round(s, 4)} for d, s in proof.refuted],
        "found_seconds": None if proof.found is None else round(proof.found, 4),
        "seconds": round(proof.seconds, 4),
        "stopped": proof.stopped,
    }


def first_dict(first: FirstGuesses, length: int) -> dict[str, Any]:
    return {
        "guesses": first.depth,
        "count": len(first.wins),
        "complete": first.complete,
        "stopped": first.stopped,
        "examined": first.examined,
        "total": first.total,
        "seconds": round(first.seconds, 3),
        "threads": first.threads,
        "wins": [{"first": w.guesses[0], "line": [t.guess for t in w.turns]} for w in first.wins],
    }


def solve(
    matrix: PatternMatrix | None = None,
    words: Sequence[str] = (),
    *,
    mode: Mode | str = Mode.NORMAL,
    target: str | None = None,
    limit: int | None = None,
    every: bool = False,
    threads: int = 1,
    max_depth: int = DEFAULT_MAX_DEPTH,
    depth_progress: Callable[[int], None] | None = None,
    progress: Callable[[int, int, int], None] | None = None,
) -> dict[str, Any]:
    """The fewest guesses that win after ``words`` with a winning line; with ``limit`` (or
    ``every``) the first guesses that win in that minimum too, alphabetically.

    ``matrix`` chooses the lists (its word list; the original lists by default), as every
    pool operation receives it. ``mode`` is normal or hard (Absurdle has no ultrahard mode);
    its name is accepted, as a request sends it.
    """
    if limit is not None and limit < 1:
        raise WordleError("--limit must be at least 1")
    if not 1 <= max_depth <= 8:
        raise WordleError("the depth searched must be 1 to 8 guesses")
    mode = Mode.parse(mode)
    if mode is Mode.ULTRAHARD:
        raise WordleError("Absurdle has no ultrahard mode: play it in normal or hard mode")
    wl = matrix.wordlist if matrix is not None else WordList.bundled()
    game = replay(words, wl, hard=mode.hard, target=target)
    search = Search(game)
    # Past the budget, a proof says how far it got (never a failure): the depths refuted so
    # far stay proved. A cancelled request still raises.
    proof = search.minimum(max_depth, progress=depth_progress, partial=True)
    data: dict[str, Any] = {
        "game": game_dict(game),
        "proof": proof_dict(proof, wl.length),
    }
    if (limit is not None or every) and proof.minimum is not None:
        n = proof.minimum
        first = search.first_guesses(
            n, limit=None if every else limit, threads=threads, progress=progress,
            partial=True,
        )  # fmt: skip
        data["first_guesses"] = first_dict(first, wl.length)
    return data
