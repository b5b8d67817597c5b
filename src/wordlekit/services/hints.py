"""The hint of a game of any variant: the word advised next, and why.

What is asked depends on the game's rules, never on its name: against an adversary (Absurdle)
the first guess of a proven shortest win from here; on several boards the best guess for all
of them together; on one board the helper's hint (a word that could be the answer preferred
when nearly as good). The front ends send :func:`hint_request`'s plain values (the web app to
its work pool, as the operation ``game_hint``) and show the :class:`GameHint` that comes back;
the caller counts the hint (:func:`wordlekit.services.games.record_hint`) when a word was
advised.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from wordlekit.core.absurdle import ABSURDLE
from wordlekit.core.feedback import Turn
from wordlekit.core.game import Game
from wordlekit.core.rules import Host, Mode
from wordlekit.errors import HardModeError
from wordlekit.fast.matrix import PatternMatrix
from wordlekit.services.advice import Hint
from wordlekit.services.advice import hint as one_board_hint
from wordlekit.services.boards import BoardsAssist, game_patterns
from wordlekit.services.boards import assist as boards_assist
from wordlekit.services.operations import operation

__all__ = ["BOARDS_TOP", "GameHint", "game_hint", "hint_request", "on_boards"]

#: How many guesses for all the boards a hint of several boards lists.
BOARDS_TOP = 5


@dataclass(frozen=True)
class GameHint:
    """The word advised next (``None`` when there is none to give: no hint is counted then),
    one line saying what it is (``reason``, e.g. "could be the answer on boards 2, 3"), a
    ``note`` (why there is no word, or how the answer was reached), and the result it comes
    from: ``hint`` (one board), ``boards`` (several) or ``absurdle`` (an adversary)."""

    word: str | None
    reason: str
    note: str | None = None
    hint: Hint | None = None
    boards: BoardsAssist | None = None
    absurdle: Any = None  # services.absurdle.AbsurdleSolve (imported when first used)


def hint_request(game: Game) -> dict[str, Any]:
    """What :func:`game_hint` needs of ``game``, as plain values (a worker process rebuilds
    the position from them)."""
    return {
        "host": game.host.value,
        "boards": len(game.boards),
        "max_guesses": game.max_guesses,
        "mode": game.mode.value,
        "guesses": list(game.guesses),
        "patterns": game_patterns(game),
        "target": game.target_word(),
    }


def on_boards(numbers: Sequence[int]) -> str:
    """ "on board 2" or "on boards 2, 3" (numbers from 1)."""
    listed = ", ".join(str(b) for b in numbers)
    return f"on board {listed}" if len(numbers) == 1 else f"on boards {listed}"


def game_hint(
    matrix: PatternMatrix,
    *,
    host: str = Host.FIXED.value,
    boards: int = 1,
    max_guesses: int | None = 6,
    mode: Mode | str = Mode.NORMAL,
    guesses: Sequence[str] = (),
    patterns: Sequence[Sequence[int | None]] = ((),),
    target: str | None = None,
    strategy: str | None = None,
) -> GameHint:
    """The hint of the position ``guesses`` (with each board's ``patterns``) reached under
    these rules (see the module docstring); ``strategy`` is the one-board or several-board
    strategy to ask (the registry's default when ``None``; Absurdle's search has none)."""
    m = Mode.parse(mode)
    if Host(host) is Host.ADVERSARY:
        return _against_the_host(matrix, guesses, m, target)
    if boards > 1:
        return _several(matrix, guesses, patterns, boards, max_guesses, m, strategy)
    turns = [Turn(g, p) for g, p in zip(guesses, patterns[0], strict=True) if p is not None]
    one = one_board_hint(matrix, turns, mode=m, strategy=strategy or "entropy")
    note = one.advice.note
    return GameHint(one.suggestion.word, one.verdict, note, hint=one)


def _several(
    matrix: PatternMatrix,
    guesses: Sequence[str],
    patterns: Sequence[Sequence[int | None]],
    n: int,
    max_guesses: int | None,
    mode: Mode,
    strategy: str | None,
) -> GameHint:
    result = boards_assist(
        matrix, guesses, patterns, boards=n, max_guesses=max_guesses, strategy=strategy,
        top=BOARDS_TOP, mode=mode,
    )  # fmt: skip
    if not result.suggestions:
        return GameHint(None, "no guess to advise", result.note, boards=result)
    best = result.suggestions[0]
    if best.answer_on:
        why = f"could be the answer {on_boards(best.answer_on)}"
    else:
        why = "cannot be the answer on any board, but narrows them down together"
    return GameHint(best.word, why, result.note, boards=result)


def _against_the_host(
    matrix: PatternMatrix, guesses: Sequence[str], mode: Mode, target: str | None
) -> GameHint:
    solved = operation("absurdle_solve")(matrix, list(guesses), mode=mode, target=target)
    proof = solved.proof
    if proof.stopped:
        return GameHint(None, "no proof within the budget", proof.stopped, absurdle=solved)
    if proof.minimum is None or proof.line is None:
        return GameHint(None, f"no win within {proof.max_depth} guesses", None, absurdle=solved)
    n, word = proof.minimum, proof.line.guesses[0]
    why = f"wins in {n} guess{'es' if n != 1 else ''}"
    if proof.refuted:  # the depths below the minimum, each proved to have no win
        fewer = max(d for d, _ in proof.refuted)
        why += f", the fewest from here (no win in {fewer} guess{'es' if fewer != 1 else ''})"
    # The search knows hard mode; in ultrahard mode its first guess may be refused.
    start = ABSURDLE.challenge([target] if target else [], wordlist=matrix.wordlist, mode=mode)
    position = start.replay(guesses)
    try:
        position.check(word)
    except HardModeError as e:
        refused = (
            f"a shortest win from here takes at least {n} guesses under hard mode's rule, but its "
            f"first guess {word.upper()} is not allowed here: {e}"
        )
        return GameHint(None, "no word the mode allows", refused, absurdle=solved)
    bound = "searched under hard mode's rule: a lower bound" if mode is Mode.ULTRAHARD else None
    return GameHint(word, why, bound, absurdle=solved)
