"""Absurdle's solver for the front ends: the fewest guesses that win from a position, a
winning line, and the first guesses that win in that minimum. Games of Absurdle are played
through :mod:`wordlekit.services.games`, as every variant is.

:func:`solve` is the work pool's operation ``absurdle_solve`` (see
:data:`wordlekit.services.operations.OPERATIONS`): it honours the active work budget; the
proof of the minimum stops and says how far it got (the depths refuted so far stay proved),
the listing of winning first guesses returns what it found, marked incomplete.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from wordlekit.core.absurdle import ABSURDLE, AbsurdleGame
from wordlekit.core.rules import Mode
from wordlekit.core.words import WordList
from wordlekit.errors import WordleError
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.services.views import GameView, game_view
from wordlekit.solve.absurdle import DEFAULT_MAX_DEPTH, FirstGuesses, Line, Proof, Search

__all__ = ["MAX_GUESSES", "AbsurdleSolve", "FirstGuesses", "Line", "Proof", "position", "solve"]

#: The most guesses a position may hold (a game is won in 4; 30 is generous): the work of
#: replaying it is bounded.
MAX_GUESSES = 30


@dataclass(frozen=True)
class AbsurdleSolve:
    """The position (as its player sees it), the proof of its minimum, and (when asked for)
    the first guesses that win in that minimum."""

    game: GameView
    proof: Proof
    first_guesses: FirstGuesses | None = None


def position(
    words: Sequence[str],
    wordlist: WordList | None = None,
    *,
    mode: Mode | str = Mode.NORMAL,
    target: str | None = None,
) -> AbsurdleGame:
    """The game of Absurdle after ``words`` (a challenge with ``target``); at most
    :data:`MAX_GUESSES`."""
    if len(words) > MAX_GUESSES:
        raise WordleError(f"at most {MAX_GUESSES} guesses in a game of Absurdle")
    start = ABSURDLE.challenge([target] if target else [], wordlist=wordlist, mode=mode)
    # The tools' wording for a word the lists do not know (the game's own is the NYT's).
    for w in words:
        start.wordlist.check_guess(w)
    game = start.replay(words)
    assert isinstance(game, AbsurdleGame)
    return game


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
) -> AbsurdleSolve:
    """The fewest guesses that win after ``words`` with a winning line; with ``limit`` (or
    ``every``) the first guesses that win in that minimum too, alphabetically.

    ``matrix`` chooses the lists (its word list; the original lists by default), as every
    pool operation receives it. The search knows normal and hard mode; a game in ultrahard
    mode is searched in hard mode, whose minimum is then a lower bound (hard mode allows more
    guesses).
    """
    if limit is not None and limit < 1:
        raise WordleError("--limit must be at least 1")
    if not 1 <= max_depth <= 8:
        raise WordleError("the depth searched must be 1 to 8 guesses")
    wl = matrix.wordlist if matrix is not None else WordList.bundled()
    game = position(words, wl, mode=mode, target=target)
    search = Search(game)
    # Past the budget, a proof says how far it got (never a failure). A cancelled request
    # still raises.
    proof = search.minimum(max_depth, progress=depth_progress, partial=True)
    first = None
    if (limit is not None or every) and proof.minimum is not None:
        first = search.first_guesses(
            proof.minimum, limit=None if every else limit, threads=threads, progress=progress,
            partial=True,
        )  # fmt: skip
    return AbsurdleSolve(
        game_view(game, kind="challenge" if game.target else "practice"), proof, first
    )
